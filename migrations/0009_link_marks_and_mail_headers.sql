-- Issue 20, the spec's remaining pages. A link's single use records a random mark of the request
-- that used it, so that request's own later statements in the same batch (and no parallel one that
-- happened to share its millisecond) act on it: address verification by link, mail reception saves.
ALTER TABLE `link_tokens` ADD `used_by` text;--> statement-breakpoint
-- The development mailbox keeps a mail's extra headers (List-Unsubscribe and
-- List-Unsubscribe-Post of information mail, RFC 8058) as JSON, for the tests and the dev mailbox.
ALTER TABLE `dev_mailbox` ADD `headers` text DEFAULT '{}' NOT NULL;

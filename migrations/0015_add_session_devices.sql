-- Issue 22 (sessions): what the settings list shows of each signed-in session, and the devices an
-- account has signed in from, so a sign-in from a device not seen before can be announced.
--
-- public_id: the id the list and the sign-out forms use (the token hash never leaves the server).
-- Rows written before this migration get one here; new rows get theirs in the sign-in batch.
ALTER TABLE `sessions` ADD `public_id` text;--> statement-breakpoint
UPDATE `sessions` SET `public_id` = lower(hex(randomblob(16))) WHERE `public_id` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_public_id_unique` ON `sessions` (`public_id`);--> statement-breakpoint
-- The browser's User-Agent at sign-in (cut to 512 characters), parsed when the list is shown.
ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
-- Approximate place from the platform (Cloudflare's request.cf); NULL where it gives none (locally).
ALTER TABLE `sessions` ADD `country` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `city` text;--> statement-breakpoint
-- Written at sign-in, then at most every few minutes by the session middleware (not per request).
ALTER TABLE `sessions` ADD `last_seen_at` integer;--> statement-breakpoint
-- SHA-256 of (account id, device cookie id): which known device this session came from.
ALTER TABLE `sessions` ADD `device_hash` text;--> statement-breakpoint
-- One row per (account, device). A device is the long-lived random `device` cookie, stored hashed
-- together with the account id, so the same browser cannot be linked across accounts from here.
-- first_session_hash marks the sign-in that added the row: the statements of that sign-in's batch
-- that announce a new device check it, so exactly one sign-in announces each device.
CREATE TABLE `known_devices` (
	`account_id` text NOT NULL,
	`device_hash` text NOT NULL,
	`first_session_hash` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `device_hash`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);

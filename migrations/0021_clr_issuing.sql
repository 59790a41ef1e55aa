-- Issue 38, item 3: every academic document issued here is also a signed CLR 2.0 ClrCredential.
-- Its status entry is a slot in its issuer's OB 3.0 status lists (ob3_status_lists), taken from the
-- same counter as awards' slots, in the document's own batch; its bit is set when the document is
-- revoked or deleted (a reissue deletes the old one), read from acad_docs so it cannot disagree.
-- Hand-written; the drizzle schema is src/server/db/schema/ob3issue.ts.
CREATE TABLE `clr_status_entries` (
  `doc_id` text PRIMARY KEY NOT NULL REFERENCES `acad_docs`(`id`) ON DELETE CASCADE,
  `issuer_id` text NOT NULL,
  `list_no` integer NOT NULL,
  `status_index` integer NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `clr_status_entries_slot_uq` ON `clr_status_entries` (`issuer_id`, `list_no`, `status_index`);--> statement-breakpoint
-- The signed ClrCredential of a document, made on first use and kept: signed once, so every
-- download hands out the same bytes.
CREATE TABLE `clr_credentials` (
  `doc_id` text PRIMARY KEY NOT NULL REFERENCES `acad_docs`(`id`) ON DELETE CASCADE,
  `key_id` text NOT NULL,
  `credential_json` text NOT NULL,
  `created_at` integer NOT NULL
);

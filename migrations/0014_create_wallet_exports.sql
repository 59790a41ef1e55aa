-- Issue 22 (Deliver 4): whole-wallet exports. Hand-written; the drizzle schema is
-- src/server/db/schema/exports.ts. One row per export; the ZIP is built by queue steps that each
-- append a slice of the wallet to an R2 multipart upload, so `state_json` holds only the small
-- resumable state (upload id, parts, byte offset, cursor), never file contents.

CREATE TABLE `wallet_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL REFERENCES `accounts`(`id`) ON DELETE CASCADE,
	-- building -> ready (the ZIP is complete in R2) or failed (given up; the person may start again).
	`status` text NOT NULL DEFAULT 'building',
	-- The step the next queue job performs: a retried job whose step already committed does nothing.
	`step` integer NOT NULL DEFAULT 0,
	`progress` integer NOT NULL DEFAULT 0,
	`state_json` text NOT NULL,
	`r2_key` text,
	`size` integer,
	`created_at` integer NOT NULL,
	`ready_at` integer,
	-- The download link works until this instant (seven days after the ZIP is complete).
	`expires_at` integer
);
--> statement-breakpoint
-- At most one export being built per account: 50 parallel clicks insert one row (the rest conflict).
CREATE UNIQUE INDEX `wallet_exports_one_building` ON `wallet_exports` (`account_id`) WHERE `status` = 'building';
--> statement-breakpoint
CREATE INDEX `wallet_exports_account_created_idx` ON `wallet_exports` (`account_id`, `created_at`);

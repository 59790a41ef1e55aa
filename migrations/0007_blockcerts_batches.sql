CREATE TABLE `bc_batch_txs` (
	`tx_hash` text PRIMARY KEY NOT NULL,
	`batch_id` text NOT NULL,
	`nonce` integer NOT NULL,
	`raw_tx` text NOT NULL,
	`max_fee_per_gas` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `bc_batches`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bc_batch_txs_batch_idx` ON `bc_batch_txs` (`batch_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `bc_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`network` text NOT NULL,
	`chain_id` integer NOT NULL,
	`leaf_count` integer DEFAULT 0 NOT NULL,
	`merkle_root` text,
	`from_address` text,
	`nonce` integer,
	`tx_hash` text,
	`block_number` integer,
	`block_time` integer,
	`last_error` text,
	`last_error_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`lease_until` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bc_batches_open_idx` ON `bc_batches` (`network`) WHERE state <> 'written';--> statement-breakpoint
CREATE INDEX `bc_batches_created_idx` ON `bc_batches` (`created_at`);--> statement-breakpoint
CREATE TABLE `bc_credentials` (
	`id` text PRIMARY KEY NOT NULL,
	`subject_kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`credential_json` text NOT NULL,
	`leaf_hash` text NOT NULL,
	`batch_id` text,
	`leaf_index` integer,
	`proof_json` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bc_credentials_subject_idx` ON `bc_credentials` (`subject_kind`,`subject_id`);--> statement-breakpoint
CREATE INDEX `bc_credentials_batch_idx` ON `bc_credentials` (`batch_id`,`leaf_index`);
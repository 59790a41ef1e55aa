CREATE TABLE `account_deletions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reason` integer NOT NULL,
	`deleted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `account_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`email` text NOT NULL,
	`email_normalized` text NOT NULL,
	`verified_at` integer,
	`is_primary` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_emails_verified_uq` ON `account_emails` (`email_normalized`) WHERE verified_at IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `account_emails_account_email_uq` ON `account_emails` (`account_id`,`email_normalized`);--> statement-breakpoint
CREATE INDEX `account_emails_account_idx` ON `account_emails` (`account_id`,`is_primary`);--> statement-breakpoint
CREATE TABLE `account_merges` (
	`id` text PRIMARY KEY NOT NULL,
	`source_account_id` text NOT NULL,
	`target_account_id` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`completed_at` integer
);
--> statement-breakpoint
CREATE INDEX `account_merges_source_idx` ON `account_merges` (`source_account_id`);--> statement-breakpoint
CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_type` integer DEFAULT 2 NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`merged_into` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`first_name_en` text,
	`last_name_en` text,
	`bio` text,
	`profile_image_key` text,
	`service_country` integer DEFAULT 1 NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`agree_term_of_service` integer DEFAULT false NOT NULL,
	`terms_version` text,
	`terms_agreed_at` integer,
	`password_hash` text,
	`password_changed_at` integer,
	`receive_badge_mail` integer DEFAULT true NOT NULL,
	`receive_info_mail` integer DEFAULT true NOT NULL,
	`auto_receive` integer DEFAULT false NOT NULL,
	`confetti_shown` integer DEFAULT false NOT NULL,
	`claimable_reminder_hidden_until` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `accounts_status_idx` ON `accounts` (`status`);--> statement-breakpoint
CREATE TABLE `email_tombstones` (
	`email_hash` text PRIMARY KEY NOT NULL,
	`deleted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `password_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_history_account_idx` ON `password_history` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `link_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`account_id` text,
	`subject` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `link_tokens_account_idx` ON `link_tokens` (`account_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`email_hash` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `registrations` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`email_normalized` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`password_hash` text NOT NULL,
	`language` text NOT NULL,
	`service_country` integer NOT NULL,
	`terms_version` text NOT NULL,
	`expires_at` integer NOT NULL,
	`activated_at` integer,
	`account_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_token_hash_unique` ON `registrations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `registrations_email_idx` ON `registrations` (`email_normalized`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`user_type` integer DEFAULT 2 NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_account_idx` ON `sessions` (`account_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `verification_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`purpose` text NOT NULL,
	`target` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `verification_codes_account_idx` ON `verification_codes` (`account_id`,`purpose`,`created_at`);--> statement-breakpoint
CREATE TABLE `badge_class_tags` (
	`badge_class_id` text NOT NULL,
	`tag_id` text NOT NULL,
	PRIMARY KEY(`badge_class_id`, `tag_id`),
	FOREIGN KEY (`badge_class_id`) REFERENCES `badge_classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `badge_class_tags_tag_idx` ON `badge_class_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `badge_classes` (
	`id` text PRIMARY KEY NOT NULL,
	`issuer_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`image_key` text,
	`image_type` text,
	`criteria_url` text,
	`criteria_narrative` text,
	`alignments_json` text,
	`expiry_days` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`issuer_id`) REFERENCES `issuers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `badge_classes_issuer_created_idx` ON `badge_classes` (`issuer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `badge_classes_name_idx` ON `badge_classes` (`name`);--> statement-breakpoint
CREATE TABLE `issuer_api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`issuer_id` text NOT NULL,
	`key_hash` text NOT NULL,
	`label` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`issuer_id`) REFERENCES `issuers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `issuer_api_keys_key_hash_unique` ON `issuer_api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `issuer_api_keys_issuer_idx` ON `issuer_api_keys` (`issuer_id`);--> statement-breakpoint
CREATE TABLE `issuer_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`issuer_id` text NOT NULL,
	`public_key_pem` text NOT NULL,
	`private_key_enc` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`issuer_id`) REFERENCES `issuers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `issuer_keys_issuer_idx` ON `issuer_keys` (`issuer_id`);--> statement-breakpoint
CREATE TABLE `issuers` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`email` text NOT NULL,
	`image_key` text,
	`description` text,
	`is_certified` integer DEFAULT false NOT NULL,
	`service_country` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer
);
--> statement-breakpoint
CREATE INDEX `issuers_name_idx` ON `issuers` (`name`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`name_normalized` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_name_uq` ON `tags` (`name_normalized`);--> statement-breakpoint
CREATE TABLE `acad_docs` (
	`id` text PRIMARY KEY NOT NULL,
	`issuer_id` text NOT NULL,
	`recipient_email` text NOT NULL,
	`recipient_email_normalized` text NOT NULL,
	`account_id` text,
	`name` text NOT NULL,
	`title` text NOT NULL,
	`issuer_name` text NOT NULL,
	`details_json` text NOT NULL,
	`is_blockchain` integer DEFAULT false NOT NULL,
	`issued_on` integer NOT NULL,
	`revoked_at` integer,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`issuer_id`) REFERENCES `issuers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `acad_docs_account_issuer_idx` ON `acad_docs` (`account_id`,`issuer_name`);--> statement-breakpoint
CREATE INDEX `acad_docs_recipient_idx` ON `acad_docs` (`recipient_email_normalized`);--> statement-breakpoint
CREATE TABLE `assertions` (
	`id` text PRIMARY KEY NOT NULL,
	`badge_class_id` text NOT NULL,
	`issuer_id` text NOT NULL,
	`recipient_email` text NOT NULL,
	`recipient_email_normalized` text NOT NULL,
	`recipient_salt` text NOT NULL,
	`recipient_hash` text NOT NULL,
	`account_id` text,
	`accept_status` integer DEFAULT 0 NOT NULL,
	`is_public` integer DEFAULT false NOT NULL,
	`is_hidden` integer DEFAULT false NOT NULL,
	`verification_type` text DEFAULT 'hosted' NOT NULL,
	`is_blockchain` integer DEFAULT false NOT NULL,
	`narrative` text,
	`evidence_json` text,
	`issued_on` integer NOT NULL,
	`expires_at` integer,
	`revoked_at` integer,
	`revoked_reason` text,
	`deleted_by_owner_at` integer,
	`deleted_by_issuer_at` integer,
	`reissued_from` text,
	`accepted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`badge_class_id`) REFERENCES `badge_classes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`issuer_id`) REFERENCES `issuers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `assertions_account_status_issued_idx` ON `assertions` (`account_id`,`accept_status`,`issued_on`);--> statement-breakpoint
CREATE INDEX `assertions_account_public_issued_idx` ON `assertions` (`account_id`,`is_public`,`issued_on`);--> statement-breakpoint
CREATE INDEX `assertions_recipient_idx` ON `assertions` (`recipient_email_normalized`);--> statement-breakpoint
CREATE INDEX `assertions_badge_public_idx` ON `assertions` (`badge_class_id`,`is_public`);--> statement-breakpoint
CREATE INDEX `assertions_issuer_idx` ON `assertions` (`issuer_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `host_assertions` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`external_id` text NOT NULL,
	`source_url` text,
	`assertion_json` text NOT NULL,
	`badge_json` text NOT NULL,
	`issuer_json` text NOT NULL,
	`image_key` text,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`issuer_name` text NOT NULL,
	`issuer_url` text,
	`recipient_email` text NOT NULL,
	`issued_on` integer NOT NULL,
	`expires_at` integer,
	`is_public` integer DEFAULT false NOT NULL,
	`revoked_at` integer,
	`revoked_reason` text,
	`verify_status` text DEFAULT 'valid' NOT NULL,
	`verified_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `host_assertions_account_external_uq` ON `host_assertions` (`account_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `host_assertions_account_issued_idx` ON `host_assertions` (`account_id`,`issued_on`);--> statement-breakpoint
CREATE INDEX `host_assertions_verified_idx` ON `host_assertions` (`verified_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`type` integer NOT NULL,
	`message_key` text NOT NULL,
	`message_params` text DEFAULT '{}' NOT NULL,
	`url` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_account_list_idx` ON `notifications` (`account_id`,`deleted`,`type`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`account_id`) WHERE is_read = 0 AND deleted = 0;--> statement-breakpoint
CREATE TABLE `dev_mailbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_mailbox_to_idx` ON `dev_mailbox` (`to_address`,`created_at`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`available_at` integer NOT NULL,
	`done_at` integer,
	`last_error` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_status_available_idx` ON `outbox` (`status`,`available_at`);
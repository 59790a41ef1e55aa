CREATE TABLE `portal_flows` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`binding_hash` text NOT NULL,
	`provider_id` text NOT NULL,
	`nonce` text NOT NULL,
	`code_verifier` text NOT NULL,
	`return_to` text NOT NULL,
	`language` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `portal_flows_expires_idx` ON `portal_flows` (`expires_at`);--> statement-breakpoint
CREATE TABLE `portal_identities` (
	`issuer` text NOT NULL,
	`subject` text NOT NULL,
	`provider_id` text NOT NULL,
	`account_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`issuer`, `subject`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `portal_identities_account_idx` ON `portal_identities` (`account_id`);--> statement-breakpoint
CREATE TABLE `portal_logout_jtis` (
	`issuer` text NOT NULL,
	`jti` text NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`issuer`, `jti`)
);
--> statement-breakpoint
CREATE TABLE `portal_pending` (
	`binding_hash` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`issuer` text NOT NULL,
	`subject` text NOT NULL,
	`email` text NOT NULL,
	`email_normalized` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`language` text NOT NULL,
	`sid` text,
	`id_token` text NOT NULL,
	`auth_time` integer NOT NULL,
	`return_to` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `portal_pending_expires_idx` ON `portal_pending` (`expires_at`);--> statement-breakpoint
CREATE TABLE `portal_sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`issuer` text NOT NULL,
	`subject` text NOT NULL,
	`sid` text,
	`id_token` text NOT NULL,
	`auth_time` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `portal_sessions_sid_idx` ON `portal_sessions` (`issuer`,`sid`);--> statement-breakpoint
CREATE INDEX `portal_sessions_sub_idx` ON `portal_sessions` (`issuer`,`subject`);--> statement-breakpoint
CREATE INDEX `portal_sessions_expires_idx` ON `portal_sessions` (`expires_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `portal_session_hash` text;--> statement-breakpoint
CREATE INDEX `sessions_portal_idx` ON `sessions` (`portal_session_hash`);
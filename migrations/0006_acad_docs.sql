CREATE TABLE `cert_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`issuer_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`layout` text NOT NULL,
	`languages_json` text NOT NULL,
	`headings_json` text NOT NULL,
	`fields_json` text NOT NULL,
	`signer_name` text,
	`signer_title` text,
	`logo_key` text,
	`signature_key` text,
	`seal_key` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`issuer_id`) REFERENCES `issuers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `cert_templates_issuer_idx` ON `cert_templates` (`issuer_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `acad_docs` ADD `template_id` text REFERENCES cert_templates(id);--> statement-breakpoint
ALTER TABLE `acad_docs` ADD `kind` text DEFAULT 'completion' NOT NULL;--> statement-breakpoint
ALTER TABLE `acad_docs` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `acad_docs` ADD `rows_json` text;--> statement-breakpoint
ALTER TABLE `acad_docs` ADD `recipient_salt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `acad_docs` ADD `recipient_hash` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `acad_docs` ADD `revoked_reason` text;--> statement-breakpoint
ALTER TABLE `acad_docs` ADD `reissued_from` text;--> statement-breakpoint
ALTER TABLE `acad_docs` ADD `is_public` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `acad_docs` ADD `pdf_state` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `acad_docs` ADD `pdf_key` text;--> statement-breakpoint
ALTER TABLE `acad_docs` ADD `updated_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `acad_docs_issuer_idx` ON `acad_docs` (`issuer_id`,`created_at`);
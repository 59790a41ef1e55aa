-- Issue 21: the 1EdTech Open Badges 3.0 REST API as a host (OAuth 2.0 authorization code grant with
-- PKCE, RFC 7591 dynamic client registration). Hand-written; the drizzle schema is
-- src/server/db/schema/ob3api.ts. Every secret (client secret, code, access and refresh token) is
-- kept only as its SHA-256: they are 256-bit random values, so a plain digest is enough.

-- Registered applications (RFC 7591). redirect_uris is a JSON array compared exactly at authorize.
CREATE TABLE `ob3_clients` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`client_name` text NOT NULL,
	`client_uri` text NOT NULL,
	`logo_uri` text,
	`tos_uri` text,
	`policy_uri` text,
	`software_id` text,
	`software_version` text,
	`redirect_uris` text NOT NULL,
	`scope` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
-- Authorization codes: single use (used_by names the one exchange that took it), bound to the
-- client, the redirect URI, the PKCE challenge and the account; grant_id names every token it led to.
CREATE TABLE `ob3_auth_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`grant_id` text NOT NULL,
	`client_id` text NOT NULL,
	`account_id` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`scope` text NOT NULL,
	`code_challenge` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_by` text,
	FOREIGN KEY (`client_id`) REFERENCES `ob3_clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ob3_auth_codes_expires_idx` ON `ob3_auth_codes` (`expires_at`);--> statement-breakpoint
-- Access and refresh tokens. A refresh token is used once (used_by); a second use revokes the
-- whole grant (RFC 9700 refresh token reuse), as does a second use of the code.
CREATE TABLE `ob3_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`grant_id` text NOT NULL,
	`client_id` text NOT NULL,
	`account_id` text NOT NULL,
	`scope` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_by` text,
	`revoked_at` integer,
	FOREIGN KEY (`client_id`) REFERENCES `ob3_clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ob3_tokens_grant_idx` ON `ob3_tokens` (`grant_id`);--> statement-breakpoint
CREATE INDEX `ob3_tokens_account_client_idx` ON `ob3_tokens` (`account_id`, `client_id`);--> statement-breakpoint
-- What a person allowed an application (shown in settings; withdrawing it revokes its tokens).
CREATE TABLE `ob3_consents` (
	`account_id` text NOT NULL,
	`client_id` text NOT NULL,
	`scope` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `client_id`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `ob3_clients`(`id`) ON UPDATE no action ON DELETE cascade
);

-- Issue 22, Deliver 2: a second sign-in step with authenticator-app codes (TOTP, RFC 6238) and ten
-- single-use recovery codes. Hand-written; the drizzle schema is src/server/db/schema/mfa.ts.

-- One authenticator-app secret per account. confirmed_at is NULL while enrolling (the secret was
-- shown but no code from it has been typed yet): only a confirmed secret asks for the second step.
-- last_step is the newest RFC 6238 time step accepted: a code is accepted once, never replayed.
-- last_ticket names the pending sign-in that step completed, so the same batch can close it.
CREATE TABLE `totp_factors` (
	`account_id` text PRIMARY KEY NOT NULL REFERENCES `accounts`(`id`) ON DELETE CASCADE,
	`secret` text NOT NULL,
	`confirmed_at` integer,
	`last_step` integer NOT NULL DEFAULT 0,
	`last_ticket` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
-- Recovery codes: only the SHA-256 of (account, code) is kept (80-bit random codes, so a plain digest
-- is enough). used_at is set by one conditional UPDATE, so a code is used once even by parallel
-- requests; used_ticket names the pending sign-in it completed.
CREATE TABLE `recovery_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL REFERENCES `accounts`(`id`) ON DELETE CASCADE,
	`used_at` integer,
	`used_ticket` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `recovery_codes_account_idx` ON `recovery_codes` (`account_id`);
--> statement-breakpoint
-- Sign-ins whose password was right and whose second step is pending: a 256-bit ticket kept as its
-- SHA-256 in an HttpOnly cookie, short-lived (5 minutes), deleted by the step that completes it.
CREATE TABLE `mfa_logins` (
	`ticket_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL REFERENCES `accounts`(`id`) ON DELETE CASCADE,
	`login_email` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mfa_logins_expires_idx` ON `mfa_logins` (`expires_at`);

-- Issue 22, Deliver 1: passkeys (WebAuthn). Hand-written; the drizzle schema is
-- src/server/db/schema/passkeys.ts. The WebAuthn checks themselves are @simplewebauthn/server's
-- and src/server/passkeys/checks.ts; these tables only keep what they need between two requests.

-- The WebAuthn user handle of an account (user.id in the options): 32 random bytes, base64url, made
-- the first time the account registers a passkey. Never the account id or an address, so an
-- authenticator's list of accounts tells nobody who the person is here; a discoverable sign-in
-- returns it, and it must match the handle of the account that owns the passkey.
CREATE TABLE `webauthn_users` (
	`account_id` text PRIMARY KEY NOT NULL REFERENCES `accounts`(`id`) ON DELETE CASCADE,
	`handle` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webauthn_users_handle_idx` ON `webauthn_users` (`handle`);
--> statement-breakpoint
-- One row per registered passkey. id is the credential id (base64url) the authenticator made, unique
-- across all accounts (a second registration of the same credential is refused). public_key is the
-- COSE key, base64url. counter is the signature counter last seen (0 for authenticators that keep
-- none, as synced passkeys do). transports is a JSON array of hints for the browser. backed_up and
-- device_type ('singleDevice' | 'multiDevice') come from the authenticator data's BE/BS flags.
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL REFERENCES `accounts`(`id`) ON DELETE CASCADE,
	`public_key` text NOT NULL,
	`counter` integer NOT NULL DEFAULT 0,
	`transports` text NOT NULL DEFAULT '[]',
	`name` text NOT NULL,
	`backed_up` integer NOT NULL DEFAULT 0,
	`device_type` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer
);
--> statement-breakpoint
CREATE INDEX `passkeys_account_idx` ON `passkeys` (`account_id`);
--> statement-breakpoint
-- Challenges handed out and not yet answered, kept as SHA-256 of the base64url challenge. Single use:
-- one UPDATE … SET used = 1 WHERE used = 0 AND expires_at > now RETURNING consumes it, so of parallel
-- answers exactly one proceeds. Short-lived (CONFIG.passkeys.challengeMinutes, 5). purpose says which
-- ceremony it was made for ('register', 'signin' = a passkey alone, 'second' = after the password,
-- 'reauth' = a fresh check in settings); account_id is NULL for 'signin' (nobody is known yet);
-- ticket_hash ties a 'second' challenge to the pending sign-in (mfa_logins) it was made for.
-- The nightly batch deletes expired rows.
CREATE TABLE `webauthn_challenges` (
	`challenge_hash` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL CHECK (`purpose` IN ('register', 'signin', 'second', 'reauth')),
	`account_id` text REFERENCES `accounts`(`id`) ON DELETE CASCADE,
	`ticket_hash` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used` integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE INDEX `webauthn_challenges_expires_idx` ON `webauthn_challenges` (`expires_at`);

-- Issue 21, issuing Open Badges 3.0. Hand-written; the drizzle schema is
-- src/server/db/schema/ob3issue.ts.
--
-- An Ed25519 key per issuer for eddsa-rdfc-2022 proofs (did:web verification method `#key-1`).
-- The private part is sealed like the RSA keys of issuer_keys (AES-256-GCM under
-- KEY_ENCRYPTION_KEY, "v1.<iv>.<data>"). At most one live key per issuer: the partial unique index
-- lets concurrent first uses race safely (INSERT OR IGNORE, then read back the one that won).
CREATE TABLE `issuer_ed25519_keys` (
  `id` text PRIMARY KEY NOT NULL,
  `issuer_id` text NOT NULL REFERENCES `issuers`(`id`) ON DELETE CASCADE,
  `public_key_multibase` text NOT NULL,
  `private_key_enc` text NOT NULL,
  `created_at` integer NOT NULL,
  `revoked_at` integer
);--> statement-breakpoint
CREATE UNIQUE INDEX `issuer_ed25519_keys_live_uq` ON `issuer_ed25519_keys` (`issuer_id`) WHERE `revoked_at` IS NULL;--> statement-breakpoint
-- BitstringStatusList credentials per issuer, numbered from 0, each with `size` entries (131,072:
-- the W3C minimum for herd privacy). `allocated` counts the entries handed out; entry n gets the
-- index (n * 100003) mod size, a permutation (100003 is odd, size a power of two), so neighbouring
-- awards do not sit on neighbouring bits. `revision` grows with every change of a bit; the signed
-- list credential is kept with the revision it was signed at and re-signed when they differ.
CREATE TABLE `ob3_status_lists` (
  `issuer_id` text NOT NULL REFERENCES `issuers`(`id`) ON DELETE CASCADE,
  `list_no` integer NOT NULL,
  `size` integer NOT NULL DEFAULT 131072,
  `allocated` integer NOT NULL DEFAULT 0,
  `revision` integer NOT NULL DEFAULT 0,
  `signed_json` text,
  `signed_revision` integer,
  `created_at` integer NOT NULL,
  PRIMARY KEY (`issuer_id`, `list_no`)
);--> statement-breakpoint
-- The status entry of each award made here, allocated in the award's own batch. The bit is set when
-- the award is revoked or deleted by its issuer (read from assertions, so it cannot disagree).
CREATE TABLE `ob3_status_entries` (
  `assertion_id` text PRIMARY KEY NOT NULL REFERENCES `assertions`(`id`) ON DELETE CASCADE,
  `issuer_id` text NOT NULL,
  `list_no` integer NOT NULL,
  `status_index` integer NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `ob3_status_entries_slot_uq` ON `ob3_status_entries` (`issuer_id`, `list_no`, `status_index`);--> statement-breakpoint
-- The signed OpenBadgeCredential of an award, made on first use and kept: a credential is signed
-- once, so every download and API listing hands out the same bytes.
CREATE TABLE `ob3_credentials` (
  `assertion_id` text PRIMARY KEY NOT NULL REFERENCES `assertions`(`id`) ON DELETE CASCADE,
  `key_id` text NOT NULL,
  `credential_json` text NOT NULL,
  `created_at` integer NOT NULL
);

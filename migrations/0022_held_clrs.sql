-- Issue 38, item 2: CLR 2.0 learner records a person holds from elsewhere, in the certificates tab.
-- The record is kept as it was given (raw: JSON or compact VC-JWT) and as read (credential_json),
-- with the verification it last passed (report_json: codes, each nested credential's verdict, when
-- it was checked). One account holds a record once (its id, or its text's hash). Like imported
-- badges, a held record is verified again weekly (import/recheck-records.ts): a revocation, or a record
-- that no longer verifies, takes it off every public surface.
-- Hand-written; the drizzle schema is src/server/db/schema/wallet.ts.
CREATE TABLE `held_clrs` (
  `id` text PRIMARY KEY NOT NULL,
  `account_id` text NOT NULL REFERENCES `accounts`(`id`) ON DELETE CASCADE,
  `external_id` text NOT NULL,
  `source_url` text,
  `raw` text NOT NULL,
  `credential_json` text NOT NULL,
  `title` text NOT NULL,
  `issuer_name` text NOT NULL,
  `issued_on` integer NOT NULL,
  `report_json` text NOT NULL,
  `expires_at` integer,
  `verify_status` text DEFAULT 'valid' NOT NULL,
  `verified_at` integer NOT NULL,
  `revoked_at` integer,
  `revoked_reason` text,
  `is_public` integer DEFAULT 0 NOT NULL,
  `created_at` integer NOT NULL,
  `updated_at` integer NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `held_clrs_account_external_uq` ON `held_clrs` (`account_id`, `external_id`);--> statement-breakpoint
CREATE INDEX `held_clrs_verified_idx` ON `held_clrs` (`verified_at`);
--> statement-breakpoint
-- The edge cache (0019): a held record's public page and card are the owner's ('account:<id>'),
-- so adding, publishing, hiding, moving (merge) or removing one bumps that scope in its statement.
CREATE TRIGGER `cache_gen_held_clrs_insert` AFTER INSERT ON `held_clrs` BEGIN
  INSERT INTO `cache_generations` (`scope`) VALUES ('account:' || NEW.`account_id`)
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_held_clrs_update` AFTER UPDATE ON `held_clrs` BEGIN
  INSERT INTO `cache_generations` (`scope`)
    SELECT 'account:' || OLD.`account_id` UNION SELECT 'account:' || NEW.`account_id`
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_held_clrs_delete` AFTER DELETE ON `held_clrs` BEGIN
  INSERT INTO `cache_generations` (`scope`) VALUES ('account:' || OLD.`account_id`)
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;

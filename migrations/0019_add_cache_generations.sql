-- Issue 23 (Deliver 1): the edge cache of public pages. A cached page's key holds the generations of
-- the scopes it shows; a change bumps them, so the next visitor's key is new and the page renders
-- fresh everywhere (the Cache API's delete clears one data centre only; a new key needs no purge).
-- Scopes: 'site' (issuer, badge class, tag and template texts shown on many pages),
-- 'account:<id>' (a person's pages: public badges, imported badges, certificates, wallet),
-- 'issuer:<id>', 'class:<id>', 'skill:<id>' (the discovery pages and their share images).
--
-- The bumps are triggers, so they run inside the very statement that makes the change (atomic with
-- it, whatever batch it is in) and no write path can forget one: publish, private, accept, revoke,
-- delete, re-check, merge (account_id moves), account deletion (rows cascade or go NULL), profile,
-- issuer, badge class and template edits all touch the rows below.
CREATE TABLE `cache_generations` (
	`scope` text PRIMARY KEY NOT NULL,
	`generation` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
-- Accounts: only what public pages show (names, bio, picture, state, the language that orders the
-- name on share images); sign-in bookkeeping (confetti, reminders, terms, password) bumps nothing.
CREATE TRIGGER `cache_gen_accounts_update` AFTER UPDATE ON `accounts`
WHEN OLD.`first_name` IS NOT NEW.`first_name` OR OLD.`last_name` IS NOT NEW.`last_name`
  OR OLD.`first_name_en` IS NOT NEW.`first_name_en` OR OLD.`last_name_en` IS NOT NEW.`last_name_en`
  OR OLD.`bio` IS NOT NEW.`bio` OR OLD.`profile_image_key` IS NOT NEW.`profile_image_key`
  OR OLD.`status` IS NOT NEW.`status` OR OLD.`merged_into` IS NOT NEW.`merged_into`
  OR OLD.`language` IS NOT NEW.`language` OR OLD.`user_type` IS NOT NEW.`user_type`
BEGIN
  INSERT INTO `cache_generations` (`scope`) VALUES ('account:' || OLD.`id`)
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_accounts_delete` AFTER DELETE ON `accounts` BEGIN
  INSERT INTO `cache_generations` (`scope`) VALUES ('account:' || OLD.`id`)
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_account_emails_insert` AFTER INSERT ON `account_emails` BEGIN
  INSERT INTO `cache_generations` (`scope`) VALUES ('account:' || NEW.`account_id`)
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_account_emails_update` AFTER UPDATE ON `account_emails` BEGIN
  INSERT INTO `cache_generations` (`scope`) SELECT 'account:' || OLD.`account_id` WHERE true
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
  INSERT INTO `cache_generations` (`scope`) SELECT 'account:' || NEW.`account_id` WHERE NEW.`account_id` IS NOT OLD.`account_id`
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_account_emails_delete` AFTER DELETE ON `account_emails` BEGIN
  INSERT INTO `cache_generations` (`scope`) VALUES ('account:' || OLD.`account_id`)
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
-- Issued badges: the owner's pages (before and after a merge moves them), and the issuer's and the
-- badge class's discovery pages, whose lists and counts follow what is public.
CREATE TRIGGER `cache_gen_assertions_insert` AFTER INSERT ON `assertions` BEGIN
  INSERT INTO `cache_generations` (`scope`)
    SELECT 'account:' || NEW.`account_id` WHERE NEW.`account_id` IS NOT NULL
    UNION ALL SELECT 'issuer:' || NEW.`issuer_id` WHERE true UNION ALL SELECT 'class:' || NEW.`badge_class_id` WHERE true
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_assertions_update` AFTER UPDATE ON `assertions` BEGIN
  INSERT INTO `cache_generations` (`scope`)
    SELECT 'account:' || OLD.`account_id` WHERE OLD.`account_id` IS NOT NULL
    UNION SELECT 'account:' || NEW.`account_id` WHERE NEW.`account_id` IS NOT NULL
    UNION SELECT 'issuer:' || NEW.`issuer_id` WHERE true UNION SELECT 'class:' || NEW.`badge_class_id` WHERE true
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_assertions_delete` AFTER DELETE ON `assertions` BEGIN
  INSERT INTO `cache_generations` (`scope`)
    SELECT 'account:' || OLD.`account_id` WHERE OLD.`account_id` IS NOT NULL
    UNION ALL SELECT 'issuer:' || OLD.`issuer_id` WHERE true UNION ALL SELECT 'class:' || OLD.`badge_class_id` WHERE true
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
-- Imported badges and certificates: their owner's pages (the nightly re-check's update included).
CREATE TRIGGER `cache_gen_host_assertions_insert` AFTER INSERT ON `host_assertions` BEGIN
  INSERT INTO `cache_generations` (`scope`) VALUES ('account:' || NEW.`account_id`)
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_host_assertions_update` AFTER UPDATE ON `host_assertions` BEGIN
  INSERT INTO `cache_generations` (`scope`)
    SELECT 'account:' || OLD.`account_id` WHERE true UNION SELECT 'account:' || NEW.`account_id` WHERE true
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_host_assertions_delete` AFTER DELETE ON `host_assertions` BEGIN
  INSERT INTO `cache_generations` (`scope`) VALUES ('account:' || OLD.`account_id`)
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_acad_docs_insert` AFTER INSERT ON `acad_docs` WHEN NEW.`account_id` IS NOT NULL BEGIN
  INSERT INTO `cache_generations` (`scope`) VALUES ('account:' || NEW.`account_id`)
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_acad_docs_update` AFTER UPDATE ON `acad_docs` BEGIN
  INSERT INTO `cache_generations` (`scope`)
    SELECT 'account:' || OLD.`account_id` WHERE OLD.`account_id` IS NOT NULL
    UNION SELECT 'account:' || NEW.`account_id` WHERE NEW.`account_id` IS NOT NULL
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_acad_docs_delete` AFTER DELETE ON `acad_docs` WHEN OLD.`account_id` IS NOT NULL BEGIN
  INSERT INTO `cache_generations` (`scope`) VALUES ('account:' || OLD.`account_id`)
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
-- Badge classes: counts move with every publish (their own, their issuer's and their skills' pages);
-- a text or picture shown on badge pages and wallets everywhere moves 'site'.
CREATE TRIGGER `cache_gen_badge_classes_update` AFTER UPDATE ON `badge_classes` BEGIN
  INSERT INTO `cache_generations` (`scope`)
    SELECT 'class:' || NEW.`id` WHERE true UNION SELECT 'issuer:' || NEW.`issuer_id` WHERE true
    UNION SELECT 'issuer:' || OLD.`issuer_id` WHERE true
    UNION SELECT 'skill:' || `tag_id` FROM `badge_class_tags` WHERE `badge_class_id` = NEW.`id`
    UNION SELECT 'site' WHERE OLD.`name` IS NOT NEW.`name` OR OLD.`description` IS NOT NEW.`description`
      OR OLD.`image_key` IS NOT NEW.`image_key` OR OLD.`image_type` IS NOT NEW.`image_type`
      OR OLD.`criteria_url` IS NOT NEW.`criteria_url` OR OLD.`criteria_narrative` IS NOT NEW.`criteria_narrative`
      OR OLD.`alignments_json` IS NOT NEW.`alignments_json` OR OLD.`expiry_days` IS NOT NEW.`expiry_days`
      OR OLD.`deleted_at` IS NOT NEW.`deleted_at` OR OLD.`issuer_id` IS NOT NEW.`issuer_id`
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_badge_classes_delete` AFTER DELETE ON `badge_classes` BEGIN
  INSERT INTO `cache_generations` (`scope`) VALUES ('site')
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_badge_class_tags_insert` AFTER INSERT ON `badge_class_tags` BEGIN
  INSERT INTO `cache_generations` (`scope`)
    SELECT 'skill:' || NEW.`tag_id` WHERE true UNION ALL SELECT 'class:' || NEW.`badge_class_id` WHERE true
    UNION ALL SELECT 'site' WHERE true
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_badge_class_tags_delete` AFTER DELETE ON `badge_class_tags` BEGIN
  INSERT INTO `cache_generations` (`scope`)
    SELECT 'skill:' || OLD.`tag_id` WHERE true UNION ALL SELECT 'class:' || OLD.`badge_class_id` WHERE true
    UNION ALL SELECT 'site' WHERE true
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_tags_update` AFTER UPDATE ON `tags` BEGIN
  INSERT INTO `cache_generations` (`scope`)
    SELECT 'skill:' || NEW.`id` WHERE true UNION ALL SELECT 'site' WHERE OLD.`name` IS NOT NEW.`name`
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_tags_delete` AFTER DELETE ON `tags` BEGIN
  INSERT INTO `cache_generations` (`scope`) VALUES ('skill:' || OLD.`id`)
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
-- Issuers and certificate templates: their names, pictures and texts appear on many people's pages.
CREATE TRIGGER `cache_gen_issuers_update` AFTER UPDATE ON `issuers` BEGIN
  INSERT INTO `cache_generations` (`scope`)
    SELECT 'site' WHERE true UNION ALL SELECT 'issuer:' || NEW.`id` WHERE true
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_issuers_delete` AFTER DELETE ON `issuers` BEGIN
  INSERT INTO `cache_generations` (`scope`) VALUES ('site')
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_gen_cert_templates_update` AFTER UPDATE ON `cert_templates` BEGIN
  INSERT INTO `cache_generations` (`scope`) VALUES ('site')
    ON CONFLICT(`scope`) DO UPDATE SET `generation` = `generation` + 1;
END;

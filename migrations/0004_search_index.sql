CREATE TABLE `badge_search` (
	`rid` integer PRIMARY KEY NOT NULL,
	`badge_class_id` text NOT NULL,
	`issuer_id` text NOT NULL,
	`name` text NOT NULL,
	`skills` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `badge_search_badge_class_id_unique` ON `badge_search` (`badge_class_id`);--> statement-breakpoint
CREATE INDEX `badge_search_issuer_created_idx` ON `badge_search` (`issuer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `badge_search_name_idx` ON `badge_search` (`name`);--> statement-breakpoint
CREATE TABLE `issuer_search` (
	`rid` integer PRIMARY KEY NOT NULL,
	`issuer_id` text NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `issuer_search_issuer_id_unique` ON `issuer_search` (`issuer_id`);--> statement-breakpoint
CREATE INDEX `issuer_search_name_idx` ON `issuer_search` (`name`);--> statement-breakpoint
ALTER TABLE `badge_classes` ADD `public_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Discovery (issue 9). Trigram FTS5 tables hold the searchable text; their rowids are the `rid`s of
-- the narrow tables above, which the triggers below keep equal to "what the public may find":
-- badge classes with at least one public holder and not deleted, and issuers not deleted.
CREATE VIRTUAL TABLE `badge_search_fts` USING fts5(`name`, `description`, `skills`, tokenize = 'trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE `issuer_search_fts` USING fts5(`name`, `description`, tokenize = 'trigram');
--> statement-breakpoint
CREATE TRIGGER `badge_search_fts_insert` AFTER INSERT ON `badge_search` BEGIN
  INSERT INTO `badge_search_fts` (`rowid`, `name`, `description`, `skills`)
  VALUES (NEW.`rid`, NEW.`name`, (SELECT `description` FROM `badge_classes` WHERE `id` = NEW.`badge_class_id`), NEW.`skills`);
END;
--> statement-breakpoint
CREATE TRIGGER `badge_search_fts_delete` AFTER DELETE ON `badge_search` BEGIN
  DELETE FROM `badge_search_fts` WHERE `rowid` = OLD.`rid`;
END;
--> statement-breakpoint
CREATE TRIGGER `badge_search_fts_update` AFTER UPDATE ON `badge_search` BEGIN
  DELETE FROM `badge_search_fts` WHERE `rowid` = OLD.`rid`;
  INSERT INTO `badge_search_fts` (`rowid`, `name`, `description`, `skills`)
  VALUES (NEW.`rid`, NEW.`name`, (SELECT `description` FROM `badge_classes` WHERE `id` = NEW.`badge_class_id`), NEW.`skills`);
END;
--> statement-breakpoint
CREATE TRIGGER `issuer_search_fts_insert` AFTER INSERT ON `issuer_search` BEGIN
  INSERT INTO `issuer_search_fts` (`rowid`, `name`, `description`)
  VALUES (NEW.`rid`, NEW.`name`, COALESCE((SELECT `description` FROM `issuers` WHERE `id` = NEW.`issuer_id`), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `issuer_search_fts_delete` AFTER DELETE ON `issuer_search` BEGIN
  DELETE FROM `issuer_search_fts` WHERE `rowid` = OLD.`rid`;
END;
--> statement-breakpoint
-- A badge class enters or leaves the index when it gains its first public holder, loses its last,
-- or is deleted; a new name or description is indexed again.
CREATE TRIGGER `badge_classes_search_sync` AFTER UPDATE OF `public_count`, `deleted_at`, `name`, `description` ON `badge_classes`
WHEN ((OLD.`public_count` > 0 AND OLD.`deleted_at` IS NULL) != (NEW.`public_count` > 0 AND NEW.`deleted_at` IS NULL))
  OR OLD.`name` != NEW.`name` OR OLD.`description` != NEW.`description`
BEGIN
  DELETE FROM `badge_search` WHERE `badge_class_id` = NEW.`id`;
  INSERT INTO `badge_search` (`badge_class_id`, `issuer_id`, `name`, `skills`, `created_at`)
  SELECT NEW.`id`, NEW.`issuer_id`, NEW.`name`,
    COALESCE((SELECT group_concat(t.`name`, ' ') FROM `badge_class_tags` bt JOIN `tags` t ON t.`id` = bt.`tag_id`
      WHERE bt.`badge_class_id` = NEW.`id`), ''),
    NEW.`created_at`
  WHERE NEW.`public_count` > 0 AND NEW.`deleted_at` IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `badge_class_tags_search_insert` AFTER INSERT ON `badge_class_tags` BEGIN
  UPDATE `badge_search` SET `skills` = COALESCE((SELECT group_concat(t.`name`, ' ') FROM `badge_class_tags` bt
    JOIN `tags` t ON t.`id` = bt.`tag_id` WHERE bt.`badge_class_id` = NEW.`badge_class_id`), '')
  WHERE `badge_class_id` = NEW.`badge_class_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `badge_class_tags_search_delete` AFTER DELETE ON `badge_class_tags` BEGIN
  UPDATE `badge_search` SET `skills` = COALESCE((SELECT group_concat(t.`name`, ' ') FROM `badge_class_tags` bt
    JOIN `tags` t ON t.`id` = bt.`tag_id` WHERE bt.`badge_class_id` = OLD.`badge_class_id`), '')
  WHERE `badge_class_id` = OLD.`badge_class_id`;
END;
--> statement-breakpoint
-- A public holder: received, public, not hidden, not revoked, deleted by nobody.
CREATE TRIGGER `assertions_public_insert` AFTER INSERT ON `assertions`
WHEN NEW.`accept_status` = 2 AND NEW.`is_public` = 1 AND NEW.`is_hidden` = 0 AND NEW.`revoked_at` IS NULL
  AND NEW.`deleted_by_owner_at` IS NULL AND NEW.`deleted_by_issuer_at` IS NULL
BEGIN
  UPDATE `badge_classes` SET `public_count` = `public_count` + 1 WHERE `id` = NEW.`badge_class_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `assertions_public_update`
AFTER UPDATE OF `accept_status`, `is_public`, `is_hidden`, `revoked_at`, `deleted_by_owner_at`, `deleted_by_issuer_at` ON `assertions`
WHEN (OLD.`accept_status` = 2 AND OLD.`is_public` = 1 AND OLD.`is_hidden` = 0 AND OLD.`revoked_at` IS NULL
    AND OLD.`deleted_by_owner_at` IS NULL AND OLD.`deleted_by_issuer_at` IS NULL)
  != (NEW.`accept_status` = 2 AND NEW.`is_public` = 1 AND NEW.`is_hidden` = 0 AND NEW.`revoked_at` IS NULL
    AND NEW.`deleted_by_owner_at` IS NULL AND NEW.`deleted_by_issuer_at` IS NULL)
BEGIN
  UPDATE `badge_classes` SET `public_count` = `public_count` +
    CASE WHEN NEW.`accept_status` = 2 AND NEW.`is_public` = 1 AND NEW.`is_hidden` = 0 AND NEW.`revoked_at` IS NULL
      AND NEW.`deleted_by_owner_at` IS NULL AND NEW.`deleted_by_issuer_at` IS NULL THEN 1 ELSE -1 END
  WHERE `id` = NEW.`badge_class_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `assertions_public_delete` AFTER DELETE ON `assertions`
WHEN OLD.`accept_status` = 2 AND OLD.`is_public` = 1 AND OLD.`is_hidden` = 0 AND OLD.`revoked_at` IS NULL
  AND OLD.`deleted_by_owner_at` IS NULL AND OLD.`deleted_by_issuer_at` IS NULL
BEGIN
  UPDATE `badge_classes` SET `public_count` = `public_count` - 1 WHERE `id` = OLD.`badge_class_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `issuers_search_insert` AFTER INSERT ON `issuers` WHEN NEW.`deleted_at` IS NULL BEGIN
  INSERT INTO `issuer_search` (`issuer_id`, `name`) VALUES (NEW.`id`, NEW.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `issuers_search_update` AFTER UPDATE OF `name`, `description`, `deleted_at` ON `issuers` BEGIN
  DELETE FROM `issuer_search` WHERE `issuer_id` = NEW.`id`;
  INSERT INTO `issuer_search` (`issuer_id`, `name`) SELECT NEW.`id`, NEW.`name` WHERE NEW.`deleted_at` IS NULL;
END;
--> statement-breakpoint
-- Backfill: the counts (their trigger fills badge_search and its FTS table), then the issuers.
UPDATE `badge_classes` SET `public_count` = (
  SELECT COUNT(*) FROM `assertions` a WHERE a.`badge_class_id` = `badge_classes`.`id` AND a.`accept_status` = 2
    AND a.`is_public` = 1 AND a.`is_hidden` = 0 AND a.`revoked_at` IS NULL
    AND a.`deleted_by_owner_at` IS NULL AND a.`deleted_by_issuer_at` IS NULL
);
--> statement-breakpoint
INSERT INTO `issuer_search` (`issuer_id`, `name`) SELECT `id`, `name` FROM `issuers` WHERE `deleted_at` IS NULL;

ALTER TABLE `badge_classes` ADD `recipients_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill, then keep the count exact in the same statement as every change: a holder is an
-- assertion that is received (accept_status 2) and deleted by neither owner nor issuer.
UPDATE `badge_classes` SET `recipients_count` = (
  SELECT COUNT(*) FROM `assertions` a WHERE a.`badge_class_id` = `badge_classes`.`id` AND a.`accept_status` = 2
    AND a.`deleted_by_owner_at` IS NULL AND a.`deleted_by_issuer_at` IS NULL
);
--> statement-breakpoint
CREATE TRIGGER `assertions_recipients_insert` AFTER INSERT ON `assertions`
WHEN NEW.`accept_status` = 2 AND NEW.`deleted_by_owner_at` IS NULL AND NEW.`deleted_by_issuer_at` IS NULL
BEGIN
  UPDATE `badge_classes` SET `recipients_count` = `recipients_count` + 1 WHERE `id` = NEW.`badge_class_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `assertions_recipients_update` AFTER UPDATE OF `accept_status`, `deleted_by_owner_at`, `deleted_by_issuer_at` ON `assertions`
WHEN (OLD.`accept_status` = 2 AND OLD.`deleted_by_owner_at` IS NULL AND OLD.`deleted_by_issuer_at` IS NULL)
  != (NEW.`accept_status` = 2 AND NEW.`deleted_by_owner_at` IS NULL AND NEW.`deleted_by_issuer_at` IS NULL)
BEGIN
  UPDATE `badge_classes` SET `recipients_count` = `recipients_count` +
    CASE WHEN NEW.`accept_status` = 2 AND NEW.`deleted_by_owner_at` IS NULL AND NEW.`deleted_by_issuer_at` IS NULL THEN 1 ELSE -1 END
  WHERE `id` = NEW.`badge_class_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `assertions_recipients_delete` AFTER DELETE ON `assertions`
WHEN OLD.`accept_status` = 2 AND OLD.`deleted_by_owner_at` IS NULL AND OLD.`deleted_by_issuer_at` IS NULL
BEGIN
  UPDATE `badge_classes` SET `recipients_count` = `recipients_count` - 1 WHERE `id` = OLD.`badge_class_id`;
END;

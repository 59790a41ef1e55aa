ALTER TABLE `tags` ADD `public_badge_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A skill's count of discoverable badge classes, so a skill search reads one row per skill instead
-- of joining every class that carries it (issue 9's benchmark: 9 ms of a 2-character search).
CREATE TRIGGER `badge_search_tags_insert` AFTER INSERT ON `badge_search` BEGIN
  UPDATE `tags` SET `public_badge_count` = `public_badge_count` + 1
  WHERE `id` IN (SELECT `tag_id` FROM `badge_class_tags` WHERE `badge_class_id` = NEW.`badge_class_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `badge_search_tags_delete` AFTER DELETE ON `badge_search` BEGIN
  UPDATE `tags` SET `public_badge_count` = `public_badge_count` - 1
  WHERE `id` IN (SELECT `tag_id` FROM `badge_class_tags` WHERE `badge_class_id` = OLD.`badge_class_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `badge_class_tags_count_insert` AFTER INSERT ON `badge_class_tags`
WHEN EXISTS (SELECT 1 FROM `badge_search` WHERE `badge_class_id` = NEW.`badge_class_id`)
BEGIN
  UPDATE `tags` SET `public_badge_count` = `public_badge_count` + 1 WHERE `id` = NEW.`tag_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `badge_class_tags_count_delete` AFTER DELETE ON `badge_class_tags`
WHEN EXISTS (SELECT 1 FROM `badge_search` WHERE `badge_class_id` = OLD.`badge_class_id`)
BEGIN
  UPDATE `tags` SET `public_badge_count` = `public_badge_count` - 1 WHERE `id` = OLD.`tag_id`;
END;
--> statement-breakpoint
-- A class removed outright (not only marked deleted) leaves the index too.
CREATE TRIGGER `badge_classes_search_delete` AFTER DELETE ON `badge_classes` BEGIN
  DELETE FROM `badge_search` WHERE `badge_class_id` = OLD.`id`;
END;
--> statement-breakpoint
UPDATE `tags` SET `public_badge_count` = (
  SELECT COUNT(*) FROM `badge_class_tags` bt JOIN `badge_search` s ON s.`badge_class_id` = bt.`badge_class_id`
  WHERE bt.`tag_id` = `tags`.`id`
);

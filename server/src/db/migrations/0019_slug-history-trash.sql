-- A row moved to the Trash keeps its former slugs (its addresses redirect again once it is restored); they go
-- when it is deleted forever, or when a row is deleted without the Trash.
DROP TRIGGER `projects_slug_history_delete`;
--> statement-breakpoint
CREATE TRIGGER `projects_slug_history_delete` AFTER DELETE ON `projects`
WHEN NOT EXISTS (SELECT 1 FROM `trash_items` WHERE `id` = OLD.id) BEGIN
  DELETE FROM `slug_history` WHERE `entity_type` = 'project' AND `entity_id` = OLD.id;
END;
--> statement-breakpoint
DROP TRIGGER `blog_posts_slug_history_delete`;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_slug_history_delete` AFTER DELETE ON `blog_posts`
WHEN NOT EXISTS (SELECT 1 FROM `trash_items` WHERE `id` = OLD.id) BEGIN
  DELETE FROM `slug_history` WHERE `entity_type` = 'blog_post' AND `entity_id` = OLD.id;
END;
--> statement-breakpoint
DROP TRIGGER `services_slug_history_delete`;
--> statement-breakpoint
CREATE TRIGGER `services_slug_history_delete` AFTER DELETE ON `services`
WHEN NOT EXISTS (SELECT 1 FROM `trash_items` WHERE `id` = OLD.id) BEGIN
  DELETE FROM `slug_history` WHERE `entity_type` = 'service' AND `entity_id` = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `trash_items_slug_history_delete` AFTER DELETE ON `trash_items`
WHEN OLD.entity_type IN ('project', 'blog_post', 'service')
  AND NOT EXISTS (SELECT 1 FROM `projects` WHERE `id` = OLD.id)
  AND NOT EXISTS (SELECT 1 FROM `blog_posts` WHERE `id` = OLD.id)
  AND NOT EXISTS (SELECT 1 FROM `services` WHERE `id` = OLD.id) BEGIN
  DELETE FROM `slug_history` WHERE `entity_type` = OLD.entity_type AND `entity_id` = OLD.id;
END;

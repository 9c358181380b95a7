CREATE TABLE `slug_history` (
	`entity_type` text NOT NULL,
	`slug` text NOT NULL,
	`entity_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`entity_type`, `slug`)
);
--> statement-breakpoint
CREATE INDEX `slug_history_entity_idx` ON `slug_history` (`entity_id`);--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `slug` text;--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
ALTER TABLE `projects` ADD `slug` text;--> statement-breakpoint
CREATE UNIQUE INDEX `projects_slug_unique` ON `projects` (`slug`);--> statement-breakpoint
ALTER TABLE `services` ADD `slug` text;--> statement-breakpoint
CREATE UNIQUE INDEX `services_slug_unique` ON `services` (`slug`);--> statement-breakpoint
-- hand-written
UPDATE `projects` SET `slug` = s.slug FROM (
  SELECT id, CASE WHEN row_number() OVER (PARTITION BY base ORDER BY created_at, id) = 1 THEN base
    ELSE base || '-' || substr(id, 1, 8) END AS slug
  FROM (SELECT id, created_at, CASE WHEN b = '' OR b GLOB '*[^a-z0-9-]*' THEN 'project-' || substr(id, 1, 8) ELSE b END AS base
    FROM (SELECT id, created_at, trim(substr(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(trim(title)), ' ', '-'), ',', '-'), '.', '-'), ':', '-'), ';', '-'), '!', '-'), '?', '-'), '''', '-'), '’', '-'), '‘', '-'), '"', '-'), '“', '-'), '”', '-'), '(', '-'), ')', '-'), '[', '-'), ']', '-'), '/', '-'), '\', '-'), '&', '-'), '+', '-'), '–', '-'), '—', '-'), '_', '-'), '#', '-'), '@', '-'), '*', '-'), '%', '-'), '=', '-'), '~', '-'), '|', '-'), '<', '-'), '>', '-'), '^', '-'), '$', '-'), '{', '-'), '}', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '-'), 1, 80), '-') AS b FROM `projects`))
) AS s WHERE s.id = `projects`.id AND `projects`.slug IS NULL;
--> statement-breakpoint
CREATE TRIGGER `projects_slug_history` AFTER UPDATE OF `slug` ON `projects`
WHEN OLD.slug IS NOT NULL AND OLD.slug IS NOT NEW.slug BEGIN
  INSERT OR REPLACE INTO `slug_history` (`entity_type`, `slug`, `entity_id`) VALUES ('project', OLD.slug, OLD.id);
END;
--> statement-breakpoint
CREATE TRIGGER `projects_slug_history_delete` AFTER DELETE ON `projects` BEGIN
  DELETE FROM `slug_history` WHERE `entity_type` = 'project' AND `entity_id` = OLD.id;
END;
--> statement-breakpoint
UPDATE `blog_posts` SET `slug` = s.slug FROM (
  SELECT id, CASE WHEN row_number() OVER (PARTITION BY base ORDER BY created_at, id) = 1 THEN base
    ELSE base || '-' || substr(id, 1, 8) END AS slug
  FROM (SELECT id, created_at, CASE WHEN b = '' OR b GLOB '*[^a-z0-9-]*' THEN 'post-' || substr(id, 1, 8) ELSE b END AS base
    FROM (SELECT id, created_at, trim(substr(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(trim(title)), ' ', '-'), ',', '-'), '.', '-'), ':', '-'), ';', '-'), '!', '-'), '?', '-'), '''', '-'), '’', '-'), '‘', '-'), '"', '-'), '“', '-'), '”', '-'), '(', '-'), ')', '-'), '[', '-'), ']', '-'), '/', '-'), '\', '-'), '&', '-'), '+', '-'), '–', '-'), '—', '-'), '_', '-'), '#', '-'), '@', '-'), '*', '-'), '%', '-'), '=', '-'), '~', '-'), '|', '-'), '<', '-'), '>', '-'), '^', '-'), '$', '-'), '{', '-'), '}', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '-'), 1, 80), '-') AS b FROM `blog_posts`))
) AS s WHERE s.id = `blog_posts`.id AND `blog_posts`.slug IS NULL;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_slug_history` AFTER UPDATE OF `slug` ON `blog_posts`
WHEN OLD.slug IS NOT NULL AND OLD.slug IS NOT NEW.slug BEGIN
  INSERT OR REPLACE INTO `slug_history` (`entity_type`, `slug`, `entity_id`) VALUES ('blog_post', OLD.slug, OLD.id);
END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_slug_history_delete` AFTER DELETE ON `blog_posts` BEGIN
  DELETE FROM `slug_history` WHERE `entity_type` = 'blog_post' AND `entity_id` = OLD.id;
END;
--> statement-breakpoint
UPDATE `services` SET `slug` = s.slug FROM (
  SELECT id, CASE WHEN row_number() OVER (PARTITION BY base ORDER BY created_at, id) = 1 THEN base
    ELSE base || '-' || substr(id, 1, 8) END AS slug
  FROM (SELECT id, created_at, CASE WHEN b = '' OR b GLOB '*[^a-z0-9-]*' THEN 'service-' || substr(id, 1, 8) ELSE b END AS base
    FROM (SELECT id, created_at, trim(substr(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(trim(name)), ' ', '-'), ',', '-'), '.', '-'), ':', '-'), ';', '-'), '!', '-'), '?', '-'), '''', '-'), '’', '-'), '‘', '-'), '"', '-'), '“', '-'), '”', '-'), '(', '-'), ')', '-'), '[', '-'), ']', '-'), '/', '-'), '\', '-'), '&', '-'), '+', '-'), '–', '-'), '—', '-'), '_', '-'), '#', '-'), '@', '-'), '*', '-'), '%', '-'), '=', '-'), '~', '-'), '|', '-'), '<', '-'), '>', '-'), '^', '-'), '$', '-'), '{', '-'), '}', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '-'), 1, 80), '-') AS b FROM `services`))
) AS s WHERE s.id = `services`.id AND `services`.slug IS NULL;
--> statement-breakpoint
CREATE TRIGGER `services_slug_history` AFTER UPDATE OF `slug` ON `services`
WHEN OLD.slug IS NOT NULL AND OLD.slug IS NOT NEW.slug BEGIN
  INSERT OR REPLACE INTO `slug_history` (`entity_type`, `slug`, `entity_id`) VALUES ('service', OLD.slug, OLD.id);
END;
--> statement-breakpoint
CREATE TRIGGER `services_slug_history_delete` AFTER DELETE ON `services` BEGIN
  DELETE FROM `slug_history` WHERE `entity_type` = 'service' AND `entity_id` = OLD.id;
END;

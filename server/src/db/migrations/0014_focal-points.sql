ALTER TABLE `projects` ADD `image_focus` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `media_files` ADD `focus_x` real DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE `media_files` ADD `focus_y` real DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE `media_files` ADD `source_id` text;
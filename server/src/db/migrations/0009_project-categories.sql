CREATE TABLE `project_categories` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`position` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `project_categories_slug_idx` ON `project_categories` (`slug`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_projects` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`category` text NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`client` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`project_type` text DEFAULT 'project' NOT NULL,
	`thumbnail` text,
	`images` text DEFAULT '[]' NOT NULL,
	`image_alts` text DEFAULT '{}' NOT NULL,
	`completion_date` text,
	`featured` integer DEFAULT false NOT NULL,
	`user_id` text,
	`review_status` text,
	`review_note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "projects_status_check" CHECK("status" IN ('published', 'draft')),
	CONSTRAINT "projects_type_check" CHECK("project_type" IN ('project', 'proposal'))
);
--> statement-breakpoint
INSERT INTO `__new_projects`("id", "title", "description", "category", "location", "client", "status", "project_type", "thumbnail", "images", "image_alts", "completion_date", "featured", "user_id", "review_status", "review_note", "created_at", "updated_at") SELECT "id", "title", "description", "category", "location", "client", "status", "project_type", "thumbnail", "images", "image_alts", "completion_date", "featured", "user_id", "review_status", "review_note", "created_at", "updated_at" FROM `projects`;--> statement-breakpoint
DROP TABLE `projects`;--> statement-breakpoint
ALTER TABLE `__new_projects` RENAME TO `projects`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `projects_status_category_created_idx` ON `projects` (`status`,`category`,`created_at`);--> statement-breakpoint
CREATE INDEX `projects_status_featured_created_idx` ON `projects` (`status`,`featured`,`created_at`);--> statement-breakpoint
CREATE INDEX `projects_created_idx` ON `projects` (`created_at`);--> statement-breakpoint
-- hand-written
-- The spec's five categories (the values the projects' old CHECK allowed), with its tabs' names, in its order.
INSERT INTO `project_categories` (`id`, `slug`, `name`, `position`) VALUES
	('21c07f7e-4554-4320-9870-5d2d60dc47d6', 'residential', 'Residential', 0),
	('49968b7b-0c27-406d-8960-a37f0b10331c', 'commercial', 'Commercial', 1),
	('22b3d790-3df5-491c-9cd9-33e2354a1785', 'landscape', 'Landscape', 2),
	('9727c1aa-fd53-463e-aa6e-ec8381cf3d04', 'interior', 'Interior', 3),
	('911c9039-c568-41e1-8854-f128e0f5a156', 'urban', 'Urban', 4);

CREATE TABLE `trash_items` (
	`id` text PRIMARY KEY NOT NULL,
	`entity_type` text NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`data` text NOT NULL,
	`media_path` text,
	`keep_files` integer DEFAULT false NOT NULL,
	`deleted_by` text,
	`deleted_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `trash_items_deleted_idx` ON `trash_items` (`deleted_at`);--> statement-breakpoint
CREATE INDEX `trash_items_media_idx` ON `trash_items` (`media_path`);--> statement-breakpoint
CREATE TABLE `trash_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`keep_days` integer DEFAULT 30 NOT NULL,
	CONSTRAINT "trash_settings_single_row" CHECK("id" IN ('1'))
);

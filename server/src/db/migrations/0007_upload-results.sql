CREATE TABLE `upload_results` (
	`id` text PRIMARY KEY NOT NULL,
	`media_id` text NOT NULL,
	`deduplicated` integer NOT NULL,
	`upload_length` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`media_id`) REFERENCES `media_files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `upload_results_created_idx` ON `upload_results` (`created_at`);--> statement-breakpoint
CREATE INDEX `upload_results_media_idx` ON `upload_results` (`media_id`);
CREATE TABLE `revision_retention` (
	`id` integer PRIMARY KEY NOT NULL,
	`keep` text DEFAULT 'all' NOT NULL,
	`count` integer DEFAULT 50 NOT NULL,
	CONSTRAINT "revision_retention_single_row" CHECK("id" IN ('1')),
	CONSTRAINT "revision_retention_keep" CHECK("keep" IN ('all', 'last', 'days'))
);
--> statement-breakpoint
CREATE TABLE `revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`mark` text NOT NULL,
	`actor_id` text,
	`changed_fields` text DEFAULT '[]' NOT NULL,
	`data` blob NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `revisions_entity_idx` ON `revisions` (`entity_type`,`entity_id`,`id`);--> statement-breakpoint
CREATE INDEX `revisions_created_idx` ON `revisions` (`created_at`);
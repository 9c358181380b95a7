CREATE TABLE `backup_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`trigger` text NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`started_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`finished_at` text,
	CONSTRAINT "backup_runs_status_check" CHECK("status" IN ('running', 'ok', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `backup_runs_started_idx` ON `backup_runs` (`started_at`);--> statement-breakpoint
CREATE TABLE `backup_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`time` text DEFAULT '02:00' NOT NULL,
	`keep_daily` integer DEFAULT 7 NOT NULL,
	`keep_weekly` integer DEFAULT 4 NOT NULL,
	CONSTRAINT "backup_settings_single_row" CHECK("id" IN ('1'))
);

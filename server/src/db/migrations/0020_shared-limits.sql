CREATE TABLE `post_views_seen` (
	`day` text NOT NULL,
	`post_id` text NOT NULL,
	`visitor` text NOT NULL,
	PRIMARY KEY(`day`, `post_id`, `visitor`)
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`name` text NOT NULL,
	`key` text NOT NULL,
	`count` integer NOT NULL,
	`reset_at` text NOT NULL,
	PRIMARY KEY(`name`, `key`)
);

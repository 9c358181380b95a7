CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	`accepted_at` text,
	`canceled_at` text,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "invitations_role_check" CHECK("role" IN ('owner', 'admin', 'editor', 'contributor'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_hash_unique` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invitations_email_idx` ON `invitations` (`email`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text,
	`last_name` text,
	`avatar_url` text,
	`role` text DEFAULT 'user' NOT NULL,
	`notify_reviews` integer DEFAULT false NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "profiles_role_check" CHECK("role" IN ('user', 'owner', 'admin', 'editor', 'contributor'))
);
--> statement-breakpoint
INSERT INTO `__new_profiles`("id", "first_name", "last_name", "avatar_url", "role", "updated_at") SELECT "id", "first_name", "last_name", "avatar_url", "role", "updated_at" FROM `profiles`;--> statement-breakpoint
DROP TABLE `profiles`;--> statement-breakpoint
ALTER TABLE `__new_profiles` RENAME TO `profiles`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `profiles_role_idx` ON `profiles` (`role`);--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_one_owner` ON `profiles` (`role`) WHERE "profiles"."role" = 'owner';--> statement-breakpoint
ALTER TABLE `sessions` ADD `password_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `deactivated_at` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `review_status` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `review_note` text;--> statement-breakpoint
ALTER TABLE `projects` ADD `review_status` text;--> statement-breakpoint
ALTER TABLE `projects` ADD `review_note` text;--> statement-breakpoint
ALTER TABLE `services` ADD `author_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `require_mfa_for` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `team_members` ADD `author_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `youtube_videos` ADD `author_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
-- The studio's first admin becomes its owner; the admin-MFA switch becomes the "require for" setting.
UPDATE `profiles` SET `role` = 'owner' WHERE `id` = (
	SELECT p.`id` FROM `profiles` p JOIN `users` u ON u.`id` = p.`id` WHERE p.`role` = 'admin' ORDER BY u.`created_at`, u.`id` LIMIT 1
);--> statement-breakpoint
UPDATE `site_settings` SET `require_mfa_for` = 'admins' WHERE `require_admin_mfa` = 1;

CREATE TABLE `login_attempts` (
	`key` text PRIMARY KEY NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`first_attempt_at` text NOT NULL,
	`locked_until` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_attempts_updated_idx` ON `login_attempts` (`updated_at`);--> statement-breakpoint
CREATE TABLE `mfa_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`factor_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`verified_at` text,
	FOREIGN KEY (`factor_id`) REFERENCES `mfa_factors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mfa_challenges_factor_idx` ON `mfa_challenges` (`factor_id`);--> statement-breakpoint
CREATE TABLE `mfa_factors` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`factor_type` text NOT NULL,
	`friendly_name` text,
	`secret` text NOT NULL,
	`status` text DEFAULT 'unverified' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "mfa_factors_type_check" CHECK("factor_type" IN ('totp', 'phone')),
	CONSTRAINT "mfa_factors_status_check" CHECK("status" IN ('unverified', 'verified'))
);
--> statement-breakpoint
CREATE INDEX `mfa_factors_user_idx` ON `mfa_factors` (`user_id`);--> statement-breakpoint
CREATE TABLE `mfa_recovery_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mfa_recovery_codes_user_idx` ON `mfa_recovery_codes` (`user_id`);--> statement-breakpoint
CREATE TABLE `one_time_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`kind` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "one_time_tokens_kind_check" CHECK("kind" IN ('confirm_signup', 'recovery', 'admin_setup'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `one_time_tokens_hash_unique` ON `one_time_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `one_time_tokens_user_idx` ON `one_time_tokens` (`user_id`,`kind`);--> statement-breakpoint
CREATE TABLE `profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text,
	`last_name` text,
	`avatar_url` text,
	`role` text DEFAULT 'user' NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "profiles_role_check" CHECK("role" IN ('user', 'admin'))
);
--> statement-breakpoint
CREATE INDEX `profiles_role_idx` ON `profiles` (`role`);--> statement-breakpoint
CREATE TABLE `refresh_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`parent_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`rotated_at` text,
	`revoked_at` text,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refresh_tokens_hash_unique` ON `refresh_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_session_idx` ON `refresh_tokens` (`session_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`user_agent` text,
	`ip` text,
	`aal` text DEFAULT 'aal1' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`refreshed_at` text,
	`revoked_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sessions_aal_check" CHECK("aal" IN ('aal1', 'aal2'))
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`email_confirmed_at` text,
	`last_sign_in_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK("users"."email" = lower(trim("users"."email")))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`excerpt` text,
	`content` text NOT NULL,
	`featured_image` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`author_id` text,
	`publish_date` text,
	`seo_keywords` text DEFAULT '[]' NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "blog_posts_status_check" CHECK("status" IN ('published', 'draft')),
	CONSTRAINT "blog_posts_views_check" CHECK("blog_posts"."views" >= 0)
);
--> statement-breakpoint
CREATE INDEX `blog_posts_status_publish_idx` ON `blog_posts` (`status`,`publish_date`);--> statement-breakpoint
CREATE INDEX `blog_posts_created_idx` ON `blog_posts` (`created_at`);--> statement-breakpoint
CREATE TABLE `inquiries` (
	`id` text PRIMARY KEY NOT NULL,
	`client_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`subject` text NOT NULL,
	`project_type` text NOT NULL,
	`budget` text,
	`message` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "inquiries_status_check" CHECK("status" IN ('new', 'in_progress', 'closed'))
);
--> statement-breakpoint
CREATE INDEX `inquiries_status_created_idx` ON `inquiries` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `inquiries_created_idx` ON `inquiries` (`created_at`);--> statement-breakpoint
CREATE TABLE `projects` (
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
	`completion_date` text,
	`featured` integer DEFAULT false NOT NULL,
	`user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "projects_category_check" CHECK("category" IN ('residential', 'commercial', 'landscape', 'interior', 'urban')),
	CONSTRAINT "projects_status_check" CHECK("status" IN ('published', 'draft')),
	CONSTRAINT "projects_type_check" CHECK("project_type" IN ('project', 'proposal'))
);
--> statement-breakpoint
CREATE INDEX `projects_status_category_created_idx` ON `projects` (`status`,`category`,`created_at`);--> statement-breakpoint
CREATE INDEX `projects_status_featured_created_idx` ON `projects` (`status`,`featured`,`created_at`);--> statement-breakpoint
CREATE INDEX `projects_created_idx` ON `projects` (`created_at`);--> statement-breakpoint
CREATE TABLE `services` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`icon` text,
	`image` text,
	`price_range` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `services_active_name_idx` ON `services` (`is_active`,`name`);--> statement-breakpoint
CREATE INDEX `services_name_idx` ON `services` (`name`);--> statement-breakpoint
CREATE TABLE `site_settings` (
	`id` text PRIMARY KEY DEFAULT 'default' NOT NULL,
	`site_name` text NOT NULL,
	`site_description` text NOT NULL,
	`contact_email` text NOT NULL,
	`contact_phone` text NOT NULL,
	`office_address` text NOT NULL,
	`footer_text` text NOT NULL,
	`show_social_links` integer DEFAULT true NOT NULL,
	`facebook_url` text NOT NULL,
	`twitter_url` text NOT NULL,
	`instagram_url` text NOT NULL,
	`linkedin_url` text NOT NULL,
	`founded_year` integer NOT NULL,
	`opening_hours` text NOT NULL,
	`price_range` text NOT NULL,
	`theme_color` text NOT NULL,
	`require_admin_mfa` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK("site_settings"."id" = 'default')
);
--> statement-breakpoint
CREATE TABLE `team_members` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`image` text,
	`quote` text,
	`facebook_url` text,
	`instagram_url` text,
	`linkedin_url` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `team_members_created_idx` ON `team_members` (`created_at`);--> statement-breakpoint
CREATE TABLE `youtube_videos` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`url` text NOT NULL,
	`description` text,
	`project_type` text DEFAULT 'project' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "youtube_videos_type_check" CHECK("project_type" IN ('project', 'proposal'))
);
--> statement-breakpoint
CREATE INDEX `youtube_videos_active_created_idx` ON `youtube_videos` (`is_active`,`created_at`);--> statement-breakpoint
CREATE INDEX `youtube_videos_created_idx` ON `youtube_videos` (`created_at`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text,
	`details` text,
	`ip` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity_type`,`entity_id`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `media_files` (
	`id` text PRIMARY KEY NOT NULL,
	`folder_id` text,
	`bucket` text NOT NULL,
	`path` text NOT NULL,
	`content_hash` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`width` integer,
	`height` integer,
	`alt_text` text DEFAULT '' NOT NULL,
	`uploaded_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`folder_id`) REFERENCES `media_folders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "media_files_bucket_check" CHECK("bucket" IN ('projects', 'team_members', 'blog', 'avatars'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_files_bucket_path_unique` ON `media_files` (`bucket`,`path`);--> statement-breakpoint
CREATE INDEX `media_files_folder_created_idx` ON `media_files` (`folder_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `media_files_bucket_created_idx` ON `media_files` (`bucket`,`created_at`);--> statement-breakpoint
CREATE INDEX `media_files_hash_idx` ON `media_files` (`content_hash`);--> statement-breakpoint
CREATE TABLE `media_folders` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`parent_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `media_folders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_folders_parent_name_unique` ON `media_folders` (`parent_id`,`name`);
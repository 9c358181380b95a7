CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"expires_at" text NOT NULL,
	"accepted_at" text,
	"canceled_at" text,
	CONSTRAINT "invitations_role_check" CHECK ("role" IN ('owner', 'admin', 'editor', 'contributor'))
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"first_attempt_at" text NOT NULL,
	"locked_until" text,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"factor_id" text NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"verified_at" text
);
--> statement-breakpoint
CREATE TABLE "mfa_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"factor_type" text NOT NULL,
	"friendly_name" text,
	"secret" text NOT NULL,
	"status" text DEFAULT 'unverified' NOT NULL,
	"last_used_step" integer,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	CONSTRAINT "mfa_factors_type_check" CHECK ("factor_type" IN ('totp', 'phone')),
	CONSTRAINT "mfa_factors_status_check" CHECK ("status" IN ('unverified', 'verified'))
);
--> statement-breakpoint
CREATE TABLE "mfa_recovery_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"used_at" text
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"password_hash" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"expires_at" text NOT NULL,
	"used_at" text,
	CONSTRAINT "one_time_tokens_kind_check" CHECK ("kind" IN ('confirm_signup', 'recovery', 'admin_setup'))
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"first_name" text,
	"last_name" text,
	"avatar_url" text,
	"role" text DEFAULT 'user' NOT NULL,
	"notify_reviews" boolean DEFAULT false NOT NULL,
	"notify_inquiries" boolean DEFAULT false NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	CONSTRAINT "profiles_role_check" CHECK ("role" IN ('user', 'owner', 'admin', 'editor', 'contributor'))
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"parent_id" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"rotated_at" text,
	"revoked_at" text
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"user_agent" text,
	"ip" text,
	"aal" text DEFAULT 'aal1' NOT NULL,
	"method" text DEFAULT 'password' NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"password_at" text,
	"refreshed_at" text,
	"revoked_at" text,
	CONSTRAINT "sessions_aal_check" CHECK ("aal" IN ('aal1', 'aal2'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"email_confirmed_at" text,
	"last_sign_in_at" text,
	"deactivated_at" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower(trim("users"."email")))
);
--> statement-breakpoint
CREATE TABLE "backup_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"started_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"finished_at" text,
	CONSTRAINT "backup_runs_status_check" CHECK ("status" IN ('running', 'ok', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "backup_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"time" text DEFAULT '02:00' NOT NULL,
	"keep_daily" integer DEFAULT 7 NOT NULL,
	"keep_weekly" integer DEFAULT 4 NOT NULL,
	CONSTRAINT "backup_settings_single_row" CHECK ("id" IN ('1'))
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text,
	"excerpt" text,
	"content" text NOT NULL,
	"featured_image" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" text,
	"review_status" text,
	"review_note" text,
	"publish_date" text,
	"seo_keywords" jsonb DEFAULT '[]' NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	CONSTRAINT "blog_posts_status_check" CHECK ("status" IN ('published', 'draft')),
	CONSTRAINT "blog_posts_views_check" CHECK ("blog_posts"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" text PRIMARY KEY NOT NULL,
	"client_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"subject" text NOT NULL,
	"project_type" text NOT NULL,
	"budget" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	CONSTRAINT "inquiries_status_check" CHECK ("status" IN ('new', 'in_progress', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "inquiry_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"inquiry_id" text NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_status_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"inquiry_id" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor_id" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"client" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"project_type" text DEFAULT 'project' NOT NULL,
	"thumbnail" text,
	"images" jsonb DEFAULT '[]' NOT NULL,
	"image_alts" jsonb DEFAULT '{}' NOT NULL,
	"image_focus" jsonb DEFAULT '{}' NOT NULL,
	"completion_date" text,
	"featured" boolean DEFAULT false NOT NULL,
	"user_id" text,
	"review_status" text,
	"sample" boolean DEFAULT false NOT NULL,
	"review_note" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	CONSTRAINT "projects_status_check" CHECK ("status" IN ('published', 'draft')),
	CONSTRAINT "projects_type_check" CHECK ("project_type" IN ('project', 'proposal'))
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text,
	"description" text NOT NULL,
	"icon" text,
	"image" text,
	"price_range" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"author_id" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"site_name" text NOT NULL,
	"site_description" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"office_address" text NOT NULL,
	"footer_text" text NOT NULL,
	"show_social_links" boolean DEFAULT true NOT NULL,
	"facebook_url" text NOT NULL,
	"twitter_url" text NOT NULL,
	"instagram_url" text NOT NULL,
	"linkedin_url" text NOT NULL,
	"founded_year" integer NOT NULL,
	"opening_hours" text NOT NULL,
	"price_range" text NOT NULL,
	"theme_color" text NOT NULL,
	"logo_light_url" text,
	"logo_dark_url" text,
	"favicon_url" text,
	"texts" jsonb DEFAULT '{"city":"Lilongwe","hero_line":"Established {founded} · {city}","about_intro":"We are an architecture, interior and urban design studio in {city}. Since {founded} we have designed homes, workplaces, lodges and public spaces across Malawi that are comfortable in its climate, built from what is close to hand, and made to be looked after for generations.","story_title":"A veranda, a tree, and everything that follows","story_lede":"Every good house in Malawi has its veranda: the shaded place in front where guests are welcomed, work gets done and the day cools down. That is where our way of designing begins.","story_text":"{name} was founded in {city} in {founded} on a simple conviction: that a good building here owes more to the sun, the wind and the rains than to any catalogue. Today we are a small team of architects, interior designers and planners, working from a first sketch on site to the day the keys are handed over.","vision":"Towns and homes across Malawi that are cool without air conditioning, built with local materials and local hands, and generous to the people who walk past them as well as those who live inside. We want every project to leave its street a little better than it found it.","approach":"We listen first: to clients, neighbours, councillors and builders. We study the plot through a full day of sun before we draw, test our ideas in models and on site, and keep budgets honest by designing with what is close to hand. Then we stay until the work is built properly.","principles":[{"title":"Climate first","text":"Deep verandas, cross-ventilation, shade and thermal mass before any machine. Our buildings stay cool in October and dry in the rains."},{"title":"Close to hand","text":"Local brick, soil blocks, hardwoods and the skill of the builders around the site: lower costs, simpler maintenance, and money that stays nearby."},{"title":"On site, every week","text":"Drawings are a promise; site is where we keep it. We inspect the work regularly and certify only what is properly built."}],"intro_services":"One studio from the first sketch to the last site visit. We design buildings, interiors, landscapes and neighbourhoods that suit Malawi’s climate, its materials and the people who use them, and we stay with every project until it is built well.","intro_team":"Architects, designers and planners who grew up in the places they now design for, and who still spend more of the week on site than behind a screen.","intro_videos":"Walk through finished buildings and fly over proposals still on the drawing board, in short films made with the people who use them.","intro_contact":"Tell us about your plot, your building or your neighbourhood. A first conversation is free, and the earlier we talk, the more we can help.","intro_projects_page":"Homes, workplaces, landscapes, interiors and public space: buildings shaped by the sun, the wind and the rain of their particular place, and built with local hands.","intro_services_page":"From a single room to a new neighbourhood, every commission gets the same care: a close reading of the site and its climate, honest budgets, and a studio that stays with the work until it is built.","intro_blog_page":"Notes from the studio on architecture, interiors, materials and the making of better streets and neighbourhoods in Malawi.","intro_contact_page":"Planning a home, a workplace, a lodge or a public space? Write to us, call, or visit the studio in {city}. We answer every message ourselves.","projects_cta_title":"Have a site, a brief or simply an idea?","projects_cta_text":"Tell us about it, and we will arrange a first conversation on site or in the studio.","map_hint":"Call ahead and we will have the right people and drawings ready for you.","office_hours":[{"days":"Monday - Friday","hours":"9AM - 6PM"},{"days":"Saturday","hours":"10AM - 4PM"},{"days":"Sunday","hours":"Closed"}],"budget_currency":"$","budget_ranges":[{"value":"under-50k","label":"Under {currency}50,000"},{"value":"50k-100k","label":"{currency}50,000 - {currency}100,000"},{"value":"100k-250k","label":"{currency}100,000 - {currency}250,000"},{"value":"250k-500k","label":"{currency}250,000 - {currency}500,000"},{"value":"500k-1m","label":"{currency}500,000 - {currency}1,000,000"},{"value":"over-1m","label":"Over {currency}1,000,000"}]}' NOT NULL,
	"require_mfa_for" text DEFAULT 'none' NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 'default')
);
--> statement-breakpoint
CREATE TABLE "slug_history" (
	"entity_type" text NOT NULL,
	"slug" text NOT NULL,
	"entity_id" text NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	CONSTRAINT "slug_history_entity_type_slug_pk" PRIMARY KEY("entity_type","slug")
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"image" text,
	"quote" text,
	"facebook_url" text,
	"instagram_url" text,
	"sample" boolean DEFAULT false NOT NULL,
	"linkedin_url" text,
	"author_id" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_videos" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"project_type" text DEFAULT 'project' NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"author_id" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	CONSTRAINT "youtube_videos_type_check" CHECK ("project_type" IN ('project', 'proposal'))
);
--> statement-breakpoint
CREATE TABLE "imported_items" (
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"target" text NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	CONSTRAINT "imported_items_source_kind_source_key_pk" PRIMARY KEY("source","kind","source_key")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"link" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" text NOT NULL,
	"last_error" text,
	"sent_at" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"details" jsonb,
	"ip" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" text PRIMARY KEY NOT NULL,
	"folder_id" text,
	"bucket" text NOT NULL,
	"path" text NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"content_hash" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"alt_text" text DEFAULT '' NOT NULL,
	"focus_x" double precision DEFAULT 0.5 NOT NULL,
	"focus_y" double precision DEFAULT 0.5 NOT NULL,
	"source_id" text,
	"decorative" boolean DEFAULT false NOT NULL,
	"uploaded_by" text,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	CONSTRAINT "media_files_bucket_check" CHECK ("bucket" IN ('projects', 'team_members', 'blog', 'avatars'))
);
--> statement-breakpoint
CREATE TABLE "media_folders" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_redirects" (
	"from_path" text PRIMARY KEY NOT NULL,
	"to_path" text NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revision_retention" (
	"id" integer PRIMARY KEY NOT NULL,
	"keep" text DEFAULT 'all' NOT NULL,
	"count" integer DEFAULT 50 NOT NULL,
	CONSTRAINT "revision_retention_single_row" CHECK ("id" IN ('1')),
	CONSTRAINT "revision_retention_keep" CHECK ("keep" IN ('all', 'last', 'days'))
);
--> statement-breakpoint
CREATE TABLE "revisions" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"mark" text NOT NULL,
	"actor_id" text,
	"changed_fields" jsonb DEFAULT '[]' NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trash_items" (
	"id" text PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"data" jsonb NOT NULL,
	"media_path" text,
	"keep_files" boolean DEFAULT false NOT NULL,
	"deleted_by" text,
	"deleted_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trash_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"keep_days" integer DEFAULT 30 NOT NULL,
	CONSTRAINT "trash_settings_single_row" CHECK ("id" IN ('1'))
);
--> statement-breakpoint
CREATE TABLE "upload_results" (
	"id" text PRIMARY KEY NOT NULL,
	"media_id" text NOT NULL,
	"deduplicated" boolean NOT NULL,
	"upload_length" bigint NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_factor_id_mfa_factors_id_fk" FOREIGN KEY ("factor_id") REFERENCES "public"."mfa_factors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD CONSTRAINT "mfa_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_notes" ADD CONSTRAINT "inquiry_notes_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_notes" ADD CONSTRAINT "inquiry_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_status_changes" ADD CONSTRAINT "inquiry_status_changes_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_status_changes" ADD CONSTRAINT "inquiry_status_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_videos" ADD CONSTRAINT "youtube_videos_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_folder_id_media_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."media_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_folders" ADD CONSTRAINT "media_folders_parent_id_media_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."media_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trash_items" ADD CONSTRAINT "trash_items_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_results" ADD CONSTRAINT "upload_results_media_id_media_files_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_unique" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "login_attempts_updated_idx" ON "login_attempts" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "mfa_challenges_factor_idx" ON "mfa_challenges" USING btree ("factor_id");--> statement-breakpoint
CREATE INDEX "mfa_factors_user_idx" ON "mfa_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mfa_recovery_codes_user_idx" ON "mfa_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_hash_unique" ON "one_time_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_idx" ON "one_time_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "profiles_role_idx" ON "profiles" USING btree ("role");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_one_owner" ON "profiles" USING btree ("role") WHERE "profiles"."role" = 'owner';--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_unique" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "blog_posts_status_publish_idx" ON "blog_posts" USING btree ("status","publish_date");--> statement-breakpoint
CREATE INDEX "blog_posts_created_idx" ON "blog_posts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_unique" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "inquiries_status_created_idx" ON "inquiries" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "inquiries_created_idx" ON "inquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "inquiry_notes_inquiry_idx" ON "inquiry_notes" USING btree ("inquiry_id","created_at");--> statement-breakpoint
CREATE INDEX "inquiry_status_changes_inquiry_idx" ON "inquiry_status_changes" USING btree ("inquiry_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_categories_slug_idx" ON "project_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "projects_status_category_created_idx" ON "projects" USING btree ("status","category","created_at");--> statement-breakpoint
CREATE INDEX "projects_status_featured_created_idx" ON "projects" USING btree ("status","featured","created_at");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_slug_unique" ON "projects" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "services_active_name_idx" ON "services" USING btree ("is_active","name");--> statement-breakpoint
CREATE INDEX "services_name_idx" ON "services" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "services_slug_unique" ON "services" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "slug_history_entity_idx" ON "slug_history" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "team_members_created_idx" ON "team_members" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "youtube_videos_active_created_idx" ON "youtube_videos" USING btree ("is_active","created_at");--> statement-breakpoint
CREATE INDEX "youtube_videos_created_idx" ON "youtube_videos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("sent_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_files_bucket_path_unique" ON "media_files" USING btree ("bucket","path");--> statement-breakpoint
CREATE INDEX "media_files_folder_created_idx" ON "media_files" USING btree ("folder_id","created_at");--> statement-breakpoint
CREATE INDEX "media_files_bucket_created_idx" ON "media_files" USING btree ("bucket","created_at");--> statement-breakpoint
CREATE INDEX "media_files_hash_idx" ON "media_files" USING btree ("content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "media_folders_parent_name_unique" ON "media_folders" USING btree ("parent_id","name");--> statement-breakpoint
CREATE INDEX "revisions_entity_idx" ON "revisions" USING btree ("entity_type","entity_id","id");--> statement-breakpoint
CREATE INDEX "revisions_created_idx" ON "revisions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trash_items_deleted_idx" ON "trash_items" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "trash_items_media_idx" ON "trash_items" USING btree ("media_path");--> statement-breakpoint
CREATE INDEX "upload_results_created_idx" ON "upload_results" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "upload_results_media_idx" ON "upload_results" USING btree ("media_id");--> statement-breakpoint
-- hand-written
-- What a fresh SQLite database gets from its migrations' hand-written SQL (0004, 0009): the spec's five
-- project categories in its order, and the Project Images folder. Their backfills (0010's sample flags,
-- 0011's footer, 0013's slugs) change rows a new database does not have; migrate-to-postgres copies rows
-- already backfilled by the SQLite migrations.
INSERT INTO "project_categories" ("id", "slug", "name", "position") VALUES
	('21c07f7e-4554-4320-9870-5d2d60dc47d6', 'residential', 'Residential', 0),
	('49968b7b-0c27-406d-8960-a37f0b10331c', 'commercial', 'Commercial', 1),
	('22b3d790-3df5-491c-9cd9-33e2354a1785', 'landscape', 'Landscape', 2),
	('9727c1aa-fd53-463e-aa6e-ec8381cf3d04', 'interior', 'Interior', 3),
	('911c9039-c568-41e1-8854-f128e0f5a156', 'urban', 'Urban', 4);
--> statement-breakpoint
INSERT INTO "media_folders" ("id", "name", "parent_id") VALUES ('project-images', 'Project Images', NULL);
--> statement-breakpoint
-- The slug history's triggers (SQLite: 0013, 0019). A changed slug keeps the old one: it redirects to the row
-- (TG_ARGV[0] is the entity type).
CREATE FUNCTION "slug_history_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "slug_history" ("entity_type", "slug", "entity_id") VALUES (TG_ARGV[0], OLD.slug, OLD.id)
  ON CONFLICT ("entity_type", "slug") DO UPDATE SET "entity_id" = EXCLUDED."entity_id", "created_at" = EXCLUDED."created_at";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A row deleted without the Trash loses its former slugs; one moved to the Trash keeps them until it is deleted
-- forever. (A trigger's WHEN may not hold a subquery on PostgreSQL: the Trash is looked at in the body.)
CREATE FUNCTION "slug_history_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "trash_items" WHERE "id" = OLD.id) THEN
    DELETE FROM "slug_history" WHERE "entity_type" = TG_ARGV[0] AND "entity_id" = OLD.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "trash_items_slug_history_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "projects" WHERE "id" = OLD.id)
    AND NOT EXISTS (SELECT 1 FROM "blog_posts" WHERE "id" = OLD.id)
    AND NOT EXISTS (SELECT 1 FROM "services" WHERE "id" = OLD.id) THEN
    DELETE FROM "slug_history" WHERE "entity_type" = OLD.entity_type AND "entity_id" = OLD.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "projects_slug_history" AFTER UPDATE OF "slug" ON "projects" FOR EACH ROW
WHEN (OLD.slug IS NOT NULL AND OLD.slug IS DISTINCT FROM NEW.slug) EXECUTE FUNCTION "slug_history_keep"('project');
--> statement-breakpoint
CREATE TRIGGER "projects_slug_history_delete" AFTER DELETE ON "projects" FOR EACH ROW
EXECUTE FUNCTION "slug_history_forget"('project');
--> statement-breakpoint
CREATE TRIGGER "blog_posts_slug_history" AFTER UPDATE OF "slug" ON "blog_posts" FOR EACH ROW
WHEN (OLD.slug IS NOT NULL AND OLD.slug IS DISTINCT FROM NEW.slug) EXECUTE FUNCTION "slug_history_keep"('blog_post');
--> statement-breakpoint
CREATE TRIGGER "blog_posts_slug_history_delete" AFTER DELETE ON "blog_posts" FOR EACH ROW
EXECUTE FUNCTION "slug_history_forget"('blog_post');
--> statement-breakpoint
CREATE TRIGGER "services_slug_history" AFTER UPDATE OF "slug" ON "services" FOR EACH ROW
WHEN (OLD.slug IS NOT NULL AND OLD.slug IS DISTINCT FROM NEW.slug) EXECUTE FUNCTION "slug_history_keep"('service');
--> statement-breakpoint
CREATE TRIGGER "services_slug_history_delete" AFTER DELETE ON "services" FOR EACH ROW
EXECUTE FUNCTION "slug_history_forget"('service');
--> statement-breakpoint
CREATE TRIGGER "trash_items_slug_history_delete" AFTER DELETE ON "trash_items" FOR EACH ROW
WHEN (OLD.entity_type IN ('project', 'blog_post', 'service')) EXECUTE FUNCTION "trash_items_slug_history_forget"();

import { z } from 'zod';
import { PageParam, paginated, Timestamp } from './common';
import { WaitingForReview } from './review';

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'feature',
  'status',
  // The review step: a draft submitted for review, or sent back to its author with a note.
  'submit',
  'return',
  // People: invitations and the staff's accounts.
  'invite',
  'resend',
  'cancel',
  'accept',
  'role',
  'deactivate',
  'reactivate',
  'transfer',
  // An inquiry's internal note added or deleted.
  'note',
  'unnote',
  // "Remove sample content": the seed's sample studio removed in one go.
  'remove_sample',
  // A library file replaced everywhere it was used by another.
  'replace',
  // The Trash: an item brought back, or deleted forever (by a person, "Empty trash", or the server's purge).
  'restore',
  'purge',
  // A scheduled blog post's publish date came: it went live (recorded by the server, dated then).
  'went_live',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS, {
  error: `action must be one of ${AUDIT_ACTIONS.join(', ')}`,
});
export type AuditAction = z.infer<typeof AuditAction>;

export const AUDIT_ENTITY_TYPES = [
  'project',
  'project_category',
  'blog_post',
  'service',
  'team_member',
  'video',
  'inquiry',
  'settings',
  'media',
  'media_folder',
  'person',
  'invitation',
  'sample_content',
] as const;

/** One entry of the activity log: who did what to which entity, and which fields changed. */
export const ActivityEntry = z
  .object({
    id: z.string(),
    actor: z.object({ id: z.string(), email: z.string() }).nullable(),
    action: z.string(),
    entity_type: z.string(),
    entity_id: z.string().nullable(),
    /** The entity's title or name when it was written, for a readable list. */
    label: z.string().nullable(),
    changed_fields: z.array(z.string()),
    created_at: Timestamp,
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof ActivityEntry>;

/**
 * The dashboard's figures: cards, recent activity and the two charts, counting only what the caller may see.
 * The inquiry figures are left out for a role that may not read inquiries; the drafts waiting for review are
 * there only for a role that reviews.
 */
export const Dashboard = z
  .object({
    totals: z.object({
      /** Published projects and the caller's own drafts (every project for a role that publishes). */
      projects: z.number().int(),
      new_inquiries: z.number().int().optional(),
      blog_views: z.number().int(),
      team_members: z.number().int(),
    }),
    /**
     * Recent Activity: the Activity list's latest entries about inquiries (the 2 latest, for a role that reads
     * inquiries) and projects (the 2 latest of those the caller may see), newest first.
     */
    recent: z.array(ActivityEntry),
    /** The last 12 weeks, oldest first; weeks start on Monday (UTC), YYYY-MM-DD. */
    inquiries_per_week: z.array(z.object({ week_start: z.string(), count: z.number().int() })).optional(),
    /** Published projects per category, every category listed (0 included). */
    projects_per_category: z.array(
      z.object({ category: z.string(), name: z.string(), count: z.number().int() }),
    ),
    /** Drafts submitted for review, oldest submission first. */
    waiting_for_review: z.array(WaitingForReview).optional(),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof Dashboard>;

export const ActivityListQuery = z.object({
  page: PageParam,
  entity_type: z.string().trim().max(40).optional(),
  action: z.string().trim().max(40).optional(),
  actor_id: z.string().trim().max(100).optional(),
});
export type ActivityListQuery = z.output<typeof ActivityListQuery>;

export const ActivityList = paginated(ActivityEntry).meta({ id: 'ActivityList' });
export type ActivityList = z.infer<typeof ActivityList>;

/** What "Remove sample content" removes (before: what it would remove; after: what it removed). */
export const SampleContent = z
  .object({
    projects: z.number().int(),
    blog_posts: z.number().int(),
    services: z.number().int(),
    team_members: z.number().int(),
    videos: z.number().int(),
    media: z.number().int(),
    social_links: z.number().int(),
  })
  .meta({ id: 'SampleContent' });
export type SampleContent = z.infer<typeof SampleContent>;

/** The sample content's parts as the admin names them, in the order it lists them. */
export const SAMPLE_CONTENT_LABELS: Record<keyof SampleContent, [one: string, many: string]> = {
  projects: ['project', 'projects'],
  blog_posts: ['blog post', 'blog posts'],
  services: ['service', 'services'],
  team_members: ['team member', 'team members'],
  videos: ['video', 'videos'],
  media: ['media file', 'media files'],
  social_links: ['social link', 'social links'],
};
/** How long a preview link works: an hour. */
export const PREVIEW_LINK_SECONDS = 3600;

/** `POST /api/admin/{projects|blog-posts}/{id}/preview`: a signed link to the item in the public layout. */
export const PreviewLink = z
  .object({
    url: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'PreviewLink' });
export type PreviewLink = z.infer<typeof PreviewLink>;

import { z } from 'zod';
import { Timestamp } from './common';

/** The kinds of items a delete moves to the Trash (the audit log's entity types). */
export const TRASH_KINDS = ['project', 'blog_post', 'service', 'team_member', 'video', 'media'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

export const TRASH_KIND_LABELS: Record<TrashKind, string> = {
  project: 'Project',
  blog_post: 'Blog post',
  service: 'Service',
  team_member: 'Team member',
  video: 'Video',
  media: 'Media file',
};

/** How long the Trash keeps an item before the server deletes it forever, by default. */
export const TRASH_KEEP_DAYS = 30;

export const TRASH_MESSAGES = {
  notFound: 'This item is not in the trash',
  categoryGone: (category: string) =>
    `Its category "${category}" was deleted meanwhile: create it again, then restore the project.`,
  keepDays: 'Keep items between 1 and 365 days',
  notYours: 'A contributor may restore or delete forever only what they deleted themselves',
} as const;

export const TrashItem = z
  .object({
    /** The deleted item's own id (restoring gives it back). */
    id: z.string(),
    kind: z.enum(TRASH_KINDS),
    /** Its title or name when it was deleted. */
    label: z.string(),
    /** Its picture, when it shows one from the library (null for a media file: /media refuses it meanwhile). */
    thumbnail: z.string().nullable(),
    deleted_by: z.object({ id: z.string(), email: z.string() }).nullable(),
    deleted_at: Timestamp,
    /** Whole days until the server deletes it forever (0: at its next look). */
    days_left: z.number().int(),
  })
  .meta({ id: 'TrashItem' });
export type TrashItem = z.infer<typeof TrashItem>;

export const TrashSettings = z
  .object({
    keep_days: z
      .number({ error: TRASH_MESSAGES.keepDays })
      .int(TRASH_MESSAGES.keepDays)
      .min(1, TRASH_MESSAGES.keepDays)
      .max(365, TRASH_MESSAGES.keepDays),
  })
  .meta({ id: 'TrashSettings' });
export type TrashSettings = z.infer<typeof TrashSettings>;

/** Everything in the Trash, newest first, with how long it keeps items. */
export const TrashList = z
  .object({ items: z.array(TrashItem), keep_days: z.number().int() })
  .meta({ id: 'TrashList' });
export type TrashList = z.infer<typeof TrashList>;

/** What "Empty trash" (or a purge) deleted forever. */
export const TrashEmptied = z.object({ deleted: z.number().int() }).meta({ id: 'TrashEmptied' });
export type TrashEmptied = z.infer<typeof TrashEmptied>;

import { z } from 'zod';
import { paginated, Timestamp } from './common';

/** What a revision marks: how the saved row came to be. */
export const REVISION_MARKS = [
  'created',
  'updated',
  'published',
  'unpublished',
  'restored',
  'featured',
  'unfeatured',
  'submitted',
  'returned',
] as const;
export type RevisionMark = (typeof REVISION_MARKS)[number];

/** The entities that keep revisions, by the admin path their routes live under. */
export const REVISIONED = {
  projects: 'project',
  'blog-posts': 'blog_post',
  services: 'service',
  'team-members': 'team_member',
  videos: 'video',
  settings: 'settings',
} as const;
export type RevisionedPath = keyof typeof REVISIONED;

/** One revision in an item's history: who saved it, when, what changed, and its mark. */
export const RevisionSummary = z
  .object({
    id: z.number().int(),
    mark: z.enum(REVISION_MARKS),
    actor: z.object({ id: z.string(), name: z.string() }).nullable(),
    changed_fields: z.array(z.string()),
    created_at: Timestamp,
  })
  .meta({ id: 'RevisionSummary' });
export type RevisionSummary = z.infer<typeof RevisionSummary>;

export const RevisionList = paginated(RevisionSummary).meta({ id: 'RevisionList' });
export type RevisionList = z.infer<typeof RevisionList>;

/** A revision with the whole row as it was saved. */
export const Revision = RevisionSummary.extend({ data: z.record(z.string(), z.unknown()) }).meta({
  id: 'Revision',
});
export type Revision = z.infer<typeof Revision>;

/**
 * A restore's answer: the item as saved again, and the images the revision named that are gone from the media
 * library (left out of the restored item).
 */
export const RestoredRevision = z
  .object({ item: z.record(z.string(), z.unknown()), missing_images: z.array(z.string()) })
  .meta({ id: 'RestoredRevision' });
export type RestoredRevision = z.infer<typeof RestoredRevision>;

/** How long revisions are kept: all of them, the last `count` per item, or those of the last `count` days. */
export const REVISION_KEEP = ['all', 'last', 'days'] as const;
export const RevisionRetention = z
  .object({
    keep: z.enum(REVISION_KEEP, { error: `keep must be one of ${REVISION_KEEP.join(', ')}` }),
    count: z
      .number({ error: 'Enter a whole number from 1 to 10000' })
      .int('Enter a whole number from 1 to 10000')
      .min(1, 'Enter a whole number from 1 to 10000')
      .max(10_000, 'Enter a whole number from 1 to 10000'),
  })
  .meta({ id: 'RevisionRetention' });
export type RevisionRetention = z.infer<typeof RevisionRetention>;

export const DEFAULT_REVISION_RETENTION: RevisionRetention = { keep: 'all', count: 50 };

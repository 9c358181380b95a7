import type { SampleContent } from '@atelier/shared';
import { eq, inArray } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../db/audit';
import { changedRows, type Db, writeTransaction } from '../../db/client';
import { writeOutsideVersion } from '../../db/content-version';
import { recordRevision } from '../../db/revisions';
import {
  blogPosts,
  mediaFiles,
  projects,
  services,
  siteSettings,
  teamMembers,
  trashItems,
  youtubeVideos,
} from '../../db/schema';
import { jsonTrue } from '../../db/sql-dialect';
import { SAMPLE_SOCIAL_LINKS } from '../../lib/sample-studio';
import type { MediaUses } from '../../ports';
import { parseStoredUrl, type Storage, type StoredFile, storedUrl } from '../../storage/local';
import { removeStoredFile } from '../../storage/variants';

const TABLES = {
  projects,
  blog_posts: blogPosts,
  services,
  team_members: teamMembers,
  videos: youtubeVideos,
} as const;

type Deps = { db: Db; media: Pick<MediaUses, 'whereUsed'>; storage: Storage };

/** Thrown to roll back the preview's transaction. */
class Preview extends Error {
  constructor(readonly counts: SampleContent) {
    super('preview');
  }
}

/**
 * Removes the seed's rows (the `sample` marker, which edits keep: an edited sample item is still sample), the
 * sample media files nothing else shows any more (one the studio's own work shows stays, as the studio's,
 * without the sample's alt text), and the sample social links the owner has not changed (a settings revision,
 * as `actor`'s).
 * Everything else (settings, users, what the studio created) stays. A reset, not a delete: it does not go
 * through the Trash, and the sample items already there go too. Runs inside the caller's transaction.
 */
async function removeSampleRows(
  { db, media }: Deps,
  actor: Actor,
): Promise<{ counts: SampleContent; files: StoredFile[] }> {
  const trashedFiles = (
    await db
      .delete(trashItems)
      .where(jsonTrue(db, trashItems.data, 'sample'))
      .returning({ path: trashItems.media_path })
  ).flatMap((row) => (row.path ? (parseStoredUrl(storedUrl(row.path)) ?? []) : []));
  const counts = {} as Omit<SampleContent, 'media' | 'social_links'>;
  for (const [key, table] of Object.entries(TABLES))
    counts[key as keyof typeof counts] = changedRows(await db.delete(table).where(eq(table.sample, true)));
  const kept: { id: string; path: string }[] = [];
  const unused: { id: string; path: string }[] = [];
  for (const row of await db
    .select({ id: mediaFiles.id, path: mediaFiles.path })
    .from(mediaFiles)
    .where(eq(mediaFiles.sample, true)))
    ((await media.whereUsed(storedUrl(row.path))).length > 0 ? kept : unused).push(row);
  for (let i = 0; i < unused.length; i += 500) {
    const ids = unused.slice(i, i + 500).map((row) => row.id);
    await db.delete(mediaFiles).where(inArray(mediaFiles.id, ids));
  }
  // A sample photograph the studio uses in its own work stays, as the studio's; its sample alt text (which
  // names a sample project) goes with the sample.
  for (let i = 0; i < kept.length; i += 500) {
    const ids = kept.slice(i, i + 500).map((row) => row.id);
    await db.update(mediaFiles).set({ sample: false, alt_text: '' }).where(inArray(mediaFiles.id, ids));
  }
  const settings = (await db.select().from(siteSettings))[0];
  const links = Object.fromEntries(
    Object.entries(SAMPLE_SOCIAL_LINKS)
      .filter(([key, url]) => settings?.[key as keyof typeof SAMPLE_SOCIAL_LINKS] === url)
      .map(([key]) => [key, '']),
  );
  if (settings && Object.keys(links).length > 0) {
    const [after] = await db.update(siteSettings).set(links).returning();
    if (after)
      await recordRevision(db, actor, { entityType: 'settings', action: 'update', before: settings, after });
  }
  return {
    counts: { ...counts, media: unused.length, social_links: Object.keys(links).length },
    files: [...trashedFiles, ...unused.flatMap((row) => parseStoredUrl(storedUrl(row.path)) ?? [])],
  };
}

/** What "Remove sample content" would remove now: the removal run and rolled back (the caches are kept). */
export async function previewSampleContent(deps: Deps): Promise<SampleContent> {
  try {
    await writeOutsideVersion(
      deps.db,
      async () =>
        await writeTransaction(deps.db, async () => {
          throw new Preview((await removeSampleRows(deps, { id: null })).counts);
        }),
    );
  } catch (error) {
    if (error instanceof Preview) return error.counts;
    throw error;
  }
  throw new Error('The preview did not roll back');
}

export const hasSampleContent = (counts: SampleContent) => Object.values(counts).some((n) => n > 0);

/**
 * Removes the sample content in one transaction with one audit entry; the files' bytes and variants go after
 * it commits. What it removed, counted.
 */
export async function removeSampleContent(deps: Deps, actor: Actor): Promise<SampleContent> {
  const { counts, files } = await writeTransaction(deps.db, async () => {
    const removed = await removeSampleRows(deps, actor);
    if (hasSampleContent(removed.counts)) {
      await recordAudit(deps.db, actor, {
        action: 'remove_sample',
        entityType: 'sample_content',
        entityId: null,
        label: 'Sample content',
        changedFields: Object.entries(removed.counts)
          .filter(([, n]) => n > 0)
          .map(([key]) => key),
      });
    }
    return removed;
  });
  for (const file of files) await removeStoredFile(deps, file);
  return counts;
}

import type { SampleContent } from '@atelier/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../db/audit';
import { type Db, writeTransaction } from '../../db/client';
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

/** The rows that pass the test, and those that do not (the test read once a row). */
function partition<T>(rows: T[], test: (row: T) => boolean): [T[], T[]] {
  const passed: T[] = [];
  const failed: T[] = [];
  for (const row of rows) (test(row) ? passed : failed).push(row);
  return [passed, failed];
}

/**
 * Removes the seed's rows (the `sample` marker, which edits keep: an edited sample item is still sample), the
 * sample media files nothing else shows any more (one the studio's own work shows stays, as the studio's,
 * without the sample's alt text), and the sample social links the owner has not changed (a settings revision,
 * as `actor`'s).
 * Everything else (settings, users, what the studio created) stays. A reset, not a delete: it does not go
 * through the Trash, and the sample items already there go too. Runs inside the caller's transaction.
 */
function removeSampleRows({ db, media }: Deps, actor: Actor): { counts: SampleContent; files: StoredFile[] } {
  const trashedFiles = db
    .delete(trashItems)
    .where(sql`json_extract(${trashItems.data}, '$.sample') = 1`)
    .returning({ path: trashItems.media_path })
    .all()
    .flatMap((row) => (row.path ? (parseStoredUrl(storedUrl(row.path)) ?? []) : []));
  const counts = Object.fromEntries(
    Object.entries(TABLES).map(([key, table]) => [
      key,
      db.delete(table).where(eq(table.sample, true)).run().changes,
    ]),
  ) as Omit<SampleContent, 'media' | 'social_links'>;
  const [kept, unused] = partition(
    db
      .select({ id: mediaFiles.id, path: mediaFiles.path })
      .from(mediaFiles)
      .where(eq(mediaFiles.sample, true))
      .all(),
    (row) => media.whereUsed(storedUrl(row.path)).length > 0,
  );
  for (let i = 0; i < unused.length; i += 500) {
    const ids = unused.slice(i, i + 500).map((row) => row.id);
    db.delete(mediaFiles).where(inArray(mediaFiles.id, ids)).run();
  }
  // A sample photograph the studio uses in its own work stays, as the studio's; its sample alt text (which
  // names a sample project) goes with the sample.
  for (let i = 0; i < kept.length; i += 500) {
    const ids = kept.slice(i, i + 500).map((row) => row.id);
    db.update(mediaFiles).set({ sample: false, alt_text: '' }).where(inArray(mediaFiles.id, ids)).run();
  }
  const settings = db.select().from(siteSettings).get();
  const links = Object.fromEntries(
    Object.entries(SAMPLE_SOCIAL_LINKS)
      .filter(([key, url]) => settings?.[key as keyof typeof SAMPLE_SOCIAL_LINKS] === url)
      .map(([key]) => [key, '']),
  );
  if (settings && Object.keys(links).length > 0) {
    const [after] = db.update(siteSettings).set(links).returning().all();
    if (after)
      recordRevision(db, actor, { entityType: 'settings', action: 'update', before: settings, after });
  }
  return {
    counts: { ...counts, media: unused.length, social_links: Object.keys(links).length },
    files: [...trashedFiles, ...unused.flatMap((row) => parseStoredUrl(storedUrl(row.path)) ?? [])],
  };
}

/** What "Remove sample content" would remove now: the removal run and rolled back (the caches are kept). */
export function previewSampleContent(deps: Deps): SampleContent {
  try {
    writeOutsideVersion(deps.db, () =>
      writeTransaction(deps.db, () => {
        throw new Preview(removeSampleRows(deps, { id: null }).counts);
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
  const { counts, files } = writeTransaction(deps.db, () => {
    const removed = removeSampleRows(deps, actor);
    if (hasSampleContent(removed.counts)) {
      recordAudit(deps.db, actor, {
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

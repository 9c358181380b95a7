import { ERROR_CODES, MEDIA_MESSAGES, type MediaReplaced } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../db/audit';
import { type Db, writeTransaction } from '../../db/client';
import { mediaFiles, mediaRedirects } from '../../db/schema';
import { moveToTrash } from '../../db/trash';
import { ApiError, notFound } from '../../lib/errors';
import type { MediaUses } from '../../ports';
import { parseStoredUrl, storedUrl } from '../../storage/local';
import { type MediaRow, toMediaItem } from './media-item';

const isImage = (row: MediaRow) => row.mime_type.startsWith('image/');

/**
 * What becomes of a file another took the place of: it goes to the Trash (its bytes kept until it is deleted
 * forever there), and its address answers a redirect to the new file.
 */
async function retireReplacedFile(db: Db, actor: Actor, row: MediaRow) {
  await db.delete(mediaFiles).where(eq(mediaFiles.id, row.id));
  await moveToTrash(db, actor, 'media', row, row.original_name);
}

/** `/media/<from>` (and every size of it) leads to `/media/<to>`; redirects that led to `from` follow it. */
async function redirect(db: Db, from: string, to: string) {
  await db.delete(mediaRedirects).where(eq(mediaRedirects.from_path, to));
  await db.update(mediaRedirects).set({ to_path: to }).where(eq(mediaRedirects.to_path, from));
  await db
    .insert(mediaRedirects)
    .values({ from_path: from, to_path: to })
    .onConflictDoUpdate({ target: mediaRedirects.from_path, set: { to_path: to } });
}

/** The current file of a replaced file's path, if it was replaced. */
export const redirectOf = async (db: Db, path: string): Promise<string | undefined> =>
  (
    await db
      .select({ to: mediaRedirects.to_path })
      .from(mediaRedirects)
      .where(eq(mediaRedirects.from_path, path))
  )[0]?.to;

/**
 * Replaces a library file everywhere it is used, in one transaction: every row the where-used index lists
 * switches to the file at `url` (each an audited update), the new file takes the old one's alt text,
 * decorative flag and focal point where it has none of its own, the old address redirects to the new one, and one Activity
 * entry records the replace. The new file is one of the library's (uploaded first, deduplicated as always).
 */
export async function replaceMedia(
  { db, media }: { db: Db; media: Pick<MediaUses, 'whereUsed' | 'switchUses'> },
  actor: Actor,
  id: string,
  url: string,
): Promise<MediaReplaced> {
  const path = parseStoredUrl(url)?.path;
  const { row, switched } = await writeTransaction(db, async () => {
    const old = (await db.select().from(mediaFiles).where(eq(mediaFiles.id, id)))[0];
    if (!old) throw notFound(MEDIA_MESSAGES.mediaNotFound);
    const next = path && (await db.select().from(mediaFiles).where(eq(mediaFiles.path, path)))[0];
    if (!next) throw notFound(MEDIA_MESSAGES.mediaNotFound);
    if (next.id === old.id) throw new ApiError(400, ERROR_CODES.badRequest, MEDIA_MESSAGES.replaceSame);
    if (isImage(next) !== isImage(old))
      throw new ApiError(400, ERROR_CODES.badRequest, MEDIA_MESSAGES.replaceKind);
    const switched = await media.switchUses(storedUrl(old.path), storedUrl(next.path), actor);
    // What the new file has not set of its own carries over: the alt text (with the decorative flag) and the
    // focal point (the centre is the unset point).
    const carried = {
      ...(next.alt_text ? {} : { alt_text: old.alt_text, decorative: next.decorative || old.decorative }),
      ...(next.focus_x === 0.5 && next.focus_y === 0.5 ? { focus_x: old.focus_x, focus_y: old.focus_y } : {}),
    };
    const [row = next] =
      Object.keys(carried).length === 0
        ? [next]
        : await db.update(mediaFiles).set(carried).where(eq(mediaFiles.id, next.id)).returning();
    await redirect(db, old.path, next.path);
    await recordAudit(db, actor, {
      action: 'replace',
      entityType: 'media',
      entityId: old.id,
      label: `${old.original_name} → ${next.original_name}`,
      changedFields: switched.map((use) => `${use.entity_type}:${use.entity_id}:${use.field}`),
    });
    await retireReplacedFile(db, actor, old);
    return { row, switched };
  });
  return { item: await toMediaItem(media, row), switched };
}

import {
  ERROR_CODES,
  type FocalPoint,
  MEDIA_MESSAGES,
  MEDIA_PAGE_SIZE,
  type MediaDeleted,
  type MediaItem,
  type MediaList,
  type MediaUse,
  REVIEW_MESSAGES,
} from '@atelier/shared';
import { and, desc, eq, inArray, isNull, like, ne, or } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../db/audit';
import { mayTouch } from '../../db/authorship';
import { type Db, writeTransaction } from '../../db/client';
import { listPage, searchAny } from '../../db/list-query';
import { mediaFiles } from '../../db/schema';
import { moveToTrash } from '../../db/trash';
import { ApiError, notFound } from '../../lib/errors';
import type { MediaUses } from '../../ports';
import { parseStoredUrl, storedUrl } from '../../storage/local';
import { requireFolder } from './folders.service';
import { type MediaRow, toMediaItem } from './media-item';
import type { MediaUsesDeps } from './where-used';

/** The media library's reads and writes: its database, and where its files are used. */
interface LibraryDeps {
  db: Db;
  media: Pick<MediaUses, 'whereUsed'>;
}

const mediaNotFound = () => notFound(MEDIA_MESSAGES.mediaNotFound);

const useText = (use: MediaUse) =>
  `${use.title || use.entity_type} (${use.entity_type}, ${use.field}${use.in_trash ? ', in trash' : ''})`;

/** A 409 that lists every place a file is used, in `issues` (path: the file's id). */
function inUseError(message: string, rows: { row: MediaRow; uses: MediaUse[] }[]) {
  return new ApiError(
    409,
    ERROR_CODES.conflict,
    message,
    rows.flatMap(({ row, uses }) =>
      uses.map((use) => ({ path: row.id, message: `Used by ${useText(use)}` })),
    ),
  );
}

/**
 * Refuses (403) a change to files someone else uploaded, unless the role manages the whole library (`media`):
 * a contributor changes and deletes only their own uploads. One such file refuses the whole request.
 */
function refuseOthersFiles(actor: Actor, rows: MediaRow[]) {
  if (rows.every((row) => mayTouch(actor, row.uploaded_by, 'media'))) return;
  const message = rows.length === 1 ? REVIEW_MESSAGES.notYourFile : REVIEW_MESSAGES.someNotYours;
  throw new ApiError(403, ERROR_CODES.forbidden, message);
}

/** The alternative text the library holds for each of these URLs that is a stored file and has one. */
export async function libraryAlts(db: Db, urls: string[]): Promise<Record<string, string>> {
  const paths = urls.flatMap((url) => parseStoredUrl(url)?.path ?? []);
  if (paths.length === 0) return {};
  const rows = await db
    .select({ path: mediaFiles.path, alt: mediaFiles.alt_text })
    .from(mediaFiles)
    .where(and(inArray(mediaFiles.path, paths), ne(mediaFiles.alt_text, '')));
  return Object.fromEntries(rows.map((row) => [storedUrl(row.path), row.alt]));
}

/** The focal point the library holds for each of these URLs that is a stored file, where it is not the centre. */
export async function libraryFocus(db: Db, urls: string[]): Promise<Record<string, FocalPoint>> {
  const paths = urls.flatMap((url) => parseStoredUrl(url)?.path ?? []);
  if (paths.length === 0) return {};
  const rows = await db
    .select({ path: mediaFiles.path, x: mediaFiles.focus_x, y: mediaFiles.focus_y })
    .from(mediaFiles)
    .where(
      and(inArray(mediaFiles.path, paths), or(ne(mediaFiles.focus_x, 0.5), ne(mediaFiles.focus_y, 0.5))),
    );
  return Object.fromEntries(rows.map((row) => [storedUrl(row.path), { x: row.x, y: row.y }]));
}

async function getRow(db: Db, id: string): Promise<MediaRow> {
  const row = (await db.select().from(mediaFiles).where(eq(mediaFiles.id, id)))[0];
  if (!row) throw mediaNotFound();
  return row;
}

/** An image that says nothing to a screen reader: no alt text, and not marked decorative. */
const undescribed = and(
  like(mediaFiles.mime_type, 'image/%'),
  eq(mediaFiles.alt_text, ''),
  eq(mediaFiles.decorative, false),
);

/**
 * 15 a page, newest first; `folderId` null = the root, undefined (all=1) = every folder; `altMissing`: only
 * the images still to describe.
 */
export async function listMedia(
  { db, media }: LibraryDeps,
  query: { folderId: string | null | undefined; q: string | undefined; page: number; altMissing?: boolean },
): Promise<MediaList> {
  const folder =
    query.folderId === undefined
      ? undefined
      : query.folderId === null
        ? isNull(mediaFiles.folder_id)
        : eq(mediaFiles.folder_id, query.folderId);
  const page = await listPage(db, mediaFiles, {
    where: [
      folder,
      query.altMissing ? undescribed : undefined,
      searchAny(query.q, [mediaFiles.original_name, mediaFiles.alt_text, mediaFiles.path]),
    ],
    orderBy: [desc(mediaFiles.created_at), desc(mediaFiles.id)],
    page: query.page,
    pageSize: MEDIA_PAGE_SIZE,
  });
  return { ...page, items: await Promise.all(page.items.map((row) => toMediaItem(media, row))) };
}

/** The library's files shown at these URLs (a form's images, by name); URLs not of the library are left out. */
export async function findMediaByUrls({ db, media }: LibraryDeps, urls: string[]): Promise<MediaItem[]> {
  const paths = urls.flatMap((url) => parseStoredUrl(url)?.path ?? []);
  if (paths.length === 0) return [];
  const rows = await db.select().from(mediaFiles).where(inArray(mediaFiles.path, paths));
  return Promise.all(rows.map((row) => toMediaItem(media, row)));
}

export const getMedia = async ({ db, media }: LibraryDeps, id: string): Promise<MediaItem> =>
  await toMediaItem(media, await getRow(db, id));

export async function updateMedia(
  { db, media }: LibraryDeps,
  actor: Actor,
  id: string,
  {
    focus,
    ...patch
  }: { alt_text?: string; decorative?: boolean; folder_id?: string | null; focus?: FocalPoint },
): Promise<MediaItem> {
  const row = await writeTransaction(db, async () => {
    const before = await getRow(db, id);
    refuseOthersFiles(actor, [before]);
    if (patch.folder_id) await requireFolder(db, patch.folder_id);
    const columns = { ...patch, focus_x: focus?.x, focus_y: focus?.y };
    const changes = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
    const changed = Object.keys(changes).filter((key) => before[key as keyof MediaRow] !== changes[key]);
    if (changed.length === 0) return before;
    const [after] = await db.update(mediaFiles).set(changes).where(eq(mediaFiles.id, id)).returning();
    await recordAudit(db, actor, {
      action: 'update',
      entityType: 'media',
      entityId: id,
      label: before.original_name,
      changedFields: changed,
    });
    return after ?? before;
  });
  return await toMediaItem(media, row);
}

export async function moveMedia(
  db: Db,
  actor: Actor,
  ids: string[],
  folderId: string | null,
): Promise<{ moved: number }> {
  return await writeTransaction(db, async () => {
    if (folderId) await requireFolder(db, folderId);
    const rows = await db.select().from(mediaFiles).where(inArray(mediaFiles.id, ids));
    if (rows.length !== new Set(ids).size) throw mediaNotFound();
    refuseOthersFiles(actor, rows);
    await db.update(mediaFiles).set({ folder_id: folderId }).where(inArray(mediaFiles.id, ids));
    for (const row of rows)
      await recordAudit(db, actor, {
        action: 'update',
        entityType: 'media',
        entityId: row.id,
        label: row.original_name,
        changedFields: ['folder_id'],
      });
    return { moved: rows.length };
  });
}

/**
 * Moves files to the Trash: 404 if an id is unknown and 403 if one is someone else's (a contributor), moving
 * none. A file in use (by a trashed item too) is refused with 409 and its where-used list, or with `keepUsed`
 * (the bulk delete) kept and listed while the others go. The stored bytes stay until it is deleted forever;
 * /media answers 404 for it meanwhile.
 */
export async function deleteMedia(
  deps: LibraryDeps & MediaUsesDeps,
  actor: Actor,
  ids: string[],
  { keepUsed = false } = {},
): Promise<MediaDeleted> {
  return await writeTransaction(deps.db, async () => {
    const found = await deps.db.select().from(mediaFiles).where(inArray(mediaFiles.id, ids));
    if (found.length !== new Set(ids).size) throw mediaNotFound();
    refuseOthersFiles(actor, found);
    const used = [];
    for (const row of found) {
      const uses = await deps.media.whereUsed(storedUrl(row.path));
      if (uses.length > 0) used.push({ row, uses });
    }
    if (used.length > 0 && !keepUsed) throw inUseError(MEDIA_MESSAGES.inUse, used);
    const keptIds = new Set(used.map((entry) => entry.row.id));
    const gone = found.filter((row) => !keptIds.has(row.id));
    if (gone.length > 0) {
      await deps.db.delete(mediaFiles).where(
        inArray(
          mediaFiles.id,
          gone.map((row) => row.id),
        ),
      );
    }
    for (const row of gone) {
      await moveToTrash(deps.db, actor, 'media', row, row.original_name);
      await recordAudit(deps.db, actor, {
        action: 'delete',
        entityType: 'media',
        entityId: row.id,
        label: row.original_name,
      });
    }
    return {
      deleted: gone.length,
      kept: used.map(({ row, uses }) => ({
        id: row.id,
        filename: row.original_name,
        used_by: uses.map(useText),
      })),
    };
  });
}

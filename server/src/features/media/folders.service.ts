import { ERROR_CODES, MEDIA_MESSAGES, type MediaFolder, PROJECT_IMAGES_FOLDER_ID } from '@atelier/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../db/audit';
import { type Db, writeTransaction } from '../../db/client';
import { mediaFiles, mediaFolders } from '../../db/schema';
import { ApiError, notFound } from '../../lib/errors';

type FolderRow = typeof mediaFolders.$inferSelect;

const conflict = (message: string) => new ApiError(409, ERROR_CODES.conflict, message);

export async function requireFolder(db: Db, id: string): Promise<FolderRow> {
  const row = (await db.select().from(mediaFolders).where(eq(mediaFolders.id, id)))[0];
  if (!row) throw notFound(MEDIA_MESSAGES.folderNotFound);
  return row;
}

/**
 * The folder called `name` (case-insensitive) directly under `parentId` (null: at the top). A parameter is
 * never compared with IS: PostgreSQL takes only a NULL literal there.
 */
async function findChild(db: Db, parentId: string | null, name: string): Promise<FolderRow | undefined> {
  const parent = parentId === null ? isNull(mediaFolders.parent_id) : eq(mediaFolders.parent_id, parentId);
  return (
    await db
      .select()
      .from(mediaFolders)
      .where(and(parent, sql`lower(${mediaFolders.name}) = lower(${name})`))
  )[0];
}

/** Every folder as a tree (names sorted), with the number of files directly in each. */
export async function folderTree(db: Db): Promise<MediaFolder[]> {
  const rows = await db.select().from(mediaFolders).orderBy(sql`lower(${mediaFolders.name})`);
  const counts = new Map(
    (
      await db
        .select({ id: mediaFiles.folder_id, n: sql<number>`count(*)` })
        .from(mediaFiles)
        .groupBy(mediaFiles.folder_id)
    ).map((r) => [r.id, r.n]),
  );
  const nodes = new Map<string, MediaFolder>(
    rows.map((r) => [
      r.id,
      { id: r.id, name: r.name, parent_id: r.parent_id, file_count: counts.get(r.id) ?? 0, children: [] },
    ]),
  );
  const roots: MediaFolder[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id ? nodes.get(node.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

async function insertFolder(db: Db, actor: Actor, name: string, parentId: string | null): Promise<FolderRow> {
  // RETURNING through .all(), never .get(): see docs/decisions.md.
  const [row] = await db.insert(mediaFolders).values({ name, parent_id: parentId }).returning();
  if (!row) throw new Error('media_folders insert returned no row');
  await recordAudit(db, actor, {
    action: 'create',
    entityType: 'media_folder',
    entityId: row.id,
    label: name,
  });
  return row;
}

const toFolder = (row: FolderRow): MediaFolder => ({
  id: row.id,
  name: row.name,
  parent_id: row.parent_id,
  file_count: 0,
  children: [],
});

export async function createFolder(db: Db, actor: Actor, input: { name: string; parent_id: string | null }) {
  return await writeTransaction(db, async () => {
    if (input.parent_id) await requireFolder(db, input.parent_id);
    if (await findChild(db, input.parent_id, input.name)) throw conflict(MEDIA_MESSAGES.folderExists);
    return toFolder(await insertFolder(db, actor, input.name, input.parent_id));
  });
}

/** Renames and/or moves a folder: the name must be free at the destination, and no folder goes under itself. */
export async function updateFolder(
  db: Db,
  actor: Actor,
  id: string,
  input: { name?: string; parent_id?: string | null },
) {
  return await writeTransaction(db, async () => {
    const before = await requireFolder(db, id);
    const name = input.name ?? before.name;
    const parentId = input.parent_id === undefined ? before.parent_id : input.parent_id;
    if (name === before.name && parentId === before.parent_id) return toFolder(before);
    if (id === PROJECT_IMAGES_FOLDER_ID) throw conflict(MEDIA_MESSAGES.folderFixed);
    for (let cursor = parentId; cursor; cursor = (await requireFolder(db, cursor)).parent_id)
      if (cursor === id) throw conflict(MEDIA_MESSAGES.folderCycle);
    const twin = await findChild(db, parentId, name);
    if (twin && twin.id !== id) throw conflict(MEDIA_MESSAGES.folderExists);
    const [after] = await db
      .update(mediaFolders)
      .set({ name, parent_id: parentId })
      .where(eq(mediaFolders.id, id))
      .returning();
    await recordAudit(db, actor, {
      action: 'update',
      entityType: 'media_folder',
      entityId: id,
      label: name,
      changedFields: [
        ...(name !== before.name ? ['name'] : []),
        ...(parentId !== before.parent_id ? ['parent_id'] : []),
      ],
    });
    return toFolder(after ?? before);
  });
}

/** Deletes an empty folder (no files, no subfolders); the fixed Project Images folder stays. */
export async function deleteFolder(db: Db, actor: Actor, id: string) {
  await writeTransaction(db, async () => {
    const folder = await requireFolder(db, id);
    if (id === PROJECT_IMAGES_FOLDER_ID) throw conflict(MEDIA_MESSAGES.folderFixed);
    const file = (
      await db.select({ id: mediaFiles.id }).from(mediaFiles).where(eq(mediaFiles.folder_id, id))
    )[0];
    const child = (
      await db.select({ id: mediaFolders.id }).from(mediaFolders).where(eq(mediaFolders.parent_id, id))
    )[0];
    if (file || child) throw conflict(MEDIA_MESSAGES.folderNotEmpty);
    await db.delete(mediaFolders).where(eq(mediaFolders.id, id));
    await recordAudit(db, actor, {
      action: 'delete',
      entityType: 'media_folder',
      entityId: id,
      label: folder.name,
    });
  });
}

/** For a dropped folder: walks `path` under `parentId`, creating the missing folders; returns the deepest. */
export async function ensureFolderPath(db: Db, actor: Actor, parentId: string | null, path: string[]) {
  return await writeTransaction(db, async () => {
    if (parentId) await requireFolder(db, parentId);
    let current: FolderRow | null = null;
    let parent = parentId;
    for (const name of path) {
      current = (await findChild(db, parent, name)) ?? (await insertFolder(db, actor, name, parent));
      parent = current.id;
    }
    // path has at least one segment (schema), so current is set.
    return toFolder(current as FolderRow);
  });
}

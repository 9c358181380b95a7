import {
  can,
  ERROR_CODES,
  TRASH_KEEP_DAYS,
  TRASH_MESSAGES,
  type TrashItem,
  type TrashKind,
  type TrashList,
  type TrashSettings,
} from '@atelier/shared';
import { desc, eq, inArray, lte } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../db/audit';
import { type Db, exclusively, writeTransaction } from '../../db/client';
import { insertAudited } from '../../db/entity-writes';
import { mediaFolders, projectCategories, trashItems, trashSettings, users } from '../../db/schema';
import { type SluggedSection, slugToSave } from '../../db/slugs';
import { isTrashKind, TRASHABLE } from '../../db/trash';
import { ApiError, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { MediaUses } from '../../ports';

export interface TrashDeps {
  db: Db;
  media: Pick<MediaUses, 'releaseTrashed'>;
}

const DAY_MS = 86_400_000;
/** How often the purge looks for items past their time. */
const PURGE_EVERY_MS = 3_600_000;

type Kept = typeof trashItems.$inferSelect;
type Data = Record<string, unknown>;

/** The kinds with a public address, and their section for the slugs. */
const SLUG_SECTIONS: Partial<Record<TrashKind, SluggedSection>> = {
  project: 'projects',
  blog_post: 'blog',
  service: 'services',
};
/** The columns naming a person (the author, the uploader): null once that account is gone. */
const PERSON_COLUMNS = ['user_id', 'author_id', 'uploaded_by'];

const notInTrash = () => notFound(TRASH_MESSAGES.notFound);

/**
 * Who may restore or delete forever an item: an editor and up anything, a contributor only what they deleted
 * (they could delete only their own); the server itself (no role) anything.
 */
function checkMayTouch(actor: Actor, item: Kept) {
  if (actor.role && !can(actor.role, 'publish') && item.deleted_by !== actor.id)
    throw new ApiError(403, ERROR_CODES.forbidden, TRASH_MESSAGES.notYours);
}

export async function getTrashSettings(db: Db): Promise<TrashSettings> {
  const row = (await db.select().from(trashSettings))[0];
  return { keep_days: row?.keep_days ?? TRASH_KEEP_DAYS };
}

export async function updateTrashSettings(db: Db, settings: TrashSettings): Promise<TrashSettings> {
  await db
    .insert(trashSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: trashSettings.id, set: settings });
  return await getTrashSettings(db);
}

/** The library picture an item shows, for the list (an outside URL is not shown). */
function thumbnailOf(kind: string, data: Data): string | null {
  const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
  const picture =
    kind === 'project'
      ? (data.thumbnail ?? first(data.images))
      : kind === 'blog_post'
        ? data.featured_image
        : kind === 'service'
          ? (data.image ?? data.icon)
          : kind === 'team_member'
            ? data.image
            : null;
  return typeof picture === 'string' && picture.startsWith('/media/') ? picture : null;
}

/** Everything in the Trash, newest first. */
export async function listTrash(db: Db, now = new Date()): Promise<TrashList> {
  const { keep_days } = await getTrashSettings(db);
  const rows = await db
    .select({ item: trashItems, email: users.email })
    .from(trashItems)
    .leftJoin(users, eq(users.id, trashItems.deleted_by))
    .orderBy(desc(trashItems.deleted_at), desc(trashItems.id));
  const items: TrashItem[] = rows.map(({ item, email }) => ({
    id: item.id,
    kind: item.entity_type as TrashKind,
    label: item.label,
    thumbnail: thumbnailOf(item.entity_type, item.data),
    deleted_by: item.deleted_by && email ? { id: item.deleted_by, email } : null,
    deleted_at: item.deleted_at,
    days_left: Math.max(
      0,
      Math.ceil((Date.parse(item.deleted_at) + keep_days * DAY_MS - now.getTime()) / DAY_MS),
    ),
  }));
  return { items, keep_days };
}

/** The row as it goes back: a slug taken meanwhile made anew, a person or folder gone meanwhile left out. */
async function restorable(db: Db, kind: TrashKind, data: Data): Promise<Data> {
  const values = { ...data };
  for (const column of PERSON_COLUMNS) {
    const id = values[column];
    if (typeof id === 'string' && !(await db.select({ id: users.id }).from(users).where(eq(users.id, id)))[0])
      values[column] = null;
  }
  const section = SLUG_SECTIONS[kind];
  if (section && typeof values.slug === 'string') {
    const table = TRASHABLE[kind] as typeof TRASHABLE.project;
    const taken = (await db.select({ id: table.id }).from(table).where(eq(table.slug, values.slug)))[0];
    if (taken)
      values.slug = await slugToSave(db, section, {
        typed: undefined,
        title: String(values.title ?? values.name),
      });
  }
  if (kind === 'media' && typeof values.folder_id === 'string') {
    const folder = (
      await db.select({ id: mediaFolders.id }).from(mediaFolders).where(eq(mediaFolders.id, values.folder_id))
    )[0];
    if (!folder) values.folder_id = null;
  }
  if (kind === 'project') {
    const category = String(values.category);
    const found = (
      await db
        .select({ slug: projectCategories.slug })
        .from(projectCategories)
        .where(eq(projectCategories.slug, category))
    )[0];
    if (!found) throw new ApiError(409, ERROR_CODES.conflict, TRASH_MESSAGES.categoryGone(category));
  }
  return values;
}

/**
 * Puts an item back where it was, as it was (its images, its slug unless another item took it meanwhile),
 * written as a 'restore' in the item's own audit trail; its trash entry goes in the same transaction.
 */
export async function restoreFromTrash(
  db: Db,
  actor: Actor,
  id: string,
): Promise<{ id: string; kind: TrashKind }> {
  return await writeTransaction(db, async () => {
    const item = (await db.select().from(trashItems).where(eq(trashItems.id, id)))[0];
    if (!item || !isTrashKind(item.entity_type)) throw notInTrash();
    checkMayTouch(actor, item);
    const kind = item.entity_type;
    const table = TRASHABLE[kind];
    await insertAudited(db, table, (await restorable(db, kind, item.data)) as never, actor, {
      entityType: kind,
      label: () => item.label,
      action: 'restore',
    });
    // After the row is back: the Trash's delete trigger drops former slugs only of a row that is gone.
    await db.delete(trashItems).where(eq(trashItems.id, id));
    return { id, kind };
  });
}

/** Deletes items forever, each with its Activity entry; then releases the files only they held. */
async function deleteForever(deps: TrashDeps, actor: Actor, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const gone = await writeTransaction(deps.db, async () => {
    const rows = await deps.db.select().from(trashItems).where(inArray(trashItems.id, ids));
    for (const row of rows) checkMayTouch(actor, row);
    if (rows.length === 0) return rows;
    await deps.db.delete(trashItems).where(
      inArray(
        trashItems.id,
        rows.map((row) => row.id),
      ),
    );
    for (const row of rows)
      await recordAudit(deps.db, actor, {
        action: 'purge',
        entityType: row.entity_type,
        entityId: row.id,
        label: row.label,
      });
    return rows;
  });
  for (const row of gone) await releaseFiles(deps, row);
  return gone.length;
}

/** A media file's bytes, or the files a content item showed (unless it was deleted keeping them). */
async function releaseFiles(deps: TrashDeps, row: Kept) {
  if (row.keep_files) return;
  await deps.media.releaseTrashed(row.entity_type, row.data);
}

/** "Delete forever" of one item. */
export async function deleteFromTrash(deps: TrashDeps, actor: Actor, id: string) {
  if ((await deleteForever(deps, actor, [id])) === 0) throw notInTrash();
}

/** "Empty trash": every item, forever. */
export async function emptyTrash(deps: TrashDeps, actor: Actor) {
  const ids = await deps.db.select({ id: trashItems.id }).from(trashItems);
  return {
    deleted: await deleteForever(
      deps,
      actor,
      ids.map((row) => row.id),
    ),
  };
}

/** Deletes forever what has been in the Trash longer than the setting keeps it (by the server: no actor). */
export async function purgeTrash(deps: TrashDeps, now = new Date()) {
  const cutoff = new Date(now.getTime() - (await getTrashSettings(deps.db)).keep_days * DAY_MS).toISOString();
  const due = await deps.db
    .select({ id: trashItems.id })
    .from(trashItems)
    .where(lte(trashItems.deleted_at, cutoff));
  return deleteForever(
    deps,
    { id: null },
    due.map((row) => row.id),
  );
}

export interface TrashPurger {
  /** Purges what is due at `now` (the timer calls it each hour). */
  tick(now?: Date): Promise<number>;
  /** Stops the timer and waits for a purge under way. */
  stop(): Promise<void>;
}

/**
 * The Trash's own clock: a purge at start-up and each hour after. A failure is logged and tried again at the
 * next look. The timer never keeps the process alive.
 */
export function trashPurger(deps: TrashDeps & { log: Logger }): TrashPurger {
  let current: Promise<number> = Promise.resolve(0);
  const tick = (now = new Date()) => {
    current = current.then(() =>
      exclusively(deps.db, 'trash-purge', () => purgeTrash(deps, now))
        .then((purged) => purged ?? 0)
        .catch((error: unknown) => {
          deps.log.error({ err: error }, 'the trash purge failed');
          return 0;
        }),
    );
    return current;
  };
  void tick();
  const timer = setInterval(() => void tick(), PURGE_EVERY_MS);
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}

import type { MediaUse, TrashKind } from '@atelier/shared';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Actor } from '../../db/audit';
import { type Db, writeTransaction } from '../../db/client';
import { findById, updateAudited } from '../../db/entity-writes';
import { mediaFiles, trashItems } from '../../db/schema';
import { containsText, jsonElements, jsonText } from '../../db/sql-dialect';
import type { ImageColumns, MediaUses } from '../../ports';
import { parseStoredUrl, type Storage, storedUrl } from '../../storage/local';
import { removeStoredFile } from '../../storage/variants';
import { refuseUndescribedImages } from './publish-facts';

export interface MediaUsesDeps {
  db: Db;
  storage: Storage;
}

/** A JSON list of URLs (projects' images) rather than one URL. */
const isList = (column: SQLiteColumn) => column.dataType === 'json';

/** The columns that show files: those of URLs, then the Markdown texts that mention them. */
const usedColumns = (images: ImageColumns) => [...images.columns, ...(images.markdown ?? [])];

/**
 * The condition that a value shows the file at `url`: `value` (a column, or a JSON path of a trashed row)
 * equals it, a JSON list (`each`, its elements as `e.value`) holds it, or a Markdown text mentions it.
 */
function shows(db: Db, images: ImageColumns, column: SQLiteColumn, value: SQL, each: SQL, url: string) {
  if (images.markdown?.includes(column)) return containsText(db, value, url);
  return isList(column) ? sql`EXISTS (SELECT 1 FROM ${each} WHERE e.value = ${url})` : sql`${value} = ${url}`;
}

/** Every mention of `url` in a text, as a URL of its own (not the tail of another site's address). */
const mentions = (url: string) =>
  new RegExp(`(?<![\\w.~/:-])${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g');

/** The property of a row that holds `column` (drizzle's key, which may differ from the SQL name). */
function keyOf(images: ImageColumns, column: SQLiteColumn): string {
  const entry = Object.entries(getTableColumns(images.table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`${column.name} is not a column of the ${images.entity_type} table`);
  return entry[0];
}

/** The Trash's kind of each entity whose rows a delete moves there. */
const TRASH_KINDS: Partial<Record<ImageColumns['entity_type'], TrashKind>> = {
  projects: 'project',
  'blog-posts': 'blog_post',
  services: 'service',
  'team-members': 'team_member',
};

/** The stored-file URLs a row holds in its image columns. */
function urlsOf(images: ImageColumns, row: object): string[] {
  return images.columns.flatMap((column) => {
    const value = (row as Record<string, unknown>)[keyOf(images, column)];
    if (Array.isArray(value)) return value.filter((url): url is string => typeof url === 'string');
    return typeof value === 'string' ? [value] : [];
  });
}

/**
 * Where-used and release over the image columns each content feature declares (server.ts hands them in, in
 * the order the where-used list shows them), in the live tables and then in the rows the Trash keeps (the
 * same columns, read from the kept JSON). One query per column.
 */
export function mediaUses(deps: MediaUsesDeps, declared: readonly ImageColumns[]): MediaUses {
  const { db } = deps;
  const lookups = declared.flatMap((images) =>
    usedColumns(images).map((column) => ({
      entity_type: images.entity_type,
      field: column.name,
      rows: (url: string) =>
        db
          .select({ id: images.table.id, title: images.title })
          .from(images.table)
          .where(shows(db, images, column, sql`${column}`, jsonElements(db, column, 'e'), url)),
    })),
  );
  const trashed = declared.flatMap((images) => {
    const kind = TRASH_KINDS[images.entity_type];
    if (!kind) return [];
    return usedColumns(images).map((column) => {
      const key = keyOf(images, column);
      return {
        entity_type: images.entity_type,
        field: column.name,
        in_trash: true,
        rows: (url: string) =>
          db
            .select({ id: trashItems.id, title: trashItems.label })
            .from(trashItems)
            .where(
              and(
                eq(trashItems.entity_type, kind),
                shows(
                  db,
                  images,
                  column,
                  jsonText(db, trashItems.data, key),
                  jsonElements(db, trashItems.data, 'e', key),
                  url,
                ),
              ),
            ),
      };
    });
  });
  const inTrash = async (path: string) =>
    (await db.select({ id: trashItems.id }).from(trashItems).where(eq(trashItems.media_path, path)).limit(1))
      .length > 0;

  const whereUsed = async (target: string): Promise<MediaUse[]> => {
    const uses: MediaUse[] = [];
    for (const { rows, ...use } of [...lookups, ...trashed])
      for (const row of (await rows(target)) as { id: string; title: string | null }[])
        uses.push({ ...use, entity_id: row.id, title: row.title ?? '' });
    return uses;
  };

  async function release(target: string | null | undefined): Promise<boolean> {
    if (!target) return false;
    // Only this store's own public paths (`/media/<bucket>/<name>`): an outside URL or a crafted path never
    // reaches a deletion.
    const stored = parseStoredUrl(target);
    if (!stored) return false;
    const removed = await writeTransaction(db, async () => {
      // A file in the Trash is restored or deleted forever from there, never released by another row's write.
      if ((await whereUsed(target)).length > 0 || (await inTrash(stored.path))) return false;
      await db
        .delete(mediaFiles)
        .where(and(eq(mediaFiles.bucket, stored.bucket), eq(mediaFiles.path, stored.path)));
      return true;
    });
    if (removed) await removeStoredFile(deps, stored);
    return removed;
  }

  async function switchUses(from: string, to: string, actor: Actor): Promise<MediaUse[]> {
    const uses = await whereUsed(from);
    const rows = new Map(uses.map((use) => [`${use.entity_type} ${use.entity_id}`, use]));
    for (const use of rows.values()) {
      const images = declared.find((declaration) => declaration.entity_type === use.entity_type);
      const row =
        images && ((await findById(db, images.table, use.entity_id)) as Record<string, unknown> | undefined);
      if (!images || !row) continue;
      const values: Record<string, unknown> = {};
      for (const column of images.columns) {
        const key = keyOf(images, column);
        const value = row[key];
        if (Array.isArray(value)) values[key] = [...new Set(value.map((url) => (url === from ? to : url)))];
        else if (value === from) values[key] = to;
      }
      for (const column of images.byUrl ?? []) {
        const key = keyOf(images, column);
        const { [from]: kept, ...others } = (row[key] ?? {}) as Record<string, unknown>;
        if (kept !== undefined) values[key] = { [to]: kept, ...others };
      }
      for (const column of images.markdown ?? []) {
        const key = keyOf(images, column);
        const text = row[key];
        if (typeof text === 'string' && mentions(from).test(text))
          values[key] = text.replace(mentions(from), to);
      }
      // A text that names the file only inside another site's address has nothing to switch.
      if (Object.keys(values).length === 0) continue;
      await updateAudited(db, images.table, use.entity_id, values, actor, {
        entityType: images.audit_type,
        label: () => use.title || images.audit_type,
      });
    }
    return uses;
  }

  return {
    whereUsed,
    release,
    switchUses,
    refuseUndescribedImages: async (contentOf, input, before) =>
      await refuseUndescribedImages(db, contentOf, input, before),
    async releaseDropped(images, before, after) {
      const kept = new Set(after ? urlsOf(images, after) : []);
      for (const dropped of new Set(urlsOf(images, before))) if (!kept.has(dropped)) await release(dropped);
    },
    async releaseTrashed(kind, row) {
      if (kind === 'media') return void (await release(storedUrl((row as { path: string }).path)));
      const images = declared.find((d) => TRASH_KINDS[d.entity_type] === kind);
      if (images) for (const url of new Set(urlsOf(images, row))) await release(url);
    },
  };
}

import type { MediaUse, TrashKind } from '@atelier/shared';
import { and, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Actor } from '../../db/audit';
import { type Db, writeTransaction } from '../../db/client';
import { findById, updateAudited } from '../../db/entity-writes';
import { mediaFiles, trashItems } from '../../db/schema';
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
 * equals it, a JSON list (`each`, its `json_each`) holds it, or a Markdown text mentions it.
 */
function shows(images: ImageColumns, column: SQLiteColumn, value: SQL, each: SQL, url: Placeholder) {
  if (images.markdown?.includes(column)) return sql`instr(${value}, ${url}) > 0`;
  return isList(column) ? sql`EXISTS (SELECT 1 FROM ${each} WHERE value = ${url})` : sql`${value} = ${url}`;
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
 * same columns, read from the kept JSON). One statement per column, prepared once.
 */
export function mediaUses(deps: MediaUsesDeps, declared: readonly ImageColumns[]): MediaUses {
  const { db } = deps;
  const url = sql.placeholder('url');
  const lookups = declared.flatMap((images) =>
    usedColumns(images).map((column) => ({
      entity_type: images.entity_type,
      field: column.name,
      rows: db
        .select({ id: images.table.id, title: images.title })
        .from(images.table)
        .where(shows(images, column, sql`${column}`, sql`json_each(${column})`, url))
        .prepare(),
    })),
  );
  const trashed = declared.flatMap((images) => {
    const kind = TRASH_KINDS[images.entity_type];
    if (!kind) return [];
    return usedColumns(images).map((column) => {
      const key = `$.${keyOf(images, column)}`;
      const value = sql`json_extract(${trashItems.data}, ${key})`;
      const each = sql`json_each(${trashItems.data}, ${key})`;
      return {
        entity_type: images.entity_type,
        field: column.name,
        in_trash: true,
        rows: db
          .select({ id: trashItems.id, title: trashItems.label })
          .from(trashItems)
          .where(and(eq(trashItems.entity_type, kind), shows(images, column, value, each, url)))
          .prepare(),
      };
    });
  });
  const inTrash = db
    .select({ id: trashItems.id })
    .from(trashItems)
    .where(eq(trashItems.media_path, sql.placeholder('path')))
    .prepare();

  const whereUsed = (target: string): MediaUse[] =>
    [...lookups, ...trashed].flatMap(({ rows, ...use }) =>
      (rows.all({ url: target }) as { id: string; title: string | null }[]).map((row) => ({
        ...use,
        entity_id: row.id,
        title: row.title ?? '',
      })),
    );

  async function release(target: string | null | undefined): Promise<boolean> {
    if (!target) return false;
    // Only this store's own public paths (`/media/<bucket>/<name>`): an outside URL or a crafted path never
    // reaches a deletion.
    const stored = parseStoredUrl(target);
    if (!stored) return false;
    const removed = writeTransaction(db, () => {
      // A file in the Trash is restored or deleted forever from there, never released by another row's write.
      if (whereUsed(target).length > 0 || inTrash.get({ path: stored.path })) return false;
      db.delete(mediaFiles)
        .where(and(eq(mediaFiles.bucket, stored.bucket), eq(mediaFiles.path, stored.path)))
        .run();
      return true;
    });
    if (removed) await removeStoredFile(deps, stored);
    return removed;
  }

  function switchUses(from: string, to: string, actor: Actor): MediaUse[] {
    const uses = whereUsed(from);
    const rows = new Map(uses.map((use) => [`${use.entity_type} ${use.entity_id}`, use]));
    for (const use of rows.values()) {
      const images = declared.find((declaration) => declaration.entity_type === use.entity_type);
      const row =
        images && (findById(db, images.table, use.entity_id) as Record<string, unknown> | undefined);
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
      updateAudited(db, images.table, use.entity_id, values, actor, {
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
    refuseUndescribedImages: (contentOf, input, before) =>
      refuseUndescribedImages(db, contentOf, input, before),
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

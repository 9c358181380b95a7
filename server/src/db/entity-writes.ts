import { eq } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { type Actor, type AuditEntry, changedFields, recordAudit } from './audit';
import { type Db, writeTransaction } from './client';
import { recordRevision } from './revisions';
import { isTrashKind, moveToTrash } from './trash';

/** A content table: an `id` primary key. */
type Table = SQLiteTable & { id: SQLiteColumn };
type Row<T extends Table> = T['$inferSelect'];

interface Audit<T extends Table> {
  entityType: string;
  /** The entity's title or name, for the activity list. */
  label: (row: Row<T>) => string | null;
  action?: AuditEntry['action'];
  /** Runs in the transaction with the row as it was, before an update or delete: throws to refuse it. */
  check?: (before: Row<T>) => void | Promise<void>;
  /** A delete: the files the row shows stay in the library when it is deleted forever from the Trash. */
  keepFiles?: boolean;
}

// Drizzle's generic table types do not narrow inside a generic function; the callers' types are checked.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Loose = any;

export async function findById<T extends Table>(db: Db, table: T, id: string): Promise<Row<T> | undefined> {
  return (await (db as Loose).select().from(table).where(eq(table.id, id)).limit(1))[0];
}

/**
 * Inserts a row, its audit entry and its revision (for the entity types that keep them, whatever the action:
 * a restore from the trash is an insert) in one transaction; returns the stored row.
 */
export async function insertAudited<T extends Table>(
  db: Db,
  table: T,
  values: T['$inferInsert'],
  actor: Actor,
  audit: Audit<T>,
): Promise<Row<T>> {
  return await writeTransaction(db, async () => {
    const [row] = (await (db as Loose).insert(table).values(values).returning()) as Row<T>[];
    if (!row) throw new Error('The insert returned no row');
    await recordAudit(db, actor, {
      action: audit.action ?? 'create',
      entityType: audit.entityType,
      entityId: (row as { id: string }).id,
      label: audit.label(row),
      changedFields: Object.keys(values as object),
    });
    await recordRevision(db, actor, {
      entityType: audit.entityType,
      action: audit.action ?? 'create',
      after: row,
    });
    return row;
  });
}

/**
 * Updates a row and appends its audit entry (with the fields that changed) and its revision in one transaction. Undefined
 * when no row has this id; `before` lets the caller release files the update dropped.
 */
export async function updateAudited<T extends Table>(
  db: Db,
  table: T,
  id: string,
  values: Partial<T['$inferInsert']>,
  actor: Actor,
  audit: Audit<T>,
): Promise<{ before: Row<T>; after: Row<T> } | undefined> {
  return await writeTransaction(db, async () => {
    const before = await findById(db, table, id);
    if (!before) return undefined;
    await audit.check?.(before);
    const [after] = (await (db as Loose)
      .update(table)
      .set(values)
      .where(eq(table.id, id))
      .returning()) as Row<T>[];
    if (!after) return undefined;
    await recordAudit(db, actor, {
      action: audit.action ?? 'update',
      entityType: audit.entityType,
      entityId: id,
      label: audit.label(after),
      changedFields: changedFields(before as Record<string, unknown>, after as Record<string, unknown>),
    });
    await recordRevision(db, actor, {
      entityType: audit.entityType,
      action: audit.action ?? 'update',
      before,
      after,
    });
    return { before, after };
  });
}

/**
 * Deletes a row and appends its audit entry in one transaction; a row of a kind the Trash keeps
 * (`db/trash.ts`) moves there in the same transaction. Returns the deleted row, if there was one.
 */
export async function deleteAudited<T extends Table>(
  db: Db,
  table: T,
  id: string,
  actor: Actor,
  audit: Audit<T>,
): Promise<Row<T> | undefined> {
  return await writeTransaction(db, async () => {
    const before = await findById(db, table, id);
    if (!before) return undefined;
    await audit.check?.(before);
    // Into the Trash first: the row's delete trigger keeps its former slugs while the Trash holds it.
    if (isTrashKind(audit.entityType))
      await moveToTrash(db, actor, audit.entityType, before as Loose, audit.label(before), audit.keepFiles);
    await (db as Loose).delete(table).where(eq(table.id, id));
    await recordAudit(db, actor, {
      action: audit.action ?? 'delete',
      entityType: audit.entityType,
      entityId: id,
      label: audit.label(before),
    });
    return before;
  });
}

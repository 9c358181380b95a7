import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import {
  DEFAULT_REVISION_RETENTION,
  REVISIONED,
  type RevisionMark,
  type RevisionRetention,
  type RevisionSummary,
} from '@atelier/shared';
import { contextScope } from '../lib/context-scope';
import { type Actor, type AuditEntry, changedFields, recordAudit } from './audit';
import { type Db, statement, writeTransaction } from './client';

/**
 * Revisions: every save of a content row or of the settings keeps the whole row as saved, Brotli-compressed
 * JSON, beside who saved it, when, which fields changed and a mark. `insertAudited` and `updateAudited` write
 * one in their transaction, whatever their action, for the entity types of `REVISIONED`.
 */

const TYPES = new Set<string>(Object.values(REVISIONED));
/** Whether rows of `entityType` keep revisions. */
export const keepsRevisions = (entityType: string) => TYPES.has(entityType);

// Quality 4: a long post's JSON in a third or less of its size in a fraction of a millisecond; 11 saves a few
// per cent more at a hundred times the time (measured on a 1,500-word post).
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
export const packRevision = (row: object) => brotliCompressSync(JSON.stringify(row), BROTLI);
export const unpackRevision = (data: Buffer) =>
  JSON.parse(brotliDecompressSync(data).toString('utf8')) as Record<string, unknown>;

/** Databases whose writes keep no revisions (the benchmark's comparison: `REVISIONS=off`). */
const paused = new WeakSet<Db>();
export const pauseRevisions = (db: Db) => paused.add(db);

/** A restore of a revision in progress: what it saves is marked `restored`. */
const restoring = contextScope<true>();
/** Runs `save` as the restore of a revision: the revision it writes is marked `restored`. */
export const asRestore = <T>(save: () => Promise<T>): Promise<T> => restoring.run(true, save);

type Row = Record<string, unknown>;
const live = (row: Row) => row.status === 'published' || row.is_active === true;

function markOf(action: AuditEntry['action'] | 'restore', before: Row | undefined, after: Row): RevisionMark {
  if (action === 'restore' || restoring.get()) return 'restored';
  if (!before) return 'created';
  if (live(after) !== live(before)) return live(after) ? 'published' : 'unpublished';
  if (action === 'feature') return after.featured ? 'featured' : 'unfeatured';
  if (action === 'submit') return 'submitted';
  if (action === 'return') return 'returned';
  return 'updated';
}

const insert = statement<[string, string, string, string | null, string, Buffer]>(
  `INSERT INTO revisions (entity_type, entity_id, mark, actor_id, changed_fields, data)
   VALUES (?, ?, ?, ?, ?, ?)`,
);
const retentionRow = statement<[], RevisionRetention>(
  'SELECT keep, count FROM revision_retention WHERE id = 1',
);
const pruneOlder = statement<[string]>('DELETE FROM revisions WHERE created_at < ?');
const pruneBeyond = statement<[string, string, string, string, number]>(
  `DELETE FROM revisions WHERE entity_type = ? AND entity_id = ? AND id <= (
     SELECT id FROM revisions WHERE entity_type = ? AND entity_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
);
const saveRetention = statement<[string, number]>(
  `INSERT INTO revision_retention (id, keep, count) VALUES (1, ?, ?)
   ON CONFLICT (id) DO UPDATE SET keep = excluded.keep, count = excluded.count`,
);
const countOf = statement<[string, string], { n: number | string }>(
  'SELECT count(*) AS n FROM revisions WHERE entity_type = ? AND entity_id = ?',
);

/**
 * Appends the revision of a write: `after` as saved (`before`: the row it replaced, none for an insert).
 * Call it inside the write's transaction. Then applies the retention: the item's revisions beyond the last N,
 * or every revision older than N days (the one just written is always kept).
 */
export async function recordRevision(
  db: Db,
  actor: Actor,
  write: {
    entityType: string;
    action: AuditEntry['action'] | 'restore';
    /** The fields that changed, when the caller has them (else compared here). */
    changed?: string[];
    before?: Row;
    after: Row;
  },
): Promise<void> {
  if (!keepsRevisions(write.entityType) || paused.has(db)) return;
  const { entityType, before, after } = write;
  const id = String(after.id);
  const changed =
    write.changed ??
    (before
      ? changedFields(before, after)
      : Object.keys(after).filter((key) => !['id', 'created_at', 'updated_at'].includes(key)));
  await insert.run(
    db,
    entityType,
    id,
    markOf(write.action, before, after),
    actor.id,
    JSON.stringify(changed),
    packRevision(after),
  );
  const retention = await revisionRetention(db);
  if (retention.keep === 'last') await pruneBeyond.run(db, entityType, id, entityType, id, retention.count);
  if (retention.keep === 'days')
    await pruneOlder.run(db, new Date(Date.now() - retention.count * 86_400_000).toISOString());
}

export const revisionRetention = async (db: Db): Promise<RevisionRetention> =>
  (await retentionRow.first(db)) ?? DEFAULT_REVISION_RETENTION;

/** Saves the retention rule (applied from the next write on) with its audit entry. */
export async function setRevisionRetention(
  db: Db,
  actor: Actor,
  retention: RevisionRetention,
): Promise<void> {
  await writeTransaction(db, async () => {
    await saveRetention.run(db, retention.keep, retention.count);
    await recordAudit(db, actor, {
      action: 'update',
      entityType: 'settings',
      entityId: 'revision_retention',
      label: 'Revision retention',
      changedFields: ['keep', 'count'],
    });
  });
}

type SummaryRow = Omit<RevisionSummary, 'actor' | 'changed_fields'> & {
  actor_id: string | null;
  actor_name: string | null;
  changed_fields: string;
};
const SUMMARY = `SELECT r.id, r.mark, r.created_at, r.changed_fields, r.actor_id,
  COALESCE(NULLIF(TRIM(COALESCE(p.first_name, '') || ' ' || COALESCE(p.last_name, '')), ''), u.email) AS actor_name
  FROM revisions r LEFT JOIN users u ON u.id = r.actor_id LEFT JOIN profiles p ON p.id = r.actor_id`;
const pageOf = statement<[string, string, number, number], SummaryRow>(
  `${SUMMARY} WHERE r.entity_type = ? AND r.entity_id = ? ORDER BY r.id DESC LIMIT ? OFFSET ?`,
);
const oneOf = statement<[string, string, number], SummaryRow & { data: Buffer }>(
  `${SUMMARY.replace('r.actor_id,', 'r.actor_id, r.data,')} WHERE r.entity_type = ? AND r.entity_id = ? AND r.id = ?`,
);
const summaryOf = ({ actor_id, actor_name, changed_fields, ...row }: SummaryRow): RevisionSummary => ({
  ...row,
  actor: actor_id ? { id: actor_id, name: actor_name ?? '' } : null,
  changed_fields: JSON.parse(changed_fields) as string[],
});

export const REVISIONS_PAGE_SIZE = 20;

/** A page of an item's revisions, newest first. */
export async function listRevisions(db: Db, entityType: string, entityId: string, page: number) {
  const total = Number((await countOf.first(db, entityType, entityId))?.n ?? 0);
  const items = (
    await pageOf.rows(db, entityType, entityId, REVISIONS_PAGE_SIZE, (page - 1) * REVISIONS_PAGE_SIZE)
  ).map(summaryOf);
  return { items, total, page, pageSize: REVISIONS_PAGE_SIZE };
}

/** One revision of an item with its row, or undefined when the item has no such revision. */
export async function findRevision(db: Db, entityType: string, entityId: string, revisionId: number) {
  const row = await oneOf.first(db, entityType, entityId, revisionId);
  if (!row) return undefined;
  const { data, ...summary } = row;
  return { ...summaryOf(summary), data: unpackRevision(data) };
}

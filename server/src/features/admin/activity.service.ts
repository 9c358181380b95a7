import { type ActivityEntry, type ActivityListQuery, PAGE_SIZES, type Paginated } from '@atelier/shared';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clampPage } from '../../db/list-query';
import { auditLog, users } from '../../db/schema';

/** Audit rows with their writer's address, newest first, as the Activity list shows them. */
async function selectEntries(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset = 0,
): Promise<ActivityEntry[]> {
  return (
    await db
      .select({ entry: auditLog, email: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actor_id))
      .where(where)
      .orderBy(desc(auditLog.created_at), desc(auditLog.id))
      .limit(limit)
      .offset(offset)
  ).map(({ entry, email }) => {
    const details = (entry.details ?? {}) as { label?: string | null; changed_fields?: string[] };
    return {
      id: entry.id,
      actor: entry.actor_id && email ? { id: entry.actor_id, email } : null,
      action: entry.action,
      entity_type: entry.entity_type,
      entity_id: entry.entity_id,
      label: details.label ?? null,
      changed_fields: details.changed_fields ?? [],
      created_at: entry.created_at,
    };
  });
}

/** The audit log, newest first, filtered by entity type, action or actor; 10 a page. */
export async function listActivity(db: Db, query: ActivityListQuery): Promise<Paginated<ActivityEntry>> {
  const pageSize = PAGE_SIZES.admin;
  const where = and(
    query.entity_type ? eq(auditLog.entity_type, query.entity_type) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.actor_id ? eq(auditLog.actor_id, query.actor_id) : undefined,
  );
  const total = (await db.select({ n: count() }).from(auditLog).where(where))[0]?.n ?? 0;
  const page = clampPage(query.page, total, pageSize);
  const items = await selectEntries(db, where, pageSize, (page - 1) * pageSize);
  return { items, total, page, pageSize };
}

/** The latest `limit` entries of the Activity list about one type of item, narrowed by `where`. */
export const latestActivity = async (db: Db, entityType: string, limit: number, where?: SQL) =>
  await selectEntries(db, and(eq(auditLog.entity_type, entityType), where), limit);

import type { AuditAction, UserRoleName } from '@atelier/shared';
import type { Db } from './client';
import { auditLog } from './schema';

/** Who writes: the signed-in admin (from the guard) and their address. */
export interface Actor {
  id: string | null;
  /** The writer's role (a staff member's, read on this request); absent for the system and the CLI. */
  role?: UserRoleName;
  ip?: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  entityType: string;
  entityId: string | null;
  /** The entity's title or name, so the activity list reads well after a delete. */
  label?: string | null;
  changedFields?: string[];
  /** When it happened, if not now (a scheduled post goes live at its date, whenever it is recorded). */
  at?: string;
}

/** Appends one audit row; call it inside the write's transaction so both land or neither does. */
export async function recordAudit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor_id: actor.id,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    details: { label: entry.label ?? null, changed_fields: entry.changedFields ?? [] },
    ip: actor.ip ?? null,
    ...(entry.at ? { created_at: entry.at } : {}),
  });
}

/** The fields whose values differ between two versions of a row (JSON-compared, timestamps ignored). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter(
    (key) => key !== 'updated_at' && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

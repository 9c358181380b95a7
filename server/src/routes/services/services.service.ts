import type { Service } from '@atelier/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { services } from '../../db/schema';

const active = eq(services.is_active, true);

/** Active services by name. */
export function listActiveServices(db: Db): Service[] {
  return db
    .select()
    .from(services)
    .where(active)
    .orderBy(asc(sql`${services.name} COLLATE NOCASE`), asc(services.id))
    .all();
}

/** An active service; inactive ones are treated as absent. */
export function findActiveService(db: Db, id: string): Service | undefined {
  return db
    .select()
    .from(services)
    .where(and(eq(services.id, id), active))
    .get();
}

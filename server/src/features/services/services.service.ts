import type { AdminService, AdminServiceListQuery, Service, ServiceInput } from '@atelier/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../db/audit';
import { checkWrite, seenBy, serviceAuthorship, visibleTo } from '../../db/authorship';
import type { Db } from '../../db/client';
import { deleteAudited, findById, insertAudited, updateAudited } from '../../db/entity-writes';
import { listPage, orderBy, searchAny } from '../../db/list-query';
import { services } from '../../db/schema';
import { slugToSave } from '../../db/slugs';
import { publicService, publicServiceColumns } from '../../db/visibility';
import type { ImageColumns, MediaUses } from '../../ports';

const active = publicService;

/** Active services by name. */
export async function listActiveServices(db: Db): Promise<Service[]> {
  return await db
    .select(publicServiceColumns)
    .from(services)
    .where(active)
    .orderBy(asc(sql`lower(${services.name})`), asc(services.id));
}

/** An active service; inactive ones are treated as absent. */
export async function findActiveService(db: Db, id: string): Promise<Service | undefined> {
  return (
    await db
      .select(publicServiceColumns)
      .from(services)
      .where(and(eq(services.id, id), active))
  )[0];
}

const audit = { entityType: 'service', label: (row: Service) => row.name };
export const serviceImages: ImageColumns = {
  entity_type: 'services',
  audit_type: 'service',
  table: services,
  title: services.name,
  columns: [services.image, services.icon],
};
const SORTABLE = {
  name: services.name,
  created_at: services.created_at,
  is_active: services.is_active,
  price_range: services.price_range,
};

/**
 * Every service the caller may see (a contributor: the active ones and their own) for the admin list: search
 * by name, active filter, sort (name by default), 10 a page.
 */
export async function listAdminServices(db: Db, query: AdminServiceListQuery, actor: Actor) {
  return await listPage(db, services, {
    where: [
      visibleTo(actor, serviceAuthorship),
      searchAny(query.q, [services.name]),
      query.is_active === undefined ? undefined : eq(services.is_active, query.is_active),
    ],
    orderBy: orderBy(SORTABLE, services.id, query.sort, query.order, { sort: 'name', order: 'asc' }),
    page: query.page,
  });
}

export const findService = async (db: Db, id: string, actor: Actor): Promise<AdminService | undefined> =>
  seenBy(actor, serviceAuthorship, await findById(db, services, id));

/**
 * is_active is stored exactly as sent (the old app saved true on every edit); a contributor's service is
 * inactive until an editor makes it active.
 */
export async function createService(db: Db, actor: Actor, input: ServiceInput): Promise<AdminService> {
  checkWrite(actor, serviceAuthorship, undefined, input);
  const slug = await slugToSave(db, 'services', { typed: input.slug, title: input.name });
  return await insertAudited(db, services, { ...input, slug, author_id: actor.id }, actor, audit);
}

/**
 * Updates a service (a contributor: their own inactive one, kept inactive); an image or icon it no longer
 * uses is released from the media store.
 */
export async function updateService(
  deps: { db: Db; media: MediaUses },
  actor: Actor,
  id: string,
  input: ServiceInput,
) {
  const slug = await slugToSave(deps.db, 'services', { typed: input.slug, title: input.name, id });
  const result = await updateAudited(deps.db, services, id, { ...input, slug }, actor, {
    ...audit,
    check: (before) => checkWrite(actor, serviceAuthorship, before, input),
  });
  if (!result) return undefined;
  await deps.media.releaseDropped(serviceImages, result.before, result.after);
  return result.after;
}

/** Moves a service to the Trash (its image stays in the library while it is there). */
export const deleteService = async (deps: { db: Db }, actor: Actor, id: string) =>
  (await deleteAudited(deps.db, services, id, actor, {
    ...audit,
    check: (before) => checkWrite(actor, serviceAuthorship, before),
  })) !== undefined;

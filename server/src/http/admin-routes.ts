import {
  ADMIN_MESSAGES,
  type BulkAction,
  BulkInput,
  BulkResult,
  can,
  ERROR_CODES,
  MESSAGES,
  type Paginated,
  PERMISSIONS,
  type Permission,
} from '@atelier/shared';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ZodError } from 'zod';
import { currentAuth, requirePermission, roleForbidden } from '../auth/guard';
import { type AppEnv, createRouter, type Deps } from '../context';
import type { Actor } from '../db/audit';
import type { Db } from '../db/client';
import { ApiError, notFound } from '../lib/errors';
import type { ImageColumns } from '../ports';
import { clientIp } from './client-ip';
import { adminErrors, adminIdErrors, errorResponse, jsonBody, jsonContent } from './openapi';

/** The staff member who is writing (set by the staff gate), their role and their address, for the audit log. */
export const actorOf = (c: Context<AppEnv>): Actor => {
  const auth = currentAuth(c);
  return { id: auth.userId, role: auth.role, ip: clientIp(c) };
};

const security = [{ bearer: [] }];

/**
 * Who may call an admin operation, for its OpenAPI entry: a bearer token of a role holding `permission`
 * (`x-roles` lists them). For an operation another router serves (tus), which checks it itself.
 */
export const documentedAccess = (permission: Permission) => ({
  security,
  'x-roles': [...PERMISSIONS[permission]],
});

/**
 * An admin operation's access rule, spread into its `createRoute`: documented (`x-roles`) and enforced
 * (403 to any other role, before the input is read; with `message` when the rule has its own words). Every
 * /api/admin operation declares one; the role gate test walks the OpenAPI document and fails on an operation
 * without it.
 */
export const allow = (permission: Permission, message?: string) => ({
  ...documentedAccess(permission),
  middleware: [requirePermission(permission, message)],
});

type MaybePromise<T> = T | Promise<T>;

/**
 * The operations of one admin entity; `create`/`update` are left out for entities the admin cannot write.
 * Reads get the caller too: a contributor sees only what they may (published items and their own drafts).
 */
interface AdminCrudService<E, Q, C, U> {
  /** A page of list rows: the entity, or the few columns its list screen shows. */
  list(db: Db, query: Q, actor: Actor): Promise<Paginated<object>>;
  find(db: Db, id: string, actor: Actor): Promise<E | undefined>;
  create?(deps: Deps, actor: Actor, input: C): MaybePromise<E>;
  update?(deps: Deps, actor: Actor, id: string, input: U): MaybePromise<E | undefined>;
  /** `options`: the delete's query (`schemas.remove`), when the entity has one. */
  remove(deps: Deps, actor: Actor, id: string, options?: object): MaybePromise<boolean>;
}

interface AdminCrudOptions<E, Q, C, U> {
  /** `/admin/projects` */
  path: string;
  tag: string;
  /** "project": used in the summaries. */
  noun: string;
  schemas: {
    entity: z.ZodType<E>;
    list: z.ZodType;
    query: z.ZodObject;
    id: z.ZodObject;
    create?: z.ZodType<C>;
    update?: z.ZodType<U>;
    /** The delete's query parameters, handed to `service.remove` (a project's `photos`). */
    remove?: z.ZodObject;
  };
  notFoundMessage: string;
  /**
   * Who may read (list, one) and who may write (create, update, delete); `refusal`, the 403's words for
   * a role that may not write.
   */
  access: { read: Permission; write: Permission; refusal?: string };
  service: AdminCrudService<E, Q, C, U>;
  /** The entity's image columns: outside URLs in them are fetched into the media library before a save. */
  images?: ImageColumns;
  /** Routes registered before `{id}` (Hono tries routes in order: a fixed path such as `export.csv` first). */
  before?: (router: ReturnType<typeof createRouter>) => unknown;
  /** The bulk actions besides delete (which every list has): see `BulkOptions`. */
  bulk?: BulkOptions;
}

type BulkOnly = Exclude<BulkAction, 'delete'>;
interface BulkOptions {
  /** Field changes made through the entity's own update, with its checks (`publish`: `{ status: 'published' }`). */
  edits?: Partial<Record<BulkOnly, Record<string, unknown>>>;
  /** Actions that have a route of their own: that route's permission (and refusal) and one item's work. */
  actions?: Partial<
    Record<
      BulkOnly,
      { permission: Permission; refusal?: string; run(deps: Deps, actor: Actor, id: string): unknown }
    >
  >;
}

/** Why one item of a bulk request was not done: the refusal its single operation would have answered. */
function failureOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof ZodError) return error.issues[0]?.message ?? MESSAGES.internal;
  throw error;
}

/**
 * Optimistic concurrency for two admins (or the browser and the desktop app) editing one entity: a PUT with
 * `If-Match: "<updated_at>"` of the version the form loaded is refused with 409 when someone saved since.
 * Handlers check and write with no await in between, so nothing can slip in on this single-process server.
 */
export function refuseStaleEdit(c: Context<AppEnv>, current: unknown) {
  const expected = c.req.header('if-match');
  if (!expected || expected === '*' || !current) return;
  const version = `"${(current as { updated_at?: string }).updated_at}"`;
  if (expected !== version) throw new ApiError(409, ERROR_CODES.conflict, ADMIN_MESSAGES.editConflict);
}

/** The optional `If-Match` request header of a PUT (see `refuseStaleEdit`). */
export const ifMatchHeader = z.object({
  'if-match': z.string().optional().meta({
    description: 'The quoted `updated_at` of the version the form loaded: "2026-01-31T10:00:00.000Z"',
  }),
});

/** The 409 of a PUT that takes `If-Match` (see `refuseStaleEdit`). */
export const staleEditError = {
  409: errorResponse('Changed since the version named by If-Match'),
} as const;

/**
 * The admin routes of one entity: list (search, filters, sort, page), one by id, create, update, delete, all
 * in the OpenAPI document and behind the admin gate of app.ts. Handlers stay thin: the service does the work
 * (and the audit entry, in the write's transaction).
 */
export function adminCrudRoutes<E, Q, C, U>(options: AdminCrudOptions<E, Q, C, U>) {
  const { path, tag, noun, schemas, service, notFoundMessage, access } = options;
  const tags = [tag];
  const router = createRouter();
  options.before?.(router);
  const json = (c: Context<AppEnv>, value: unknown, status: 200 | 201) => c.json(value as object, status);
  // The typed `c.req.valid` of a route built here is lost in this generic factory; zod has validated it.
  const valid = (c: Context<AppEnv>, target: 'query' | 'param' | 'json') =>
    (c.req as unknown as { valid(t: string): unknown }).valid(target);

  router.openapi(
    createRoute({
      method: 'get',
      path,
      tags,
      ...allow(access.read),
      summary: `Every ${noun}, searched, filtered, sorted, 10 a page (past the last page: the last page)`,
      request: { query: schemas.query },
      responses: { 200: jsonContent(schemas.list, `A page of ${noun}s`), ...adminErrors },
    }),
    async (c) => json(c, await service.list(c.var.deps.db, valid(c, 'query') as Q, actorOf(c)), 200) as never,
  );
  router.openapi(
    createRoute({
      method: 'get',
      path: `${path}/{id}`,
      tags,
      ...allow(access.read),
      summary: `One ${noun}, drafts and inactive ones included`,
      request: { params: schemas.id },
      responses: { 200: jsonContent(schemas.entity, `The ${noun}`), ...adminIdErrors },
    }),
    async (c) => {
      const { id } = valid(c, 'param') as { id: string };
      const found = await service.find(c.var.deps.db, id, actorOf(c));
      if (!found) throw notFound(notFoundMessage);
      return json(c, found, 200) as never;
    },
  );
  const { create, update } = service;
  const localImages = <T extends object>(c: Context<AppEnv>, input: T) =>
    options.images ? c.var.deps.imports.localize(input, options.images, actorOf(c)) : Promise.resolve(input);
  if (create && schemas.create) {
    router.openapi(
      createRoute({
        method: 'post',
        path,
        tags,
        ...allow(access.write, access.refusal),
        summary: `Creates a ${noun}`,
        request: { body: jsonBody(schemas.create) },
        responses: { 201: jsonContent(schemas.entity, `The new ${noun}`), ...adminErrors },
      }),
      async (c) => {
        const input = await localImages(c, valid(c, 'json') as C & object);
        return json(c, await create(c.var.deps, actorOf(c), input), 201) as never;
      },
    );
  }
  if (update && schemas.update) {
    router.openapi(
      createRoute({
        method: 'put',
        path: `${path}/{id}`,
        tags,
        ...allow(access.write, access.refusal),
        summary: `Replaces a ${noun}'s fields (with If-Match: "<updated_at>", only if nobody saved since)`,
        request: { params: schemas.id, headers: ifMatchHeader, body: jsonBody(schemas.update) },
        responses: {
          200: jsonContent(schemas.entity, `The updated ${noun}`),
          ...adminIdErrors,
          ...staleEditError,
        },
      }),
      async (c) => {
        const { id } = valid(c, 'param') as { id: string };
        refuseStaleEdit(c, await service.find(c.var.deps.db, id, actorOf(c)));
        const input = await localImages(c, valid(c, 'json') as U & object);
        const updated = await update(c.var.deps, actorOf(c), id, input);
        if (!updated) throw notFound(notFoundMessage);
        return json(c, updated, 200) as never;
      },
    );
  }
  const bulk = options.bulk ?? {};
  const offered = ['delete', ...Object.keys(bulk.edits ?? {}), ...Object.keys(bulk.actions ?? {})];
  /** One item of a bulk action, as its single operation does it; false when there is no such item. */
  const bulkItem = async (c: Context<AppEnv>, action: BulkAction, id: string): Promise<unknown> => {
    const { deps } = c.var;
    if (action === 'delete') return service.remove(deps, actorOf(c), id);
    const own = bulk.actions?.[action];
    if (own) return own.run(deps, actorOf(c), id);
    const found = await service.find(deps.db, id, actorOf(c));
    if (!found || !update || !schemas.update) return false;
    const input = schemas.update.parse({ ...found, ...bulk.edits?.[action] });
    return update(deps, actorOf(c), id, input);
  };
  router.openapi(
    createRoute({
      method: 'post',
      path: `${path}/bulk`,
      tags,
      ...allow(access.write, access.refusal),
      summary: `One action on many ${noun}s (${offered.join(', ')}), each item as its single operation does it (its rights and checks, its own transaction): what was done, and what was not and why`,
      request: { body: jsonBody(BulkInput) },
      responses: { 200: jsonContent(BulkResult, 'What was done and what was not'), ...adminErrors },
    }),
    async (c) => {
      const { action, ids } = valid(c, 'json') as BulkInput;
      if (!offered.includes(action))
        throw new ApiError(400, ERROR_CODES.badRequest, `${noun}s cannot ${action}`);
      const own = action === 'delete' ? undefined : bulk.actions?.[action];
      if (own && !can(currentAuth(c).role, own.permission)) {
        throw roleForbidden(own.refusal);
      }
      const result: BulkResult = { done: [], failed: [] };
      for (const id of new Set(ids)) {
        try {
          if (await bulkItem(c, action, id)) result.done.push(id);
          else result.failed.push({ id, message: notFoundMessage });
        } catch (error) {
          result.failed.push({ id, message: failureOf(error) });
        }
      }
      return c.json(result, 200) as never;
    },
  );
  router.openapi(
    createRoute({
      method: 'delete',
      path: `${path}/{id}`,
      tags,
      ...allow(access.write, access.refusal),
      summary: `Deletes a ${noun}`,
      request: { params: schemas.id, ...(schemas.remove && { query: schemas.remove }) },
      responses: { 204: { description: 'Deleted' }, ...adminIdErrors },
    }),
    async (c) => {
      const { id } = valid(c, 'param') as { id: string };
      const options = schemas.remove && (valid(c, 'query') as object);
      if (!(await service.remove(c.var.deps, actorOf(c), id, options))) throw notFound(notFoundMessage);
      return c.body(null, 204) as never;
    },
  );
  return router;
}

import {
  PageParam,
  REVISIONED,
  RestoredRevision,
  Revision,
  RevisionList,
  RevisionRetention,
} from '@atelier/shared';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { type AppEnv, createRouter } from '../../context';
import { checkAuthor } from '../../db/authorship';
import {
  asRestore,
  findRevision,
  listRevisions,
  revisionRetention,
  setRevisionRetention,
} from '../../db/revisions';
import { actorOf, allow, ifMatchHeader, refuseStaleEdit, staleEditError } from '../../http/admin-routes';
import { adminErrors, adminIdErrors, jsonBody, jsonContent } from '../../http/openapi';
import { notFound, validationError } from '../../lib/errors';
import type { Revisioned } from '../../ports';
import { withoutMissingImages } from './revisions.service';

const tags = ['Admin: revisions'];
const REVISION_NOT_FOUND = 'This version does not exist (any more)';
const revisionId = z
  .string()
  .regex(/^\d{1,12}$/, 'A revision id is a whole number')
  .transform(Number);

/**
 * The history of one entity (`target`): its revisions newest first, one revision with its row, and its
 * restore, saved again as a new revision through the entity's own update (its validation, its checks and its
 * PUT's If-Match rule). Whoever may edit the item may use them; a contributor, on their own items only.
 */
function historyRoutes(router: ReturnType<typeof createRouter>, target: Revisioned) {
  const entityType = REVISIONED[target.path];
  const base = target.single ? `/admin/${target.path}` : `/admin/${target.path}/{id}`;
  const idParams = target.single ? z.object({}) : z.object({ id: z.string().trim().min(1).max(100) });
  const access = allow(target.permission, target.refusal);
  const noun = target.path.replace(/-/g, ' ');
  /** The item the caller may edit, by the request's id; 404 or 403 otherwise. */
  const itemOf = async (c: Context<AppEnv>) => {
    const id = target.single ?? c.req.param('id') ?? '';
    const actor = actorOf(c);
    const item = await target.find(c.var.deps.db, id, actor);
    if (!item) throw notFound(target.notFoundMessage);
    if (target.authorship) checkAuthor(actor, target.authorship, item);
    return { id, item };
  };
  const revisionOf = async (c: Context<AppEnv>, id: string) => {
    const found = await findRevision(c.var.deps.db, entityType, id, Number(c.req.param('revision')));
    if (!found) throw notFound(REVISION_NOT_FOUND);
    return found;
  };
  const withRevision = idParams.extend({ revision: revisionId });

  return router
    .openapi(
      createRoute({
        method: 'get',
        path: `${base}/revisions`,
        tags,
        ...access,
        summary: `A ${noun} item's revisions, newest first, 20 a page`,
        request: { params: idParams, query: z.object({ page: PageParam }) },
        responses: { 200: jsonContent(RevisionList, 'A page of revisions'), ...adminIdErrors },
      }),
      async (c) => {
        const { id } = await itemOf(c);
        return c.json(await listRevisions(c.var.deps.db, entityType, id, c.req.valid('query').page), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: `${base}/revisions/{revision}`,
        tags,
        ...access,
        summary: `One revision of a ${noun} item, with the whole row as it was saved`,
        request: { params: withRevision },
        responses: { 200: jsonContent(Revision, 'The revision'), ...adminIdErrors },
      }),
      async (c) => c.json(await revisionOf(c, (await itemOf(c)).id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: `${base}/revisions/{revision}/restore`,
        tags,
        ...access,
        summary: `Saves a revision of a ${noun} item again, as a new revision, through the item's own validation (with If-Match: "<updated_at>", only if nobody saved since); images gone from the library are listed and left out`,
        request: { params: withRevision, headers: ifMatchHeader },
        responses: {
          200: jsonContent(RestoredRevision, 'The item as restored'),
          ...adminIdErrors,
          ...staleEditError,
        },
      }),
      async (c) => {
        const { id, item } = await itemOf(c);
        const { data } = await revisionOf(c, id);
        refuseStaleEdit(c, item);
        const { row, missing } = await withoutMissingImages(c.var.deps.db, target.images, data);
        const input = target.input.safeParse(row);
        if (!input.success) throw validationError(input.error);
        // Checked and saved with no await in between, like the entity's PUT.
        const saved = await asRestore(() => target.save(c.var.deps, actorOf(c), id, input.data as never));
        if (!saved) throw notFound(target.notFoundMessage);
        return c.json({ item: saved as Record<string, unknown>, missing_images: missing }, 200);
      },
    );
}

const retentionGet = createRoute({
  method: 'get',
  path: '/admin/revisions/retention',
  tags,
  ...allow('settings'),
  summary: 'How long revisions are kept',
  responses: { 200: jsonContent(RevisionRetention, 'The rule'), ...adminErrors },
});
const retentionPut = createRoute({
  method: 'put',
  path: '/admin/revisions/retention',
  tags,
  ...allow('settings'),
  summary:
    'Keeps every revision (all), the last `count` of each item (last), or those of the last `count` days (days), from the next save on',
  request: { body: jsonBody(RevisionRetention) },
  responses: { 200: jsonContent(RevisionRetention, 'The rule saved'), ...adminErrors },
});

/** The history routes of every entity that keeps revisions, and the retention rule. */
export function revisionAdminRoutes(targets: Revisioned[]) {
  const router = createRouter()
    .openapi(retentionGet, async (c) => c.json(await revisionRetention(c.var.deps.db), 200))
    .openapi(retentionPut, async (c) => {
      await setRevisionRetention(c.var.deps.db, actorOf(c), c.req.valid('json'));
      return c.json(await revisionRetention(c.var.deps.db), 200);
    });
  for (const target of targets) historyRoutes(router, target);
  return router;
}

import { TRASH_KINDS, TRASH_MESSAGES, TrashEmptied, TrashList, TrashSettings } from '@atelier/shared';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { actorOf, allow } from '../../http/admin-routes';
import {
  adminErrors,
  adminIdErrors,
  errorResponse,
  idParam,
  jsonBody,
  jsonContent,
} from '../../http/openapi';
import {
  deleteFromTrash,
  emptyTrash,
  listTrash,
  restoreFromTrash,
  updateTrashSettings,
} from './trash.service';

const tags = ['Admin: trash'];
const params = idParam(TRASH_MESSAGES.notFound);

const list = createRoute({
  method: 'get',
  path: '/admin/trash',
  tags,
  ...allow('publish'),
  summary: 'Everything in the Trash, newest first: what it was, who deleted it, when, and the days left',
  responses: { 200: jsonContent(TrashList, 'The Trash'), ...adminErrors },
});

const restore = createRoute({
  method: 'post',
  path: '/admin/trash/{id}/restore',
  tags,
  ...allow('write'),
  summary:
    'Puts an item back as it was (a slug taken meanwhile is made anew); a contributor only what they deleted',
  request: { params },
  responses: {
    200: jsonContent(z.object({ id: z.string(), kind: z.enum(TRASH_KINDS) }), 'Restored'),
    ...adminIdErrors,
    409: errorResponse("A project's category was deleted meanwhile"),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/admin/trash/{id}',
  tags,
  ...allow('write'),
  summary: 'Deletes an item forever, and the files only it held; a contributor only what they deleted',
  request: { params },
  responses: { 204: { description: 'Deleted forever' }, ...adminIdErrors },
});

const empty = createRoute({
  method: 'delete',
  path: '/admin/trash',
  tags,
  ...allow('settings'),
  summary: '"Empty trash": deletes every item forever, and the files only they held',
  responses: { 200: jsonContent(TrashEmptied, 'How many were deleted'), ...adminErrors },
});

const settings = createRoute({
  method: 'put',
  path: '/admin/trash/settings',
  tags,
  ...allow('settings'),
  summary: 'How many days the Trash keeps an item before the server deletes it forever',
  request: { body: jsonBody(TrashSettings) },
  responses: { 200: jsonContent(TrashSettings, 'The saved setting'), ...adminErrors },
});

export const trashAdminRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listTrash(c.var.deps.db), 200))
  .openapi(settings, async (c) => c.json(await updateTrashSettings(c.var.deps.db, c.req.valid('json')), 200))
  .openapi(empty, async (c) => c.json(await emptyTrash(c.var.deps, actorOf(c)), 200))
  .openapi(restore, async (c) =>
    c.json(await restoreFromTrash(c.var.deps.db, actorOf(c), c.req.valid('param').id), 200),
  )
  .openapi(remove, async (c) => {
    await deleteFromTrash(c.var.deps, actorOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

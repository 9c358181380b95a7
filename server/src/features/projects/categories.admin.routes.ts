import {
  AdminProjectCategory,
  CATEGORY_MESSAGES,
  ProjectCategoryInput,
  ProjectCategoryOrder,
} from '@atelier/shared';
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
import { notFound } from '../../lib/errors';
import {
  createCategory,
  deleteCategory,
  listAdminCategories,
  renameCategory,
  reorderCategories,
} from './categories.service';

const path = '/admin/project-categories';
const tags = ['Admin: project categories'];
const IdParam = idParam(CATEGORY_MESSAGES.notFound);
const List = z.object({ items: z.array(AdminProjectCategory) });

const list = createRoute({
  method: 'get',
  path,
  tags,
  ...allow('staff'),
  summary: 'Every project category in the studio’s order, with how many projects each holds',
  responses: { 200: jsonContent(List, 'The categories'), ...adminErrors },
});

// Categories shape the public portfolio: the editors' and administrators' work, as publishing is.
const create = createRoute({
  method: 'post',
  path,
  tags,
  ...allow('publish'),
  summary: 'Adds a category, last in the order (its slug made from its name)',
  request: { body: jsonBody(ProjectCategoryInput) },
  responses: { 201: jsonContent(AdminProjectCategory, 'The new category'), ...adminErrors },
});

const order = createRoute({
  method: 'put',
  path: `${path}/order`,
  tags,
  ...allow('publish'),
  summary: 'Puts the categories in a new order (every id once, first to last)',
  request: { body: jsonBody(ProjectCategoryOrder) },
  responses: { 200: jsonContent(List, 'The categories in their new order'), ...adminErrors },
});

const rename = createRoute({
  method: 'put',
  path: `${path}/{id}`,
  tags,
  ...allow('publish'),
  summary: 'Renames a category (its slug, its projects and the links to it stay)',
  request: { params: IdParam, body: jsonBody(ProjectCategoryInput) },
  responses: { 200: jsonContent(AdminProjectCategory, 'The category'), ...adminIdErrors },
});

const remove = createRoute({
  method: 'delete',
  path: `${path}/{id}`,
  tags,
  ...allow('publish'),
  summary: 'Deletes a category that holds no project',
  request: { params: IdParam },
  responses: {
    204: { description: 'Deleted' },
    ...adminIdErrors,
    409: errorResponse('The category still holds projects'),
  },
});

export const categoryAdminRoutes = createRouter()
  .openapi(list, async (c) => c.json({ items: await listAdminCategories(c.var.deps.db) }, 200))
  .openapi(create, async (c) =>
    c.json(await createCategory(c.var.deps.db, actorOf(c), c.req.valid('json')), 201),
  )
  .openapi(order, async (c) =>
    c.json({ items: await reorderCategories(c.var.deps.db, actorOf(c), c.req.valid('json').ids) }, 200),
  )
  .openapi(rename, async (c) => {
    const category = await renameCategory(
      c.var.deps.db,
      actorOf(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    if (!category) throw notFound(CATEGORY_MESSAGES.notFound);
    return c.json(category, 200);
  })
  .openapi(remove, async (c) => {
    if (!(await deleteCategory(c.var.deps.db, actorOf(c), c.req.valid('param').id)))
      throw notFound(CATEGORY_MESSAGES.notFound);
    return c.body(null, 204);
  });

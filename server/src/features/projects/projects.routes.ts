import { MESSAGES, Project, ProjectCategory, ProjectList, ProjectListQuery } from '@atelier/shared';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { errorResponses, idParam, jsonContent } from '../../http/openapi';
import { notFound } from '../../lib/errors';
import { checkCategory, listCategories } from './categories.service';
import { findPublishedProject, listFeaturedProjects, listPublishedProjects } from './projects.service';

const tags = ['Projects'];
const ProjectIdParam = idParam(MESSAGES.invalidProjectId);

const list = createRoute({
  method: 'get',
  path: '/projects',
  tags,
  summary: 'Published projects, newest first, 20 a page',
  request: { query: ProjectListQuery },
  responses: { 200: jsonContent(ProjectList, 'A page of projects'), ...errorResponses(400) },
});

const featured = createRoute({
  method: 'get',
  path: '/projects/featured',
  tags,
  summary: 'Published and featured projects, newest first, at most 12',
  responses: { 200: jsonContent(z.object({ items: z.array(Project) }), 'Featured projects') },
});

const categories = createRoute({
  method: 'get',
  path: '/project-categories',
  tags,
  summary: 'The studio’s project categories, in its order (a project’s `category` is one of their slugs)',
  responses: {
    200: jsonContent(z.object({ items: z.array(ProjectCategory) }), 'The categories'),
  },
});

const byId = createRoute({
  method: 'get',
  path: '/projects/{id}',
  tags,
  summary: 'One published project',
  request: { params: ProjectIdParam },
  responses: { 200: jsonContent(Project, 'The project'), ...errorResponses(400, 404) },
});

export const projectRoutes = createRouter()
  .openapi(list, async (c) => {
    const query = c.req.valid('query');
    if (query.category) await checkCategory(c.var.deps.db, query.category);
    return c.json(await listPublishedProjects(c.var.deps.db, query), 200);
  })
  .openapi(featured, async (c) => c.json({ items: await listFeaturedProjects(c.var.deps.db) }, 200))
  .openapi(categories, async (c) => c.json({ items: await listCategories(c.var.deps.db) }, 200))
  .openapi(byId, async (c) => {
    const project = await findPublishedProject(c.var.deps.db, c.req.valid('param').id);
    if (!project) throw notFound(MESSAGES.projectNotFound);
    return c.json(project, 200);
  });

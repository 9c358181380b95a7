import {
  AdminProjectList,
  AdminProjectListQuery,
  CreateProjectInput,
  MESSAGES,
  Project,
  ProjectFeaturedInput,
  UpdateProjectInput,
} from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { actorOf, adminCrudRoutes, allow } from '../../http/admin-routes';
import { adminIdErrors, idParam, jsonBody, jsonContent } from '../../http/openapi';
import { notFound } from '../../lib/errors';
import {
  createProject,
  deleteProject,
  findProject,
  listAdminProjects,
  setProjectFeatured,
  updateProject,
} from './projects.service';

const ProjectIdParam = idParam(MESSAGES.invalidProjectId);

const featured = createRoute({
  method: 'patch',
  path: '/admin/projects/{id}/featured',
  tags: ['Admin: projects'],
  ...allow('publish'),
  summary: 'Stars or unstars a project (the featured grid of the home page)',
  request: {
    params: ProjectIdParam,
    body: jsonBody(ProjectFeaturedInput),
  },
  responses: { 200: jsonContent(Project, 'The project'), ...adminIdErrors },
});

export const projectAdminRoutes = adminCrudRoutes({
  path: '/admin/projects',
  tag: 'Admin: projects',
  noun: 'project',
  schemas: {
    entity: Project,
    list: AdminProjectList,
    query: AdminProjectListQuery,
    id: ProjectIdParam,
    create: CreateProjectInput,
    update: UpdateProjectInput,
  },
  access: { read: 'staff', write: 'write' },
  notFoundMessage: MESSAGES.projectNotFound,
  service: {
    list: listAdminProjects,
    find: findProject,
    create: (deps, actor, input) => createProject(deps.db, actor, input),
    update: updateProject,
    remove: deleteProject,
  },
}).openapi(featured, (c) => {
  const project = setProjectFeatured(
    c.var.deps.db,
    actorOf(c),
    c.req.valid('param').id,
    c.req.valid('json').featured,
  );
  if (!project) throw notFound(MESSAGES.projectNotFound);
  return c.json(project, 200);
});

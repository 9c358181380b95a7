import {
  AdminProject,
  AdminProjectList,
  AdminProjectListQuery,
  CreateProjectInput,
  MESSAGES,
  ProjectDeleteQuery,
  ProjectFeaturedInput,
  ProjectPhotos,
  REVIEW_MESSAGES,
  UpdateProjectInput,
} from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { projectAuthorship } from '../../db/authorship';
import { actorOf, adminCrudRoutes, allow } from '../../http/admin-routes';
import { adminIdErrors, idParam, jsonBody, jsonContent } from '../../http/openapi';
import { addPreviewRoute } from '../../http/preview-routes';
import { addReviewRoutes } from '../../http/review-routes';
import { notFound } from '../../lib/errors';
import type { Revisioned } from '../../ports';
import {
  countOwnPhotos,
  createProject,
  deleteProject,
  findProject,
  listAdminProjects,
  projectImages,
  returnProject,
  setProjectFeatured,
  submitProject,
  updateProject,
} from './projects.service';

const ProjectIdParam = idParam(MESSAGES.invalidProjectId);

// Starring shows a project on the home page: publishing, which a contributor may not do.
const featuring = { permission: 'publish', refusal: REVIEW_MESSAGES.cantFeature } as const;

const featured = createRoute({
  method: 'patch',
  path: '/admin/projects/{id}/featured',
  tags: ['Admin: projects'],
  ...allow(featuring.permission, featuring.refusal),
  summary: 'Stars or unstars a project (the featured grid of the home page)',
  request: {
    params: ProjectIdParam,
    body: jsonBody(ProjectFeaturedInput),
  },
  responses: { 200: jsonContent(AdminProject, 'The project'), ...adminIdErrors },
});

const photos = createRoute({
  method: 'get',
  path: '/admin/projects/{id}/photos',
  tags: ['Admin: projects'],
  ...allow('staff'),
  summary:
    'How many of its photographs nothing else shows: those its delete takes from the library (unless photos=keep)',
  request: { params: ProjectIdParam },
  responses: { 200: jsonContent(ProjectPhotos, 'The count'), ...adminIdErrors },
});

const crud = adminCrudRoutes({
  path: '/admin/projects',
  tag: 'Admin: projects',
  noun: 'project',
  schemas: {
    entity: AdminProject,
    list: AdminProjectList,
    query: AdminProjectListQuery,
    id: ProjectIdParam,
    create: CreateProjectInput,
    update: UpdateProjectInput,
    remove: ProjectDeleteQuery,
  },
  access: { read: 'staff', write: 'write' },
  notFoundMessage: MESSAGES.projectNotFound,
  images: projectImages,
  bulk: {
    edits: { publish: { status: 'published' }, unpublish: { status: 'draft' } },
    actions: {
      feature: {
        ...featuring,
        run: async (deps, actor, id) => await setProjectFeatured(deps.db, actor, id, true),
      },
      unfeature: {
        ...featuring,
        run: async (deps, actor, id) => await setProjectFeatured(deps.db, actor, id, false),
      },
    },
  },
  service: {
    list: listAdminProjects,
    find: findProject,
    create: createProject,
    update: updateProject,
    remove: deleteProject,
  },
});

/** What the review step and the preview link say of a project. */
const workflow = {
  path: '/admin/projects',
  tag: 'Admin: projects',
  noun: 'project',
  kind: 'project',
  notFoundMessage: MESSAGES.projectNotFound,
} as const;

const reviewed = addReviewRoutes(crud, {
  ...workflow,
  editPage: '/admin/projects/edit/',
  schemas: { entity: AdminProject, id: ProjectIdParam },
  authorOf: (project) => project.user_id,
  service: { submit: submitProject, sendBack: returnProject },
})
  .openapi(photos, async (c) => {
    const count = await countOwnPhotos(c.var.deps, actorOf(c), c.req.valid('param').id);
    if (!count) throw notFound(MESSAGES.projectNotFound);
    return c.json(count, 200);
  })
  .openapi(featured, async (c) => {
    const project = await setProjectFeatured(
      c.var.deps.db,
      actorOf(c),
      c.req.valid('param').id,
      c.req.valid('json').featured,
    );
    if (!project) throw notFound(MESSAGES.projectNotFound);
    return c.json(project, 200);
  });

export const projectAdminRoutes = addPreviewRoute(reviewed, {
  ...workflow,
  id: ProjectIdParam,
  find: findProject,
});

/** A project's history: its edit rights, its PUT's body and update. */
export const projectRevisions: Revisioned = {
  path: 'projects',
  permission: 'write',
  authorship: projectAuthorship,
  notFoundMessage: MESSAGES.projectNotFound,
  find: findProject,
  input: UpdateProjectInput,
  save: updateProject,
  images: projectImages,
};

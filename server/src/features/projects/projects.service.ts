import {
  type AdminProject,
  type AdminProjectListQuery,
  AdminProjectRow,
  can,
  ERROR_CODES,
  FEATURED_PROJECTS_LIMIT,
  type FocalPoint,
  PAGE_SIZES,
  type Paginated,
  type Project,
  type ProjectCard,
  type ProjectDeleteQuery,
  type ProjectInput,
  type ProjectListQuery,
  type ProjectStill,
  projectContent,
  REVIEW_MESSAGES,
} from '@atelier/shared';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../db/audit';
import { checkWrite, projectAuthorship, seenBy, visibleTo } from '../../db/authorship';
import { type Db, rawRows } from '../../db/client';
import { deleteAudited, findById, insertAudited, updateAudited } from '../../db/entity-writes';
import { listPage, orderBy, searchAny } from '../../db/list-query';
import { endReviewOnPublish, reviewDraft } from '../../db/review';
import { projects } from '../../db/schema';
import { slugToSave } from '../../db/slugs';
import { jsonEntries } from '../../db/sql-dialect';
import { publicProject, publicProjectColumns } from '../../db/visibility';
import { ApiError } from '../../lib/errors';
import type { ImageColumns, MediaUses } from '../../ports';
import { parseStoredUrl } from '../../storage/local';
import { checkCategory } from './categories.service';

const published = publicProject;
const newestFirst = [desc(projects.created_at), desc(projects.id)];

/** Published projects, newest first, optionally of one category, one page at a time. */
export async function listPublishedProjects(db: Db, query: ProjectListQuery): Promise<Paginated<Project>> {
  const where = query.category ? and(published, eq(projects.category, query.category)) : published;
  const pageSize = PAGE_SIZES.projects;
  const total = (await db.select({ n: count() }).from(projects).where(where))[0]?.n ?? 0;
  const items = await db
    .select(publicProjectColumns)
    .from(projects)
    .where(where)
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  return { items, total, page: query.page, pageSize };
}

export async function listFeaturedProjects(db: Db): Promise<Project[]> {
  return await db
    .select(publicProjectColumns)
    .from(projects)
    .where(and(published, eq(projects.featured, true)))
    .orderBy(...newestFirst)
    .limit(FEATURED_PROJECTS_LIMIT);
}

/** Every published project's title and photograph, newest first. */
export async function listProjectStills(db: Db): Promise<ProjectStill[]> {
  return await db
    .select({ title: projects.title, thumbnail: projects.thumbnail })
    .from(projects)
    .where(published)
    .orderBy(...newestFirst);
}

/** A published project; drafts are treated as absent. */
/** A published project by id; with `drafts` (a preview link's page), whatever its status. */
export async function findPublishedProject(
  db: Db,
  id: string,
  options: { drafts?: boolean } = {},
): Promise<Project | undefined> {
  return (
    await db
      .select(publicProjectColumns)
      .from(projects)
      .where(and(eq(projects.id, id), options.drafts ? undefined : published))
  )[0];
}

/** The alternative texts published projects give these photographs (a URL two projects show: either's). */
export async function projectImageAlts(db: Db, urls: string[]): Promise<Record<string, string>> {
  if (urls.length === 0) return {};
  const rows = await rawRows<{ url: string; alt: string }>(
    db,
    sql`SELECT k.key AS url, k.value AS alt FROM ${projects}, ${jsonEntries(db, projects.image_alts, 'k')}
        WHERE ${published} AND k.key IN ${urls} AND trim(k.value) <> ''`,
  );
  return Object.fromEntries(rows.map((row) => [row.url, row.alt]));
}

/** The focal points published projects give these photographs, over the library's (two projects: either's). */
export async function projectImageFocus(db: Db, urls: string[]): Promise<Record<string, FocalPoint>> {
  if (urls.length === 0) return {};
  const rows = await rawRows<{ url: string; point: string }>(
    db,
    sql`SELECT k.key AS url, k.value AS point FROM ${projects}, ${jsonEntries(db, projects.image_focus, 'k')}
        WHERE ${published} AND k.key IN ${urls}`,
  );
  return Object.fromEntries(rows.map((row) => [row.url, JSON.parse(row.point) as FocalPoint]));
}

const audit = { entityType: 'project', label: (row: { title: string }) => row.title };
/** A project shows its gallery and its thumbnail (one of the gallery's, or another). */
export const projectImages: ImageColumns = {
  entity_type: 'projects',
  audit_type: 'project',
  table: projects,
  title: projects.title,
  columns: [projects.images, projects.thumbnail],
  byUrl: [projects.image_alts, projects.image_focus],
};
const SORTABLE = {
  created_at: projects.created_at,
  title: projects.title,
  category: projects.category,
  status: projects.status,
  completion_date: projects.completion_date,
  featured: projects.featured,
};

/**
 * Every project the caller may see (a contributor: the published ones and their own drafts) for the admin
 * list: search by title or category, filters (the review step's too), sort, 10 a page.
 */
export async function listAdminProjects(
  db: Db,
  query: AdminProjectListQuery,
  actor: Actor,
): Promise<Paginated<AdminProjectRow>> {
  return await listPage(db, projects, {
    where: [
      visibleTo(actor, projectAuthorship),
      query.review ? eq(projects.review_status, query.review) : undefined,
      searchAny(query.q, [projects.title, projects.category]),
      query.status ? eq(projects.status, query.status) : undefined,
      query.category ? eq(projects.category, query.category) : undefined,
      query.featured === undefined ? undefined : eq(projects.featured, query.featured),
    ],
    orderBy: orderBy(SORTABLE, projects.id, query.sort, query.order, { sort: 'created_at', order: 'desc' }),
    page: query.page,
    row: AdminProjectRow,
  });
}

/** A project, drafts included; undefined when there is none or the caller may not see it. */
export const findProject = async (db: Db, id: string, actor: Actor): Promise<AdminProject | undefined> =>
  seenBy(actor, projectAuthorship, await findById(db, projects, id));

/** Starring shows a project on the home page: publishing, which a contributor may not do. */
function checkFeaturing(actor: Actor, featured: boolean, input: ProjectInput) {
  if (input.featured !== undefined && input.featured !== featured && !can(actor.role, 'publish'))
    throw new ApiError(403, ERROR_CODES.forbidden, REVIEW_MESSAGES.cantFeature);
}

/** A new project by the signed-in staff member (its author); a contributor's stays a draft. */
export async function createProject(
  { db, media }: { db: Db; media: MediaUses },
  actor: Actor,
  input: ProjectInput,
): Promise<AdminProject> {
  checkWrite(actor, projectAuthorship, undefined, input);
  checkFeaturing(actor, false, input);
  await checkCategory(db, input.category);
  await media.refuseUndescribedImages(projectContent, input);
  const slug = await slugToSave(db, 'projects', { typed: input.slug, title: input.title });
  return await insertAudited(db, projects, { ...input, slug, user_id: actor.id }, actor, audit);
}

/**
 * Updates a project (a contributor: their own draft, kept a draft); publishing ends its review. A photograph
 * it no longer shows (gallery or thumbnail) is released from the media store.
 */
export async function updateProject(
  deps: { db: Db; media: MediaUses },
  actor: Actor,
  id: string,
  input: ProjectInput,
) {
  const slug = await slugToSave(deps.db, 'projects', { typed: input.slug, title: input.title, id });
  const result = await updateAudited(deps.db, projects, id, endReviewOnPublish({ ...input, slug }), actor, {
    ...audit,
    check: async (before) => {
      checkWrite(actor, projectAuthorship, before, input);
      checkFeaturing(actor, before.featured, input);
      await checkCategory(deps.db, input.category);
      await deps.media.refuseUndescribedImages(projectContent, input, before);
    },
  });
  if (!result) return undefined;
  await deps.media.releaseDropped(projectImages, result.before, result.after);
  return result.after;
}

export const setProjectFeatured = async (db: Db, actor: Actor, id: string, featured: boolean) =>
  (await updateAudited(db, projects, id, { featured }, actor, { ...audit, action: 'feature' }))?.after;

/**
 * Moves a project to the Trash (a contributor: their own draft). Its photographs stay while it is there; once
 * it is deleted forever, those nothing else shows leave the library, unless `photos: 'keep'` keeps them.
 */
export const deleteProject = async (
  deps: { db: Db },
  actor: Actor,
  id: string,
  { photos }: Partial<ProjectDeleteQuery> = {},
) =>
  (await deleteAudited(deps.db, projects, id, actor, {
    ...audit,
    keepFiles: photos === 'keep',
    check: (before) => checkWrite(actor, projectAuthorship, before),
  })) !== undefined;

/** How many of the project's stored photographs only it shows (what its delete would take from the library). */
export async function countOwnPhotos(deps: { db: Db; media: MediaUses }, actor: Actor, id: string) {
  const project = await findProject(deps.db, id, actor);
  if (!project) return undefined;
  const urls = new Set([...project.images, ...(project.thumbnail ? [project.thumbnail] : [])]);
  const onlyHere = [];
  for (const url of urls) {
    const uses = await deps.media.whereUsed(url);
    if (parseStoredUrl(url) && uses.length > 0 && uses.every((use) => use.entity_id === id))
      onlyHere.push(url);
  }
  return { only_here: onlyHere.length };
}

const reviewed = { table: projects, rules: projectAuthorship, audit };
export const submitProject = async (db: Db, actor: Actor, id: string) =>
  await reviewDraft(db, reviewed, actor, id, { action: 'submit' });
export const returnProject = async (db: Db, actor: Actor, id: string, note: string) =>
  await reviewDraft(db, reviewed, actor, id, { action: 'return', note });

/** What a link to a project shows: no description, no gallery. */
const card = {
  id: projects.id,
  slug: projects.slug,
  title: projects.title,
  category: projects.category,
  location: projects.location,
  project_type: projects.project_type,
  thumbnail: projects.thumbnail,
};

/** Up to `n` other published projects: the newest of the same category first, then the newest of the rest. */
export async function listRelatedProjects(db: Db, project: Project, n = 3): Promise<ProjectCard[]> {
  const others = and(published, ne(projects.id, project.id));
  const same = await db
    .select(card)
    .from(projects)
    .where(and(others, eq(projects.category, project.category)))
    .orderBy(...newestFirst)
    .limit(n);
  if (same.length >= n) return same;
  const rest = await db
    .select(card)
    .from(projects)
    .where(and(others, ne(projects.category, project.category)))
    .orderBy(...newestFirst)
    .limit(n - same.length);
  return [...same, ...rest];
}

/**
 * The projects before and after this one in its category's list (newest first, as /projects shows it),
 * wrapping round at the ends; null when the category has no other project.
 */
export async function findProjectNeighbours(
  db: Db,
  project: Project,
): Promise<{ previous: ProjectCard; next: ProjectCard } | null> {
  const list = await db
    .select(card)
    .from(projects)
    .where(and(published, eq(projects.category, project.category)))
    .orderBy(...newestFirst);
  const at = list.findIndex((p) => p.id === project.id);
  if (at < 0 || list.length < 2) return null;
  return { previous: list[(at - 1 + list.length) % list.length]!, next: list[(at + 1) % list.length]! };
}

import {
  FEATURED_PROJECTS_LIMIT,
  PAGE_SIZES,
  type Paginated,
  type Project,
  type ProjectListQuery,
} from '@atelier/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema';

const published = eq(projects.status, 'published');
const newestFirst = [desc(projects.created_at), desc(projects.id)];

/** Published projects, newest first, optionally of one category, one page at a time. */
export function listPublishedProjects(db: Db, query: ProjectListQuery): Paginated<Project> {
  const where = query.category ? and(published, eq(projects.category, query.category)) : published;
  const pageSize = PAGE_SIZES.projects;
  const total = db.select({ n: count() }).from(projects).where(where).get()?.n ?? 0;
  const items = db
    .select()
    .from(projects)
    .where(where)
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset((query.page - 1) * pageSize)
    .all();
  return { items, total, page: query.page, pageSize };
}

export function listFeaturedProjects(db: Db): Project[] {
  return db
    .select()
    .from(projects)
    .where(and(published, eq(projects.featured, true)))
    .orderBy(...newestFirst)
    .limit(FEATURED_PROJECTS_LIMIT)
    .all();
}

/** A published project; drafts are treated as absent. */
export function findPublishedProject(db: Db, id: string): Project | undefined {
  return db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), published))
    .get();
}

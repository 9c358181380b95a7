import { type BlogPost, entityPath } from '@atelier/shared';
import { asc, desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blogPosts, projects, services } from '../db/schema';
import { publicPost, publicPostColumns, publicProject, publicService } from '../db/visibility';

interface SitemapEntry {
  path: string;
  lastmod?: string;
}

const STATIC_PAGES = ['/', '/about', '/projects', '/services', '/blog', '/contact'];
const day = (timestamp: string) => timestamp.slice(0, 10);

/** Every public page: the static ones, each published project and post, each active service. */
export async function listSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const projectRows = await db
    .select({ id: projects.id, slug: projects.slug, updated: projects.updated_at })
    .from(projects)
    .where(publicProject)
    .orderBy(desc(projects.created_at));
  const postRows = await db
    .select({ id: blogPosts.id, slug: blogPosts.slug, updated: blogPosts.updated_at })
    .from(blogPosts)
    .where(publicPost)
    .orderBy(desc(blogPosts.publish_date));
  const serviceRows = await db
    .select({ id: services.id, slug: services.slug, updated: services.updated_at })
    .from(services)
    .where(publicService)
    .orderBy(asc(services.name));
  const latest = [...projectRows, ...postRows, ...serviceRows]
    .map((r) => r.updated)
    .sort()
    .at(-1);
  return [
    ...STATIC_PAGES.map((path) => ({ path, lastmod: latest ? day(latest) : undefined })),
    ...projectRows.map((r) => ({ path: entityPath('projects', r), lastmod: day(r.updated) })),
    ...serviceRows.map((r) => ({ path: entityPath('services', r), lastmod: day(r.updated) })),
    ...postRows.map((r) => ({ path: entityPath('blog', r), lastmod: day(r.updated) })),
  ];
}

/** Every public post (published, its date come), latest first (the RSS feed). */
export async function listAllPublishedPosts(db: Db): Promise<BlogPost[]> {
  return await db
    .select(publicPostColumns)
    .from(blogPosts)
    .where(publicPost)
    .orderBy(desc(blogPosts.publish_date), desc(blogPosts.created_at));
}

import { and, eq, getTableColumns, type SQLWrapper, sql } from 'drizzle-orm';
import { blogPosts, projects, services, youtubeVideos } from './schema';

/** The time a query is run at, bound as the one timestamp format (compared as text on both databases). */
const NOW: SQLWrapper = { getSQL: () => sql`${new Date().toISOString()}` };

/**
 * What the public may see of each content table: one condition each, used alike by the API, the pages, the
 * sitemap, the feed and the dashboard, so a draft can never show in one place and not another.
 */
export const publicProject = eq(projects.status, 'published');
export const publicService = eq(services.is_active, true);
export const publicVideo = eq(youtubeVideos.is_active, true);

const postPublished = eq(blogPosts.status, 'published');
/** Published, and its publish date (if any) has come. */
export const publicPost = and(
  postPublished,
  sql`(${blogPosts.publish_date} IS NULL OR ${blogPosts.publish_date} <= ${NOW})`,
)!;
/** Published with a publish date still to come: scheduled, not yet public. */
export const scheduledPost = and(postPublished, sql`${blogPosts.publish_date} > ${NOW}`)!;

/** A table's columns but `hidden`: what a public answer selects. */
function columnsBut<T extends Record<string, unknown>, K extends keyof T>(columns: T, hidden: readonly K[]) {
  const kept = { ...columns };
  for (const key of hidden) delete kept[key];
  return kept as Omit<T, K>;
}

/**
 * What the public may read of each content row: never the staff's own bookkeeping (a draft's review and its
 * note, who in the studio wrote a service or a video, the seed's sample marker).
 */
export const publicProjectColumns = columnsBut(getTableColumns(projects), [
  'review_status',
  'review_note',
  'sample',
]);
export const publicPostColumns = columnsBut(getTableColumns(blogPosts), [
  'review_status',
  'review_note',
  'sample',
]);
export const publicServiceColumns = columnsBut(getTableColumns(services), ['author_id', 'sample']);
export const publicVideoColumns = columnsBut(getTableColumns(youtubeVideos), ['author_id', 'sample']);

import {
  type AdminBlogPost,
  type AdminBlogPostListQuery,
  AdminBlogPostRow,
  type BlogPostInput,
  type BlogPostList,
  type BlogPostListQuery,
  type BlogPostViews,
  type KeywordCount,
  PAGE_SIZES,
  type PublicBlogPost,
  postContent,
  tagLabel,
} from '@atelier/shared';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../db/audit';
import { checkWrite, findPerson, fullName, postAuthorship, seenBy, visibleTo } from '../../db/authorship';
import { type Db, rawRows, statement } from '../../db/client';
import { writeOutsideVersion } from '../../db/content-version';
import { deleteAudited, findById, insertAudited, updateAudited } from '../../db/entity-writes';
import { listPage, orderBy, searchAny } from '../../db/list-query';
import { endReviewOnPublish, reviewDraft } from '../../db/review';
import { blogPosts } from '../../db/schema';
import { nowIso } from '../../db/schema/columns';
import type { Ledger } from '../../db/shared-limits';
import { slugToSave } from '../../db/slugs';
import { jsonElements, jsonText } from '../../db/sql-dialect';
import { publicPost, publicPostColumns, scheduledPost } from '../../db/visibility';
import type { ImageColumns, MediaUses } from '../../ports';

const published = publicPost;
/** A post's category is its first SEO keyword; its tags are all of them. */
const firstKeyword = (db: Db) => jsonText(db, blogPosts.seo_keywords, 0);

function filters(db: Db, query: BlogPostListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [published];
  if (query.category) conditions.push(sql`lower(${firstKeyword(db)}) = lower(${query.category})`);
  if (query.tag) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${jsonElements(db, blogPosts.seo_keywords, 'k')} WHERE lower(k.value) = lower(${query.tag}))`,
    );
  }
  conditions.push(searchAny(query.q, [blogPosts.title, blogPosts.excerpt, blogPosts.content]));
  return and(...conditions);
}

/** Each keyword once whatever its case (the filters match without case too), spelled as `tagLabel` does. */
async function keywordCounts(db: Db, expression: 'first' | 'all'): Promise<KeywordCount[]> {
  const query =
    expression === 'first'
      ? sql`SELECT min(${firstKeyword(db)}) AS name, count(*) AS count FROM ${blogPosts}
            WHERE ${published} AND ${firstKeyword(db)} IS NOT NULL GROUP BY lower(${firstKeyword(db)})
            ORDER BY count DESC, lower(min(${firstKeyword(db)}))`
      : sql`SELECT min(k.value) AS name, count(DISTINCT ${blogPosts.id}) AS count
            FROM ${blogPosts}, ${jsonElements(db, blogPosts.seo_keywords, 'k')}
            WHERE ${published} GROUP BY lower(k.value) ORDER BY count DESC, lower(min(k.value))`;
  return (await rawRows<KeywordCount>(db, query)).map((k) => ({ ...k, name: tagLabel(k.name) }));
}

/** Published posts, latest publish date first, filtered by category, tag or search text. */
export async function listPublishedPosts(db: Db, query: BlogPostListQuery): Promise<BlogPostList> {
  const where = filters(db, query);
  const pageSize = PAGE_SIZES.blogPosts;
  const total = (await db.select({ n: count() }).from(blogPosts).where(where))[0]?.n ?? 0;
  const items = await db
    .select(publicPostColumns)
    .from(blogPosts)
    .where(where)
    .orderBy(desc(blogPosts.publish_date), desc(blogPosts.created_at), desc(blogPosts.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  return {
    items,
    total,
    page: query.page,
    pageSize,
    categories: await keywordCounts(db, 'first'),
    tags: await keywordCounts(db, 'all'),
  };
}

/**
 * A published post with its byline (its author's name and picture; none without an author or a name); with
 * `drafts` (a preview link's page), whatever its status and date.
 */
export async function findPublishedPost(
  db: Db,
  id: string,
  options: { drafts?: boolean } = {},
): Promise<PublicBlogPost | undefined> {
  const post = (
    await db
      .select(publicPostColumns)
      .from(blogPosts)
      .where(and(eq(blogPosts.id, id), options.drafts ? undefined : published))
  )[0];
  if (!post) return undefined;
  const person = await findPerson(db, post.author_id);
  const name = person ? fullName(person) : '';
  return { ...post, author: person && name ? { name, avatar_url: person.avatar_url } : null };
}

/**
 * A visitor's view of a published post: counted once per visitor per post per day (see ViewLedger), and
 * outside the answer cache's version so counting does not empty the cache. The post's count either way;
 * undefined when there is no such published post.
 */
export async function countVisitorView(
  deps: { db: Db; views: Ledger },
  postId: string,
  visitor: string,
): Promise<BlogPostViews | undefined> {
  const { db } = deps;
  const current = (
    await db
      .select({ id: blogPosts.id, views: blogPosts.views })
      .from(blogPosts)
      .where(and(eq(blogPosts.id, postId), published))
  )[0];
  if (!current || !(await deps.views.firstToday(postId, visitor))) return current;
  return (await writeOutsideVersion(db, async () => await addView(db, postId))) ?? current;
}

const viewsOf = statement<[string], { views: number }>('SELECT views FROM blog_posts WHERE id = ?');
/** A post's view count (any status), or undefined when there is no such post. */
export const postViews = async (db: Db, id: string): Promise<number | undefined> =>
  (await viewsOf.first(db, id))?.views;

/**
 * Adds one view in a single UPDATE, so concurrent visitors never lose a count. A view is not an edit: the
 * post's updated_at (its dateModified on the page) stays.
 */
export async function addView(db: Db, id: string): Promise<BlogPostViews | undefined> {
  return (
    await db
      .update(blogPosts)
      .set({ views: sql`${blogPosts.views} + 1`, updated_at: sql`${blogPosts.updated_at}` })
      .where(and(eq(blogPosts.id, id), published))
      .returning({ id: blogPosts.id, views: blogPosts.views })
  )[0]; // all(), not get(): see createInquiry
}

const audit = { entityType: 'blog_post', label: (row: { title: string }) => row.title };
export const blogPostImages: ImageColumns = {
  entity_type: 'blog-posts',
  audit_type: 'blog_post',
  table: blogPosts,
  title: blogPosts.title,
  columns: [blogPosts.featured_image],
  markdown: [blogPosts.content],
};
const SORTABLE = {
  created_at: blogPosts.created_at,
  publish_date: blogPosts.publish_date,
  title: blogPosts.title,
  status: blogPosts.status,
  views: blogPosts.views,
};
const STATUS_FILTERS = {
  published: publicPost,
  scheduled: scheduledPost,
  draft: eq(blogPosts.status, 'draft'),
};

/**
 * Every post the caller may see (a contributor: the published ones and their own drafts) for the admin list:
 * search by title, All/Published/Drafts (and Scheduled), the review step, sort, 10 a page.
 */
export async function listAdminPosts(db: Db, query: AdminBlogPostListQuery, actor: Actor) {
  return await listPage(db, blogPosts, {
    where: [
      visibleTo(actor, postAuthorship),
      searchAny(query.q, [blogPosts.title]),
      query.status ? STATUS_FILTERS[query.status] : undefined,
      query.review ? eq(blogPosts.review_status, query.review) : undefined,
    ],
    orderBy: orderBy(SORTABLE, blogPosts.id, query.sort, query.order, { sort: 'created_at', order: 'desc' }),
    page: query.page,
    row: AdminBlogPostRow,
  });
}

export const findPost = async (db: Db, id: string): Promise<AdminBlogPost | undefined> =>
  await findById(db, blogPosts, id);
/** A post, drafts included; undefined when there is none or the caller may not see it. */
export const findPostFor = async (db: Db, id: string, actor: Actor) =>
  seenBy(actor, postAuthorship, await findPost(db, id));

/**
 * A post's publish date: a draft has none; a published post keeps the date it has (an edit), or
 * gets now; a date in the future, sent, schedules it; null, sent, takes a schedule back (publish now).
 */
export function publishDate(input: BlogPostInput, existing: string | null): string | null {
  if (input.status === 'draft') return null;
  const now = nowIso();
  if (input.publish_date && input.publish_date > now) return input.publish_date;
  if (input.publish_date === null && existing && existing > now) return now;
  return existing ?? now;
}

/** A new post by the signed-in staff member (its author); a contributor's stays a draft. */
export async function createPost(
  { db, media }: { db: Db; media: MediaUses },
  actor: Actor,
  input: BlogPostInput,
): Promise<AdminBlogPost> {
  checkWrite(actor, postAuthorship, undefined, input);
  await media.refuseUndescribedImages(postContent, input);
  return await insertAudited(
    db,
    blogPosts,
    {
      ...input,
      slug: await slugToSave(db, 'blog', { typed: input.slug, title: input.title }),
      author_id: actor.id,
      publish_date: publishDate(input, null),
    },
    actor,
    audit,
  );
}

/**
 * Updates a post (a contributor: their own draft, kept a draft); publishing ends its review. A featured image
 * it no longer uses is released from the media store.
 */
export async function updatePost(
  deps: { db: Db; media: MediaUses },
  actor: Actor,
  id: string,
  input: BlogPostInput,
) {
  const existing = await findPost(deps.db, id);
  if (!existing) return undefined;
  const result = await updateAudited(
    deps.db,
    blogPosts,
    id,
    endReviewOnPublish({
      ...input,
      slug: await slugToSave(deps.db, 'blog', { typed: input.slug, title: input.title, id }),
      publish_date: publishDate(input, existing.publish_date),
    }),
    actor,
    {
      ...audit,
      check: async (before) => {
        checkWrite(actor, postAuthorship, before, input);
        await deps.media.refuseUndescribedImages(postContent, input, before);
      },
    },
  );
  if (result) await deps.media.releaseDropped(blogPostImages, result.before, result.after);
  return result?.after;
}

/** Moves a post to the Trash (a contributor: their own draft); its images stay while it is there. */
export const deletePost = async (deps: { db: Db }, actor: Actor, id: string) =>
  (await deleteAudited(deps.db, blogPosts, id, actor, {
    ...audit,
    check: (before) => checkWrite(actor, postAuthorship, before),
  })) !== undefined;

const reviewed = { table: blogPosts, rules: postAuthorship, audit };
export const submitPost = async (db: Db, actor: Actor, id: string) =>
  await reviewDraft(db, reviewed, actor, id, { action: 'submit' });
export const returnPost = async (db: Db, actor: Actor, id: string, note: string) =>
  await reviewDraft(db, reviewed, actor, id, { action: 'return', note });

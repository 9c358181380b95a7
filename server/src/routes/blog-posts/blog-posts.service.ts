import {
  type BlogPost,
  type BlogPostList,
  type BlogPostListQuery,
  type BlogPostViews,
  type KeywordCount,
  PAGE_SIZES,
} from '@atelier/shared';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogPosts } from '../../db/schema';
import { writeOutsideVersion } from '../../lib/response-cache';
import type { ViewLedger } from '../../lib/view-ledger';

const published = eq(blogPosts.status, 'published');
/** A post's category is its first SEO keyword; its tags are all of them. */
const firstKeyword = sql`json_extract(${blogPosts.seo_keywords}, '$[0]')`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function filters(query: BlogPostListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [published];
  if (query.category) conditions.push(sql`${firstKeyword} = ${query.category} COLLATE NOCASE`);
  if (query.tag) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM json_each(${blogPosts.seo_keywords}) WHERE value = ${query.tag} COLLATE NOCASE)`,
    );
  }
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      sql`(${blogPosts.title} LIKE ${pattern} ESCAPE '\\' OR ${blogPosts.excerpt} LIKE ${pattern} ESCAPE '\\' OR ${blogPosts.content} LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  return and(...conditions);
}

function keywordCounts(db: Db, expression: 'first' | 'all'): KeywordCount[] {
  const statement =
    expression === 'first'
      ? sql`SELECT ${firstKeyword} AS name, count(*) AS count FROM ${blogPosts}
            WHERE ${published} AND name IS NOT NULL GROUP BY name ORDER BY count DESC, name`
      : sql`SELECT k.value AS name, count(*) AS count FROM ${blogPosts}, json_each(${blogPosts.seo_keywords}) AS k
            WHERE ${published} GROUP BY k.value ORDER BY count DESC, name`;
  return db.all<KeywordCount>(statement);
}

/** Published posts, latest publish date first, filtered by category, tag or search text. */
export function listPublishedPosts(db: Db, query: BlogPostListQuery): BlogPostList {
  const where = filters(query);
  const pageSize = PAGE_SIZES.blogPosts;
  const total = db.select({ n: count() }).from(blogPosts).where(where).get()?.n ?? 0;
  const items = db
    .select()
    .from(blogPosts)
    .where(where)
    .orderBy(desc(blogPosts.publish_date), desc(blogPosts.created_at), desc(blogPosts.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize)
    .all();
  return {
    items,
    total,
    page: query.page,
    pageSize,
    categories: keywordCounts(db, 'first'),
    tags: keywordCounts(db, 'all'),
  };
}

export function findPublishedPost(db: Db, id: string): BlogPost | undefined {
  return db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), published))
    .get();
}

/**
 * A visitor's view of a published post: counted once per visitor per post per day (see ViewLedger), and
 * outside the answer cache's version so counting does not empty the cache. The post's count either way;
 * undefined when there is no such published post.
 */
export function countVisitorView(
  deps: { db: Db; views: ViewLedger },
  postId: string,
  visitor: string,
): BlogPostViews | undefined {
  const { db } = deps;
  const current = db
    .select({ id: blogPosts.id, views: blogPosts.views })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, postId), published))
    .get();
  if (!current || !deps.views.firstToday(postId, visitor)) return current;
  return writeOutsideVersion(db, () => addView(db, postId)) ?? current;
}

/** Adds one view in a single UPDATE, so concurrent visitors never lose a count. */
export function addView(db: Db, id: string): BlogPostViews | undefined {
  return db
    .update(blogPosts)
    .set({ views: sql`${blogPosts.views} + 1` })
    .where(and(eq(blogPosts.id, id), published))
    .returning({ id: blogPosts.id, views: blogPosts.views })
    .all()[0]; // all(), not get(): see createInquiry
}

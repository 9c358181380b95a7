import { BlogPostInput, ERROR_CODES, type WordPressImportSummary } from '@atelier/shared';
import { and, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import TurndownService from 'turndown';
import type { Actor } from '../../db/audit';
import { type Db, writeTransaction } from '../../db/client';
import { insertAudited } from '../../db/entity-writes';
import { blogPosts, importedItems } from '../../db/schema';
import { slugToSave } from '../../db/slugs';
import { ApiError } from '../../lib/errors';
import type { UrlImports } from '../../ports';

/** A blog post of the WordPress file, as it will be written (its images still the old site's URLs). */
interface WxrPost {
  key: string;
  title: string;
  slug: string;
  html: string;
  excerpt: string | null;
  status: 'published' | 'draft';
  date: string | null;
  keywords: string[];
  featured: string | null;
}

interface Parsed {
  site: string;
  posts: WxrPost[];
  skipped: { item: string; reason: string }[];
}

type Node = Record<string, unknown>;
const text = (value: unknown): string =>
  value == null ? '' : typeof value === 'object' ? text((value as Node)['#text']) : String(value);
const list = (value: unknown): Node[] =>
  (Array.isArray(value) ? value : value == null ? [] : [value]) as Node[];

const refused = (message: string) => new ApiError(400, ERROR_CODES.badRequest, message);

const STATUSES: Record<string, WxrPost['status']> = {
  publish: 'published',
  draft: 'draft',
  pending: 'draft',
  private: 'draft',
  future: 'draft',
};

/** `2024-03-01 10:00:00` (WordPress, UTC) as ISO, or null for WordPress's zero date. */
const wpDate = (value: string) => {
  const iso = `${value.trim().replace(' ', 'T')}Z`;
  return value.startsWith('0000') || Number.isNaN(Date.parse(iso)) ? null : new Date(iso).toISOString();
};

/** Parses a WordPress export (WXR): its site address, its blog posts, and the items it leaves out and why. */
export function parseWxr(xml: string): Parsed {
  let doc: Node;
  try {
    doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      trimValues: true,
      processEntities: true,
      isArray: (name) => ['item', 'category', 'wp:postmeta'].includes(name),
    }).parse(xml);
  } catch {
    throw refused('This file is not a WordPress export (WXR): it is not readable XML.');
  }
  const channel = (doc?.rss as Node | undefined)?.channel as Node | undefined;
  const base = text(channel?.['wp:base_site_url']) || text(channel?.link);
  if (!channel?.['wp:wxr_version'] || !/^https?:\/\//i.test(base))
    throw refused('This file is not a WordPress export (WXR): it has no WordPress site address.');
  const site = new URL(base).origin;
  const items = list(channel.item);
  const attachments = new Map(
    items
      .filter((item) => text(item['wp:post_type']) === 'attachment')
      .map((item) => [text(item['wp:post_id']), text(item['wp:attachment_url']) || text(item.guid)]),
  );
  const posts: WxrPost[] = [];
  const skipped: Parsed['skipped'] = [];
  for (const item of items) {
    const type = text(item['wp:post_type']);
    const title = text(item.title) || '(untitled)';
    if (type === 'attachment') continue;
    if (type !== 'post') {
      skipped.push({ item: title, reason: `a ${type || 'item'}, not a blog post` });
      continue;
    }
    const status = STATUSES[text(item['wp:status'])];
    if (!status) {
      skipped.push({ item: title, reason: `its WordPress status is ${text(item['wp:status']) || 'none'}` });
      continue;
    }
    const meta = list(item['wp:postmeta']);
    const thumbnail = meta.find((m) => text(m['wp:meta_key']) === '_thumbnail_id');
    const keywords = list(item.category)
      .filter((c) => ['category', 'post_tag'].includes(text((c as Node)['@_domain'])))
      .map((c) => text(c))
      .filter((name) => name && name !== 'Uncategorized');
    posts.push({
      key: text(item['wp:post_id']) || text(item.guid),
      title,
      slug: text(item['wp:post_name']),
      html: text(item['content:encoded']),
      excerpt: text(item['excerpt:encoded']) || null,
      status,
      date: wpDate(text(item['wp:post_date_gmt'])) ?? wpDate(text(item['wp:post_date'])),
      keywords: [...new Set(keywords)],
      featured: thumbnail ? (attachments.get(text(thumbnail['wp:meta_value'])) ?? null) : null,
    });
  }
  return { site, posts, skipped };
}

/** WordPress leaves paragraphs as blank lines when a post has no block markup: made paragraphs first. */
const paragraphs = (html: string) =>
  /<(p|div|h[1-6]|ul|ol|figure|blockquote|table)[\s>]/i.test(html)
    ? html
    : html
        .split(/\n\s*\n/)
        .map((part) => `<p>${part.trim()}</p>`)
        .join('\n');

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
});
// What a post may not carry over: scripts, styles, embeds and forms are dropped with what they hold.
turndown.remove(['script', 'style', 'iframe', 'object', 'embed', 'form', 'noscript']);

/** The images a post shows: its featured image and each `<img>` of its content. */
const imagesOf = (post: WxrPost) => {
  const found = [...post.html.matchAll(/<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1] ?? '');
  return [...new Set([post.featured, ...found].filter((url): url is string => !!url))];
};

const isSites = (url: string, site: string) => {
  try {
    return new URL(url).origin === site;
  } catch {
    return false;
  }
};

const plain = (html: string) =>
  turndown
    .turndown(html)
    .replace(/[*_`#>[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The post's row (content in Markdown, images at their library URLs), or the reason it cannot be one. */
function toRow(post: WxrPost, local: Map<string, string>) {
  // Images of another site are left out (the site shows only its own images); kept ones point at the library.
  let html = post.html.replace(/<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi, (tag, src: string) => {
    const url = local.get(src);
    return url ? tag.replace(src, url) : '';
  });
  html = paragraphs(html);
  const parsed = BlogPostInput.safeParse({
    title: post.title.slice(0, 200),
    content: turndown.turndown(html) || post.title,
    excerpt: post.excerpt ? plain(post.excerpt).slice(0, 500) : null,
    featured_image: (post.featured && local.get(post.featured)) || null,
    status: post.status,
    seo_keywords: post.keywords.filter((k) => k.length <= 60).slice(0, 30),
    publish_date: post.status === 'published' ? post.date : null,
  });
  return parsed.success
    ? { row: parsed.data }
    : { reason: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
}

interface WordPressDeps {
  db: Db;
  imports: Pick<UrlImports, 'importUrl'>;
}

const importedKey = async (db: Db, source: string, kind: 'post' | 'image', key: string) =>
  (
    await db
      .select({ target: importedItems.target })
      .from(importedItems)
      .where(
        and(
          eq(importedItems.source, source),
          eq(importedItems.kind, kind),
          eq(importedItems.source_key, key),
        ),
      )
  )[0]?.target;

/**
 * A WordPress export's blog posts, previewed or imported. Images are fetched only from the export's own site
 * address (the guarded fetch of a URL import: public addresses, time and size limits, an upload's checks);
 * an image of another site is left out and listed. A post already imported from the same site is skipped, so
 * an import run twice creates nothing twice. With `check`, nothing is fetched or written.
 */
export async function importWordPress(
  deps: WordPressDeps,
  actor: Actor,
  xml: string,
  options: { check?: boolean } = {},
): Promise<WordPressImportSummary> {
  const { site, posts, skipped } = parseWxr(xml);
  const todo: typeof posts = [];
  for (const post of posts) {
    if (!(await importedKey(deps.db, site, 'post', post.key))) todo.push(post);
    else skipped.push({ item: post.title, reason: 'imported already' });
  }
  const images = new Set<string>();
  for (const post of todo)
    for (const url of imagesOf(post)) {
      if (isSites(url, site)) images.add(url);
      else skipped.push({ item: post.title, reason: `its image ${url} is not on ${site}` });
    }
  const summary = (written: WxrPost[], fetched: number) => ({
    site,
    posts: written.filter((p) => p.status === 'published').length,
    drafts: written.filter((p) => p.status === 'draft').length,
    images: fetched,
    skipped,
  });
  if (options.check) {
    const ready = todo.filter((post) => {
      const result = toRow(post, new Map(imagesOf(post).map((url) => [url, '/media/blog/preview.jpg'])));
      if (result.row) return true;
      skipped.push({ item: post.title, reason: result.reason });
      return false;
    });
    return summary(ready, images.size);
  }

  const local = new Map<string, string>();
  const failed = new Set<string>();
  let fetched = 0;
  for (const url of images) {
    const known = await importedKey(deps.db, site, 'image', url);
    if (known) {
      local.set(url, known);
      continue;
    }
    try {
      const stored = await deps.imports.importUrl(url, 'blog', actor);
      await deps.db
        .insert(importedItems)
        .values({ source: site, kind: 'image', source_key: url, target: stored });
      local.set(url, stored);
      fetched += 1;
    } catch (error) {
      failed.add(url);
      skipped.push({ item: url, reason: `the image could not be fetched: ${(error as Error).message}` });
    }
  }
  const written: WxrPost[] = [];
  await writeTransaction(deps.db, async () => {
    for (const post of todo) {
      const broken = imagesOf(post).find((url) => failed.has(url));
      if (broken) {
        skipped.push({
          item: post.title,
          reason: `its image ${broken} could not be fetched (run the import again)`,
        });
        continue;
      }
      const result = toRow(post, local);
      if (!result.row) {
        skipped.push({ item: post.title, reason: result.reason });
        continue;
      }
      const row = await insertAudited(
        deps.db,
        blogPosts,
        {
          ...result.row,
          slug: await slugToSave(deps.db, 'blog', { typed: undefined, title: post.slug || post.title }),
          author_id: actor.id,
          ...(post.date ? { created_at: post.date } : {}),
        },
        actor,
        { entityType: 'blog_post', label: (r) => r.title },
      );
      await deps.db
        .insert(importedItems)
        .values({ source: site, kind: 'post', source_key: post.key, target: row.id });
      written.push(post);
    }
  });
  return summary(written, fetched);
}

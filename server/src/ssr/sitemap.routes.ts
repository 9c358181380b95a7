import { entityPath, excerpt, TEXT_LIMITS } from '@atelier/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { getSettings } from '../features/settings/settings.service';
import { listAllPublishedPosts, listSitemapEntries } from './sitemap.service';

const xml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch,
  );
const FEED_CACHE = 'public, max-age=300';

/** What search engines and feed readers read: the sitemap, robots.txt and the blog's RSS feed. */
export const sitemapRoutes = new Hono<AppEnv>()
  .get('/robots.txt', (c) => {
    const { publicUrl } = c.var.deps.env;
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...['/admin', '/auth', '/profile', '/reset-password', '/api/'].map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
    ];
    return c.text(`${lines.join('\n')}\n`, 200, { 'Cache-Control': FEED_CACHE });
  })
  .get('/sitemap.xml', async (c) => {
    const { db, env } = c.var.deps;
    const urls = (await listSitemapEntries(db))
      .map(
        (entry) =>
          `  <url><loc>${xml(`${env.publicUrl}${entry.path}`)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
      )
      .join('\n');
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    return c.body(body, 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': FEED_CACHE,
    });
  })
  .get('/blog/rss.xml', async (c) => {
    const { db, env } = c.var.deps;
    const settings = await getSettings(db);
    const posts = await listAllPublishedPosts(db);
    const items = posts
      .map((post) => {
        const link = `${env.publicUrl}${entityPath('blog', post)}`;
        const description = post.excerpt ?? excerpt(post.content, TEXT_LIMITS.metaExcerpt);
        const categories = post.seo_keywords.map((k) => `<category>${xml(k)}</category>`).join('');
        return `    <item><title>${xml(post.title)}</title><link>${xml(link)}</link><guid isPermaLink="true">${xml(link)}</guid><pubDate>${new Date(post.publish_date ?? post.created_at).toUTCString()}</pubDate><description>${xml(description)}</description>${categories}</item>`;
      })
      .join('\n');
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(`${settings.site_name}: Insights & Ideas`)}</title>
    <link>${xml(`${env.publicUrl}/blog`)}</link>
    <description>${xml(settings.site_description)}</description>
    <language>en-gb</language>
    <atom:link href="${xml(`${env.publicUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />
${posts[0] ? `    <lastBuildDate>${new Date(posts[0].updated_at).toUTCString()}</lastBuildDate>\n` : ''}${items}
  </channel>
</rss>
`;
    return c.body(body, 200, {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cache-Control': FEED_CACHE,
    });
  });

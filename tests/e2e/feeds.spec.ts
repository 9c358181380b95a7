import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { openTestDatabase, test } from './support';

const CRAWLER = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };

interface ParsedUrl {
  loc: string;
  lastmod: string | null;
}
interface ParsedItem {
  title: string;
  link: string;
  guid: string;
  pubDate: string;
  description: string;
}

/** Parses XML with the browser's own parser, failing on anything that is not well-formed. */
async function parseSitemap(page: Page, xml: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.querySelector('parsererror')) throw new Error('sitemap.xml is not well-formed XML');
    const root = doc.documentElement;
    return {
      root: root.localName,
      namespace: root.namespaceURI,
      urls: Array.from(root.children).map((url) => ({
        name: url.localName,
        loc: url.getElementsByTagName('loc')[0]?.textContent ?? '',
        lastmod: url.getElementsByTagName('lastmod')[0]?.textContent ?? null,
      })),
    };
  }, xml);
}

async function parseRss(page: Page, xml: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.querySelector('parsererror')) throw new Error('rss.xml is not well-formed XML');
    const channel = doc.querySelector('rss > channel');
    const field = (parent: Element | null, name: string) =>
      parent?.getElementsByTagName(name)[0]?.textContent ?? '';
    return {
      root: doc.documentElement.localName,
      version: doc.documentElement.getAttribute('version'),
      title: field(channel, 'title'),
      link: field(channel, 'link'),
      description: field(channel, 'description'),
      items: Array.from(doc.querySelectorAll('rss > channel > item')).map((item) => ({
        title: field(item, 'title'),
        link: field(item, 'link'),
        guid: field(item, 'guid'),
        pubDate: field(item, 'pubDate'),
        description: field(item, 'description'),
      })),
    };
  }, xml);
}

/** Draft and inactive content that must stay out of the feeds; removed again by `cleanUp`. */
function createHiddenContent() {
  const db = openTestDatabase();
  const now = new Date().toISOString();
  const ids = { project: randomUUID(), post: randomUUID(), service: randomUUID() };
  db.prepare(
    `INSERT INTO projects (id, title, description, category, status, created_at, updated_at)
     VALUES (?, 'E2E feeds draft project', 'Not published.', 'urban', 'draft', ?, ?)`,
  ).run(ids.project, now, now);
  db.prepare(
    `INSERT INTO blog_posts (id, title, content, status, publish_date, created_at, updated_at)
     VALUES (?, 'E2E feeds draft post', 'Not published.', 'draft', ?, ?, ?)`,
  ).run(ids.post, now, now, now);
  db.prepare(
    `INSERT INTO services (id, name, description, is_active, created_at, updated_at)
     VALUES (?, 'E2E feeds inactive service', 'Not offered.', 0, ?, ?)`,
  ).run(ids.service, now, now);
  return {
    ids,
    cleanUp() {
      db.prepare('DELETE FROM projects WHERE id = ?').run(ids.project);
      db.prepare('DELETE FROM blog_posts WHERE id = ?').run(ids.post);
      db.prepare('DELETE FROM services WHERE id = ?').run(ids.service);
      db.close();
    },
  };
}

type Row = { id: string; updated_at: string };

/** The public rows of the content tables right now. */
function publicRows() {
  const db = openTestDatabase();
  try {
    return {
      projects: db
        .prepare(`SELECT coalesce(slug, id) AS id, updated_at FROM projects WHERE status = 'published'`)
        .all() as Row[],
      posts: db
        .prepare(
          `SELECT coalesce(slug, id) AS id, title, updated_at, publish_date, created_at FROM blog_posts WHERE status = 'published'`,
        )
        .all() as (Row & { title: string; publish_date: string | null; created_at: string })[],
      services: db
        .prepare('SELECT coalesce(slug, id) AS id, updated_at FROM services WHERE is_active = 1')
        .all() as Row[],
    };
  } finally {
    db.close();
  }
}

/**
 * Other test files add and remove content while this one runs. What the feed lists must contain every
 * row public both before and after it was fetched, and nothing that was public at neither moment.
 */
function expectBetween(listed: Set<string>, before: Row[], after: Row[], what: string) {
  const afterIds = new Set(after.map((r) => r.id));
  const stable = before.filter((r) => afterIds.has(r.id)).map((r) => r.id);
  const either = new Set([...before, ...after].map((r) => r.id));
  expect(
    stable.filter((id) => !listed.has(id)),
    `${what} missing`,
  ).toEqual([]);
  expect(
    [...listed].filter((id) => !either.has(id)),
    `${what} listed but not public`,
  ).toEqual([]);
  expect(stable.length, `${what} in the sample content`).toBeGreaterThan(0);
}

test('robots.txt lets crawlers in, keeps them out of the private areas and names the sitemap', async ({
  request,
}) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/plain');
  const lines = (await res.text()).split('\n').map((line) => line.trim());
  expect(lines).toContain('User-agent: *');
  for (const path of ['/admin', '/auth', '/profile', '/reset-password']) {
    expect(lines, path).toContain(`Disallow: ${path}`);
  }
  // Nothing public is disallowed.
  const disallowed = lines.filter((l) => l.startsWith('Disallow:')).map((l) => l.slice(9).trim());
  for (const path of ['/', '/projects', '/services', '/blog', '/about', '/contact']) {
    expect(
      disallowed.some((rule) => rule && path.startsWith(rule)),
      path,
    ).toBe(false);
  }
  const sitemap = lines
    .find((l) => l.startsWith('Sitemap:'))
    ?.slice(8)
    .trim();
  expect(sitemap).toMatch(/^https?:\/\/[^/]+\/sitemap\.xml$/);
  expect((await request.get(new URL(sitemap!).pathname)).status()).toBe(200);
});

test('sitemap.xml lists the static pages and every published project and post and active service, with lastmod', async ({
  page,
}) => {
  const hidden = createHiddenContent();
  try {
    const before = publicRows();
    const res = await page.request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/xml/);
    const sitemap = await parseSitemap(page, await res.text());
    const after = publicRows();

    expect(sitemap.root).toBe('urlset');
    expect(sitemap.namespace).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(sitemap.urls.every((u) => u.name === 'url')).toBe(true);
    const urls: ParsedUrl[] = sitemap.urls;
    for (const url of urls) {
      expect(url.loc, 'an absolute URL').toMatch(/^https?:\/\/[^/]+\//);
      expect(url.lastmod, `lastmod of ${url.loc}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size, 'no URL twice').toBe(locs.length);
    const origin = new URL(locs[0]!).origin;
    const paths = locs.map((loc) => loc.slice(origin.length));

    for (const path of ['/', '/about', '/projects', '/services', '/blog', '/contact']) {
      expect(paths, path).toContain(path);
    }
    const idsUnder = (prefix: string) =>
      new Set(paths.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length)));
    expectBetween(idsUnder('/projects/'), before.projects, after.projects, 'published projects');
    expectBetween(idsUnder('/blog/'), before.posts, after.posts, 'published posts');
    expectBetween(idsUnder('/services/'), before.services, after.services, 'active services');

    // Drafts and inactive services stay out.
    expect(paths).not.toContain(`/projects/${hidden.ids.project}`);
    expect(paths).not.toContain(`/blog/${hidden.ids.post}`);
    expect(paths).not.toContain(`/services/${hidden.ids.service}`);

    // A detail page's lastmod is the day it was last updated.
    const project = after.projects.find((p) => before.projects.some((b) => b.id === p.id))!;
    expect(urls.find((u) => u.loc === `${origin}/projects/${project.id}`)?.lastmod).toBe(
      project.updated_at.slice(0, 10),
    );
    // Listed pages are served (read as a crawler would, so no post view is counted).
    for (const path of ['/', `/projects/${project.id}`, `/blog/${after.posts[0]!.id}`]) {
      expect((await page.request.get(path, { headers: CRAWLER })).status(), path).toBe(200);
    }
  } finally {
    hidden.cleanUp();
  }
});

test('the blog RSS feed is RSS 2.0 with one item per published post, newest first', async ({ page }) => {
  const hidden = createHiddenContent();
  try {
    const settings = await (await page.request.get('/api/settings')).json();
    const before = publicRows();
    const res = await page.request.get('/blog/rss.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/rss\+xml|xml/);
    const rss = await parseRss(page, await res.text());
    const after = publicRows();

    expect(rss.root).toBe('rss');
    expect(rss.version).toBe('2.0');
    expect(rss.title).toContain(settings.site_name);
    expect(rss.link).toMatch(/^https?:\/\/[^/]+\/blog$/);
    expect(rss.description).toBe(settings.site_description);

    const items: ParsedItem[] = rss.items;
    const origin = new URL(rss.link).origin;
    const ids = items.map((item) => {
      // The post's address: its slug (its id while it has none).
      expect(item.link).toMatch(new RegExp(`^${origin}/blog/[a-z0-9-]+$`));
      expect(item.guid).toBe(item.link);
      expect(item.title.length).toBeGreaterThan(0);
      expect(item.description.length).toBeGreaterThan(0);
      // RFC 822 dates, as RSS 2.0 requires.
      expect(item.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      return item.link.slice(`${origin}/blog/`.length);
    });
    expect(new Set(ids).size, 'one item per post').toBe(ids.length);
    expectBetween(new Set(ids), before.posts, after.posts, 'published posts');
    expect(ids).not.toContain(hidden.ids.post);

    // Each item carries its post's title and publication date.
    for (const post of after.posts.filter((p) => ids.includes(p.id))) {
      const item = items[ids.indexOf(post.id)]!;
      expect(item.title).toBe(post.title);
      expect(new Date(item.pubDate).getTime()).toBe(
        Math.floor(new Date(post.publish_date ?? post.created_at).getTime() / 1000) * 1000,
      );
    }
    const times = items.map((item) => new Date(item.pubDate).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // An item's link opens its post (read as a crawler would, so no view is counted).
    expect((await page.request.get(new URL(items[0]!.link).pathname, { headers: CRAWLER })).status()).toBe(
      200,
    );
  } finally {
    hidden.cleanUp();
  }
});

test('every public page announces the RSS feed', async ({ request }) => {
  for (const path of ['/', '/blog', '/about']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="https?:\/\/[^"]+\/blog\/rss\.xml">/,
    );
  }
});

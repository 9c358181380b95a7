import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  // Behind one trusted proxy, so a test can speak for several visitors (X-Forwarded-For).
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => server.stop());

const one = async <T>(sql: string, ...params: unknown[]) => (await server.db.get(sql, ...params)) as T;

describe('public pages', () => {
  it.each([
    '/',
    '/home',
    '/about',
    '/projects',
    '/projects?category=urban&page=2',
    '/services',
    '/blog',
    '/contact',
  ])('renders %s on the server with its data and a canonical link', async (path) => {
    const res = await server.get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/[^"]*">/);
    expect(html).toContain('<script type="application/json" id="__DATA__">');
  });

  it('answers 404 for unknown paths and for unknown, draft or inactive items', async () => {
    const draft = await one<{ id: string }>("SELECT id FROM projects WHERE status = 'draft' LIMIT 1");
    const draftPost = await one<{ id: string }>("SELECT id FROM blog_posts WHERE status = 'draft' LIMIT 1");
    const inactive = randomUUID();
    await server.db.run(
      "INSERT INTO services (id, name, description, is_active) VALUES (?, 'Retired', 'x', false)",
      inactive,
    );
    for (const [path, text] of [
      ['/no/such/page', 'Page Not Found'],
      [`/projects/${randomUUID()}`, 'Project not found'],
      [`/projects/${draft.id}`, 'Project not found'],
      [`/services/${inactive}`, 'Service Not Found'],
      [`/blog/${draftPost.id}`, 'Blog post not found'],
      ['/blog/not-a-uuid', 'Blog post not found'],
      ['/projects/a/b', 'Page Not Found'],
      // A path that begins with two slashes is a path here, not another host.
      ['//%20//%2e%2e', 'Page Not Found'],
    ] as const) {
      const res = await server.get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).toContain(text);
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('treats a trailing slash as the same page', async () => {
    const res = await server.get('/projects/');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('rel="canonical" href="http://127.0.0.1');
  });

  it('counts a post view once per visitor per day', async () => {
    const post = await one<{ id: string; views: number }>(
      "SELECT id, views FROM blog_posts WHERE status = 'published' ORDER BY publish_date DESC LIMIT 1",
    );
    const first = await server.get(`/blog/${post.id}`);
    expect(first.status).toBe(200);
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/Path=\/blog(;|$)/);
    expect(cookie).toContain('HttpOnly');
    const views = async () =>
      (await one<{ views: number }>('SELECT views FROM blog_posts WHERE id = ?', post.id)).views;
    expect(await views()).toBe(post.views + 1);
    const again = await server.get(`/blog/${post.id}`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(again.status).toBe(200);
    expect(await views()).toBe(post.views + 1);
    await server.get(`/blog/${post.id}`, { headers: { 'user-agent': 'Googlebot/2.1' } });
    expect(await views()).toBe(post.views + 1);
    // Without the cookie, the same visitor (address) is still counted once; another visitor counts.
    await server.get(`/blog/${post.id}`);
    expect(await views()).toBe(post.views + 1);
    await server.get(`/blog/${post.id}`, { headers: { 'x-forwarded-for': '10.2.0.1' } });
    expect(await views()).toBe(post.views + 2);
  });
});

describe('the home page’s films', () => {
  it('have as poster the photograph of the project each is about, featured or not', async () => {
    const html = await (await server.get('/')).text();
    const data = JSON.parse(
      /<script type="application\/json" id="__DATA__">(.*?)<\/script>/s.exec(html)![1]!,
    );
    const films = data.islands.find((island: { films?: unknown }) => island.films).films as {
      title: string;
      poster: string | null;
    }[];
    const projects = (await server.db.all(
      "SELECT title, thumbnail FROM projects WHERE status = 'published' AND thumbnail IS NOT NULL",
    )) as { title: string; thumbnail: string }[];
    const about = (film: { title: string }) =>
      projects
        .filter((p) => film.title.toLowerCase().startsWith(p.title.toLowerCase()))
        .sort((a, b) => b.title.length - a.title.length)[0];
    const named = films.filter(about);
    // The seed has films about projects that are not among the home page's featured tiles.
    const tiles = [...html.matchAll(/<span class="project-tile__title">([^<]+)<\/span>/g)].map(([, t]) => t);
    expect(tiles.length).toBeGreaterThan(0);
    expect(named.some((film) => !tiles.includes(about(film)!.title))).toBe(true);
    for (const film of named) expect(film.poster, film.title).toBe(about(film)!.thumbnail);
  });
});

describe('the account area', () => {
  it.each([
    ['/auth', 'Login / Sign Up'],
    ['/reset-password', 'Reset Password'],
    ['/profile', 'Profile'],
    ['/admin/login', 'Admin Login'],
    ['/admin/dashboard', 'Dashboard'],
    ['/admin/blog/edit/some-id', 'Edit Blog Post'],
    ['/admin/team-members/new', 'New Team Member'],
  ])(
    'serves %s as the account app, titled, never indexed and without the public bundle',
    async (path, title) => {
      const res = await server.get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      const html = await res.text();
      expect(html).toContain(`<title>${title} | Khonde Studio</title>`);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/account-[\w-]+\.js">/);
      expect(html).not.toMatch(/src="\/assets\/index-/);
      // Settings ride along for the header and footer; nothing about any user does.
      const data = JSON.parse(/id="__DATA__">(.*?)<\/script>/s.exec(html)![1]!);
      expect(Object.keys(data)).toEqual(['settings', 'photo']);
      expect(data.photo.src).toMatch(/^\/media\//);
    },
  );

  it('answers 404 for an /admin path that is no page', async () => {
    for (const path of ['/admin/nothing', '/admin/projects/edit', '/admin/projects/edit/1/more']) {
      const res = await server.get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('<title>Page Not Found | Khonde Studio</title>');
    }
  });

  it('keeps the public pages free of the account code', async () => {
    const html = await (await server.get('/')).text();
    expect(html).not.toMatch(/assets\/account-/);
    expect(html).not.toMatch(/PublicAccount/);
  });
});

describe('the contact form without JavaScript', () => {
  const form = (fields: Record<string, string>) =>
    server.get('/contact', { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const fields = {
    client_name: 'Chimwemwe Banda',
    email: 'form.post@example.mw',
    subject: 'A clinic extension',
    phone: '+265 999 111 222',
    project_type: 'commercial',
    budget: '50k-100k',
    message: 'We would like to extend a clinic in Mzuzu by four consulting rooms.',
  };
  const stored = async (email: string) =>
    ((await server.db.get('SELECT COUNT(*) AS n FROM inquiries WHERE email = ?', email)) as { n: number }).n;

  it('stores a good form and redirects to the Thank You page; refuses a bot or a bad field with the page again', async () => {
    const bot = await form({ ...fields, email: 'bot@example.mw', company_website: 'http://spam.example' });
    expect(bot.status).toBe(400);
    expect(await bot.text()).toContain('Your message could not be sent.');
    expect(await stored('bot@example.mw')).toBe(0);

    const bad = await form({ ...fields, email: 'bad@', message: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('cache-control')).toBe('no-store');
    const html = await bad.text();
    expect(html).toContain('Please enter a valid email address');
    expect(html).toContain('value="Chimwemwe Banda"');

    const good = await form(fields);
    expect(good.status).toBe(303);
    expect(good.headers.get('location')).toBe('/contact?sent=1#inquiry');
    expect(await stored(fields.email)).toBe(1);
    expect(await (await server.get('/contact?sent=1')).text()).toContain('Thank You');
  });
});

describe('responsive image variants', () => {
  const thumbnail = async () =>
    (await one<{ thumbnail: string }>("SELECT thumbnail FROM projects WHERE status = 'published' LIMIT 1"))
      .thumbnail;

  it.each([
    ['avif', 'image/avif'],
    ['webp', 'image/webp'],
    ['jpeg', 'image/jpeg'],
  ])('serves a %s variant, resized, with long-lived caching', async (format, type) => {
    const res = await server.get(`${await thumbnail()}?w=480&f=${format}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.width).toBe(480);
    expect(meta.format).toBe(format === 'jpeg' ? 'jpeg' : format === 'avif' ? 'heif' : 'webp');
  });

  it.each([
    ['image/avif,image/webp,image/apng,image/*,*/*;q=0.8', 'image/avif'],
    ['image/webp,*/*', 'image/webp'],
    ['image/avif;q=0, image/webp', 'image/webp'],
    ['*/*', 'image/jpeg'],
    [undefined, 'image/jpeg'],
  ])(
    'without a format, answers Accept %s with %s, varying by Accept and cached for good',
    async (accept, type) => {
      const res = await server.get(`${await thumbnail()}?w=480`, accept ? { headers: { accept } } : {});
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('vary')).toMatch(/\bAccept\b/);
      expect(res.headers.get('cache-control')).toContain('immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(480);
      expect(meta.format).toBe({ 'image/avif': 'heif', 'image/webp': 'webp', 'image/jpeg': 'jpeg' }[type]);
    },
  );

  it('names each photograph once in pages: one srcset of widths, no per-format sources', async () => {
    const html = await (await server.get('/')).text();
    expect(html).not.toMatch(/[?&](?:amp;)?f=(?:avif|webp|jpeg)/);
    expect(html).toMatch(/srcSet="\/media\/[^"]+\?w=480 480w,[^"]+\?w=800 800w/);
    // The one <picture> is the home hero's: a phone in portrait gets the middle of the same photograph.
    const pictures = [...html.matchAll(/<picture[^>]*>(.*?)<\/picture>/g)].map(([, inner]) => inner!);
    expect(pictures).toHaveLength(1);
    const [, media, source, img] =
      /<source media="([^"]+)" srcSet="([^" ]+)\?w=480&amp;c=portrait 480w[^"]*"[^>]*>.*?<img[^>]*src="([^"?]+)\?/.exec(
        pictures[0]!,
      ) ?? [];
    expect(media).toBe('(max-aspect-ratio: 2/3)');
    expect(source).toBe(img);
  });

  it('crops a phone’s full-height photograph to its middle 9:16, never wider than that middle', async () => {
    const accept = { headers: { accept: 'image/avif,image/webp,*/*' } };
    const source = await sharp(
      Buffer.from(await (await server.get(await thumbnail())).arrayBuffer()),
    ).metadata();
    const middle = Math.round((source.height! * 9) / 16);
    for (const width of [480, 800]) {
      const res = await server.get(`${await thumbnail()}?w=${width}&c=portrait`, accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/avif');
      expect(res.headers.get('vary')).toMatch(/\bAccept\b/);
      expect(res.headers.get('cache-control')).toContain('immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      const expected = Math.min(width, middle);
      expect(meta.width).toBe(expected);
      expect(meta.height).toBe(Math.round((expected * 16) / 9));
    }
    const jpeg = await server.get(`${await thumbnail()}?w=480&c=portrait&f=jpeg`);
    expect((await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).format).toBe('jpeg');
  });

  it('refuses sizes and formats it does not make, and paths outside the uploads', async () => {
    expect((await server.get(`${await thumbnail()}?w=123&f=webp`)).status).toBe(400);
    expect((await server.get(`${await thumbnail()}?w=480&f=gif`)).status).toBe(400);
    expect((await server.get(`${await thumbnail()}?w=1600&c=portrait`)).status).toBe(400);
    expect((await server.get(`${await thumbnail()}?w=480&c=square`)).status).toBe(400);
    expect((await server.get(`${await thumbnail()}?c=portrait`)).status).toBe(400);
    expect((await server.get('/media/projects/nothing.jpg?w=480&f=webp')).status).toBe(404);
    expect((await server.get('/media/..%2f..%2fsecret.jpg?w=480&f=webp')).status).toBe(404);
    // Only images have variants: any other name is refused before the disk is looked at.
    expect((await server.get('/media/..%2f..%2fatelier.db?w=480&f=webp')).status).toBe(400);
  });
});

describe('live settings events', () => {
  it('pushes the new settings when they change in the database', async () => {
    const controller = new AbortController();
    const res = await server.get('/api/events', { signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (needle: string) => {
      while (!received.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        received += decoder.decode(value);
      }
    };
    await readUntil('event: ready');
    await server.db.run("UPDATE site_settings SET site_name = 'Renamed Studio' WHERE id = 'default'");
    await readUntil('Renamed Studio');
    expect(received).toMatch(/event: settings\ndata: \{.*"site_name":"Renamed Studio"/);
    controller.abort();
  });
});

describe('feeds', () => {
  it('serves robots.txt naming the sitemap and closing the private areas', async () => {
    const text = await (await server.get('/robots.txt')).text();
    for (const path of ['/admin', '/auth', '/profile', '/reset-password'])
      expect(text).toContain(`Disallow: ${path}`);
    expect(text).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
  });

  it('lists every published project and post and every active service in the sitemap, and no draft', async () => {
    const xml = await (await server.get('/sitemap.xml')).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    // A page's address: its slug (its id while it has none).
    const ids = async (sql: string) => ((await server.db.all(sql)) as { id: string }[]).map((r) => r.id);
    for (const id of await ids("SELECT coalesce(slug, id) AS id FROM projects WHERE status = 'published'"))
      expect(locs).toContain(`/projects/${id}`);
    for (const id of await ids("SELECT coalesce(slug, id) AS id FROM projects WHERE status = 'draft'"))
      expect(locs).not.toContain(`/projects/${id}`);
    for (const id of await ids("SELECT coalesce(slug, id) AS id FROM blog_posts WHERE status = 'published'"))
      expect(locs).toContain(`/blog/${id}`);
    for (const id of await ids('SELECT coalesce(slug, id) AS id FROM services WHERE is_active'))
      expect(locs).toContain(`/services/${id}`);
    expect(locs).toEqual(
      expect.arrayContaining(['/', '/about', '/projects', '/services', '/blog', '/contact']),
    );
    expect(xml.match(/<lastmod>\d{4}-\d\d-\d\d<\/lastmod>/g)?.length).toBe(locs.length);
  });

  it('serves the published posts as RSS 2.0', async () => {
    const res = await server.get('/blog/rss.xml');
    expect(res.headers.get('content-type')).toContain('application/rss+xml');
    const xml = await res.text();
    expect(xml).toContain('<rss version="2.0"');
    const published = (
      await one<{ n: number }>("SELECT count(*) AS n FROM blog_posts WHERE status = 'published'")
    ).n;
    expect(xml.match(/<item>/g)?.length).toBe(published);
  });
});

describe('when the settings cannot be read', () => {
  it('renders pages with the last settings it read', async () => {
    const own = await startTestServer();
    try {
      const name = (
        (await own.db.get("SELECT site_name FROM site_settings WHERE id = 'default'")) as {
          site_name: string;
        }
      ).site_name;
      expect((await own.get('/')).status).toBe(200);
      await own.db.exec('ALTER TABLE site_settings RENAME TO site_settings_unreadable');
      const res = await own.get('/about');
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`<title>About Our Studio | ${name}</title>`);
    } finally {
      await own.db.exec('ALTER TABLE site_settings_unreadable RENAME TO site_settings');
      await own.stop();
    }
  });
});

describe('page queries', () => {
  it('keep the good values of a query when one is invalid', async () => {
    const own = await startTestServer();
    try {
      // The first keyword of a post's keywords (a JSON list).
      const keyword = async (where: string, ...params: unknown[]) =>
        JSON.parse(
          (await own.db.get(`SELECT seo_keywords FROM blog_posts WHERE ${where}`, ...params)).seo_keywords,
        )[0];
      const category = await keyword("status = 'published' ORDER BY id LIMIT 1");
      const html = await (
        await own.get(`/blog?category=${encodeURIComponent(category)}&q=${'x'.repeat(300)}&page=0`)
      ).text();
      // The bad query and page fall back to their defaults; the good category still filters the list
      // (the main column: the sidebar's recent posts are not filtered).
      const main = html.slice(html.indexOf('class="blog-main"'), html.indexOf('<aside'));
      const inList = [...main.matchAll(/href="\/blog\/([a-z0-9-]+)"/g)].map(([, slug]) => slug!);
      expect(inList.length).toBeGreaterThan(0);
      for (const slug of inList) expect(await keyword('slug = ?', slug)).toBe(category);
    } finally {
      await own.stop();
    }
  });
});

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, bearer, createUser, signedInUser } from '../support/auth';
import { onPostgres, sqliteOnly } from '../support/backend';
import { runCli } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';
import { isoAt } from '../support/test-db';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const inquiry = {
  client_name: 'Cache Visitor',
  email: 'cache@example.mw',
  phone: '+265 999 123 456',
  subject: 'A question',
  project_type: 'residential',
  budget: '100k-250k',
  message: 'Is the page cache fresh after this inquiry?',
};

/** A GET as the bytes arrive (fetch would decode them): status, headers and the raw body. */
function raw(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(`${server.url}${pathname}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

const canonical = async (pathname: string) =>
  /<link rel="canonical" href="([^"]+)"/.exec(await (await server.get(pathname)).text())?.[1];

const publishedProject = async () =>
  (await server.db.get(
    "SELECT id, title FROM projects WHERE status = 'published' ORDER BY created_at LIMIT 1",
  )) as { id: string; title: string };

describe('the page cache', () => {
  it('keeps a page until the database changes, whichever way it is written', async () => {
    // The public origin is read at each render but is no database content: changing it in the running
    // server is invisible to the cache, so the page shows it only once a write makes the cache render again.
    const { env } = server.running.deps;
    const original = env.publicUrl;
    let step = 0;
    const changeOrigin = () => {
      env.publicUrl = `https://step${++step}.example`;
      return env.publicUrl;
    };
    try {
      expect(await canonical('/about')).toBe(`${original}/about`);
      let origin = changeOrigin();
      expect(await canonical('/about'), 'nothing written: the cached page').toBe(`${original}/about`);

      // The JSON API.
      expect((await server.post('/api/inquiries', inquiry)).status).toBe(201);
      expect(await canonical('/about'), 'after POST /api/inquiries').toBe(`${origin}/about`);

      // The contact form without JavaScript, a route outside the API.
      origin = changeOrigin();
      const form = await server.get('/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(inquiry).toString(),
        redirect: 'manual',
      });
      expect(form.status).toBe(303);
      expect(await canonical('/about'), 'after POST /contact').toBe(`${origin}/about`);

      // A signed-in user's own write.
      const user = await signedInUser(server);
      origin = changeOrigin();
      const put = await server.get('/auth/v1/user', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...bearer(user.tokens.access_token) },
        body: JSON.stringify({ first_name: 'Chisomo' }),
      });
      expect(put.status, await put.clone().text()).toBe(200);
      expect(await canonical('/about'), 'after PUT /auth/v1/user').toBe(`${origin}/about`);

      // Another process: the command line.
      origin = changeOrigin();
      const cli = await runCli(
        ['user:create', '--email', 'cli.cache@example.mw', '--password', 'Kapenta#Lake42'],
        {
          ...server.env,
          DATA_DIR: server.dataDir,
        },
      );
      expect(cli.code, cli.output).toBe(0);
      expect(await canonical('/about'), 'after the CLI').toBe(`${origin}/about`);

      // Another connection (the desktop app's or a script's).
      origin = changeOrigin();
      await server.db.run('UPDATE site_settings SET updated_at = ?', isoAt(0));
      expect(await canonical('/about'), 'after another connection').toBe(`${origin}/about`);
    } finally {
      env.publicUrl = original;
      await server.db.run('UPDATE site_settings SET updated_at = ?', isoAt(0));
    }
  });

  it('shows an edit on the next request on every page that carries it', async () => {
    const project = await publishedProject();
    const title = `${project.title} (renamed ${Date.now()})`;
    await server.get(`/projects/${project.id}`);
    await server.get('/projects?category=residential');
    await server.db.run('UPDATE projects SET title = ? WHERE id = ?', title, project.id);
    try {
      expect(await (await server.get(`/projects/${project.id}`)).text()).toContain(title);
      const category = (await server.db.get('SELECT category FROM projects WHERE id = ?', project.id)) as {
        category: string;
      };
      expect(await (await server.get(`/projects?category=${category.category}`)).text()).toContain(title);
    } finally {
      await server.db.run('UPDATE projects SET title = ? WHERE id = ?', project.title, project.id);
    }
    expect(await (await server.get(`/projects/${project.id}`)).text()).not.toContain(title);
  });

  it('answers If-None-Match with 304 while the page is the same, and 200 once it changed', async () => {
    const first = await server.get('/services');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await server.get('/services', { headers: { 'if-none-match': ifNoneMatch } });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(await again.text()).toBe('');
    }
    // A write that leaves the page as it was renders it again to the same bytes: still 304.
    expect((await server.post('/api/inquiries', inquiry)).status).toBe(201);
    expect((await server.get('/services', { headers: { 'if-none-match': etag } })).status).toBe(304);

    const service = (await server.db.get(
      'SELECT id, name FROM services WHERE is_active ORDER BY name LIMIT 1',
    )) as { id: string; name: string };
    await server.db.run('UPDATE services SET name = ? WHERE id = ?', `${service.name} Plus`, service.id);
    try {
      const changed = await server.get('/services', { headers: { 'if-none-match': etag } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(await changed.text()).toContain(`${service.name} Plus`);
    } finally {
      await server.db.run('UPDATE services SET name = ? WHERE id = ?', service.name, service.id);
    }
  });

  it('sends Brotli and gzip bodies that decode to the same HTML', async () => {
    for (const pathname of ['/', '/blog', '/no/such/page']) {
      const plain = await raw(pathname);
      const br = await raw(pathname, { 'accept-encoding': 'gzip, deflate, br' });
      const gz = await raw(pathname, { 'accept-encoding': 'gzip' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(br.status).toBe(plain.status);
      expect(gz.status).toBe(plain.status);
      for (const res of [plain, br, gz]) {
        expect(res.headers.vary).toContain('Accept-Encoding');
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
      }
      const html = plain.body.toString('utf8');
      expect(html).toContain('</html>');
      expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(html);
      expect(zlib.gunzipSync(gz.body).toString('utf8')).toBe(html);
      expect(br.body.length).toBeLessThan(gz.body.length);
      // One strong validator per representation.
      expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    }
    // Brotli's best levels cost ten times gzip's: a URL's first answer is gzip, Brotli from its second on.
    const fresh = `/projects?category=urban&visit=${Date.now()}`;
    const once = await raw(fresh, { 'accept-encoding': 'br, gzip' });
    const twice = await raw(fresh, { 'accept-encoding': 'br, gzip' });
    expect(once.headers['content-encoding']).toBe('gzip');
    expect(twice.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(twice.body).equals(zlib.gunzipSync(once.body))).toBe(true);
    // A coding refused with q=0 is not sent.
    expect((await raw('/', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('keeps a page and its Brotli body across a write that changes nothing on the page', async () => {
    const page = `/projects?category=landscape&visit=${Date.now()}`;
    await raw(page, { 'accept-encoding': 'br, gzip' });
    const br = await raw(page, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    // A write the page does not show (another connection's, as an e-mail sent or a session refreshed would be).
    await server.db.run('UPDATE site_settings SET updated_at = ?', isoAt(0));
    const after = await raw(page, { 'accept-encoding': 'br, gzip' });
    expect(after.headers['content-encoding']).toBe('br');
    expect(after.headers.etag).toBe(br.headers.etag);
    expect(after.body.equals(br.body)).toBe(true);
  });

  it("never puts one visitor's cookies or account in another visitor's page", async () => {
    const user = await createUser(server);
    const browser = new Browser(server);
    expect((await browser.signIn(user.email, user.password)).status).toBe(200);
    expect(browser.cookies.size).toBeGreaterThan(1);
    const post = (await server.db.get(
      "SELECT coalesce(slug, id) AS address FROM blog_posts WHERE status = 'published' ORDER BY publish_date DESC LIMIT 1",
    )) as { address: string };

    for (const pathname of ['/', `/blog/${post.address}`, '/profile']) {
      const signedIn = await browser.fetch(pathname, { csrf: false });
      const signedInHtml = await signedIn.text();
      // As a crawler, whose view is not counted: the post is then in the same state for both.
      const anonymous = await fetch(`${server.url}${pathname}`, {
        headers: { 'user-agent': 'Googlebot/2.1' },
      });
      const anonymousHtml = await anonymous.text();
      expect(signedIn.status, pathname).toBe(200);
      expect(anonymousHtml, pathname).toBe(signedInHtml);
      for (const html of [signedInHtml, anonymousHtml]) {
        expect(html).not.toContain(user.email);
        for (const value of browser.cookies.values()) {
          if (value.length >= 16) expect(html).not.toContain(value);
        }
      }
    }

    // The post's view cookie is set per visitor, never kept with the page.
    const first = await fetch(`${server.url}/blog/${post.address}`);
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/Path=\/blog(;|$)/);
    const returning = await fetch(`${server.url}/blog/${post.address}`, {
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(returning.headers.get('set-cookie')).toBeNull();
    const another = await fetch(`${server.url}/blog/${post.address}`);
    expect(another.headers.get('set-cookie')).toMatch(/Path=\/blog(;|$)/);
  });

  it('renders concurrent first requests of a page once, all of them complete', async () => {
    await server.db.run('UPDATE site_settings SET updated_at = ?', isoAt(0));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.get('/blog', { headers: { 'accept-encoding': 'br' } }).then(async (res) => ({
          status: res.status,
          etag: res.headers.get('etag'),
          html: await res.text(),
        })),
      ),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    // Those served before the page got its Brotli body had gzip: the same page, one tag per coding.
    expect(new Set(answers.map((a) => a.etag?.replace(/-(?:br|gz)"$/, '"'))).size).toBe(1);
    expect(new Set(answers.map((a) => a.html)).size).toBe(1);
  });
});

describe('static assets', () => {
  it('sends the build’s Brotli and gzip copies with immutable caching', async () => {
    const home = await (await server.get('/')).text();
    const boot = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
    const style = /<link [^>]*rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1];
    expect(boot).toBeTruthy();
    // The page's script tag is a small boot module (too small to halve): the islands' code it imports is.
    const script = `/${/assets\/entry-client-[\w-]+\.js/.exec(await (await server.get(boot!)).text())?.[0]}`;
    expect(style).toBeTruthy();
    for (const asset of [script!, style!]) {
      const plain = await raw(asset);
      const br = await raw(asset, { 'accept-encoding': 'gzip, deflate, br' });
      const gz = await raw(asset, { 'accept-encoding': 'gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      for (const res of [plain, br, gz]) {
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['content-type']).toMatch(asset.endsWith('.js') ? /javascript/ : /text\/css/);
      }
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
      expect(br.body.length).toBeLessThan(plain.body.length / 2);
    }
  });
});

describe('lighter pages', () => {
  const embedded = (html: string) =>
    JSON.parse(/<script type="application\/json" id="__DATA__">(.*?)<\/script>/s.exec(html)![1]!) as {
      settings: Record<string, unknown>;
      islands: Record<string, unknown>[];
    };
  const islandNames = (html: string) => [...html.matchAll(/data-island="([^"]+)"/g)].map(([, name]) => name);

  it('hydrates only the home page’s islands, and embeds only their props', async () => {
    const html = await (await server.get('/')).text();
    expect(islandNames(html)).toEqual(['header', 'films', 'contact-card', 'contact-form', 'footer', 'flash']);
    const { settings, islands } = embedded(html);
    expect(islands).toHaveLength(6);
    // The header and footer follow the live settings, sent once beside the islands; the films carry
    // what they draw of each video, its poster picked on the server. The services and the featured grid
    // are HTML only.
    expect(Object.keys(settings)).toContain('site_name');
    expect(Object.keys(islands[0]!)).toEqual(['overPhoto']);
    // The contact card follows the live settings too; its office hours, like the form's budget ranges, are
    // the ones its script holds until the studio writes its own.
    expect(islands[2]).toEqual({});
    expect(islands[3]).toEqual({});
    expect(Object.keys(islands[1]!)).toEqual(['films']);
    for (const film of islands[1]!.films as object[]) {
      expect(Object.keys(film).sort()).toEqual([
        'description',
        'poster',
        'project_type',
        'title',
        'youtubeId',
      ]);
    }
    const data = JSON.stringify(islands);
    const service = (await server.db.get(
      'SELECT name, description FROM services WHERE is_active LIMIT 1',
    )) as { name: string; description: string };
    expect(html).toContain(service.name);
    expect(data).not.toContain(service.name);
    const featured = (await server.db.get(
      "SELECT description FROM projects WHERE featured AND status = 'published' LIMIT 1",
    )) as { description: string };
    expect(html).not.toContain(featured.description.slice(0, 80));
  });

  it('sends the project list as HTML only: nothing of it is hydrated', async () => {
    const html = await (await server.get('/projects?category=residential')).text();
    expect(islandNames(html)).toEqual(['header', 'footer', 'flash']);
    const title = (
      (await server.db.get(
        "SELECT title FROM projects WHERE category = 'residential' AND status = 'published' LIMIT 1",
      )) as { title: string }
    ).title;
    expect(html).toContain(title);
    expect(JSON.stringify(embedded(html))).not.toContain(title);
  });

  it('sends a post’s article as markup only: it is not hydrated', async () => {
    const post = (await server.db.get(
      "SELECT id, content FROM blog_posts WHERE status = 'published' ORDER BY publish_date DESC LIMIT 1",
    )) as { id: string; content: string };
    const html = await (
      await server.get(`/blog/${post.id}`, { headers: { 'user-agent': 'Googlebot/2.1' } })
    ).text();
    expect(islandNames(html)).toEqual(['header', 'footer', 'flash']);
    expect(JSON.stringify(embedded(html))).not.toContain(post.id);
    const firstParagraph = post.content.split(/\n+/)[0]!.trim().slice(0, 60);
    expect(html.split(firstParagraph).length - 1).toBe(1);
  });
});

// Last: it stops the server and closes this file's second connection.
describe('a restore', () => {
  it.skipIf(onPostgres)(
    sqliteOnly(
      'shows the restored content after a restore',
      "backups are SQLite's: on PostgreSQL the database is backed up with pg_dump and the server refuses them",
    ),
    async () => {
      const project = await publishedProject();
      const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cache-'));
      const backedUp = await runCli(['backup', backups], { ...server.env, DATA_DIR: server.dataDir });
      expect(backedUp.code, backedUp.output).toBe(0);
      const backup = path.join(backups, fs.readdirSync(backups)[0]!);

      const renamed = `${project.title} (after the backup)`;
      await server.db.run('UPDATE projects SET title = ? WHERE id = ?', renamed, project.id);
      expect(await (await server.get(`/projects/${project.id}`)).text()).toContain(renamed);

      // A restore replaces the database file, so it is made with the server stopped (and this file's
      // second connection closed: the tests after this one only read through the server).
      await server.running.stop();
      await server.db.close();
      const restored = await runCli(['restore', backup], { ...server.env, DATA_DIR: server.dataDir });
      expect(restored.code, restored.output).toBe(0);
      await server.restart();
      const html = await (await server.get(`/projects/${project.id}`)).text();
      expect(html).not.toContain(renamed);
      expect(html).toContain(project.title);
    },
  );
});

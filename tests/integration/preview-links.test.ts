import { PREVIEW_LINK_SECONDS, PreviewLink } from '@atelier/shared';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient } from '../support/admin';
import { bearer } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let editor: AdminClient;
let author: AdminClient;
let other: AdminClient;

beforeAll(async () => {
  server = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast', BENCH: 'true' } });
  editor = await adminClient(server, 'editor');
  author = await adminClient(server, 'contributor');
  other = await adminClient(server, 'contributor');
});
afterAll(() => server.stop());

const project = (title: string) => ({
  title,
  description: 'A courtyard house of local brick, not yet published.',
  category: 'residential',
  status: 'draft',
  images: ['/media/projects/house.jpg'],
  image_alts: { '/media/projects/house.jpg': 'The house from the lake' },
  thumbnail: '/media/projects/house.jpg',
});
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

/** `client` asks for a preview link of the item at `path` (`/api/admin/projects/{id}`). */
const previewOf = (client: AdminClient, path: string) => client.post(`${path}/preview`, {});
const pagePath = (url: string) => new URL(url).pathname;

describe('preview links', () => {
  it('show a draft project and a scheduled post in the public layout, uncached, unindexed, for an hour', async () => {
    const draft = await editor.post('/api/admin/projects', project('Chileka Courtyard House'));
    expect(draft.status).toBe(201);
    const scheduled = await editor.post('/api/admin/blog-posts', {
      title: 'Shade Before Glass',
      content: '## Why the veranda comes first\n\nA deep roof keeps the walls cool.',
      status: 'published',
      publish_date: inAnHour(),
    });
    expect(scheduled.status).toBe(201);
    // Neither is on the site yet.
    expect((await server.get(`/projects/${draft.body.id}`)).status).toBe(404);
    expect((await server.get(`/blog/${scheduled.body.id}`)).status).toBe(404);

    for (const [path, heading] of [
      [`/api/admin/projects/${draft.body.id}`, 'Chileka Courtyard House'],
      [`/api/admin/blog-posts/${scheduled.body.id}`, 'Shade Before Glass'],
    ] as const) {
      const link = await previewOf(editor, path);
      expect(link.status).toBe(200);
      const { url, expires_at } = PreviewLink.parse(link.body);
      expect(url).toMatch(
        new RegExp(`^${server.running.deps.env.publicUrl}/preview/[\\w-]+\\.[\\w-]+\\.[\\w-]+$`),
      );
      const claims = decodeJwt(pagePath(url).split('/')[2]!);
      expect(claims.aud).toBe('preview');
      expect(claims.exp! - claims.iat!).toBe(PREVIEW_LINK_SECONDS);
      expect(Date.parse(expires_at)).toBe(claims.exp! * 1000);

      const res = await server.get(pagePath(url));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      const html = await res.text();
      expect(html).toContain(`<h1`);
      expect(html).toContain(heading);
      // The site's own layout: its header and footer around the item.
      expect(html).toMatch(/<header[^>]*class="site-header/);
      expect(html).toMatch(/<footer/);
    }
    // Previewing put nothing in the page cache: the public addresses still answer 404.
    expect((await server.get(`/projects/${draft.body.id}`)).status).toBe(404);
    expect((await server.get(`/blog/${scheduled.body.id}`)).status).toBe(404);
  });

  it('render the saved item on every visit, never a cached copy', async () => {
    const draft = await editor.post('/api/admin/projects', project('Mzuzu Reading Room'));
    const { url } = PreviewLink.parse((await previewOf(editor, `/api/admin/projects/${draft.body.id}`)).body);
    expect(await (await server.get(pagePath(url))).text()).toContain('Mzuzu Reading Room');
    // Written straight to the file: nothing the server's caches could hear of.
    await server.db.run('UPDATE projects SET title = ? WHERE id = ?', 'Mzuzu Library', draft.body.id);
    const again = await (await server.get(pagePath(url))).text();
    expect(again).toContain('Mzuzu Library');
    expect(again).not.toContain('Mzuzu Reading Room');
  });

  it('are given only to staff who may see the item', async () => {
    const mine = await author.post('/api/admin/projects', project('Author Draft House'));
    expect(mine.status).toBe(201);
    const path = `/api/admin/projects/${mine.body.id}`;
    expect((await previewOf(author, path)).status).toBe(200);
    expect((await previewOf(editor, path)).status).toBe(200);
    // Another contributor may not see someone else's draft, so gets no link to it.
    const refused = await previewOf(other, path);
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe('Project not found');
    // Without a staff session: no link at all.
    const anonymous = await server.post(`${path}/preview`, {});
    expect(anonymous.status).toBe(401);
    const forged = await server.post(`${path}/preview`, {}, { headers: bearer('not-a-token') });
    expect(forged.status).toBe(401);
    expect((await previewOf(editor, '/api/admin/projects/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
  });

  it('stop working after the hour, and a forged or other token opens nothing', async () => {
    const draft = await editor.post('/api/admin/projects', project('Expired Preview House'));
    const { tokens } = server.running.deps.auth;
    const subject = `project:${draft.body.id}`;
    const expired = await tokens.signLink('preview', subject, PREVIEW_LINK_SECONDS, {
      now: Date.now() - (PREVIEW_LINK_SECONDS + 60) * 1000,
    });
    const fresh = await tokens.signLink('preview', subject, PREVIEW_LINK_SECONDS);
    const [header, payload] = fresh.token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...decodeJwt(fresh.token), sub: 'post:00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    const otherAudience = await tokens.signLink('elsewhere', subject, PREVIEW_LINK_SECONDS);
    expect((await server.get(`/preview/${fresh.token}`)).status).toBe(200);
    for (const token of [
      expired.token,
      `${header}.${forgedPayload}.${fresh.token.split('.')[2]}`,
      `${header}.${payload}.`,
      otherAudience.token,
      // A staff member's access token is no preview link.
      editor.token,
      'not-a-token',
    ]) {
      const res = await server.get(`/preview/${token}`);
      expect(res.status, token).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      expect(await res.text()).not.toContain('Expired Preview House');
    }
  });

  it('show the not-found page once the item is deleted', async () => {
    const draft = await editor.post('/api/admin/projects', project('Deleted Preview House'));
    const { url } = PreviewLink.parse((await previewOf(editor, `/api/admin/projects/${draft.body.id}`)).body);
    expect((await editor.del(`/api/admin/projects/${draft.body.id}`)).status).toBe(204);
    const res = await server.get(pagePath(url));
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Deleted Preview House');
  });
});

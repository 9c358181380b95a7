import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, startAdminServer } from '../support/admin';
import { bearer } from '../support/auth';
import type { TestServer } from '../support/server';

// The admin lists and the dashboard are kept per URL behind the admin gate (app.ts, lib/response-cache.ts).
// These tests hold the cache to what an uncached server would answer.

let server: TestServer;
let admin: AdminClient;
beforeAll(async () => {
  ({ server, admin } = await startAdminServer());
});
afterAll(() => server.stop());

const service = (name: string) => ({
  name,
  description: 'Plans and permits.',
  icon: null,
  image: null,
  price_range: null,
  is_active: true,
});
const post = (title: string) => ({
  title,
  content: 'Text.',
  excerpt: null,
  featured_image: null,
  status: 'published',
  seo_keywords: [],
});
const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);

describe('the admin answer cache', () => {
  it('answers a list again from the cache (same ETag), marked no-store, and 304 to If-None-Match', async () => {
    await admin.post('/api/admin/services', service('Cached planning'));
    const first = await admin.get('/api/admin/services?q=Cached');
    const second = await admin.get('/api/admin/services?q=Cached');
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('etag')).toMatch(/^W\/"/);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('cache-control')).toBe('no-store');
    const revalidated = await admin.call('GET', '/api/admin/services?q=Cached', undefined, {
      'if-none-match': second.headers.get('etag')!,
    });
    expect(revalidated.status).toBe(304);
  });

  it('shows a write in the next list answer, and in the dashboard', async () => {
    const before = await admin.get('/api/admin/services?q=Write');
    expect(names(before.body)).toEqual([]);
    const dashboard = (await admin.get('/api/admin/dashboard')).body;

    const created = await admin.post('/api/admin/services', service('Write survey'));
    expect(names((await admin.get('/api/admin/services?q=Write')).body)).toEqual(['Write survey']);
    await admin.put(`/api/admin/services/${created.body.id}`, service('Write survey, renamed'));
    expect(names((await admin.get('/api/admin/services?q=Write')).body)).toEqual(['Write survey, renamed']);
    await admin.del(`/api/admin/services/${created.body.id}`);
    expect(names((await admin.get('/api/admin/services?q=Write')).body)).toEqual([]);

    const project = await admin.post('/api/admin/projects', {
      title: 'Write house',
      description: 'A house.',
      category: 'residential',
      project_type: 'project',
      status: 'draft',
      images: [],
    });
    expect(project.status).toBe(201);
    expect((await admin.get('/api/admin/dashboard')).body.totals.projects).toBe(
      dashboard.totals.projects + 1,
    );
  });

  it('shows a write made by another connection (the CLI, a restore)', async () => {
    const before = await admin.get('/api/admin/inquiries?q=Outside');
    expect(before.body.total).toBe(0);
    await server.db.run(
      `INSERT INTO inquiries (id, client_name, email, phone, subject, project_type, message)
         VALUES (?, 'Outside Client', 'outside@example.mw', '', 'Hello', 'residential', 'From elsewhere.')`,
      crypto.randomUUID(),
    );
    expect((await admin.get('/api/admin/inquiries?q=Outside')).body.total).toBe(1);
  });

  it('shows a counted view in the blog list sorted by views and in the dashboard, though views leave the public cache alone', async () => {
    const quiet = (await admin.post('/api/admin/blog-posts', post('Views: quiet'))).body;
    const read = (await admin.post('/api/admin/blog-posts', post('Views: read'))).body;
    const url = '/api/admin/blog-posts?q=Views%3A&sort=views&order=desc';
    const titles = async () =>
      (await admin.get(url)).body.items.map((p: { title: string; views: number }) => `${p.title} ${p.views}`);
    expect((await titles()).sort()).toEqual(['Views: quiet 0', 'Views: read 0']);
    const blogViews = (await admin.get('/api/admin/dashboard')).body.totals.blog_views;

    // A visitor's view is written outside the content version (the public answers stay cached).
    expect((await server.post(`/api/blog-posts/${read.id}/views`, {})).status).toBe(200);
    expect(await titles()).toEqual(['Views: read 1', 'Views: quiet 0']);
    expect((await admin.get('/api/admin/dashboard')).body.totals.blog_views).toBe(blogViews + 1);
    expect(quiet.id).not.toBe(read.id);
  });

  it('still answers 401 without a token and 403 to a non-admin on a cached URL, and gives nothing away', async () => {
    const url = '/api/admin/services?q=Gate';
    await admin.post('/api/admin/services', service('Gate check'));
    expect(names((await admin.get(url)).body)).toEqual(['Gate check']);
    expect(names((await admin.get(url)).body)).toEqual(['Gate check']);

    const anonymous = await server.get(url);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('Gate check');
    const member = await adminClient(server, 'user');
    const refused = await member.get(url);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('Gate check');
    expect((await member.get('/api/admin/dashboard')).status).toBe(403);
  });

  it('answers 401 to a signed-out session and 403 to a demoted admin on a cached URL', async () => {
    const other = await adminClient(server);
    const url = '/api/admin/team-members';
    expect((await other.get(url)).status).toBe(200);
    expect((await admin.get(url)).status).toBe(200);

    const out = await fetch(`${server.url}/auth/v1/logout`, { method: 'POST', headers: bearer(other.token) });
    expect(out.status).toBe(204);
    expect((await other.get(url)).status).toBe(401);

    const demoted = await adminClient(server);
    expect((await demoted.get(url)).status).toBe(200);
    await server.db.run("UPDATE profiles SET role = 'user' WHERE id = ?", demoted.user.id);
    expect((await demoted.get(url)).status).toBe(403);
    expect((await admin.get(url)).status).toBe(200);
  });

  it('never shares /api/admin/me: each admin gets their own', async () => {
    const other = await adminClient(server);
    expect((await admin.get('/api/admin/me')).body.email).toBe(admin.user.email);
    expect((await other.get('/api/admin/me')).body.email).toBe(other.user.email);
    expect((await admin.get('/api/admin/me')).body.email).toBe(admin.user.email);
    expect((await admin.get('/api/admin/me')).headers.get('etag')).toBeNull();
  });
});

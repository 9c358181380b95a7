import { ADMIN_MESSAGES, DEFAULT_SETTINGS } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, countRows, startAdminServer } from '../support/admin';
import type { TestServer } from '../support/server';

let server: TestServer;
let admin: AdminClient;
beforeAll(async () => {
  ({ server, admin } = await startAdminServer());
});
afterAll(() => server.stop());

const { founded_year: _y, opening_hours: _h, price_range: _p, theme_color: _t, ...form } = DEFAULT_SETTINGS;

/** Reads server-sent events from /api/events until one named `name` arrives. */
async function nextEvent(name: string, reader: ReadableStreamDefaultReader<Uint8Array>) {
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the event stream ended');
    buffer += decoder.decode(value, { stream: true });
    const events = buffer.split('\n\n');
    buffer = events.pop() ?? '';
    for (const event of events) {
      if (event.includes(`event: ${name}`)) return JSON.parse(/data: (.*)/.exec(event)![1]!);
    }
  }
}

describe('admin settings', () => {
  it('saves the settings and pushes them to open pages on the event stream', async () => {
    const stream = await server.get('/api/events');
    const reader = stream.body!.getReader();
    await nextEvent('ready', reader);

    const saved = await admin.put('/api/admin/settings', { ...form, site_name: 'Studio Lilongwe' });
    expect(saved.status).toBe(200);
    expect(saved.body.site_name).toBe('Studio Lilongwe');
    expect(saved.body.founded_year).toBe(DEFAULT_SETTINGS.founded_year);
    const pushed = await nextEvent('settings', reader);
    expect(pushed.site_name).toBe('Studio Lilongwe');
    await reader.cancel();

    expect((await admin.get('/api/admin/settings')).body.site_name).toBe('Studio Lilongwe');
    expect(((await (await server.get('/api/settings')).json()) as any).site_name).toBe('Studio Lilongwe');
    const entry = (await server.db.get(
      "SELECT details FROM audit_log WHERE entity_type = 'settings' ORDER BY rowid DESC",
    )) as { details: string };
    expect(JSON.parse(entry.details).changed_fields).toEqual(['site_name']);
  });

  it('refuses a bad e-mail or social link and writes nothing', async () => {
    const before = await server.db.get('SELECT * FROM site_settings');
    const email = await admin.put('/api/admin/settings', { ...form, contact_email: 'not-an-email' });
    expect(email.status).toBe(400);
    expect(email.body.error.issues).toContainEqual({
      path: 'contact_email',
      message: ADMIN_MESSAGES.invalidContactEmail,
    });
    const link = await admin.put('/api/admin/settings', { ...form, twitter_url: 'twitter' });
    expect(link.body.error.issues).toContainEqual({
      path: 'twitter_url',
      message: ADMIN_MESSAGES.invalidUrl,
    });
    const name = await admin.put('/api/admin/settings', { ...form, site_name: '' });
    expect(name.body.error.message).toBe(ADMIN_MESSAGES.siteNameRequired);
    expect(await server.db.get('SELECT * FROM site_settings')).toEqual(before);
  });
});

describe('admin dashboard and activity', () => {
  it('counts, lists the latest two inquiries and projects, and charts weeks and categories', async () => {
    const insert = (name: string, status: string, at: number) =>
      server.db.run(
        `INSERT INTO inquiries (id, client_name, email, phone, subject, project_type, message, status, created_at)
         VALUES (?, ?, 'a@b.mw', '+265 1', 's', 'other', 'm', ?, ?)`,
        crypto.randomUUID(),
        name,
        status,
        new Date(at).toISOString(),
      );
    const now = Date.now();
    await insert('Old', 'closed', now - 200 * 86_400_000);
    await insert('Last week', 'new', now - 7 * 86_400_000);
    await insert('Today', 'new', now);
    const project = (title: string, category: string, status: string) =>
      admin.post('/api/admin/projects', { title, description: 'd', category, status });
    await project('One', 'urban', 'published');
    await project('Two', 'urban', 'draft');
    await project('Three', 'landscape', 'published');
    await server.db.run('UPDATE blog_posts SET views = 0');
    await admin.post('/api/admin/blog-posts', { title: 't', content: 'c', status: 'published' });
    await server.db.run('UPDATE blog_posts SET views = 7');

    const { status, body } = await admin.get('/api/admin/dashboard');
    expect(status).toBe(200);
    expect(body.totals).toEqual({
      projects: await countRows(server, 'projects'),
      new_inquiries: 2,
      blog_views: 7 * (await countRows(server, 'blog_posts')),
      team_members: await countRows(server, 'team_members'),
    });
    // Recent Activity reads the Activity list: the projects' creations (the inquiries above were written
    // straight to the file, so no entry tells of them).
    expect(body.recent.map((e: any) => [e.action, e.entity_type, e.label])).toEqual([
      ['create', 'project', 'Three'],
      ['create', 'project', 'Two'],
    ]);
    expect(body.inquiries_per_week).toHaveLength(12);
    expect(body.inquiries_per_week.at(-1).count).toBe(1);
    expect(body.inquiries_per_week.at(-2).count).toBe(1);
    expect(body.inquiries_per_week.reduce((n: number, w: any) => n + w.count, 0)).toBe(2);
    expect(new Date(`${body.inquiries_per_week[0].week_start}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(body.projects_per_category).toContainEqual({ category: 'urban', name: 'Urban', count: 1 });
    expect(body.projects_per_category).toContainEqual({ category: 'landscape', name: 'Landscape', count: 1 });
    expect(body.projects_per_category).toContainEqual({ category: 'interior', name: 'Interior', count: 0 });
  });

  it("shows in Recent Activity the Activity list's own latest inquiry and project entries", async () => {
    const arrived = await server.post('/api/inquiries', {
      client_name: 'Recent Visitor',
      email: 'recent@example.mw',
      phone: '+265 999 000 002',
      subject: 'A clinic',
      project_type: 'commercial',
      budget: 'under-50k',
      message: 'Could the studio design a small clinic?',
    });
    expect(arrived.status).toBe(201);
    const inquiry = (await arrived.json()) as { id: string };
    const made = await admin.post('/api/admin/projects', {
      title: 'Recent Clinic',
      description: 'd',
      category: 'commercial',
      status: 'draft',
    });
    await admin.put(`/api/admin/projects/${made.body.id}`, { ...made.body, status: 'published' });
    await admin.patch(`/api/admin/inquiries/${inquiry.id}/status`, { status: 'in_progress' });

    const recent = (await admin.get('/api/admin/dashboard')).body.recent;
    const inquiries = (await admin.get('/api/admin/activity?entity_type=inquiry')).body.items;
    const projects = (await admin.get('/api/admin/activity?entity_type=project')).body.items;
    // The same entries (ids, actions, labels, writers), newest first: two of each kind.
    expect(recent).toEqual(
      [...inquiries.slice(0, 2), ...projects.slice(0, 2)].sort(
        (a: any, b: any) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id),
      ),
    );
    expect(inquiries.slice(0, 2)).toMatchObject([
      { action: 'status', label: 'Recent Visitor', actor: { id: admin.user.id } },
      { action: 'create', label: 'Recent Visitor', actor: null, entity_id: inquiry.id },
    ]);
    expect(projects.slice(0, 2)).toMatchObject([
      { action: 'update', label: 'Recent Clinic', changed_fields: ['status'] },
      { action: 'create', label: 'Recent Clinic' },
    ]);
  });

  it('lists the audit log newest first with the actor, filtered by entity, action and actor', async () => {
    const created = await admin.post('/api/admin/videos', {
      title: 'Audit me',
      url: 'https://youtu.be/abcdefghijk',
      is_active: true,
    });
    await admin.del(`/api/admin/videos/${created.body.id}`);
    const list = await admin.get('/api/admin/activity?entity_type=video');
    expect(list.status).toBe(200);
    expect(list.body.items.slice(0, 2)).toMatchObject([
      {
        action: 'delete',
        entity_id: created.body.id,
        label: 'Audit me',
        actor: { id: admin.user.id, email: admin.user.email },
      },
      {
        action: 'create',
        entity_id: created.body.id,
        changed_fields: expect.arrayContaining(['title', 'url']),
      },
    ]);
    expect((await admin.get('/api/admin/activity?action=delete&entity_type=video')).body.total).toBe(1);
    const other = await adminClient(server);
    expect((await admin.get(`/api/admin/activity?actor_id=${other.user.id}`)).body.total).toBe(0);
    expect((await admin.get(`/api/admin/activity?actor_id=${admin.user.id}`)).body.pageSize).toBe(10);
  });
});

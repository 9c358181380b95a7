import { CATEGORY_MESSAGES } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, countRows, startAdminServer } from '../support/admin';
import type { TestServer } from '../support/server';

let server: TestServer;
let admin: AdminClient;
let editor: AdminClient;
let contributor: AdminClient;
beforeAll(async () => {
  ({ server, admin } = await startAdminServer());
  editor = await adminClient(server, 'editor');
  contributor = await adminClient(server, 'contributor');
});
afterAll(() => server.stop());

const BASE = '/api/admin/project-categories';
const project = (title: string, category: string) => ({
  title,
  description: 'A building for the town.',
  category,
  status: 'published',
  project_type: 'project',
});
const slugs = async () => (await server.get('/api/project-categories').then((r) => r.json())).items;

describe('project categories', () => {
  it("start as the spec's five, in its order, for the public and the admin", async () => {
    expect(await slugs()).toEqual([
      { slug: 'residential', name: 'Residential', position: 0 },
      { slug: 'commercial', name: 'Commercial', position: 1 },
      { slug: 'landscape', name: 'Landscape', position: 2 },
      { slug: 'interior', name: 'Interior', position: 3 },
      { slug: 'urban', name: 'Urban', position: 4 },
    ]);
    const list = await contributor.get(BASE);
    expect(list.status).toBe(200);
    expect(list.body.items.map((c: { project_count: number }) => c.project_count)).toEqual([0, 0, 0, 0, 0]);
  });

  it('are added by an editor (last, slug from the name) and used by a project, its page and the list filter', async () => {
    const created = await editor.post(BASE, { name: '  Public Buildings ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: 'public-buildings', name: 'Public Buildings', position: 5 });

    const library = await admin.post('/api/admin/projects', project('Zomba Library', 'public-buildings'));
    expect(library.status).toBe(201);
    await admin.post('/api/admin/projects', project('Area 47 House', 'residential'));

    const filtered = await server.get('/api/projects?category=public-buildings').then((r) => r.json());
    expect(filtered.items.map((p: { title: string }) => p.title)).toEqual(['Zomba Library']);
    const all = await server.get('/api/projects').then((r) => r.json());
    expect(all.total).toBe(2);

    // The portfolio's tab and the project page's label and structured data.
    const tab = await server.get('/projects?category=public-buildings').then((r) => r.text());
    expect(tab).toContain('Zomba Library');
    expect(tab).not.toContain('Area 47 House');
    expect(tab).toMatch(/aria-current="page"[^>]*>Public Buildings</);
    const everything = await server.get('/projects?category=all').then((r) => r.text());
    expect(everything).toMatch(/aria-current="page"[^>]*>All</);
    expect(everything).toContain('Zomba Library');
    expect(everything).toContain('Area 47 House');
    const page = await server.get(`/projects/${library.body.id}`).then((r) => r.text());
    expect(page).toContain('"genre":"Public Buildings"');
    expect(page).toMatch(/<dd[^>]*>Public Buildings<\/dd>/);

    const counted = await admin.get(BASE);
    expect(
      counted.body.items.find((c: { slug: string }) => c.slug === 'public-buildings').project_count,
    ).toBe(1);
  });

  it('refuses a project in a category the studio does not have, and writes nothing', async () => {
    const before = await countRows(server, 'projects');
    const res = await admin.post('/api/admin/projects', project('Nowhere House', 'libraries'));
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toContainEqual({ path: 'category', message: CATEGORY_MESSAGES.unknown });
    expect(await countRows(server, 'projects')).toBe(before);
  });

  it('are renamed with their projects kept in them; a name another category has is refused', async () => {
    const { items } = (await admin.get(BASE)).body;
    const pub = items.find((c: { slug: string }) => c.slug === 'public-buildings');
    const renamed = await editor.put(`${BASE}/${pub.id}`, { name: 'Libraries & Clinics' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      slug: 'public-buildings',
      name: 'Libraries & Clinics',
      project_count: 1,
    });
    const filtered = await server.get('/api/projects?category=public-buildings').then((r) => r.json());
    expect(filtered.items.map((p: { title: string }) => p.title)).toEqual(['Zomba Library']);
    expect(await server.get('/projects?category=public-buildings').then((r) => r.text())).toContain(
      'Libraries &amp; Clinics',
    );

    const taken = await editor.put(`${BASE}/${pub.id}`, { name: 'residential' });
    expect(taken.status).toBe(400);
    expect(taken.body.error.message).toBe(CATEGORY_MESSAGES.nameTaken);
    const duplicate = await editor.post(BASE, { name: 'Commercial' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error.message).toBe(CATEGORY_MESSAGES.nameTaken);
    // "All" is the tab of every category: no category may take its address.
    const all = await editor.post(BASE, { name: 'All' });
    expect(all.status).toBe(400);
    expect(all.body.error.message).toBe(CATEGORY_MESSAGES.nameReserved);
    const blank = await editor.post(BASE, { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe(CATEGORY_MESSAGES.nameRequired);
    expect((await editor.put(`${BASE}/nope`, { name: 'Clinics' })).status).toBe(404);
  });

  it('are put in a new order, which the public tabs follow; an order missing one is refused', async () => {
    const { items } = (await admin.get(BASE)).body;
    const ids: string[] = items.map((c: { id: string }) => c.id);
    const reversed = [...ids].reverse();
    const res = await editor.put(`${BASE}/order`, { ids: reversed });
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: { id: string }) => c.id)).toEqual(reversed);
    expect((await slugs()).map((c: { slug: string }) => c.slug)).toEqual([
      'public-buildings',
      'urban',
      'interior',
      'landscape',
      'commercial',
      'residential',
    ]);
    const html = await server.get('/projects').then((r) => r.text());
    const tabs = [...html.matchAll(/class="category-tabs__link"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(tabs).toEqual([
      'All',
      'Libraries &amp; Clinics',
      'Urban',
      'Interior',
      'Landscape',
      'Commercial',
      'Residential',
    ]);

    const missing = await editor.put(`${BASE}/order`, { ids: ids.slice(1) });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(CATEGORY_MESSAGES.orderIncomplete);
    expect((await admin.get(BASE)).body.items.map((c: { id: string }) => c.id)).toEqual(reversed);
  });

  it('are deleted when empty; one holding projects is refused with how many and stays', async () => {
    const { items } = (await admin.get(BASE)).body;
    const pub = items.find((c: { slug: string }) => c.slug === 'public-buildings');
    const refused = await editor.del(`${BASE}/${pub.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(CATEGORY_MESSAGES.inUse(1));
    expect(refused.body.error.message).toBe(
      'This category holds 1 project: move it to another category first.',
    );
    expect(await countRows(server, 'project_categories', 'slug = ?', 'public-buildings')).toBe(1);

    const empty = (await editor.post(BASE, { name: 'Clinics' })).body;
    expect((await editor.del(`${BASE}/${empty.id}`)).status).toBe(204);
    expect(await countRows(server, 'project_categories', 'slug = ?', 'clinics')).toBe(0);
    const actions = (
      await server.db.all(
        `SELECT action FROM audit_log WHERE entity_type = 'project_category' AND entity_id = ? ORDER BY rowid`,
        empty.id,
      )
    ).map((row) => (row as { action: string }).action);
    expect(actions).toEqual(['create', 'delete']);
  });

  it('are read by every staff role but changed only by editors and administrators', async () => {
    const { items } = (await admin.get(BASE)).body;
    const before = await countRows(server, 'project_categories');
    const tries = [
      await contributor.post(BASE, { name: 'Schools' }),
      await contributor.put(`${BASE}/${items[0].id}`, { name: 'Schools' }),
      await contributor.put(`${BASE}/order`, { ids: items.map((c: { id: string }) => c.id) }),
      await contributor.del(`${BASE}/${items[1].id}`),
    ];
    expect(tries.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(await countRows(server, 'project_categories')).toBe(before);
    expect((await server.get(BASE)).status).toBe(401);
  });
});

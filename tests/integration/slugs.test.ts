import fs from 'node:fs';
import path from 'node:path';
import { SLUG_MESSAGES } from '@atelier/shared';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, countRows, startAdminServer } from '../support/admin';
import type { TestServer } from '../support/server';

let server: TestServer;
let admin: AdminClient;
beforeAll(async () => {
  ({ server, admin } = await startAdminServer());
});
afterAll(() => server.stop());

const project = (overrides: Record<string, unknown> = {}) => ({
  title: 'Lakeshore House',
  description: 'A house by the lake.',
  category: 'residential',
  status: 'published',
  ...overrides,
});

/** A page's status and where it redirects to (the redirect is not followed). */
async function visit(address: string) {
  const res = await server.get(address, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

describe('readable addresses', () => {
  it('a project gets a unique slug from its title; its id and former slugs answer 301 to the current one', async () => {
    const first = await admin.post('/api/admin/projects', project());
    expect(first.status).toBe(201);
    expect(first.body.slug).toBe('lakeshore-house');
    const second = await admin.post('/api/admin/projects', project({ title: 'Lakeshore  House!' }));
    expect(second.body.slug).toBe('lakeshore-house-2');

    const page = await visit('/projects/lakeshore-house');
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/projects\/lakeshore-house">/);
    expect(page.html).toContain('"url":"http');
    expect(page.html).not.toContain(`/projects/${first.body.id}`);
    expect(await visit(`/projects/${first.body.id}`)).toMatchObject({
      status: 301,
      location: '/projects/lakeshore-house',
    });

    // Edited in the form: the typed address is made a slug; the old one and the id lead to it.
    const edited = await admin.put(
      `/api/admin/projects/${first.body.id}`,
      project({ slug: 'Lake House, Salima' }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.slug).toBe('lake-house-salima');
    expect((await visit('/projects/lake-house-salima')).status).toBe(200);
    expect(await visit('/projects/lakeshore-house?from=mail')).toMatchObject({
      status: 301,
      location: '/projects/lake-house-salima?from=mail',
    });
    // A second change: every former address leads to the newest.
    await admin.put(`/api/admin/projects/${first.body.id}`, project({ slug: 'salima-lake-house' }));
    for (const former of ['lakeshore-house', 'lake-house-salima', first.body.id])
      expect((await visit(`/projects/${former}`)).location).toBe('/projects/salima-lake-house');

    // A save without an address keeps it, even with a new title.
    const renamed = await admin.put(`/api/admin/projects/${first.body.id}`, project({ title: 'Renamed' }));
    expect(renamed.body.slug).toBe('salima-lake-house');

    // A former address taken by another project is that project's now.
    const taker = await admin.post(
      '/api/admin/projects',
      project({ title: 'Other', slug: 'lakeshore-house' }),
    );
    expect(taker.body.slug).toBe('lakeshore-house');
    const taken = await visit('/projects/lakeshore-house');
    expect(taken.status).toBe(200);
    expect(taken.html).toContain('Other');

    // A deleted project's former addresses answer 404; they are kept while it is in the Trash (for a
    // restore) and go when it is deleted forever.
    expect((await admin.del(`/api/admin/projects/${first.body.id}`)).status).toBeLessThan(300);
    expect((await visit('/projects/lake-house-salima')).status).toBe(404);
    const history = () => countRows(server, 'slug_history', 'entity_id = ?', first.body.id);
    expect(await history()).toBe(2);
    expect((await admin.del(`/api/admin/trash/${first.body.id}`)).status).toBe(204);
    expect(await history()).toBe(0);
  });

  it('refuses a taken, empty or id-like address with the field message, and changes nothing', async () => {
    const a = await admin.post('/api/admin/projects', project({ title: 'Address A' }));
    const b = await admin.post('/api/admin/projects', project({ title: 'Address B' }));
    const clash = await admin.put(
      `/api/admin/projects/${b.body.id}`,
      project({ title: 'Address B', slug: a.body.slug }),
    );
    expect(clash.status).toBe(409);
    expect(clash.body.error.issues).toEqual([{ path: 'slug', message: SLUG_MESSAGES.taken('project') }]);
    const created = await admin.post('/api/admin/projects', project({ slug: a.body.slug }));
    expect(created.status).toBe(409);
    for (const [slug, message] of [
      ['!!!', SLUG_MESSAGES.noLetters],
      ['0f8fad5b-d9cb-469f-a165-70867728950e', SLUG_MESSAGES.uuid],
      ['a'.repeat(81), SLUG_MESSAGES.tooLong],
    ]) {
      const refused = await admin.put(`/api/admin/projects/${b.body.id}`, project({ slug }));
      expect(refused.status, slug).toBe(400);
      expect(refused.body.error.issues[0]).toMatchObject({ path: 'slug', message });
    }
    expect((await admin.get(`/api/admin/projects/${b.body.id}`)).body.slug).toBe('address-b');
  });

  it('posts and services get addresses too; the sitemap, the feed and the pages link by them', async () => {
    const post = await admin.post('/api/admin/blog-posts', {
      title: 'Why we still build with burnt brick',
      content: 'Brick breathes.',
      status: 'published',
    });
    expect(post.body.slug).toBe('why-we-still-build-with-burnt-brick');
    const service = await admin.post('/api/admin/services', {
      name: 'Interior Design',
      description: 'Rooms.',
      is_active: true,
    });
    expect(service.body.slug).toBe('interior-design');
    const published = await admin.post('/api/admin/projects', project({ title: 'Sitemap House' }));

    expect((await visit(`/blog/${post.body.id}`)).location).toBe('/blog/why-we-still-build-with-burnt-brick');
    expect((await visit(`/services/${service.body.id}`)).location).toBe('/services/interior-design');
    const postPage = await visit('/blog/why-we-still-build-with-burnt-brick');
    expect(postPage.status).toBe(200);
    expect(postPage.html).toContain('Brick breathes.');
    expect((await visit('/services/interior-design')).status).toBe(200);

    const sitemap = await (await server.get('/sitemap.xml')).text();
    for (const address of [
      '/blog/why-we-still-build-with-burnt-brick',
      '/services/interior-design',
      '/projects/sitemap-house',
    ])
      expect(sitemap).toContain(`${address}</loc>`);
    for (const id of [post.body.id, service.body.id, published.body.id]) expect(sitemap).not.toContain(id);
    const feed = await (await server.get('/blog/rss.xml')).text();
    expect(feed).toContain('/blog/why-we-still-build-with-burnt-brick</link>');
    const list = await (await server.get('/blog')).text();
    expect(list).toContain('href="/blog/why-we-still-build-with-burnt-brick"');
    const services = await (await server.get('/services')).text();
    expect(services).toContain('href="/services/interior-design"');

    // A draft's id does not redirect (its address stays private).
    const draft = await admin.post('/api/admin/projects', project({ title: 'Draft House', status: 'draft' }));
    expect((await visit(`/projects/${draft.body.id}`)).status).toBe(404);
    expect((await visit('/projects/draft-house')).status).toBe(404);
  });
});

describe('the slugs migration', () => {
  it('gives existing rows unique slugs from their titles', () => {
    const folder = path.resolve(import.meta.dirname, '../../server/src/db/migrations');
    const files = fs
      .readdirSync(folder)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const db = new Database(':memory:');
    const run = (file: string) => {
      for (const statement of fs
        .readFileSync(path.join(folder, file), 'utf8')
        .split('--> statement-breakpoint'))
        if (statement.trim()) db.prepare(statement).run();
    };
    const slugs = files.findIndex((f) => f.endsWith('_slugs.sql'));
    for (const file of files.slice(0, slugs)) run(file);
    const insert = db.prepare(
      "INSERT INTO projects (id, title, description, category, created_at) VALUES (?, ?, 'x', 'urban', ?)",
    );
    insert.run('11111111-aaaa-4aaa-8aaa-000000000001', 'Area 3: Streets for People', '2020-01-01');
    insert.run('22222222-aaaa-4aaa-8aaa-000000000002', 'Area 3 — streets for people', '2021-01-01');
    insert.run('33333333-aaaa-4aaa-8aaa-000000000003', 'Potter’s House & Studio', '2022-01-01');
    insert.run('44444444-aaaa-4aaa-8aaa-000000000004', 'Café Nyika', '2023-01-01');
    db.prepare("INSERT INTO services (id, name, description) VALUES ('s1', '3D Visualization', 'x')").run();
    run(files[slugs]!);
    expect(db.prepare('SELECT slug FROM projects ORDER BY created_at').pluck().all()).toEqual([
      'area-3-streets-for-people',
      'area-3-streets-for-people-22222222',
      'potter-s-house-studio',
      'project-44444444',
    ]);
    expect(db.prepare('SELECT slug FROM services').pluck().get()).toBe('3d-visualization');
    db.close();
  });
});

import { ADMIN_MESSAGES, MESSAGES, REVIEW_MESSAGES } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, countRows, startAdminServer } from '../support/admin';
import type { TestServer } from '../support/server';
import { isStored } from '../support/stored';
import { uploadPhoto } from '../support/tus';

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
  location: 'Mangochi',
  client: 'The Bandas',
  completion_date: '2025-06-30',
  status: 'published',
  project_type: 'project',
  images: ['/media/projects/a.jpg', '/media/projects/b.jpg'],
  image_alts: { '/media/projects/a.jpg': 'The veranda at dusk', '/media/projects/b.jpg': 'The courtyard' },
  thumbnail: '/media/projects/a.jpg',
  ...overrides,
});

describe('admin projects', () => {
  it('creates, reads, updates and deletes a project, with its creator and an audit entry per write', async () => {
    const created = await admin.post('/api/admin/projects', project({ status: 'draft' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Lakeshore House',
      status: 'draft',
      featured: false,
      user_id: admin.user.id,
      image_alts: { '/media/projects/a.jpg': 'The veranda at dusk' },
    });
    const id = created.body.id;

    // A draft: visible to the admin, absent from the public API.
    expect((await admin.get(`/api/admin/projects/${id}`)).body.title).toBe('Lakeshore House');
    expect((await server.get(`/api/projects/${id}`)).status).toBe(404);

    const updated = await admin.put(`/api/admin/projects/${id}`, project({ title: 'Lakeshore Villa' }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Lakeshore Villa', status: 'published' });
    expect((await server.get(`/api/projects/${id}`)).status).toBe(200);

    const starred = await admin.patch(`/api/admin/projects/${id}/featured`, { featured: true });
    expect(starred.body.featured).toBe(true);

    expect((await admin.del(`/api/admin/projects/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/admin/projects/${id}`)).status).toBe(404);
    expect((await admin.del(`/api/admin/projects/${id}`)).status).toBe(404);

    const entries = (await server.db.all(
      'SELECT action, actor_id, details FROM audit_log WHERE entity_id = ? ORDER BY rowid',
      id,
    )) as { action: string; actor_id: string; details: string }[];
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'feature', 'delete']);
    expect(entries.every((e) => e.actor_id === admin.user.id)).toBe(true);
    expect(JSON.parse(entries[1]!.details).changed_fields.sort()).toEqual(['status', 'title']);
    expect(JSON.parse(entries[2]!.details).changed_fields).toEqual(['featured']);
  });

  it("stars a project from its form (editors and up); a contributor's form cannot change the star", async () => {
    const starred = await admin.post(
      '/api/admin/projects',
      project({ title: 'Starred House', featured: true }),
    );
    expect(starred.status).toBe(201);
    expect(starred.body.featured).toBe(true);
    const unstarred = await admin.put(`/api/admin/projects/${starred.body.id}`, project({ featured: false }));
    expect(unstarred.body.featured).toBe(false);
    // A form that does not send the star leaves it as it is.
    await admin.patch(`/api/admin/projects/${starred.body.id}/featured`, { featured: true });
    const kept = await admin.put(`/api/admin/projects/${starred.body.id}`, project());
    expect(kept.body.featured).toBe(true);

    const contributor = await adminClient(server, 'contributor');
    const before = await countRows(server, 'projects');
    const refused = await contributor.post(
      '/api/admin/projects',
      project({ status: 'draft', featured: true }),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(REVIEW_MESSAGES.cantFeature);
    expect(await countRows(server, 'projects')).toBe(before);
    const draft = await contributor.post(
      '/api/admin/projects',
      project({ status: 'draft', featured: false }),
    );
    expect(draft.status).toBe(201);
    const again = await contributor.put(
      `/api/admin/projects/${draft.body.id}`,
      project({ status: 'draft', featured: true }),
    );
    expect(again.status).toBe(403);
    expect((await admin.get(`/api/admin/projects/${draft.body.id}`)).body.featured).toBe(false);
  });

  it('refuses a project without a title with the spec message and writes nothing', async () => {
    const before = await countRows(server, 'projects');
    const audits = await countRows(server, 'audit_log');
    const res = await admin.post('/api/admin/projects', project({ title: '   ' }));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(ADMIN_MESSAGES.projectRequired);
    expect(res.body.error.issues).toContainEqual({ path: 'title', message: ADMIN_MESSAGES.projectRequired });
    expect(await countRows(server, 'projects')).toBe(before);
    expect(await countRows(server, 'audit_log')).toBe(audits);
  });

  it('applies the image URL rule and keeps the thumbnail among the images', async () => {
    const bad = await admin.post(
      '/api/admin/projects',
      project({ images: ['https://example.com/page.html'] }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues).toContainEqual({
      path: 'images.0',
      message: ADMIN_MESSAGES.invalidImageUrl,
    });
    const empty = await admin.post('/api/admin/projects', project({ images: [''] }));
    expect(empty.body.error.issues).toContainEqual({
      path: 'images.0',
      message: ADMIN_MESSAGES.imageUrlRequired,
    });
    const thumb = await admin.post('/api/admin/projects', project({ thumbnail: 'https://x.test/other.jpg' }));
    expect(thumb.body.error.issues).toContainEqual({
      path: 'thumbnail',
      message: ADMIN_MESSAGES.thumbnailNotAnImage,
    });
    const ftp = await admin.post(
      '/api/admin/projects',
      project({ images: ['ftp://x.test/a.jpg'], thumbnail: null }),
    );
    expect(ftp.status).toBe(400);
  });

  it('refuses with 409 an edit made on a version someone else has changed since (If-Match)', async () => {
    const { body: loaded } = await admin.post('/api/admin/projects', project({ title: 'Two editors' }));
    const other = await admin.put(`/api/admin/projects/${loaded.id}`, project({ title: 'Saved first' }));
    expect(other.status).toBe(200);

    const stale = await admin.call(
      'PUT',
      `/api/admin/projects/${loaded.id}`,
      project({ title: 'Saved second' }),
      {
        'if-match': `"${loaded.updated_at}"`,
      },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'conflict', message: ADMIN_MESSAGES.editConflict });
    expect((await admin.get(`/api/admin/projects/${loaded.id}`)).body.title).toBe('Saved first');

    const fresh = await admin.call(
      'PUT',
      `/api/admin/projects/${loaded.id}`,
      project({ title: 'Saved second' }),
      {
        'if-match': `"${other.body.updated_at}"`,
      },
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.title).toBe('Saved second');
  });

  it('answers 404 for an unknown id and 400 with the spec message for a blank one', async () => {
    const missing = await admin.put('/api/admin/projects/nope', project());
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(MESSAGES.projectNotFound);
    const blank = await admin.get('/api/admin/projects/%20');
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe(MESSAGES.invalidProjectId);
  });

  it('searches, filters, sorts and pages the list, answering the last page past the end', async () => {
    for (let i = 1; i <= 12; i++) {
      const res = await admin.post(
        '/api/admin/projects',
        project({
          title: `Paging ${String(i).padStart(2, '0')}`,
          category: i % 2 ? 'commercial' : 'urban',
          status: i <= 3 ? 'draft' : 'published',
        }),
      );
      expect(res.status).toBe(201);
    }
    const first = await admin.get('/api/admin/projects?q=paging&sort=title&order=asc');
    expect(first.body).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.body.items.map((p: any) => p.title).slice(0, 2)).toEqual(['Paging 01', 'Paging 02']);

    const second = await admin.get('/api/admin/projects?q=paging&sort=title&order=asc&page=2');
    expect(second.body.items.map((p: any) => p.title)).toEqual(['Paging 11', 'Paging 12']);

    // Delete the last page's rows: asking for page 2 again answers page 1.
    for (const item of second.body.items)
      expect((await admin.del(`/api/admin/projects/${item.id}`)).status).toBe(204);
    const back = await admin.get('/api/admin/projects?q=paging&sort=title&order=asc&page=2');
    expect(back.body).toMatchObject({ total: 10, page: 1 });
    expect(back.body.items).toHaveLength(10);

    const drafts = await admin.get('/api/admin/projects?q=paging&status=draft');
    expect(drafts.body.total).toBe(3);
    const urban = await admin.get('/api/admin/projects?q=paging&category=urban');
    expect(urban.body.items.every((p: any) => p.category === 'urban')).toBe(true);
    // Search by category too, and a LIKE wildcard matches only itself.
    expect((await admin.get('/api/admin/projects?q=URBAN')).body.total).toBe(urban.body.total);
    expect((await admin.get('/api/admin/projects?q=%25')).body.total).toBe(0);

    const bad = await admin.get('/api/admin/projects?sort=password');
    expect(bad.status).toBe(400);
    expect((await admin.get('/api/admin/projects?page=0')).status).toBe(400);
  });

  it('answers an empty list with page 1', async () => {
    const res = await admin.get('/api/admin/projects?q=nothing-matches-this&page=3');
    expect(res.body).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
  });
});

describe("a project's photographs in the media library", () => {
  /** A photograph uploaded to the library as the admin panel does (tus), with its media row. */
  const upload = (name: string) => uploadPhoto(server, admin.token, name);
  const altsOf = (...images: { url: string }[]) =>
    Object.fromEntries(images.map((image) => [image.url, 'A photograph of the house']));
  const inLibrary = async (id: string) => (await admin.get(`/api/admin/media/${id}`)).status === 200;

  it('releases the gallery images and thumbnail an edit drops, and the rest when the project is deleted forever', async () => {
    const kept = await upload('kept');
    const dropped = await upload('dropped');
    const shared = await upload('shared');
    const created = await admin.post(
      '/api/admin/projects',
      project({
        images: [kept.url, dropped.url, shared.url],
        image_alts: altsOf(kept, dropped, shared),
        thumbnail: dropped.url,
      }),
    );
    expect(created.status).toBe(201);
    // Another entity shows `shared` too: dropping it from the project must not delete it.
    const service = await admin.post('/api/admin/services', {
      name: 'Site visits',
      description: 'On site.',
      icon: null,
      image: shared.url,
      price_range: '$',
      is_active: false,
    });
    expect(service.status).toBe(201);

    const edited = await admin.put(
      `/api/admin/projects/${created.body.id}`,
      project({ images: [kept.url], image_alts: altsOf(kept), thumbnail: kept.url }),
    );
    expect(edited.status).toBe(200);
    expect(await isStored(server, dropped.url)).toBe(false);
    expect(await inLibrary(dropped.id)).toBe(false);
    expect(await isStored(server, shared.url)).toBe(true);
    expect(await inLibrary(shared.id)).toBe(true);
    expect(await isStored(server, kept.url)).toBe(true);
    expect((await admin.get(`/api/admin/media/${kept.id}`)).body.used_by).toEqual([
      { entity_type: 'projects', entity_id: created.body.id, title: 'Lakeshore House', field: 'images' },
      { entity_type: 'projects', entity_id: created.body.id, title: 'Lakeshore House', field: 'thumbnail' },
    ]);

    expect((await admin.del(`/api/admin/projects/${created.body.id}`)).status).toBe(204);
    expect(await isStored(server, kept.url)).toBe(true);
    expect((await admin.del(`/api/admin/trash/${created.body.id}`)).status).toBe(204);
    expect(await isStored(server, kept.url)).toBe(false);
    expect(await inLibrary(kept.id)).toBe(false);
    expect(await inLibrary(shared.id)).toBe(true);
  });
});

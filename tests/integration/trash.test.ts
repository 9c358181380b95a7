import fs from 'node:fs';
import path from 'node:path';
import { TRASH_MESSAGES } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AdminClient, adminClient, countRows, startAdminServer } from '../support/admin';
import { onPostgres, sqliteOnly } from '../support/backend';
import type { TestServer } from '../support/server';
import { isStored, storedBytes } from '../support/stored';
import { uploadPhoto } from '../support/tus';

let server: TestServer;
let admin: AdminClient;
beforeAll(async () => {
  ({ server, admin } = await startAdminServer());
});
afterAll(() => server.stop());

const DAY_MS = 86_400_000;

/** A photograph uploaded to the library as the admin panel does (tus), with its media row. */
/** A photograph in the library, described (a published item's images need alt text). */
async function upload(name: string) {
  const photo = await uploadPhoto(server, admin.token, name);
  expect(
    (await admin.patch(`/api/admin/media/${photo.id}`, { alt_text: `Photograph: ${name}` })).status,
  ).toBe(200);
  return photo;
}

const project = (overrides: Record<string, unknown> = {}) => ({
  title: 'Lakeshore House',
  description: 'A house by the lake.',
  category: 'residential',
  location: 'Mangochi',
  client: 'The Bandas',
  completion_date: '2025-06-30',
  status: 'published',
  project_type: 'project',
  images: [],
  image_alts: {},
  thumbnail: null,
  ...overrides,
});

const text = async (pathname: string) => {
  const res = await server.get(pathname);
  return { status: res.status, body: await res.text() };
};
const trashList = async (client: AdminClient = admin) => (await client.get('/api/admin/trash')).body;
const restore = (id: string, client: AdminClient = admin) =>
  client.post(`/api/admin/trash/${id}/restore`, {});

/** One kind of item: how it is created, and where the public sees it. */
interface Kind {
  kind: string;
  admin: string;
  label: string;
  create(): Promise<Record<string, unknown>>;
  /** The public places that show it: each must stop showing it after the delete and show it after restore. */
  shown(item: Record<string, any>): Promise<boolean[]>;
}

const KINDS: Kind[] = [
  {
    kind: 'project',
    admin: 'projects',
    label: 'Kasungu Clinic',
    async create() {
      const photo = await upload('clinic');
      return project({ title: 'Kasungu Clinic', images: [photo.url], thumbnail: photo.url });
    },
    async shown(item) {
      const page = await text(`/projects/${item.slug}`);
      return [
        (await server.get(`/api/projects/${item.id}`)).status === 200,
        page.status === 200 && page.body.includes('Kasungu Clinic'),
        (await text('/sitemap.xml')).body.includes(`/projects/${item.slug}`),
        (await text('/projects')).body.includes('Kasungu Clinic'),
      ];
    },
  },
  {
    kind: 'blog_post',
    admin: 'blog-posts',
    label: 'Building with burnt brick',
    async create() {
      const photo = await upload('brick');
      return {
        title: 'Building with burnt brick',
        content: 'Brick walls breathe.',
        excerpt: 'Why we still use brick',
        featured_image: photo.url,
        status: 'published',
        seo_keywords: ['Brick'],
      };
    },
    async shown(item) {
      const page = await text(`/blog/${item.slug}`);
      return [
        (await server.get(`/api/blog-posts/${item.id}`)).status === 200,
        page.status === 200 && page.body.includes('Building with burnt brick'),
        (await text('/sitemap.xml')).body.includes(`/blog/${item.slug}`),
        (await text('/blog/rss.xml')).body.includes('Building with burnt brick'),
      ];
    },
  },
  {
    kind: 'service',
    admin: 'services',
    label: 'Interior design',
    async create() {
      return {
        name: 'Interior design',
        description: 'Rooms that work.',
        icon: null,
        image: (await upload('interior')).url,
        price_range: '$$',
        is_active: true,
      };
    },
    async shown(item) {
      const page = await text(`/services/${item.slug}`);
      return [
        (await server.get(`/api/services/${item.id}`)).status === 200,
        page.status === 200 && page.body.includes('Interior design'),
        (await text('/sitemap.xml')).body.includes(`/services/${item.slug}`),
      ];
    },
  },
  {
    kind: 'team_member',
    admin: 'team-members',
    label: 'Chikondi Phiri',
    async create() {
      return {
        name: 'Chikondi Phiri',
        role: 'Lead Architect',
        image: (await upload('chikondi')).url,
        quote: null,
        facebook_url: null,
        instagram_url: null,
        linkedin_url: null,
      };
    },
    async shown() {
      const api = (await server.get('/api/team-members').then((r) => r.json())) as {
        items: { name: string }[];
      };
      return [
        api.items.some((member) => member.name === 'Chikondi Phiri'),
        (await text('/about')).body.includes('Chikondi Phiri'),
      ];
    },
  },
  {
    kind: 'video',
    admin: 'videos',
    label: 'Site walk',
    async create() {
      return {
        title: 'Site walk',
        url: 'https://youtu.be/dQw4w9WgXcQ',
        description: null,
        project_type: 'proposal',
        is_active: true,
      };
    },
    async shown() {
      const api = (await server.get('/api/videos').then((r) => r.json())) as { items: { title: string }[] };
      return [api.items.some((video) => video.title === 'Site walk')];
    },
  },
];

describe('the Trash, on every kind of item', () => {
  for (const spec of KINDS) {
    it(`${spec.kind}: a delete takes it off the public site at once and keeps it in the Trash; restore brings it back exactly`, async () => {
      const created = await admin.post(`/api/admin/${spec.admin}`, await spec.create());
      expect(created.status).toBe(201);
      const before = (await admin.get(`/api/admin/${spec.admin}/${created.body.id}`)).body;
      expect(await spec.shown(before)).not.toContain(false);

      expect((await admin.del(`/api/admin/${spec.admin}/${before.id}`)).status).toBe(204);
      expect((await spec.shown(before)).every((shown) => !shown)).toBe(true);
      expect((await admin.get(`/api/admin/${spec.admin}/${before.id}`)).status).toBe(404);
      const page = before.slug
        ? await server.get(`/${spec.admin === 'blog-posts' ? 'blog' : spec.admin}/${before.slug}`)
        : null;
      if (page) expect([404, 410]).toContain(page.status);

      const listed = (await trashList()).items.find((item: { id: string }) => item.id === before.id);
      expect(listed).toMatchObject({
        kind: spec.kind,
        label: spec.label,
        deleted_by: { id: admin.user.id, email: admin.user.email },
        days_left: 30,
      });
      expect(Date.parse(listed.deleted_at)).not.toBeNaN();

      const restored = await restore(before.id);
      expect(restored.status).toBe(200);
      expect(restored.body).toEqual({ id: before.id, kind: spec.kind });
      const after = (await admin.get(`/api/admin/${spec.admin}/${before.id}`)).body;
      // A post's page view (above) is counted by a write of its own, which may land after `before` was read.
      const counted = spec.kind === 'blog_post' ? { views: after.views, updated_at: after.updated_at } : {};
      expect(after).toEqual({ ...before, ...counted });
      expect(await spec.shown(before)).not.toContain(false);
      expect((await trashList()).items.some((item: { id: string }) => item.id === before.id)).toBe(false);

      const actions = await server.db.all(
        'SELECT action FROM audit_log WHERE entity_id = ? ORDER BY created_at, rowid',
        before.id,
      );
      expect(actions.map((row) => row.action)).toEqual(['create', 'delete', 'restore']);
    });
  }

  it('a media file: its URL and its sizes answer 404 while it is in the Trash, and again 200 once restored', async () => {
    const photo = await upload('veranda');
    expect((await server.get(photo.url)).status).toBe(200);
    expect((await server.get(`${photo.url}?w=480&f=webp`)).status).toBe(200);

    expect((await admin.del(`/api/admin/media/${photo.id}`)).status).toBe(204);
    expect((await server.get(photo.url)).status).toBe(404);
    expect((await server.get(`${photo.url}?w=480&f=webp`)).status).toBe(404);
    expect((await admin.get(`/api/admin/media/${photo.id}`)).status).toBe(404);
    expect(await isStored(server, photo.url)).toBe(true);
    expect((await trashList()).items.find((item: { id: string }) => item.id === photo.id)).toMatchObject({
      kind: 'media',
      label: 'veranda.png',
      thumbnail: null,
    });

    expect((await restore(photo.id)).status).toBe(200);
    expect((await server.get(photo.url)).status).toBe(200);
    expect((await admin.get(`/api/admin/media/${photo.id}`)).body.url).toBe(photo.url);
  });

  it('restoring keeps its slug, or makes a new one when another item took it meanwhile; its page works', async () => {
    const first = await admin.post('/api/admin/projects', project({ title: 'Zomba Library' }));
    expect(first.body.slug).toBe('zomba-library');
    await admin.del(`/api/admin/projects/${first.body.id}`);
    const second = await admin.post('/api/admin/projects', project({ title: 'Zomba Library' }));
    expect(second.body.slug).toBe('zomba-library');

    expect((await restore(first.body.id)).status).toBe(200);
    const back = (await admin.get(`/api/admin/projects/${first.body.id}`)).body;
    expect(back.slug).toBe('zomba-library-2');
    expect((await server.get('/projects/zomba-library-2')).status).toBe(200);
    expect((await admin.get(`/api/admin/projects/${second.body.id}`)).body.slug).toBe('zomba-library');
  });

  it('keeps its former addresses while in the Trash: they redirect again once it is restored, and go with it for good', async () => {
    const created = await admin.post('/api/admin/projects', project({ title: 'Chintheche Inn' }));
    const renamed = await admin.put(
      `/api/admin/projects/${created.body.id}`,
      project({ title: 'Chintheche Inn', slug: 'chintheche-lodge' }),
    );
    expect(renamed.body.slug).toBe('chintheche-lodge');
    const former = () => server.get('/projects/chintheche-inn', { redirect: 'manual' });
    expect((await former()).status).toBe(301);

    await admin.del(`/api/admin/projects/${created.body.id}`);
    expect((await former()).status).toBe(404);
    expect((await restore(created.body.id)).status).toBe(200);
    const back = await former();
    expect(back.status).toBe(301);
    expect(back.headers.get('location')).toBe('/projects/chintheche-lodge');

    await admin.del(`/api/admin/projects/${created.body.id}`);
    expect(await countRows(server, 'slug_history', 'entity_id = ?', created.body.id)).toBe(1);
    expect((await admin.del(`/api/admin/trash/${created.body.id}`)).status).toBe(204);
    expect(await countRows(server, 'slug_history', 'entity_id = ?', created.body.id)).toBe(0);
  });

  it("bulk delete moves every item to the Trash, and each comes back through the API (the toast's Undo)", async () => {
    const ids: string[] = [];
    for (const title of ['Likoma Chapel', 'Nkhata Bay Lodge']) {
      ids.push((await admin.post('/api/admin/projects', project({ title }))).body.id);
    }
    const bulk = await admin.post('/api/admin/projects/bulk', { action: 'delete', ids });
    expect(bulk.body).toEqual({ done: ids, failed: [] });
    expect(await countRows(server, 'trash_items', `id IN ('${ids.join("','")}')`)).toBe(2);
    for (const id of ids) expect((await restore(id)).status).toBe(200);
    for (const id of ids) expect((await server.get(`/api/projects/${id}`)).status).toBe(200);
    expect((await restore(ids[0]!)).status).toBe(404);
    expect((await restore(ids[0]!)).body.error.message).toBe(TRASH_MESSAGES.notFound);
  });
});

describe('files a trashed item holds', () => {
  it('stay, "in trash" in where-used, until the last item using them is deleted forever', async () => {
    const own = await upload('own');
    const shared = await upload('shared');
    const a = await admin.post(
      '/api/admin/projects',
      project({ title: 'Dedza Pottery', images: [own.url, shared.url], thumbnail: own.url }),
    );
    const b = await admin.post(
      '/api/admin/projects',
      project({ title: 'Salima Market', images: [shared.url] }),
    );
    expect((await admin.del(`/api/admin/projects/${a.body.id}`)).status).toBe(204);

    expect(await isStored(server, own.url)).toBe(true);
    expect((await server.get(own.url)).status).toBe(200);
    expect((await admin.get(`/api/admin/media/${own.id}`)).body.used_by).toEqual([
      {
        entity_type: 'projects',
        entity_id: a.body.id,
        title: 'Dedza Pottery',
        field: 'images',
        in_trash: true,
      },
      {
        entity_type: 'projects',
        entity_id: a.body.id,
        title: 'Dedza Pottery',
        field: 'thumbnail',
        in_trash: true,
      },
    ]);
    // A file a trashed item still shows is in use: its delete is refused as before.
    expect((await admin.del(`/api/admin/media/${own.id}`)).status).toBe(409);

    expect((await admin.del(`/api/admin/trash/${a.body.id}`)).status).toBe(204);
    expect(await isStored(server, own.url)).toBe(false);
    expect((await admin.get(`/api/admin/media/${own.id}`)).status).toBe(404);
    // The other project still shows `shared`.
    expect(await isStored(server, shared.url)).toBe(true);
    expect((await admin.get(`/api/admin/media/${shared.id}`)).body.used_by).toEqual([
      { entity_type: 'projects', entity_id: b.body.id, title: 'Salima Market', field: 'images' },
    ]);
    expect((await admin.del(`/api/admin/trash/${a.body.id}`)).status).toBe(404);
    const purged = (await server.db.get(
      "SELECT actor_id, details FROM audit_log WHERE entity_id = ? AND action = 'purge'",
      a.body.id,
    )) as { actor_id: string; details: string };
    expect(purged.actor_id).toBe(admin.user.id);
    expect(JSON.parse(purged.details).label).toBe('Dedza Pottery');
  });

  it('a project deleted "keeping its photographs" leaves them in the library when it is deleted forever', async () => {
    const photo = await upload('kept');
    const created = await admin.post(
      '/api/admin/projects',
      project({ title: 'Mzuzu Hall', images: [photo.url] }),
    );
    expect((await admin.del(`/api/admin/projects/${created.body.id}?photos=keep`)).status).toBe(204);
    expect((await admin.del(`/api/admin/trash/${created.body.id}`)).status).toBe(204);
    expect(await isStored(server, photo.url)).toBe(true);
    expect((await admin.get(`/api/admin/media/${photo.id}`)).body.used_by).toEqual([]);
  });

  it('a media file deleted forever leaves the storage; restoring a project brings its images back', async () => {
    const photo = await upload('gone');
    const bulk = await admin.post('/api/admin/media/delete', { ids: [photo.id] });
    expect(bulk.body).toEqual({ deleted: 1, kept: [] });
    expect(await isStored(server, photo.url)).toBe(true);
    expect((await admin.del(`/api/admin/trash/${photo.id}`)).status).toBe(204);
    expect(await isStored(server, photo.url)).toBe(false);
    expect((await server.get(photo.url)).status).toBe(404);

    const image = await upload('back');
    const created = await admin.post(
      '/api/admin/projects',
      project({ title: 'Blantyre Studio', images: [image.url], thumbnail: image.url }),
    );
    await admin.del(`/api/admin/projects/${created.body.id}`);
    await restore(created.body.id);
    const page = await text(`/projects/${created.body.slug}`);
    expect(page.body).toContain(image.url);
    expect((await server.get(image.url)).status).toBe(200);
  });
});

describe.skipIf(onPostgres)(
  sqliteOnly(
    'a backup',
    "backups are SQLite's: on PostgreSQL the database is backed up with pg_dump and the server refuses them",
  ),
  () => {
    it('holds the bytes of a media file in the Trash (restorable after the backup is restored)', async () => {
      const photo = await upload('backed-up');
      await admin.del(`/api/admin/media/${photo.id}`);
      const backup = await admin.post('/api/admin/backups', {});
      expect(backup.status).toBe(201);
      const copy = path.join(
        server.running.deps.env.backupDir,
        backup.body.name,
        'uploads',
        photo.url.slice('/media/'.length),
      );
      expect(fs.readFileSync(copy)).toEqual((await storedBytes(server, photo.url))!);
      await restore(photo.id);
    });
  },
);

describe('the purge', () => {
  it('deletes forever what the Trash kept longer than its days (moved clock), with an Activity entry', async () => {
    const photo = await upload('old');
    const created = await admin.post(
      '/api/admin/projects',
      project({ title: 'Karonga Museum', images: [photo.url] }),
    );
    await admin.del(`/api/admin/projects/${created.body.id}`);
    const { trash } = server.running;
    const now = Date.now();

    expect(await trash.tick(new Date(now + 29 * DAY_MS))).toBe(0);
    expect(await countRows(server, 'trash_items', 'id = ?', created.body.id)).toBe(1);
    expect(await trash.tick(new Date(now + 31 * DAY_MS))).toBeGreaterThanOrEqual(1);
    expect(await countRows(server, 'trash_items', 'id = ?', created.body.id)).toBe(0);
    expect(await isStored(server, photo.url)).toBe(false);

    const activity = (await admin.get('/api/admin/activity?action=purge')).body.items;
    expect(
      activity.find((entry: { entity_id: string }) => entry.entity_id === created.body.id),
    ).toMatchObject({
      action: 'purge',
      actor: null,
      entity_type: 'project',
      label: 'Karonga Museum',
    });
  });

  it('keeps items the number of days the setting says, and purges at start-up too', async () => {
    const refused = await admin.put('/api/admin/trash/settings', { keep_days: 0 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues[0].message).toBe(TRASH_MESSAGES.keepDays);
    expect((await admin.put('/api/admin/trash/settings', { keep_days: 7 })).body).toEqual({ keep_days: 7 });

    const created = await admin.post('/api/admin/videos', {
      title: 'Roof detail',
      url: 'https://youtu.be/dQw4w9WgXcQ',
      description: null,
      project_type: 'proposal',
      is_active: true,
    });
    await admin.del(`/api/admin/videos/${created.body.id}`);
    const listed = await trashList();
    expect(listed.keep_days).toBe(7);
    expect(listed.items.find((item: { id: string }) => item.id === created.body.id).days_left).toBe(7);

    // Deleted eight days ago: the server deletes it forever as it starts.
    await server.db.run(
      'UPDATE trash_items SET deleted_at = ? WHERE id = ?',
      new Date(Date.now() - 8 * DAY_MS).toISOString(),
      created.body.id,
    );
    await server.restart();
    await vi.waitFor(async () =>
      expect(await countRows(server, 'trash_items', 'id = ?', created.body.id)).toBe(0),
    );
    expect(await countRows(server, 'audit_log', "action = 'purge' AND entity_id = ?", created.body.id)).toBe(
      1,
    );
    await admin.put('/api/admin/trash/settings', { keep_days: 30 });
  });
});

describe('who may use the Trash', () => {
  it('editors list, restore and delete forever; only admins empty it; a contributor undoes only their own delete', async () => {
    const editor = await adminClient(server, 'editor');
    const contributor = await adminClient(server, 'contributor');
    const draft = await contributor.post(
      '/api/admin/projects',
      project({ title: 'Own draft', status: 'draft' }),
    );
    expect((await contributor.del(`/api/admin/projects/${draft.body.id}`)).status).toBe(204);
    // The contributor's Undo.
    expect((await restore(draft.body.id, contributor)).status).toBe(200);
    expect((await contributor.get(`/api/admin/projects/${draft.body.id}`)).status).toBe(200);

    const other = await admin.post('/api/admin/projects', project({ title: 'Not theirs' }));
    await editor.del(`/api/admin/projects/${other.body.id}`);
    expect((await contributor.get('/api/admin/trash')).status).toBe(403);
    const refused = await restore(other.body.id, contributor);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(TRASH_MESSAGES.notYours);
    expect((await contributor.del(`/api/admin/trash/${other.body.id}`)).status).toBe(403);
    expect(await countRows(server, 'trash_items', 'id = ?', other.body.id)).toBe(1);

    expect((await trashList(editor)).items.some((item: { id: string }) => item.id === other.body.id)).toBe(
      true,
    );
    expect((await editor.del('/api/admin/trash')).status).toBe(403);
    expect(await countRows(server, 'trash_items', 'id = ?', other.body.id)).toBe(1);
    expect((await editor.put('/api/admin/trash/settings', { keep_days: 3 })).status).toBe(403);
    expect((await restore(other.body.id, editor)).status).toBe(200);
    await editor.del(`/api/admin/projects/${other.body.id}`);

    const emptied = await admin.del('/api/admin/trash');
    expect(emptied.status).toBe(200);
    expect(emptied.body.deleted).toBeGreaterThanOrEqual(1);
    expect(await countRows(server, 'trash_items')).toBe(0);
    expect((await trashList()).items).toEqual([]);
  });
});

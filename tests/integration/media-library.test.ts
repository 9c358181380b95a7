import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../support/admin';
import { bearer, signedInUser } from '../support/auth';
import { onPostgres } from '../support/backend';
import { startTestServer, type TestServer } from '../support/server';
import { isStored, storedNames } from '../support/stored';
import { tusUpload } from '../support/tus';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast' } });
  admin = (await signedInUser(server, { role: 'admin' })).tokens.access_token;
});
afterAll(() => server.stop());

const api = (pathname: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${server.url}/api/admin${pathname}`, {
    method: init.method ?? 'GET',
    headers: { ...bearer(admin), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
const jsonOf = async (res: Response) => (await res.json()) as any;

let seed = 0;
async function uploadImage(filename: string, metadata: Record<string, string> = {}) {
  seed++;
  const bytes = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 99 } },
  })
    .png()
    .toBuffer();
  const { status, body } = await tusUpload(server.url, admin, bytes, { filename, ...metadata });
  expect(status).toBe(200);
  return body.item;
}
const useAsServiceImage = async (url: string) =>
  await server.db.run(
    "INSERT INTO services (id, name, description, image) VALUES (?, 'Interior design', 'Rooms', ?)",
    `svc-${seed}`,
    url,
  );

describe('the media list', () => {
  it("names the files shown at given URLs (a form's images), leaving out addresses not of the library", async () => {
    const first = await uploadImage('lakeshore-veranda.png');
    const second = await uploadImage('lakeshore-kitchen.png');
    const res = await api('/media/by-url', {
      method: 'POST',
      body: {
        urls: [second.url, 'https://images.example.com/far.jpg', first.url, '/media/projects/none.jpg'],
      },
    });
    expect(res.status).toBe(200);
    const names = (await jsonOf(res)).items.map((i: any) => [i.url, i.filename]);
    expect(names.sort()).toEqual(
      [
        [first.url, 'lakeshore-veranda.png'],
        [second.url, 'lakeshore-kitchen.png'],
      ].sort(),
    );
    expect((await api('/media/by-url', { method: 'POST', body: { urls: 'x' } })).status).toBe(400);
  });

  it('pages 15 at a time, newest first, by folder, across folders (all=1), and searches by name', async () => {
    const folder = await jsonOf(await api('/media/folders', { method: 'POST', body: { name: 'Paging' } }));
    for (let i = 1; i <= 17; i++)
      await uploadImage(`page-test-${String(i).padStart(2, '0')}.png`, { folder_id: folder.id });
    const first = await jsonOf(await api(`/media?folder_id=${folder.id}`));
    expect(first).toMatchObject({ total: 17, page: 1, pageSize: 15 });
    expect(first.items).toHaveLength(15);
    expect(first.items[0].filename).toBe('page-test-17.png');
    const past = await jsonOf(await api(`/media?folder_id=${folder.id}&page=9`));
    expect(past.page).toBe(2);
    expect(past.items.map((i: any) => i.filename)).toEqual(['page-test-02.png', 'page-test-01.png']);
    // The root holds none of them; all=1 sees them; the search finds one by its name.
    const root = await jsonOf(await api('/media'));
    expect(root.items.some((i: any) => i.filename.startsWith('page-test'))).toBe(false);
    expect((await jsonOf(await api('/media?all=1'))).total).toBeGreaterThanOrEqual(17);
    const found = await jsonOf(await api('/media?all=1&q=test-05'));
    expect(found.items.map((i: any) => i.filename)).toEqual(['page-test-05.png']);
    expect((await api('/media?page=0')).status).toBe(400);
  });

  it('gets one file, edits its alt text and folder, and answers 404 for an unknown id', async () => {
    const item = await uploadImage('details.png');
    const got = await jsonOf(await api(`/media/${item.id}`));
    expect(got).toMatchObject({
      id: item.id,
      filename: 'details.png',
      width: 40,
      height: 30,
      size_bytes: item.size_bytes,
    });
    const patched = await api(`/media/${item.id}`, {
      method: 'PATCH',
      body: { alt_text: '  Living room at dusk ', folder_id: 'project-images' },
    });
    expect(patched.status).toBe(200);
    expect(await jsonOf(patched)).toMatchObject({
      alt_text: 'Living room at dusk',
      folder_id: 'project-images',
    });
    expect((await api('/media/nope')).status).toBe(404);
    const badFolder = await api(`/media/${item.id}`, { method: 'PATCH', body: { folder_id: 'nope' } });
    expect(badFolder.status).toBe(404);
    expect((await api(`/media/${item.id}`, { method: 'PATCH', body: { width: 5 } })).status).toBe(400);
    const audit = (await server.db.all(
      "SELECT action, details FROM audit_log WHERE entity_type = 'media' AND entity_id = ? ORDER BY created_at",
      item.id,
    )) as { action: string; details: string }[];
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(JSON.parse(audit[1]?.details ?? '{}').changed_fields).toEqual(['alt_text', 'folder_id']);
  });
});

describe('deleting files', () => {
  it('refuses to delete a file in use, listing where, then trashes it once unused and removes it deleted forever', async () => {
    const item = await uploadImage('used.png');
    await useAsServiceImage(item.url);
    await server.db.run(
      "INSERT INTO projects (id, title, description, category, images, thumbnail) VALUES ('p-used', 'Lakeside House', 'x', 'residential', ?, ?)",
      JSON.stringify([item.url]),
      item.url,
    );
    const got = await jsonOf(await api(`/media/${item.id}`));
    expect(got.used_by).toEqual(
      expect.arrayContaining([
        { entity_type: 'services', entity_id: `svc-${seed}`, title: 'Interior design', field: 'image' },
        { entity_type: 'projects', entity_id: 'p-used', title: 'Lakeside House', field: 'images' },
        { entity_type: 'projects', entity_id: 'p-used', title: 'Lakeside House', field: 'thumbnail' },
      ]),
    );
    const refused = await api(`/media/${item.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    const error = (await jsonOf(refused)).error;
    expect(error.message).toBe('This file is in use and cannot be deleted');
    expect(error.issues).toContainEqual({
      path: item.id,
      message: 'Used by Interior design (services, image)',
    });
    expect(await isStored(server, item.url)).toBe(true);

    await server.db.run('DELETE FROM services WHERE image = ?', item.url);
    await server.db.run("DELETE FROM projects WHERE id = 'p-used'");
    // Its variants go with it, the phone's portrait crop among them.
    for (const variant of ['?w=480&f=webp', '?w=480&c=portrait&f=webp'])
      expect((await fetch(`${server.url}${item.url}${variant}`)).status).toBe(200);
    const variants = () => storedNames(server, 'variants', `${item.url.replace(/^\/media\//, '')}.`);
    expect(await variants()).toEqual(expect.arrayContaining([expect.stringContaining('.portrait.')]));
    expect((await api(`/media/${item.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/media/${item.id}`)).status).toBe(404);
    // In the Trash: the bytes stay, the public URL answers 404; deleted forever, the bytes and variants go.
    expect(await isStored(server, item.url)).toBe(true);
    expect((await fetch(`${server.url}${item.url}`)).status).toBe(404);
    expect((await api(`/trash/${item.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await isStored(server, item.url)).toBe(false);
    expect(await variants()).toEqual([]);
  });

  it('deletes several, keeping and listing those in use, and moves several to a folder', async () => {
    const a = await uploadImage('bulk-a.png');
    const b = await uploadImage('bulk-b.png');
    const used = await uploadImage('bulk-used.png');
    await useAsServiceImage(used.url);
    const moved = await api('/media/move', {
      method: 'POST',
      body: { ids: [a.id, b.id], folder_id: 'project-images' },
    });
    expect(await jsonOf(moved)).toEqual({ moved: 2 });
    expect((await jsonOf(await api(`/media/${a.id}`))).folder_id).toBe('project-images');
    expect(
      (await api('/media/move', { method: 'POST', body: { ids: [a.id, 'nope'], folder_id: null } })).status,
    ).toBe(404);

    const unknown = await api('/media/delete', { method: 'POST', body: { ids: [a.id, 'nope'] } });
    expect(unknown.status).toBe(404);
    expect((await api(`/media/${a.id}`)).status).toBe(200);
    const done = await api('/media/delete', { method: 'POST', body: { ids: [a.id, b.id, used.id] } });
    expect(done.status).toBe(200);
    const answer = await jsonOf(done);
    expect(answer).toMatchObject({ deleted: 2, kept: [{ id: used.id, filename: 'bulk-used.png' }] });
    expect(answer.kept[0].used_by).toHaveLength(1);
    expect(answer.kept[0].used_by[0]).toMatch(/\(services, image\)$/);
    // Both in the Trash, their URLs answering 404 until restored or deleted forever.
    for (const gone of [a, b]) {
      expect((await api(`/media/${gone.id}`)).status).toBe(404);
      expect((await fetch(`${server.url}${gone.url}`)).status).toBe(404);
    }
    expect(await countRows(server, 'trash_items', 'id IN (?, ?)', a.id, b.id)).toBe(2);
    expect((await api(`/media/${used.id}`)).status).toBe(200);
    expect(await isStored(server, used.url)).toBe(true);
    // One file alone, by its own route, is still refused while in use.
    expect((await api(`/media/${used.id}`, { method: 'DELETE' })).status).toBe(409);
    expect((await api('/media/delete', { method: 'POST', body: { ids: [] } })).status).toBe(400);
  });

  it('release removes only an unused file of this store, never an outside URL', async () => {
    const { media } = server.running.deps;
    expect(await media.release('https://example.com/media/projects/a.jpg')).toBe(false);
    expect(await media.release('/media/projects/../../atelier.db')).toBe(false);
    // The SQLite file beside the uploads is still there (on PostgreSQL there is none).
    if (!onPostgres) expect(fs.existsSync(path.join(server.dataDir, 'atelier.db'))).toBe(true);
    const item = await uploadImage('release.png');
    await useAsServiceImage(item.url);
    expect(await media.whereUsed(item.url)).toHaveLength(1);
    expect(await media.release(item.url)).toBe(false);
    expect(await isStored(server, item.url)).toBe(true);
    await server.db.run('DELETE FROM services WHERE image = ?', item.url);
    expect(await media.release(item.url)).toBe(true);
    expect(await isStored(server, item.url)).toBe(false);
    expect((await api(`/media/${item.id}`)).status).toBe(404);
  });
});

describe('folders', () => {
  const create = (name: string, parent_id: string | null = null) =>
    api('/media/folders', { method: 'POST', body: { name, parent_id } });

  it('has Project Images at the root, which cannot be renamed or deleted', async () => {
    const tree = await jsonOf(await api('/media/folders'));
    expect(tree.items).toContainEqual(
      expect.objectContaining({ id: 'project-images', name: 'Project Images', parent_id: null }),
    );
    expect((await api('/media/folders/project-images', { method: 'DELETE' })).status).toBe(409);
    expect(
      (await api('/media/folders/project-images', { method: 'PATCH', body: { name: 'Other' } })).status,
    ).toBe(409);
  });

  it('creates, refuses a taken name, renames, moves without cycles, and deletes only when empty', async () => {
    const houses = await create('Houses');
    expect(houses.status).toBe(201);
    const parent = await jsonOf(houses);
    expect((await create('houses')).status).toBe(409);
    expect((await create('')).status).toBe(400);
    const child = await jsonOf(await create('Kitchens', parent.id));
    const grandchild = await jsonOf(await create('Before', child.id));
    expect((await create('Kitchens', 'nope')).status).toBe(404);

    const renamed = await api(`/media/folders/${child.id}`, {
      method: 'PATCH',
      body: { name: 'Kitchens 2026' },
    });
    expect(await jsonOf(renamed)).toMatchObject({
      id: child.id,
      name: 'Kitchens 2026',
      parent_id: parent.id,
    });
    const cycle = await api(`/media/folders/${parent.id}`, {
      method: 'PATCH',
      body: { parent_id: grandchild.id },
    });
    expect(cycle.status).toBe(409);
    expect((await jsonOf(cycle)).error.message).toBe(
      'A folder cannot be moved into itself or one of its subfolders',
    );
    const toRoot = await api(`/media/folders/${grandchild.id}`, {
      method: 'PATCH',
      body: { parent_id: null },
    });
    expect((await jsonOf(toRoot)).parent_id).toBeNull();

    const tree = await jsonOf(await api('/media/folders'));
    const houseNode = tree.items.find((f: any) => f.id === parent.id);
    expect(houseNode.children.map((f: any) => f.name)).toEqual(['Kitchens 2026']);

    expect((await api(`/media/folders/${parent.id}`, { method: 'DELETE' })).status).toBe(409);
    const item = await uploadImage('in-folder.png', { folder_id: grandchild.id });
    const notEmpty = await api(`/media/folders/${grandchild.id}`, { method: 'DELETE' });
    expect(notEmpty.status).toBe(409);
    expect((await jsonOf(notEmpty)).error.message).toBe('Only an empty folder can be deleted');
    await api('/media/delete', { method: 'POST', body: { ids: [item.id] } });
    expect((await api(`/media/folders/${grandchild.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/media/folders/${child.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/media/folders/${parent.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/media/folders/${parent.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('ensures a dropped folder path, creating only what is missing', async () => {
    const first = await jsonOf(
      await api('/media/folders/ensure', {
        method: 'POST',
        body: { parent_id: null, path: ['Site photos', '2026', 'March'] },
      }),
    );
    expect(first.name).toBe('March');
    const again = await jsonOf(
      await api('/media/folders/ensure', {
        method: 'POST',
        body: { parent_id: null, path: ['Site photos', '2026', 'March'] },
      }),
    );
    expect(again.id).toBe(first.id);
    const count = (await server.db.get(
      "SELECT count(*) AS n FROM media_folders WHERE name IN ('Site photos', '2026', 'March')",
    )) as { n: number };
    expect(count.n).toBe(3);
    expect((await api('/media/folders/ensure', { method: 'POST', body: { path: [] } })).status).toBe(400);
    expect((await api('/media/folders/ensure', { method: 'POST', body: { path: ['a/b'] } })).status).toBe(
      400,
    );
  });
});

it('seeds the sample project photographs into Project Images, with their names and alt texts', async () => {
  const seeded = await startTestServer({ env: { PASSWORD_HASH: 'fast' } });
  try {
    const token = (await signedInUser(seeded, { role: 'admin' })).tokens.access_token;
    const res = await fetch(`${seeded.url}/api/admin/media?folder_id=project-images`, {
      headers: bearer(token),
    });
    const page = (await res.json()) as any;
    expect(page.total).toBeGreaterThan(15);
    expect(page.items).toHaveLength(15);
    expect(page.items[0]).toMatchObject({
      bucket: 'projects',
      folder_id: 'project-images',
      mime_type: 'image/jpeg',
    });
    expect(page.items[0].filename).toMatch(/\.jpg$/);
    expect(page.items[0].alt_text).not.toBe('');
    // Each is used by its project, so the library would refuse to delete it.
    expect(page.items.every((i: any) => i.used_by.some((u: any) => u.entity_type === 'projects'))).toBe(true);
  } finally {
    await seeded.stop();
  }
});

it('lists every media route in the OpenAPI document', async () => {
  const doc = await jsonOf(await fetch(`${server.url}/api/openapi.json`));
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      '/api/admin/media',
      '/api/admin/media/{id}',
      '/api/admin/media/move',
      '/api/admin/media/delete',
      '/api/admin/media/folders',
      '/api/admin/media/folders/{id}',
      '/api/admin/media/folders/ensure',
    ]),
  );
});

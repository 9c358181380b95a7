import { MESSAGES, REVIEW_MESSAGES } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, countRows, startAdminServer } from '../support/admin';
import type { TestServer } from '../support/server';
import { isStored } from '../support/stored';

let server: TestServer;
let editor: AdminClient;
let contributor: AdminClient;
let other: AdminClient;
beforeAll(async () => {
  ({ server } = await startAdminServer());
  editor = await adminClient(server, 'editor');
  contributor = await adminClient(server, 'contributor');
  other = await adminClient(server, 'contributor');
});
afterAll(() => server.stop());

const project = (title: string, status: 'draft' | 'published' = 'draft') => ({
  title,
  description: 'A house of local brick by the lake.',
  category: 'residential',
  status,
  images: ['/media/projects/house.jpg'],
  image_alts: { '/media/projects/house.jpg': 'The house from the lake' },
  thumbnail: '/media/projects/house.jpg',
});
const created = async (client: AdminClient, path: string, body: object) => {
  const res = await client.post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};
const status = async (table: string, id: string) =>
  (await server.db.get(`SELECT * FROM ${table} WHERE id = ?`, id)) as Record<string, unknown> | undefined;

describe('bulk actions on the admin lists', () => {
  it('publishes, unpublishes and features projects, each as its single operation would', async () => {
    const a = await created(editor, '/api/admin/projects', project('Bulk A'));
    const b = await created(editor, '/api/admin/projects', project('Bulk B'));
    const published = await editor.post('/api/admin/projects/bulk', {
      action: 'publish',
      ids: [a, b, 'nope'],
    });
    expect(published.status).toBe(200);
    expect(published.body).toEqual({
      done: [a, b],
      failed: [{ id: 'nope', message: MESSAGES.projectNotFound }],
    });
    expect((await status('projects', a))?.status).toBe('published');
    expect((await status('projects', a))?.title).toBe('Bulk A');

    const featured = await editor.post('/api/admin/projects/bulk', { action: 'feature', ids: [a, b] });
    expect(featured.body.done).toEqual([a, b]);
    expect((await status('projects', b))?.featured).toBe(1);
    // Featuring is publishing: a contributor is refused the whole request, as on the single route.
    const refused = await contributor.post('/api/admin/projects/bulk', { action: 'unfeature', ids: [a] });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(REVIEW_MESSAGES.cantFeature);
    expect((await status('projects', a))?.featured).toBe(1);

    expect(
      (await editor.post('/api/admin/projects/bulk', { action: 'unpublish', ids: [b] })).body.done,
    ).toEqual([b]);
    expect((await status('projects', b))?.status).toBe('draft');
    const audit = (await server.db.all(
      'SELECT action FROM audit_log WHERE entity_id = ? ORDER BY rowid',
      a,
    )) as { action: string }[];
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'feature']);
  });

  it("reports per item: a contributor deletes their own drafts, never someone else's, and may not publish", async () => {
    const mine = await created(contributor, '/api/admin/projects', project('Mine'));
    const theirs = await created(other, '/api/admin/projects', project('Theirs'));
    const live = await created(editor, '/api/admin/projects', project('Live', 'published'));

    const publish = await contributor.post('/api/admin/projects/bulk', { action: 'publish', ids: [mine] });
    expect(publish.body).toEqual({ done: [], failed: [{ id: mine, message: REVIEW_MESSAGES.cantPublish }] });
    expect((await status('projects', mine))?.status).toBe('draft');

    const removed = await contributor.post('/api/admin/projects/bulk', {
      action: 'delete',
      ids: [mine, theirs, live],
    });
    expect(removed.status).toBe(200);
    expect(removed.body.done).toEqual([mine]);
    expect(removed.body.failed).toEqual([
      { id: theirs, message: REVIEW_MESSAGES.notYours },
      { id: live, message: REVIEW_MESSAGES.notYours },
    ]);
    expect(await status('projects', mine)).toBeUndefined();
    expect(await status('projects', theirs)).toBeDefined();
    expect(await status('projects', live)).toBeDefined();
  });

  it('publishes posts, makes services active and videos inactive, deletes team members and inquiries; refuses what a list does not offer', async () => {
    const post = await created(editor, '/api/admin/blog-posts', {
      title: 'Bulk post',
      content: 'Notes from the site.',
      status: 'draft',
    });
    expect(
      (await editor.post('/api/admin/blog-posts/bulk', { action: 'publish', ids: [post] })).body.done,
    ).toEqual([post]);
    expect(await status('blog_posts', post)).toMatchObject({ status: 'published' });
    expect((await status('blog_posts', post))?.publish_date).toBeTruthy();

    const service = await created(editor, '/api/admin/services', {
      name: 'Bulk service',
      description: 'Drawings and plans.',
      is_active: false,
    });
    expect(
      (await editor.post('/api/admin/services/bulk', { action: 'publish', ids: [service] })).body.done,
    ).toEqual([service]);
    expect((await status('services', service))?.is_active).toBe(1);

    const video = await created(editor, '/api/admin/videos', {
      title: 'Bulk walk',
      url: 'https://youtu.be/dQw4w9WgXcQ',
      description: null,
      project_type: 'project',
      is_active: true,
    });
    const deactivated = await editor.post('/api/admin/videos/bulk', { action: 'unpublish', ids: [video] });
    expect(deactivated.body.done).toEqual([video]);
    expect((await status('youtube_videos', video))?.is_active).toBe(0);
    expect((await status('youtube_videos', video))?.url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');

    const member = await created(editor, '/api/admin/team-members', {
      name: 'Bulk Member',
      role: 'Architect',
      image: '/media/projects/house.jpg',
    });
    const notAllowed = await contributor.post('/api/admin/team-members/bulk', {
      action: 'delete',
      ids: [member],
    });
    expect(notAllowed.status).toBe(403);
    expect(
      (await editor.post('/api/admin/team-members/bulk', { action: 'delete', ids: [member] })).body.done,
    ).toEqual([member]);

    await server.db.run(`INSERT INTO inquiries (id, client_name, email, phone, subject, project_type, budget, message)
         VALUES ('bulk-inquiry', 'Bulk Client', 'b@example.mw', '+265 999 000 111', 'Hi', 'residential', NULL, 'Hello')`);
    const wrong = await editor.post('/api/admin/inquiries/bulk', {
      action: 'publish',
      ids: ['bulk-inquiry'],
    });
    expect(wrong.status).toBe(400);
    expect(
      (await editor.post('/api/admin/inquiries/bulk', { action: 'delete', ids: ['bulk-inquiry'] })).body,
    ).toEqual({
      done: ['bulk-inquiry'],
      failed: [],
    });
    expect(await countRows(server, 'inquiries', "id = 'bulk-inquiry'")).toBe(0);

    const empty = await editor.post('/api/admin/projects/bulk', { action: 'delete', ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.issues[0].message).toBe('Select at least one item');
  });
});

/** A file in the media store's projects bucket, with its media row, as an upload leaves it. */
async function storedPhoto(name: string) {
  const stored = await server.running.deps.storage.put('projects', name, Buffer.from(`photo ${name}`));
  await server.db.run(
    `INSERT INTO media_files (id, bucket, path, content_hash, mime_type, size_bytes) VALUES (?, 'projects', ?, ?, 'image/png', 10)`,
    crypto.randomUUID(),
    stored.path,
    stored.hash,
  );
  return { url: stored.url };
}

describe("a project's delete and its photographs", () => {
  it('counts the photographs only it shows, and deletes them with it or keeps them as asked', async () => {
    const [own, shared, other] = await Promise.all(['own.png', 'shared.png', 'other.png'].map(storedPhoto));
    const withPhotos = (title: string, urls: string[]) => ({
      ...project(title),
      images: urls,
      thumbnail: urls[0],
    });
    const first = await created(
      editor,
      '/api/admin/projects',
      withPhotos('Photos One', [own!.url, shared!.url]),
    );
    await created(editor, '/api/admin/projects', withPhotos('Photos Two', [shared!.url]));
    const kept = await created(editor, '/api/admin/projects', withPhotos('Photos Kept', [other!.url]));

    expect((await editor.get(`/api/admin/projects/${first}/photos`)).body).toEqual({ only_here: 1 });
    expect((await editor.get('/api/admin/projects/nope/photos')).status).toBe(404);
    expect((await editor.del(`/api/admin/projects/${first}?photos=maybe`)).status).toBe(400);

    expect((await editor.del(`/api/admin/projects/${first}`)).status).toBe(204);
    // In the Trash, the project keeps its photographs; deleted forever, it releases those only it showed.
    expect(await isStored(server, own!.url)).toBe(true);
    expect((await editor.del(`/api/admin/trash/${first}`)).status).toBe(204);
    expect(await isStored(server, own!.url)).toBe(false);
    expect(await countRows(server, 'media_files', 'path = ?', 'projects/own.png')).toBe(0);
    expect(await isStored(server, shared!.url)).toBe(true);

    expect((await editor.del(`/api/admin/projects/${kept}?photos=keep`)).status).toBe(204);
    expect((await editor.del(`/api/admin/trash/${kept}`)).status).toBe(204);
    expect(await isStored(server, other!.url)).toBe(true);
    expect(await countRows(server, 'media_files', 'path = ?', 'projects/other.png')).toBe(1);
  });
});

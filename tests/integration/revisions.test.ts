import { DEFAULT_SETTINGS, REVIEW_MESSAGES } from '@atelier/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, countRows } from '../support/admin';
import { startTestServer, type TestServer } from '../support/server';
import { isoAt } from '../support/test-db';
import { tusUpload } from '../support/tus';

let server: TestServer;
let admin: AdminClient;
let editor: AdminClient;
let contributor: AdminClient;
let other: AdminClient;

beforeAll(async () => {
  server = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast', BENCH: 'true' } });
  admin = await adminClient(server, 'admin');
  editor = await adminClient(server, 'editor');
  contributor = await adminClient(server, 'contributor');
  other = await adminClient(server, 'contributor');
  await server.db.run(
    'UPDATE profiles SET first_name = ?, last_name = ? WHERE id = ?',
    'Thoko',
    'Phiri',
    editor.user.id,
  );
});
afterAll(() => server.stop());

const project = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: 'A house of local brick by the lake.',
  category: 'residential',
  status: 'draft',
  images: [],
  thumbnail: null,
  ...extra,
});
const post = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  content: 'Notes from the site, written by the studio.',
  status: 'draft',
  ...extra,
});
const service = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: 'Drawings and plans.',
  is_active: false,
  ...extra,
});
const video = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  url: 'https://youtu.be/dQw4w9WgXcQ',
  is_active: false,
  ...extra,
});
const member = (name: string, role: string) => ({
  name,
  role,
  image: '/media/team_members/portrait.jpg',
  quote: null,
  facebook_url: null,
  instagram_url: null,
  linkedin_url: null,
});
const {
  founded_year: _y,
  opening_hours: _h,
  price_range: _p,
  theme_color: _t,
  ...settingsForm
} = DEFAULT_SETTINGS;

const history = async (client: Pick<AdminClient, 'get'>, path: string) => {
  const answer = await client.get(`/api/admin/${path}/revisions`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as {
    items: { id: number; mark: string; changed_fields: string[]; actor: any }[];
    total: number;
  };
};
const revisionCount = () => countRows(server, 'revisions');

let seed = 0;
async function upload(client: AdminClient) {
  seed++;
  const bytes = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: seed * 40, g: 90, b: 99 } },
  })
    .png()
    .toBuffer();
  const { status, body } = await tusUpload(server.url, client.token, bytes, {
    filename: `photo-${seed}.png`,
    bucket: 'projects',
  });
  expect(status).toBe(200);
  return body.item.url as string;
}

describe('every save keeps a revision', () => {
  type Fields = Record<string, unknown>;
  const publishing: [string, (title: string, extra?: Fields) => object, Fields, Fields][] = [
    ['projects', project, { status: 'published' }, { status: 'draft' }],
    ['blog-posts', post, { status: 'published' }, { status: 'draft' }],
    ['services', service, { is_active: true }, { is_active: false }],
    ['videos', video, { is_active: true }, { is_active: false }],
  ];
  it.each(publishing)(
    '%s: created, updated, published, unpublished, newest first with who and what changed',
    async (path, body, on, off) => {
      const created = await editor.post(`/api/admin/${path}`, body('First title'));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id;
      expect((await editor.put(`/api/admin/${path}/${id}`, body('Second title'))).status).toBe(200);
      expect((await editor.put(`/api/admin/${path}/${id}`, body('Second title', on))).status).toBe(200);
      expect((await editor.put(`/api/admin/${path}/${id}`, body('Second title', off))).status).toBe(200);

      const { items, total } = await history(editor, `${path}/${id}`);
      expect(total).toBe(4);
      expect(items.map((r) => r.mark)).toEqual(['unpublished', 'published', 'updated', 'created']);
      expect(items[2]?.changed_fields).toContain(path === 'services' ? 'name' : 'title');
      expect(items[0]?.actor).toEqual({ id: editor.user.id, name: 'Thoko Phiri' });

      const oldest = await editor.get(`/api/admin/${path}/${id}/revisions/${items[3]?.id}`);
      expect(oldest.status).toBe(200);
      expect(oldest.body.data).toMatchObject({ id, [path === 'services' ? 'name' : 'title']: 'First title' });
    },
  );

  it('team members: created and updated', async () => {
    const created = await editor.post('/api/admin/team-members', member('Chikondi Phiri', 'Architect'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await editor.put(
      `/api/admin/team-members/${created.body.id}`,
      member('Chikondi Phiri', 'Lead Architect'),
    );
    const { items } = await history(editor, `team-members/${created.body.id}`);
    expect(items.map((r) => [r.mark, r.changed_fields])).toEqual([
      ['updated', ['role']],
      ['created', expect.arrayContaining(['name', 'role'])],
    ]);
  });

  it('settings: each save', async () => {
    expect(
      (await admin.put('/api/admin/settings', { ...settingsForm, site_name: 'Studio One' })).status,
    ).toBe(200);
    expect(
      (await admin.put('/api/admin/settings', { ...settingsForm, site_name: 'Studio Two' })).status,
    ).toBe(200);
    const { items } = await history(admin, 'settings');
    expect(items[0]).toMatchObject({ mark: 'updated', changed_fields: ['site_name'] });
    const first = await admin.get(`/api/admin/settings/revisions/${items[1]?.id}`);
    expect(first.body.data.site_name).toBe('Studio One');
  });

  it('the feature toggle, bulk publish and the review step are marked too', async () => {
    const { body } = await editor.post('/api/admin/projects', project('Marked'));
    await editor.patch(`/api/admin/projects/${body.id}/featured`, { featured: true });
    const bulk = await editor.post('/api/admin/projects/bulk', { action: 'publish', ids: [body.id] });
    expect(bulk.body.done).toEqual([body.id]);
    const draft = await contributor.post('/api/admin/projects', project('Under review'));
    await contributor.post(`/api/admin/projects/${draft.body.id}/submit`, {});
    expect((await history(editor, `projects/${body.id}`)).items.map((r) => r.mark)).toEqual([
      'published',
      'featured',
      'created',
    ]);
    expect((await history(contributor, `projects/${draft.body.id}`)).items.map((r) => r.mark)).toEqual([
      'submitted',
      'created',
    ]);
  });

  it('"Remove sample content" keeps a settings revision of the social links it clears', async () => {
    const sample = await startTestServer({ env: { PASSWORD_HASH: 'fast', BENCH: 'true' }, ownFiles: true });
    try {
      const owner = await adminClient(sample, 'admin');
      expect((await owner.del('/api/admin/sample-content')).status).toBe(200);
      const { items } = await history(owner, 'settings');
      expect(items[0]).toMatchObject({ mark: 'updated', actor: { id: owner.user.id } });
      expect(items[0]?.changed_fields).toEqual(expect.arrayContaining(['facebook_url', 'instagram_url']));
    } finally {
      await sample.stop();
    }
  });

  it('stores the row compressed', async () => {
    const long = Array.from({ length: 1500 }, (_, i) => `word${i % 200}`).join(' ');
    const { body } = await editor.post('/api/admin/blog-posts', post('Long post', { content: long }));
    const row = (await server.db.get(
      'SELECT length(data) AS size FROM revisions WHERE entity_id = ?',
      body.id,
    )) as { size: number };
    expect(row.size).toBeLessThan(JSON.stringify(body).length / 3);
  });
});

describe('a revision and its write are one', () => {
  it('a refused write (rights, stale If-Match, validation) keeps no revision', async () => {
    const mine = await contributor.post('/api/admin/projects', project('Mine'));
    const before = await revisionCount();
    expect((await other.put(`/api/admin/projects/${mine.body.id}`, project('Taken'))).status).toBe(403);
    const stale = await editor.call('PUT', `/api/admin/projects/${mine.body.id}`, project('Stale'), {
      'if-match': '"2000-01-01T00:00:00.000Z"',
    });
    expect(stale.status).toBe(409);
    expect((await editor.put(`/api/admin/projects/${mine.body.id}`, project(''))).status).toBe(400);
    expect(await revisionCount()).toBe(before);
  });
});

describe('restore', () => {
  it('saves an old version again as a new revision, with the If-Match rule of the PUT', async () => {
    const { body } = await editor.post('/api/admin/projects', project('Lakeshore House'));
    const second = await editor.put(`/api/admin/projects/${body.id}`, project('Lakeshore House II'));
    const [, first] = (await history(editor, `projects/${body.id}`)).items;
    const path = `/api/admin/projects/${body.id}/revisions/${first?.id}/restore`;

    const stale = await editor.call('POST', path, undefined, { 'if-match': `"${body.updated_at}"` });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');

    const restored = await editor.call('POST', path, undefined, {
      'if-match': `"${second.body.updated_at}"`,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({ item: { title: 'Lakeshore House' }, missing_images: [] });
    expect((await editor.get(`/api/admin/projects/${body.id}`)).body.title).toBe('Lakeshore House');
    expect((await history(editor, `projects/${body.id}`)).items.map((r) => r.mark)).toEqual([
      'restored',
      'updated',
      'created',
    ]);
  });

  it("goes through the entity's own checks: a version naming a deleted category is refused, nothing written", async () => {
    await editor.post('/api/admin/project-categories', { name: 'Pavilions' });
    const { body } = await editor.post('/api/admin/projects', project('Pavilion', { category: 'pavilions' }));
    await editor.put(`/api/admin/projects/${body.id}`, project('Pavilion'));
    const categories = (await editor.get('/api/admin/project-categories')).body.items;
    const pavilions = categories.find((c: { slug: string }) => c.slug === 'pavilions');
    expect((await editor.call('DELETE', `/api/admin/project-categories/${pavilions.id}`)).status).toBe(204);
    const [, first] = (await history(editor, `projects/${body.id}`)).items;
    const before = await revisionCount();
    const refused = await editor.post(`/api/admin/projects/${body.id}/revisions/${first?.id}/restore`, {});
    expect(refused.status).toBe(400);
    expect(await revisionCount()).toBe(before);
    expect((await editor.get(`/api/admin/projects/${body.id}`)).body.category).toBe('residential');
  });

  it('lists the images gone from the media library and leaves them out', async () => {
    const [kept, dropped] = [await upload(editor), await upload(editor)];
    const { body } = await editor.post(
      '/api/admin/projects',
      project('Gallery', {
        images: [kept, dropped],
        thumbnail: dropped,
        image_alts: { [dropped]: 'Veranda' },
      }),
    );
    // The gallery loses one photograph, which nothing else shows: the library releases it.
    await editor.put(
      `/api/admin/projects/${body.id}`,
      project('Gallery', { images: [kept], thumbnail: kept }),
    );
    expect(await countRows(server, 'media_files', 'path = ?', dropped.replace('/media/', ''))).toBe(0);

    const [, first] = (await history(editor, `projects/${body.id}`)).items;
    const restored = await editor.post(`/api/admin/projects/${body.id}/revisions/${first?.id}/restore`, {});
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.missing_images).toEqual([dropped]);
    expect(restored.body.item).toMatchObject({ images: [kept], thumbnail: null, image_alts: {} });
  });

  it('restores the settings, which open pages then show', async () => {
    await admin.put('/api/admin/settings', { ...settingsForm, site_name: 'Before' });
    await admin.put('/api/admin/settings', { ...settingsForm, site_name: 'After' });
    const [, before] = (await history(admin, 'settings')).items;
    const restored = await admin.post(`/api/admin/settings/revisions/${before?.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect((await server.get('/api/settings').then((r) => r.json())).site_name).toBe('Before');
  });

  it('answers 404 for a revision of another item', async () => {
    const a = await editor.post('/api/admin/services', service('A'));
    const b = await editor.post('/api/admin/services', service('B'));
    const [revisionOfA] = (await history(editor, `services/${a.body.id}`)).items;
    expect((await editor.get(`/api/admin/services/${b.body.id}/revisions/${revisionOfA?.id}`)).status).toBe(
      404,
    );
    expect(
      (await editor.post(`/api/admin/services/${b.body.id}/revisions/${revisionOfA?.id}/restore`, {})).status,
    ).toBe(404);
  });
});

describe('who may see and restore', () => {
  it("a contributor: their own items' history, never another's (403)", async () => {
    const mine = await contributor.post('/api/admin/blog-posts', post('My draft'));
    await contributor.put(`/api/admin/blog-posts/${mine.body.id}`, post('My draft, again'));
    expect((await history(contributor, `blog-posts/${mine.body.id}`)).total).toBe(2);

    const list = await other.get(`/api/admin/blog-posts/${mine.body.id}/revisions`);
    expect(list.status).toBe(404); // another contributor's draft is not even visible to them
    const published = await editor.post('/api/admin/blog-posts', post('Editorial', { status: 'published' }));
    const seen = await other.get(`/api/admin/blog-posts/${published.body.id}/revisions`);
    expect(seen.status).toBe(403);
    expect(seen.body.error.message).toBe(REVIEW_MESSAGES.notYours);
    const [revision] = (await history(editor, `blog-posts/${published.body.id}`)).items;
    const before = await revisionCount();
    expect(
      (await other.post(`/api/admin/blog-posts/${published.body.id}/revisions/${revision?.id}/restore`, {}))
        .status,
    ).toBe(403);
    expect(await revisionCount()).toBe(before);
  });

  it("team members' and the settings' history follow who may edit them", async () => {
    const tadala = await editor.post('/api/admin/team-members', member('Tadala Banda', 'Intern'));
    expect((await editor.get(`/api/admin/team-members/${tadala.body.id}/revisions`)).status).toBe(200);
    expect((await contributor.get(`/api/admin/team-members/${tadala.body.id}/revisions`)).status).toBe(403);
    expect((await editor.get('/api/admin/settings/revisions')).status).toBe(403);
    expect((await admin.get('/api/admin/settings/revisions')).status).toBe(200);
  });
});

describe('retention', () => {
  it('keeps the last N of each item, from the next save on', async () => {
    expect((await editor.put('/api/admin/revisions/retention', { keep: 'last', count: 2 })).status).toBe(403);
    const set = await admin.put('/api/admin/revisions/retention', { keep: 'last', count: 2 });
    expect(set.body).toEqual({ keep: 'last', count: 2 });
    const { body } = await editor.post('/api/admin/videos', video('Take 1'));
    for (const take of ['Take 2', 'Take 3', 'Take 4'])
      await editor.put(`/api/admin/videos/${body.id}`, video(take));
    const { items, total } = await history(editor, `videos/${body.id}`);
    expect(total).toBe(2);
    const newest = await editor.get(`/api/admin/videos/${body.id}/revisions/${items[0]?.id}`);
    expect(newest.body.data.title).toBe('Take 4');
    const bad = await admin.put('/api/admin/revisions/retention', { keep: 'last', count: 0 });
    expect(bad.status).toBe(400);
    expect((await admin.get('/api/admin/revisions/retention')).body).toEqual({ keep: 'last', count: 2 });
  });

  it('keeps the last N days: older revisions go at the next save', async () => {
    await admin.put('/api/admin/revisions/retention', { keep: 'days', count: 30 });
    const { body } = await editor.post('/api/admin/services', service('Old service'));
    await editor.put(`/api/admin/services/${body.id}`, service('Old service, edited'));
    // The clock moves 31 days on: the two revisions are now older than the rule keeps.
    await server.db.run(
      'UPDATE revisions SET created_at = ? WHERE entity_id = ?',
      isoAt(-2_678_400_000),
      body.id,
    );
    const young = await editor.post('/api/admin/services', service('Young service'));
    expect((await history(editor, `services/${body.id}`)).total).toBe(0);
    expect((await history(editor, `services/${young.body.id}`)).total).toBe(1);
    await admin.put('/api/admin/revisions/retention', { keep: 'all', count: 50 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, startStaffServer } from '../support/admin';
import type { TestServer } from '../support/server';
import { uploadSolidPng } from '../support/tus';

let server: TestServer;
let editor: AdminClient;
let contributor: AdminClient;

beforeAll(async () => {
  ({ server, editor, contributor } = await startStaffServer());
});
afterAll(() => server.stop());

const upload = (client: AdminClient, filename: string) => uploadSolidPng(server.url, client.token, filename);
const missing = async () =>
  ((await editor.get('/api/admin/media?all=1&alt=missing')).body.items as any[]).map((item) => item.filename);

describe('describing images', () => {
  it('lists the images without alt text and not decorative, in every folder; described or marked, they leave it', async () => {
    const folder = await editor.post('/api/admin/media/folders', { name: 'Site visit' });
    const veranda = await upload(editor, 'veranda.png');
    const kiln = await upload(editor, 'kiln.png');
    const texture = await upload(editor, 'texture.png');
    await editor.post('/api/admin/media/move', { ids: [kiln.id], folder_id: folder.body.id });
    expect(veranda).toMatchObject({ alt_text: '', decorative: false });
    expect(await missing()).toEqual(['texture.png', 'kiln.png', 'veranda.png']);

    expect(
      (await editor.patch(`/api/admin/media/${veranda.id}`, { alt_text: 'A deep veranda' })).status,
    ).toBe(200);
    const marked = await editor.patch(`/api/admin/media/${texture.id}`, { decorative: true });
    expect(marked.body).toMatchObject({ decorative: true, alt_text: '' });
    expect(await missing()).toEqual(['kiln.png']);
    // Every image still shows without the filter, described or not.
    const all = (await editor.get('/api/admin/media?all=1')).body.items.map((item: any) => item.filename);
    expect(all).toEqual(expect.arrayContaining(['veranda.png', 'kiln.png', 'texture.png']));
  });

  it('refuses a bad flag or filter (400), and a contributor describing someone else’s file (403), changing nothing', async () => {
    const image = await upload(editor, 'roof.png');
    const bad = await editor.patch(`/api/admin/media/${image.id}`, { decorative: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues[0].message).toBe('decorative must be true or false');
    expect((await editor.get('/api/admin/media?alt=some')).status).toBe(400);
    const theirs = await contributor.patch(`/api/admin/media/${image.id}`, { alt_text: 'A roof' });
    expect(theirs.status).toBe(403);
    expect((await editor.get(`/api/admin/media/${image.id}`)).body).toMatchObject({
      alt_text: '',
      decorative: false,
    });
  });
});

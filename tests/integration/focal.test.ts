import { createHash } from 'node:crypto';
import { FOCAL_MESSAGES } from '@atelier/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, startAdminServer } from '../support/admin';
import type { TestServer } from '../support/server';
import { storedBytes, storedNames } from '../support/stored';
import { tusUpload } from '../support/tus';

let server: TestServer;
let admin: AdminClient;
let contributor: AdminClient;
beforeAll(async () => {
  ({ server, admin } = await startAdminServer());
  contributor = await adminClient(server, 'contributor');
});
afterAll(() => server.stop());

const RED = { r: 220, g: 20, b: 30 };
let seed = 0;
/** A tall grey photograph with a red block in its top-left corner (a distinct shade each call). */
async function uploadPhoto(client: AdminClient = admin, width = 400, height = 600) {
  seed++;
  const block = await sharp({ create: { width: 80, height: 80, channels: 3, background: RED } })
    .png()
    .toBuffer();
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 120, g: 120 + seed, b: 120 } },
  })
    .composite([{ input: block, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .toBuffer();
  const { status, body } = await tusUpload(server.url, client.token, bytes, { filename: `site-${seed}.jpg` });
  expect(status).toBe(200);
  return body.item;
}
const sha = async (url: string) =>
  createHash('sha256')
    .update((await storedBytes(server, url))!)
    .digest('hex');

/** The colour of the pixel at (x, y) of an image. */
async function pixel(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}
const isRed = (c: { r: number; g: number; b: number }) => c.r > 180 && c.g < 80 && c.b < 80;

describe('the focal point of a media item', () => {
  it('is the centre until set, is set and read through the API, and is audited', async () => {
    const item = await uploadPhoto();
    expect(item.focus).toEqual({ x: 0.5, y: 0.5 });
    expect(item.source_id).toBeNull();
    const set = await admin.patch(`/api/admin/media/${item.id}`, { focus: { x: 0.1, y: 0.05 } });
    expect(set.status).toBe(200);
    expect(set.body.focus).toEqual({ x: 0.1, y: 0.05 });
    expect((await admin.get(`/api/admin/media/${item.id}`)).body.focus).toEqual({ x: 0.1, y: 0.05 });
    const audit = (await server.db.get(
      "SELECT details FROM audit_log WHERE entity_id = ? AND action = 'update'",
      item.id,
    )) as { details: string };
    expect(JSON.parse(audit.details).changed_fields).toEqual(expect.arrayContaining(['focus_x', 'focus_y']));
  });

  it('refuses a point outside the image (400 with the message) and changes nothing', async () => {
    const item = await uploadPhoto();
    for (const focus of [{ x: 1.5, y: 0.5 }, { x: 0.5, y: -0.1 }, { x: 0.5 }, { x: '0.5', y: 0.5 }]) {
      const res = await admin.patch(`/api/admin/media/${item.id}`, { focus, alt_text: 'A red corner' });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.error)).toContain(
        focus.x === 1.5 || focus.y === -0.1 ? FOCAL_MESSAGES.outOfRange : 'focus',
      );
    }
    const after = (await admin.get(`/api/admin/media/${item.id}`)).body;
    expect(after).toMatchObject({ focus: { x: 0.5, y: 0.5 }, alt_text: '' });
  });

  it("lets a contributor set the point of their own upload only (403 on another's)", async () => {
    const theirs = await uploadPhoto(contributor);
    const others = await uploadPhoto(admin);
    expect((await contributor.patch(`/api/admin/media/${theirs.id}`, { focus: { x: 0, y: 1 } })).status).toBe(
      200,
    );
    const refused = await contributor.patch(`/api/admin/media/${others.id}`, { focus: { x: 0, y: 1 } });
    expect(refused.status).toBe(403);
    expect((await admin.get(`/api/admin/media/${others.id}`)).body.focus).toEqual({ x: 0.5, y: 0.5 });
    const anonymous = await fetch(`${server.url}/api/admin/media/${others.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ focus: { x: 0, y: 0 } }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('a per-use focal point', () => {
  it("frames a project's photograph by the project's own point, other pages by the library's", async () => {
    const shared = await uploadPhoto();
    const plain = await uploadPhoto();
    await admin.patch(`/api/admin/media/${shared.id}`, { focus: { x: 0.2, y: 0.8 } });
    await admin.patch(`/api/admin/media/${plain.id}`, { focus: { x: 0.3, y: 0.1 } });
    const created = await admin.post('/api/admin/projects', {
      title: 'Focal House',
      description: 'A house framed by its corner.',
      category: 'residential',
      status: 'published',
      images: [shared.url, plain.url],
      image_alts: { [shared.url]: 'The red corner', [plain.url]: 'The red corner again' },
      thumbnail: shared.url,
      // A point for an image the project does not show is dropped.
      image_focus: { [shared.url]: { x: 0.9, y: 0.1 }, '/media/projects/gone.jpg': { x: 0, y: 0 } },
    });
    expect(created.status).toBe(201);
    expect(created.body.image_focus).toEqual({ [shared.url]: { x: 0.9, y: 0.1 } });
    const invalid = await admin.put(`/api/admin/projects/${created.body.id}`, {
      ...created.body,
      image_focus: { [shared.url]: { x: 2, y: 0 } },
    });
    expect(invalid.status).toBe(400);

    const html = await (await fetch(`${server.url}/projects/${created.body.slug}`)).text();
    // Every frame of the photograph keeps the project's point in view; the other image keeps the library's.
    const frames = (url: string) => html.match(new RegExp(`<img[^>]*src="${url}\\?w=[^>]*>`, 'g')) ?? [];
    expect(frames(shared.url).length).toBeGreaterThan(0);
    for (const img of frames(shared.url)) expect(img).toContain('style="object-position:90% 10%"');
    expect(frames(plain.url).length).toBeGreaterThan(0);
    for (const img of frames(plain.url)) expect(img).toContain('style="object-position:30% 10%"');
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="http[^"]*${shared.url}\\?og=900-100">`),
    );
    // The Open Graph image of the project's point is served; a point nobody set is not.
    expect((await fetch(`${server.url}${shared.url}?og=900-100`)).status).toBe(200);
    expect((await fetch(`${server.url}${shared.url}?og=200-800`)).status).toBe(200);
    expect((await fetch(`${server.url}${shared.url}?og=400-400`)).status).toBe(404);
  });
});

describe('the home hero', () => {
  it('offers a phone a 9:16 cut around the focal point (else the middle); a moved point is another address', async () => {
    // 900 × 600 with a red block in its top-left corner: the middle 9:16 (338 × 600, from x 281) leaves it out.
    const photo = await uploadPhoto(admin, 900, 600);
    const created = await admin.post('/api/admin/projects', {
      title: 'Hero House',
      description: 'The studio’s leading photograph.',
      category: 'residential',
      status: 'published',
      featured: true,
      images: [photo.url],
      image_alts: { [photo.url]: 'The leading photograph' },
      thumbnail: photo.url,
    });
    expect(created.status).toBe(201);
    const home = async () => (await fetch(`${server.url}/`)).text();
    const cut = async (query: string) => {
      const res = await fetch(`${server.url}${photo.url}?w=480&c=portrait${query}&f=jpeg`);
      expect(res.status, query).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      const { width = 0, height = 0 } = await sharp(bytes).metadata();
      // 9:16 at the photograph's full height (a pixel either way as the cut's edges round).
      expect(Math.abs(width - 338), query).toBeLessThanOrEqual(1);
      expect(Math.abs(height - 600), query).toBeLessThanOrEqual(1);
      return { cornerRed: isRed(await pixel(bytes, 10, 10)) };
    };
    expect(await home()).toContain(`${photo.url}?w=480&amp;c=portrait 480w`);
    expect(await cut('')).toEqual({ cornerRed: false });

    // A point near the left edge: the cut starts at the left edge, so its pixels are the photograph's left.
    await admin.patch(`/api/admin/media/${photo.id}`, { focus: { x: 0.1, y: 0.1 } });
    const html = await home();
    expect(html).toContain(`${photo.url}?w=480&amp;c=portrait&amp;focus=100-100 480w`);
    expect(html).not.toContain(`c=portrait 480w`);
    expect(html).toMatch(new RegExp(`<img[^>]*style="object-position:10% 10%"[^>]*src="${photo.url}\\?w=`));
    expect(await cut('&focus=100-100')).toEqual({ cornerRed: true });

    // Moved to the right: a new address, cut from the right; the old point's address is no longer served.
    await admin.patch(`/api/admin/media/${photo.id}`, { focus: { x: 0.9, y: 0.5 } });
    expect(await home()).toContain(`${photo.url}?w=480&amp;c=portrait&amp;focus=900-500 480w`);
    expect(await cut('&focus=900-500')).toEqual({ cornerRed: false });
    const old = await fetch(`${server.url}${photo.url}?w=480&c=portrait&focus=100-100&f=jpeg`);
    expect(old.status).toBe(404);
    // A point nobody set, or a point without the cut, is not made.
    expect((await fetch(`${server.url}${photo.url}?w=480&c=portrait&focus=300-300`)).status).toBe(404);
    expect((await fetch(`${server.url}${photo.url}?w=480&focus=900-500`)).status).toBe(400);
  });
});

describe('a crop', () => {
  it('is saved as a new item recording its source, which is never changed; the same crop again answers it', async () => {
    const source = await uploadPhoto();
    await admin.patch(`/api/admin/media/${source.id}`, {
      alt_text: 'The red corner',
      focus: { x: 0.1, y: 0.1 },
    });
    const before = await sha(source.url);
    // 1:1 from the top-left corner: 400 × 400 of the 400 × 600 photograph.
    const rect = { left: 0, top: 0, width: 1, height: 400 / 600 };
    const res = await admin.post(`/api/admin/media/${source.id}/crop`, rect);
    expect(res.status).toBe(201);
    expect(res.body.deduplicated).toBe(false);
    const crop = res.body.item;
    expect(crop).toMatchObject({
      source_id: source.id,
      width: 400,
      height: 400,
      alt_text: 'The red corner',
      mime_type: 'image/jpeg',
      folder_id: source.folder_id,
    });
    expect(crop.id).not.toBe(source.id);
    expect(crop.focus.x).toBeCloseTo(0.1, 2);
    expect(crop.focus.y).toBeCloseTo(0.15, 2);
    const stored = (await storedBytes(server, crop.url))!;
    expect(await sharp(stored).metadata()).toMatchObject({ width: 400, height: 400 });
    expect(isRed(await pixel(stored, 10, 10))).toBe(true);
    expect(await sha(source.url)).toBe(before);
    expect((await admin.get(`/api/admin/media/${source.id}`)).body).toMatchObject({
      width: 400,
      height: 600,
    });

    const again = await admin.post(`/api/admin/media/${source.id}/crop`, rect);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ deduplicated: true, item: { id: crop.id } });
  });

  it('refuses a crop outside the image or too small (400), an unknown item (404), a PDF (400)', async () => {
    const source = await uploadPhoto();
    const count = async () =>
      ((await server.db.get('SELECT count(*) AS n FROM media_files')) as { n: number }).n;
    const files = await count();
    const outside = await admin.post(`/api/admin/media/${source.id}/crop`, {
      left: 0.5,
      top: 0,
      width: 0.6,
      height: 1,
    });
    expect(outside.status).toBe(400);
    expect(JSON.stringify(outside.body)).toContain(FOCAL_MESSAGES.cropOutside);
    const tiny = await admin.post(`/api/admin/media/${source.id}/crop`, {
      left: 0,
      top: 0,
      width: 0.01,
      height: 0.01,
    });
    expect(tiny.status).toBe(400);
    expect(tiny.body.error.message).toBe(FOCAL_MESSAGES.cropTooSmall);
    const rect = { left: 0, top: 0, width: 0.5, height: 0.5 };
    expect((await admin.post('/api/admin/media/nope/crop', rect)).status).toBe(404);
    const pdf = await tusUpload(server.url, admin.token, Buffer.from('%PDF-1.4\n%%EOF\n'), {
      filename: 'brief.pdf',
    });
    const refused = await admin.post(`/api/admin/media/${pdf.body.item.id}/crop`, rect);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(FOCAL_MESSAGES.notCroppable);
    expect(await count()).toBe(files + 1);
  });

  it('lets a contributor crop (an upload of their own), never anonymously', async () => {
    const source = await uploadPhoto(admin);
    const res = await contributor.post(`/api/admin/media/${source.id}/crop`, {
      left: 0.25,
      top: 0.25,
      width: 0.5,
      height: 0.5,
    });
    expect(res.status).toBe(201);
    expect(res.body.item.uploaded_by).toBe(contributor.user.id);
    const anonymous = await fetch(`${server.url}/api/admin/media/${source.id}/crop`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ left: 0, top: 0, width: 1, height: 1 }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('the Open Graph image', () => {
  it('is a 1200 × 630 crop that holds the focal point, remade when the point moves', async () => {
    const item = await uploadPhoto();
    const og = async (key: string) => {
      const res = await fetch(`${server.url}${item.url}?og=${key}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      return Buffer.from(await res.arrayBuffer());
    };
    // The centre of a tall photograph leaves its top-left corner out.
    const centred = await og('500-500');
    expect(await sharp(centred).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect(isRed(await pixel(centred, 20, 20))).toBe(false);

    await admin.patch(`/api/admin/media/${item.id}`, { focus: { x: 0.05, y: 0.05 } });
    expect((await fetch(`${server.url}${item.url}?og=500-500`)).status).toBe(404);
    const cornered = await og('50-50');
    expect(await sharp(cornered).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect(isRed(await pixel(cornered, 20, 20))).toBe(true);
    // One crop is kept per file: the centre's went when the corner's was made.
    const relative = item.url.replace(/^\/media\//, '');
    expect(await storedNames(server, 'focal', `${relative}.og.`)).toEqual([`${relative}.og.50-50.jpg`]);
  });

  it('goes with its file when the file is deleted forever (kept while the file is in the Trash)', async () => {
    const item = await uploadPhoto();
    expect((await fetch(`${server.url}${item.url}?og=500-500`)).status).toBe(200);
    const crop = `${item.url.replace(/^\/media\//, '')}.og.500-500.jpg`;
    const kept = async () => (await server.running.deps.storage.stat('focal', crop)) !== null;
    expect(await kept()).toBe(true);
    expect((await admin.del(`/api/admin/media/${item.id}`)).status).toBe(204);
    expect(await kept()).toBe(true);
    expect((await admin.del(`/api/admin/trash/${item.id}`)).status).toBe(204);
    expect(await kept()).toBe(false);
  });
});

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_WIDTHS, MEDIA_MESSAGES } from '@atelier/shared';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInUser } from '../support/auth';
import { onPostgres } from '../support/backend';
import { withCameraExif } from '../support/images';
import { startTestServer, type TestServer } from '../support/server';
import { storedBytes, storedNames } from '../support/stored';
import { tusUpload } from '../support/tus';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast' } });
  admin = (await signedInUser(server, { role: 'admin' })).tokens.access_token;
});
afterAll(() => server.stop());

const endpoint = () => `${server.url}/api/admin/uploads`;
const countRows = async () =>
  ((await server.db.get('SELECT count(*) AS n FROM media_files')) as { n: number }).n;
const storedFiles = (bucket: 'projects' | 'blog' = 'projects') => storedNames(server, bucket);

const upload = (bytes: Buffer, metadata: Record<string, string>, options: Partial<tus.UploadOptions> = {}) =>
  tusUpload(server.url, admin, bytes, metadata, options);

const png = (seed: number, size = 64) =>
  sharp({
    create: { width: size, height: size, channels: 3, background: { r: seed % 256, g: 80, b: 160 } },
  })
    .png()
    .toBuffer();
/** A PDF as file-type recognises it, then random bytes, so two calls never match. */
const pdf = (size: number) => {
  const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  return Buffer.concat([header, randomBytes(size - header.length)]);
};

describe('uploads over tus', () => {
  it('stores a PNG and answers 200 with the item; the file is served with immutable caching', async () => {
    const bytes = await png(1);
    const { status, body } = await upload(bytes, { filename: 'Lake house.png', filetype: 'image/png' });
    expect(status).toBe(200);
    expect(body.deduplicated).toBe(false);
    expect(body.item).toMatchObject({
      bucket: 'projects',
      folder_id: null,
      filename: 'Lake house.png',
      mime_type: 'image/png',
      width: 64,
      height: 64,
      alt_text: '',
      used_by: [],
    });
    expect(body.item.url).toMatch(/^\/media\/projects\/[0-9a-f]{24}\.png$/);
    const served = await fetch(`${server.url}${body.item.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('png');
    // The audit log has the creation, by this admin.
    const audit = await server.db.all(
      "SELECT action FROM audit_log WHERE entity_type = 'media' AND entity_id = ?",
      body.item.id,
    );
    expect(audit).toEqual([{ action: 'create' }]);
    // The variants the pages use (AVIF, 4 widths) are made in the background; they exist once the queue is idle.
    await server.running.deps.variants.idle();
    const relative = body.item.url.replace(/^\/media\//, '');
    expect(await storedNames(server, 'variants', `${relative}.w`)).toHaveLength(4);
  });

  it('answers the existing item for the same bytes again, stored once', async () => {
    const bytes = await png(2);
    const first = await upload(bytes, { filename: 'first.png' });
    const rows = await countRows();
    const files = (await storedFiles()).length;
    const again = await upload(bytes, { filename: 'renamed-copy.png', bucket: 'blog' });
    expect(again.status).toBe(200);
    expect(again.body.deduplicated).toBe(true);
    expect(again.body.item.id).toBe(first.body.item.id);
    expect(again.body.item.filename).toBe('first.png');
    expect(await countRows()).toBe(rows);
    expect((await storedFiles()).length).toBe(files);
    expect(await storedFiles('blog')).toHaveLength(0);
  });

  it('resumes an interrupted upload from the byte it stopped at', async () => {
    const bytes = pdf(3 * 1024 * 1024);
    const chunk = 1024 * 1024;
    const rows = await countRows();
    // First attempt: cut off after the first chunk is accepted.
    const url = await new Promise<string>((resolve, reject) => {
      const first: tus.Upload = new tus.Upload(bytes, {
        endpoint: endpoint(),
        headers: bearer(admin),
        metadata: { filename: 'plans.pdf', filetype: 'application/pdf' },
        chunkSize: chunk,
        retryDelays: null,
        onChunkComplete: (_size, accepted) => {
          if (accepted >= chunk) first.abort().then(() => resolve(first.url as string), reject);
        },
        onError: reject,
        onSuccess: () => reject(new Error('should have been cut off')),
      });
      first.start();
    });
    const head = await fetch(url, {
      method: 'HEAD',
      headers: { ...bearer(admin), 'Tus-Resumable': '1.0.0' },
    });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(chunk);
    expect(Number(head.headers.get('upload-length'))).toBe(bytes.length);
    expect(await countRows()).toBe(rows); // nothing is stored before the last byte
    const patches: number[] = [];
    const resumed = await upload(
      bytes,
      { filename: 'plans.pdf' },
      {
        uploadUrl: url,
        onBeforeRequest: (req) => {
          if (req.getMethod() === 'PATCH') patches.push(Number(req.getHeader('Upload-Offset')));
        },
      },
    );
    expect(patches[0]).toBe(offset);
    expect(resumed.status).toBe(200);
    expect(resumed.body.item).toMatchObject({
      mime_type: 'application/pdf',
      size_bytes: bytes.length,
      width: null,
    });
    expect((await storedBytes(server, resumed.body.item.url))!.equals(bytes)).toBe(true);
    // The finished upload's temporary copy is gone; its answer can still be read once more.
    const id = url.split('/').pop();
    expect(fs.existsSync(path.join(server.dataDir, 'tmp-uploads', id as string))).toBe(false);
    const result = await fetch(`${endpoint()}/${id}/result`, { headers: bearer(admin) });
    expect(result.status).toBe(200);
    expect(((await result.json()) as any).item.id).toBe(resumed.body.item.id);
  });

  it('cancels an upload with DELETE', async () => {
    const created = await fetch(endpoint(), {
      method: 'POST',
      headers: {
        ...bearer(admin),
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '1000',
        'Upload-Metadata': `filename ${Buffer.from('x.png').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location') as string, server.url).href;
    const cancelled = await fetch(location, {
      method: 'DELETE',
      headers: { ...bearer(admin), 'Tus-Resumable': '1.0.0' },
    });
    expect(cancelled.status).toBe(204);
    const head = await fetch(location, {
      method: 'HEAD',
      headers: { ...bearer(admin), 'Tus-Resumable': '1.0.0' },
    });
    expect(head.status).toBe(404);
    // Only tus' own ids reach the file store: no climbing out of its folder.
    const climbing = await fetch(`${endpoint()}/%2e%2e`, {
      method: 'DELETE',
      headers: { ...bearer(admin), 'Tus-Resumable': '1.0.0' },
    });
    expect(climbing.status).toBe(404);
    // The SQLite file beside the uploads is still there (on PostgreSQL there is none).
    if (!onPostgres) expect(fs.existsSync(path.join(server.dataDir, 'atelier.db'))).toBe(true);
  });

  it('refuses 10485761 bytes at creation with 413 and accepts 10485760', async () => {
    const create = (length: number) =>
      fetch(endpoint(), {
        method: 'POST',
        headers: {
          ...bearer(admin),
          'Tus-Resumable': '1.0.0',
          'Upload-Length': String(length),
          'Upload-Metadata': `filename ${Buffer.from('big.jpg').toString('base64')}`,
        },
      });
    const refused = await create(10_485_761);
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as any).error).toEqual({
      code: 'payload_too_large',
      message: 'The file is too large: at most 10 MB.',
    });
    expect((await create(10_485_760)).status).toBe(201);
  });

  it('refuses a text file named .jpg with 415 and stores nothing', async () => {
    const rows = await countRows();
    const files = (await storedFiles()).length;
    const { status, body } = await upload(Buffer.from('just some words, not a photograph\n'.repeat(20)), {
      filename: 'holiday.jpg',
      filetype: 'image/jpeg',
    });
    expect(status).toBe(415);
    expect(body.error).toEqual({
      code: 'unsupported_media_type',
      message: 'This file type is not supported. Upload a PNG, JPEG, GIF or WebP image, or a PDF.',
    });
    expect(await countRows()).toBe(rows);
    expect((await storedFiles()).length).toBe(files);
  });

  it('refuses an upload without a filename, an unknown bucket and an unknown folder with 4xx', async () => {
    const bytes = await png(3);
    expect((await upload(bytes, {})).status).toBe(400);
    expect((await upload(bytes, { filename: 'a.png', bucket: 'avatars' })).status).toBe(400);
    const missing = await upload(bytes, { filename: 'a.png', folder_id: 'no-such-folder' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Folder not found');
  });

  it('removes EXIF and GPS from a stored JPEG and applies its orientation', async () => {
    const image = sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 120, b: 40 } },
    }).jpeg();
    const original = await withCameraExif(image).toBuffer();
    const before = await sharp(original).metadata();
    // The GPS IFD pointer (tag 0x8825, little-endian) and the camera's name are in the original's EXIF.
    const gpsPointer = Buffer.from([0x25, 0x88]);
    expect(before.exif?.includes(gpsPointer)).toBe(true);
    expect(original.includes(Buffer.from('Studio Camera'))).toBe(true);
    expect(before.orientation).toBe(6);

    const { status, body } = await upload(original, {
      filename: 'site-visit.jpg',
      folder_id: 'project-images',
    });
    expect(status).toBe(200);
    expect(body.item).toMatchObject({
      mime_type: 'image/jpeg',
      folder_id: 'project-images',
      width: 200,
      height: 300,
    });
    const stored = (await storedBytes(server, body.item.url))!;
    const after = await sharp(stored).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([200, 300]);
    expect(stored.includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(stored.includes(Buffer.from('Studio Camera'))).toBe(false);
  });

  it('stores an upright JPEG without its metadata and with every pixel as it was (no re-encode)', async () => {
    const grain = { type: 'gaussian' as const, mean: 120, sigma: 50 };
    const image = sharp({
      create: { width: 640, height: 480, channels: 3, background: '#000', noise: grain },
    });
    const original = await withCameraExif(image)
      .withMetadata({ orientation: 1 })
      .jpeg({ quality: 92 })
      .toBuffer();
    expect(original.includes(Buffer.from('Studio Camera'))).toBe(true);
    const { status, body } = await upload(original, { filename: 'upright.jpg' });
    expect(status).toBe(200);
    expect(body.item).toMatchObject({ width: 640, height: 480 });
    const stored = (await storedBytes(server, body.item.url))!;
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Studio Camera'))).toBe(false);
    const raw = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
    expect((await raw(stored)).equals(await raw(original))).toBe(true);
  });

  it('refuses a JPEG whose pixels do not decode, keeping nothing (415)', async () => {
    const good = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 120, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    // The header and the start of the scan are intact; the coded pixels are cut off before the end marker.
    const broken = Buffer.concat([good.subarray(0, good.length - 40), Buffer.from([0xff, 0xd9])]);
    const rows = await countRows();
    const files = (await storedFiles()).length;
    const { status, body } = await upload(broken, { filename: 'broken.jpg' });
    expect(status).toBe(415);
    expect(body.error.message).toBe(MEDIA_MESSAGES.unreadableImage);
    expect(await countRows()).toBe(rows);
    expect((await storedFiles()).length).toBe(files);
  });

  it('refuses a 7000×7000 16-bit PNG before decoding it', async () => {
    const huge = await sharp({
      create: { width: 7000, height: 7000, channels: 3, background: { r: 10, g: 20, b: 30 } },
    })
      .toColourspace('rgb16')
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect((await sharp(huge).metadata()).depth).toBe('ushort');
    expect(huge.length).toBeLessThan(10_485_760);
    const rows = await countRows();
    const { status, body } = await upload(huge, { filename: 'scan.png' });
    expect(status).toBe(413);
    expect(body.error.message).toBe('The image is too large: at most 40 megapixels.');
    expect(await countRows()).toBe(rows);
  });

  it('answers 401 without a session and 403 for a signed-in non-admin', async () => {
    const tusPost = (headers: Record<string, string>) =>
      fetch(endpoint(), {
        method: 'POST',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', ...headers },
      });
    expect((await tusPost({})).status).toBe(401);
    const user = await signedInUser(server);
    expect((await tusPost(bearer(user.tokens.access_token))).status).toBe(403);
    expect((await fetch(`${server.url}/api/admin/media`)).status).toBe(401);
    expect(
      (await fetch(`${server.url}/api/admin/media`, { headers: bearer(user.tokens.access_token) })).status,
    ).toBe(403);
  });
});

/**
 * A camera's photograph as its sensor stored it: 1200×800, red above and blue below, with EXIF orientation 6
 * (turned a quarter clockwise to be seen: 800×1200, blue on the left, red on the right), GPS and a camera name.
 */
const camera = () =>
  withCameraExif(
    sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 40, b: 220 } } })
      .composite([
        {
          input: {
            create: { width: 1200, height: 400, channels: 3, background: { r: 220, g: 30, b: 20 } },
          },
          top: 0,
          left: 0,
        },
      ])
      .jpeg({ quality: 90 }),
  ).toBuffer();

/** The upright photograph's left and right middles: which colour each is. */
async function sides(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number) => {
    const i = (Math.floor(info.height / 2) * info.width + x) * 3;
    return data[i]! > data[i + 2]! ? 'red' : 'blue';
  };
  return [at(Math.floor(info.width * 0.1)), at(Math.floor(info.width * 0.9))];
}

/** A variant's format, size, metadata and orientation, as a browser would receive it. */
async function variant(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  return {
    format: meta.format === 'heif' ? meta.compression : meta.format,
    width: meta.width,
    height: meta.height,
    exif: meta.exif,
    xmp: meta.xmp,
    orientation: meta.orientation,
    sides: await sides(bytes),
  };
}

describe('the variants of an uploaded photograph', () => {
  it('are upright, without metadata, at every width and format the server names; the pages’ set is made ahead', async () => {
    const { status, body } = await upload(await camera(), { filename: 'site-visit.jpg' });
    expect(status).toBe(200);
    expect(body.item).toMatchObject({ width: 800, height: 1200 });
    const relative = body.item.url.replace(/^\/media\//, '');
    const expected = { format: 'av1', exif: undefined, xmp: undefined, orientation: undefined };
    // The admin's preview (the grid's `?w=480`, AVIF in Chromium) is ready when the upload answers.
    const preview = (await server.running.deps.storage.getBytes('variants', `${relative}.w480.avif`))!;
    expect(await variant(preview)).toEqual({ ...expected, width: 480, height: 720, sides: ['blue', 'red'] });
    await server.running.deps.variants.idle();

    // Made ahead, before anyone asks: the AVIF of every width (what `?w=` answers a current browser).
    for (const width of IMAGE_WIDTHS) {
      const made = (await server.running.deps.storage.getBytes('variants', `${relative}.w${width}.avif`))!;
      // Never enlarged: the 1200 and 1600 widths of an 800-wide photograph are the photograph's own size.
      const w = Math.min(width, 800);
      expect(await variant(made)).toEqual({
        ...expected,
        width: w,
        height: Math.round((w * 1200) / 800),
        sides: ['blue', 'red'],
      });
    }

    // Every other format and the portrait crop are made on request, with the same properties.
    const cases = [
      { query: '?w=480', accept: 'image/avif,image/webp,*/*', format: 'av1', size: [480, 720] },
      { query: '?w=800&f=webp', format: 'webp', size: [800, 1200] },
      { query: '?w=1200&f=jpeg', format: 'jpeg', size: [800, 1200] },
      { query: '?w=480', accept: 'image/webp,*/*', format: 'webp', size: [480, 720] },
      { query: '?w=480&c=portrait&f=jpeg', format: 'jpeg', size: [480, 853] },
    ];
    for (const { query, accept, format, size } of cases) {
      const res = await fetch(`${server.url}${body.item.url}${query}`, {
        headers: accept ? { accept } : {},
      });
      expect(res.status, query).toBe(200);
      const got = await variant(Buffer.from(await res.arrayBuffer()));
      expect(got, query).toEqual({
        ...expected,
        format,
        width: size[0],
        height: size[1],
        sides: ['blue', 'red'],
      });
    }
  });
});

/**
 * The media store in an S3-compatible bucket (STORAGE_URL, a real s3rver on loopback): uploads (tus and
 * the profile's avatar), their variants and crops are objects in the bucket and nothing is written under
 * DATA_DIR/uploads; `/media/*` answers from the bucket with the same headers as from the local disk
 * (immutable caching, ETag and 304, the type, ranges); deleting forever and replacing remove the objects;
 * the export and a backup read them through the store, and a restore puts them back through one. Not covered by s3rver: multipart ListParts and
 * AbortMultipartUpload (it does not implement them), so neither a resumed multipart upload nor the abort of
 * a failed one is exercised here.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, startAdminServer } from '../support/admin';
import { bearer } from '../support/auth';
import { onPostgres, sqliteOnly } from '../support/backend';
import { runCli } from '../support/process';
import { startS3, type TestS3 } from '../support/s3';
import { startTestServer, type TestServer } from '../support/server';
import { tusUpload } from '../support/tus';
import { zipEntries } from '../support/zip';

let s3: TestS3;
let server: TestServer;
let admin: AdminClient;
let local: TestServer;
let localAdmin: AdminClient;
let staging: string;

beforeAll(async () => {
  s3 = await startS3();
  staging = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-staging-'));
  server = await startTestServer({
    content: 'empty',
    env: { PASSWORD_HASH: 'fast', BENCH: 'true', STORAGE_URL: s3.url, UPLOAD_STAGING_DIR: staging },
  });
  admin = await adminClient(server);
  ({ server: local, admin: localAdmin } = await startAdminServer());
});
afterAll(async () => {
  await server.stop();
  await local.stop();
  await s3.stop();
  fs.rmSync(staging, { recursive: true, force: true });
});

const photo = (seed: number) =>
  sharp({
    create: {
      width: 900,
      height: 600,
      channels: 3,
      background: { r: seed % 256, g: 120, b: 80 },
      noise: { type: 'gaussian', mean: 90, sigma: 30 },
    },
  })
    .jpeg()
    .toBuffer();
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), randomBytes(size - 9)]);

async function upload(target: TestServer, token: string, bytes: Buffer, filename: string) {
  const { status, body } = await tusUpload(target.url, token, bytes, { filename });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.item as { id: string; url: string };
}

const key = (url: string) => url.slice('/media/'.length);
const uploadsDir = () => path.join(server.dataDir, 'uploads');
const variantsIdle = () => server.running.deps.variants.idle();

/** The headers that say how a stored file is cached and what it is. */
const served = (res: Response) => ({
  status: res.status,
  type: res.headers.get('content-type'),
  cache: res.headers.get('cache-control'),
  vary: res.headers.get('vary'),
  disposition: res.headers.get('content-disposition'),
  ranges: res.headers.get('accept-ranges'),
  etag: res.headers.get('etag') ? 'strong' : null,
});

describe('an upload in the bucket', () => {
  it('stores the original and its variants as objects, nothing under DATA_DIR/uploads', async () => {
    const item = await upload(server, admin.token, await photo(1), 'veranda.jpg');
    await variantsIdle();
    const keys = await s3.keys();
    expect(keys).toContain(key(item.url));
    // The preview (made with the upload) and the pages' AVIFs.
    for (const width of [480, 800]) expect(keys).toContain(`variants/${key(item.url)}.w${width}.avif`);
    expect(fs.existsSync(uploadsDir())).toBe(false);
    expect(fs.existsSync(path.join(server.dataDir, 'cache'))).toBe(false);
  });

  it('stages a partial upload in UPLOAD_STAGING_DIR and continues it from there', async () => {
    const bytes = await photo(10);
    const tus = { ...bearer(admin.token), 'Tus-Resumable': '1.0.0' };
    const created = await server.get('/api/admin/uploads', {
      method: 'POST',
      headers: {
        ...tus,
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': `filename ${Buffer.from('staged.jpg').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, server.url).href;
    const id = location.split('/').pop()!;
    const patch = (offset: number, end: number) =>
      fetch(location, {
        method: 'PATCH',
        headers: {
          ...tus,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(bytes.subarray(offset, end)),
      });
    const half = Math.floor(bytes.length / 2);
    expect((await patch(0, half)).status).toBe(204);
    expect(fs.statSync(path.join(staging, id)).size).toBe(half);
    expect(fs.existsSync(path.join(server.dataDir, 'tmp-uploads'))).toBe(false);
    const done = await patch(half, bytes.length);
    expect(done.status).toBe(200);
    const { item } = (await done.json()) as { item: { url: string } };
    expect(await s3.keys()).toContain(key(item.url));
    expect(fs.readdirSync(staging)).toEqual([]);
  });

  it('keeps a variant made on its first request in the bucket', async () => {
    const item = await upload(server, admin.token, await photo(2), 'court.jpg');
    const res = await server.get(`${item.url}?w=800&f=webp`);
    expect(res.status).toBe(200);
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
    });
    expect(await s3.keys('variants/')).toContain(`variants/${key(item.url)}.w800.webp`);
  });

  it('a PDF streamed to the bucket: the same bytes back, as a download', async () => {
    const bytes = pdf(300_000);
    const item = await upload(server, admin.token, bytes, 'brief.pdf');
    expect(await s3.keys()).toContain(key(item.url));
    const res = await server.get(item.url);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(res.headers.get('content-disposition')).toBe('attachment');
  });

  it('an avatar goes to the bucket and is served from it', async () => {
    const form = new FormData();
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const res = await server.get('/api/profile/avatar', {
      method: 'POST',
      body: form,
      headers: bearer(admin.token),
    });
    expect(res.status).toBe(200);
    const { avatar_url } = (await res.json()) as { avatar_url: string };
    expect(await s3.keys('avatars/')).toEqual([key(avatar_url)]);
    const image = await server.get(avatar_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });

  it('a crop reads its source from the bucket and stores the new item there', async () => {
    const item = await upload(server, admin.token, await photo(3), 'stair.jpg');
    const crop = await admin.post(`/api/admin/media/${item.id}/crop`, {
      left: 0.1,
      top: 0.1,
      width: 0.5,
      height: 0.5,
    });
    expect(crop.status).toBe(201);
    expect(await s3.keys()).toContain(key(crop.body.item.url));
    expect(fs.existsSync(uploadsDir())).toBe(false);
  });
});

describe('/media/* from the bucket', () => {
  it('answers an original and a variant with the same headers as on local storage', async () => {
    const bytes = await photo(4);
    const inBucket = await upload(server, admin.token, bytes, 'hall.jpg');
    const onDisk = await upload(local, localAdmin.token, bytes, 'hall.jpg');
    for (const query of ['', '?w=480', '?w=800&f=jpeg']) {
      const accept = { accept: 'image/avif,image/webp,*/*' };
      const fromBucket = await server.get(`${inBucket.url}${query}`, { headers: accept });
      const fromDisk = await local.get(`${onDisk.url}${query}`, { headers: accept });
      expect(served(fromBucket)).toEqual(served(fromDisk));
      const head = await server.get(`${inBucket.url}${query}`, { method: 'HEAD', headers: accept });
      expect(served(head)).toEqual(served(fromBucket));
      expect(head.headers.get('content-length')).toBe(fromBucket.headers.get('content-length'));
      expect(served(fromBucket)).toMatchObject({ status: 200, cache: 'public, max-age=31536000, immutable' });
      const a = Buffer.from(await fromBucket.arrayBuffer());
      const b = Buffer.from(await fromDisk.arrayBuffer());
      if (query === '') expect(a.equals(b)).toBe(true);
      else expect(a.length).toBeGreaterThan(0);
      // The ETag answers 304 on both, with the caching headers again.
      for (const [target, first, url] of [
        [server, fromBucket, inBucket.url],
        [local, fromDisk, onDisk.url],
      ] as const) {
        const again = await target.get(`${url}${query}`, {
          headers: { ...accept, 'if-none-match': first.headers.get('etag')! },
        });
        expect(again.status).toBe(304);
        expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
      }
    }
  });

  it('passes a Range to the store: 206 with the bytes asked, a suffix range, 416 outside', async () => {
    // Above 5 MB: stored as a multipart upload (create, parts, complete).
    const bytes = pdf(6_000_000);
    const item = await upload(server, admin.token, bytes, 'drawings.pdf');
    const whole = await server.get(item.url);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await server.get(item.url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(part.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const tail = await server.get(item.url, { headers: { range: 'bytes=-500' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 500))).toBe(true);
    const outside = await server.get(item.url, { headers: { range: `bytes=${bytes.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    // The local store answers the same range with the same bytes.
    const onDisk = await upload(local, localAdmin.token, bytes, 'drawings.pdf');
    const localPart = await local.get(onDisk.url, { headers: { range: 'bytes=1000-1999' } });
    expect(localPart.status).toBe(206);
    expect(Buffer.from(await localPart.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
  });

  it('answers 404 for a name the bucket does not hold', async () => {
    expect((await server.get('/media/projects/0123456789abcdef01234567.jpg')).status).toBe(404);
    expect((await server.get('/media/projects/0123456789abcdef01234567.jpg?w=480')).status).toBe(404);
  });
});

describe('removal from the bucket', () => {
  it('deleting forever removes the object and every variant; the Trash kept them until then', async () => {
    const item = await upload(server, admin.token, await photo(5), 'gone.jpg');
    await variantsIdle();
    expect((await server.get(`${item.url}?w=480&f=webp`)).status).toBe(200);
    const before = await s3.keys();
    expect(before.filter((k) => k.includes(key(item.url))).length).toBeGreaterThan(3);
    expect((await admin.del(`/api/admin/media/${item.id}`)).status).toBe(204);
    expect(await s3.keys()).toEqual(before);
    expect((await admin.del(`/api/admin/trash/${item.id}`)).status).toBe(204);
    expect((await s3.keys()).filter((k) => k.includes(key(item.url)))).toEqual([]);
    expect((await server.get(item.url)).status).toBe(404);
  });

  it('a replaced file stays until deleted forever, then its objects go', async () => {
    const old = await upload(server, admin.token, await photo(6), 'facade.jpg');
    const next = await upload(server, admin.token, await photo(7), 'facade-v2.jpg');
    expect((await admin.post(`/api/admin/media/${old.id}/replace`, { url: next.url })).status).toBe(200);
    expect(await s3.keys()).toContain(key(old.url));
    expect((await admin.del(`/api/admin/trash/${old.id}`)).status).toBe(204);
    const keys = await s3.keys();
    expect(keys.filter((k) => k.includes(key(old.url)))).toEqual([]);
    expect(keys).toContain(key(next.url));
  });
});

describe('reading the bucket whole', () => {
  it('the export zips the originals read from the bucket, byte for byte', async () => {
    const bytes = await photo(8);
    const item = await upload(server, admin.token, bytes, 'export.jpg');
    const res = await server.get('/api/admin/site-export', { headers: bearer(admin.token) });
    expect(res.status).toBe(200);
    const found = await zipEntries(Buffer.from(await res.arrayBuffer()));
    const stored = [...found].find(([name]) => name.endsWith(key(item.url)));
    expect(stored).toBeDefined();
    const original = Buffer.from(await (await server.get(item.url)).arrayBuffer());
    expect(stored![1].equals(original)).toBe(true);
  });

  it.skipIf(onPostgres)(
    sqliteOnly(
      'a backup copies the files from the bucket; a restore puts them back into it',
      "backups are SQLite's: on PostgreSQL the database is backed up with pg_dump and the server refuses them",
    ),
    async () => {
      const item = await upload(server, admin.token, await photo(9), 'backup.jpg');
      const backupDir = path.join(server.dataDir, 'backups-here');
      const backup = await runCli(['backup', backupDir], { DATA_DIR: server.dataDir, STORAGE_URL: s3.url });
      expect(backup.code, backup.output).toBe(0);
      const [name] = fs.readdirSync(backupDir).filter((n) => n.startsWith('atelier-'));
      const copy = path.join(backupDir, name!, 'uploads', key(item.url));
      const original = Buffer.from(await (await server.get(item.url)).arrayBuffer());
      expect(fs.readFileSync(copy).equals(original)).toBe(true);
      expect(fs.existsSync(uploadsDir())).toBe(false);

      // Restored into a data folder on the local disk: the media files go through its store.
      const fresh = fs.mkdtempSync(path.join(server.dataDir, 'restored-'));
      const restore = await runCli(['restore', path.join(backupDir, name!)], {
        DATA_DIR: fresh,
        STORAGE_URL: '',
      });
      expect(restore.code, restore.output).toBe(0);
      expect(fs.readFileSync(path.join(fresh, 'uploads', key(item.url))).equals(original)).toBe(true);
    },
  );
});

describe('STORAGE_URL', () => {
  it('names a bucket, its endpoint and region; unset is the local disk; anything else is refused', async () => {
    const { parseEnv } = await import('../../server/src/env');
    expect(parseEnv({}).STORAGE_URL).toBeUndefined();
    expect(
      parseEnv({ STORAGE_URL: 's3://media?endpoint=http://127.0.0.1:9000&region=af-south-1' }),
    ).toMatchObject({
      STORAGE_URL: { bucket: 'media', endpoint: 'http://127.0.0.1:9000', region: 'af-south-1' },
    });
    expect(parseEnv({ STORAGE_URL: 's3://studio-media' }).STORAGE_URL).toEqual({
      bucket: 'studio-media',
      region: 'us-east-1',
    });
    for (const wrong of ['https://media', 's3://', 's3://media?endpoint=ftp://x', 'media'])
      expect(() => parseEnv({ STORAGE_URL: wrong }), wrong).toThrow(/STORAGE_URL must be s3:\/\/<bucket>/);
  });
});

/**
 * The desktop app's upload queue (desktop/src/main/upload-queue.ts) against the real server process:
 * files read from disk and sent over tus, dropped folders recreated, refusals before a byte is sent,
 * and resuming after a server crash and after an app restart.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../desktop/src/main/api-client';
import { prepareImage } from '../../desktop/src/main/image-prep';
import { type UploadItem, UploadQueue } from '../../desktop/src/main/upload-queue';
import { type KillableServer, signedInAdmin, startKillableServer, throttledProxy } from '../support/desktop';
import { withCameraExif } from '../support/images';

let server: KillableServer;
/** Uploads go through it at 16 MB/s, so a test can cut a large file off half-way. */
let proxy: Awaited<ReturnType<typeof throttledProxy>>;
let api: ApiClient;
let work: string;

beforeAll(async () => {
  server = await startKillableServer();
  proxy = await throttledProxy(() => server.url, 16 * 1024 * 1024);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-desktop-files-'));
  api = await signedInAdmin(server, work);
});
afterAll(async () => {
  await proxy?.close();
  await server?.dispose();
  fs.rmSync(work, { recursive: true, force: true });
});

let counter = 0;
function openQueue(
  stateFile = path.join(work, `queue-${++counter}.json`),
  largestImageEdge?: () => Promise<number | null>,
) {
  return UploadQueue.open({
    stateFile,
    largestImageEdge,
    endpoint: () => `${proxy.url}/api/admin/uploads`,
    accessToken: () => api.accessToken(),
    retryDelays: Array<number>(60).fill(250),
    maxBytes: () => api.maxUploadBytes(),
    ensureFolder: async (parentId, folders) =>
      (
        await api.request<{ id: string }>('/api/admin/media/folders/ensure', {
          method: 'POST',
          body: { parent_id: parentId, path: folders },
        })
      ).id,
  });
}

/** A PDF of `mb` megabytes of random bytes (the server stores PDFs as they are). */
function bigPdf(name: string, mb: number): string {
  const file = path.join(work, name);
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, Buffer.from('%PDF-1.7\n'));
  for (let i = 0; i < mb; i++) fs.writeSync(fd, randomBytes(1024 * 1024));
  fs.closeSync(fd);
  return file;
}

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Resolves once `item` has sent at least `bytes`. */
function whenSent(queue: UploadQueue, id: string, bytes: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = queue.subscribe((snapshot) => {
      const item = snapshot.items.find((candidate) => candidate.id === id);
      if (item && item.bytesSent >= bytes) {
        stop();
        resolve();
      }
    });
  });
}

async function stored(item: UploadItem) {
  const result = item.result?.item as {
    url: string;
    content_hash: string;
    size_bytes: number;
    folder_id: string | null;
  };
  const response = await fetch(`${server.url}${result.url}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { ...result, bytesHash: createHash('sha256').update(bytes).digest('hex') };
}

describe('desktop upload queue', () => {
  it('uploads a dropped folder into the same folders, and refuses what the server would refuse before sending it', async () => {
    const dropped = path.join(work, 'Lakeside House');
    fs.mkdirSync(path.join(dropped, 'Interiors'), { recursive: true });
    const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#8a6d3b' } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#335' } })
      .jpeg()
      .toBuffer();
    fs.writeFileSync(path.join(dropped, 'facade.png'), png);
    fs.writeFileSync(path.join(dropped, 'Interiors', 'kitchen.jpg'), jpeg);
    fs.writeFileSync(path.join(dropped, 'Interiors', 'brief.pdf'), Buffer.from('%PDF-1.4\n% a brief\n'));
    fs.writeFileSync(path.join(dropped, 'notes.txt'), 'not an image');
    fs.writeFileSync(path.join(dropped, '.DS_Store'), 'hidden');

    const queue = await openQueue();
    let mostAtOnce = 0;
    queue.subscribe((snapshot) => {
      mostAtOnce = Math.max(mostAtOnce, snapshot.totals.active);
    });
    const added = await queue.add([dropped], { folderId: null, bucket: 'projects' });
    expect(added.map((item) => [item.folderPath.join('/'), item.name])).toEqual([
      ['Lakeside House', 'facade.png'],
      ['Lakeside House/Interiors', 'brief.pdf'],
      ['Lakeside House/Interiors', 'kitchen.jpg'],
      ['Lakeside House', 'notes.txt'],
    ]);
    expect(added[3]?.status).toBe('refused');
    expect(added[3]?.error).toContain('PDF');

    await queue.idle();
    const { items, totals } = queue.snapshot();
    expect(items.map((item) => item.status)).toEqual(['done', 'done', 'done', 'refused']);
    expect(totals).toMatchObject({ files: 3, done: 3, bytesSent: totals.bytesTotal });
    expect(mostAtOnce).toBeLessThanOrEqual(3);

    const tree = await api.request<{
      items: { name: string; id: string; children: { name: string; id: string }[] }[];
    }>('/api/admin/media/folders');
    const house = tree.items.find((folder) => folder.name === 'Lakeside House');
    const interiors = house?.children.find((folder) => folder.name === 'Interiors');
    expect(house && interiors).toBeTruthy();
    const library = await api.request<{ items: { filename: string; folder_id: string | null }[] }>(
      '/api/admin/media',
      {
        query: { all: 1 },
      },
    );
    const folderOf = (name: string) => library.items.find((item) => item.filename === name)?.folder_id;
    expect(folderOf('facade.png')).toBe(house?.id);
    expect(folderOf('kitchen.jpg')).toBe(interiors?.id);
    expect(folderOf('brief.pdf')).toBe(interiors?.id);
  });

  it('finishes with the right bytes when the server is killed mid-upload and started again', async () => {
    const file = bigPdf('site-survey.pdf', 48);
    const queue = await openQueue();
    const [item] = await queue.add([file], { folderId: null, bucket: 'projects' });
    await whenSent(queue, item!.id, 2 * 1024 * 1024);
    await server.kill();
    const sentBeforeCrash = queue.snapshot().items[0]!.bytesSent;
    expect(sentBeforeCrash).toBeLessThan(fs.statSync(file).size);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await server.start();

    await queue.idle();
    const done = queue.snapshot().items[0]!;
    expect(done.status).toBe('done');
    expect(done.resumedFrom).toBeGreaterThan(0);
    const result = await stored(done);
    expect(result.content_hash).toBe(sha256(file));
    expect(result.bytesHash).toBe(sha256(file));
    expect(result.size_bytes).toBe(fs.statSync(file).size);
  });

  it('the server stopped mid-batch and restarted, everything completes once with the right bytes', async () => {
    const files = Array.from({ length: 5 }, (_, index) => bigPdf(`batch-${index}.pdf`, 12));
    const queue = await openQueue();
    const added = await queue.add(files, { folderId: null, bucket: 'projects' });
    // Cut while the first files are on the line and the last ones are still waiting.
    await whenSent(queue, added[0]!.id, 2 * 1024 * 1024);
    await server.kill();
    const atCrash = queue.snapshot().items.filter((item) => added.some((one) => one.id === item.id));
    expect(atCrash.filter((item) => item.status === 'done').length).toBeLessThan(files.length);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await server.start();

    await queue.idle();
    const items = queue.snapshot().items.filter((item) => added.some((one) => one.id === item.id));
    expect(items.map((item) => item.status)).toEqual(Array(files.length).fill('done'));
    expect(items.some((item) => (item.resumedFrom ?? 0) > 0)).toBe(true);
    for (const [index, item] of items.entries()) {
      const result = await stored(item);
      expect(result.bytesHash).toBe(sha256(files[index]!));
      expect(result.size_bytes).toBe(fs.statSync(files[index]!).size);
    }
    // Each file is in the library once.
    const library = await api.request<{ items: { filename: string }[] }>('/api/admin/media', {
      query: { all: 1 },
    });
    for (const index of files.keys()) {
      expect(library.items.filter((item) => item.filename === `batch-${index}.pdf`)).toHaveLength(1);
    }
  });

  it('resumes from its saved state after an app restart, from the byte the server has', async () => {
    const file = bigPdf('drawings.pdf', 48);
    const stateFile = path.join(work, 'restart-queue.json');
    const first = await openQueue(stateFile);
    const [item] = await first.add([file], { folderId: null, bucket: 'projects' });
    await whenSent(first, item!.id, 4 * 1024 * 1024);
    await first.suspend(); // the app quits

    const second = await openQueue(stateFile);
    const restored = second.snapshot().items[0]!;
    expect(restored).toMatchObject({
      id: item!.id,
      status: 'queued',
      uploadUrl: expect.stringContaining('/api/admin/uploads/'),
    });
    second.start();
    await second.idle();
    const done = second.snapshot().items[0]!;
    expect(done).toMatchObject({ status: 'done', restarted: false });
    expect(done.resumedFrom).toBeGreaterThan(0);
    expect((await stored(done)).bytesHash).toBe(sha256(file));
  });

  it('starts over when the file changed on disk since it was queued', async () => {
    const file = bigPdf('plans.pdf', 64);
    const stateFile = path.join(work, 'changed-queue.json');
    const first = await openQueue(stateFile);
    const [item] = await first.add([file], { folderId: null, bucket: 'projects' });
    await whenSent(first, item!.id, 2 * 1024 * 1024);
    await first.suspend();
    // The quit caught it mid-way (on a quiet machine a small file could finish first and prove nothing).
    expect(first.snapshot().items[0]!.status).toBe('queued');

    // Same size, new content (an edited drawing saved again).
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, randomBytes(1024 * 1024), 0, 1024 * 1024, 1024);
    fs.closeSync(fd);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));

    const second = await openQueue(stateFile);
    second.start();
    await second.idle();
    const done = second.snapshot().items[0]!;
    expect(done).toMatchObject({ status: 'done', restarted: true, resumedFrom: null });
    expect((await stored(done)).bytesHash).toBe(sha256(file));
  });

  it('pauses, resumes and cancels an upload', async () => {
    const file = bigPdf('model.pdf', 200);
    const queue = await openQueue();
    const [item] = await queue.add([file], { folderId: null, bucket: 'projects' });
    await whenSent(queue, item!.id, 1);
    queue.pause(item!.id);
    expect(queue.snapshot().items[0]!.status).toBe('paused');
    queue.resume(item!.id);
    await whenSent(queue, item!.id, queue.snapshot().items[0]!.bytesSent + 1);
    const uploadUrl = queue.snapshot().items[0]!.uploadUrl!;
    queue.cancel(item!.id);
    expect(queue.snapshot().items[0]).toMatchObject({ status: 'cancelled', uploadUrl: null });
    // The server drops the partial upload.
    await expect
      .poll(
        async () =>
          (
            await fetch(uploadUrl, {
              method: 'HEAD',
              headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${await api.accessToken()}` },
            })
          ).status,
      )
      .toBeGreaterThanOrEqual(404);
  });
});

/** A camera's photograph: noisy, 3000×2000, turned by its EXIF (orientation 6), with GPS and a serial. */
async function cameraPhoto(name: string): Promise<string> {
  const file = path.join(work, name);
  const image = sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  }).jpeg({ quality: 95 });
  const bytes = await withCameraExif(image).toBuffer();
  fs.writeFileSync(file, bytes);
  return file;
}

describe('desktop upload queue: photographs sized for the web', () => {
  it('sends a smaller photograph, turned upright, without location or serial; the original stays as it was', async () => {
    const photo = await cameraPhoto('site-visit.jpg');
    const original = fs.readFileSync(photo);
    // The GPS IFD pointer (tag 0x8825, little-endian) and the serial are in the original.
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(original.includes(Buffer.from('SERIAL-4471'))).toBe(true);
    const small = path.join(work, 'small.jpg');
    fs.writeFileSync(
      small,
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7a6' } })
        .jpeg()
        .toBuffer(),
    );
    const pdf = path.join(work, 'brief-2.pdf');
    fs.writeFileSync(pdf, '%PDF-1.4\n% a brief, sent as it is\n');

    // The edge is the server's (/api/health), not the app's.
    expect(await api.largestImageEdge()).toBe(2400);
    const queue = await openQueue(undefined, () => api.largestImageEdge());
    const [sized, asIs, document] = await queue.add([photo, small, pdf], {
      folderId: null,
      bucket: 'projects',
    });
    await queue.idle();
    const items = queue.snapshot().items;
    expect(items.map((item) => item.status)).toEqual(['done', 'done', 'done']);

    const [sent, smallSent, pdfSent] = items;
    expect(sent!.sendSize).toBeLessThan(sent!.size / 2);
    expect(smallSent!.sendSize).toBe(smallSent!.size);
    expect(pdfSent!.sendSize).toBe(pdfSent!.size);
    expect((await stored(smallSent!)).content_hash).toBe(sha256(small));
    expect((await stored(pdfSent!)).bytesHash).toBe(sha256(pdf));
    // What was sent is what the app makes of the photograph, the same bytes every time.
    const again = path.join(work, 'prepared-again.jpg');
    const againSize = await prepareImage(photo, 'image/jpeg', 2400, again);
    expect(againSize).toBe(sent!.sendSize);
    expect((await stored(sent!)).content_hash).toBe(sha256(again));
    const prepared = fs.readFileSync(again);
    const meta = await sharp(prepared).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 2400]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(prepared.includes(Buffer.from('SERIAL-4471'))).toBe(false);
    expect(prepared.includes(Buffer.from('Studio Camera'))).toBe(false);
    expect(fs.readFileSync(photo).equals(original)).toBe(true);
    // No prepared copy is left behind.
    expect(fs.readdirSync(path.join(work, 'prepared-uploads'))).toEqual([]);
    expect([sized, asIs, document].every(Boolean)).toBe(true);

    // The same photograph again: the same bytes, so the library keeps it once.
    const [twice] = await queue.add([photo], { folderId: null, bucket: 'projects' });
    await queue.idle();
    const second = queue.snapshot().items.find((item) => item.id === twice!.id)!;
    expect(second.result).toMatchObject({ deduplicated: true, item: { id: sent!.result!.item.id } });
  });

  it('sends the file as it is when the setting is off', async () => {
    const photo = await cameraPhoto('unprepared.jpg');
    const queue = await openQueue(undefined, async () => null);
    await queue.add([photo], { folderId: null, bucket: 'projects' });
    await queue.idle();
    const [item] = queue.snapshot().items;
    expect(item).toMatchObject({ status: 'done', sendSize: fs.statSync(photo).size });
    expect((await stored(item!)).content_hash).toBe(sha256(photo));
  });
});

describe('desktop upload queue without a session', () => {
  /** The session as the test switches it: the admin's token while signed in, else the app's "session ended". */
  const session = { signedIn: false };
  const accessToken = async () => {
    if (!session.signedIn) throw new Error('Your session has ended. Please sign in again.');
    return api.accessToken();
  };

  it('waits for the next sign-in instead of failing', async () => {
    const file = path.join(work, 'waiting.pdf');
    fs.writeFileSync(file, '%PDF-1.4\n% waits for a sign-in\n');
    session.signedIn = false;
    const queue = await UploadQueue.open({
      stateFile: path.join(work, 'signed-out-queue.json'),
      endpoint: () => `${server.url}/api/admin/uploads`,
      accessToken,
    });
    await queue.add([file], { folderId: null, bucket: 'projects' });
    await expect.poll(() => queue.snapshot().items[0]?.status).toBe('queued');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(queue.snapshot().items[0]).toMatchObject({ status: 'queued', bytesSent: 0, error: null });

    session.signedIn = true;
    queue.start();
    await queue.idle();
    expect(queue.snapshot().items[0]?.status).toBe('done');
  });

  it("signing in again after the session ended mid-upload continues the file from the server's byte", async () => {
    const file = bigPdf('session-ends.pdf', 48);
    session.signedIn = true;
    const queue = await UploadQueue.open({
      stateFile: path.join(work, 'session-ends-queue.json'),
      endpoint: () => `${proxy.url}/api/admin/uploads`,
      accessToken,
      retryDelays: Array<number>(60).fill(250),
    });
    const [item] = await queue.add([file], { folderId: null, bucket: 'projects' });
    await whenSent(queue, item!.id, 4 * 1024 * 1024);
    // The session ends while the file is on the line (the connection drops with it).
    session.signedIn = false;
    await server.kill();
    await server.start();
    await expect.poll(() => queue.snapshot().items[0]?.status, { timeout: 15_000 }).toBe('queued');
    const waiting = queue.snapshot().items[0]!;
    expect(waiting).toMatchObject({ error: null, uploadUrl: expect.stringContaining('/api/admin/uploads/') });
    expect(waiting.bytesSent).toBeGreaterThan(0);

    session.signedIn = true; // signed in again: the app starts the queue
    queue.start();
    await queue.idle();
    const done = queue.snapshot().items[0]!;
    expect(done).toMatchObject({ status: 'done', restarted: false });
    expect(done.resumedFrom).toBeGreaterThan(0);
    expect((await stored(done)).bytesHash).toBe(sha256(file));
  });
});

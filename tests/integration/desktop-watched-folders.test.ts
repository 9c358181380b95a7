/**
 * The desktop app's watched folders (desktop/src/main/watched-folders.ts) with real files written, renamed and
 * deleted in a temp folder, sent through the real upload queue to the real server process.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../desktop/src/main/api-client';
import { UploadQueue } from '../../desktop/src/main/upload-queue';
import {
  appendProjectImage,
  isTemporaryOrHidden,
  WatchedFolders,
} from '../../desktop/src/main/watched-folders';
import { type KillableServer, signedInAdmin, startKillableServer } from '../support/desktop';

let server: KillableServer;
let api: ApiClient;
let work: string;
const opened: WatchedFolders[] = [];

beforeAll(async () => {
  server = await startKillableServer();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-watched-'));
  api = await signedInAdmin(server, work);
});
afterAll(async () => {
  for (const folders of opened) await folders.stop();
  await server?.dispose();
  fs.rmSync(work, { recursive: true, force: true });
});

let counter = 0;
async function openApp(data = fs.mkdtempSync(path.join(work, 'app-'))) {
  const queue = await UploadQueue.open({
    stateFile: path.join(data, 'upload-queue.json'),
    endpoint: () => `${server.url}/api/admin/uploads`,
    accessToken: () => api.accessToken(),
    ensureFolder: async (parentId, folders) =>
      (
        await api.request<{ id: string }>('/api/admin/media/folders/ensure', {
          method: 'POST',
          body: { parent_id: parentId, path: folders },
        })
      ).id,
  });
  const watched = await WatchedFolders.open({
    stateFile: path.join(data, 'watched-folders.json'),
    queue,
    appendToProject: (projectId, url) => appendProjectImage(api.request, projectId, url),
    settleMs: 400,
    scanMs: 150,
  });
  opened.push(watched);
  watched.start();
  return { data, queue, watched };
}

async function jpeg(color: string, width = 64): Promise<Buffer> {
  return sharp({ create: { width, height: 48, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function library() {
  return (
    await api.request<{ items: { filename: string; content_hash: string; folder_id: string | null }[] }>(
      '/api/admin/media',
      { query: { all: 1 } },
    )
  ).items;
}

function folder(name: string): string {
  const dir = path.join(work, `${name}-${++counter}`);
  fs.mkdirSync(dir);
  return dir;
}

describe('watched folders', () => {
  it('ignores temporary and hidden files', () => {
    for (const name of ['.DS_Store', '~$plan.docx', 'IMG_1.jpg.part', 'a.tmp', 'b.crdownload', '.git/x.jpg'])
      expect(isTemporaryOrHidden(name), name).toBe(true);
    for (const name of ['IMG_1.jpg', 'Interiors/kitchen.jpg', 'plan~v2.pdf'])
      expect(isTemporaryOrHidden(name), name).toBe(false);
  });

  it('sends new files to a media folder once they stopped growing; hidden and temporary ones never; a deleted file stays on the server', async () => {
    const dir = folder('shoot');
    const { queue, watched } = await openApp();
    const link = await watched.link(dir, { kind: 'media', folderId: null, label: 'Library' });
    expect(link.state).toBe('watching');

    // A file written in two steps: only the whole file is sent.
    const whole = await jpeg('#a55', 400);
    const growing = path.join(dir, 'growing.jpg');
    fs.writeFileSync(growing, whole.subarray(0, 1000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    fs.appendFileSync(growing, whole.subarray(1000));
    // A copy written under a temporary name, then renamed; hidden files and a text file beside.
    fs.writeFileSync(path.join(dir, 'renamed.jpg.part'), await jpeg('#5a5'));
    fs.renameSync(path.join(dir, 'renamed.jpg.part'), path.join(dir, 'renamed.jpg'));
    fs.writeFileSync(path.join(dir, '.DS_Store'), 'hidden');
    fs.writeFileSync(path.join(dir, 'IMG_9.jpg.crdownload'), await jpeg('#55a'));
    fs.mkdirSync(path.join(dir, 'Interiors'));
    fs.writeFileSync(path.join(dir, 'Interiors', 'kitchen.jpg'), await jpeg('#aa5'));

    await expect.poll(() => queue.snapshot().totals.done, { timeout: 15_000 }).toBe(3);
    await queue.idle();
    expect(
      queue
        .snapshot()
        .items.map((item) => item.name)
        .sort(),
    ).toEqual(['growing.jpg', 'kitchen.jpg', 'renamed.jpg']);
    const items = await library();
    expect(items.find((item) => item.filename === 'growing.jpg')?.content_hash).toBe(sha256(whole));
    const interiors = (
      await api.request<{ items: { name: string; id: string }[] }>('/api/admin/media/folders')
    ).items.find((item) => item.name === 'Interiors');
    expect(items.find((item) => item.filename === 'kitchen.jpg')?.folder_id).toBe(interiors?.id);
    expect(watched.list()[0]).toMatchObject({ state: 'watching', sent: 3 });

    // Deleted on disk and renamed on disk: nothing deleted on the server, nothing sent again.
    fs.rmSync(growing);
    fs.renameSync(path.join(dir, 'renamed.jpg'), path.join(dir, 'renamed-again.jpg'));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(queue.snapshot().items).toHaveLength(3);
    expect((await library()).filter((item) => item.filename === 'growing.jpg')).toHaveLength(1);

    // A changed file is sent again.
    fs.writeFileSync(path.join(dir, 'Interiors', 'kitchen.jpg'), await jpeg('#5aa'));
    await expect.poll(() => queue.snapshot().items.length, { timeout: 15_000 }).toBe(4);
    await queue.idle();
    expect(queue.snapshot().totals.done).toBe(4);
  });

  it("appends a project's new photographs to its images with empty alt text", async () => {
    const project = await api.request<{ id: string; images: string[]; image_alts: Record<string, string> }>(
      '/api/admin/projects',
      {
        method: 'POST',
        body: {
          title: 'Lakeside House',
          description: 'A house by the lake.',
          category: 'residential',
          images: ['/media/existing.jpg'],
          image_alts: { '/media/existing.jpg': 'The veranda at dusk' },
        },
      },
    );
    const dir = folder('lakeside');
    const { queue, watched } = await openApp();
    await watched.link(dir, { kind: 'project', projectId: project.id, label: 'Lakeside House' });
    const photos = [await jpeg('#123'), await jpeg('#456'), await jpeg('#789')];
    for (const [index, bytes] of photos.entries())
      fs.writeFileSync(path.join(dir, `IMG_${index}.jpg`), bytes);
    fs.writeFileSync(path.join(dir, 'brief.pdf'), '%PDF-1.4\n% not a photograph\n');

    await expect
      .poll(
        async () => (await api.request<{ images: string[] }>(`/api/admin/projects/${project.id}`)).images,
        {
          timeout: 15_000,
        },
      )
      .toHaveLength(4);
    const saved = await api.request<{ images: string[]; image_alts: Record<string, string> }>(
      `/api/admin/projects/${project.id}`,
    );
    expect(saved.images[0]).toBe('/media/existing.jpg');
    expect(saved.image_alts).toEqual({ '/media/existing.jpg': 'The veranda at dusk' });
    const hashes = (await library())
      .filter((item) => item.filename.startsWith('IMG_'))
      .map((item) => item.content_hash);
    for (const bytes of photos) expect(hashes).toContain(sha256(bytes));
    // The PDF is not a photograph: not sent to a project.
    expect(queue.snapshot().items.map((item) => item.name)).not.toContain('brief.pdf');
  });

  it('keeps links across a restart; pause, folder missing, remove', async () => {
    const dir = folder('kept');
    const first = await openApp();
    const link = await first.watched.link(dir, { kind: 'media', folderId: null, label: 'Library' });
    first.watched.pause(link.id);
    await first.watched.stop();

    // Paused: files written meanwhile wait.
    fs.writeFileSync(path.join(dir, 'while-paused.jpg'), await jpeg('#321'));
    const second = await openApp(first.data);
    expect(second.watched.list()).toEqual([expect.objectContaining({ id: link.id, dir, state: 'paused' })]);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(second.queue.snapshot().items).toHaveLength(0);
    second.watched.resume(link.id);
    await expect.poll(() => second.queue.snapshot().totals.done, { timeout: 15_000 }).toBe(1);

    // The folder goes away (an unplugged disk) and comes back.
    fs.renameSync(dir, `${dir}-away`);
    await expect.poll(() => second.watched.list()[0]?.state, { timeout: 5000 }).toBe('missing');
    fs.renameSync(`${dir}-away`, dir);
    await expect.poll(() => second.watched.list()[0]?.state, { timeout: 5000 }).toBe('watching');
    fs.writeFileSync(path.join(dir, 'after-return.jpg'), await jpeg('#654'));
    await expect.poll(() => second.queue.snapshot().totals.done, { timeout: 15_000 }).toBe(2);

    second.watched.remove(link.id);
    await second.watched.flush();
    const third = await openApp(first.data);
    expect(third.watched.list()).toEqual([]);
    // What it sent stays in the library.
    expect((await library()).map((item) => item.filename)).toEqual(
      expect.arrayContaining(['while-paused.jpg', 'after-return.jpg']),
    );
  });
});

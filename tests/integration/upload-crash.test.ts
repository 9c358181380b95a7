/**
 * A server killed while it processes a finished upload (the image decoded and re-encoded) and started again:
 * the upload is processed again, it never looks complete before its library item is committed, and the
 * desktop queue marks a file done only with that item.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../desktop/src/main/api-client';
import { UploadQueue } from '../../desktop/src/main/upload-queue';
import { onPostgres, sqliteOnly } from '../support/backend';
import { type KillableServer, signedInAdmin, startKillableServer } from '../support/desktop';

/**
 * Kills at the least (`UPLOAD_CRASH_RUNS`: `npm run bench` makes 50), and how many of them must land while an
 * upload is processed (one that lands after it is a valid run too).
 */
const RUNS = Number(process.env.UPLOAD_CRASH_RUNS ?? 10);
const MID_PROCESSING = 5;
/** A bound on the runs it may take to land them: a busy machine shifts the kills' timing, never the rule. */
const MAX_RUNS = RUNS + 20;

let server: KillableServer;
let api: ApiClient;
let work: string;

beforeAll(async () => {
  server = await startKillableServer();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-upload-crash-'));
  api = await signedInAdmin(server, work);
});
afterAll(async () => {
  await server?.dispose();
  fs.rmSync(work, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 2000×1500 PNG of random pixels (~9 MB): never identical to another, and a few hundred ms to re-encode. */
async function randomPng(name: string): Promise<string> {
  const [width, height] = [2000, 1500];
  const bytes = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const file = path.join(work, name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** Resolves once the server's staging folder holds all `size` bytes of upload `id` (its last byte is in). */
async function lastByteIn(id: string, size: number) {
  const staged = path.join(server.dataDir, 'tmp-uploads', id);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((fs.statSync(staged, { throwIfNoEntry: false })?.size ?? 0) >= size) return;
    await sleep(2);
  }
  throw new Error('the upload never reached the server whole');
}

async function head(url: string) {
  return fetch(url, {
    method: 'HEAD',
    headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${await api.accessToken()}` },
  });
}

describe.skipIf(onPostgres)(
  sqliteOnly(
    'a crash while an upload is processed',
    'its servers are processes of their own, read through their SQLite files',
  ),
  () => {
    it(
      `keeps every upload acknowledged as done through ${RUNS} or more SIGKILLs during processing`,
      async () => {
        const queue = await UploadQueue.open({
          stateFile: path.join(work, 'queue.json'),
          endpoint: () => `${server.url}/api/admin/uploads`,
          accessToken: () => api.accessToken(),
          retryDelays: Array<number>(120).fill(250),
        });
        let killedWhileProcessing = 0;
        let runs = 0;
        for (; runs < MAX_RUNS && (runs < RUNS || killedWhileProcessing < MID_PROCESSING); runs++) {
          const run = runs;
          const file = await randomPng(`site-${run}.png`);
          const size = fs.statSync(file).size;
          const [added] = await queue.add([file], { folderId: null, bucket: 'projects' });
          await expect
            .poll(() => queue.snapshot().items.find((i) => i.id === added!.id)?.uploadUrl)
            .toBeTruthy();
          const uploadUrl = queue.snapshot().items.find((i) => i.id === added!.id)!.uploadUrl!;
          const id = uploadUrl.split('/').pop()!;
          await lastByteIn(id, size);
          await sleep(60 + Math.random() * 190);
          await server.kill();
          // Still staged: the kill came before the processing ended (it removes the staged copy).
          const staged = fs.existsSync(path.join(server.dataDir, 'tmp-uploads', id));
          if (staged) killedWhileProcessing++;
          await server.start();

          // Never complete before the item exists: HEAD is 423 (processing) or the completed offset with a result.
          const answer = await head(uploadUrl);
          expect([200, 423]).toContain(answer.status);
          if (answer.status === 200) {
            expect(answer.headers.get('upload-offset')).toBe(String(size));
            const result = await fetch(`${uploadUrl}/result`, {
              headers: { authorization: `Bearer ${await api.accessToken()}` },
            });
            expect(result.status).toBe(200);
          }
          await queue.idle();
          const done = queue.snapshot().items.find((i) => i.id === added!.id)!;
          expect(done.status).toBe('done');
          expect(done.result?.item.url).toMatch(/^\/media\/projects\/[0-9a-f]{24}\.png$/);
        }
        expect(
          killedWhileProcessing,
          `kills that landed during processing in ${runs} runs`,
        ).toBeGreaterThanOrEqual(MID_PROCESSING);

        const acknowledged = queue.snapshot().items.filter((item) => item.status === 'done');
        expect(acknowledged).toHaveLength(runs);
        const db = new Database(path.join(server.dataDir, 'atelier.db'), { readonly: true });
        try {
          const ids = new Set(
            (db.prepare('SELECT id FROM media_files').all() as { id: string }[]).map((row) => row.id),
          );
          for (const item of acknowledged) {
            expect(ids.has(item.result!.item.id)).toBe(true);
            const served = await fetch(`${server.url}${item.result!.item.url}`);
            expect(served.status).toBe(200);
            expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(2000);
          }
          // One file per upload: a processing run again after a crash leaves no second copy.
          expect(ids.size).toBe(runs);
          const stored = fs.readdirSync(path.join(server.dataDir, 'uploads', 'projects'));
          expect(stored.filter((name) => !name.endsWith('.tmp'))).toHaveLength(runs);
        } finally {
          db.close();
        }
        expect(fs.readdirSync(path.join(server.dataDir, 'tmp-uploads'))).toEqual([]);
        console.log(
          `upload crash runs: ${runs} SIGKILLs, ${killedWhileProcessing} during processing, ` +
            `${acknowledged.length} uploads acknowledged, each stored once and served`,
        );
      },
      60_000 + MAX_RUNS * 8_000,
    );
  },
);

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCKS_APPLICATION } from '../../server/src/db/postgres';
import { type Running, startServer } from '../../server/src/server';
import { signedInUser } from '../support/auth';
import { onPostgres, sqliteOnly } from '../support/backend';
import { testEnv } from '../support/env';
import { createDatabase, skippedWhy } from '../support/postgres';
import { startS3, type TestS3 } from '../support/s3';
import type { TestServer } from '../support/server';

/**
 * Two servers on one PostgreSQL database, one bucket and one staging folder, as behind a balancer: an upload
 * begun through one continues through the other, one request at a time writes it (a lock per upload across
 * the servers, free at once when its holder's session dies), and a complete upload is processed once.
 */
const postgres = inject('postgres');
const UPLOADS = '/api/admin/uploads';

describe.skipIf('missing' in postgres || onPostgres)(
  sqliteOnly(
    skippedWhy('uploads across two servers', postgres),
    'it starts its own servers on PostgreSQL, in the first pass already',
  ),
  () => {
    let s3: TestS3;
    let staging: string;
    let a: Running;
    let b: Running;
    let sql: pg.Client;
    let token: string;
    const folders: string[] = [];

    async function start(databaseUrl: string, keysFrom?: string): Promise<Running> {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-pg-'));
      folders.push(dataDir);
      // Servers behind one balancer read each other's sessions: the same signing keys.
      if (keysFrom) fs.cpSync(path.join(keysFrom, 'keys'), path.join(dataDir, 'keys'), { recursive: true });
      return startServer(
        testEnv(dataDir, {
          DATABASE_URL: databaseUrl,
          STORAGE_URL: s3.url,
          UPLOAD_STAGING_DIR: staging,
          PASSWORD_HASH: 'fast',
          LOG_LEVEL: 'error',
        }),
      );
    }

    beforeAll(async () => {
      if ('missing' in postgres) return;
      s3 = await startS3();
      staging = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-staging-'));
      folders.push(staging);
      const databaseUrl = await createDatabase(postgres.url);
      a = await start(databaseUrl);
      b = await start(databaseUrl, a.deps.env.dataDir);
      token = (await signedInUser({ url: a.url, running: a } as unknown as TestServer, { role: 'admin' }))
        .tokens.access_token;
      sql = new pg.Client({ connectionString: databaseUrl });
      await sql.connect();
    }, 120_000);
    afterAll(async () => {
      await sql?.end();
      await Promise.all([a?.stop(), b?.stop()]);
      await s3?.stop();
      for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
    });

    const tus = (extra: Record<string, string> = {}) => ({
      authorization: `Bearer ${token}`,
      'Tus-Resumable': '1.0.0',
      ...extra,
    });
    const patchHeaders = (offset: number) =>
      tus({ 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) });

    /** A PNG of random pixels: other bytes at every call, and some work to re-encode. */
    const noisePng = (width = 400, height = 300) =>
      sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
        .png({ compressionLevel: 1 })
        .toBuffer();
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

    async function create(server: Running, size: number): Promise<string> {
      const res = await fetch(`${server.url}${UPLOADS}`, {
        method: 'POST',
        headers: tus({
          'Upload-Length': String(size),
          'Upload-Metadata': `filename ${Buffer.from('kiln.png').toString('base64')}`,
        }),
      });
      expect(res.status, await res.text()).toBe(201);
      return res.headers.get('location')!.split('/').pop()!;
    }
    const head = (server: Running, id: string) =>
      fetch(`${server.url}${UPLOADS}/${id}`, { method: 'HEAD', headers: tus() });
    const patch = (server: Running, id: string, offset: number, bytes: Buffer) =>
      fetch(`${server.url}${UPLOADS}/${id}`, {
        method: 'PATCH',
        headers: patchHeaders(offset),
        body: new Uint8Array(bytes),
      });
    const result = (server: Running, id: string) =>
      fetch(`${server.url}${UPLOADS}/${id}/result`, { headers: tus() });
    const stagedSize = (id: string) => fs.statSync(path.join(staging, id), { throwIfNoEntry: false })?.size;

    /**
     * An upload created through `server` and a PATCH of it there that has sent its first `piece` bytes and holds
     * the rest back: it holds the upload's lock until it ends.
     */
    async function holdingPatch(server: Running, bytes: Buffer, piece: number) {
      const id = await create(server, bytes.length);
      const req = http.request(`${server.url}${UPLOADS}/${id}`, {
        method: 'PATCH',
        headers: { ...patchHeaders(0), 'Content-Length': String(bytes.length) },
      });
      let answer: http.IncomingMessage | 'closed' | undefined;
      req.on('response', (res) => {
        answer = res;
        res.resume();
      });
      // Once answered, the server closes the connection under the rest of the body.
      req.on('error', () => {
        answer ??= 'closed';
      });
      req.write(bytes.subarray(0, piece));
      await expect.poll(() => stagedSize(id), { timeout: 10_000 }).toBe(piece);
      return { id, req, answer: () => answer };
    }

    /** The library row made of `bytes` (by their SHA-256, as the server hashes what it staged). */
    const rowsOf = async (bytes: Buffer) =>
      (await sql.query('SELECT id, path FROM media_files WHERE content_hash = $1', [sha256(bytes)])).rows;

    it('continues through B an upload begun through A, and stores its bytes', async () => {
      const bytes = await noisePng();
      const half = Math.floor(bytes.length / 2);
      const id = await create(a, bytes.length);
      const first = await patch(a, id, 0, bytes.subarray(0, half));
      expect(first.status).toBe(204);
      expect(first.headers.get('upload-offset')).toBe(String(half));

      const offset = await head(b, id);
      expect(offset.status).toBe(200);
      expect(offset.headers.get('upload-offset')).toBe(String(half));
      const rest = await patch(b, id, half, bytes.subarray(half));
      expect(rest.status).toBe(200);
      const { item, deduplicated } = await rest.json();
      expect(deduplicated).toBe(false);

      const rows = await rowsOf(bytes);
      expect(rows.map((row) => row.id)).toEqual([item.id]);
      expect(await s3.keys(rows[0].path)).toEqual([rows[0].path]);
      expect((await (await result(a, id)).json()).item.id).toBe(item.id);
    });

    it("never writes two PATCHes of one upload at once: B's waits until A's, asked to let go, has ended", async () => {
      const bytes = await noisePng();
      const piece = Math.floor(bytes.length / 4);
      const holder = await holdingPatch(a, bytes, piece);
      const { id } = holder;

      // A holds the upload's lock while its body comes; B's PATCH of the rest waits for it.
      const rest = await patch(b, id, piece, bytes.subarray(piece));
      // A was asked to let go and ended where it was before B wrote a byte.
      const answer = holder.answer();
      expect(answer).toBeDefined();
      expect(answer).not.toBe('closed');
      expect((answer as http.IncomingMessage).statusCode).toBe(204);
      expect((answer as http.IncomingMessage).headers['upload-offset']).toBe(String(piece));
      holder.req.destroy();

      expect(rest.status).toBe(200);
      const { item } = await rest.json();
      expect((await rowsOf(bytes)).map((row) => row.id)).toEqual([item.id]);
    });

    it('frees the lock of a PATCH whose database session died, without waiting for it to let go', async () => {
      const bytes = await noisePng();
      const piece = Math.floor(bytes.length / 3);
      const holder = await holdingPatch(b, bytes, piece);
      const { id } = holder;

      const held = `SELECT l.pid FROM pg_locks l JOIN pg_stat_activity s ON s.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND s.application_name = $1 AND s.datname = current_database()`;
      const holders = (await sql.query(held, [LOCKS_APPLICATION])).rows;
      expect(holders).toHaveLength(1);
      // The holding server's connection dies (as when its server is killed): its session's locks go with it.
      await sql.query('SELECT pg_terminate_backend($1)', [holders[0].pid]);
      await expect.poll(async () => (await sql.query(held, [LOCKS_APPLICATION])).rowCount).toBe(0);

      const offset = await head(a, id);
      expect(offset.status).toBe(200);
      expect(offset.headers.get('upload-offset')).toBe(String(piece));
      const rest = await patch(a, id, piece, bytes.subarray(piece));
      expect(rest.status).toBe(200);
      // B's PATCH was never asked to let go: it is still open.
      expect(holder.answer()).toBeUndefined();
      holder.req.destroy();
      const { item } = await rest.json();
      expect((await rowsOf(bytes)).map((row) => row.id)).toEqual([item.id]);
    });

    it('processes once a complete upload both servers find unprocessed', async () => {
      const bytes = await noisePng(800, 600);
      const id = await create(a, bytes.length);
      // All its bytes staged, no result: as a server leaves an upload it was stopped while processing. Both
      // servers take it up at once, as start-up (recover) on one and a client's question (state) on the other do.
      fs.writeFileSync(path.join(staging, id), bytes);
      const staged = JSON.parse(fs.readFileSync(path.join(staging, `${id}.json`), 'utf8'));
      const upload = { ...staged, id, size: bytes.length };
      const [fromA, fromB] = await Promise.all([a.uploads.finish(upload), b.uploads.finish(upload)]);

      // A second run would have answered the first's item as a duplicate (removing the stored file it thought
      // its own), or failed on the staged copy the first removed.
      expect(fromA.deduplicated).toBe(false);
      expect(fromB).toEqual(fromA);
      const rows = await rowsOf(bytes);
      expect(rows.map((row) => row.id)).toEqual([fromA.item.id]);
      const results = await sql.query('SELECT count(*)::int AS n FROM upload_results WHERE id = $1', [id]);
      expect(results.rows[0].n).toBe(1);
      expect(await s3.keys(rows[0].path)).toEqual([rows[0].path]);
      for (const server of [a, b]) {
        expect((await (await result(server, id)).json()).item.id).toBe(fromA.item.id);
        expect((await fetch(`${server.url}${fromA.item.url}`)).status).toBe(200);
      }
      expect(fs.readdirSync(staging).filter((name) => name.startsWith(id))).toEqual([]);
    });
  },
);

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { exclusively } from '../../server/src/db/client';
import { type Running, startServer } from '../../server/src/server';
import { type AdminClient, adminClient } from '../support/admin';
import { signedInUser } from '../support/auth';
import { onPostgres, sqliteOnly } from '../support/backend';
import { testEnv } from '../support/env';
import { readEventStream } from '../support/events';
import { inquiry } from '../support/load';
import { createDatabase, skippedWhy } from '../support/postgres';
import { startS3, type TestS3 } from '../support/s3';
import type { TestServer } from '../support/server';
import { uploadSolidPng } from '../support/tus';

/**
 * The same server on PostgreSQL and S3-compatible storage: its pages, admin API, accounts, inquiries and media
 * run on the parts a deployment beyond one machine uses, through the same services as on SQLite.
 */
const postgres = inject('postgres');

const project = (title: string) => ({
  title,
  description: 'A school of fired brick under deep eaves.',
  category: 'commercial',
  location: 'Zomba',
  client: 'The district',
  completion_date: '2025-02-01',
  status: 'published',
  project_type: 'project',
  images: [],
  image_alts: {},
});

interface PgServer extends Pick<TestServer, 'url' | 'get' | 'post'> {
  running: Running;
  databaseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A server on PostgreSQL and `s3`: on a new database, or on `first`'s with its signing keys. */
async function startPgServer(s3: TestS3, first?: PgServer): Promise<PgServer> {
  if ('missing' in postgres) throw new Error(postgres.missing);
  const databaseUrl = first?.databaseUrl ?? (await createDatabase(postgres.url));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-pg-'));
  if (first) fs.cpSync(path.join(first.dataDir, 'keys'), path.join(dataDir, 'keys'), { recursive: true });
  const running = await startServer(
    testEnv(dataDir, {
      SEED: 'sample',
      DATABASE_URL: databaseUrl,
      STORAGE_URL: s3.url,
      PASSWORD_HASH: 'fast',
      LOG_LEVEL: 'error',
    }),
  );
  return {
    url: running.url,
    running,
    databaseUrl,
    dataDir,
    get: (pathname, init) => fetch(`${running.url}${pathname}`, init),
    post: (pathname, body, init) =>
      fetch(`${running.url}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        ...init,
      }),
    async stop() {
      await running.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.skipIf('missing' in postgres || onPostgres)(
  sqliteOnly(
    skippedWhy('a server on PostgreSQL and S3', postgres),
    'it starts its own servers on PostgreSQL, in the first pass already',
  ),
  () => {
    let s3: TestS3;
    let server: PgServer;
    let admin: AdminClient;
    let sql: pg.Client;
    beforeAll(async () => {
      s3 = await startS3();
      server = await startPgServer(s3);
      admin = await adminClient(server as unknown as TestServer);
      sql = new pg.Client({ connectionString: server.databaseUrl });
      await sql.connect();
    }, 120_000);
    afterAll(async () => {
      await sql?.end();
      await server?.stop();
      await s3?.stop();
    });

    const count = async (table: string) =>
      Number((await sql.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

    it('seeds the sample studio into PostgreSQL and its photographs into the bucket, and renders its pages', async () => {
      expect(await count('projects')).toBeGreaterThan(5);
      expect((await s3.keys('projects/')).length).toBeGreaterThan(5);
      const [first] = (await sql.query("SELECT title, slug FROM projects WHERE status = 'published' LIMIT 1"))
        .rows;
      const page = await server.get(`/projects/${first.slug}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(first.title);
      for (const pathname of ['/', '/blog', '/services', '/about', '/sitemap.xml', '/api/health'])
        expect((await server.get(pathname)).status, pathname).toBe(200);
      const health = await (await server.get('/api/health')).json();
      expect(health.database.migrations).toBeGreaterThan(0);
    });

    it('writes through the admin API: a new project is on the next page, its edit checked by If-Match, its delete in the Trash and back', async () => {
      const before = await (await server.get('/projects?category=commercial')).text();
      expect(before).not.toContain('Zomba Brick School');
      const created = await admin.post('/api/admin/projects', project('Zomba Brick School'));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      // The page cache's version moved with the commit.
      expect(await (await server.get('/projects?category=commercial')).text()).toContain(
        'Zomba Brick School',
      );

      const id = created.body.id as string;
      const stale = `"${created.body.updated_at}"`;
      const edited = await admin.call(
        'PUT',
        `/api/admin/projects/${id}`,
        { ...project('Zomba Brick School II') },
        {
          'if-match': stale,
        },
      );
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const refused = await admin.call('PUT', `/api/admin/projects/${id}`, project('Lost edit'), {
        'if-match': stale,
      });
      expect(refused.status).toBe(409);
      expect((await admin.get(`/api/admin/projects/${id}`)).body.title).toBe('Zomba Brick School II');

      const history = await admin.get(`/api/admin/projects/${id}/revisions`);
      expect(history.status).toBe(200);
      expect(history.body.items.map((r: { mark: string }) => r.mark)).toEqual(['updated', 'created']);

      expect((await admin.del(`/api/admin/projects/${id}`)).status).toBe(204);
      expect((await server.get(`/projects/${created.body.slug}`)).status).toBe(404);
      const trash = await admin.get('/api/admin/trash');
      expect(trash.body.items.map((item: { id: string }) => item.id)).toContain(id);
      expect((await admin.post(`/api/admin/trash/${id}/restore`, {})).status).toBe(200);
      expect((await server.get(`/projects/${created.body.slug}`)).status).toBe(200);
    });

    it('keeps an inquiry with its audit of status changes, and lists it to the admin', async () => {
      const sent = await server.post('/api/inquiries', {
        client_name: 'Chikondi Banda',
        email: 'chikondi@example.mw',
        phone: '+265 999 000 000',
        subject: 'A clinic in Dedza',
        project_type: 'commercial',
        budget: 'under-50k',
        message: 'We would like to talk about a small clinic.',
      });
      expect(sent.status).toBe(201);
      const { id } = await sent.json();
      const listed = await admin.get('/api/admin/inquiries?q=chikondi');
      expect(listed.body.items.map((row: { id: string }) => row.id)).toContain(id);
      const changed = await admin.patch(`/api/admin/inquiries/${id}/status`, { status: 'in_progress' });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect((await sql.query('SELECT status FROM inquiries WHERE id = $1', [id])).rows[0].status).toBe(
        'in_progress',
      );
    });

    it('stores an upload in the bucket once, deduplicated by its bytes, and serves it and its variants', async () => {
      const seed = 0x3a7f21;
      const [one, two] = await Promise.all([
        uploadSolidPng(server.url, admin.token, 'kiln.png', { seed, width: 640, height: 480 }),
        uploadSolidPng(server.url, admin.token, 'kiln-again.png', { seed, width: 640, height: 480 }),
      ]);
      expect(two.id).toBe(one.id);
      expect(
        await count(
          `media_files WHERE content_hash = (SELECT content_hash FROM media_files WHERE id = '${one.id}')`,
        ),
      ).toBe(1);
      const key = one.url.slice('/media/'.length);
      expect(await s3.keys(key)).toEqual([key]);
      const original = await server.get(one.url);
      expect(original.status).toBe(200);
      expect(original.headers.get('content-type')).toBe('image/png');
      const variant = await server.get(`${one.url}?w=480&f=webp`);
      expect(variant.status).toBe(200);
      expect(variant.headers.get('content-type')).toBe('image/webp');
    });

    it('signs in, refreshes and signs out through the session statements', async () => {
      const { email, password } = admin.user;
      const signedIn = await server.post('/auth/v1/token?grant_type=password', { email, password });
      expect(signedIn.status).toBe(200);
      const { refresh_token } = await signedIn.json();
      const refreshed = await server.post('/auth/v1/token?grant_type=refresh_token', { refresh_token });
      expect(refreshed.status).toBe(200);
      const replayed = await server.post('/auth/v1/token?grant_type=refresh_token', { refresh_token });
      // Within the grace period the same successor answers again: the session does not fork.
      expect(replayed.status).toBe(200);
      expect((await replayed.json()).refresh_token).toBe((await refreshed.json()).refresh_token);
    });

    describe('a second server on the same database and bucket', () => {
      let other: PgServer;
      beforeAll(async () => {
        other = await startPgServer(s3, server);
      }, 120_000);
      afterAll(async () => {
        await other?.stop();
      });

      it("shows a write made through one server on the other's cached pages at their next request", async () => {
        const before = await (await other.get('/projects?category=residential')).text();
        expect(before).not.toContain('Likoma Shore House');
        // Cached on the other server now; the write through the first must move its version.
        expect(await (await other.get('/projects?category=residential')).text()).toBe(before);
        const created = await admin.post('/api/admin/projects', {
          ...project('Likoma Shore House'),
          category: 'residential',
        });
        expect(created.status).toBe(201);
        await expect
          .poll(async () => (await other.get('/projects?category=residential')).text(), { timeout: 5_000 })
          .toContain('Likoma Shore House');
      });

      it('tells a stream held by one server of a settings change saved through the other', async () => {
        const renamed = `Studio ${Date.now()}`;
        const text = await readEventStream(
          other.url,
          null,
          (read) => read.includes(renamed),
          async () => {
            const {
              id: _id,
              created_at: _c,
              updated_at: _u,
              ...form
            } = (await admin.get('/api/admin/settings')).body;
            const saved = await admin.put('/api/admin/settings', { ...form, site_name: renamed });
            expect(saved.status, JSON.stringify(saved.body)).toBe(200);
          },
        );
        expect(text).toContain(renamed);
      });

      it('tells a staff stream held by one server of an inquiry sent through the other', async () => {
        const text = await readEventStream(
          other.url,
          admin.token,
          (read) => read.includes('event: inquiry'),
          async () => {
            const sent = await server.post('/api/inquiries', {
              ...inquiry(0),
              client_name: 'Stream Across Servers',
            });
            expect(sent.status).toBe(201);
          },
        );
        expect(text).toMatch(/event: inquiry\ndata: \{"id":"[^"]+","name":"Stream Across Servers"/);
      });

      it('ends on the other server the streams of a person deactivated through one', async () => {
        const editor = await signedInUser(server as unknown as TestServer, { role: 'editor' });
        const response = await fetch(`${other.url}/api/events`, {
          headers: { authorization: `Bearer ${editor.tokens.access_token}` },
        });
        expect(response.status).toBe(200);
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        let text = '';
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          text += chunk.value;
          if (text.includes('event: ready')) break;
        }
        expect(text).toContain('event: ready');
        const deactivated = await admin.post(`/api/admin/users/${editor.id}/deactivate`, {});
        expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
        // The stream ends (rather than the test's 5 s running out).
        const ended = await Promise.race([
          (async () => {
            while (!(await reader.read()).done) {}
            return 'ended';
          })(),
          new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000)),
        ]);
        expect(ended).toBe('ended');
      });

      it('hears changes again once its listening connection dropped and came back', async () => {
        const listening = async () =>
          (
            await sql.query(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'atelier-listen' AND datname = current_database()",
            )
          ).rows[0].n;
        expect(await listening()).toBe(2);
        await sql.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'atelier-listen' AND datname = current_database()",
        );
        await expect.poll(listening, { timeout: 10_000 }).toBe(2);
        // Cached on the other server again, after the reconnection emptied its caches.
        const before = await (await other.get('/projects?category=urban')).text();
        expect(before).not.toContain('Chirimba Market Hall');
        expect(await (await other.get('/projects?category=urban')).text()).toBe(before);
        const created = await admin.post('/api/admin/projects', {
          ...project('Chirimba Market Hall'),
          category: 'urban',
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        await expect
          .poll(async () => (await other.get('/projects?category=urban')).text(), { timeout: 5_000 })
          .toContain('Chirimba Market Hall');
      });

      it('counts the inquiry rate limit across both servers (5 an address in 15 minutes)', async () => {
        const answers: number[] = [];
        for (let i = 0; i < 8; i++) {
          const through = i % 2 === 0 ? server : other;
          const sent = await through.post('/api/inquiries', inquiry(i));
          answers.push(sent.status);
        }
        // Two inquiries from this address came earlier in the file: three more pass, whichever server takes them.
        expect(answers).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
      });

      it("counts a visitor's view of a post once a day across both servers", async () => {
        const [post] = (
          await sql.query(
            "SELECT id, slug, views FROM blog_posts WHERE status = 'published' AND (publish_date IS NULL OR publish_date <= $1) LIMIT 1",
            [new Date().toISOString()],
          )
        ).rows;
        expect((await server.get(`/blog/${post.slug}`)).status).toBe(200);
        expect((await other.get(`/blog/${post.slug}`)).status).toBe(200);
        expect((await server.get(`/blog/${post.slug}`)).status).toBe(200);
        const [after] = (await sql.query('SELECT views FROM blog_posts WHERE id = $1', [post.id])).rows;
        expect(after.views).toBe(post.views + 1);
      });

      it('runs timed work on one server at a time, and on another once the first is done', async () => {
        let release = () => {};
        let started = () => {};
        const running = new Promise<void>((resolve) => {
          started = resolve;
        });
        const first = exclusively(server.running.deps.db, 'test-work', async () => {
          started();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return 'first';
        });
        await running;
        expect(await exclusively(other.running.deps.db, 'test-work', async () => 'second')).toBeUndefined();
        release();
        expect(await first).toBe('first');
        expect(await exclusively(other.running.deps.db, 'test-work', async () => 'third')).toBe('third');
      });
    });
  },
);

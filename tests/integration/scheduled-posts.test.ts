import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ActivityEntry } from '@atelier/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { recordWentLive } from '../../server/src/features/blog-posts/scheduled-posts';
import { type Running, startServer } from '../../server/src/server';
import { type AdminCall, type AdminClient, adminClient, startAdminServer } from '../support/admin';
import { onPostgres, sqliteOnly } from '../support/backend';
import { testEnv } from '../support/env';
import { readEventStream } from '../support/events';
import { createDatabase, skippedWhy } from '../support/postgres';
import type { TestServer } from '../support/server';

/**
 * A scheduled post going live is recorded in the Activity once per post and publish date, dated at that date:
 * by the timer at the time, at start-up for a date that came while no server ran, and by exactly one of two
 * servers on one PostgreSQL database.
 */

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** Resolves once `date` has passed. */
const past = (date: string) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(date) - Date.now() + 50)));

const post = (title: string, publish_date?: string) => ({
  title,
  content: 'Fired brick, deep eaves and a courtyard that keeps the afternoon cool.',
  status: 'published',
  ...(publish_date ? { publish_date } : {}),
});

/** The Activity's 'went_live' entries of a post, through the admin API. */
const wentLive = async (admin: AdminClient, id: string) => {
  const answer = await admin.get('/api/admin/activity?entity_type=blog_post&action=went_live');
  expect(answer.status).toBe(200);
  return (answer.body.items as ActivityEntry[]).filter((entry) => entry.entity_id === id);
};

describe('scheduled posts on one server', () => {
  let server: TestServer;
  let admin: AdminClient;
  beforeAll(async () => {
    ({ server, admin } = await startAdminServer());
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('records a scheduled post going live once, dated at its date, by the system, and tells the staff streams; a post published at once gets none', async () => {
    const date = inSeconds(2);
    let scheduled = { status: 0, body: { id: '' } } as AdminCall;
    let now = scheduled;
    const [staffStream, publicStream] = await Promise.all([
      readEventStream(
        server.url,
        admin.token,
        (text) => text.includes('event: went_live'),
        async () => {
          scheduled = await admin.post('/api/admin/blog-posts', post('Lilongwe Market Roof', date));
          now = await admin.post('/api/admin/blog-posts', post('Zomba Plateau Lodge'));
        },
      ),
      readEventStream(
        server.url,
        null,
        () => false,
        async () => {},
      ),
    ]);
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    expect(scheduled.body.publish_date).toBe(date);
    expect(now.status).toBe(201);
    expect(staffStream).toContain(
      `event: went_live\ndata: ${JSON.stringify({ id: scheduled.body.id, title: 'Lilongwe Market Roof' })}`,
    );
    expect(staffStream).not.toContain(now.body.id);
    expect(publicStream).toContain('event: ready');
    expect(publicStream).not.toContain('went_live');

    await expect
      .poll(async () => (await wentLive(admin, scheduled.body.id)).length, { timeout: 15_000 })
      .toBe(1);
    const [entry] = await wentLive(admin, scheduled.body.id);
    expect(entry).toMatchObject({
      actor: null,
      action: 'went_live',
      entity_type: 'blog_post',
      label: 'Lilongwe Market Roof',
      created_at: date,
    });
    // Looking again, even twice at once, records nothing more.
    const { db } = server.running.deps;
    expect(
      await Promise.all([recordWentLive(db), recordWentLive(db), server.running.schedule.look()]),
    ).toEqual([[], [], 0]);
    expect(await wentLive(admin, scheduled.body.id)).toHaveLength(1);
    expect(await wentLive(admin, now.body.id)).toEqual([]);
  });

  it('gives a post rescheduled to a later date its own entry when it goes live then', async () => {
    const first = inSeconds(2);
    const created = await admin.post('/api/admin/blog-posts', post('Mzuzu Library', first));
    expect(created.status).toBe(201);
    await expect
      .poll(async () => (await wentLive(admin, created.body.id)).length, { timeout: 15_000 })
      .toBe(1);

    const later = inSeconds(2);
    const moved = await admin.put(`/api/admin/blog-posts/${created.body.id}`, post('Mzuzu Library', later));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.publish_date).toBe(later);
    await expect
      .poll(async () => (await wentLive(admin, created.body.id)).length, { timeout: 15_000 })
      .toBe(2);
    const dates = (await wentLive(admin, created.body.id)).map((entry) => entry.created_at);
    expect(dates).toEqual([later, first]);
  });

  it('records at start-up a post whose date came while the server was stopped, once', async () => {
    const date = inSeconds(2);
    const created = await admin.post('/api/admin/blog-posts', post('Salima Clinic', date));
    expect(created.status).toBe(201);
    // Its date passes while nothing records.
    await server.running.schedule.stop();
    await past(date);
    expect(await wentLive(admin, created.body.id)).toEqual([]);
    await server.restart();
    admin = await adminClient(server);
    await expect
      .poll(async () => (await wentLive(admin, created.body.id)).length, { timeout: 15_000 })
      .toBe(1);
    expect((await wentLive(admin, created.body.id))[0]).toMatchObject({ created_at: date });

    await server.restart();
    expect(await server.running.schedule.look()).toBe(0);
    expect(await wentLive(admin, created.body.id)).toHaveLength(1);
  });

  it('records nothing for a scheduled post brought back from the Trash after its date', async () => {
    const date = inSeconds(2);
    const created = await admin.post('/api/admin/blog-posts', post('Karonga Museum', date));
    expect(created.status).toBe(201);
    expect((await admin.del(`/api/admin/blog-posts/${created.body.id}`)).status).toBe(204);
    await past(date);
    expect((await admin.post(`/api/admin/trash/${created.body.id}/restore`, {})).status).toBe(200);
    // Public from its restore on, not from its date: no entry says it went live then.
    expect((await admin.get(`/api/admin/blog-posts/${created.body.id}`)).body.publish_date).toBe(date);
    expect(await server.running.schedule.look()).toBe(0);
    expect(await wentLive(admin, created.body.id)).toEqual([]);
  });
});

const postgres = inject('postgres');

interface PgServer {
  running: Running;
  stop(): Promise<void>;
}

/** A server on the PostgreSQL database at `url`, with nothing seeded and its media in its own folder. */
async function startPgServer(url: string): Promise<PgServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-schedule-'));
  const running = await startServer(
    testEnv(dataDir, { SEED: 'none', DATABASE_URL: url, PASSWORD_HASH: 'fast', LOG_LEVEL: 'error' }),
  );
  return {
    running,
    async stop() {
      await running.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.skipIf('missing' in postgres || onPostgres)(
  sqliteOnly(
    skippedWhy('two servers on one PostgreSQL database', postgres),
    'it starts its own servers on PostgreSQL, in the first pass already',
  ),
  () => {
    let one: PgServer;
    let two: PgServer;
    let admin: AdminClient;
    let sql: pg.Client;
    beforeAll(async () => {
      if ('missing' in postgres) return;
      const url = await createDatabase(postgres.url);
      one = await startPgServer(url);
      two = await startPgServer(url);
      admin = await adminClient({ url: one.running.url, running: one.running } as TestServer);
      sql = new pg.Client({ connectionString: url });
      await sql.connect();
    }, 120_000);
    afterAll(async () => {
      await sql?.end();
      await one?.stop();
      await two?.stop();
    });

    const entries = async (id: string) =>
      (
        await sql.query(
          "SELECT created_at FROM audit_log WHERE action = 'went_live' AND entity_type = 'blog_post' AND entity_id = $1",
          [id],
        )
      ).rows as { created_at: string }[];

    it('records a scheduled post going live exactly once, though both servers have its timer armed', async () => {
      const date = inSeconds(2);
      const created = await admin.post('/api/admin/blog-posts', post('Nkhata Bay Boathouse', date));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      await expect.poll(async () => (await entries(created.body.id)).length, { timeout: 15_000 }).toBe(1);
      // Both look again at once: nothing more.
      await Promise.all([one.running.schedule.look(), two.running.schedule.look()]);
      expect(await entries(created.body.id)).toEqual([{ created_at: date }]);
    });

    it('lets one of two servers recording at the same instant write the entry', async () => {
      // The timers stopped: only the two calls below record.
      await Promise.all([one.running.schedule.stop(), two.running.schedule.stop()]);
      const date = inSeconds(2);
      const created = await admin.post('/api/admin/blog-posts', post('Kasungu Farm School', date));
      expect(created.status).toBe(201);
      await past(date);
      const recorded = await Promise.all([
        recordWentLive(one.running.deps.db),
        recordWentLive(two.running.deps.db),
        recordWentLive(one.running.deps.db),
        recordWentLive(two.running.deps.db),
      ]);
      expect(recorded.flat().map((posted) => posted.id)).toEqual([created.body.id]);
      expect(await entries(created.body.id)).toEqual([{ created_at: date }]);
    });
  },
);

import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { onPostgres, sqliteOnly } from '../support/backend';
import { type Cluster, clusterMissing, startCluster } from '../support/cluster';
import { readEventStream } from '../support/events';
import { inquiry } from '../support/load';
import { startS3, type TestS3 } from '../support/s3';

/**
 * Two server processes (the production bundle) on one PostgreSQL database and one S3 bucket behind Debian's
 * nginx, as docs/deployment.md sets them up: what one server does, the other knows at once, and when one dies
 * under load nothing it acknowledged is lost.
 */
const postgres = inject('postgres');
const missing = clusterMissing(postgres);

const project = (title: string) => ({
  title,
  description: 'A library of rammed earth on a hill.',
  category: 'commercial',
  location: 'Mzuzu',
  client: 'The city',
  completion_date: '2025-06-01',
  status: 'draft',
  project_type: 'project',
  images: [],
  image_alts: {},
});

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One HTTP request on a connection of its own, from `localAddress` when given (a visitor of its own). */
function request(
  url: string,
  options: {
    method?: string;
    body?: string | Buffer;
    headers?: Record<string, string>;
    localAddress?: string;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Sends until an answer comes that is not the balancer's 502/503/504, at most six times, as a client that
 * retries does. Answers the last answer, or null when every attempt failed, and how many attempts it took.
 */
async function withRetries(
  send: () => Promise<Answer>,
): Promise<{ answer: Answer | null; attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    let answer: Answer | null = null;
    try {
      answer = await send();
      if (answer.status < 502 || answer.status > 504) return { answer, attempts: attempt };
    } catch {}
    if (attempt === 6) return { answer, attempts: attempt };
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}

const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

describe.skipIf(missing || onPostgres)(
  sqliteOnly(
    `two servers behind nginx${missing ? ` (skipped: ${missing})` : ''}`,
    'it starts its own servers on PostgreSQL, in the first pass already',
  ),
  () => {
    let s3: TestS3;
    let cluster: Cluster;
    let sql: pg.Client;
    let token: string;
    const server = (index: number) => cluster.servers[index]!.url;

    beforeAll(async () => {
      if ('missing' in postgres) return;
      s3 = await startS3();
      cluster = await startCluster({ postgresUrl: postgres.url, storageUrl: s3.url });
      sql = new pg.Client({ connectionString: cluster.databaseUrl });
      await sql.connect();
      const signIn = await request(`${cluster.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: cluster.admin.email, password: cluster.admin.password }),
      });
      expect(signIn.status, signIn.body).toBe(200);
      token = JSON.parse(signIn.body).access_token;
    }, 180_000);

    afterAll(async () => {
      await sql?.end();
      await cluster?.stop();
      await s3?.stop();
    });

    it('answers through nginx from both servers, each signing in with the keys of the other', async () => {
      // Round robin: consecutive requests reach both servers; a token issued by one is read by the other.
      for (const origin of [server(0), server(1), cluster.url, cluster.url]) {
        const me = await request(`${origin}/api/admin/projects?limit=1`, { headers: json(token) });
        expect(me.status, `${origin}: ${me.body}`).toBe(200);
      }
    });

    it("shows a write made through one server on the other's pages on the next request", async () => {
      const created = await request(`${server(0)}/api/admin/projects`, {
        method: 'POST',
        headers: json(token),
        body: JSON.stringify({ ...project('Likoma Chapel House'), status: 'published' }),
      });
      expect(created.status, created.body).toBe(201);
      const { slug } = JSON.parse(created.body) as { slug: string };
      const page = await request(`${server(1)}/projects/${slug}`, {});
      expect(page.status).toBe(200);
      expect(page.body.includes('Likoma Chapel House')).toBe(true);
      const list = await request(`${server(1)}/projects?category=commercial`, {});
      expect(list.body.includes('Likoma Chapel House')).toBe(true);
    });

    it('delivers an event raised through one server to a stream held by the other', async () => {
      const text = await readEventStream(
        server(1),
        null,
        (read) => read.includes('Nkhata Bay Studio'),
        async () => {
          const current = await request(`${server(0)}/api/admin/settings`, { headers: json(token) });
          const { id: _id, created_at: _c, updated_at: _u, ...form } = JSON.parse(current.body);
          const saved = await request(`${server(0)}/api/admin/settings`, {
            method: 'PUT',
            headers: json(token),
            body: JSON.stringify({ ...form, site_name: 'Nkhata Bay Studio' }),
          });
          expect(saved.status, saved.body).toBe(200);
        },
      );
      expect(text).toContain('Nkhata Bay Studio');
    });

    it('tells a staff stream held by one server of an inquiry sent through the other', async () => {
      const text = await readEventStream(
        server(1),
        token,
        (read) => read.includes('event: inquiry'),
        async () => {
          const sent = await request(`${server(0)}/api/inquiries`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ...inquiry(8000), client_name: 'Visitor Across Processes' }),
            localAddress: '127.0.8.8',
          });
          expect(sent.status, sent.body).toBe(201);
        },
      );
      expect(text).toContain('"name":"Visitor Across Processes"');
    });

    it('records a scheduled post going live once, though both servers wait for its date', async () => {
      const date = new Date(Date.now() + 3_000).toISOString();
      const created = await request(`${cluster.url}/api/admin/blog-posts`, {
        method: 'POST',
        headers: json(token),
        body: JSON.stringify({
          title: 'The Brick Kilns of Dedza',
          content: 'Fired brick, deep eaves and a courtyard that keeps the afternoon cool.',
          status: 'published',
          publish_date: date,
        }),
      });
      expect(created.status, created.body).toBe(201);
      const { id, slug } = JSON.parse(created.body) as { id: string; slug: string };
      const entries = async () =>
        (
          await sql.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM audit_log WHERE action = 'went_live' AND entity_id = $1",
            [id],
          )
        ).rows[0]!.n;
      expect(await entries()).toBe(0);
      expect((await request(`${server(1)}/blog/${slug}`, {})).status).toBe(404);
      await expect.poll(entries, { timeout: 15_000, interval: 250 }).toBe(1);
      // Both servers' timers have fired by now (each looks at the date, and again every minute at most).
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await entries()).toBe(1);
      for (const index of [0, 1])
        expect((await request(`${server(index)}/blog/${slug}`, {})).status).toBe(200);
    });

    it('counts the inquiry rate limit across both servers', async () => {
      // One visitor (one address) sends through each server in turn: the sixth within the window is refused.
      const visitor = '127.0.9.9';
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await request(`${server(i % 2)}/api/inquiries`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(inquiry(9000 + i)),
          localAddress: visitor,
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    });

    it('loses no acknowledged write when one server is killed under 30 s of mixed load; retries succeed through ' +
      'the other, and an upload begun on the killed server completes through it', async () => {
      // A photograph begun on server 0, half its bytes sent there.
      const noise = Buffer.alloc(600 * 400 * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
      const photo = await sharp(noise, { raw: { width: 600, height: 400, channels: 3 } })
        .jpeg({ quality: 95 })
        .toBuffer();
      const begun = await request(`${server(0)}/api/admin/uploads`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          'upload-length': String(photo.length),
          'upload-metadata': `filename ${Buffer.from('cluster.jpg').toString('base64')},bucket ${Buffer.from('projects').toString('base64')}`,
        },
      });
      expect(begun.status, begun.body).toBe(201);
      const uploadPath = new URL(begun.headers.location!, server(0)).pathname;
      const half = Math.floor(photo.length / 2);
      const patch = (origin: string, offset: number, bytes: Buffer) =>
        request(`${origin}${uploadPath}`, {
          method: 'PATCH',
          headers: {
            authorization: `Bearer ${token}`,
            'tus-resumable': '1.0.0',
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
          },
          body: bytes,
        });
      expect((await patch(server(0), 0, photo.subarray(0, half))).status).toBe(204);

      // Each client has a project of its own that it keeps renaming; all create projects and send inquiries.
      const clients = 6;
      const own: string[] = [];
      for (let c = 0; c < clients; c++) {
        const made = await request(`${cluster.url}/api/admin/projects`, {
          method: 'POST',
          headers: json(token),
          body: JSON.stringify(project(`Load house ${c}`)),
        });
        expect(made.status, made.body).toBe(201);
        own.push(JSON.parse(made.body).id);
      }
      const acknowledged = { inquiries: [] as string[], projects: [] as string[] };
      // Per client, the titles it sent in order, and how many of them had been acknowledged at the last answer.
      const attempted: string[][] = own.map(() => []);
      const lastAcknowledged: number[] = own.map(() => -1);
      const failed: string[] = [];
      let retried = 0;
      let afterKill = 0;
      let killed = false;
      let visitors = 0;
      const started = Date.now();
      const loop = async (c: number) => {
        for (let n = 0; Date.now() - started < 30_000; n++) {
          const kind = n % 4;
          let send: () => Promise<Answer>;
          let expected = 201;
          if (kind === 0) {
            send = () => request(`${cluster.url}/${n % 8 === 0 ? 'projects' : ''}`, {});
            expected = 200;
          } else if (kind === 1) {
            const visitor = visitors++;
            const localAddress = `127.1.${(visitor >> 8) & 255}.${visitor & 255}`;
            send = () =>
              request(`${cluster.url}/api/inquiries`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(inquiry(visitor)),
                localAddress,
              });
          } else if (kind === 2) {
            send = () =>
              request(`${cluster.url}/api/admin/projects`, {
                method: 'POST',
                headers: json(token),
                body: JSON.stringify(project(`Client ${c} house ${n}`)),
              });
          } else {
            const title = `Load house ${c} take ${n}`;
            attempted[c]!.push(title);
            const index = attempted[c]!.length - 1;
            expected = 200;
            send = () =>
              request(`${cluster.url}/api/admin/projects/${own[c]}`, {
                method: 'PUT',
                headers: json(token),
                body: JSON.stringify(project(title)),
              });
            const { answer, attempts } = await withRetries(send);
            retried += attempts - 1;
            if (killed) afterKill += 1;
            if (answer?.status === 200) lastAcknowledged[c] = index;
            else failed.push(`rename: ${answer?.status ?? 'no answer'} ${answer?.body ?? ''}`);
            continue;
          }
          const { answer, attempts } = await withRetries(send);
          retried += attempts - 1;
          if (killed) afterKill += 1;
          if (answer?.status !== expected) {
            failed.push(`${kind}: ${answer?.status ?? 'no answer'} ${answer?.body.slice(0, 200) ?? ''}`);
            continue;
          }
          if (kind === 1) acknowledged.inquiries.push(JSON.parse(answer.body).id);
          if (kind === 2) acknowledged.projects.push(JSON.parse(answer.body).id);
        }
      };
      const load = Promise.all(Array.from({ length: clients }, (_, c) => loop(c)));
      await new Promise((resolve) => setTimeout(resolve, 9_500));
      // The second half starts to trickle into server 0, which dies while receiving it.
      const trickle = new Promise<void>((resolve) => {
        const req = http.request(`${server(0)}${uploadPath}`, {
          method: 'PATCH',
          agent: false,
          headers: {
            authorization: `Bearer ${token}`,
            'tus-resumable': '1.0.0',
            'upload-offset': String(half),
            'content-type': 'application/offset+octet-stream',
            'content-length': String(photo.length - half),
          },
        });
        req.on('error', () => resolve());
        req.on('response', () => resolve());
        let sent = half;
        const piece = () => {
          if (sent >= photo.length - 4096) return;
          req.write(photo.subarray(sent, sent + 4096));
          sent += 4096;
          setTimeout(piece, 25);
        };
        piece();
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const victim = cluster.servers[0]!;
      victim.child.kill('SIGKILL');
      killed = true;
      await victim.exited;
      expect(victim.child.signalCode).toBe('SIGKILL');

      // The rest of the photograph goes through the balancer, which has only server 1 left: it knows how much
      // server 0 had stored, and takes the rest.
      const head = await request(`${cluster.url}${uploadPath}`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
      });
      await trickle;
      expect(head.status).toBe(200);
      const offset = Number(head.headers['upload-offset']);
      expect(offset).toBeGreaterThan(half);
      expect(offset).toBeLessThan(photo.length);
      const finished = await patch(cluster.url, offset, photo.subarray(offset));
      expect(finished.status, finished.body).toBe(200);
      const { item } = JSON.parse(finished.body) as { item: { id: string; url: string } };
      const stored = await sql.query<{ content_hash: string }>(
        'SELECT content_hash FROM media_files WHERE id = $1',
        [item.id],
      );
      expect(stored.rows[0]?.content_hash).toBe(createHash('sha256').update(photo).digest('hex'));
      const served = await request(`${cluster.url}${item.url}`, {});
      expect(served.status).toBe(200);

      await load;
      expect(failed).toEqual([]);
      expect(afterKill).toBeGreaterThan(0);
      const count = async (table: string, ids: string[]) =>
        (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1)`, [ids]))
          .rows[0]!.n;
      expect(acknowledged.inquiries.length).toBeGreaterThan(0);
      expect(await count('inquiries', acknowledged.inquiries)).toBe(new Set(acknowledged.inquiries).size);
      expect(acknowledged.projects.length).toBeGreaterThan(0);
      expect(await count('projects', acknowledged.projects)).toBe(new Set(acknowledged.projects).size);
      // Each renamed project holds its last acknowledged title (a later one cannot exist: every rename was
      // answered before the next was sent, and none failed).
      const titles = await sql.query<{ id: string; title: string }>(
        'SELECT id, title FROM projects WHERE id = ANY($1)',
        [own],
      );
      for (const [c, id] of own.entries()) {
        const title = titles.rows.find((row) => row.id === id)?.title;
        expect(title).toBe(attempted[c]![lastAcknowledged[c]!]);
      }
      console.info(
        `several servers: ${acknowledged.inquiries.length} inquiries and ${acknowledged.projects.length} projects ` +
          `acknowledged, ${retried} retries, ${afterKill} operations after the kill`,
      );
    }, 120_000);
  },
);

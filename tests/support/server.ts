import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, inject, vi } from 'vitest';
import { connectionOf } from '../../server/src/db/client';
import { postgresOf } from '../../server/src/db/postgres';
import { type Running, startServer } from '../../server/src/server';
import { onPostgres } from './backend';
import { testEnv } from './env';
import { bucketUrl } from './s3';
import { openPostgresTestDb, openSqliteTestDb, type TestDb } from './test-db';

export interface TestServer {
  url: string;
  dataDir: string;
  running: Running;
  /** A second connection to the server's database, for assertions and for arranging rows. */
  db: TestDb;
  /** Where its data is besides `dataDir` (PostgreSQL + S3: DATABASE_URL, STORAGE_URL), for the CLI. */
  env: Record<string, string>;
  get(pathname: string, init?: RequestInit): Promise<Response>;
  post(pathname: string, body: unknown, init?: RequestInit): Promise<Response>;
  /** Stops the server and starts it again on the same data (never seeding), with `env` added. */
  restart(env?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Copies the seeded template into a fresh data directory: the database, and a link to its images shared by
 * every test, or with `ownFiles` a copy of them (for a server that deletes sample files). SQLite only.
 */
export function copyTemplate({ ownFiles = false } = {}): string {
  const template = inject('templateDir');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
  fs.copyFileSync(path.join(template, 'atelier.db'), path.join(dataDir, 'atelier.db'));
  if (ownFiles) fs.cpSync(path.join(template, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
  else fs.symlinkSync(path.join(template, 'uploads'), path.join(dataDir, 'uploads'));
  return dataDir;
}

/** Where a test server keeps its data besides its data directory, and how to reach and remove it. */
interface Backend {
  env: Record<string, string>;
  /** `changes`: the changes the running server has heard (PostgreSQL's change channel). */
  open(changes: () => number): TestDb;
  remove(): Promise<void>;
}

/** SQLite and the local disk: everything is in the data directory. */
function sqliteBackend(dataDir: string): Backend {
  return { env: {}, open: () => openSqliteTestDb(path.join(dataDir, 'atelier.db')), remove: async () => {} };
}

/** One statement on the cluster's `postgres` database (CREATE and DROP DATABASE run outside a transaction). */
async function clusterQuery(clusterUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL + S3: a database of its own in the run's cluster (a copy of the seeded template, or empty) and a
 * bucket of its own on the run's s3rver (a copy of the template bucket's folder, or empty), so a server that
 * deletes sample files deletes only its own.
 */
async function postgresBackend(empty: boolean): Promise<Backend> {
  const template = inject('pgTemplate');
  if (!template) throw new Error('ATELIER_TEST_BACKEND=postgres without the template the global setup seeds');
  const name = `t${crypto.randomBytes(6).toString('hex')}`;
  await clusterQuery(
    template.clusterUrl,
    `CREATE DATABASE "${name}"${empty ? '' : ` TEMPLATE "${template.database}"`}`,
  );
  const bucket = path.join(template.s3Directory, name);
  if (empty) fs.mkdirSync(bucket);
  else fs.cpSync(path.join(template.s3Directory, template.bucket), bucket, { recursive: true });
  const url = new URL(template.clusterUrl);
  url.pathname = `/${name}`;
  // The server signs its S3 requests with s3rver's keys, read from the usual AWS variables.
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  return {
    env: { DATABASE_URL: url.toString(), STORAGE_URL: bucketUrl(name, template.endpoint) },
    open: (changes) =>
      openPostgresTestDb(url.toString(), async () => {
        const before = changes();
        await vi.waitFor(() => expect(changes()).toBeGreaterThan(before), { timeout: 5000, interval: 5 });
      }),
    async remove() {
      await clusterQuery(template.clusterUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      fs.rmSync(bucket, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the real server over HTTP on a free loopback port: seeded sample content, or empty, on the suite's
 * backend (tests/support/backend.ts). `ownFiles`: the sample's images copied, not shared (a server that removes
 * sample content must not remove other tests'; on S3 every server has its own bucket).
 */
export async function startTestServer(
  options: { content?: 'sample' | 'empty'; env?: Record<string, string>; ownFiles?: boolean } = {},
): Promise<TestServer> {
  const empty = options.content === 'empty';
  const dataDir =
    empty || onPostgres
      ? fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'))
      : copyTemplate({ ownFiles: options.ownFiles });
  const backend = onPostgres ? await postgresBackend(empty) : sqliteBackend(dataDir);
  const env = (extra: Record<string, string>) => testEnv(dataDir, { ...backend.env, ...extra });
  let running = await startServer(env({ SEED: empty ? 'none' : 'sample', ...options.env }));
  const db = backend.open(() => postgresOf(connectionOf(running.deps.db))?.changeCount() ?? 0);
  return {
    get url() {
      return running.url;
    },
    dataDir,
    env: backend.env,
    get running() {
      return running;
    },
    db,
    get: (pathname, init) => fetch(`${running.url}${pathname}`, init),
    post: (pathname, body, init) =>
      fetch(`${running.url}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        ...init,
      }),
    async restart(extra = {}) {
      await running.stop();
      running = await startServer(env({ ...options.env, ...extra, SEED: 'none' }));
    },
    async stop() {
      await db.close();
      await running.stop();
      await backend.remove();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { inject } from 'vitest';
import { type Running, startServer } from '../../server/src/server';
import { testEnv } from './env';

export interface TestServer {
  url: string;
  dataDir: string;
  running: Running;
  /** A second connection to the server's database file, for assertions and for arranging rows. */
  sql: Database.Database;
  get(pathname: string, init?: RequestInit): Promise<Response>;
  post(pathname: string, body: unknown, init?: RequestInit): Promise<Response>;
  /** Stops the server and starts it again on the same data directory (never seeding), with `env` added. */
  restart(env?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Copies the seeded template into a fresh data directory: the database, and a link to its images shared by
 * every test, or with `ownFiles` a copy of them (for a server that deletes sample files).
 */
export function copyTemplate({ ownFiles = false } = {}): string {
  const template = inject('templateDir');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
  fs.copyFileSync(path.join(template, 'atelier.db'), path.join(dataDir, 'atelier.db'));
  if (ownFiles) fs.cpSync(path.join(template, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
  else fs.symlinkSync(path.join(template, 'uploads'), path.join(dataDir, 'uploads'));
  return dataDir;
}

/**
 * Starts the real server over HTTP on a free loopback port: seeded sample content, or empty. `ownFiles`: the
 * sample's images copied, not shared (a server that removes sample content must not remove other tests').
 */
export async function startTestServer(
  options: { content?: 'sample' | 'empty'; env?: Record<string, string>; ownFiles?: boolean } = {},
): Promise<TestServer> {
  const empty = options.content === 'empty';
  const dataDir = empty
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'))
    : copyTemplate({ ownFiles: options.ownFiles });
  let running = await startServer(testEnv(dataDir, { SEED: empty ? 'none' : 'sample', ...options.env }));
  const sql = new Database(path.join(dataDir, 'atelier.db'));
  sql.pragma('busy_timeout = 5000');
  return {
    get url() {
      return running.url;
    },
    dataDir,
    get running() {
      return running;
    },
    sql,
    get: (pathname, init) => fetch(`${running.url}${pathname}`, init),
    post: (pathname, body, init) =>
      fetch(`${running.url}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        ...init,
      }),
    async restart(env = {}) {
      await running.stop();
      running = await startServer(testEnv(dataDir, { ...options.env, ...env, SEED: 'none' }));
    },
    async stop() {
      sql.close();
      await running.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

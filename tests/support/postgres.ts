import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort } from './process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throw-away cluster's URL (its `postgres` database), or why there is none. */
    postgres: { url: string } | { missing: string };
  }
}

/** A throw-away PostgreSQL cluster: a temp folder, a free loopback port, trust auth. */
export interface PostgresCluster {
  /** The URL of its `postgres` database, as the superuser `postgres`. */
  url: string;
  stop(): Promise<void>;
}

/** The folder of Debian's `initdb` and `pg_ctl` (the newest version installed), or null. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/**
 * `initdb` into a new temp folder and start it on a free loopback port, the socket in the folder too, without
 * fsync (a test's data need not survive a power cut). PostgreSQL refuses to run as root: as root, the cluster's
 * folder is given to the `postgres` user (Debian's package makes it; made here where it is missing) and its
 * programs run as that user.
 */
export async function startPostgres(): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('No PostgreSQL (initdb) under /usr/lib/postgresql/*/bin');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, program);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args;
    execFileSync(command, fullArgs, { stdio: 'pipe', cwd: dir });
  };
  if (asRoot) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      execFileSync('useradd', [
        '--system',
        '--user-group',
        '--no-create-home',
        '--shell',
        '/bin/false',
        'postgres',
      ]);
    }
    execFileSync('chown', ['postgres:postgres', dir]);
  }
  const data = path.join(dir, 'data');
  run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  const port = await freePort();
  const options = `-p ${port} -h 127.0.0.1 -k ${dir} -F -c shared_buffers=16MB -c max_connections=60`;
  run('pg_ctl', ['start', '-w', '-D', data, '-l', path.join(dir, 'log'), '-o', options]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run('pg_ctl', ['stop', '-D', data, '-m', 'immediate']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A new, empty database of the cluster at `clusterUrl`; returns its URL. */
export async function createDatabase(
  clusterUrl: string,
  name = `t_${crypto.randomBytes(6).toString('hex')}`,
) {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The vitest global setup: one cluster for the whole run, stopped at its end; each test file makes its own
 * databases in it (`createDatabase(inject('postgres').url)`). Where PostgreSQL is not installed, the tests
 * that need it are told why and skip.
 */
export default async function setup(project: TestProject) {
  if (!findPostgresBin()) {
    project.provide('postgres', {
      missing:
        "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): `npm test` installs Debian's postgresql with apt as root",
    });
    return;
  }
  const cluster = await startPostgres();
  project.provide('postgres', { url: cluster.url });
  return () => cluster.stop();
}

/** A suite's title, saying why it is skipped where PostgreSQL is missing. */
export const skippedWhy = (title: string, postgres: { url: string } | { missing: string }) =>
  'missing' in postgres ? `${title} (skipped: ${postgres.missing})` : title;

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { onPostgres, sqliteOnly } from '../support/backend';
import { inquiry } from '../support/load';
import { runCli, spawnServer } from '../support/process';
import { copyTemplate, startTestServer, type TestServer } from '../support/server';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-lifecycle-'));
/** The one backup folder `pnpm atelier backup <dir>` made in `dir`. */
const backupIn = (dir: string) =>
  path.join(dir, fs.readdirSync(dir).find((name) => name.startsWith('atelier-'))!);

describe.skipIf(onPostgres)(
  sqliteOnly('graceful shutdown', 'it reads the SQLite file and its WAL of a server process of its own'),
  () => {
    it('loses no acknowledged inquiry when SIGTERM arrives under load', async () => {
      const dataDir = tempDir();
      const { child, url, exited } = await spawnServer({ DATA_DIR: dataDir, SEED: 'none', BENCH: 'true' });
      const acknowledged: string[] = [];
      let sent = 0;
      const send = async () => {
        while (true) {
          const n = sent++;
          try {
            const res = await fetch(`${url}/api/inquiries`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(inquiry(n)),
            });
            if (res.status !== 201) return;
            acknowledged.push(((await res.json()) as { id: string }).id);
          } catch {
            return; // refused once the server stopped listening
          }
        }
      };
      const senders = Array.from({ length: 8 }, send);
      // Signalled once writes are flowing (counted, not timed: fsync speed varies with the machine).
      while (acknowledged.length < 25) await new Promise((r) => setTimeout(r, 20));
      child.kill('SIGTERM');
      await Promise.all(senders);
      expect(await exited).toBe(0);
      expect(acknowledged.length).toBeGreaterThan(20);

      const db = new Database(path.join(dataDir, 'atelier.db'), { readonly: true });
      const stored = new Set(
        (db.prepare('SELECT id FROM inquiries').all() as { id: string }[]).map((r) => r.id),
      );
      db.close();
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      expect(
        fs.existsSync(path.join(dataDir, 'atelier.db-wal'))
          ? fs.statSync(path.join(dataDir, 'atelier.db-wal')).size
          : 0,
      ).toBe(0);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
  },
);

describe.skipIf(onPostgres)(
  sqliteOnly(
    'backup and restore',
    "backups are SQLite's: on PostgreSQL the database is backed up with pg_dump and the server refuses them",
  ),
  () => {
    let server: TestServer | undefined;
    afterEach(async () => {
      await server?.stop();
      server = undefined;
    });

    it('backs up a live database under writes and restores every row', async () => {
      server = await startTestServer({ env: { BENCH: 'true' } });
      const live = server;
      const before: string[] = [];
      let writing = true;
      let n = 0;
      const writer = (async () => {
        while (writing) {
          const res = await live.post('/api/inquiries', inquiry(n++));
          before.push(((await res.json()) as { id: string }).id);
        }
      })();
      while (before.length < 10) await new Promise((r) => setTimeout(r, 20));
      const acknowledgedBeforeBackup = [...before];
      const backupDir = tempDir();
      const backup = await runCli(['backup', backupDir], { DATA_DIR: live.dataDir });
      writing = false;
      await writer;
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(/Backed up .* media files/);
      const backupFolder = backupIn(backupDir);
      // The master secret travels with the backup: without it the restored TOTP secrets are unreadable.
      const liveKey = fs.readFileSync(path.join(live.dataDir, 'keys', 'secret.key'));
      const savedKey = path.join(backupFolder, 'keys', 'secret.key');
      expect(fs.readFileSync(savedKey).equals(liveKey)).toBe(true);
      expect(fs.statSync(savedKey).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(backupFolder, 'keys')).mode & 0o777).toBe(0o700);

      const restoreDir = tempDir();
      const restore = await runCli(['restore', backupFolder], { DATA_DIR: restoreDir });
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toMatch(/Checked \d+ files and restored/);

      const restored = new Database(path.join(restoreDir, 'atelier.db'), { readonly: true });
      expect(restored.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = new Set(
        (restored.prepare('SELECT id FROM inquiries').all() as { id: string }[]).map((r) => r.id),
      );
      expect(acknowledgedBeforeBackup.length).toBeGreaterThan(5);
      expect(acknowledgedBeforeBackup.filter((id) => !ids.has(id))).toEqual([]);
      for (const table of [
        'projects',
        'blog_posts',
        'services',
        'team_members',
        'youtube_videos',
        'site_settings',
      ]) {
        const query = `SELECT count(*) AS n FROM ${table}`;
        expect(restored.prepare(query).get(), table).toEqual(await live.db.get(query));
      }
      restored.close();

      // The restored folder serves: the server starts on it, answers, and keeps its files private.
      const { child, url, exited } = await spawnServer({ DATA_DIR: restoreDir, SEED: 'none' });
      try {
        expect((await fetch(`${url}/api/health`)).status).toBe(200);
        expect(fs.statSync(restoreDir).mode & 0o777).toBe(0o700);
        expect(fs.statSync(path.join(restoreDir, 'atelier.db')).mode & 0o777).toBe(0o600);
        // The server runs on the restored keys rather than making new ones.
        expect(fs.readFileSync(path.join(restoreDir, 'keys', 'secret.key')).equals(liveKey)).toBe(true);
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
      const reopened = new Database(path.join(restoreDir, 'atelier.db'), { readonly: true });
      const after = new Set(
        (reopened.prepare('SELECT id FROM inquiries').all() as { id: string }[]).map((r) => r.id),
      );
      reopened.close();
      expect(acknowledgedBeforeBackup.filter((id) => !after.has(id))).toEqual([]);
      fs.rmSync(restoreDir, { recursive: true, force: true });
    }, 120_000);

    it('keeps the replaced database beside a restore, and refuses a folder that is not a backup', async () => {
      const dataDir = copyTemplate();
      const keyFile = (dir: string) => path.join(dataDir, dir, 'secret.key');
      fs.mkdirSync(path.join(dataDir, 'keys'));
      fs.writeFileSync(keyFile('keys'), 'the key of the backup');
      const backupDir = tempDir();
      expect((await runCli(['backup', backupDir], { DATA_DIR: dataDir })).code).toBe(0);
      fs.writeFileSync(keyFile('keys'), 'a key made after the backup');
      expect((await runCli(['restore', backupIn(backupDir)], { DATA_DIR: dataDir })).code).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'atelier.db.before-restore'))).toBe(true);
      expect(fs.readFileSync(keyFile('keys'), 'utf8')).toBe('the key of the backup');
      expect(fs.readFileSync(keyFile('keys.before-restore'), 'utf8')).toBe('a key made after the backup');

      const junk = tempDir();
      fs.writeFileSync(path.join(junk, 'atelier.db'), 'this is not SQLite');
      const refused = await runCli(['restore', junk], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/Error: .* is not an Atelier backup/);
      const db = new Database(path.join(dataDir, 'atelier.db'), { readonly: true });
      expect((db.prepare('SELECT count(*) AS n FROM projects').get() as { n: number }).n).toBeGreaterThan(20);
      db.close();
    });

    it('explains its usage when restore is called without a backup', async () => {
      const result = await runCli(['restore'], { DATA_DIR: tempDir() });
      expect(result.code).toBe(2);
      expect(result.output).toContain('Usage: pnpm atelier');
    });
  },
);

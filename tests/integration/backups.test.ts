/**
 * Complete backups: the database, the keys and the media library together, made while the studio works,
 * restored byte for byte into a fresh folder, refused when a file was changed; incremental (unchanged media
 * linked), rotated 7 daily + 4 weekly, made by the server itself at the scheduled time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBackups } from '../../server/src/features/backups/backup-folder';
import {
  backupScheduler,
  listBackupItems,
  runBackup,
} from '../../server/src/features/backups/backups.service';
import { type AdminClient, adminClient } from '../support/admin';
import { onPostgres, sqliteOnly } from '../support/backend';
import { inquiry } from '../support/load';
import { runCli } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';
import { tusUpload } from '../support/tus';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-backups-'));

let server: TestServer;
let admin: AdminClient;
let backupDir: string;

beforeAll(async () => {
  backupDir = tempDir();
  server = await startTestServer({
    content: 'empty',
    env: { PASSWORD_HASH: 'fast', BENCH: 'true', BACKUP_DIR: backupDir },
  });
  admin = await adminClient(server);
});
afterAll(() => server.stop());

/** A project with two photographs of its own, uploaded with tus; answers the project's id and image URLs. */
async function projectWithImages(n: number) {
  const urls: string[] = [];
  for (const shade of [n % 250, 255 - (n % 250)]) {
    const bytes = await sharp({
      create: { width: 24, height: 16, channels: 3, background: { r: shade, g: n % 200, b: 90 } },
    })
      .png()
      .toBuffer();
    const { status, body } = await tusUpload(server.url, admin.token, bytes, {
      filename: `p${n}-${shade}.png`,
    });
    expect(status).toBe(200);
    urls.push(body.item.url);
  }
  const created = await admin.post('/api/admin/projects', {
    title: `Drill house ${n}`,
    description: 'Written during a backup.',
    category: 'residential',
    location: 'Zomba',
    client: 'The drill',
    completion_date: '2026-01-31',
    status: 'published',
    project_type: 'project',
    images: urls,
    image_alts: Object.fromEntries(urls.map((url, i) => [url, `Photograph ${i + 1} of drill house ${n}`])),
    thumbnail: urls[0],
  });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, urls };
}

const mediaFile = (dataDir: string, url: string) =>
  path.join(dataDir, 'uploads', url.slice('/media/'.length));

describe.skipIf(onPostgres)(
  sqliteOnly(
    'a backup made while the studio works',
    "backups are SQLite's: on PostgreSQL the database is backed up with pg_dump and the server refuses them",
  ),
  () => {
    it('restores into a fresh folder every acknowledged row and every file it names, byte-identical', async () => {
      const projects: { id: string; urls: string[] }[] = [];
      const inquiries: string[] = [];
      let working = true;
      const adminLoop = (async () => {
        for (let n = 0; working; n += 1) projects.push(await projectWithImages(n));
      })();
      const visitorLoop = (async () => {
        for (let n = 0; working; n += 1) {
          const res = await server.post('/api/inquiries', inquiry(n));
          expect(res.status).toBe(201);
          inquiries.push(((await res.json()) as { id: string }).id);
        }
      })();
      while (projects.length < 3 || inquiries.length < 10) await new Promise((r) => setTimeout(r, 20));
      const acknowledged = { projects: [...projects], inquiries: [...inquiries] };
      const made = await admin.post('/api/admin/backups', {});
      working = false;
      await Promise.all([adminLoop, visitorLoop]);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body).toMatchObject({ status: 'ok', error: null });
      expect(made.body.media_files).toBeGreaterThanOrEqual(acknowledged.projects.length * 2);
      const [backup] = listBackups(backupDir);
      expect(backup!.name).toBe(made.body.name);

      const restored = tempDir();
      const restore = await runCli(['restore', backup!.dir], { DATA_DIR: restored });
      expect(restore.code, restore.output).toBe(0);
      const db = new Database(path.join(restored, 'atelier.db'), { readonly: true });
      const ids = (table: string) =>
        new Set((db.prepare(`SELECT id FROM ${table}`).pluck().all() as string[]).map(String));
      const restoredProjects = ids('projects');
      const restoredInquiries = ids('inquiries');
      expect(acknowledged.projects.filter(({ id }) => !restoredProjects.has(id))).toEqual([]);
      expect(acknowledged.inquiries.filter((id) => !restoredInquiries.has(id))).toEqual([]);
      // Every file a restored row names is there with the live bytes, acknowledged or written during the copy.
      const named = db.prepare('SELECT images FROM projects').pluck().all() as string[];
      const urls = named.flatMap((images) => JSON.parse(images) as string[]);
      expect(urls.length).toBeGreaterThanOrEqual(acknowledged.projects.length * 2);
      for (const url of urls)
        expect(
          fs.readFileSync(mediaFile(restored, url)).equals(fs.readFileSync(mediaFile(server.dataDir, url))),
          url,
        ).toBe(true);
      db.close();
      expect(
        fs
          .readFileSync(path.join(restored, 'keys', 'secret.key'))
          .equals(fs.readFileSync(path.join(server.dataDir, 'keys', 'secret.key'))),
      ).toBe(true);
    }, 120_000);

    it('links the media an earlier backup holds, and refuses a backup with one changed file, naming it', async () => {
      await projectWithImages(1000);
      const second = await admin.post('/api/admin/backups', {});
      expect(second.status).toBe(201);
      const [latest, earlier] = listBackups(backupDir);
      expect(latest!.name).toBe(second.body.name);
      const media = (backup: typeof latest) =>
        backup!.manifest.files.filter((file) => file.path.startsWith('uploads/'));
      const before = new Set(media(earlier).map((file) => file.path));
      const unchanged = media(latest).filter((file) => before.has(file.path));
      expect(unchanged.length).toBeGreaterThan(0);
      for (const file of unchanged)
        expect(fs.statSync(path.join(latest!.dir, file.path)).ino).toBe(
          fs.statSync(path.join(earlier!.dir, file.path)).ino,
        );
      expect(latest!.manifest.linked_files).toBe(unchanged.length);
      expect(media(latest).length).toBe(unchanged.length + 2);
      expect(latest!.manifest.new_bytes).toBeLessThan(latest!.manifest.bytes);

      // One photograph changed in the backup (a new file in its place, so the earlier backup keeps its own).
      const victim = media(latest).find((file) => !before.has(file.path))!;
      const victimFile = path.join(latest!.dir, victim.path);
      const bytes = fs.readFileSync(victimFile);
      bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
      fs.rmSync(victimFile);
      fs.writeFileSync(victimFile, bytes);
      const fresh = tempDir();
      const refused = await runCli(['restore', latest!.dir], { DATA_DIR: fresh });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`${victim.path} does not match its SHA-256`);
      expect(fs.readdirSync(fresh)).toEqual([]);
      fs.rmSync(latest!.dir, { recursive: true });
    }, 120_000);

    it('streams a backup as a .tar, to owners and administrators only', async () => {
      const [backup] = listBackups(backupDir);
      const res = await fetch(`${server.url}/api/admin/backups/${backup!.name}/download`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/x-tar');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${backup!.name}.tar"`);
      const tar = Buffer.from(await res.arrayBuffer());
      expect(tar.length).toBeGreaterThan(backup!.manifest.bytes);
      const manifest = `${backup!.name}/manifest.json`;
      expect(tar.includes(Buffer.from(manifest))).toBe(true);
      expect((await admin.get('/api/admin/backups/atelier-1999-01-01T00-00-00Z/download')).status).toBe(404);

      const editor = await adminClient(server, 'editor');
      expect((await editor.post('/api/admin/backups', {})).status).toBe(403);
      expect((await editor.get('/api/admin/backups')).status).toBe(403);
      expect(
        (await editor.put('/api/admin/backups/schedule', { time: '04:00', keep_daily: 3, keep_weekly: 1 }))
          .status,
      ).toBe(403);
    });
  },
);

describe.skipIf(onPostgres)(
  sqliteOnly(
    'the backup schedule',
    "backups are SQLite's: on PostgreSQL the database is backed up with pg_dump and the server refuses them",
  ),
  () => {
    it('refuses a schedule that is not one, with the message at the field', async () => {
      const bad = await admin.put('/api/admin/backups/schedule', {
        time: '25:00',
        keep_daily: 0,
        keep_weekly: 4,
      });
      expect(bad.status).toBe(400);
      const messages = JSON.stringify(bad.body.error.issues);
      expect(messages).toContain('Must be a time of day as HH:MM');
      expect(messages).toContain('Keep at least 1 daily backup');
      expect((await admin.get('/api/admin/backups')).body.schedule).toEqual({
        time: '02:00',
        keep_daily: 7,
        keep_weekly: 4,
      });
    });

    it('backs up at the configured time and keeps 7 daily and 4 weekly backups (moved clock)', async () => {
      const saved = await admin.put('/api/admin/backups/schedule', {
        time: '03:30',
        keep_daily: 7,
        keep_weekly: 4,
      });
      expect(saved.body).toEqual({ time: '03:30', keep_daily: 7, keep_weekly: 4 });
      const dir = tempDir();
      const deps = { ...server.running.deps, env: { ...server.running.deps.env, backupDir: dir } };
      const scheduler = backupScheduler(deps, new Date(2027, 0, 1, 0, 0));
      try {
        // Not before its time, once at it, not again the same night.
        expect(await scheduler.tick(new Date(2027, 0, 1, 3, 29))).toBeNull();
        expect((await scheduler.tick(new Date(2027, 0, 1, 3, 30, 20)))?.manifest.created_at).toBe(
          new Date(2027, 0, 1, 3, 30, 20).toISOString(),
        );
        expect(await scheduler.tick(new Date(2027, 0, 1, 3, 31))).toBeNull();
        expect(await scheduler.tick(new Date(2027, 0, 1, 23, 59))).toBeNull();
        // Sixty nights, looked at each hour.
        for (let day = 2; day <= 60; day += 1)
          for (let hour = 0; hour < 24; hour += 1) await scheduler.tick(new Date(2027, 0, day, hour, 0, 30));
      } finally {
        await scheduler.stop();
      }
      const kept = listBackups(dir).map((backup) => new Date(backup.manifest.created_at));
      expect(kept).toHaveLength(11);
      expect(kept.every((at) => at.getHours() === 4 && at.getMinutes() === 0)).toBe(true);
      const days = kept.map(
        (at) => Math.round((at.getTime() - new Date(2027, 0, 1).getTime()) / 86_400_000) + 1,
      );
      // The last seven nights, then one per week before them (the newest of each week).
      expect(days.slice(0, 7)).toEqual([60, 59, 58, 57, 56, 55, 54]);
      const weekly = days.slice(7);
      const monday = (day: number) => {
        const at = new Date(2027, 0, day);
        return day - ((at.getDay() + 6) % 7);
      };
      expect(weekly[0]).toBe(53);
      expect(weekly.map(monday).slice(1)).toEqual(
        weekly
          .map(monday)
          .slice(0, -1)
          .map((m) => m - 7),
      );
      for (const day of weekly.slice(1)) expect(new Date(2027, 0, day).getDay()).toBe(0);
    }, 300_000);

    it('records a failed run with its error, never lists a half-written backup, and warns after 48 hours', async () => {
      const deps = server.running.deps;
      const blocked = path.join(tempDir(), 'a-file');
      fs.writeFileSync(blocked, 'not a folder');
      await expect(
        runBackup({ ...deps, env: { ...deps.env, backupDir: blocked } }, 'manual'),
      ).rejects.toThrow(/The backup failed/);
      fs.mkdirSync(path.join(backupDir, '.partial-atelier-2030-01-01T00-00-00Z'));
      fs.mkdirSync(path.join(backupDir, 'atelier-2030-01-01T00-00-00Z'));
      const { body } = await admin.get('/api/admin/backups');
      expect(body.backup_dir).toBe(backupDir);
      expect(body.backups.map((item: { name: string }) => item.name)).not.toContain(
        'atelier-2030-01-01T00-00-00Z',
      );
      const failed = body.backups.filter((item: { status: string }) => item.status === 'failed');
      expect(failed).toHaveLength(1);
      expect(failed[0].error).toMatch(/ENOTDIR|EEXIST|not a directory/);
      expect(body.stale).toBe(false);

      const lastGood = Date.parse(body.last_good_at);
      expect((await listBackupItems(deps, new Date(lastGood + 47 * 3_600_000))).stale).toBe(false);
      expect((await listBackupItems(deps, new Date(lastGood + 49 * 3_600_000))).stale).toBe(true);
    });
  },
);

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import { isInsidePath, type ManifestFile, sha256File } from '../../lib/file-hash';
import { parseStoredUrl, type Storage, storedUrl } from '../../storage/local';

/**
 * A backup is one folder under the backup directory, `atelier-<UTC time>`:
 *
 *   manifest.json   format, version, when, counts, and each file's path, size and SHA-256
 *   atelier.db      the database, copied with SQLite's online backup (consistent while the server writes)
 *   keys/           the server's keys (the master secret of the authenticator secrets, the signing key)
 *   uploads/        every file a `media_files` row (or a trashed one) of that database copy names, `<bucket>/<name>`,
 *                   read from the media store (the local disk or a bucket)
 *
 * The database is copied first, then the files its rows name: stored names are never reused for other
 * bytes, so the files read after the copy are the ones it names. A file already in the previous backup
 * (same path, same size) is hard-linked from there instead of copied (copied when the link fails, across
 * disks). A backup is written into a `.partial-…` folder and renamed when complete, so a folder named
 * `atelier-…` with a manifest is always whole.
 */
export const BACKUP_FORMAT = 'atelier-backup';
export const BACKUP_VERSION = 1;
const MANIFEST = 'manifest.json';
const DATABASE = 'atelier.db';
const NAME = /^atelier-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z(-\d+)?$/;
/** Attempts when a named file is removed between the database copy and the file copy (a delete raced it). */
const ATTEMPTS = 3;

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  counts: { media_files: number; keys: number; rows: Record<string, number> };
  /** Every file's size added up, and what this backup wrote (files it did not link from the previous one). */
  bytes: number;
  new_bytes: number;
  linked_files: number;
  files: ManifestFile[];
}

export interface BackupInfo {
  name: string;
  dir: string;
  manifest: Manifest;
}

/** A backup refused or failed for a reason to tell the person (the CLI prints it, the API answers it). */
export class BackupError extends Error {}

/** The backup folder's name for `now`: `atelier-2026-11-26T02-00-00Z`, sortable by time. */
const backupName = (now: Date) => `atelier-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;

function readManifest(dir: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${dir} is not an Atelier backup: its ${MANIFEST} is missing or unreadable.`);
  }
  if (manifest?.format !== BACKUP_FORMAT || !Array.isArray(manifest.files))
    throw new BackupError(`${dir} is not an Atelier backup: its ${MANIFEST} is not one.`);
  if (manifest.version > BACKUP_VERSION)
    throw new BackupError(`${dir} was made by a newer Atelier (backup format ${manifest.version}).`);
  return manifest;
}

/** The complete backups under `backupDir`, newest first (unfinished `.partial-…` folders are never listed). */
export function listBackups(backupDir: string): BackupInfo[] {
  let names: string[];
  try {
    names = fs.readdirSync(backupDir);
  } catch {
    return [];
  }
  return names
    .filter((name) => NAME.test(name))
    .sort()
    .reverse()
    .flatMap((name) => {
      const dir = path.join(backupDir, name);
      try {
        return [{ name, dir, manifest: readManifest(dir) }];
      } catch {
        return [];
      }
    });
}

/** Copies `from` (a file, or a stream) to `to` while hashing it. */
async function copyHashed(from: string | Readable, to: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(
    typeof from === 'string' ? fs.createReadStream(from) : from,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        yield chunk;
      }
    },
    fs.createWriteStream(to, { flags: 'wx' }),
  );
  return hash.digest('hex');
}

/** Copies the database with the online backup API and checks the copy; answers the row count of each table. */
async function copyDatabase(source: string, target: string): Promise<Record<string, number>> {
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source}`);
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target);
  } finally {
    db.close();
  }
  const copy = new Database(target, { readonly: true });
  try {
    const result = copy.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`The database copy failed its integrity check: ${result}`);
    const tables = copy
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((table) => [
        table,
        copy
          .prepare(`SELECT count(*) FROM "${table.replace(/"/g, '""')}"`)
          .pluck()
          .get() as number,
      ]),
    );
  } finally {
    copy.close();
  }
}

/** The stored files the database copy names (`<bucket>/<name>` under the uploads), the Trash's included. */
function namedFiles(databaseCopy: string): string[] {
  const copy = new Database(databaseCopy, { readonly: true });
  try {
    return copy
      .prepare(
        'SELECT path FROM media_files UNION SELECT media_path FROM trash_items WHERE media_path IS NOT NULL ORDER BY 1',
      )
      .pluck()
      .all() as string[];
  } finally {
    copy.close();
  }
}

class NamedFileGone extends Error {}

/** Where a backup reads from: the data folder (the database, the keys) and the media store. */
export interface BackupSource {
  dataDir: string;
  storage: Storage;
}

async function writeBackup(
  { dataDir, storage }: BackupSource,
  temp: string,
  previous: BackupInfo | undefined,
): Promise<Omit<Manifest, 'format' | 'version' | 'created_at'>> {
  fs.rmSync(temp, { recursive: true, force: true });
  fs.mkdirSync(temp, { recursive: true, mode: 0o700 });
  const files: ManifestFile[] = [];
  let newBytes = 0;
  let linked = 0;
  const add = (file: ManifestFile, isNew: boolean) => {
    files.push(file);
    if (isNew) newBytes += file.bytes;
  };

  const databaseCopy = path.join(temp, DATABASE);
  const rows = await copyDatabase(path.join(dataDir, DATABASE), databaseCopy);
  add(
    { path: DATABASE, bytes: fs.statSync(databaseCopy).size, sha256: await sha256File(databaseCopy) },
    true,
  );

  const keysDir = path.join(dataDir, 'keys');
  const keyNames = fs.existsSync(keysDir)
    ? fs.readdirSync(keysDir).filter((name) => fs.statSync(path.join(keysDir, name)).isFile())
    : [];
  if (keyNames.length) fs.mkdirSync(path.join(temp, 'keys'), { mode: 0o700 });
  for (const name of keyNames) {
    const target = path.join(temp, 'keys', name);
    const sha256 = await copyHashed(path.join(keysDir, name), target);
    fs.chmodSync(target, 0o600);
    add({ path: `keys/${name}`, bytes: fs.statSync(target).size, sha256 }, true);
  }

  const earlier = new Map(previous?.manifest.files.map((file) => [file.path, file]));
  const media = namedFiles(databaseCopy);
  for (const stored of media) {
    const relative = `uploads/${stored}`;
    const file = parseStoredUrl(storedUrl(stored));
    const target = path.join(temp, relative);
    const size = file && (await storage.stat(file.bucket, file.name))?.size;
    if (!file || size === undefined || size === null) throw new NamedFileGone(relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const before = earlier.get(relative);
    if (previous && before?.bytes === size) {
      try {
        fs.linkSync(path.join(previous.dir, relative), target);
        add(before, false);
        linked += 1;
        continue;
      } catch {
        // Another disk, or the earlier copy is gone: copied below.
      }
    }
    const object = await storage.get(file.bucket, file.name);
    if (!object) throw new NamedFileGone(relative);
    add({ path: relative, bytes: object.size, sha256: await copyHashed(object.body, target) }, true);
  }
  return {
    counts: { media_files: media.length, keys: keyNames.length, rows },
    bytes: files.reduce((total, file) => total + file.bytes, 0),
    new_bytes: newBytes,
    linked_files: linked,
    files,
  };
}

/** Makes a complete backup of the data folder and the media store in a new folder under `backupDir`. */
export async function createBackup(
  source: BackupSource,
  backupDir: string,
  now = new Date(),
): Promise<BackupInfo> {
  fs.mkdirSync(backupDir, { recursive: true });
  let name = backupName(now);
  for (let n = 2; fs.existsSync(path.join(backupDir, name)); n += 1) name = `${backupName(now)}-${n}`;
  const dir = path.join(backupDir, name);
  const temp = path.join(backupDir, `.partial-${name}`);
  const previous = listBackups(backupDir)[0];
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const written = await writeBackup(source, temp, previous);
        const manifest: Manifest = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          created_at: now.toISOString(),
          ...written,
        };
        const manifestFile = path.join(temp, MANIFEST);
        fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
        const fd = fs.openSync(manifestFile, 'r');
        fs.fsyncSync(fd);
        fs.closeSync(fd);
        fs.renameSync(temp, dir);
        return { name, dir, manifest };
      } catch (error) {
        if (!(error instanceof NamedFileGone)) throw error;
        if (attempt === ATTEMPTS)
          throw new BackupError(
            `${error.message} is named by the database but missing from ${source.dataDir}`,
          );
      }
    }
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * Checks every file of a backup against its manifest (present, same size, same SHA-256) and answers the
 * manifest; throws a `BackupError` naming the first file that does not match.
 */
export async function verifyBackup(dir: string): Promise<Manifest> {
  const manifest = readManifest(dir);
  for (const file of manifest.files) {
    if (!isInsidePath(file.path))
      throw new BackupError(`The backup is damaged: ${file.path} is not a path inside it.`);
    const full = path.join(dir, file.path);
    let size: number;
    try {
      size = fs.statSync(full).size;
    } catch {
      throw new BackupError(`The backup is damaged: ${file.path} is missing.`);
    }
    if (size !== file.bytes || (await sha256File(full)) !== file.sha256)
      throw new BackupError(`The backup is damaged: ${file.path} does not match its SHA-256 in ${MANIFEST}.`);
  }
  if (!manifest.files.some((file) => file.path === DATABASE))
    throw new BackupError(`The backup is damaged: it holds no ${DATABASE}.`);
  return manifest;
}

/** Moves `target` aside to `<target>.before-restore` (replacing an older one), if it exists. */
function keepReplaced(target: string) {
  if (!fs.lstatSync(target, { throwIfNoEntry: false })) return;
  const kept = `${target}.before-restore`;
  fs.rmSync(kept, { recursive: true, force: true });
  fs.renameSync(target, kept);
}

/**
 * Replaces the database and the keys of `dataDir` with a backup's, once every file of the backup matched its
 * hash (nothing is replaced otherwise), after putting its media files into the media store (stored names are
 * never reused for other bytes, so a file already there is the same, and what else the store holds stays:
 * nothing the studio stored is removed). What was there is kept beside, as `atelier.db.before-restore` and
 * `keys.before-restore`. The server must be stopped.
 */
export async function restoreBackup(dir: string, { dataDir, storage }: BackupSource): Promise<Manifest> {
  const manifest = await verifyBackup(dir);
  fs.mkdirSync(dataDir, { recursive: true });
  const database = path.join(dataDir, DATABASE);
  if (fs.existsSync(database)) {
    // Fold the WAL into the old file first, so the kept copy is complete on its own.
    const current = new Database(database);
    current.pragma('wal_checkpoint(TRUNCATE)');
    current.close();
  }
  // Everything is copied beside first, then swapped in, so a failed copy replaces nothing.
  const incoming = path.join(dataDir, '.restoring');
  fs.rmSync(incoming, { recursive: true, force: true });
  fs.mkdirSync(path.join(incoming, 'keys'), { recursive: true, mode: 0o700 });
  for (const file of manifest.files) {
    const stored = file.path.startsWith('uploads/') && parseStoredUrl(storedUrl(file.path.slice(8)));
    if (stored) {
      await storage.putStream(stored.bucket, stored.name, fs.createReadStream(path.join(dir, file.path)));
      continue;
    }
    const target = path.join(incoming, file.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(dir, file.path), target);
    if (file.path.startsWith('keys/')) fs.chmodSync(target, 0o600);
  }
  keepReplaced(database);
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true });
  fs.renameSync(path.join(incoming, DATABASE), database);
  keepReplaced(path.join(dataDir, 'keys'));
  fs.renameSync(path.join(incoming, 'keys'), path.join(dataDir, 'keys'));
  fs.rmSync(incoming, { recursive: true, force: true });
  return manifest;
}

/** Local calendar day, and the Monday of its week, of an ISO time. */
const dayOf = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
};
const weekOf = (iso: string) => {
  const d = new Date(iso);
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return dayOf(d.toISOString());
};

/**
 * Which backups rotation keeps: the newest of each of the last `daily` days that have one, and before
 * those, the newest of each of `weekly` weeks (Monday to Sunday). `backups` is newest first.
 */
export function backupsToKeep(backups: BackupInfo[], daily: number, weekly: number): Set<string> {
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const backup of backups) {
    const day = dayOf(backup.manifest.created_at);
    if (days.has(day)) continue;
    if (days.size < daily) {
      days.add(day);
      keep.add(backup.name);
      continue;
    }
    const week = weekOf(backup.manifest.created_at);
    if (weeks.has(week) || weeks.size >= weekly) continue;
    weeks.add(week);
    keep.add(backup.name);
  }
  return keep;
}

/**
 * Removes the backups rotation does not keep, but never one younger than a day (a second "Back up now"
 * leaves the first); answers their names.
 */
export function rotateBackups(backupDir: string, daily: number, weekly: number, now = new Date()): string[] {
  const backups = listBackups(backupDir);
  const keep = backupsToKeep(backups, daily, weekly);
  const dayAgo = now.getTime() - 86_400_000;
  const removed = backups.filter(
    (backup) => !keep.has(backup.name) && Date.parse(backup.manifest.created_at) < dayAgo,
  );
  for (const backup of removed) fs.rmSync(backup.dir, { recursive: true, force: true });
  return removed.map((backup) => backup.name);
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ERROR_CODES, SITE_IMPORT_MAX_BYTES, STORAGE_BUCKETS, type StorageBucket } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { connectionOf, type Db, deferForeignKeys, rawRows, writeTransaction } from '../../db/client';
import { columnNames, userColumns } from '../../db/tables';
import { ApiError } from '../../lib/errors';
import { isInsidePath, sha256File } from '../../lib/file-hash';
import type { Storage } from '../../storage/local';
import { imageHeader, mediaTypeOf } from '../../storage/media-check';
import { removeStoredFile } from '../../storage/variants';
import {
  contentEntry,
  EXPORT_FORMAT,
  EXPORT_TABLES,
  EXPORT_VERSION,
  type ExportManifest,
  MANIFEST,
  mediaEntry,
} from './export-format';

type Row = Record<string, unknown>;

interface ImportDeps {
  db: Db;
  storage: Storage;
  env: { dataDir: string; UPLOAD_MAX_BYTES: number };
}

/** What an import brought (or, checked only, would bring): rows per table, and the staff accounts. */
export interface SiteImportSummary {
  counts: Record<string, number>;
  /** Imported staff accounts: no password; each sets one with "Forgot your password?". */
  accounts: string[];
}

const MAX_ENTRIES = 200_000;
const refused = (message: string) => new ApiError(400, ERROR_CODES.badRequest, message);
const notAnExport = () => refused('This file is not an Atelier export.');

/** The tables whose rows of its own (not the seed's sample) make a site not empty. */
const OWN_CONTENT: Record<string, string> = {
  projects: 'NOT sample',
  blog_posts: 'NOT sample',
  services: 'NOT sample',
  team_members: 'NOT sample',
  youtube_videos: 'NOT sample',
  media_files: 'NOT sample',
  inquiries: '1 = 1',
};

/**
 * Unpacks the zip into `dir`, every entry's name checked before anything is written (a path that would
 * escape the folder refuses the archive), the unpacked total held to SITE_IMPORT_MAX_BYTES. Answers each
 * entry's size and SHA-256.
 */
async function unpack(file: string, dir: string): Promise<Map<string, { bytes: number; sha256: string }>> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, decodeStrings: false });
  } catch {
    throw notAnExport();
  }
  const found = new Map<string, { bytes: number; sha256: string }>();
  let total = 0;
  try {
    if (zip.entryCount > MAX_ENTRIES) throw refused(`The archive holds more than ${MAX_ENTRIES} files.`);
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        zip.once('entry', resolve);
        zip.once('end', () => resolve(null));
        zip.once('error', reject);
        zip.readEntry();
      }).catch(() => {
        throw notAnExport();
      });
      zip.removeAllListeners();
      if (!entry) break;
      const name = (entry.fileName as unknown as Buffer).toString('utf8');
      if (name.endsWith('/')) continue;
      if (!isInsidePath(name))
        throw refused(`The archive is refused: ${name} is a path that escapes its folder.`);
      total += entry.uncompressedSize;
      if (total > SITE_IMPORT_MAX_BYTES)
        throw new ApiError(
          413,
          ERROR_CODES.payloadTooLarge,
          `The archive unpacks to more than ${SITE_IMPORT_MAX_BYTES / 1024 ** 3} GB.`,
        );
      const target = path.join(dir, name);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const stream = await zip.openReadStreamPromise(entry).catch(() => {
        throw refused(`The archive is damaged: ${name} cannot be read.`);
      });
      await pipeline(stream, fs.createWriteStream(target, { flags: 'wx' })).catch(() => {
        throw refused(`The archive is damaged: ${name} cannot be read.`);
      });
      found.set(name, { bytes: fs.statSync(target).size, sha256: await sha256File(target) });
    }
  } finally {
    zip.close();
  }
  return found;
}

/** The manifest, checked: an Atelier export of a version this server reads, every file present and whole. */
function checkManifest(dir: string, found: Map<string, { bytes: number; sha256: string }>): ExportManifest {
  let manifest: ExportManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8'));
  } catch {
    throw notAnExport();
  }
  if (manifest?.format !== EXPORT_FORMAT || !Array.isArray(manifest.files)) throw notAnExport();
  if (!(Number.isInteger(manifest.version) && manifest.version >= 1)) throw notAnExport();
  if (manifest.version > EXPORT_VERSION)
    throw refused(
      `This export was made by a newer Atelier (export format ${manifest.version}; this one reads up to ${EXPORT_VERSION}).`,
    );
  const listed = new Set<string>();
  for (const file of manifest.files) {
    if (!isInsidePath(file.path))
      throw refused(`The archive is refused: ${file.path} is a path that escapes its folder.`);
    const entry = found.get(file.path);
    if (!entry) throw refused(`The archive is damaged: ${file.path} is missing.`);
    if (entry.bytes !== file.bytes || entry.sha256 !== file.sha256)
      throw refused(`The archive is damaged: ${file.path} does not match its SHA-256 in ${MANIFEST}.`);
    listed.add(file.path);
  }
  for (const name of found.keys())
    if (name !== MANIFEST && !listed.has(name))
      throw refused(`The archive is damaged: ${name} is not listed in ${MANIFEST}.`);
  return manifest;
}

/** The rows of each table, read from the archive and checked against this database's columns. */
function readRows(dir: string, listed: Set<string>): Map<string, Row[]> {
  const tables = new Map<string, Row[]>();
  for (const table of EXPORT_TABLES) {
    const entry = contentEntry(table.name);
    if (!listed.has(entry)) {
      tables.set(table.name, []);
      continue;
    }
    let rows: unknown;
    try {
      rows = JSON.parse(fs.readFileSync(path.join(dir, entry), 'utf8'));
    } catch {
      throw refused(`The archive is damaged: ${entry} is not JSON.`);
    }
    const columns = columnNames(table.name);
    if (!Array.isArray(rows)) throw refused(`The archive is damaged: ${entry} is not a list of rows.`);
    for (const row of rows) {
      if (!row || typeof row !== 'object' || Array.isArray(row))
        throw refused(`The archive is damaged: ${entry} holds something that is not a row.`);
      const unknown = Object.keys(row).find((column) => !columns.has(column));
      if (unknown)
        throw refused(
          `The archive is refused: ${entry} has a column this Atelier does not know: ${unknown}.`,
        );
    }
    tables.set(table.name, rows as Row[]);
  }
  return tables;
}

/** Each media row's file: in the archive, in its bucket, and passing the checks of an upload. */
async function checkMedia(rows: Row[], dir: string, listed: Set<string>, maxBytes: number) {
  for (const row of rows) {
    const stored = String(row.path);
    const [bucket, name, ...rest] = stored.split('/');
    if (
      rest.length ||
      bucket !== row.bucket ||
      !STORAGE_BUCKETS.includes(bucket as StorageBucket) ||
      !name ||
      !/^[a-z0-9][a-z0-9._-]*$/i.test(name)
    )
      throw refused(`The archive is refused: the media file ${stored} has a path that is not a library one.`);
    const entry = mediaEntry(stored);
    if (!listed.has(entry)) throw refused(`The archive is damaged: ${entry} is missing.`);
    const file = path.join(dir, entry);
    const why = (message: string) => refused(`The media file ${stored} is refused: ${message}`);
    if (fs.statSync(file).size > maxBytes) throw why('it is larger than the upload limit.');
    const type = await mediaTypeOf(file).catch((error: ApiError) => {
      throw why(error.message);
    });
    if (type !== row.mime_type) throw why(`its bytes are ${type}, its row says ${String(row.mime_type)}.`);
    if (type.startsWith('image/'))
      await imageHeader(file, type === 'image/gif' || type === 'image/webp').catch((error: ApiError) => {
        throw why(error.message);
      });
  }
}

const count = async (db: Db, query: string, ...params: unknown[]) =>
  Number((await connectionOf(db).rows<{ n: number | string }>(query, params))[0]?.n ?? 0);

/** What the site has of its own (rows not the sample's, any inquiry), e.g. "3 projects, 1 inquiries"; '' if none. */
export async function ownContent(db: Db): Promise<string> {
  const counts = await Promise.all(
    Object.entries(OWN_CONTENT).map(
      async ([table, where]) =>
        [table, await count(db, `SELECT count(*) AS n FROM ${table} WHERE ${where}`)] as const,
    ),
  );
  return counts
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${n} ${table.replace(/_/g, ' ')}`)
    .join(', ');
}

/** Refuses a site that has content of its own. */
async function refuseUnlessEmpty(db: Db) {
  const own = await ownContent(db);
  if (own)
    throw new ApiError(
      409,
      ERROR_CODES.conflict,
      `This site already has content of its own (${own}): an export is imported only into a site with nothing but the sample.`,
    );
}

/**
 * Writes the rows in one transaction: the sample (and the fresh site's categories, folders and settings)
 * removed, every exported row inserted with its own id. An exported account whose e-mail already has one here
 * becomes that account; a new one has no password; an exported owner where the site has one becomes an admin.
 */
async function writeRows(
  db: Db,
  tables: Map<string, Row[]>,
): Promise<{ accounts: string[]; removedMedia: Row[] }> {
  return await writeTransaction(db, async () => {
    await deferForeignKeys(db);
    await refuseUnlessEmpty(db);
    const removedMedia = await rawRows<Row>(db, sql`SELECT bucket, path FROM media_files`);
    for (const table of [...EXPORT_TABLES].reverse())
      if (table.name !== 'users' && table.name !== 'profiles')
        await rawRows(db, sql.raw(`DELETE FROM "${table.name}"`));

    const ids = new Map<string, string>();
    const newAccounts = new Set<string>();
    const accounts: string[] = [];
    for (const user of tables.get('users') ?? []) {
      const [found] = await rawRows<{ id: string }>(
        db,
        sql`SELECT id FROM users WHERE email = ${String(user.email).toLowerCase()}`,
      );
      const id = found?.id;
      ids.set(String(user.id), id ?? String(user.id));
      if (id) continue;
      newAccounts.add(String(user.id));
      accounts.push(String(user.email));
    }
    const hasOwner = (await count(db, "SELECT count(*) AS n FROM profiles WHERE role = 'owner'")) > 0;
    for (const table of EXPORT_TABLES) {
      const mapped = new Set(userColumns(table.name));
      for (const source of tables.get(table.name) ?? []) {
        const row = { ...source };
        if (table.name === 'users' || table.name === 'profiles') {
          // An account already here keeps its own row and profile.
          if (!newAccounts.has(String(row.id))) continue;
          if (table.name === 'profiles' && row.role === 'owner' && hasOwner) row.role = 'admin';
        }
        for (const column of mapped)
          if (row[column] != null) row[column] = ids.get(String(row[column])) ?? null;
        for (const [column, codec] of Object.entries(table.codecs ?? {})) row[column] = codec.in(row[column]);
        const columns = Object.keys(row);
        await connectionOf(db).execute(
          `INSERT INTO "${table.name}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
          columns.map((c) =>
            row[c] !== null && typeof row[c] === 'object' && !Buffer.isBuffer(row[c])
              ? JSON.stringify(row[c])
              : row[c],
          ),
        );
      }
    }
    return { accounts, removedMedia };
  });
}

/**
 * Imports an export into a site with nothing but the sample: the archive is unpacked beside and checked whole
 * (an Atelier export of a version this server reads, every file matching its SHA-256, no path escaping its
 * folder, every media file passing an upload's checks, every column known) before anything is written; then
 * the media files are stored and the rows written in one transaction. With `check`, nothing is written and the
 * summary says what would be imported.
 */
export async function importSite(
  deps: ImportDeps,
  archive: string,
  options: { check?: boolean } = {},
): Promise<SiteImportSummary> {
  const dir = path.join(deps.env.dataDir, `.import-${randomBytes(6).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const written: { bucket: StorageBucket; name: string }[] = [];
  try {
    const found = await unpack(archive, dir);
    const manifest = checkManifest(dir, found);
    const listed = new Set(manifest.files.map((file) => file.path));
    const tables = readRows(dir, listed);
    await checkMedia(tables.get('media_files') ?? [], dir, listed, deps.env.UPLOAD_MAX_BYTES);
    await refuseUnlessEmpty(deps.db);
    const counts = Object.fromEntries([...tables].map(([table, rows]) => [table, rows.length]));
    const emails: string[] = [];
    for (const user of tables.get('users') ?? [])
      if (
        (await count(
          deps.db,
          'SELECT count(*) AS n FROM users WHERE email = ?',
          String(user.email).toLowerCase(),
        )) === 0
      )
        emails.push(String(user.email));
    if (options.check) return { counts, accounts: emails };

    const before = new Set(
      (await rawRows<{ path: string }>(deps.db, sql`SELECT path FROM media_files`)).map((row) => row.path),
    );
    for (const row of tables.get('media_files') ?? []) {
      const [bucket, name] = String(row.path).split('/') as [StorageBucket, string];
      if (!before.has(String(row.path))) written.push({ bucket, name });
      await deps.storage.putStream(
        bucket,
        name,
        fs.createReadStream(path.join(dir, mediaEntry(String(row.path)))),
      );
    }
    const { accounts, removedMedia } = await writeRows(deps.db, tables);
    written.length = 0;
    const kept = new Set((tables.get('media_files') ?? []).map((row) => String(row.path)));
    for (const row of removedMedia) {
      const stored = String(row.path);
      if (kept.has(stored)) continue;
      const [bucket, name] = stored.split('/') as [StorageBucket, string];
      await removeStoredFile(deps, { bucket, name, path: stored });
    }
    return { counts, accounts };
  } finally {
    // A refused or failed import leaves none of the files it stored.
    for (const file of written) await deps.storage.remove(file.bucket, file.name);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

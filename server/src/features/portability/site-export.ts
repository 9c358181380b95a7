import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import yazl from 'yazl';
import { type Db, rawRows, writeTransaction } from '../../db/client';
import { primaryKeyOf } from '../../db/tables';
import { type ManifestFile, sha256Bytes } from '../../lib/file-hash';
import { parseStoredUrl, type Storage, type StoredFile, storedUrl } from '../../storage/local';
import {
  contentEntry,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportManifest,
  type ExportTable,
  exportedTables,
  MANIFEST,
  mediaEntry,
} from './export-format';

type Row = Record<string, unknown>;

/**
 * A row as the export gives it: booleans as 0 and 1 whichever database holds them (PostgreSQL's raw rows have
 * true and false), columns stored in another form decoded (see `ExportTable.codecs`).
 */
function exported(table: ExportTable, row: Row): Row {
  const out = Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      typeof value === 'boolean' ? Number(value) : value,
    ]),
  );
  for (const [column, codec] of Object.entries(table.codecs ?? {})) out[column] = codec.out(row[column]);
  return out;
}

/** Every exported table's rows, read in one transaction (a consistent picture while the studio works). */
async function readTables(db: Db, tables: readonly ExportTable[]): Promise<Map<string, Row[]>> {
  return await writeTransaction(db, async () => {
    const read = new Map<string, Row[]>();
    for (const table of tables) {
      const order = primaryKeyOf(table.name)
        .map((c) => `"${c}"`)
        .join(', ');
      const rows = await rawRows<Row>(
        db,
        sql.raw(
          `SELECT ${table.columns?.map((c) => `"${c}"`).join(', ') ?? '*'} FROM "${table.name}"` +
            `${table.where ? ` WHERE ${table.where}` : ''} ORDER BY ${order}`,
        ),
      );
      read.set(
        table.name,
        rows.map((row) => exported(table, row)),
      );
    }
    return read;
  });
}

const missingFile = (stored: string) =>
  new Error(`The media file ${stored} is named by the database but missing from the library.`);

/** A stored file's size and SHA-256, streamed from the store. */
async function measure(storage: Storage, file: StoredFile) {
  const object = await storage.get(file.bucket, file.name);
  if (!object) throw missingFile(file.path);
  const hash = createHash('sha256');
  await pipeline(object.body, hash);
  return { bytes: object.size, sha256: hash.digest('hex') };
}

/**
 * The site as one zip (export-format.ts): the rows are read first, then the media originals they name
 * (a stored name is never reused for other bytes, so the files read after are the ones the rows name).
 * Answers the archive as a stream and its manifest; with `revisions`, every saved version goes too.
 */
export async function exportSite(
  deps: { db: Db; storage: Storage },
  { revisions = false, now = new Date() } = {},
): Promise<{ manifest: ExportManifest; archive: Readable }> {
  const tables = await readTables(deps.db, exportedTables({ revisions }));
  const zip = new yazl.ZipFile();
  const files: ManifestFile[] = [];
  const counts: Record<string, number> = {};
  const mtime = now;
  for (const [name, rows] of tables) {
    const bytes = Buffer.from(`${JSON.stringify(rows, null, 1)}\n`);
    const entry = contentEntry(name);
    zip.addBuffer(bytes, entry, { mtime });
    files.push({ path: entry, bytes: bytes.length, sha256: sha256Bytes(bytes) });
    counts[name] = rows.length;
  }
  const media = (tables.get('media_files') ?? []) as { path: string }[];
  for (const { path: stored } of media) {
    const file = parseStoredUrl(storedUrl(stored));
    if (!file) throw missingFile(stored);
    const entry = mediaEntry(stored);
    // Read twice from the store (hashed for the manifest, then zipped), never held in memory; the zip opens
    // each file only when it comes to it. Images and PDFs are compressed already: stored as they are.
    const { bytes, sha256 } = await measure(deps.storage, file);
    zip.addReadStreamLazy(entry, { mtime, compress: false, size: bytes }, (done) => {
      deps.storage.get(file.bucket, file.name).then(
        (object) => (object ? done(null, object.body) : done(missingFile(stored), undefined as never)),
        (error: unknown) => done(error, undefined as never),
      );
    });
    files.push({ path: entry, bytes, sha256 });
  }
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    created_at: now.toISOString(),
    counts,
    files,
  };
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST, { mtime });
  zip.end();
  return { manifest, archive: zip.outputStream as Readable };
}

import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STORAGE_BUCKETS, type StorageBucket } from '@atelier/shared';

const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * Where objects are kept: the library's buckets, and the images made from them on demand (`variants`: the
 * resized ones, `focal`: the Open Graph crops), which can be deleted at any time and are made again.
 */
export type StorageArea = StorageBucket | 'variants' | 'focal';

/** What the store knows of an object: enough for `/media/*`'s headers. */
export interface ObjectInfo {
  size: number;
  type: string;
  /** Strong, quoted: the same bytes keep it, other bytes never have it. */
  etag: string;
  modified: Date;
}

/** An object being read: all of it, or the bytes `start`–`end` (inclusive) of a range asked for. */
export interface StoredObject extends ObjectInfo {
  body: Readable;
  range?: ByteRange;
}

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The only way to stored files: every read and write of the library's bytes (originals, variants, crops) goes
 * through it, so the store can be the local disk (local.ts, `DATA_DIR/uploads` and `DATA_DIR/cache`) or an
 * S3-compatible bucket (s3.ts). Names are `/`-separated safe parts (`<24 hex>.<ext>`, `projects/<name>.w480.avif`).
 */
export interface Storage {
  put(area: StorageArea, name: string, bytes: Buffer): Promise<{ path: string; url: string; hash: string }>;
  /** Stores a stream (a finished upload, a large PDF) without holding it in memory. */
  putStream(area: StorageArea, name: string, source: Readable): Promise<{ path: string; url: string }>;
  /** Streams an object (or a range of it, resolved by the caller against `stat`'s size); null if missing. */
  get(area: StorageArea, name: string, range?: ByteRange): Promise<StoredObject | null>;
  /** An object's bytes, for what is decoded whole anyway (an image for sharp); null if missing. */
  getBytes(area: StorageArea, name: string): Promise<Buffer | null>;
  stat(area: StorageArea, name: string): Promise<ObjectInfo | null>;
  /** The names in `area` starting with `prefix` (`projects/<name>.` lists one file's variants). */
  list(area: StorageArea, prefix: string): Promise<string[]>;
  remove(area: StorageArea, name: string): Promise<boolean>;
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
};

/** The media type of a stored name, by its extension (stored names get theirs from the bytes' type). */
export const typeOfName = (name: string) =>
  TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** A stored name is `/`-separated parts of letters, digits, `.`, `_` and `-`, none starting with a dot. */
export function checkName(name: string) {
  if (!name.split('/').every((part) => /^[a-z0-9][a-z0-9._-]*$/i.test(part)) || name.includes('..'))
    throw new Error(`Unsafe file name: ${name}`);
  return name;
}

/** The result of a write: the object's path (`<area>/<name>`) and its public address. */
export const written = (area: StorageArea, name: string) => ({
  path: `${area}/${name}`,
  url: storedUrl(`${area}/${name}`),
});

/** A stored file: its bucket, its name there, and its path under the uploads (`bucket/name`). */
export interface StoredFile {
  bucket: StorageBucket;
  name: string;
  path: string;
}

/** The public address of a stored file: `/media/<bucket>/<name>`. */
export const storedUrl = (path: string) => `/media/${path}`;

const PUBLIC_PATH = new RegExp(`^/media/(${STORAGE_BUCKETS.join('|')})/([A-Za-z0-9][A-Za-z0-9._-]*)$`);

/**
 * The stored file a URL of this store's public path names, else null: a deletion takes nothing else, so an
 * outside image URL or a crafted path can never remove a file.
 */
export function parseStoredUrl(url: string): StoredFile | null {
  const [, bucket, name] = PUBLIC_PATH.exec(url) ?? [];
  if (!bucket || !name || name.includes('..')) return null;
  return { bucket: bucket as StorageBucket, name, path: `${bucket}/${name}` };
}

/**
 * The bytes of the stored file at `relative` (`bucket/name`), read whole for what decodes it anyway (sharp:
 * originals are re-encoded images within the upload limit, their decodes bounded by the image queue); null
 * when there is none or the path is not a stored file's.
 */
export async function originalBytes(storage: Storage, relative: string) {
  const stored = parseStoredUrl(storedUrl(relative));
  return stored ? storage.getBytes(stored.bucket, stored.name) : null;
}

/** Writes `temp` and renames it to `file`; a failed write (a full disk) leaves neither half behind. */
export async function writeThenRename(temp: string, file: string, write: () => Promise<void>) {
  try {
    await write();
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/** The process that wrote a temporary file: its names end `.<pid>.tmp` or `.<pid>.<random>.tmp`. */
const TEMPORARY = /\.(\d+)(?:\.[a-z0-9]+)?\.tmp$/;

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the temporary files below `dirs` that a crash left (a write is renamed into place when it ends, or
 * removed when it fails): those of a process no longer running. Another live process's (the CLI's) are kept.
 */
export async function sweepTemporaries(dirs: string[]): Promise<number> {
  let removed = 0;
  for (const dir of dirs) {
    let names: string[];
    try {
      names = await fs.readdir(dir, { recursive: true });
    } catch {
      continue;
    }
    for (const name of names) {
      const pid = Number(TEMPORARY.exec(name)?.[1]);
      if (!pid || (pid !== process.pid && running(pid))) continue;
      await fs.rm(path.join(dir, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** The local store's folder of each area. */
const localRoots = (dataDir: string): Record<StorageArea, string> => ({
  projects: path.join(uploadsDir(dataDir), 'projects'),
  team_members: path.join(uploadsDir(dataDir), 'team_members'),
  blog: path.join(uploadsDir(dataDir), 'blog'),
  avatars: path.join(uploadsDir(dataDir), 'avatars'),
  variants: path.join(dataDir, 'cache', 'variants'),
  focal: path.join(dataDir, 'cache', 'focal'),
});

/**
 * Readies the local store at start-up: its folder made, and the temporary files a crash left removed
 * (`sweepTemporaries`); answers how many.
 */
export async function prepareLocalStore(dataDir: string): Promise<number> {
  await fs.mkdir(uploadsDir(dataDir), { recursive: true });
  const { variants, focal } = localRoots(dataDir);
  return sweepTemporaries([uploadsDir(dataDir), variants, focal]);
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The store on the local disk, in the layout every data folder already has: the buckets under
 * `DATA_DIR/uploads/<bucket>`, the variants under `DATA_DIR/cache/variants` and the crops under
 * `DATA_DIR/cache/focal`. Every write goes beside and is renamed, so a reader never sees half a file.
 */
export function localStorage(dataDir: string): Storage {
  const roots = localRoots(dataDir);
  const resolve = (area: StorageArea, name: string) => path.join(roots[area], checkName(name));
  const info = (stats: { size: number; mtime: Date; mtimeMs: number }, name: string): ObjectInfo => ({
    size: stats.size,
    type: typeOfName(name),
    etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
    modified: stats.mtime,
  });
  const writeBeside = async (area: StorageArea, name: string, write: (temp: string) => Promise<void>) => {
    const file = resolve(area, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeThenRename(temp, file, () => write(temp));
    return written(area, name);
  };
  return {
    async put(area, name, bytes) {
      const stored = await writeBeside(area, name, (temp) => fs.writeFile(temp, bytes));
      return { ...stored, hash: createHash('sha256').update(bytes).digest('hex') };
    },
    putStream: (area, name, source) =>
      writeBeside(area, name, (temp) => pipeline(source, createWriteStream(temp))),
    async get(area, name, range) {
      let handle: FileHandle;
      try {
        handle = await fs.open(resolve(area, name), 'r');
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      const stats = await handle.stat();
      // The stream owns the open file from here: renamed over or removed, it still reads these bytes.
      const body = handle.createReadStream(range ?? {});
      return { ...info(stats, name), body, ...(range ? { range } : {}) };
    },
    async getBytes(area, name) {
      try {
        return await fs.readFile(resolve(area, name));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async stat(area, name) {
      try {
        return info(await fs.stat(resolve(area, name)), name);
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async list(area, prefix) {
      const slash = prefix.lastIndexOf('/');
      const dir = prefix.slice(0, slash + 1);
      const names = await fs.readdir(path.join(roots[area], dir)).catch(() => [] as string[]);
      const start = prefix.slice(slash + 1);
      return names.filter((n) => n.startsWith(start) && !TEMPORARY.test(n)).map((n) => `${dir}${n}`);
    },
    async remove(area, name) {
      try {
        await fs.unlink(resolve(area, name));
        return true;
      } catch {
        return false;
      }
    },
  };
}

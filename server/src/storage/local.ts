import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STORAGE_BUCKETS, type StorageBucket } from '@atelier/shared';

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * How stored files are written and removed: bytes or a stream in, a file out. Reading does not go through it
 * yet: `/media/*` (features/media/files.routes.ts) and the variants (variants.ts) read `uploadsDir` on the
 * local disk, so another store (S3) needs those two moved onto this interface first.
 */
export interface Storage {
  put(
    bucket: StorageBucket,
    name: string,
    bytes: Buffer,
  ): Promise<{ path: string; url: string; hash: string }>;
  /** Stores a stream (a finished upload, a large PDF) without holding it in memory. */
  putStream(bucket: StorageBucket, name: string, source: Readable): Promise<{ path: string; url: string }>;
  remove(bucket: StorageBucket, name: string): Promise<boolean>;
}

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

export function localStorage(dataDir: string): Storage {
  const root = uploadsDir(dataDir);
  const resolve = (bucket: StorageBucket, name: string) => {
    if (!/^[a-z0-9][a-z0-9._-]*$/i.test(name) || name.includes('..'))
      throw new Error(`Unsafe file name: ${name}`);
    return path.join(root, bucket, name);
  };
  return {
    async put(bucket, name, bytes) {
      const file = resolve(bucket, name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await writeThenRename(temp, file, () => fs.writeFile(temp, bytes));
      return {
        path: `${bucket}/${name}`,
        url: storedUrl(`${bucket}/${name}`),
        hash: createHash('sha256').update(bytes).digest('hex'),
      };
    },
    async putStream(bucket, name, source) {
      const file = resolve(bucket, name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeThenRename(temp, file, () => pipeline(source, createWriteStream(temp)));
      return { path: `${bucket}/${name}`, url: storedUrl(`${bucket}/${name}`) };
    },
    async remove(bucket, name) {
      try {
        await fs.unlink(resolve(bucket, name));
        return true;
      } catch {
        return false;
      }
    },
  };
}

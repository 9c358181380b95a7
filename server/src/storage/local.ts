import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageBucket } from '@atelier/shared';

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * Where stored files live and how they are addressed; local disk now. An S3-compatible store implements the
 * same five calls (bytes or a stream in, a stream out, remove, public URL), so callers never change.
 */
export interface Storage {
  put(
    bucket: StorageBucket,
    name: string,
    bytes: Buffer,
  ): Promise<{ path: string; url: string; hash: string }>;
  /** Stores a stream (a finished upload, a large PDF) without holding it in memory. */
  putStream(bucket: StorageBucket, name: string, source: Readable): Promise<{ path: string; url: string }>;
  /** The stored bytes, or null when there is no such file. */
  read(bucket: StorageBucket, name: string): Promise<Readable | null>;
  remove(bucket: StorageBucket, name: string): Promise<boolean>;
  /** The address the public site serves the file at. */
  publicUrl(bucket: StorageBucket, name: string): string;
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
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
      return {
        path: `${bucket}/${name}`,
        url: `/media/${bucket}/${name}`,
        hash: createHash('sha256').update(bytes).digest('hex'),
      };
    },
    async putStream(bucket, name, source) {
      const file = resolve(bucket, name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      try {
        await pipeline(source, createWriteStream(temp));
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
      return { path: `${bucket}/${name}`, url: `/media/${bucket}/${name}` };
    },
    async read(bucket, name) {
      const file = resolve(bucket, name);
      try {
        await fs.access(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    publicUrl: (bucket, name) => `/media/${bucket}/${name}`,
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

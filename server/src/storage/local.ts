import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { StorageBucket } from '@atelier/shared';

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** Where stored files live and how they are addressed; local disk now, S3-compatible later. */
export interface Storage {
  put(
    bucket: StorageBucket,
    name: string,
    bytes: Buffer,
  ): Promise<{ path: string; url: string; hash: string }>;
  remove(bucket: StorageBucket, name: string): Promise<boolean>;
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

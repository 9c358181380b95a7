import path from 'node:path';
import type { S3Location } from '../env';
import { localStorage, type Storage, sweepTemporaries, uploadsDir } from './local';
import { cachedReads } from './object-cache';
import { s3Storage } from './s3';

/**
 * The media store `STORAGE_URL` names: an S3-compatible bucket, its small objects kept in memory (the page
 * images `/media/*` serves most), else the local disk under DATA_DIR, as it always was.
 */
export function openStorage(env: { dataDir: string; STORAGE_URL?: S3Location }): Storage {
  return env.STORAGE_URL ? cachedReads(s3Storage(env.STORAGE_URL)) : localStorage(env.dataDir);
}

/** Removes the temporary files a crash left in the local store's folders (local.ts `sweepTemporaries`). */
export const sweepLocalStore = (dataDir: string) =>
  sweepTemporaries([
    uploadsDir(dataDir),
    path.join(dataDir, 'cache', 'variants'),
    path.join(dataDir, 'cache', 'focal'),
  ]);

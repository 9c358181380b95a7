import type { S3Location } from '../env';
import { localStorage, type Storage } from './local';
import { cachedReads } from './object-cache';
import { s3Storage } from './s3';

/**
 * The media store `STORAGE_URL` names: an S3-compatible bucket, its small objects kept in memory (the page
 * images `/media/*` serves most), else the local disk under DATA_DIR, as it always was.
 */
export async function openStorage(env: { dataDir: string; STORAGE_URL?: S3Location }): Promise<Storage> {
  return env.STORAGE_URL ? cachedReads(await s3Storage(env.STORAGE_URL)) : localStorage(env.dataDir);
}

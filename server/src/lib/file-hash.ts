import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';

/** A file listed in a manifest (a backup's, an export's): its path inside, its size and SHA-256. */
export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

export const sha256Bytes = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

export const sha256File = async (file: string) => {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
};

/**
 * Whether a manifest's path names a file inside its folder: relative, `/`-separated, with no empty, `.` or
 * `..` part and no backslash (a path that would escape the folder it is unpacked into is refused).
 */
export const isInsidePath = (file: string) =>
  typeof file === 'string' &&
  file.length > 0 &&
  !file.startsWith('/') &&
  !file.includes('\\') &&
  !/^[a-zA-Z]:/.test(file) &&
  file.split('/').every((part) => part !== '' && part !== '.' && part !== '..');

import { parseStoredUrl, type StorageArea } from '../../server/src/storage/local';
import type { TestServer } from './server';

/**
 * A stored file read through the server's own store (`/media/…` URL: the data directory's uploads or the
 * bucket, whichever the server runs on): its bytes, or null when it is not there.
 */
export async function storedBytes(server: TestServer, url: string): Promise<Buffer | null> {
  const file = parseStoredUrl(url);
  if (!file) throw new Error(`Not a stored file's URL: ${url}`);
  return server.running.deps.storage.getBytes(file.bucket, file.name);
}

/** Whether the server's store holds the file at `url`. */
export const isStored = async (server: TestServer, url: string) => (await storedBytes(server, url)) !== null;

/** The names in an area of the server's store (a bucket, the variants, the focal crops) starting with `prefix`. */
export const storedNames = (server: TestServer, area: StorageArea, prefix = '') =>
  server.running.deps.storage.list(area, prefix);

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ERROR_CODES, type StorageBucket } from '@atelier/shared';
import { getTableColumns } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Actor } from '../../db/audit';
import type { Db } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { fetchPublic, PublicFetchError } from '../../lib/public-fetch';
import type { ImageColumns, MediaUses, UrlImports } from '../../ports';
import type { Storage } from '../../storage/local';
import type { VariantQueue } from '../../storage/variant-queue';
import { ingestUpload } from './ingest';

const FETCH_TIMEOUT_MS = 10_000;
/** A URL of another site (a library URL is a path: `/media/…`). */
const EXTERNAL = /^https?:\/\//i;

interface UrlImportDeps {
  db: Db;
  storage: Storage;
  variants: VariantQueue;
  media: Pick<MediaUses, 'whereUsed'>;
  env: { UPLOAD_MAX_BYTES: number; URL_IMPORT_ALLOW_LOOPBACK: boolean };
}

const BUCKETS: Record<ImageColumns['entity_type'], StorageBucket> = {
  projects: 'projects',
  'blog-posts': 'blog',
  services: 'projects',
  'team-members': 'team_members',
  profiles: 'avatars',
  settings: 'projects',
};

/**
 * Images given by the URL of another site are fetched into the media library, through the upload pipeline
 * (type by content, size and pixel limits, re-encoding, dedupe), and the library's URL is stored instead: the
 * site's Content-Security-Policy shows only its own images. The fetch is a guarded one (lib/public-fetch.ts).
 */
export function urlImports(deps: UrlImportDeps): UrlImports {
  async function importUrl(url: string, bucket: StorageBucket, actor: Actor): Promise<string> {
    const { body } = await fetchPublic(url, {
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: deps.env.UPLOAD_MAX_BYTES,
      allowLoopback: deps.env.URL_IMPORT_ALLOW_LOOPBACK,
    });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atelier-import-'));
    try {
      const type = (await fileTypeFromBuffer(body))?.mime;
      if (!type?.startsWith('image/')) throw new PublicFetchError('it is not an image');
      const file = path.join(dir, 'image');
      await fs.writeFile(file, body);
      const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || 'image';
      const { item } = await ingestUpload(deps, {
        uploadId: randomBytes(16).toString('hex'),
        uploadLength: body.length,
        file,
        filename: name.slice(0, 200),
        bucket,
        folderId: null,
        userId: actor.id,
        ip: actor.ip,
      });
      return item.url;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  return {
    importUrl,
    async localize(input, images, actor) {
      const keys = images.columns.map((column) => {
        const entry = Object.entries(getTableColumns(images.table)).find(([, c]) => c === column);
        return entry?.[0] ?? column.name;
      });
      const record = input as Record<string, unknown>;
      const found = new Map<string, string>();
      // Each URL with the path of its first place, as validation names a field: `images.2`, `featured_image`.
      for (const key of keys) {
        const value = record[key];
        const urls = Array.isArray(value) ? value.map((url, i) => [url, `${key}.${i}`]) : [[value, key]];
        for (const [url, at] of urls)
          if (typeof url === 'string' && EXTERNAL.test(url) && !found.has(url)) found.set(url, at);
      }
      if (found.size === 0) return input;
      const local = new Map<string, string>();
      for (const [url, key] of found) {
        try {
          local.set(url, await importUrl(url, BUCKETS[images.entity_type], actor));
        } catch (error) {
          const why =
            error instanceof PublicFetchError
              ? error.message
              : error instanceof ApiError
                ? error.message
                : 'it could not be stored';
          throw new ApiError(400, ERROR_CODES.validation, `The image at ${url} could not be added: ${why}.`, [
            { path: key, message: `The image at ${url} could not be added: ${why}.` },
          ]);
        }
      }
      // Every field that names an imported URL (the list, the thumbnail, the alt texts keyed by URL) follows;
      // a list keeps one of each URL (two outside URLs may be the same image).
      const swap = (value: unknown): unknown =>
        typeof value === 'string'
          ? (local.get(value) ?? value)
          : Array.isArray(value)
            ? [...new Set(value.map(swap))]
            : value && Object.getPrototypeOf(value) === Object.prototype
              ? Object.fromEntries(Object.entries(value).map(([k, v]) => [local.get(k) ?? k, v]))
              : value;
      return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, swap(v)])) as typeof input;
    },
  };
}

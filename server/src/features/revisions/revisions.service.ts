import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaFiles } from '../../db/schema';
import type { ImageColumns } from '../../ports';
import { parseStoredUrl, storedUrl } from '../../storage/local';

type Row = Record<string, unknown>;

/** The URLs a row's image columns hold (a single URL or a JSON list). */
const imagesOf = (images: ImageColumns, row: Row) =>
  images.columns.flatMap((column) => {
    const value = row[column.name];
    return Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [];
  });

/**
 * A revision's row without the images that are gone from the media library (this store's files whose library
 * entry was deleted; an outside URL is kept): removed from its image lists, a single image set to null, and
 * their keys dropped from maps keyed by URL (a project's alt texts). Returns the row and the URLs left out.
 */
export async function withoutMissingImages(db: Db, images: ImageColumns | undefined, row: Row) {
  const stored = (images ? imagesOf(images, row) : []).filter((url) => parseStoredUrl(url));
  const present = new Set(
    stored.length === 0
      ? []
      : (
          await db
            .select({ path: mediaFiles.path })
            .from(mediaFiles)
            .where(
              inArray(
                mediaFiles.path,
                stored.map((url) => parseStoredUrl(url)?.path ?? ''),
              ),
            )
        ).map((file) => storedUrl(file.path)),
  );
  const missing = [...new Set(stored.filter((url) => !present.has(url)))];
  if (missing.length === 0) return { row, missing };
  const gone = new Set(missing);
  const kept = Object.fromEntries(
    Object.entries(row).map(([key, value]) => {
      if (Array.isArray(value)) return [key, value.filter((item) => !gone.has(item as string))];
      if (typeof value === 'string') return [key, gone.has(value) ? null : value];
      if (value && typeof value === 'object')
        return [key, Object.fromEntries(Object.entries(value).filter(([url]) => !gone.has(url)))];
      return [key, value];
    }),
  );
  return { row: kept, missing };
}

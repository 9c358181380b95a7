import {
  ERROR_CODES,
  factsQueryOf,
  imagesWithoutAlt,
  PUBLISH_MESSAGES,
  type PublishContent,
  type PublishFacts,
  type PublishFactsQuery,
} from '@atelier/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaFiles } from '../../db/schema';
import { findByAddress, isSluggedSection } from '../../db/slugs';
import { ApiError } from '../../lib/errors';
import { parseStoredUrl } from '../../storage/local';

/** Whether a path of the site (`/projects/<slug>`…) shows a public page today. */
async function leadsToPage(db: Db, link: string): Promise<boolean> {
  const [, section = '', key, extra] = link.split('/');
  if (!key || extra !== undefined || !isSluggedSection(section)) return false;
  try {
    return (await findByAddress(db, section, decodeURIComponent(key))) !== undefined;
  } catch {
    return false;
  }
}

/** What the publish checks need to know of these images (the library's alt text, flag and size) and links. */
export async function publishFacts(db: Db, query: PublishFactsQuery): Promise<PublishFacts> {
  const stored = query.urls.flatMap((url) => {
    const file = parseStoredUrl(url);
    return file ? [{ url, path: file.path }] : [];
  });
  const rows = stored.length
    ? await db
        .select()
        .from(mediaFiles)
        .where(
          inArray(
            mediaFiles.path,
            stored.map((file) => file.path),
          ),
        )
    : [];
  const byPath = new Map(rows.map((row) => [row.path, row]));
  const images = Object.fromEntries(
    stored.flatMap(({ url, path }) => {
      const row = byPath.get(path);
      return row
        ? [
            [
              url,
              {
                id: row.id,
                alt: row.alt_text,
                decorative: row.decorative,
                width: row.width,
                height: row.height,
              },
            ],
          ]
        : [];
    }),
  );
  const broken_links = [];
  for (const link of query.links) if (!(await leadsToPage(db, link))) broken_links.push(link);
  return { images, broken_links };
}

/**
 * Refuses (422, each image in `issues`) a save that leaves a row published with images that have no alt text
 * and are not marked decorative. Images the row already showed while published are let through: an old page
 * is not held back by what it published before the rule, but nothing new goes out undescribed.
 */
export async function refuseUndescribedImages<T>(
  db: Db,
  contentOf: (row: T) => PublishContent,
  input: T & { status: string },
  before?: T & { status: string },
) {
  if (input.status !== 'published') return;
  const content = contentOf(input);
  const shown = before?.status === 'published' ? contentOf(before).images.map((image) => image.url) : [];
  const missing = imagesWithoutAlt(content, await publishFacts(db, factsQueryOf(content))).filter(
    (url) => !shown.includes(url),
  );
  if (missing.length === 0) return;
  throw new ApiError(
    422,
    ERROR_CODES.validation,
    PUBLISH_MESSAGES.altMissing,
    missing.map((url) => ({ path: 'images', message: `No alt text: ${url}` })),
  );
}

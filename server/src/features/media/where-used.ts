import type { StorageBucket } from '@atelier/shared';
import { STORAGE_BUCKETS } from '@atelier/shared';
import { and, eq } from 'drizzle-orm';
import { type Db, writeTransaction } from '../../db/client';
import { mediaFiles } from '../../db/schema';
import type { Storage } from '../../storage/local';
import { removeVariants } from '../../storage/variants';

/** One place a stored file is shown: the entity (its admin path name), its id and title, and the field. */
export interface MediaUse {
  entity_type: 'projects' | 'blog-posts' | 'services' | 'team-members' | 'settings' | 'profiles';
  entity_id: string;
  title: string;
  field: string;
}

const PUBLIC_PATH = new RegExp(`^/media/(${STORAGE_BUCKETS.join('|')})/([A-Za-z0-9][A-Za-z0-9._-]*)$`);

/**
 * The bucket and name of a URL of this store's public path (`/media/<bucket>/<name>`), else null: deletions
 * accept nothing else (spec §5), so an external image URL or a crafted path can never remove a file.
 */
export function parseStoredUrl(url: string): { bucket: StorageBucket; name: string; path: string } | null {
  const [, bucket, name] = PUBLIC_PATH.exec(url) ?? [];
  if (!bucket || !name || name.includes('..')) return null;
  return { bucket: bucket as StorageBucket, name, path: `${bucket}/${name}` };
}

type Statement = ReturnType<Db['$client']['prepare']>;
const statements = new WeakMap<Db['$client'], Map<string, Statement>>();
/** Each statement prepared once per database: a page of 15 items asks 7 queries per item. */
function prepared(db: Db, text: string): Statement {
  const cache = statements.get(db.$client) ?? new Map<string, Statement>();
  statements.set(db.$client, cache);
  const statement = cache.get(text) ?? db.$client.prepare(text);
  cache.set(text, statement);
  return statement;
}

/**
 * Every place `url` is used: projects' images and thumbnail, posts' featured image, services' image and icon,
 * team members' image, the site settings and profiles' avatar. Plain SQL: the tables are small and a JSON
 * array (projects.images) is searched with json_each.
 */
export function whereUsed(db: Db, url: string): MediaUse[] {
  const uses: MediaUse[] = [];
  const projects = prepared(
    db,
    `SELECT id, title, thumbnail = @url AS thumb,
              EXISTS (SELECT 1 FROM json_each(projects.images) WHERE value = @url) AS listed
       FROM projects
       WHERE thumbnail = @url OR EXISTS (SELECT 1 FROM json_each(projects.images) WHERE value = @url)`,
  ).all({ url }) as { id: string; title: string; thumb: number; listed: number }[];
  for (const p of projects) {
    if (p.listed) uses.push({ entity_type: 'projects', entity_id: p.id, title: p.title, field: 'images' });
    if (p.thumb) uses.push({ entity_type: 'projects', entity_id: p.id, title: p.title, field: 'thumbnail' });
  }
  const single = (table: string, entity: MediaUse['entity_type'], titleColumn: string, fields: string[]) => {
    for (const field of fields) {
      const rows = prepared(db, `SELECT id, ${titleColumn} AS title FROM ${table} WHERE ${field} = ?`).all(
        url,
      ) as { id: string; title: string | null }[];
      for (const row of rows)
        uses.push({ entity_type: entity, entity_id: row.id, title: row.title ?? '', field });
    }
  };
  single('blog_posts', 'blog-posts', 'title', ['featured_image']);
  single('services', 'services', 'name', ['image', 'icon']);
  single('team_members', 'team-members', 'name', ['image']);
  single('profiles', 'profiles', `trim(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`, [
    'avatar_url',
  ]);
  // Settings hold no image column today; any text value equal to the URL counts, so a future logo field is covered.
  const settings = prepared(db, 'SELECT * FROM site_settings').all({}) as Record<string, unknown>[];
  for (const row of settings) {
    for (const [field, value] of Object.entries(row)) {
      if (value === url)
        uses.push({ entity_type: 'settings', entity_id: String(row.id), title: 'Site settings', field });
    }
  }
  return uses;
}

/**
 * Deletes a stored file and its media row when `url` is this store's public path AND nothing uses it any more
 * (call it after the write that dropped the reference). Returns true when the file was removed. Never throws
 * for a URL it does not own: external URLs are simply left alone.
 */
export async function releaseStoredFile(
  deps: { db: Db; storage: Storage; env?: { dataDir: string } },
  url: string | null | undefined,
) {
  if (!url) return false;
  const stored = parseStoredUrl(url);
  if (!stored) return false;
  const removed = writeTransaction(deps.db, () => {
    if (whereUsed(deps.db, url).length > 0) return false;
    deps.db
      .delete(mediaFiles)
      .where(and(eq(mediaFiles.bucket, stored.bucket), eq(mediaFiles.path, stored.path)))
      .run();
    return true;
  });
  if (!removed) return false;
  await deps.storage.remove(stored.bucket, stored.name);
  if (deps.env) await removeVariants(deps.env.dataDir, stored.path);
  return true;
}

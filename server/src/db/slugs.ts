import { ERROR_CODES, SLUG_MESSAGES, slugify } from '@atelier/shared';
import { type SQL, sql } from 'drizzle-orm';
import { ApiError } from '../lib/errors';
import { type Db, rawRows } from './client';
import { blogPosts, projects, services } from './schema';
import { publicPost, publicProject, publicService } from './visibility';

/** The tables whose rows have a public address, by the section of the site that shows them. */
const SLUGGED = {
  projects: { table: projects, entity: 'project', visible: publicProject },
  blog: { table: blogPosts, entity: 'blog_post', visible: publicPost },
  services: { table: services, entity: 'service', visible: publicService },
} as const;
export type SluggedSection = keyof typeof SLUGGED;
export const isSluggedSection = (section: string): section is SluggedSection => section in SLUGGED;

type Row = { id: string; slug: string | null };

const rowWhere = async (db: Db, section: SluggedSection, where: SQL, visibleOnly = true) => {
  const { table, visible } = SLUGGED[section];
  const [row] = await rawRows<Row>(
    db,
    sql`SELECT id, slug FROM ${table} WHERE ${where} ${visibleOnly ? sql`AND ${visible}` : sql``} LIMIT 1`,
  );
  return row;
};

/**
 * What a public detail address names: the visible row whose slug, id or former slug `key` is, and its
 * current address (its slug, or its id while it has none); undefined when there is none.
 */
export async function findByAddress(
  db: Db,
  section: SluggedSection,
  key: string,
): Promise<{ id: string; address: string } | undefined> {
  const { table, entity } = SLUGGED[section];
  const found =
    (await rowWhere(db, section, sql`${table.slug} = ${key}`)) ??
    (await rowWhere(db, section, sql`${table.id} = ${key}`)) ??
    (await rowWhere(
      db,
      section,
      sql`${table.id} = (SELECT entity_id FROM slug_history WHERE entity_type = ${entity} AND slug = ${key})`,
    ));
  return found && { id: found.id, address: found.slug ?? found.id };
}

/**
 * The slug a row is saved with, or undefined to keep the one it has: the one typed (409 when another row
 * has it); else, for a new row or one without a slug, one made from its title, with -2, -3… until free.
 * A changed slug's old one keeps answering, with a redirect (the slug_history triggers).
 */
export async function slugToSave(
  db: Db,
  section: SluggedSection,
  input: { typed: string | undefined; title: string; id?: string },
): Promise<string | undefined> {
  const { table, entity } = SLUGGED[section];
  const other = input.id ? sql`AND ${table.id} <> ${input.id}` : sql``;
  const taken = async (slug: string) =>
    (await rowWhere(db, section, sql`${table.slug} = ${slug} ${other}`, false)) !== undefined;
  if (input.typed) {
    if (await taken(input.typed)) {
      const message = SLUG_MESSAGES.taken(entity === 'blog_post' ? 'post' : entity);
      throw new ApiError(409, ERROR_CODES.conflict, message, [{ path: 'slug', message }]);
    }
    return input.typed;
  }
  if (
    input.id &&
    (await rowWhere(db, section, sql`${table.id} = ${input.id} AND ${table.slug} IS NOT NULL`, false))
  )
    return undefined;
  const base = slugify(input.title) || (entity === 'blog_post' ? 'post' : entity);
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(slug))) return slug;
  }
}

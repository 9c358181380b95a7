import { can, ERROR_CODES, REVIEW_MESSAGES as M, type Permission } from '@atelier/shared';
import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { ApiError } from '../lib/errors';
import type { Actor } from './audit';
import { type Db, statement } from './client';
import { blogPosts, projects, services, youtubeVideos } from './schema';

/**
 * Who wrote a content row, and whether it is live (public): a contributor sees live rows and their own, and
 * writes only their own rows while they are not live, never making one live. Roles holding `publish` (editors
 * and up) see and write everything; so do the system and the CLI (an actor without a role).
 */
export interface Authorship {
  /** The column naming the author (`user_id`, `author_id`). */
  author: SQLiteColumn;
  /** The column that makes a row live, and its live value: `status` 'published', `is_active` true. */
  live: SQLiteColumn;
  liveValue: 'published' | true;
}

/** A project's author is its creator (`user_id`); it is live once published. */
export const projectAuthorship: Authorship = {
  author: projects.user_id,
  live: projects.status,
  liveValue: 'published',
};
/** A post's author wrote it (`author_id`); it is live once published (scheduled included). */
export const postAuthorship: Authorship = {
  author: blogPosts.author_id,
  live: blogPosts.status,
  liveValue: 'published',
};
/** A service's author created it; it is live while active. */
export const serviceAuthorship: Authorship = {
  author: services.author_id,
  live: services.is_active,
  liveValue: true,
};
/** A hero video's author added it; it is live while active. */
export const videoAuthorship: Authorship = {
  author: youtubeVideos.author_id,
  live: youtubeVideos.is_active,
  liveValue: true,
};

const forbidden = (message: string) => new ApiError(403, ERROR_CODES.forbidden, message);
const field = (row: object, column: SQLiteColumn) => (row as Record<string, unknown>)[column.name];

/** Whether `actor`'s role lacks `permission`, so they may touch only what is theirs. */
export const limitedActor = (actor: Actor, permission: Permission) =>
  actor.role !== undefined && !can(actor.role, permission);

/** Whether `actor` may touch a row owned by `ownerId`: their role holds `permission`, or it is theirs. */
export const mayTouch = (actor: Actor, ownerId: unknown, permission: Permission) =>
  !limitedActor(actor, permission) || (ownerId != null && ownerId === actor.id);

const isLive = (rules: Authorship, row: object) => field(row, rules.live) === rules.liveValue;

/** The rows `actor` may see (a list's condition): every row, or for a contributor the live ones and their own. */
export function visibleTo(actor: Actor, rules: Authorship): SQL | undefined {
  if (!limitedActor(actor, 'publish')) return undefined;
  return or(eq(rules.live, rules.liveValue), actor.id ? eq(rules.author, actor.id) : sql`0`);
}

/** `row` when `actor` may see it (else undefined: a contributor asking for someone else's draft gets 404). */
export const seenBy = <R extends object>(actor: Actor, rules: Authorship, row: R | undefined) =>
  row && (isLive(rules, row) || mayTouch(actor, field(row, rules.author), 'publish')) ? row : undefined;

/**
 * Refuses (403) a contributor's write: to a row that is someone else's or already live (`before`), or one
 * whose `values` would make it live (publishing). Called inside the write's transaction, so a refusal writes
 * nothing.
 */
export function checkWrite(actor: Actor, rules: Authorship, before: object | undefined, values?: object) {
  if (!limitedActor(actor, 'publish')) return;
  if (before) checkAuthor(actor, rules, before);
  if (before && isLive(rules, before)) throw forbidden(M.published);
  if (values && isLive(rules, values)) throw forbidden(M.cantPublish);
}

/** Refuses (403) a contributor's change to a row someone else wrote. */
export function checkAuthor(actor: Actor, rules: Authorship, row: object) {
  if (!mayTouch(actor, field(row, rules.author), 'publish')) throw forbidden(M.notYours);
}

type Named = { first_name: string | null; last_name: string | null };
/** First and last name ('' when neither is set). */
export const fullName = (person: Named) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ').trim();
/** How staff are named to each other: first and last name, else the e-mail address. */
export const staffName = (person: Named & { email: string }) => fullName(person) || person.email;

type Person = Named & { email: string; avatar_url: string | null };
const person = statement<[string], Person>(
  `SELECT p.first_name, p.last_name, u.email, p.avatar_url FROM users u LEFT JOIN profiles p ON p.id = u.id
   WHERE u.id = ?`,
);
/** A person's name parts, e-mail and picture, or undefined when there is no such account. */
export const findPerson = async (db: Db, id: string | null): Promise<Person | undefined> =>
  id ? await person.first(db, id) : undefined;

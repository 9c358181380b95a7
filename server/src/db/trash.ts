import type { TrashKind } from '@atelier/shared';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Actor } from './audit';
import type { Db } from './client';
import { blogPosts, mediaFiles, projects, services, teamMembers, trashItems, youtubeVideos } from './schema';

/** The kinds of rows a delete moves to the Trash, by their audit entity type, and their tables. */
export const TRASHABLE = {
  project: projects,
  blog_post: blogPosts,
  service: services,
  team_member: teamMembers,
  video: youtubeVideos,
  media: mediaFiles,
} as const satisfies Record<TrashKind, SQLiteTable>;
export const isTrashKind = (type: string): type is TrashKind => type in TRASHABLE;

/**
 * Keeps a deleted row in the Trash; call it in the delete's transaction, so the row is never gone from both.
 * A media file keeps its stored path, for /media to refuse it while it is there.
 */
export async function moveToTrash(
  db: Db,
  actor: Actor,
  kind: TrashKind,
  row: { id: string; path?: string },
  label: string | null,
  keepFiles = false,
) {
  await db.insert(trashItems).values({
    id: row.id,
    entity_type: kind,
    label: label ?? '',
    data: row,
    media_path: kind === 'media' ? (row.path ?? null) : null,
    keep_files: keepFiles,
    deleted_by: actor.id,
  });
}

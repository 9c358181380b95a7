import type {
  AdminVideo,
  AdminVideoListQuery,
  CreateVideoInput,
  UpdateVideoInput,
  Video,
} from '@atelier/shared';
import { desc, eq } from 'drizzle-orm';
import type { Actor } from '../../db/audit';
import { checkWrite, seenBy, videoAuthorship, visibleTo } from '../../db/authorship';
import type { Db } from '../../db/client';
import { deleteAudited, findById, insertAudited, updateAudited } from '../../db/entity-writes';
import { listPage, orderBy, searchAny } from '../../db/list-query';
import { youtubeVideos } from '../../db/schema';
import { publicVideo, publicVideoColumns } from '../../db/visibility';

/** Active hero videos, newest first. */
export async function listActiveVideos(db: Db): Promise<Video[]> {
  return await db
    .select(publicVideoColumns)
    .from(youtubeVideos)
    .where(publicVideo)
    .orderBy(desc(youtubeVideos.created_at), desc(youtubeVideos.id));
}

const audit = { entityType: 'video', label: (row: Video) => row.title };
const SORTABLE = {
  created_at: youtubeVideos.created_at,
  title: youtubeVideos.title,
  is_active: youtubeVideos.is_active,
  project_type: youtubeVideos.project_type,
};

/**
 * Every hero video the caller may see (a contributor: the active ones and their own) for the admin: search by
 * title, active filter, newest first, 10 a page.
 */
export async function listAdminVideos(db: Db, query: AdminVideoListQuery, actor: Actor) {
  return await listPage(db, youtubeVideos, {
    where: [
      visibleTo(actor, videoAuthorship),
      searchAny(query.q, [youtubeVideos.title]),
      query.is_active === undefined ? undefined : eq(youtubeVideos.is_active, query.is_active),
    ],
    orderBy: orderBy(SORTABLE, youtubeVideos.id, query.sort, query.order, {
      sort: 'created_at',
      order: 'desc',
    }),
    page: query.page,
  });
}

export const findVideo = async (db: Db, id: string, actor: Actor): Promise<AdminVideo | undefined> =>
  seenBy(actor, videoAuthorship, await findById(db, youtubeVideos, id));

/**
 * The URL arrives normalised to watch?v={id} by the schema; is_active is kept as sent (a contributor's video
 * stays inactive until an editor makes it active).
 */
export async function createVideo(db: Db, actor: Actor, input: CreateVideoInput): Promise<AdminVideo> {
  checkWrite(actor, videoAuthorship, undefined, input);
  return await insertAudited(db, youtubeVideos, { ...input, author_id: actor.id }, actor, audit);
}

/** Updates a video (a contributor: their own inactive one, kept inactive). */
export const updateVideo = async (db: Db, actor: Actor, id: string, input: UpdateVideoInput) =>
  (
    await updateAudited(db, youtubeVideos, id, input, actor, {
      ...audit,
      check: (before) => checkWrite(actor, videoAuthorship, before, input),
    })
  )?.after;

/** Deletes a video (a contributor: their own inactive one). */
export const deleteVideo = async (db: Db, actor: Actor, id: string) =>
  (await deleteAudited(db, youtubeVideos, id, actor, {
    ...audit,
    check: (before) => checkWrite(actor, videoAuthorship, before),
  })) !== undefined;

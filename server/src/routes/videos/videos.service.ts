import type { Video } from '@atelier/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { youtubeVideos } from '../../db/schema';

/** Active hero videos, newest first. */
export function listActiveVideos(db: Db): Video[] {
  return db
    .select()
    .from(youtubeVideos)
    .where(eq(youtubeVideos.is_active, true))
    .orderBy(desc(youtubeVideos.created_at), desc(youtubeVideos.id))
    .all();
}

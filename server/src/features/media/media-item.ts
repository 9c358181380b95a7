import type { MediaItem } from '@atelier/shared';
import type { mediaFiles } from '../../db/schema';
import type { MediaUses } from '../../ports';
import { storedUrl } from '../../storage/local';

export type MediaRow = typeof mediaFiles.$inferSelect;

/** The API's view of a media row, with the places that use it. */
export async function toMediaItem(media: Pick<MediaUses, 'whereUsed'>, row: MediaRow): Promise<MediaItem> {
  const url = storedUrl(row.path);
  return {
    id: row.id,
    url,
    bucket: row.bucket,
    folder_id: row.folder_id,
    filename: row.original_name || row.path.slice(row.path.indexOf('/') + 1),
    mime_type: row.mime_type,
    size_bytes: row.size_bytes,
    width: row.width,
    height: row.height,
    alt_text: row.alt_text,
    focus: { x: row.focus_x, y: row.focus_y },
    source_id: row.source_id,
    decorative: row.decorative,
    content_hash: row.content_hash,
    uploaded_by: row.uploaded_by,
    created_at: row.created_at,
    used_by: await media.whereUsed(url),
  };
}

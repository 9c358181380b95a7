import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { mediaFiles } from './media';

/**
 * The outcome of each tus upload that became a library item, written in the transaction that writes (or finds)
 * its media row: an upload is complete for a client only once this row exists. Kept a day, then swept; a row
 * goes with its media item.
 */
export const uploadResults = sqliteTable(
  'upload_results',
  {
    /** The tus upload's id (32 hex digits). */
    id: text().primaryKey(),
    media_id: text()
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    /** True when identical bytes were already stored: the item is that file. */
    deduplicated: integer({ mode: 'boolean' }).notNull(),
    /** The upload's Upload-Length, which HEAD keeps answering once the staged copy is gone. */
    upload_length: integer().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('upload_results_created_idx').on(t.created_at),
    index('upload_results_media_idx').on(t.media_id),
  ],
);

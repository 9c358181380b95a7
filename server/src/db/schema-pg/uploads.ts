// The PostgreSQL twin of ../schema/uploads.ts: the same tables, columns, checks and indexes (documented there).
import { bigint, boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { mediaFiles } from './media';

export const uploadResults = pgTable(
  'upload_results',
  {
    id: text().primaryKey(),
    media_id: text()
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    deduplicated: boolean().notNull(),
    upload_length: bigint({ mode: 'number' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('upload_results_created_idx').on(t.created_at),
    index('upload_results_media_idx').on(t.media_id),
  ],
);

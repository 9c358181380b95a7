import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id, oneOf } from './columns';

/** The nightly backup's schedule: one row (id 1). */
export const backupSettings = sqliteTable(
  'backup_settings',
  {
    id: integer().primaryKey(),
    /** The time of day (server's local time, HH:MM) the server backs up by itself. */
    time: text().notNull().default('02:00'),
    keep_daily: integer().notNull().default(7),
    keep_weekly: integer().notNull().default(4),
  },
  (t) => [check('backup_settings_single_row', oneOf(t.id, ['1']))],
);

export const BACKUP_RUN_STATUSES = ['running', 'ok', 'failed'] as const;

/** Each backup run, good or failed (with its error): the record behind the Backups screen's failures. */
export const backupRuns = sqliteTable(
  'backup_runs',
  {
    id: id(),
    /** The backup folder's name under BACKUP_DIR. */
    name: text().notNull(),
    trigger: text({ enum: ['scheduled', 'manual'] }).notNull(),
    status: text({ enum: BACKUP_RUN_STATUSES }).notNull(),
    error: text(),
    started_at: createdAt(),
    finished_at: text(),
  },
  (t) => [
    check('backup_runs_status_check', oneOf(t.status, BACKUP_RUN_STATUSES)),
    index('backup_runs_started_idx').on(t.started_at),
  ],
);

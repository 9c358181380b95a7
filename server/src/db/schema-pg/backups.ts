// The PostgreSQL twin of ../schema/backups.ts: the same tables, columns, checks and indexes (documented there).
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf } from './columns';

export const backupSettings = pgTable(
  'backup_settings',
  {
    id: integer().primaryKey(),
    time: text().notNull().default('02:00'),
    keep_daily: integer().notNull().default(7),
    keep_weekly: integer().notNull().default(4),
  },
  (t) => [check('backup_settings_single_row', oneOf(t.id, ['1']))],
);

export const BACKUP_RUN_STATUSES = ['running', 'ok', 'failed'] as const;

export const backupRuns = pgTable(
  'backup_runs',
  {
    id: id(),
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

import { z } from 'zod';
import { Timestamp } from './common';

/** Backups older than this make the dashboard warn those who manage the settings. */
export const BACKUP_STALE_HOURS = 48;

/** When the server backs up by itself, and how many backups rotation keeps. */
export const BackupSchedule = z
  .object({
    /** The time of day, on the server's clock, HH:MM (24-hour). */
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time of day as HH:MM, e.g. 02:00'),
    keep_daily: z
      .number({ error: 'Must be a whole number' })
      .int('Must be a whole number')
      .min(1, 'Keep at least 1 daily backup')
      .max(90, 'Must be at most 90'),
    keep_weekly: z
      .number({ error: 'Must be a whole number' })
      .int('Must be a whole number')
      .min(0, 'Must be 0 or more')
      .max(104, 'Must be at most 104'),
  })
  .meta({ id: 'BackupSchedule' });
export type BackupSchedule = z.infer<typeof BackupSchedule>;

/** A backup on disk (`ok`), or a run that failed (`failed`, with its error and nothing on disk). */
export const BackupItem = z
  .object({
    name: z.string(),
    status: z.enum(['ok', 'failed']),
    created_at: Timestamp,
    /** Every file's size added up; what this backup wrote itself (unchanged media are linked to the last one). */
    bytes: z.number().int(),
    new_bytes: z.number().int(),
    media_files: z.number().int(),
    projects: z.number().int(),
    blog_posts: z.number().int(),
    inquiries: z.number().int(),
    error: z.string().nullable(),
  })
  .meta({ id: 'BackupItem' });
export type BackupItem = z.infer<typeof BackupItem>;

export const BackupList = z
  .object({
    /** Newest first: the backups kept and the failed runs. */
    backups: z.array(BackupItem),
    running: z.boolean(),
    last_good_at: Timestamp.nullable(),
    /** No good backup for BACKUP_STALE_HOURS (none at all on a site older than that). */
    stale: z.boolean(),
    schedule: BackupSchedule,
    /** Where the backups are written (BACKUP_DIR). */
    backup_dir: z.string(),
  })
  .meta({ id: 'BackupList' });
export type BackupList = z.infer<typeof BackupList>;

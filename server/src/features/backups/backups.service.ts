import { BACKUP_STALE_HOURS, type BackupItem, type BackupList, type BackupSchedule } from '@atelier/shared';
import { asc, desc, eq } from 'drizzle-orm';
import { type Db, dialectOf } from '../../db/client';
import { writeOutsideVersion } from '../../db/content-version';
import { backupRuns, backupSettings, users } from '../../db/schema';
import { nowIso } from '../../db/schema/columns';
import { statusError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Storage } from '../../storage/local';
import { type BackupInfo, createBackup, listBackups, rotateBackups } from './backup-folder';

export interface BackupDeps {
  db: Db;
  env: { dataDir: string; backupDir: string };
  storage: Storage;
  log: Logger;
}

const HOUR_MS = 3_600_000;
/** How often the scheduler looks at the clock. */
const TICK_MS = 60_000;

/** The one backup running per backup folder: a second "Back up now" waits for nothing and is refused. */
const running = new Map<string, Promise<BackupInfo>>();

/** The backups' own rows are not content: writing them leaves the page and answer caches as they are. */
const writeBackupRow = async (db: Db, write: () => Promise<unknown>) => await writeOutsideVersion(db, write);

export async function getBackupSchedule(db: Db): Promise<BackupSchedule> {
  await writeBackupRow(
    db,
    async () => await db.insert(backupSettings).values({ id: 1 }).onConflictDoNothing(),
  );
  const { time, keep_daily, keep_weekly } = (await db.select().from(backupSettings))[0]!;
  return { time, keep_daily, keep_weekly };
}

export async function updateBackupSchedule(db: Db, schedule: BackupSchedule): Promise<BackupSchedule> {
  await db
    .insert(backupSettings)
    .values({ id: 1, ...schedule })
    .onConflictDoUpdate({ target: backupSettings.id, set: schedule });
  return await getBackupSchedule(db);
}

/**
 * Makes a backup, records the run (its error when it fails), then removes what rotation does not keep.
 * The run is recorded after the copy, so a backup's own database never holds its run as unfinished.
 */
export async function runBackup(
  { db, env, storage, log }: BackupDeps,
  trigger: 'scheduled' | 'manual',
  now = new Date(),
): Promise<BackupInfo> {
  if (running.has(env.backupDir)) throw statusError(409, 'A backup is already running.');
  // The backup folder holds a SQLite file; PostgreSQL is backed up by its own tools (docs/deployment.md).
  if (dialectOf(db) !== 'sqlite')
    throw statusError(409, 'On PostgreSQL the database is backed up with pg_dump (see docs/deployment.md).');
  const work = createBackup({ dataDir: env.dataDir, storage }, env.backupDir, now);
  running.set(env.backupDir, work);
  try {
    const backup = await work;
    await writeBackupRow(
      db,
      async () =>
        await db.insert(backupRuns).values({
          name: backup.name,
          trigger,
          status: 'ok',
          started_at: now.toISOString(),
          finished_at: nowIso(),
        }),
    );
    const { keep_daily, keep_weekly } = await getBackupSchedule(db);
    const removed = rotateBackups(env.backupDir, keep_daily, keep_weekly, now);
    log.info({ backup: backup.name, bytes: backup.manifest.bytes, removed }, 'backup made');
    return backup;
  } catch (error) {
    const message = (error as Error).message;
    await writeBackupRow(
      db,
      async () =>
        await db.insert(backupRuns).values({
          name: `failed-${now.toISOString()}`,
          trigger,
          status: 'failed',
          error: message,
          started_at: now.toISOString(),
          finished_at: nowIso(),
        }),
    );
    log.error({ err: error, trigger }, 'backup failed');
    throw statusError(500, `The backup failed: ${message}`);
  } finally {
    running.delete(env.backupDir);
  }
}

const itemOf = ({ name, manifest }: BackupInfo): BackupItem => ({
  name,
  status: 'ok',
  created_at: manifest.created_at,
  bytes: manifest.bytes,
  new_bytes: manifest.new_bytes,
  media_files: manifest.counts.media_files,
  projects: manifest.counts.rows.projects ?? 0,
  blog_posts: manifest.counts.rows.blog_posts ?? 0,
  inquiries: manifest.counts.rows.inquiries ?? 0,
  error: null,
});

/** The Backups screen: the backups on disk and the failed runs, newest first; whether the last good is stale. */
export async function listBackupItems(
  { db, env }: Omit<BackupDeps, 'log'>,
  now = new Date(),
): Promise<BackupList> {
  const good = listBackups(env.backupDir).map(itemOf);
  const failed = (
    await db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.status, 'failed'))
      .orderBy(desc(backupRuns.started_at))
      .limit(20)
  ).map(
    (run): BackupItem => ({
      name: run.name,
      status: 'failed',
      created_at: run.started_at,
      bytes: 0,
      new_bytes: 0,
      media_files: 0,
      projects: 0,
      blog_posts: 0,
      inquiries: 0,
      error: run.error,
    }),
  );
  const lastGood = good[0]?.created_at ?? null;
  // A site younger than the limit, never backed up yet, is not late: its first night has not come.
  const since =
    lastGood ?? (await db.select({ at: users.created_at }).from(users).orderBy(asc(users.created_at)))[0]?.at;
  return {
    backups: [...good, ...failed].sort((a, b) => b.created_at.localeCompare(a.created_at)),
    running: running.has(env.backupDir),
    last_good_at: lastGood,
    stale: since !== undefined && now.getTime() - Date.parse(since) > BACKUP_STALE_HOURS * HOUR_MS,
    schedule: await getBackupSchedule(db),
    backup_dir: env.backupDir,
  };
}

/** The latest moment at or before `now` that the schedule's time of day (server's local clock) names. */
function lastScheduledAt(time: string, now: Date): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const at = new Date(now);
  at.setHours(hours, minutes, 0, 0);
  if (at > now) at.setDate(at.getDate() - 1);
  return at;
}

export interface BackupScheduler {
  /** Backs up when the scheduled time passed since the last look (the timer calls it each minute). */
  tick(now?: Date): Promise<BackupInfo | null>;
  /** Stops the timer and waits for a backup under way. */
  stop(): Promise<void>;
}

/**
 * The nightly backup: each minute, if the schedule's time came since the last look, a backup is made. A
 * failure is recorded (runBackup) and tried again the next night. The timer never keeps the process alive.
 */
export function backupScheduler(deps: BackupDeps, startedAt = new Date()): BackupScheduler {
  let lastLook = startedAt;
  let current: Promise<BackupInfo | null> = Promise.resolve(null);
  const tick = async (now = new Date()) => {
    if (dialectOf(deps.db) !== 'sqlite') return null;
    const due = lastScheduledAt((await getBackupSchedule(deps.db)).time, now);
    const passed = due > lastLook && due <= now;
    lastLook = now;
    if (!passed || running.has(deps.env.backupDir)) return Promise.resolve(null);
    current = runBackup(deps, 'scheduled', now).catch(() => null);
    return current;
  };
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}

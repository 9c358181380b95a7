import { and, eq, gte, lt, notExists, sql } from 'drizzle-orm';
import { recordAudit } from '../../db/audit';
import { type Db, writeTransaction } from '../../db/client';
import { nextScheduledDate } from '../../db/content-version';
import { auditLog, blogPosts } from '../../db/schema';
import { publicPost } from '../../db/visibility';
import type { Logger } from '../../lib/logger';
import type { Feeds } from '../../ports';

/** How often the content version (a counter in memory) is read: a post saved with a date re-arms the timer. */
const WATCH_MS = 1000;
/** How often it looks in the database anyway: a change it did not hear of, a recording that failed. */
const LOOK_MS = 60_000;
/** The longest a timer is set for (Node's limit is about 24 days); it is set again when it fires. */
const MAX_DELAY_MS = 86_400_000;
/**
 * A post was scheduled if its publish date was at least this far after its last save: a post published at
 * once has its date and its save a few milliseconds apart (the database's clock and the server's may differ).
 */
const SCHEDULED_AHEAD_MS = 1000;
/**
 * Open panels are told of a post whose date came this recently: a start-up after a long stop (or the first
 * after an upgrade, recording the posts scheduled before) fills the Activity without a flood of toasts.
 */
const TELL_WITHIN_MS = 10 * 60_000;

/**
 * Live posts whose date came after their last save (a schedule) and with no Activity entry since that date:
 * the 'went_live' entry is dated at it, so a recorded post has one (and a post rescheduled to a later date
 * none yet), and a post written since its date (brought back from the Trash after it) cannot be told to
 * have gone live then.
 */
const unrecorded = (db: Db) =>
  and(
    publicPost,
    lt(blogPosts.updated_at, blogPosts.publish_date),
    notExists(
      db
        .select({ one: sql`1` })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity_type, 'blog_post'),
            eq(auditLog.entity_id, blogPosts.id),
            gte(auditLog.created_at, blogPosts.publish_date),
          ),
        ),
    ),
  );

/** The scheduled posts gone live without their entry: id, title and publish date. */
async function wentLive(db: Db): Promise<{ id: string; title: string; at: string }[]> {
  const rows = await db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      at: blogPosts.publish_date,
      saved: blogPosts.updated_at,
    })
    .from(blogPosts)
    .where(unrecorded(db));
  return rows.flatMap(({ id, title, at, saved }) =>
    at && Date.parse(at) - Date.parse(saved) >= SCHEDULED_AHEAD_MS ? [{ id, title, at }] : [],
  );
}

/**
 * Records each scheduled post whose date has come, once per post and date whichever server and however many
 * look at the same moment: the check and the entry in one write transaction (they follow one another on
 * PostgreSQL as on SQLite). Read first outside one, so a look that finds nothing writes nothing. The posts
 * recorded.
 */
export async function recordWentLive(db: Db): Promise<{ id: string; title: string; at: string }[]> {
  if ((await wentLive(db)).length === 0) return [];
  return await writeTransaction(db, async () => {
    const due = await wentLive(db);
    for (const post of due)
      await recordAudit(
        db,
        { id: null },
        { action: 'went_live', entityType: 'blog_post', entityId: post.id, label: post.title, at: post.at },
      );
    return due;
  });
}

export interface ScheduledPublishing {
  /**
   * Records what went live (and tells the staff's open streams) and arms the timer for the next date; the
   * number recorded.
   */
  look(): Promise<number>;
  /** Stops the timers and waits for a look under way. */
  stop(): Promise<void>;
}

/**
 * The blog's schedule: a look at start-up (what went live while no server ran), then one at each post's date,
 * when the content version moves (a post saved, here or on another server) and each minute. The server that
 * records a post tells the event streams (its own, and through the database every other server's). A failure
 * is logged and tried again at the next look. The timers never keep the process alive.
 */
export function scheduledPublishing(deps: {
  db: Db;
  log: Logger;
  feeds: Pick<Feeds, 'wentLive'>;
  version: () => string;
}): ScheduledPublishing {
  let current: Promise<number> = Promise.resolve(0);
  let seen = deps.version();
  let lookedAt = Date.now();
  let stopped = false;
  let due: NodeJS.Timeout | undefined;
  const arm = (date: string | null) => {
    clearTimeout(due);
    if (!date || stopped) return;
    due = setTimeout(() => void look(), Math.min(Math.max(0, Date.parse(date) - Date.now()), MAX_DELAY_MS));
    due.unref();
  };
  const look = () => {
    current = current.then(async () => {
      if (stopped) return 0;
      lookedAt = Date.now();
      try {
        const recorded = await recordWentLive(deps.db);
        for (const { id, title, at } of recorded)
          if (Date.now() - Date.parse(at) < TELL_WITHIN_MS) deps.feeds.wentLive.publish({ id, title });
        arm(await nextScheduledDate(deps.db));
        return recorded.length;
      } catch (error) {
        deps.log.error({ err: error }, 'recording the scheduled posts that went live failed');
        return 0;
      }
    });
    return current;
  };
  const watch = setInterval(() => {
    const version = deps.version();
    if (version === seen && Date.now() - lookedAt < LOOK_MS) return;
    seen = version;
    void look();
  }, WATCH_MS);
  watch.unref();
  void look();
  return {
    look,
    async stop() {
      stopped = true;
      clearInterval(watch);
      clearTimeout(due);
      await current;
    },
  };
}

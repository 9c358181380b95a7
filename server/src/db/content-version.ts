import type Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { connectionOf, type Db, rawRows, sqliteOf, writeTransaction } from './client';
import { postgresOf } from './postgres';

/** Changes made through `writeOutsideVersion`, per database: left out of its content version. */
const ignoredChanges = new WeakMap<Db, { count: number }>();
const ignored = (db: Db) => {
  let entry = ignoredChanges.get(db);
  if (!entry) {
    entry = { count: 0 };
    ignoredChanges.set(db, entry);
  }
  return entry;
};

const totals = new WeakMap<Database.Database, Database.Statement>();
const totalChanges = (sqlite: Database.Database) => {
  let total = totals.get(sqlite);
  if (!total) {
    total = sqlite.prepare('SELECT total_changes()').pluck();
    totals.set(sqlite, total);
  }
  return total.get() as number;
};

/**
 * Runs a write that must not empty the answer cache (a view count): every visitor's first view of a post
 * would otherwise throw away every cached answer of the API. Its changes are left out of `contentVersion`.
 */
export async function writeOutsideVersion<T>(db: Db, write: () => Promise<T>): Promise<T> {
  const postgres = postgresOf(connectionOf(db));
  if (postgres) {
    // A quiet transaction: its commit is not told as a change.
    const result = await postgres.transaction(write, true);
    ignored(db).count += 1;
    return result;
  }
  const sqlite = sqliteOf(db) as Database.Database;
  // In a transaction of its own, so no other write lands between the two counts.
  return await writeTransaction(db, async () => {
    const before = totalChanges(sqlite);
    try {
      return await write();
    } finally {
      ignored(db).count += totalChanges(sqlite) - before;
    }
  });
}

/** When the next scheduled post goes live (the earliest publish date still to come), or null. */
export async function nextScheduledDate(db: Db): Promise<string | null> {
  const [row] = await rawRows<{ next: string | null }>(
    db,
    sql`SELECT min(publish_date) AS next FROM blog_posts WHERE status = 'published' AND publish_date > ${new Date().toISOString()}`,
  );
  return row?.next ?? null;
}

/**
 * The database's change counter, read on every request. SQLite: `data_version` moves when another connection
 * commits (the CLI, a restore), `total_changes()` when this one does (less the writes made through
 * `writeOutsideVersion`). PostgreSQL: the commits of every server, heard on its change channel. Any content
 * write therefore invalidates every cached answer, on every server, with nothing for a write path to remember.
 * A scheduled post goes public when its date comes, with no write: that moment changes the version too.
 */
export function contentVersion(db: Db): () => string {
  const postgres = postgresOf(connectionOf(db));
  const sqlite = sqliteOf(db);
  const dataVersion = sqlite?.prepare('PRAGMA data_version').pluck();
  const count = () =>
    postgres
      ? String(postgres.changeCount())
      : `${dataVersion?.get()}.${totalChanges(sqlite as Database.Database) - ignored(db).count}`;
  let base = '';
  let due = Number.POSITIVE_INFINITY;
  let epoch = 0;
  const nextScheduled = async () => {
    const next = await nextScheduledDate(db);
    due = next ? Date.parse(next) : Number.POSITIVE_INFINITY;
  };
  return () => {
    const now = count();
    if (now !== base || Date.now() >= due) {
      if (now === base) epoch += 1;
      base = now;
      due = Number.POSITIVE_INFINITY;
      void nextScheduled().catch(() => {});
    }
    return `${now}.${epoch}`;
  };
}

const DAY_MS = 86_400_000;

/**
 * The version of the admin answers: the content version, plus the view counts it leaves out (the admin blog
 * list sorts by them, the dashboard adds them up) and the UTC day (the dashboard's weeks end on it).
 */
export function adminVersion(db: Db): () => string {
  const content = contentVersion(db);
  return () => `${content()}.${ignoredChanges.get(db)?.count ?? 0}.${Math.floor(Date.now() / DAY_MS)}`;
}

import type Database from 'better-sqlite3';
import { type Db, sqliteOf, writeTransaction } from './client';

const sqlite = (db: Db): Database.Database => {
  const connection = sqliteOf(db);
  if (!connection) throw new Error('The content version of a PostgreSQL database is kept by db/postgres.ts');
  return connection;
};
const totals = new WeakMap<Db, Database.Statement>();
const totalChanges = (db: Db) => {
  let total = totals.get(db);
  if (!total) {
    total = sqlite(db).prepare('SELECT total_changes()').pluck();
    totals.set(db, total);
  }
  return total.get() as number;
};
/** Changes made through `writeOutsideVersion`, per database: left out of its content version. */
const ignoredChanges = new WeakMap<Db, { count: number }>();

/**
 * Runs a write that must not empty the answer cache (a view count): every visitor's first view of a post
 * would otherwise throw away every cached answer of the API. Its changes are left out of `contentVersion`.
 */
export async function writeOutsideVersion<T>(db: Db, write: () => Promise<T>): Promise<T> {
  // In a transaction of its own, so no other write lands between the two counts.
  return await writeTransaction(db, async () => {
    const before = totalChanges(db);
    try {
      return await write();
    } finally {
      let ignored = ignoredChanges.get(db);
      if (!ignored) {
        ignored = { count: 0 };
        ignoredChanges.set(db, ignored);
      }
      ignored.count += totalChanges(db) - before;
    }
  });
}

/**
 * The database's change counter: `data_version` moves when another connection commits (the CLI, a
 * restore), `total_changes()` when this one does (less the writes made through `writeOutsideVersion`). Any
 * content write therefore invalidates every cached answer, with nothing for a write path to remember.
 */
export function contentVersion(db: Db): () => string {
  const dataVersion = sqlite(db).prepare('PRAGMA data_version').pluck();
  // A scheduled post goes public when its date comes, with no write: that moment changes the version too.
  const nextScheduled = sqlite(db)
    .prepare(
      `SELECT min(publish_date) FROM blog_posts WHERE status = 'published' AND publish_date > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    )
    .pluck();
  let base = '';
  let due = Number.POSITIVE_INFINITY;
  let epoch = 0;
  return () => {
    const now = `${dataVersion.get()}.${totalChanges(db) - (ignoredChanges.get(db)?.count ?? 0)}`;
    if (now !== base || Date.now() >= due) {
      if (now === base) epoch += 1;
      base = now;
      const next = nextScheduled.get() as string | null;
      due = next ? Date.parse(next) : Number.POSITIVE_INFINITY;
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

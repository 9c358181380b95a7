/**
 * Who has been counted as viewing which post today (UTC): one view per visitor per post per day. A visitor is
 * the client address, which a script cannot rotate the way it can drop a cookie or change its user agent; a
 * few colleagues behind one office router count once. Kept in memory, bounded, and forgotten at midnight: a
 * restart forgetting the day's visitors costs at most one extra view each (several servers on PostgreSQL keep
 * one ledger in the database: db/shared-limits.ts).
 */
export class ViewLedger {
  private day = '';
  private readonly seen = new Set<string>();

  constructor(private readonly max = 200_000) {}

  /** True the first time `visitor` is seen for `postId` today; false after, and once the day's bound is reached. */
  async firstToday(postId: string, visitor: string, now = Date.now()): Promise<boolean> {
    const day = new Date(now).toISOString().slice(0, 10);
    if (day !== this.day) {
      this.day = day;
      this.seen.clear();
    }
    const key = `${postId}\n${visitor}`;
    if (this.seen.has(key) || this.seen.size >= this.max) return false;
    this.seen.add(key);
    return true;
  }
}

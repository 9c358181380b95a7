import { ERROR_CODES, MESSAGES } from '@atelier/shared';
import { ApiError } from './errors';

/** The 429 of a limit, with Retry-After: the seconds until its window ends. */
export const tooManyRequests = (resetAt: number, now: number) =>
  new ApiError(429, ERROR_CODES.rateLimited, MESSAGES.rateLimited, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil((resetAt - now) / 1000))),
  });

interface Window {
  count: number;
  resetAt: number;
}

/**
 * A fixed-window counter per key (usually the client address), kept in memory: one server on SQLite runs as
 * one process, and a restart forgiving a few requests is acceptable for these limits (several servers on
 * PostgreSQL count in the database: db/shared-limits.ts).
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(windowMs, 60_000));
    this.sweeper.unref();
  }

  /** Counts one request for `key`; throws a 429 with Retry-After when over the limit. */
  async hit(key: string): Promise<void> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > this.limit) throw tooManyRequests(window.resetAt, now);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  dispose(): void {
    clearInterval(this.sweeper);
  }
}

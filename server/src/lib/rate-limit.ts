import { ERROR_CODES, MESSAGES } from '@atelier/shared';
import { ApiError } from './errors';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * A fixed-window counter per key (usually the client address), kept in memory: Atelier runs as one
 * process, and a restart forgiving a few requests is acceptable for these limits.
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
  hit(key: string): void {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > this.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      throw new ApiError(429, ERROR_CODES.rateLimited, MESSAGES.rateLimited, undefined, {
        'Retry-After': String(retryAfter),
      });
    }
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  dispose(): void {
    clearInterval(this.sweeper);
  }
}

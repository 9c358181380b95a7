import type { Logger } from '../lib/logger';
import { scheduleDecode } from './decode';
import { makeAllVariants } from './variants';

/**
 * Makes every responsive variant of newly stored images in the background, one image at a time, so an
 * upload answers as soon as the original is stored and public pages stay fast during a batch. A variant not
 * yet made is still made on its first request (variants.ts), so nothing waits on this queue.
 */
export function variantQueue(dataDir: string, log: Logger) {
  const pending: string[] = [];
  let active: Promise<void> | null = null;
  const idleWaiters: (() => void)[] = [];

  const drain = async () => {
    for (let relative = pending.shift(); relative; relative = pending.shift()) {
      const started = performance.now();
      const stored = relative;
      try {
        await scheduleDecode(() => makeAllVariants(dataDir, stored));
        log.debug({ path: stored, ms: Math.round(performance.now() - started) }, 'variants made');
      } catch (err) {
        log.warn({ err, path: stored }, 'variants failed');
      }
    }
    active = null;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };

  return {
    /** `relative` is the stored path, `bucket/name.ext`. */
    enqueue(relative: string) {
      pending.push(relative);
      active ??= drain();
    },
    get size() {
      return pending.length + (active ? 1 : 0);
    },
    /** Resolves when the queue is empty (tests and the bench). */
    idle(): Promise<void> {
      return active ? new Promise((resolve) => idleWaiters.push(resolve)) : Promise.resolve();
    },
  };
}
export type VariantQueue = ReturnType<typeof variantQueue>;

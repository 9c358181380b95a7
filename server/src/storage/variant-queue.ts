import type { Logger } from '../lib/logger';
import type { Storage } from './local';
import { FIRST_VARIANT, makeVariants, storeVariant } from './variants';

/**
 * Makes the variants the pages use (variants.ts, EAGER_VARIANTS) of newly stored images in the background,
 * one image at a time, so an upload answers as soon as the original and its preview are stored, and public
 * pages stay fast during a batch. A variant not yet made is still made on its first request (variants.ts),
 * so nothing waits on this queue.
 */
export function variantQueue(storage: Storage, log: Logger) {
  const pending: string[] = [];
  let active: Promise<void> | null = null;
  const idleWaiters: (() => void)[] = [];

  const drain = async () => {
    for (let relative = pending.shift(); relative; relative = pending.shift()) {
      const started = performance.now();
      const stored = relative;
      try {
        const made = await makeVariants(storage, stored);
        log.debug({ path: stored, made, ms: Math.round(performance.now() - started) }, 'variants made');
      } catch (err) {
        log.warn({ err, path: stored }, 'variants failed');
      }
    }
    active = null;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };

  return {
    /**
     * `relative` is the stored path, `bucket/name.ext`; `first`, the first variant (the admin's preview) when
     * the caller made it with its own decode: stored before this resolves (made with the rest if that fails).
     */
    async enqueue(relative: string, first?: Buffer) {
      if (first)
        await storeVariant(storage, relative, FIRST_VARIANT, first).catch((err) =>
          log.warn({ err, path: relative }, 'preview not stored'),
        );
      pending.push(relative);
      active ??= drain();
    },
    /** Resolves when the queue is empty (tests and the bench). */
    idle(): Promise<void> {
      return active ? new Promise((resolve) => idleWaiters.push(resolve)) : Promise.resolve();
    },
  };
}
export type VariantQueue = ReturnType<typeof variantQueue>;

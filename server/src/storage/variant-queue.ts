import type { Logger } from '../lib/logger';
import { IMAGE_CONCURRENCY } from './image-queue';
import type { Storage } from './local';
import { FIRST_VARIANT, makeVariants, storeVariant } from './variants';

/**
 * Makes the variants the pages use (variants.ts, EAGER_VARIANTS) of newly stored images in the background, as
 * many images at once as the image queue runs decodes (so a batch keeps both cores at work once its uploads,
 * which cost little, are stored), so an upload answers as soon as the original and its preview are stored. A
 * variant not yet made is still made on its first request (variants.ts), so nothing waits on this queue.
 */
export function variantQueue(storage: Storage, log: Logger) {
  const pending: string[] = [];
  let running = 0;
  const idleWaiters: (() => void)[] = [];

  const work = async () => {
    running += 1;
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
    running -= 1;
    if (running === 0) for (const resolve of idleWaiters.splice(0)) resolve();
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
      if (running < IMAGE_CONCURRENCY) void work();
    },
    /** Resolves when the queue is empty (tests and the bench). */
    idle(): Promise<void> {
      return running > 0 ? new Promise((resolve) => idleWaiters.push(resolve)) : Promise.resolve();
    },
  };
}
export type VariantQueue = ReturnType<typeof variantQueue>;

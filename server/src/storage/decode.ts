/**
 * The one place image decoding is scheduled: every sharp decode of an upload or a variant runs through
 * `scheduleDecode`, at most DECODE_CONCURRENCY at a time, so a batch of large images cannot take every core
 * and all the memory while public pages are being served. (The hardening branch's image queue, with its
 * memory budget, replaces the body of this function at merge time; callers stay as they are.)
 */
export const DECODE_CONCURRENCY = 2;

let running = 0;
const waiting: (() => void)[] = [];

export async function scheduleDecode<T>(work: () => Promise<T>): Promise<T> {
  if (running >= DECODE_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

import { runImageJob } from './image-queue';

/** What a decode is assumed to cost when the caller does not know its size: a 16-megapixel photograph. */
const DEFAULT_PIXELS = 16_000_000;
let configured = false;

/**
 * Every sharp decode of the media store (uploads, variants) goes through the process's one image queue
 * (image-queue.ts: fixed concurrency and a memory budget, shared with avatars), costed by its pixels.
 */
export async function scheduleDecode<T>(work: () => Promise<T>, pixels = DEFAULT_PIXELS): Promise<T> {
  if (!configured) {
    configured = true;
    // libvips' operation cache keeps decoded images around (50 MB by default); every input here is new.
    const { default: sharp } = await import('sharp');
    sharp.cache(false);
  }
  return runImageJob(work, { pixels });
}

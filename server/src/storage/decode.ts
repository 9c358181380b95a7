import { IMAGE_MEMORY_BUDGET, runImageJob } from './image-queue';

/** What a decode is assumed to cost when the caller does not know its size: a 16-megapixel photograph. */
const DEFAULT_PIXELS = 16_000_000;
/**
 * Re-encoding and resizing hold about three copies of the pixels at once (decoded, resized, encoder
 * buffers), so a 12-megapixel photograph is costed at 144 MB: one at a time within the budget, while small
 * images still share it. The cost is capped at the budget: the 40-megapixel rule refuses, not this queue.
 */
const WORKING_COPIES = 3;
const BYTES_PER_PIXEL = 4;
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
  const working = Math.min(pixels * WORKING_COPIES, IMAGE_MEMORY_BUDGET / BYTES_PER_PIXEL);
  return runImageJob(work, { pixels: working, bytesPerPixel: BYTES_PER_PIXEL });
}

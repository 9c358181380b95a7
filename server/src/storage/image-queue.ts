import { ERROR_CODES } from '@atelier/shared';
import { ApiError } from '../lib/errors';

/**
 * Image decoding is bounded: a small, highly compressed file can decode to hundreds of megabytes (a 381 KB
 * 16-bit 7000×7000 PNG is 392 MB of pixels), and six at once took the server from 125 MB to 634 MB. Every
 * decode goes through one queue: at most IMAGE_CONCURRENCY at a time, and never more decoded pixels in memory
 * than IMAGE_MEMORY_BUDGET; an image that alone exceeds the budget is refused before it is decoded.
 */
export const IMAGE_CONCURRENCY = 2;
export const IMAGE_MEMORY_BUDGET = 256 * 1024 * 1024;
/** Jobs waiting beyond this many are refused (503) rather than queued without end. */
const IMAGE_QUEUE_LIMIT = 32;

/** The decoded size of an image is over the budget: refused, nothing decoded (answers 413). */
export class ImageTooLargeError extends ApiError {
  constructor(readonly bytes: number) {
    super(
      413,
      ERROR_CODES.payloadTooLarge,
      `The image is too large to process: it decodes to ${Math.ceil(bytes / 1048576)} MB (at most ${
        IMAGE_MEMORY_BUDGET / 1048576
      } MB)`,
    );
  }
}

interface ImageJobCost {
  /** width × height (× pages for an animation). */
  pixels: number;
  /** Channels × bytes per sample: 4 for 8-bit RGBA (the default), 8 for 16-bit RGBA. */
  bytesPerPixel?: number;
}

/** The decode cost of what sharp's `metadata()` read from the header. */
export function imageCost(meta: {
  width?: number;
  height?: number;
  pages?: number;
  channels?: number;
  depth?: string;
}): ImageJobCost {
  const sample =
    meta.depth === 'ushort' || meta.depth === 'short' ? 2 : meta.depth?.match(/int|float/) ? 4 : 1;
  return {
    pixels: (meta.width ?? 0) * (meta.height ?? 0) * Math.max(1, meta.pages ?? 1),
    bytesPerPixel: Math.max(4, (meta.channels ?? 4) * sample),
  };
}

interface Waiting {
  bytes: number;
  start: () => void;
}

export function createImageQueue(
  options: { concurrency?: number; budget?: number; queueLimit?: number } = {},
) {
  const concurrency = options.concurrency ?? IMAGE_CONCURRENCY;
  const budget = options.budget ?? IMAGE_MEMORY_BUDGET;
  const queueLimit = options.queueLimit ?? IMAGE_QUEUE_LIMIT;
  const waiting: Waiting[] = [];
  let running = 0;
  let reserved = 0;

  const next = () => {
    // In order: a large job at the head waits for memory rather than being overtaken forever.
    while (waiting.length > 0 && running < concurrency && reserved + waiting[0]!.bytes <= budget) {
      const job = waiting.shift()!;
      running += 1;
      reserved += job.bytes;
      job.start();
    }
  };

  return {
    async run<T>(fn: () => Promise<T>, cost: ImageJobCost): Promise<T> {
      const bytes = Math.max(0, cost.pixels) * (cost.bytesPerPixel ?? 4);
      if (bytes > budget) throw new ImageTooLargeError(bytes);
      if (waiting.length >= queueLimit)
        throw new ApiError(
          503,
          ERROR_CODES.unavailable,
          'The server is busy with images: try again shortly',
          undefined,
          {
            'Retry-After': '5',
          },
        );
      await new Promise<void>((start) => {
        waiting.push({ bytes, start });
        next();
      });
      try {
        return await fn();
      } finally {
        running -= 1;
        reserved -= bytes;
        next();
      }
    },
    get stats() {
      return { running, waiting: waiting.length, reservedBytes: reserved };
    },
  };
}

const shared = createImageQueue();

/** Runs an image decode in the process's one image queue (see above). */
export const runImageJob = <T>(fn: () => Promise<T>, cost: ImageJobCost): Promise<T> => shared.run(fn, cost);

import { describe, expect, it } from 'vitest';
import { createImageQueue, ImageTooLargeError, imageCost } from './image-queue';

const MB = 1024 * 1024;

describe('the image queue', () => {
  it('refuses a job whose decoded size exceeds the budget, without running it', async () => {
    const queue = createImageQueue({ budget: 100 * MB });
    let ran = false;
    const cost = imageCost({ width: 7000, height: 7000, channels: 4, depth: 'ushort' });
    expect(cost.bytesPerPixel).toBe(8);
    await expect(
      queue.run(async () => {
        ran = true;
      }, cost),
    ).rejects.toBeInstanceOf(ImageTooLargeError);
    expect(ran).toBe(false);
  });

  it('runs at most `concurrency` jobs, and never more than the budget at once', async () => {
    const queue = createImageQueue({ concurrency: 2, budget: 10 * MB });
    let running = 0;
    let peak = 0;
    let peakBytes = 0;
    const job = (mb: number) =>
      queue.run(
        async () => {
          running += 1;
          peak = Math.max(peak, running);
          peakBytes = Math.max(peakBytes, queue.stats.reservedBytes);
          await new Promise((r) => setTimeout(r, 5));
          running -= 1;
          return mb;
        },
        { pixels: (mb * MB) / 4 },
      );
    const results = await Promise.all([job(6), job(6), job(2), job(2), job(2), job(8)]);
    expect(results).toEqual([6, 6, 2, 2, 2, 8]);
    expect(peak).toBeLessThanOrEqual(2);
    expect(peakBytes).toBeLessThanOrEqual(10 * MB);
    expect(queue.stats).toEqual({ running: 0, waiting: 0, reservedBytes: 0 });
  });

  it('refuses work beyond its queue limit with a 503', async () => {
    const queue = createImageQueue({ concurrency: 1, queueLimit: 1 });
    let release: () => void = () => {};
    const blocker = queue.run(() => new Promise<void>((r) => (release = r)), { pixels: 1 });
    const waiting = queue.run(async () => {}, { pixels: 1 });
    await expect(queue.run(async () => {}, { pixels: 1 })).rejects.toMatchObject({ status: 503 });
    release();
    await Promise.all([blocker, waiting]);
  });

  it('frees the budget when a job fails', async () => {
    const queue = createImageQueue({ budget: 10 * MB });
    await expect(queue.run(() => Promise.reject(new Error('bad pixels')), { pixels: MB })).rejects.toThrow(
      'bad pixels',
    );
    expect(queue.stats.reservedBytes).toBe(0);
  });
});

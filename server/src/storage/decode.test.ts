import { describe, expect, it } from 'vitest';
import { DECODE_PIXEL_BUDGET, scheduleDecode } from './decode';

/** Runs jobs of the given sizes together and reports the most that ran at once and the order they started. */
async function run(sizes: number[]) {
  let now = 0;
  let most = 0;
  const started: number[] = [];
  const releases: (() => void)[] = [];
  const jobs = sizes.map((pixels, i) =>
    scheduleDecode(async () => {
      started.push(i);
      most = Math.max(most, ++now);
      await new Promise<void>((resolve) => releases.push(resolve));
      now--;
    }, pixels),
  );
  // Let each started job finish one by one until all are done.
  while (started.length < sizes.length || releases.length > 0) {
    await new Promise((r) => setTimeout(r, 5));
    releases.shift()?.();
  }
  await Promise.all(jobs);
  return { most, started };
}

describe('scheduleDecode', () => {
  it('runs two 12-megapixel decodes one after the other', async () => {
    expect((await run([12_000_000, 12_000_000, 12_000_000])).most).toBe(1);
  });

  it('runs small images together within the budget, first come first served', async () => {
    const small = DECODE_PIXEL_BUDGET / 4;
    const { most, started } = await run([small, small, small, small, small, DECODE_PIXEL_BUDGET * 2, small]);
    expect(most).toBe(4);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('runs an image larger than the budget alone', async () => {
    expect((await run([DECODE_PIXEL_BUDGET * 3, 1000])).most).toBe(1);
  });
});

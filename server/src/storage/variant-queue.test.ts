import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { localStorage } from './local';
import { variantQueue } from './variant-queue';
import { EAGER_VARIANTS, FIRST_VARIANT, firstVariant } from './variants';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-variant-queue-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Stores a 1000×750 JPEG as an upload would and answers its stored path. */
async function stored(name: string, seed: number) {
  const file = path.join(dataDir, 'uploads', 'projects', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await sharp({
    create: {
      width: 1000,
      height: 750,
      channels: 3,
      background: { r: 40, g: 90, b: 140 },
      noise: { type: 'gaussian', mean: 100 + seed, sigma: 40 },
    },
  })
    .jpeg()
    .toFile(file);
  return `projects/${name}`;
}

const variantsDir = path.join(dataDir, 'cache', 'variants');
const made = () => fs.readdirSync(path.join(variantsDir, 'projects'));

describe('the variant queue', () => {
  it("stores the caller's preview before it answers, then makes the rest of the pages' set, and no other format", async () => {
    const relative = await stored('a.jpg', 1);
    const preview = await firstVariant(fs.readFileSync(path.join(dataDir, 'uploads', relative)));
    const queue = variantQueue(localStorage(dataDir), createLogger('silent'));
    await queue.enqueue(relative, preview);
    const first = path.join(variantsDir, `${relative}.w${FIRST_VARIANT.width}.${FIRST_VARIANT.format}`);
    expect(fs.readFileSync(first).equals(preview)).toBe(true);
    expect(await sharp(preview).metadata()).toMatchObject({ compression: 'av1', width: 480, height: 360 });

    await queue.idle();
    // The preview is kept as it was given; WebP and JPEG wait for their first request.
    expect(fs.readFileSync(first).equals(preview)).toBe(true);
    expect(
      made()
        .filter((name) => name.startsWith('a.jpg.'))
        .sort(),
    ).toEqual(EAGER_VARIANTS.map((v) => `a.jpg.w${v.width}.${v.format}`).sort());
  });

  it('makes the preview with the rest when the caller has none', async () => {
    const relative = await stored('b.jpg', 2);
    const queue = variantQueue(localStorage(dataDir), createLogger('silent'));
    await queue.enqueue(relative);
    await queue.idle();
    expect(
      made()
        .filter((name) => name.startsWith('b.jpg.'))
        .sort(),
    ).toEqual(EAGER_VARIANTS.map((v) => `b.jpg.w${v.width}.${v.format}`).sort());
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderImage, type Shot } from './index';

const KINDS: Shot[] = [
  'house',
  'landscape',
  'lake-house',
  'living',
  'site-plan',
  'neighbourhood-plan',
  'lake-market',
  'shaded-house',
  'hillside',
  'bedroom',
  'clay-render',
];

/** Mean absolute difference per channel (0–255) between two images, compared at thumbnail size. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const thumb = (img: Buffer) => sharp(img).resize(80, 80, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [pa, pb] = await Promise.all([thumb(a), thumb(b)]);
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i]! - pb[i]!);
  return sum / pa.length;
}

describe.each(KINDS)('renderImage(%s)', (kind) => {
  it('renders a progressive JPEG at the default photo size', async () => {
    const jpeg = await renderImage(kind, 1);
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([1600, 1067]);
    expect(meta.isProgressive).toBe(true);
  });

  it('renders exactly the requested size', async () => {
    const jpeg = await renderImage(kind, 2, 640, 400);
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(jpeg).metadata();
    expect([meta.width, meta.height]).toEqual([640, 400]);
  });

  it('is deterministic: the same seed gives identical bytes', async () => {
    const [a, b] = await Promise.all([renderImage(kind, 7, 480, 320), renderImage(kind, 7, 480, 320)]);
    expect(a.equals(b)).toBe(true);
  });

  it('gives visibly different images for different seeds', async () => {
    const images = await Promise.all([3, 4, 5].map((seed) => renderImage(kind, seed, 480, 320)));
    for (let i = 0; i < images.length; i++) {
      for (let j = i + 1; j < images.length; j++) {
        expect(images[i]!.equals(images[j]!)).toBe(false);
        // Not just noise: the pictures themselves differ.
        expect(await difference(images[i]!, images[j]!)).toBeGreaterThan(6);
      }
    }
  });

  it('is a real picture, not a flat fill', async () => {
    const { channels } = await sharp(await renderImage(kind, 11)).stats();
    const rgb = channels.slice(0, 3);
    const meanStdev = rgb.reduce((sum, c) => sum + c.stdev, 0) / rgb.length;
    expect(meanStdev).toBeGreaterThan(20);
    // Neither black nor blown out (a site plan is mostly paper, hence the high ceiling).
    const mean = rgb.reduce((sum, c) => sum + c.mean, 0) / rgb.length;
    expect(mean).toBeGreaterThan(40);
    expect(mean).toBeLessThan(248);
  });
});

describe('renderImage arguments', () => {
  it('rejects sizes that cannot be a picture', async () => {
    await expect(renderImage('house', 1, 0, 100)).rejects.toThrow(RangeError);
    await expect(renderImage('living', 1, 100, Number.NaN)).rejects.toThrow(RangeError);
  });

  it('accepts any finite seed, including negative and fractional ones', async () => {
    const jpeg = await renderImage('site-plan', -3.5, 320, 240);
    expect((await sharp(jpeg).metadata()).width).toBe(320);
  });
});

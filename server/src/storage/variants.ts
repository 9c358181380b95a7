import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageFormat } from '@atelier/shared';
import { uploadsDir } from './local';

const ENCODE: Record<ImageFormat, object> = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 72, effort: 4 },
  jpeg: { quality: 76, progressive: true, mozjpeg: true },
};
export const VARIANT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

export const variantsDir = (dataDir: string) => path.join(dataDir, 'cache', 'variants');

/** Parses `w` and `f` of a variant request; null when they are not one the server makes. */
export function parseVariant(width: string | undefined, format: string | undefined) {
  const w = Number(width);
  if (!IMAGE_WIDTHS.includes(w as (typeof IMAGE_WIDTHS)[number])) return null;
  if (!IMAGE_FORMATS.includes(format as ImageFormat)) return null;
  return { width: w, format: format as ImageFormat };
}

/**
 * Makes (once) and returns the file of a resized, re-encoded image: stored under DATA_DIR/cache, so it can
 * be deleted at any time and is made again on the next request. Concurrent requests share one encoding.
 */
export function imageVariants(dataDir: string) {
  const inFlight = new Map<string, Promise<string | null>>();
  const make = async (relative: string, width: number, format: ImageFormat) => {
    const source = path.join(uploadsDir(dataDir), relative);
    const target = path.join(variantsDir(dataDir), `${relative}.w${width}.${format}`);
    try {
      await fs.access(target);
      return target;
    } catch {}
    try {
      await fs.access(source);
    } catch {
      return null;
    }
    const { default: sharp } = await import('sharp');
    const bytes = await sharp(source)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .toFormat(format, ENCODE[format])
      .toBuffer();
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, target);
    return target;
  };
  return (relative: string, width: number, format: ImageFormat): Promise<string | null> => {
    // Only plain stored paths: `bucket/name.ext`, nothing that could climb out of the uploads.
    if (!/^[a-z_]+\/[\w.-]+$/.test(relative) || relative.includes('..')) return Promise.resolve(null);
    const key = `${relative}|${width}|${format}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = make(relative, width, format).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}

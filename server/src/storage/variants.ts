import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageFormat, PORTRAIT } from '@atelier/shared';
import { scheduleDecode } from './decode';
import { removeFocalCrops } from './focal-crops';
import { type Storage, type StoredFile, uploadsDir, writeThenRename } from './local';

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
/** No image with more pixels is decoded (a 7000×7000 PNG would need ~300 MB as 16-bit RGB). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** A variant's shape: the whole image, or its middle 9:16 for a phone's full-height photograph. */
type Crop = typeof PORTRAIT.crop | undefined;

const variantFile = (dataDir: string, relative: string, width: number, format: ImageFormat, crop?: Crop) =>
  path.join(variantsDir(dataDir), `${relative}.w${width}${crop ? `.${crop}` : ''}.${format}`);

async function writeAtomically(target: string, bytes: Buffer) {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeThenRename(temp, target, () => fs.writeFile(temp, bytes));
}

/**
 * Makes every width × format of a stored image (`bucket/name.ext`) that does not exist yet, decoding the
 * original once: it is cut to the largest width as raw pixels, and each variant is made from those.
 * Run through scheduleDecode (decode.ts, the process's one image queue) by the background queue.
 */
export async function makeAllVariants(dataDir: string, relative: string): Promise<number> {
  const missing: { width: number; format: ImageFormat; target: string }[] = [];
  for (const width of IMAGE_WIDTHS)
    for (const format of IMAGE_FORMATS) {
      const target = variantFile(dataDir, relative, width, format);
      try {
        await fs.access(target);
      } catch {
        missing.push({ width, format, target });
      }
    }
  if (missing.length === 0) return 0;
  const { default: sharp } = await import('sharp');
  const largest = Math.max(...missing.map((m) => m.width));
  const { data, info } = await sharp(path.join(uploadsDir(dataDir), relative), {
    limitInputPixels: MAX_INPUT_PIXELS,
  })
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  for (const { width, format, target } of missing) {
    const bytes = await sharp(data, { raw })
      .resize({ width, withoutEnlargement: true })
      .toFormat(format, ENCODE[format])
      .toBuffer();
    await writeAtomically(target, bytes);
  }
  return missing.length;
}

/** Parses `w`, `f` and `c` of a variant request; null when they are not one the server makes. */
export function parseVariant(width: string | undefined, format: string | undefined, crop?: string) {
  const w = Number(width);
  if (crop !== undefined && crop !== PORTRAIT.crop) return null;
  const widths: readonly number[] = crop ? PORTRAIT.widths : IMAGE_WIDTHS;
  if (!widths.includes(w)) return null;
  if (!IMAGE_FORMATS.includes(format as ImageFormat)) return null;
  return { width: w, format: format as ImageFormat, crop: crop as Crop };
}

/** The resize of a variant: `width` wide, or the middle 9:16 at most `width` wide (never enlarged). */
function resizeTo(width: number, crop: Crop, source: { width: number; height: number }) {
  if (!crop) return { width, withoutEnlargement: true };
  const middle = Math.min(source.width, Math.round(source.height * PORTRAIT.aspect));
  const w = Math.min(width, middle);
  return { width: w, height: Math.round(w / PORTRAIT.aspect), fit: 'cover' as const };
}

/**
 * Makes (once) and returns the file of a resized, re-encoded image: stored under DATA_DIR/cache, so it can
 * be deleted at any time and is made again on the next request. Concurrent requests share one encoding.
 */
export function imageVariants(dataDir: string) {
  const inFlight = new Map<string, Promise<string | null>>();
  const make = async (relative: string, width: number, format: ImageFormat, crop: Crop) => {
    const source = path.join(uploadsDir(dataDir), relative);
    const target = variantFile(dataDir, relative, width, format, crop);
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
    // A visitor's request costs the image's own size (read from its header), so a small image can share
    // the decode budget with a large upload being processed.
    const { width: w = 0, height: h = 0, orientation = 1 } = await sharp(source).metadata();
    // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
    const upright = orientation >= 5 ? { width: h, height: w } : { width: w, height: h };
    const bytes = await scheduleDecode(
      () =>
        sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize(resizeTo(width, crop, upright))
          .toFormat(format, ENCODE[format])
          .toBuffer(),
      w * h,
    );
    await writeAtomically(target, bytes);
    return target;
  };
  return (relative: string, width: number, format: ImageFormat, crop?: Crop): Promise<string | null> => {
    // Only plain stored paths: `bucket/name.ext`, nothing that could climb out of the uploads.
    if (!/^[a-z_]+\/[\w.-]+$/.test(relative) || relative.includes('..')) return Promise.resolve(null);
    const key = `${relative}|${width}|${format}|${crop ?? ''}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = make(relative, width, format, crop).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}

/** Deletes the cached variants of a stored file (after the file itself is removed). */
export async function removeVariants(dataDir: string, relative: string) {
  const shapes = [
    ...IMAGE_WIDTHS.map((width) => [width, undefined] as const),
    ...PORTRAIT.widths.map((width) => [width, PORTRAIT.crop] as const),
  ];
  await Promise.all(
    shapes.flatMap(([width, crop]) =>
      IMAGE_FORMATS.map((format) =>
        fs.rm(variantFile(dataDir, relative, width, format, crop), { force: true }),
      ),
    ),
  );
}

/** Removes a stored file's bytes and its cached variants (its row is the caller's, in its transaction). */
export async function removeStoredFile(
  deps: { storage: Storage; env: { dataDir: string } },
  stored: StoredFile,
): Promise<void> {
  await deps.storage.remove(stored.bucket, stored.name);
  await removeVariants(deps.env.dataDir, stored.path);
  await removeFocalCrops(deps.env.dataDir, stored.path);
}

import { aspectCrop, type CropRect, type FocalPoint, focusKey, OG_IMAGE } from '@atelier/shared';
import { scheduleDecode } from './decode';
import { originalBytes, type Storage } from './local';

/**
 * Images cut around a focal point: the Open Graph image (1200 × 630), made on first request and kept in the
 * store's `focal` area, named by the point, so a moved point makes a new one (and removes the old).
 */
const ogName = (relative: string, focus: FocalPoint) => `${relative}.og.${focusKey(focus)}.jpg`;

/** The pixels of `rect` (fractions) of an image `width` × `height`, at least one pixel each way. */
export function cropPixels(rect: CropRect, width: number, height: number) {
  const left = Math.min(Math.round(rect.left * width), width - 1);
  const top = Math.min(Math.round(rect.top * height), height - 1);
  return {
    left,
    top,
    width: Math.max(1, Math.min(Math.round(rect.width * width), width - left)),
    height: Math.max(1, Math.min(Math.round(rect.height * height), height - top)),
  };
}

/** The pixels of the largest `aspect` rectangle of an image centred on `focus`, as far as its edges allow. */
export const focalRegion = (
  aspect: number,
  focus: FocalPoint,
  { width, height }: { width: number; height: number },
) => cropPixels(aspectCrop(aspect, focus, width, height), width, height);

/** An image's upright size (EXIF orientations 5–8 turn it a quarter) and its stored pixel count. */
export async function uprightSize(file: Buffer) {
  const { default: sharp } = await import('sharp');
  const { width: w = 0, height: h = 0, orientation = 1 } = await sharp(file).metadata();
  return { ...(orientation >= 5 ? { width: h, height: w } : { width: w, height: h }), pixels: w * h };
}

/** Removes the focal crops of a stored file (a removed file, or an older point's). */
export async function removeFocalCrops(storage: Storage, relative: string, keep?: string) {
  const names = await storage.list('focal', `${relative}.og.`);
  await Promise.all(names.filter((name) => name !== keep).map((name) => storage.remove('focal', name)));
}

/**
 * Makes (once) the Open Graph crop of a stored image around `focus` and answers its name in the store's
 * `focal` area; null if there is no file. `maxPixels`: no larger image is decoded (variants.ts' limit).
 */
export function ogImages(storage: Storage, maxPixels: number) {
  const inFlight = new Map<string, Promise<string | null>>();
  const make = async (relative: string, focus: FocalPoint) => {
    const target = ogName(relative, focus);
    if (await storage.stat('focal', target)) return target;
    const source = await originalBytes(storage, relative);
    if (!source) return null;
    const { default: sharp } = await import('sharp');
    const size = await uprightSize(source);
    const region = focalRegion(OG_IMAGE.width / OG_IMAGE.height, focus, size);
    const bytes = await scheduleDecode(
      () =>
        sharp(source, { limitInputPixels: maxPixels })
          .rotate()
          .extract(region)
          .resize(OG_IMAGE.width, OG_IMAGE.height, { fit: 'fill' })
          .jpeg({ quality: 80, progressive: true, mozjpeg: true })
          .toBuffer(),
      size.pixels,
    );
    await storage.put('focal', target, bytes);
    await removeFocalCrops(storage, relative, target);
    return target;
  };
  return (relative: string, focus: FocalPoint): Promise<string | null> => {
    const key = `${relative}|${focusKey(focus)}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = make(relative, focus).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}

import {
  CENTRE,
  type FocalPoint,
  focusKey,
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageFormat,
  PORTRAIT,
  PREVIEW_WIDTH,
} from '@atelier/shared';
import type { Sharp } from 'sharp';
import { scheduleDecode } from './decode';
import { focalRegion, removeFocalCrops } from './focal-crops';
import { originalBytes, parseStoredUrl, type Storage, type StoredFile, storedUrl } from './local';

/**
 * Encoder settings; AVIF at effort 0 (of 0–9): the same quality setting at a fifth of effort 2's time, and its
 * colour at half resolution (4:2:0) like the WebP and JPEG variants: up to a fifth less time than 4:4:4.
 */
const ENCODE: Record<ImageFormat, object> = {
  avif: { quality: 50, effort: 0, chromaSubsampling: '4:2:0' },
  webp: { quality: 72, effort: 4 },
  jpeg: { quality: 76, progressive: true, mozjpeg: true },
};

/** No image with more pixels is decoded (a 7000×7000 PNG would need ~300 MB as 16-bit RGB). */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A variant's shape: the whole image, or a 9:16 cut for a phone's full-height photograph, around a focal point
 * (else the middle). The point is in the file's name, so a moved point makes another file.
 */
type Crop = typeof PORTRAIT.crop | undefined;

/** A variant's name in the store's `variants` area: the original's path, its shape and its cut's point. */
const variantName = (relative: string, width: number, format: ImageFormat, crop?: Crop, focus?: FocalPoint) =>
  `${relative}.w${width}${crop ? `.${crop}` : ''}${crop && focus ? `-${focusKey(focus)}` : ''}.${format}`;

/** One variant of a stored image: a width and a format. */
export interface VariantShape {
  width: number;
  format: ImageFormat;
}

/**
 * The variant the admin's previews show (`?w=` of PREVIEW_WIDTH, which Chromium, the browser admin's and the
 * desktop app's, is answered in AVIF): made with an upload's re-encode, so the library fills as a batch uploads.
 */
export const FIRST_VARIANT: VariantShape = { width: PREVIEW_WIDTH, format: 'avif' };
/**
 * Made as soon as an image is stored: the variants the pages ask for. They name `?w=` alone, which every
 * current browser is answered in AVIF. WebP and JPEG (older browsers, an explicit `f=`) and the portrait
 * crops are made on their first request.
 */
export const EAGER_VARIANTS: readonly VariantShape[] = IMAGE_WIDTHS.map((width) => ({
  width,
  format: 'avif' as const,
}));

/** A stored image's header: its size and orientation, so its upright width. */
async function readHeader(source: Buffer) {
  const { default: sharp } = await import('sharp');
  const { width: w = 0, height: h = 0, orientation = 1, format } = await sharp(source).metadata();
  // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
  const upright = orientation >= 5 ? { width: h, height: w } : { width: w, height: h };
  return { upright, format, pixels: w * h };
}

/**
 * The pixels decoding an image `width` wide holds: JPEG and WebP are shrunk as they are decoded (never below
 * the width asked; a JPEG by 2, 4 or 8), so they hold at most twice that width's share of each edge, and at
 * least an eighth; other formats are decoded whole.
 */
export function decodedPixels(
  header: { format?: string; upright: { width: number }; pixels: number },
  width: number,
) {
  const shrinks = header.format === 'jpeg' || header.format === 'webp';
  const share = Math.max(1 / 8, (2 * width) / Math.max(1, header.upright.width));
  return shrinks && share < 1 ? Math.ceil(header.pixels * share * share) : header.pixels;
}

/** Encodes one variant from an image's pixels or bytes: at most `shape.width` wide, never enlarged. */
const encodeVariant = (image: Sharp, { width, format }: VariantShape) =>
  image.resize({ width, withoutEnlargement: true }).toFormat(format, ENCODE[format]).toBuffer();

/**
 * The first variant (the admin's preview) of a stored image's bytes, made by the caller in its own decode job
 * (an upload's, right after its re-encode), so it is ready when the upload answers. The caller stores it
 * with `storeVariant` once the image is kept.
 */
export async function firstVariant(stored: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return encodeVariant(sharp(stored, { limitInputPixels: MAX_INPUT_PIXELS }).rotate(), FIRST_VARIANT);
}

/** Stores a variant of `relative` (`bucket/name.ext`) made by the caller. */
export const storeVariant = (storage: Storage, relative: string, shape: VariantShape, bytes: Buffer) =>
  storage.put('variants', variantName(relative, shape.width, shape.format), bytes);

/**
 * Makes the variants of a stored image (`bucket/name.ext`) that do not exist yet, decoding the original
 * once in the process's one image queue (decode.ts): shrunk as it is decoded and cut to the largest width as
 * raw pixels, each variant made from those. Answers how many it made.
 */
export async function makeVariants(
  storage: Storage,
  relative: string,
  shapes: readonly VariantShape[] = EAGER_VARIANTS,
): Promise<number> {
  const missing: (VariantShape & { target: string })[] = [];
  for (const { width, format } of shapes) {
    const target = variantName(relative, width, format);
    if (!(await storage.stat('variants', target))) missing.push({ width, format, target });
  }
  if (missing.length === 0) return 0;
  const { default: sharp } = await import('sharp');
  const source = await originalBytes(storage, relative);
  if (!source) throw new Error(`No stored file ${relative}`);
  const largest = Math.max(...missing.map((m) => m.width));
  const header = await readHeader(source);
  const made = await scheduleDecode(
    async () => {
      const { data, info } = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: largest, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { width: info.width, height: info.height, channels: info.channels };
      for (const shape of missing)
        await storage.put('variants', shape.target, await encodeVariant(sharp(data, { raw }), shape));
      return missing.length;
    },
    decodedPixels(header, largest),
  );
  // The file was removed while they were made (its removal listed the variants before these were written).
  if (!(await originalExists(storage, relative))) await removeVariants(storage, relative);
  return made;
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

/**
 * The resize of a variant: `width` wide, or a 9:16 cut around `focus` (as far as the edges allow) at most
 * `width` wide, never enlarged.
 */
function resizeTo(width: number, crop: Crop, focus: FocalPoint, source: { width: number; height: number }) {
  if (!crop) return { resize: { width, withoutEnlargement: true } };
  const region = focalRegion(PORTRAIT.aspect, focus, source);
  const w = Math.min(width, region.width);
  const h = Math.min(region.height, Math.round(w / PORTRAIT.aspect));
  return { region, resize: { width: w, height: h, fit: 'cover' as const } };
}

/**
 * Makes (once) a resized, re-encoded image and answers its name in the store's `variants` area (null when
 * there is no original): it can be deleted at any time and is made again on the next request. Concurrent
 * requests share one encoding.
 */
export function imageVariants(storage: Storage) {
  const inFlight = new Map<string, Promise<string | null>>();
  const make = async (
    relative: string,
    width: number,
    format: ImageFormat,
    crop: Crop,
    focus?: FocalPoint,
  ) => {
    const target = variantName(relative, width, format, crop, focus);
    if (await storage.stat('variants', target)) return target;
    const source = await originalBytes(storage, relative);
    if (!source) return null;
    const { default: sharp } = await import('sharp');
    // A visitor's request costs what its decode holds (judged from the header), so a small image can share
    // the decode budget with a large upload being processed.
    const header = await readHeader(source);
    const { region, resize } = resizeTo(width, crop, focus ?? CENTRE, header.upright);
    const bytes = await scheduleDecode(
      () => {
        const image = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
        return (region ? image.extract(region) : image)
          .resize(resize)
          .toFormat(format, ENCODE[format])
          .toBuffer();
      },
      decodedPixels(header, crop ? header.upright.width : width),
    );
    await storage.put('variants', target, bytes);
    return target;
  };
  return (
    relative: string,
    width: number,
    format: ImageFormat,
    crop?: Crop,
    focus?: FocalPoint,
  ): Promise<string | null> => {
    // Only plain stored paths: `bucket/name.ext`, nothing that could climb out of the uploads.
    if (!/^[a-z_]+\/[\w.-]+$/.test(relative) || relative.includes('..')) return Promise.resolve(null);
    const key = `${relative}|${width}|${format}|${crop ?? ''}|${focus ? focusKey(focus) : ''}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = make(relative, width, format, crop, focus).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}

const originalExists = async (storage: Storage, relative: string) => {
  const stored = parseStoredUrl(storedUrl(relative));
  return stored !== null && (await storage.stat(stored.bucket, stored.name)) !== null;
};

/** Deletes the variants of a stored file (after the file itself is removed). */
export async function removeVariants(storage: Storage, relative: string) {
  const names = await storage.list('variants', `${relative}.w`);
  await Promise.all(names.map((name) => storage.remove('variants', name)));
}

/** Removes a stored file's bytes and its variants and crops (its row is the caller's, in its transaction). */
export async function removeStoredFile(deps: { storage: Storage }, stored: StoredFile): Promise<void> {
  await deps.storage.remove(stored.bucket, stored.name);
  await removeVariants(deps.storage, stored.path);
  await removeFocalCrops(deps.storage, stored.path);
}

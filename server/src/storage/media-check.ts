import { ERROR_CODES, MEDIA_MESSAGES, MEDIA_TYPES } from '@atelier/shared';
import { fileTypeFromFile } from 'file-type';
import { ApiError } from '../lib/errors';
import { MAX_INPUT_PIXELS } from './variants';

/**
 * The checks every file takes before it enters the media library, whether uploaded, fetched from a URL or
 * imported from an export: its type judged by its bytes, an image's header read with the pixel limit.
 */
export type MediaType = (typeof MEDIA_TYPES)[number];

/** The media type of a file's bytes (png, jpeg, gif, webp, pdf), else a 415. */
export async function mediaTypeOf(file: string): Promise<MediaType> {
  const type = (await fileTypeFromFile(file))?.mime as MediaType | undefined;
  if (!type || !MEDIA_TYPES.includes(type))
    throw new ApiError(415, ERROR_CODES.unsupportedMediaType, MEDIA_MESSAGES.unsupportedType);
  return type;
}

/**
 * An image's header, read before any pixel is decoded: unreadable, a 415; more pixels than the limit, a 413
 * (a huge image is refused without the memory it needs).
 */
export async function imageHeader(file: string, animated: boolean) {
  const { default: sharp } = await import('sharp');
  let header: { width?: number; height?: number; orientation?: number };
  try {
    header = await sharp(file, { animated }).metadata();
  } catch {
    throw new ApiError(415, ERROR_CODES.unsupportedMediaType, MEDIA_MESSAGES.unreadableImage);
  }
  const pixels = (header.width ?? 0) * (header.height ?? 0);
  if (pixels > MAX_INPUT_PIXELS)
    throw new ApiError(413, ERROR_CODES.payloadTooLarge, MEDIA_MESSAGES.tooManyPixels);
  return {
    width: header.width ?? null,
    height: header.height ?? null,
    pixels,
    orientation: header.orientation ?? 1,
  };
}

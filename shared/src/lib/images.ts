import { type FocalPoint, focusKey } from '../schemas/focal';

/** The widths and formats the server makes of a stored image (`/media/...?w=800&f=webp`). */
export const IMAGE_WIDTHS = [480, 800, 1200, 1600] as const;
/**
 * The longest edge of a photograph the site ever needs, in pixels: every variant (at most 1600 wide) and the
 * 800-wide portrait crop of a 3:2 landscape are made from it without enlarging. A client may size photographs
 * down to it before sending (`/api/health` tells it `media.largest_edge`).
 */
export const LARGEST_IMAGE_EDGE = 2400;
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** True for images the server stores (and can resize); other URLs are used as they are. */
export const isStoredImage = (src: string) => src.startsWith('/media/');

/**
 * A resized variant of a stored image. Without a format the server picks the best one the browser
 * accepts (AVIF, WebP, else JPEG) from its `Accept` header.
 */
export const imageVariant = (src: string, width: number, format?: ImageFormat) =>
  format ? `${src}?w=${width}&f=${format}` : `${src}?w=${width}`;

/**
 * The admin's previews of a library image (its grid, the image picker): the smallest variant, which the
 * server makes first of every new image, never the whole photograph; a GIF as it is (a variant would stop
 * its animation).
 */
export const PREVIEW_WIDTH = IMAGE_WIDTHS[0];
export const previewUrl = (src: string, mimeType: string) =>
  mimeType === 'image/gif' ? src : imageVariant(src, PREVIEW_WIDTH);

/** A srcset of every width up to the image's own, in one format (or the negotiated one). */
export function imageSrcSet(
  src: string,
  format?: ImageFormat,
  intrinsicWidth: number = IMAGE_WIDTHS.at(-1)!,
) {
  const widths = IMAGE_WIDTHS.filter((w) => w <= intrinsicWidth);
  return (widths.length ? widths : [intrinsicWidth])
    .map((w) => `${imageVariant(src, w, format)} ${w}w`)
    .join(',');
}

/**
 * A phone's full-height photograph: a 9:16 cut of a stored image (`?w=&c=portrait`), at most as wide as that
 * cut is, so a phone downloads the part it shows rather than the whole landscape frame. The middle, or cut
 * around the focal point the studio set (`&focus=<x>-<y>`, thousandths): a moved point is another address.
 */
export const PORTRAIT = { crop: 'portrait', widths: [480, 800], aspect: 9 / 16 } as const;
export const portraitSrcSet = (src: string, focus?: FocalPoint) =>
  PORTRAIT.widths
    .map((w) => `${imageVariant(src, w)}&c=${PORTRAIT.crop}${focus ? `&focus=${focusKey(focus)}` : ''} ${w}w`)
    .join(',');

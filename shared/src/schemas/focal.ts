import { z } from 'zod';

/**
 * Focal points and crops. A focal point is the part of a photograph every cover frame keeps in view: x and y as
 * fractions of its width and height (0 left/top, 1 right/bottom), the centre by default. A crop is a new media
 * item cut from another (whose file is never changed), recording its source.
 */
export const FOCAL_MESSAGES = {
  outOfRange: 'The focal point must lie within the image (x and y between 0 and 1)',
  cropOutside: 'The crop must lie within the image',
  cropTooSmall: 'The crop must be at least 16 × 16 pixels',
  notCroppable: 'Only PNG, JPEG and WebP images can be cropped',
} as const;

const fraction = (message: string) => z.number({ error: message }).min(0, message).max(1, message);

export const FocalPoint = z
  .strictObject({ x: fraction(FOCAL_MESSAGES.outOfRange), y: fraction(FOCAL_MESSAGES.outOfRange) })
  .meta({ id: 'FocalPoint' });
export type FocalPoint = z.infer<typeof FocalPoint>;

export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

/** The aspects a crop may be held to (width / height); "Free" holds none. */
export const CROP_ASPECTS = [
  { label: '3:2', ratio: 3 / 2 },
  { label: '4:3', ratio: 4 / 3 },
  { label: '1:1', ratio: 1 },
  { label: '16:9', ratio: 16 / 9 },
  { label: '4:5', ratio: 4 / 5 },
] as const;

/** The Open Graph image: 1200 × 630, cut around the focal point by the server. */
export const OG_IMAGE = { width: 1200, height: 630 } as const;

/** A point as it appears in an Open Graph image's URL and file name: thousandths of the width and height, "333-700". */
export const focusKey = ({ x, y }: FocalPoint) => `${Math.round(x * 1000)}-${Math.round(y * 1000)}`;

/** The Open Graph image of a stored image: the server's 1200 × 630 crop around its focal point. */
export const ogImageUrl = (src: string, focus: FocalPoint = CENTRE) => `${src}?og=${focusKey(focus)}`;

/** A rectangle of an image, as fractions of its (upright) width and height. */
export const CropRect = z
  .strictObject({
    left: fraction(FOCAL_MESSAGES.cropOutside),
    top: fraction(FOCAL_MESSAGES.cropOutside),
    width: fraction(FOCAL_MESSAGES.cropOutside).gt(0, FOCAL_MESSAGES.cropOutside),
    height: fraction(FOCAL_MESSAGES.cropOutside).gt(0, FOCAL_MESSAGES.cropOutside),
  })
  .refine((r) => r.left + r.width <= 1.000001 && r.top + r.height <= 1.000001, FOCAL_MESSAGES.cropOutside)
  .meta({ id: 'CropRect' });
export type CropRect = z.infer<typeof CropRect>;

/** CSS `object-position` for a point: the point of the image at p% sits at p% of the frame, so always in it. */
export const objectPosition = ({ x, y }: FocalPoint) =>
  `${Math.round(x * 1000) / 10}% ${Math.round(y * 1000) / 10}%`;

/**
 * The largest rectangle of `aspect` (width / height) inside an image of `width` × `height`, placed as close to
 * centred on `focus` as the image's edges allow: as fractions of the image.
 */
export function aspectCrop(aspect: number, focus: FocalPoint, width: number, height: number): CropRect {
  const w = Math.min(width, height * aspect);
  const h = w / aspect;
  const place = (point: number, size: number, whole: number) =>
    Math.min(Math.max(point * whole - size / 2, 0), whole - size) / whole;
  return {
    left: place(focus.x, w, width),
    top: place(focus.y, h, height),
    width: w / width,
    height: h / height,
  };
}

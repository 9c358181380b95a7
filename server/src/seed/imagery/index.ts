/**
 * Placeholder photography for the sample content: architecture exteriors, landscapes, interiors and site
 * plans, drawn as SVG from a seed and rendered to JPEG by sharp. No network, no assets, fully
 * deterministic. A `Shot` names what the picture shows, so a project's images agree with its text.
 * (Team members get no photograph: the site sets their initials instead of a face drawn without features.)
 */

import { paintExterior } from './exterior';
import type { ExteriorSubject } from './exterior-scenes';
import { type InteriorSubject, paintInterior } from './interior';
import { Rng } from './random';
import { paintSitePlan } from './site-plan';
import { Svg, stop } from './svg';

/**
 * What a photograph shows: an exterior subject, an interior room, the site plan, or the plan of a
 * neighbourhood of many homes.
 */
export type Shot = ExteriorSubject | InteriorSubject | 'site-plan' | 'neighbourhood-plan';
type ImageKind = 'exterior' | 'interior' | 'site-plan';

const INTERIORS: readonly string[] = [
  'living',
  'dining',
  'gallery',
  'studio',
  'bedroom',
] satisfies InteriorSubject[];

export function kindOf(shot: Shot): ImageKind {
  if (shot === 'site-plan' || shot === 'neighbourhood-plan') return 'site-plan';
  return INTERIORS.includes(shot) ? 'interior' : 'exterior';
}

/** Bump when the drawings change: the seed's image cache is keyed by it. */
export const IMAGERY_REVISION = 4;

export const IMAGE_SIZE: [number, number] = [1600, 1067];

/** Builds the SVG source of an image (exported for debugging and tests). */
function imageSvg(shot: Shot, seed: number, width?: number, height?: number): string {
  const [w, h] = size(width, height);
  const svg = new Svg(w, h);
  const kind = kindOf(shot);
  if (kind === 'site-plan') paintSitePlan(svg, seed, shot === 'neighbourhood-plan');
  else if (kind === 'interior') paintInterior(svg, seed, shot as InteriorSubject);
  else paintExterior(svg, seed, shot as ExteriorSubject);
  if (kind !== 'site-plan') vignette(svg);
  return svg.toString();
}

/** Renders a deterministic JPEG: same kind+seed+size → identical bytes; different seeds → visibly different images. */
export async function renderImage(
  shot: Shot,
  seed: number,
  width?: number,
  height?: number,
): Promise<Buffer> {
  const [w, h] = size(width, height);
  // Loaded here, not at module load: a server that seeds from the cache never needs libvips.
  const { default: sharp } = await import('sharp');
  const pixels = await sharp(Buffer.from(imageSvg(shot, seed, w, h)))
    .removeAlpha()
    .raw()
    .toBuffer();
  addGrain(pixels, w, h, seed, kindOf(shot) === 'site-plan' ? 2 : 3.5);
  // mozjpeg's quantisation tables and deringing, without its two slow searches
  // (trellis quantisation and progressive scan optimisation): ~20 ms instead of
  // ~70 ms per photo for files only ~15% larger.
  return sharp(pixels, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 80, progressive: true, mozjpeg: true, trellisQuantisation: false, optimiseScans: false })
    .toBuffer();
}

function size(width?: number, height?: number): [number, number] {
  const [dw, dh] = IMAGE_SIZE;
  const w = Math.round(width ?? dw);
  const h = Math.round(height ?? dh);
  if (!(w >= 16 && h >= 16 && w <= 8000 && h <= 8000))
    throw new RangeError(`renderImage: bad size ${w}×${h}`);
  return [w, h];
}

/** Darkened corners, as from a real lens. */
function vignette(svg: Svg): void {
  const { width: w, height: h } = svg;
  const stops = [stop(0.55, '#000', 0), stop(0.85, '#000', 0.12), stop(1, '#000', 0.3)];
  const shade = svg.radial(stops, { cx: w / 2, cy: h / 2, r: Math.hypot(w, h) / 2, userSpace: true });
  svg.rect(0, 0, w, h, shade);
}

// A prime-sized tile, so its repetition does not line up with image features.
const TILE = 251;

/**
 * Monochrome film grain (also dithers away banding in smooth gradients).
 * `strength` is roughly the standard deviation in 8-bit levels.
 */
function addGrain(rgb: Buffer, width: number, height: number, seed: number, strength: number): void {
  const rng = new Rng(seed ^ 0x5bd1e995);
  const tile = new Int8Array(TILE * TILE);
  for (let i = 0; i < tile.length; i++) tile[i] = Math.round(rng.normal() * strength);
  // A clamped view, so values saturate at 0 and 255 instead of wrapping.
  const px = new Uint8ClampedArray(rgb.buffer, rgb.byteOffset, rgb.length);
  for (let y = 0; y < height; y++) {
    const row = (y % TILE) * TILE;
    let i = y * width * 3;
    for (let x = 0; x < width; x++, i += 3) {
      const n = tile[row + (x % TILE)]!;
      px[i] = px[i]! + n;
      px[i + 1] = px[i + 1]! + n;
      px[i + 2] = px[i + 2]! + n;
    }
  }
}

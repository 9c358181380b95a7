/**
 * Placeholder photography for the sample content: architecture exteriors,
 * interiors, site plans and team portraits, drawn as SVG from a seed and
 * rendered to JPEG by sharp. No network, no assets, fully deterministic.
 */
import { paintExterior } from './imagery-lib/exterior';
import { paintInterior } from './imagery-lib/interior';
import { paintPortrait } from './imagery-lib/portrait';
import { Rng } from './imagery-lib/random';
import { paintSitePlan } from './imagery-lib/site-plan';
import { Svg } from './imagery-lib/svg';

export type ImageKind = 'exterior' | 'interior' | 'site-plan' | 'portrait';

/** Bump when the drawings change: the seed's image cache is keyed by it. */
export const IMAGERY_REVISION = 1;

export const DEFAULT_SIZE: Record<ImageKind, [number, number]> = {
  exterior: [1600, 1067],
  interior: [1600, 1067],
  'site-plan': [1600, 1067],
  portrait: [800, 1000],
};

const PAINTERS: Record<ImageKind, (svg: Svg, seed: number) => void> = {
  exterior: paintExterior,
  interior: paintInterior,
  'site-plan': paintSitePlan,
  portrait: paintPortrait,
};

/** Builds the SVG source of an image (exported for debugging and tests). */
export function imageSvg(kind: ImageKind, seed: number, width?: number, height?: number): string {
  const [w, h] = size(kind, width, height);
  const svg = new Svg(w, h);
  PAINTERS[kind](svg, seed);
  if (kind !== 'site-plan') vignette(svg);
  return svg.toString();
}

/** Renders a deterministic JPEG: same kind+seed+size → identical bytes; different seeds → visibly different images. */
export async function renderImage(
  kind: ImageKind,
  seed: number,
  width?: number,
  height?: number,
): Promise<Buffer> {
  const [w, h] = size(kind, width, height);
  // Loaded here, not at module load: a server that seeds from the cache never needs libvips.
  const { default: sharp } = await import('sharp');
  const pixels = await sharp(Buffer.from(imageSvg(kind, seed, w, h)))
    .removeAlpha()
    .raw()
    .toBuffer();
  addGrain(pixels, w, h, seed, kind === 'site-plan' ? 2 : 3.5);
  // mozjpeg's quantisation tables and deringing, without its two slow searches
  // (trellis quantisation and progressive scan optimisation): ~20 ms instead of
  // ~70 ms per photo for files only ~15% larger.
  return sharp(pixels, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 80, progressive: true, mozjpeg: true, trellisQuantisation: false, optimiseScans: false })
    .toBuffer();
}

function size(kind: ImageKind, width?: number, height?: number): [number, number] {
  const [dw, dh] = DEFAULT_SIZE[kind];
  const w = Math.round(width ?? dw);
  const h = Math.round(height ?? dh);
  if (!(w >= 16 && h >= 16 && w <= 8000 && h <= 8000))
    throw new RangeError(`renderImage: bad size ${w}×${h}`);
  return [w, h];
}

/** Darkened corners, as from a real lens. */
function vignette(svg: Svg): void {
  const r = Math.hypot(svg.width, svg.height) / 2;
  svg.rect(
    0,
    0,
    svg.width,
    svg.height,
    svg.radial(
      [
        { at: 0.55, color: '#000', opacity: 0 },
        { at: 0.85, color: '#000', opacity: 0.12 },
        { at: 1, color: '#000', opacity: 0.3 },
      ],
      { cx: svg.width / 2, cy: svg.height / 2, r, userSpace: true },
    ),
  );
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

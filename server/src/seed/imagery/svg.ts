import { css, type Rgb } from './color';

export interface Pt {
  x: number;
  y: number;
}

/** Formats a coordinate with one decimal: plenty for anti-aliased output, keeps the SVG small. */
export function num(v: number): string {
  const r = Math.round(v * 10) / 10;
  return r === 0 ? '0' : String(r);
}

/** Path data for a closed polygon (several can be joined for even-odd holes). */
export function polyPath(ps: readonly Pt[]): string {
  return ps.length === 0 ? '' : `M${ps.map((p) => `${num(p.x)} ${num(p.y)}`).join('L')}Z`;
}

export type Paint = Rgb | string;
export type Attrs = Record<string, string | number | Rgb | undefined>;

/** A gradient stop: offset (0–1), colour and, if not opaque, opacity. */
export type Stop = readonly [at: number, color: Paint, opacity?: number];

const paint = (p: Paint): string => (typeof p === 'string' ? p : css(p));

function attrs(a: Attrs = {}): string {
  return Object.entries(a)
    .map(([k, v]) => (v === undefined ? '' : ` ${k}="${typeof v === 'number' ? num(v) : paint(v)}"`))
    .join('');
}

/**
 * Accumulates an SVG document. Notes on speed (librsvg via sharp):
 * never put `opacity` on single elements (each one becomes an offscreen
 * layer, ~10x slower); use `fill-opacity` / `stroke-opacity` instead.
 */
export class Svg {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private seq = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  private uid(): string {
    this.seq += 1;
    return `d${this.seq}`;
  }

  private stopsMarkup(stops: readonly Stop[]): string {
    return stops
      .map(
        ([at, color, opacity]) =>
          `<stop offset="${Math.round(at * 1000) / 1000}" stop-color="${paint(color)}"${
            opacity === undefined ? '' : ` stop-opacity="${Math.round(opacity * 1000) / 1000}"`
          }/>`,
      )
      .join('');
  }

  /**
   * Linear gradient, top to bottom unless told; coordinates are pixels if `userSpace`, otherwise fractions
   * of the shape's box.
   */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, userSpace = false): string {
    return this.gradient('linearGradient', { x1, y1, x2, y2 }, stops, userSpace);
  }

  /** Linear gradient down the image, from y1 to y2 (pixels). */
  vertical(stops: readonly Stop[], y1: number, y2: number): string {
    return this.linear(stops, 0, y1, 0, y2, true);
  }

  /** Radial gradient in the shape's bounding box (default) or in pixels. */
  radial(
    stops: readonly Stop[],
    geometry: { cx?: number; cy?: number; r?: number; userSpace?: boolean } = {},
  ): string {
    const { cx = 0.5, cy = 0.5, r = 0.5, userSpace = false } = geometry;
    return this.gradient('radialGradient', { cx, cy, r }, stops, userSpace);
  }

  private gradient(
    tag: string,
    at: Record<string, number>,
    stops: readonly Stop[],
    userSpace: boolean,
  ): string {
    const id = this.uid();
    const c = userSpace ? num : (v: number) => String(Math.round(v * 1000) / 1000);
    const units = userSpace ? ' gradientUnits="userSpaceOnUse"' : '';
    const geometry = Object.entries(at).map(([k, v]) => ` ${k}="${c(v)}"`);
    this.defs.push(`<${tag} id="${id}"${units}${geometry.join('')}>${this.stopsMarkup(stops)}</${tag}>`);
    return `url(#${id})`;
  }

  /** Raw definition (patterns, clip paths); returns its id. */
  define(makeMarkup: (id: string) => string): string {
    const id = this.uid();
    this.defs.push(makeMarkup(id));
    return id;
  }

  poly(ps: readonly Pt[], fill: Paint, extra?: Attrs): void {
    if (ps.length < 3) return;
    this.shape('polygon', { points: ps.map((p) => `${num(p.x)},${num(p.y)}`).join(' ') }, fill, extra);
  }

  path(d: string, extra: Attrs): void {
    if (d.length === 0) return;
    this.body.push(`<path d="${d}"${attrs(extra)}/>`);
  }

  rect(x: number, y: number, w: number, h: number, fill: Paint, extra?: Attrs): void {
    this.shape('rect', { x, y, width: w, height: h }, fill, extra);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, fill: Paint, extra?: Attrs): void {
    if (rx <= 0 || ry <= 0) return;
    this.shape('ellipse', { cx, cy, rx, ry }, fill, extra);
  }

  circle(cx: number, cy: number, r: number, fill: Paint, extra?: Attrs): void {
    if (r <= 0) return;
    this.shape('circle', { cx, cy, r }, fill, extra);
  }

  /** An element `tag` with attributes `at`, then its fill, then any `extra`. */
  private shape(tag: string, at: Attrs, fill: Paint, extra?: Attrs): void {
    this.body.push(`<${tag}${attrs({ ...at, fill: paint(fill), ...extra })}/>`);
  }

  /** Lines (pairs of points) gathered into one path element: far cheaper than many <line>s. */
  lines(segments: readonly (readonly [Pt, Pt])[], stroke: Paint, width: number, extra?: Attrs): void {
    if (segments.length === 0) return;
    const d = segments.map(([a, b]) => `M${num(a.x)} ${num(a.y)}L${num(b.x)} ${num(b.y)}`).join('');
    this.path(d, { fill: 'none', stroke: paint(stroke), 'stroke-width': Math.max(0.3, width), ...extra });
  }

  /** Starts a group; pair with `close()`. Use group opacity sparingly (one offscreen layer each). */
  open(extra: Attrs): void {
    this.body.push(`<g${attrs(extra)}>`);
  }

  close(): void {
    this.body.push('</g>');
  }

  toString(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
  }
}

/** A gradient stop: `stop(0.5, '#fff', 0.3)`. */
export const stop = (offset: number, color: Paint, opacity?: number): Stop =>
  opacity === undefined ? [offset, color] : [offset, color, opacity];

/**
 * Furniture for the interiors, built from boxes so it sits in true
 * perspective, plus sprites for lamps. Dimensions are real (metres).
 */
import { darken, hex, lighten, type Rgb } from './color';
import type { Rng } from './random';
import { boxDrawable, type Ctx, paintBox, rectXZ, surfaceColour } from './scene';
import { type Box, box, type Drawable, paintersOrder, UP, type Vec3, vec } from './space';
import { type Pt, polyPath } from './svg';
import { housePlantDrawable } from './vegetation';

export interface Piece {
  /** Footprint for the soft contact shadow. */
  footprint: Box;
  drawables: Drawable[];
}

/** A box of a piece, its colour and (if different) the colour of its top. */
type Part = { b: Box; c: Rgb; top?: Rgb };

/** Several boxes drawn as one item, in correct order among themselves. */
function group(ctx: Ctx, parts: readonly Part[]): Drawable {
  let min = vec(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
  let max = vec(Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY);
  for (const { b } of parts) {
    min = vec(Math.min(min.x, b.x0), Math.min(min.y, b.y0), Math.min(min.z, b.z0));
    max = vec(Math.max(max.x, b.x1), Math.max(max.y, b.y1), Math.max(max.z, b.z1));
  }
  const items = parts.map((p) => boxDrawable(ctx, p.b, p.c, { top: p.top }));
  return {
    min,
    max,
    draw: () => {
      for (const d of paintersOrder(items, ctx.cam.pos)) d.draw();
    },
  };
}

/** Four square legs `size` thick in the corners of x0..x1 × z0..z1. */
function legs(x0: number, x1: number, z0: number, z1: number, height: number, size: number, c: Rgb): Part[] {
  const i = size;
  return [
    box(x0, x0 + i, 0, height, z0, z0 + i),
    box(x1 - i, x1, 0, height, z0, z0 + i),
    box(x0, x0 + i, 0, height, z1 - i, z1),
    box(x1 - i, x1, 0, height, z1 - i, z1),
  ].map((b) => ({ b, c }));
}

/** Sofa at (x, z) = centre of its seat; `back` is the side its backrest is on. */
export function sofa(
  ctx: Ctx,
  x: number,
  z: number,
  width: number,
  fabric: Rgb,
  back: 'far' | 'left' | 'right',
): Piece {
  const depth = 0.95;
  const alongX = back === 'far';
  const w = alongX ? width : depth;
  const d = alongX ? depth : width;
  const x0 = x - w / 2;
  const z0 = z - d / 2;
  const parts: Part[] = [{ b: box(x0, x0 + w, 0.1, 0.42, z0, z0 + d), c: fabric }];
  const t = 0.22;
  if (back === 'far') parts.push({ b: box(x0, x0 + w, 0.1, 0.8, z0 + d - t, z0 + d), c: fabric });
  if (back === 'left') parts.push({ b: box(x0, x0 + t, 0.1, 0.8, z0, z0 + d), c: fabric });
  if (back === 'right') parts.push({ b: box(x0 + w - t, x0 + w, 0.1, 0.8, z0, z0 + d), c: fabric });
  // Arms at both ends and seat cushions a shade lighter.
  if (alongX) {
    parts.push({ b: box(x0, x0 + 0.18, 0.1, 0.62, z0, z0 + d), c: fabric });
    parts.push({ b: box(x0 + w - 0.18, x0 + w, 0.1, 0.62, z0, z0 + d), c: fabric });
    const n = width > 2 ? 3 : 2;
    const cw = (w - 0.36) / n;
    for (let i = 0; i < n; i++) {
      const cx0 = x0 + 0.18 + i * cw + 0.01;
      parts.push({ b: box(cx0, cx0 + cw - 0.02, 0.42, 0.52, z0, z0 + d - t), c: lighten(fabric, 0.06) });
    }
  } else {
    parts.push({ b: box(x0, x0 + w, 0.1, 0.62, z0, z0 + 0.18), c: fabric });
    parts.push({ b: box(x0, x0 + w, 0.1, 0.62, z0 + d - 0.18, z0 + d), c: fabric });
    const cx0 = back === 'left' ? x0 + t : x0;
    parts.push({ b: box(cx0, cx0 + w - t, 0.42, 0.52, z0 + 0.19, z0 + d - 0.19), c: lighten(fabric, 0.06) });
  }
  parts.push(...legs(x0 + 0.05, x0 + w - 0.05, z0 + 0.05, z0 + d - 0.05, 0.1, 0.05, hex('#2b2520')));
  return { footprint: box(x0, x0 + w, 0, 0.8, z0, z0 + d), drawables: [group(ctx, parts)] };
}

/**
 * A double bed with its headboard against the far wall (z = `wall`), centred on `x`: timber frame, a white
 * mattress and pillows, a throw of `fabric` over its foot, and a bedside table either side.
 */
export function bed(ctx: Ctx, x: number, wall: number, frame: Rgb, fabric: Rgb): Piece {
  const w = 1.8;
  const x0 = x - w / 2;
  const x1 = x + w / 2;
  const z1 = wall - 0.05;
  const z0 = z1 - 2.15;
  const linen = hex('#f1ede6');
  const parts: Part[] = [
    { b: box(x0 - 0.15, x1 + 0.15, 0, 1.15, z1 - 0.08, z1), c: frame },
    { b: box(x0, x1, 0.08, 0.32, z0, z1 - 0.08), c: frame },
    { b: box(x0 + 0.03, x1 - 0.03, 0.32, 0.55, z0 + 0.03, z1 - 0.1), c: linen },
    { b: box(x0 - 0.01, x1 + 0.01, 0.3, 0.57, z0 - 0.01, z0 + 0.75), c: fabric },
    { b: box(x0 + 0.12, x - 0.05, 0.55, 0.7, z1 - 0.55, z1 - 0.15), c: linen },
    { b: box(x + 0.05, x1 - 0.12, 0.55, 0.7, z1 - 0.55, z1 - 0.15), c: linen },
    ...legs(x0 + 0.05, x1 - 0.05, z0 + 0.05, z1 - 0.15, 0.08, 0.06, darken(frame, 0.3)),
  ];
  for (const side of [x0 - 0.65, x1 + 0.15])
    parts.push({ b: box(side, side + 0.5, 0, 0.5, z1 - 0.45, z1), c: frame, top: lighten(frame, 0.1) });
  return { footprint: box(x0 - 0.65, x1 + 0.65, 0, 0.6, z0, z1), drawables: [group(ctx, parts)] };
}

export function table(
  ctx: Ctx,
  x: number,
  z: number,
  w: number,
  d: number,
  height: number,
  wood: Rgb,
  legColour: Rgb,
): Piece {
  const x0 = x - w / 2;
  const z0 = z - d / 2;
  const parts = [
    { b: box(x0, x0 + w, height - 0.045, height, z0, z0 + d), c: wood, top: lighten(wood, 0.08) },
    ...legs(x0 + 0.08, x0 + w - 0.08, z0 + 0.08, z0 + d - 0.08, height - 0.045, 0.05, legColour),
  ];
  return { footprint: box(x0, x0 + w, 0, height, z0, z0 + d), drawables: [group(ctx, parts)] };
}

/** Chair with its seat centred at (x, z), facing along x: towards +x with its back on the left, or −x. */
export function chair(
  ctx: Ctx,
  x: number,
  z: number,
  facing: '+x' | '-x',
  colour: Rgb,
  legColour: Rgb,
): Piece {
  const s = 0.46;
  const x0 = x - s / 2;
  const z0 = z - s / 2;
  const t = 0.04;
  const back =
    facing === '+x'
      ? box(x0, x0 + t, 0.46, 0.86, z0, z0 + s)
      : box(x0 + s - t, x0 + s, 0.46, 0.86, z0, z0 + s);
  const parts = [
    { b: box(x0, x0 + s, 0.42, 0.46, z0, z0 + s), c: colour },
    { b: back, c: colour },
    ...legs(x0 + 0.02, x0 + s - 0.02, z0 + 0.02, z0 + s - 0.02, 0.42, 0.035, legColour),
  ];
  return { footprint: box(x0, x0 + s, 0, 0.86, z0, z0 + s), drawables: [group(ctx, parts)] };
}

/** A rug with a woven border and, sometimes, bands across it. */
export function rug(ctx: Ctx, rng: Rng, x: number, z: number, w: number, d: number, colour: Rgb): Piece {
  const b = box(x - w / 2, x + w / 2, 0, 0.012, z - d / 2, z + d / 2);
  const edge = rng.chance(0.5) ? darken(colour, 0.25) : lighten(colour, 0.25);
  const y = 0.0125;
  const inset = 0.12;
  const bands = rng.chance(0.5) ? rng.int(2, 4) : 0;
  // The rug's face `k` insets in from its long sides, from z0 to z1.
  const face = (k: number, z0: number, z1: number): Pt[] =>
    ctx.cam.projectPolygon(rectXZ(b.x0 + inset * k, b.x1 - inset * k, z0, z1, y));
  const draw = (): void => {
    paintBox(ctx, b, colour);
    const fill = surfaceColour(ctx, edge, UP, ctx.cam.pos);
    // Border: a ring between the outer edge and an inset rectangle.
    const ring =
      polyPath(face(1, b.z0 + inset, b.z1 - inset)) + polyPath(face(2, b.z0 + inset * 2, b.z1 - inset * 2));
    ctx.svg.path(ring, { fill, 'fill-rule': 'evenodd', 'fill-opacity': 0.7 });
    for (let i = 1; i <= bands; i++) {
      const zc = b.z0 + ((b.z1 - b.z0) * i) / (bands + 1);
      ctx.svg.poly(face(2, zc - 0.04, zc + 0.04), fill, { 'fill-opacity': 0.6 });
    }
  };
  return {
    footprint: box(x, x, 0, 0, z, z),
    drawables: [{ min: vec(b.x0, 0, b.z0), max: vec(b.x1, y, b.z1), draw }],
  };
}

const SPINES = ['#8c3b2e', '#2f4a5a', '#c9b27c', '#e8e0d0', '#3d3d3d', '#6b7b4a', '#b86b3a', '#d9cfc0'].map(
  hex,
);

/** Open shelving against the wall x = wallX (books in random spines). */
export function shelving(
  ctx: Ctx,
  rng: Rng,
  wallX: number,
  z0: number,
  z1: number,
  height: number,
  wood: Rgb,
): Piece {
  const depth = 0.34;
  const inward = wallX < 1 ? 1 : -1;
  const xa = wallX;
  const xb = wallX + inward * depth;
  const parts: Part[] = [];
  const levels = Math.max(3, Math.round(height / 0.38));
  for (let i = 0; i <= levels; i++) {
    const y = (i * height) / levels;
    parts.push({ b: box(xa, xb, y, y + 0.03, z0, z1), c: wood, top: lighten(wood, 0.1) });
    if (i === levels) break;
    let z = z0 + 0.05;
    while (z < z1 - 0.1) {
      if (rng.chance(0.18)) {
        z += rng.range(0.15, 0.5);
        continue;
      }
      const t = rng.range(0.025, 0.06);
      const h = Math.min(height / levels - 0.05, rng.range(0.18, 0.3));
      const inset = rng.range(0.02, 0.08);
      parts.push({
        b: box(xa + inward * 0.03, xb - inward * inset, y + 0.03, y + 0.03 + h, z, z + t),
        c: rng.pick(SPINES),
      });
      z += t + 0.003;
    }
  }
  for (const z of [z0, z1 - 0.03]) parts.push({ b: box(xa, xb, 0, height, z, z + 0.03), c: wood });
  return { footprint: box(xa, xb, 0, height, z0, z1), drawables: [group(ctx, parts)] };
}

/** Low sideboard / kitchen run against a side wall. */
export function counter(
  ctx: Ctx,
  wallX: number,
  z0: number,
  z1: number,
  body: Rgb,
  top: Rgb,
  withUppers: boolean,
): Piece {
  const inward = wallX < 1 ? 1 : -1;
  const parts = [
    { b: box(wallX, wallX + inward * 0.62, 0.08, 0.88, z0, z1), c: body },
    { b: box(wallX, wallX + inward * 0.58, 0, 0.08, z0, z1), c: darken(body, 0.5) },
    { b: box(wallX, wallX + inward * 0.65, 0.88, 0.92, z0, z1), c: top, top: lighten(top, 0.08) },
  ];
  if (withUppers) parts.push({ b: box(wallX, wallX + inward * 0.36, 1.55, 2.3, z0, z1), c: body });
  return { footprint: box(wallX, wallX + inward * 0.65, 0, 0.92, z0, z1), drawables: [group(ctx, parts)] };
}

export function plant(ctx: Ctx, rng: Rng, x: number, z: number, size: number, pot: Rgb): Piece {
  const r = 0.2 * size;
  const h = 0.42 * size;
  const potBox = box(x - r, x + r, 0, h, z - r, z + r);
  const leaves = housePlantDrawable(ctx, {
    at: vec(x, h, z),
    height: 1.2 * size,
    kind: rng.chance(0.6) ? 'fig' : 'bush',
    seed: rng.int(0, 1e9),
  });
  // Pot and foliage as one item: the pot is always drawn first.
  const draw = (): void => {
    paintBox(ctx, potBox, pot);
    leaves.draw();
  };
  return { footprint: potBox, drawables: [{ ...leaves, draw }] };
}

/** Artwork hung flat on a side wall: `at` is its centre on the wall plane, the room is towards `nx` (±1) in x. */
export function artwork(ctx: Ctx, rng: Rng, at: Vec3, nx: number, w: number, h: number): Drawable {
  const t = 0.035;
  const frameBox = box(at.x, at.x + nx * t, at.y - h / 2, at.y + h / 2, at.z - w / 2, at.z + w / 2);
  const palette = rng.pick([
    ['#d8cfc0', '#b5532f', '#2f3e4e'],
    ['#e9e4da', '#c9a24a', '#5b6b5a'],
    ['#1f2428', '#c7b79b', '#8a3a2a'],
    ['#efeae0', '#6f8fa6', '#d9a37c'],
  ] as const);
  return {
    min: vec(frameBox.x0, frameBox.y0, frameBox.z0),
    max: vec(frameBox.x1, frameBox.y1, frameBox.z1),
    draw: () => {
      paintBox(ctx, frameBox, hex('#2a2826'));
      // The canvas: a field and two abstract blocks, on the face towards the room (u, v: 0–1 across it).
      const face = (u0: number, v0: number, u1: number, v1: number): Pt[] => {
        const p = (u: number, v: number): Vec3 =>
          vec(at.x + nx * (t + 0.002), at.y - h / 2 + v * h, at.z + (w / 2 - u * w) * nx);
        return ctx.cam.projectPolygon([p(u0, v0), p(u1, v0), p(u1, v1), p(u0, v1)]);
      };
      const [ground, a, b] = palette.map(hex) as [Rgb, Rgb, Rgb];
      ctx.svg.poly(face(0.04, 0.04, 0.96, 0.96), lighten(ground, 0.05));
      const ax = rng.range(0.1, 0.5);
      ctx.svg.poly(face(ax, rng.range(0.1, 0.4), ax + rng.range(0.2, 0.4), rng.range(0.6, 0.9)), a);
      const bx = rng.range(0.3, 0.7);
      ctx.svg.poly(face(bx, rng.range(0.5, 0.7), Math.min(0.9, bx + rng.range(0.1, 0.3)), 0.9), b);
    },
  };
}

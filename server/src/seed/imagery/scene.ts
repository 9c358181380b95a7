/** Shared painting context for the 3D scenes (exterior and interior). */
import { type Atmosphere, hazed, lightSurface } from './atmosphere';
import { darken, hex, lighten, mix, multiply, type Rgb } from './color';
import type { Rng } from './random';
import {
  type Box,
  boxCorners,
  boxFaces,
  type Camera,
  type Drawable,
  dot,
  hullXZ,
  length,
  normalize,
  sub,
  type Vec3,
  vec,
} from './space';
import { type Attrs, type Paint, type Pt, polyPath, type Svg, stop } from './svg';

/**
 * What the 3D painters share: the picture, camera, light and random stream, and fills made once: `glass`
 * (the sky and ground reflected in vertical glass), `glassLit` (glazing with warm light inside), `wallShade`
 * (darkening towards the foot of a wall) and `sheen` (a light falloff across a wall, and its mirror image).
 */
export type Ctx = ReturnType<typeof makeCtx>;

export function makeCtx(svg: Svg, cam: Camera, atm: Atmosphere, rng: Rng) {
  // A vertical mirror keeps elevation angles, so glass reflects the sky
  // gradient above the horizon line and the dark ground below it.
  const tint = hex('#9fb6bd');
  const dim = atm.time === 'dusk' ? 0.75 : 0.62;
  const sky = (c: Rgb): Rgb => multiply(mix(c, tint, 0.35), [255 * dim, 255 * dim, 255 * dim]);
  const reflected = [
    stop(0, sky(atm.zenith)),
    stop(0.55, sky(atm.upper)),
    stop(0.985, sky(mix(atm.horizon, atm.upper, 0.3))),
    stop(1, darken(mix(atm.haze, hex('#33413a'), 0.7), 0.35)),
  ];
  const glass = svg.vertical(reflected, cam.cy - cam.focal * 0.9, cam.cy + cam.focal * 0.04);
  const glassLit = svg.linear([stop(0, '#fff0c8'), stop(0.35, '#f7c57f'), stop(1, '#a8683a')]);
  const wallShade = svg.linear([stop(0, '#000', 0), stop(0.75, '#000', 0.05), stop(1, '#000', 0.2)]);
  const falloff = (from: string, to: string): string =>
    svg.linear([stop(0, from, 0.09), stop(0.5, from, 0), stop(0.5, to, 0), stop(1, to, 0.07)], 0, 0, 1, 0);
  const sheen = [falloff('#000', '#fff'), falloff('#fff', '#000')] as const;
  return { svg, cam, atm, rng, glass, glassLit, wallShade, sheen };
}

/** Whether a projected shape lies entirely outside the image (so its details can be skipped). */
export function offscreen(ctx: Ctx, pts: readonly Pt[]): boolean {
  if (pts.length === 0) return true;
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  return (
    Math.max(...xs) < 0 ||
    Math.max(...ys) < 0 ||
    Math.min(...xs) > ctx.svg.width ||
    Math.min(...ys) > ctx.svg.height
  );
}

/** Lit and hazed colour for a surface of `base` colour. */
export function surfaceColour(ctx: Ctx, base: Rgb, normal: Vec3, at: Vec3, occlusion = 1): Rgb {
  return hazed(lightSurface(base, normal, ctx.atm, occlusion), length(sub(at, ctx.cam.pos)), ctx.atm);
}

function centreOf(ps: readonly Vec3[]): Vec3 {
  let x = 0;
  let y = 0;
  let z = 0;
  for (const p of ps) {
    x += p.x;
    y += p.y;
    z += p.z;
  }
  return vec(x / ps.length, y / ps.length, z / ps.length);
}

/** A box's top and bottom if not of its base colour, and the spacing of boards on its underside. */
export type BoxFinish = { top?: Rgb; bottom?: Rgb; boards?: number };

/** Paints the visible faces of a plain box (columns, slabs, fins, furniture). */
export function paintBox(ctx: Ctx, b: Box, base: Rgb, options: BoxFinish = {}): void {
  for (const face of boxFaces(b)) {
    const c = centreOf(face.pts);
    if (!ctx.cam.sees(c, face.normal)) continue;
    const colour =
      face.name === 'top' ? (options.top ?? base) : face.name === 'bottom' ? (options.bottom ?? base) : base;
    const pts = ctx.cam.projectPolygon(face.pts);
    const fill = surfaceColour(ctx, colour, face.normal, c, face.name === 'bottom' ? 0.8 : 1);
    // A hairline of the same colour hides anti-aliasing seams between faces.
    ctx.svg.poly(pts, fill, { stroke: darken(fill, 0.1), 'stroke-width': 0.6 });
    if (face.name === 'bottom' && options.boards) {
      const segs: [Vec3, Vec3][] = [];
      for (let x = b.x0 + options.boards; x < b.x1; x += options.boards)
        segs.push([vec(x, b.y0, b.z0), vec(x, b.y0, b.z1)]);
      boardLines(ctx, segs, fill);
    }
  }
}

/** Joints of timber boarding (soffits, decks), batched into one path. */
export function boardLines(ctx: Ctx, segs: readonly [Vec3, Vec3][], fill: Rgb): void {
  ctx.svg.lines(ctx.cam.projectSegments(segs), darken(fill, 0.35), 0.8, { 'stroke-opacity': 0.5 });
}

export function boxDrawable(ctx: Ctx, b: Box, base: Rgb, options: BoxFinish = {}): Drawable {
  return {
    min: vec(b.x0, b.y0, b.z0),
    max: vec(b.x1, b.y1, b.z1),
    draw: () => paintBox(ctx, b, base, options),
  };
}

/** A flat polygon on the ground (y = 0 unless the points say otherwise). */
export function paintGround(ctx: Ctx, pts: readonly Vec3[], fill: Paint, extra?: Attrs): void {
  ctx.svg.poly(projectGround(ctx, pts), fill, extra);
}

/** Projects a ground polygon, cut where the ground leaves the bottom of the frame (nearer is unseen). */
export function projectGround(ctx: Ctx, pts: readonly Vec3[]): Pt[] {
  const { cam, svg } = ctx;
  const below = cam.pos.y - (pts[0]?.y ?? 0);
  const unseen = below > 0 ? (0.8 * cam.focal * below) / Math.max(1, svg.height - cam.cy) : 0;
  return cam.projectPolygon(pts, Math.max(cam.near, unseen));
}

export function rectXZ(x0: number, x1: number, z0: number, z1: number, y = 0): Vec3[] {
  return [vec(x0, y, z0), vec(x1, y, z0), vec(x1, y, z1), vec(x0, y, z1)];
}

/** Where a point's shadow lands on the ground plane. */
export function shadowPoint(ctx: Ctx, p: Vec3): Vec3 {
  const s = ctx.atm.sun;
  const t = p.y / Math.max(0.05, s.y);
  return vec(p.x - s.x * t, 0, p.z - s.z * t);
}

/**
 * Ground shadows of boxes and of arbitrary ground polygons (trees, people),
 * merged in one translucent group so overlaps do not double-darken.
 */
export function paintGroundShadows(ctx: Ctx, boxes: readonly Box[], polygons: readonly Vec3[][]): void {
  const { atm, cam, svg } = ctx;
  if (atm.shadowOpacity <= 0 || atm.sun.y <= 0.01) return;
  let d = '';
  for (const b of boxes)
    d += polyPath(cam.projectPolygon(hullXZ(boxCorners(b).map((p) => shadowPoint(ctx, p)))));
  for (const poly of polygons) d += polyPath(cam.projectPolygon(poly));
  svg.open({ opacity: atm.shadowOpacity });
  svg.path(d, { fill: atm.shadow, 'fill-rule': 'nonzero' });
  svg.close();
}

/** Soft light pool on the ground, e.g. under a lit window or a lamp at dusk. */
export function paintGlow(ctx: Ctx, at: Vec3, radius: number, colour: Rgb, strength: number): void {
  const p = ctx.cam.project(at);
  if (!p) return;
  const r = radius * ctx.cam.scaleAt(at);
  const pool = ctx.svg.radial([stop(0, lighten(colour, 0.3), strength), stop(1, colour, 0)]);
  ctx.svg.ellipse(p.x, p.y, r, r * 0.35, pool);
}

/**
 * A convex prism: the polygon `profile` in the (z, y) plane extruded from x0
 * to x1. Used for mono-pitch roofs and glazed clerestories.
 */
export function prismDrawable(
  ctx: Ctx,
  x0: number,
  x1: number,
  profile: readonly [number, number][],
  colours: { side: Rgb | 'glass'; top: Rgb; bottom: Rgb; boards?: number },
): Drawable {
  const zs = profile.map((p) => p[0]);
  const ys = profile.map((p) => p[1]);
  const centre = vec(
    (x0 + x1) / 2,
    ys.reduce((a, b) => a + b) / ys.length,
    zs.reduce((a, b) => a + b) / zs.length,
  );
  return {
    min: vec(x0, Math.min(...ys), Math.min(...zs)),
    max: vec(x1, Math.max(...ys), Math.max(...zs)),
    draw: () => {
      const faces: { pts: Vec3[]; n: Vec3 }[] = [
        { pts: profile.map(([z, y]) => vec(x0, y, z)), n: vec(-1, 0, 0) },
        { pts: profile.map(([z, y]) => vec(x1, y, z)), n: vec(1, 0, 0) },
      ];
      for (let i = 0; i < profile.length; i++) {
        const [za, ya] = profile[i]!;
        const [zb, yb] = profile[(i + 1) % profile.length]!;
        let n = normalize(vec(0, zb - za, -(yb - ya)));
        const mid = vec(centre.x, (ya + yb) / 2, (za + zb) / 2);
        if (dot(n, sub(mid, centre)) < 0) n = vec(0, -n.y, -n.z);
        faces.push({ pts: [vec(x0, ya, za), vec(x1, ya, za), vec(x1, yb, zb), vec(x0, yb, zb)], n });
      }
      for (const f of faces) {
        const c = f.pts[0]!;
        if (!ctx.cam.sees(centreOf(f.pts), f.n)) continue;
        const pts = ctx.cam.projectPolygon(f.pts);
        const vertical = Math.abs(f.n.y) < 0.3;
        if (vertical && colours.side === 'glass') {
          ctx.svg.poly(pts, ctx.glass);
          continue;
        }
        const base = vertical ? (colours.side as Rgb) : f.n.y > 0 ? colours.top : colours.bottom;
        const fill = surfaceColour(ctx, base, f.n, c, f.n.y < 0 ? 0.85 : 1);
        ctx.svg.poly(pts, fill, { stroke: darken(fill, 0.1), 'stroke-width': 0.6 });
        if (f.n.y < -0.3 && colours.boards) {
          const [a, , , d] = f.pts;
          const segs: [Vec3, Vec3][] = [];
          for (let x = x0 + colours.boards; x < x1; x += colours.boards)
            segs.push([vec(x, a!.y, a!.z), vec(x, d!.y, d!.z)]);
          boardLines(ctx, segs, fill);
        }
      }
    },
  };
}

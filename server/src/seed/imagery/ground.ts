/** Ground surfaces seen in perspective: lawn, paving, water, roads. */
import { hazed } from './atmosphere';
import { addRgb, darken, hex, lighten, mix, multiply, type Rgb, scale } from './color';
import { type Ctx, paintGround, rectXZ } from './scene';
import type { Vec3 } from './space';
import { vec } from './space';
import { stop } from './svg';

/** Ground lit by sun and sky (horizontal surface). */
export function groundColour(ctx: Ctx, base: Rgb): Rgb {
  const { atm } = ctx;
  const sun = Math.max(0, atm.sun.y) * atm.sunStrength;
  return multiply(base, addRgb(scale(atm.ambient, atm.ambientStrength), scale(atm.sunColor, sun)));
}

/** Whole ground plane below the horizon: hazy far away, richer nearby. */
export function paintGroundPlane(ctx: Ctx, base: Rgb): void {
  const { svg, cam, atm } = ctx;
  const near = groundColour(ctx, base);
  const fade = [
    stop(0, hazed(near, 700, atm)),
    stop(0.08, hazed(near, 150, atm)),
    stop(1, darken(near, 0.08)),
  ];
  svg.rect(0, cam.cy, svg.width, svg.height - cam.cy, svg.vertical(fade, cam.cy, svg.height));
}

/** Segment [a, b] on the ground, cut where its spacing `pitch` gets under `minPx` pixels. */
function nearPart(ctx: Ctx, a: Vec3, b: Vec3, pitch: number, minPx: number): [Vec3, Vec3] | undefined {
  const maxDepth = (ctx.cam.focal * pitch) / minPx;
  const da = ctx.cam.depth(a);
  const db = ctx.cam.depth(b);
  if (da > maxDepth && db > maxDepth) return undefined;
  if (da <= maxDepth && db <= maxDepth) return [a, b];
  const t = (maxDepth - da) / (db - da);
  const cut = vec(a.x + (b.x - a.x) * t, a.y, a.z + (b.z - a.z) * t);
  return da <= maxDepth ? [a, cut] : [cut, b];
}

export function paintPaving(
  ctx: Ctx,
  x0: number,
  x1: number,
  z0: number,
  z1: number,
  base: Rgb,
  pitch: number,
  y = 0,
): void {
  const fill = groundColour(ctx, base);
  paintGround(ctx, rectXZ(x0, x1, z0, z1, y), fill);
  const joints: [Vec3, Vec3][] = [];
  const add = (a: Vec3, b: Vec3): void => {
    const part = nearPart(ctx, a, b, pitch, 5);
    if (part) joints.push(part);
  };
  for (let x = x0 + pitch; x < x1 - 1e-6; x += pitch) add(vec(x, y, z0), vec(x, y, z1));
  for (let z = z0 + pitch; z < z1 - 1e-6; z += pitch) {
    if (ctx.cam.depth(vec((x0 + x1) / 2, y, z)) * 5 < ctx.cam.focal * pitch)
      add(vec(x0, y, z), vec(x1, y, z));
  }
  ctx.svg.lines(ctx.cam.projectSegments(joints), darken(fill, 0.35), 0.8, { 'stroke-opacity': 0.45 });
}

/** Lawn with grass texture strokes that grow larger towards the camera. */
export function paintLawn(
  ctx: Ctx,
  pts: readonly Vec3[],
  base: Rgb,
  options: { strokes?: number; stripes?: number } = {},
): void {
  const { strokes = 2500, stripes } = options;
  const colour = groundColour(ctx, base);
  paintGround(ctx, pts, colour);
  const { cam, rng } = ctx;
  if (stripes) {
    // Mowing stripes parallel to x: converging lines that sell the perspective.
    const xs = pts.map((p) => p.x);
    const zs = pts.map((p) => p.z);
    const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
    const stripe = lighten(colour, 0.25);
    for (let z = z0; z < z1; z += stripes * 2)
      paintGround(ctx, rectXZ(x0, x1, z, Math.min(z1, z + stripes)), stripe, { 'fill-opacity': 0.1 });
  }
  const dark: string[] = [];
  const light: string[] = [];
  // Sample uniformly on the image (not the ground) so texture is even on screen.
  const top = cam.cy + (ctx.svg.height - cam.cy) * 0.12;
  for (let i = 0; i < strokes; i++) {
    const q = { x: rng.range(0, ctx.svg.width), y: rng.range(top, ctx.svg.height + 10) };
    const p = cam.groundAt(q.x, q.y);
    if (!p || !insideXZ(p, pts)) continue;
    const s = cam.scaleAt(p);
    const h = s * rng.range(0.04, 0.1);
    const seg = `M${q.x.toFixed(1)} ${q.y.toFixed(1)}l${(rng.range(-0.3, 0.3) * h).toFixed(1)} ${(-h).toFixed(1)}`;
    (rng.chance(0.5) ? dark : light).push(seg);
  }
  const blades = (d: string[], stroke: Rgb, width: number, opacity: number): void =>
    ctx.svg.path(d.join(''), { stroke, 'stroke-width': width, 'stroke-opacity': opacity, fill: 'none' });
  blades(dark, darken(colour, 0.25), 1.1, 0.6);
  blades(light, lighten(colour, 0.18), 1, 0.5);
  // Soft mottled patches break the flat colour up.
  const patch = (c: Rgb): string => ctx.svg.radial([stop(0, c, 0.35), stop(1, c, 0)]);
  const patchDark = patch(darken(colour, 0.25));
  const patchLight = patch(mix(colour, hex('#c9b77a'), 0.35));
  for (let i = 0; i < 14; i++) {
    const q = { x: rng.range(0, ctx.svg.width), y: rng.range(cam.cy + 4, ctx.svg.height) };
    const c = cam.groundAt(q.x, q.y);
    if (!c || !insideXZ(c, pts)) continue;
    const r = Math.min(ctx.svg.width * 0.3, rng.range(2, 6) * cam.scaleAt(c));
    // Ground circles are foreshortened by eye height over distance.
    const squash = Math.min(1, Math.max(0.04, cam.pos.y / Math.max(1, cam.depth(c))));
    ctx.svg.ellipse(q.x, q.y, r, r * squash, rng.chance(0.5) ? patchDark : patchLight);
  }
}

/** Point-in-polygon on the ground plane (even-odd). */
function insideXZ(p: Vec3, poly: readonly Vec3[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.z > p.z !== b.z > p.z && p.x < ((b.x - a.x) * (p.z - a.z)) / (b.z - a.z) + a.x) inside = !inside;
  }
  return inside;
}

/** A swimming pool: stone coping, the far inner wall, and water reflecting the sky. */
export function paintPool(ctx: Ctx, x0: number, x1: number, z0: number, z1: number): void {
  const { svg, atm } = ctx;
  paintPaving(ctx, x0 - 0.5, x1 + 0.5, z0 - 0.5, z1 + 0.5, hex('#ddd6c8'), 0.5, 0.02);
  const water = hex('#3fa7b5');
  const wall = [vec(x0, 0.02, z1), vec(x1, 0.02, z1), vec(x1, -0.4, z1), vec(x0, -0.4, z1)];
  paintGround(ctx, rectXZ(x0, x1, z0, z1, 0.02), groundColour(ctx, darken(water, 0.2)));
  const far = mix(scale(atm.horizon, 0.95), water, 0.45);
  const near = mix(water, hex('#1f6d86'), 0.5);
  paintGround(ctx, rectXZ(x0, x1, z0, z1, -0.05), svg.linear([stop(0, far), stop(1, near)]));
  paintGround(ctx, wall, darken(near, 0.25), { 'fill-opacity': 0.55 });
  // Ripples catching the light.
  const ripples = Array.from({ length: 14 }, (): [Vec3, Vec3] => {
    const z = ctx.rng.range(z0 + 0.3, z1 - 0.3);
    const x = ctx.rng.range(x0, x1 - 1.5);
    return [vec(x, -0.04, z), vec(x + ctx.rng.range(0.4, 1.5), -0.04, z)];
  });
  svg.lines(ctx.cam.projectSegments(ripples), '#ffffff', 1, { 'stroke-opacity': 0.35 });
}

/** Open water over ground `areas`: the sky's colour far off, darker and greener near. */
export function paintWater(ctx: Ctx, areas: readonly Vec3[][]): void {
  const { svg, atm, cam } = ctx;
  // Far off the water mirrors the sky low over the horizon; nearer, it is seen into: deep and lit as the
  // ground is (dark at dusk).
  const far = scale(mix(atm.horizon, atm.upper, 0.35), 0.92);
  const near = groundColour(ctx, hex('#356f84'));
  const fill = svg.vertical([stop(0, far), stop(1, near)], cam.cy, svg.height);
  for (const area of areas) paintGround(ctx, area, fill);
}

/** Ripples catching the light on water `areas`, longer towards the camera. */
export function paintRipples(ctx: Ctx, areas: readonly Vec3[][]): void {
  const { svg, cam, rng } = ctx;
  let d = '';
  for (let i = 0; i < 260; i++) {
    const q = { x: rng.range(0, svg.width), y: rng.range(cam.cy + 1, svg.height) };
    const p = cam.groundAt(q.x, q.y);
    if (!p || !areas.some((area) => insideXZ(p, area))) continue;
    const len = cam.scaleAt(p) * rng.range(0.4, 2.2);
    d += `M${(q.x - len / 2).toFixed(1)} ${q.y.toFixed(1)}h${len.toFixed(1)}`;
  }
  svg.path(d, { fill: 'none', stroke: '#ffffff', 'stroke-width': 1.1, 'stroke-opacity': 0.28 });
}

/** Whether a ground point lies in (or within `margin` metres of) any of the water `areas`. */
export function inWater(p: Vec3, areas: readonly Vec3[][], margin = 0): boolean {
  const probes = [
    p,
    vec(p.x - margin, 0, p.z),
    vec(p.x + margin, 0, p.z),
    vec(p.x, 0, p.z - margin),
    vec(p.x, 0, p.z + margin),
  ];
  return probes.some((q) => areas.some((area) => insideXZ(q, area)));
}

/** Asphalt road along z with kerbs and dashed centre line. */
export function paintRoad(ctx: Ctx, x0: number, x1: number, z0: number, z1: number): void {
  const asphalt = groundColour(ctx, hex('#5b5a58'));
  paintGround(ctx, rectXZ(x0, x1, z0, z1), asphalt);
  const mid = (x0 + x1) / 2;
  for (let z = z0 + 1; z < z1; z += 9) {
    paintGround(ctx, rectXZ(mid - 0.08, mid + 0.08, z, z + 3, 0.01), lighten(asphalt, 0.55));
  }
  for (const x of [x0, x1])
    paintGround(ctx, rectXZ(x - 0.15, x + 0.15, z0, z1, 0.02), lighten(asphalt, 0.35));
}

export const GROUNDS = {
  lawnGreen: hex('#6d8a45'),
  lawnDry: hex('#9c9560'),
  earth: hex('#9d6243'),
  paving: hex('#cfc7b8'),
  concrete: hex('#bdb8ae'),
  gravel: hex('#b9ab94'),
  sand: hex('#d9c9a6'),
};

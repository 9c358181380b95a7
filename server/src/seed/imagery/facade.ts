/**
 * Building volumes: boxes whose vertical faces carry a cladding texture,
 * recessed openings with reflective glazing, sun shelves and fins.
 */
import { isLitSide } from './atmosphere';
import { darken, hex, jitter, lighten, mix, type Rgb } from './color';
import type { Rng } from './random';
import { boxDrawable, type Ctx, offscreen, paintBox, surfaceColour } from './scene';
import {
  type Box,
  boxFaces,
  type Drawable,
  dot,
  type Frame,
  frameBox,
  frameQuad,
  midpoint,
  onFrame,
  paintersOrder,
  revealQuads,
  type Side,
  sideFrame,
  type Vec3,
  vec,
} from './space';
import { stop } from './svg';

export type MaterialKind = 'render' | 'concrete' | 'timber' | 'brick' | 'metal';

export type Material = ReturnType<typeof material>;

const MATERIALS: Record<MaterialKind, readonly string[]> = {
  render: ['#efebe3', '#f3efe6', '#e8e2d6', '#ded7cb', '#ece4d4'],
  concrete: ['#b9b5ae', '#a9a6a0', '#c4c0b8', '#9e9b95'],
  timber: ['#9a6a43', '#8a5a36', '#a8784c', '#7a5a40', '#b08a62'],
  brick: ['#a5573a', '#9a4f35', '#b0603e', '#8f4a33', '#b86d4a'],
  metal: ['#3d3f42', '#55585b', '#2f3133', '#6b6a66'],
};

export function material(kind: MaterialKind, rng: Rng) {
  return { kind, color: hex(rng.pick(MATERIALS[kind])) };
}

export interface Opening {
  u0: number;
  v0: number;
  u1: number;
  v1: number;
  /** Recess of the glass behind the wall surface, metres. */
  depth: number;
  cols: number;
  rows: number;
  /** Projecting sill under punched windows. */
  sill?: boolean;
}

export interface FaceDetail {
  openings?: Opening[];
  /** An overhang just above this face (casts a band of shadow), over [u0, u1] if given. */
  overhang?: { depth: number; u0?: number; u1?: number };
  shelves?: { v: number; depth: number; thickness: number; color: Rgb }[];
  fins?: { spacing: number; depth: number; width: number; v0: number; v1: number; color: Rgb };
}

export interface Volume {
  box: Box;
  material: Material;
  /** Colour of every window frame in it. */
  frame: Rgb;
  faces: Partial<Record<Side, FaceDetail>>;
  soffit?: Rgb;
  roof?: Rgb;
}

/** Two points on a face, (u0, v0) and (u1, v1): a line's ends or a rectangle's corners. */
type UV = [u0: number, v0: number, u1: number, v1: number];

/** Drawable for a volume, including everything attached to its faces. */
export function volumeDrawable(ctx: Ctx, vol: Volume): Drawable {
  let { x0, x1, y0, y1, z0, z1 } = vol.box;
  for (const [side, detail] of Object.entries(vol.faces) as [Side, FaceDetail][]) {
    const reach = Math.max(detail.fins?.depth ?? 0, ...(detail.shelves ?? []).map((s) => s.depth));
    if (side === 'front') z0 -= reach;
    if (side === 'back') z1 += reach;
    if (side === 'left') x0 -= reach;
    if (side === 'right') x1 += reach;
  }
  return { min: vec(x0, y0, z0), max: vec(x1, y1, z1), draw: () => paintVolume(ctx, vol) };
}

function paintVolume(ctx: Ctx, vol: Volume): void {
  for (const face of boxFaces(vol.box)) {
    const centre = midpoint(face.pts[0]!, face.pts[2]!);
    if (!ctx.cam.sees(centre, face.normal)) continue;
    if (face.name === 'top' || face.name === 'bottom') {
      const base = (face.name === 'top' ? vol.roof : vol.soffit) ?? vol.material.color;
      const fill = surfaceColour(ctx, base, face.normal, face.pts[0]!, 0.85);
      ctx.svg.poly(ctx.cam.projectPolygon(face.pts), fill);
      continue;
    }
    paintFacade(ctx, vol, face.name, centre);
  }
}

function paintFacade(ctx: Ctx, vol: Volume, side: Side, centre: Vec3): void {
  const { svg, cam, atm } = ctx;
  const f = sideFrame(vol.box, side);
  const detail = vol.faces[side] ?? {};
  const outline = cam.projectPolygon(frameQuad(f, 0, 0, f.width, f.height));
  if (offscreen(ctx, outline)) return;
  const base = surfaceColour(ctx, vol.material.color, f.n, centre);
  svg.poly(outline, base);
  paintTexture(ctx, f, vol.material, base, centre);
  svg.poly(outline, ctx.wallShade);
  svg.poly(outline, ctx.sheen[dot(f.u, atm.sun) > 0 ? 0 : 1]);

  const lit = isLitSide(f.n, atm);
  const nl = dot(f.n, atm.sun);
  if (lit && detail.overhang) {
    const { depth, u0 = 0, u1 = f.width } = detail.overhang;
    const drop = (depth * atm.sun.y) / nl;
    shadowQuad(ctx, f, Math.max(0, u0), Math.max(0, f.height - drop), Math.min(f.width, u1), f.height);
  }
  for (const o of detail.openings ?? []) paintOpening(ctx, f, o, vol, base, lit);

  const attachments: Drawable[] = [];
  for (const s of detail.shelves ?? []) {
    if (lit) shadowQuad(ctx, f, 0, Math.max(0, s.v - (s.depth * atm.sun.y) / nl), f.width, s.v);
    attachments.push(boxDrawable(ctx, frameBox(f, 0, s.v - s.thickness, f.width, s.v, s.depth), s.color));
  }
  if (detail.fins) attachments.push(...finDrawables(ctx, f, detail.fins, lit ? nl : 0));
  for (const d of paintersOrder(attachments, cam.pos)) d.draw();
}

function shadowQuad(ctx: Ctx, f: Frame, u0: number, v0: number, u1: number, v1: number): void {
  if (v1 > v0 && u1 > u0) tint(ctx, f, [u0, v0, u1, v1], ctx.atm.shadow, ctx.atm.shadowOpacity * 0.9);
}

/** A translucent rectangle (u0, v0, u1, v1) on a face. */
function tint(ctx: Ctx, f: Frame, [u0, v0, u1, v1]: UV, fill: Rgb | string, opacity: number): void {
  ctx.svg.poly(ctx.cam.projectPolygon(frameQuad(f, u0, v0, u1, v1)), fill, { 'fill-opacity': opacity });
}

function finDrawables(ctx: Ctx, f: Frame, fins: NonNullable<FaceDetail['fins']>, nl: number): Drawable[] {
  const out: Drawable[] = [];
  const count = Math.floor(f.width / fins.spacing);
  const start = (f.width - (count - 1) * fins.spacing) / 2;
  // Sideways reach of each fin's shadow on the wall; capped at the spacing so
  // neighbouring shadows never overlap (translucent overlaps look wrong).
  const reach = nl > 0 ? (fins.depth * dot(f.u, ctx.atm.sun)) / nl : 0;
  const capped = Math.sign(reach) * Math.min(Math.abs(reach), fins.spacing - fins.width);
  for (let i = 0; i < count; i++) {
    const u = start + i * fins.spacing;
    if (nl > 0) {
      const a = Math.min(u, u + capped);
      const b = Math.max(u, u + capped);
      shadowQuad(ctx, f, Math.max(0, a), fins.v0, Math.min(f.width, b), fins.v1);
    }
    const fin = frameBox(f, u - fins.width / 2, fins.v0, u + fins.width / 2, fins.v1, fins.depth);
    out.push(boxDrawable(ctx, fin, fins.color));
  }
  return out;
}

/** Straight lines in face coordinates, projected and batched into one path. */
export function frameLines(
  ctx: Ctx,
  f: Frame,
  segs: readonly UV[],
  stroke: Rgb | string,
  width: number,
  opacity: number,
): void {
  const lines = segs.map(([u0, v0, u1, v1]): [Vec3, Vec3] => [onFrame(f, u0, v0), onFrame(f, u1, v1)]);
  ctx.svg.lines(ctx.cam.projectSegments(lines), stroke, width, { 'stroke-opacity': opacity });
}

export function paintTexture(ctx: Ctx, f: Frame, m: Material, base: Rgb, centre: Vec3): void {
  const ppm = ctx.cam.scaleAt(centre);
  const rng = ctx.rng;
  switch (m.kind) {
    case 'timber': {
      const pitch = 0.16;
      const boards = Math.floor(f.width / pitch);
      const fine = ppm * pitch > 3;
      if (fine) {
        for (let i = 0; i < boards; i++) {
          if (!rng.chance(0.45)) continue;
          const q = frameQuad(f, i * pitch, 0, (i + 1) * pitch, f.height);
          ctx.svg.poly(ctx.cam.projectPolygon(q), jitter(base, 0.09, rng.next()));
        }
      }
      const segs: UV[] = [];
      for (let i = 1; i < boards; i++) segs.push([i * pitch, 0, i * pitch, f.height]);
      frameLines(ctx, f, segs, darken(base, 0.45), Math.min(1.4, ppm * 0.012), fine ? 0.6 : 0.25);
      break;
    }
    case 'brick': {
      // Every course where it shows, every other one further off.
      const fine = ppm * 0.075 >= 2.6;
      const course = fine ? 0.075 : 0.15;
      // Scattered bricks of slightly different firing give the wall its life.
      const count = ppm * 0.225 < 8 ? 0 : Math.min(150, Math.floor((f.width * f.height) / 0.2));
      for (let i = 0; i < count; i++) {
        const row = Math.floor(rng.next() * (f.height / 0.075));
        const u = rng.next() * (f.width - 0.23);
        const brick: UV = [u, row * 0.075, u + 0.225, row * 0.075 + 0.065];
        tint(ctx, f, brick, rng.chance(0.5) ? darken(base, 0.2) : lighten(base, 0.12), 0.55);
      }
      const segs: UV[] = [];
      for (let v = course; v < f.height; v += course) segs.push([0, v, f.width, v]);
      frameLines(ctx, f, segs, lighten(base, 0.45), Math.max(0.5, ppm * 0.01), fine ? 0.45 : 0.22);
      break;
    }
    case 'concrete': {
      const segs: UV[] = [];
      for (let v = 1.2; v < f.height; v += 1.2) segs.push([0, v, f.width, v]);
      for (let u = 2.4; u < f.width; u += 2.4) segs.push([u, 0, u, f.height]);
      frameLines(ctx, f, segs, darken(base, 0.35), Math.max(0.5, ppm * 0.01), 0.35);
      if (ppm > 25) {
        const holes: string[] = [];
        for (let u = 0.6; u < f.width; u += 1.2) {
          for (let v = 0.3; v < f.height; v += 0.6) {
            const p = ctx.cam.project(onFrame(f, u, v));
            if (p) holes.push(`M${p.x.toFixed(1)} ${p.y.toFixed(1)}h0.01`);
          }
        }
        ctx.svg.path(holes.join(''), {
          stroke: darken(base, 0.5),
          'stroke-width': Math.max(1, ppm * 0.025),
          'stroke-linecap': 'round',
          'stroke-opacity': 0.5,
        });
      }
      stains(ctx, f, base, 0.12);
      break;
    }
    case 'metal': {
      const segs: UV[] = [];
      for (let u = 0.45; u < f.width; u += 0.45) segs.push([u, 0, u, f.height]);
      frameLines(ctx, f, segs, lighten(base, 0.35), Math.max(0.5, ppm * 0.015), 0.5);
      break;
    }
    case 'render':
      stains(ctx, f, base, 0.05);
      break;
  }
}

/** Faint vertical weathering streaks. */
function stains(ctx: Ctx, f: Frame, base: Rgb, strength: number): void {
  const fill = ctx.svg.linear([stop(0, darken(base, 0.5), strength), stop(1, darken(base, 0.5), 0)]);
  const count = Math.floor(f.width / 4);
  for (let i = 0; i < count; i++) {
    const u = ctx.rng.range(0, f.width - 1);
    const w = ctx.rng.range(0.3, 1.2);
    const top = f.height - ctx.rng.range(0, f.height * 0.2);
    const q = frameQuad(f, u, top - ctx.rng.range(0.5, 2.5), u + w, top);
    ctx.svg.poly(ctx.cam.projectPolygon(q), fill);
  }
}

function paintOpening(ctx: Ctx, f: Frame, o: Opening, vol: Volume, wall: Rgb, faceLit: boolean): void {
  const { svg, cam, atm, rng } = ctx;
  const m = vol.material;
  const glassPts = cam.projectPolygon(frameQuad(f, o.u0, o.v0, o.u1, o.v1));
  if (glassPts.length < 3 || offscreen(ctx, glassPts)) return;
  const w = o.u1 - o.u0;
  const h = o.v1 - o.v0;
  // Big glazing is more likely to be lit: that is where the living rooms are.
  const litInside = rng.chance(Math.min(1, atm.litWindows * (w * h > 8 ? 1.25 : 1)));
  svg.poly(glassPts, litInside ? ctx.glassLit : ctx.glass);
  const centre = onFrame(f, (o.u0 + o.u1) / 2, (o.v0 + o.v1) / 2);
  const ppm = cam.scaleAt(centre);
  const frameColour = surfaceColour(ctx, vol.frame, f.n, centre);
  const outline: UV[] = [
    [o.u0, o.v0, o.u1, o.v0],
    [o.u1, o.v0, o.u1, o.v1],
    [o.u1, o.v1, o.u0, o.v1],
    [o.u0, o.v1, o.u0, o.v0],
  ];
  if (ppm * Math.min(w, h) < 16) {
    // Too small to show detail: glass and frame only.
    frameLines(ctx, f, outline, frameColour, Math.max(0.6, ppm * 0.06), 1);
    return;
  }
  if (litInside) {
    // Hints of the room inside: a brighter ceiling strip, darker furniture below.
    tint(ctx, f, [o.u0, o.v1 - Math.min(0.35, h * 0.15), o.u1, o.v1], '#fff6dc', 0.35);
    let u = o.u0 + rng.range(0, 1);
    while (u < o.u1 - 0.4) {
      const w = Math.min(o.u1 - u, rng.range(0.6, 2));
      const top = Math.min(o.v1, o.v0 + rng.range(0.4, 1.1));
      tint(ctx, f, [u, o.v0, u + w, top], '#5a3520', 0.45);
      u += w + rng.range(0.5, 2.5);
    }
  } else {
    // Each pane reflects a slightly different patch of the world.
    svg.poly(glassPts, rng.chance(0.6) ? '#000' : '#fff', { 'fill-opacity': rng.range(0.02, 0.14) });
    reflectedTrees(ctx, f, o);
    if (rng.chance(0.35)) {
      const a = rng.range(0, w * 0.6);
      const b = Math.max(0, a - rng.range(0.2, 1.5));
      const sw = Math.min(w - a, rng.range(0.2, w * 0.35));
      const streak = [
        onFrame(f, o.u0 + a, o.v1),
        onFrame(f, o.u0 + a + sw, o.v1),
        onFrame(f, o.u0 + b + sw, o.v0),
        onFrame(f, o.u0 + b, o.v0),
      ];
      svg.poly(cam.projectPolygon(streak), '#fff', { 'fill-opacity': rng.range(0.05, 0.12) });
    }
  }
  if (rng.chance(0.22)) {
    // Half-lowered blinds behind the glass.
    const v = o.v1 - h * rng.range(0.15, 0.55);
    tint(ctx, f, [o.u0, v, o.u1, o.v1], litInside ? '#e9c48e' : mix(wall, hex('#d9d2c4'), 0.5), 0.85);
  }
  if (faceLit && o.depth > 0) {
    // The reveal shades the top and one side of the glass.
    const nl = dot(f.n, atm.sun);
    const drop = Math.min(h, (o.depth * atm.sun.y) / nl);
    const side = (o.depth * dot(f.u, atm.sun)) / nl;
    shadowQuad(ctx, f, o.u0, o.v1 - drop, o.u1, o.v1);
    if (side > 0) shadowQuad(ctx, f, Math.max(o.u0, o.u1 - side), o.v0, o.u1, o.v1 - drop);
    else shadowQuad(ctx, f, o.u0, o.v0, Math.min(o.u1, o.u0 - side), o.v1 - drop);
  }

  const segs: UV[] = [];
  for (let i = 1; i < o.cols; i++) segs.push([o.u0 + (w * i) / o.cols, o.v0, o.u0 + (w * i) / o.cols, o.v1]);
  for (let j = 1; j < o.rows; j++) segs.push([o.u0, o.v0 + (h * j) / o.rows, o.u1, o.v0 + (h * j) / o.rows]);
  segs.push(...outline);
  frameLines(ctx, f, segs, frameColour, Math.max(0.7, ppm * 0.06), 1);

  if (o.depth > 0) paintReveals(ctx, f, o, m);
  if (o.sill) {
    paintBox(ctx, frameBox(f, o.u0 - 0.05, o.v0 - 0.06, o.u1 + 0.05, o.v0, 0.04), lighten(m.color, 0.15));
  }
}

/**
 * Trees behind the photographer, mirrored in the glass. A vertical mirror
 * shows the distant horizon at eye height, so the band starts there.
 */
function reflectedTrees(ctx: Ctx, f: Frame, o: Opening): void {
  const eye = ctx.cam.pos.y - f.origin.y;
  const maxRise = 1.6;
  if (eye > o.v1 || eye + maxRise < o.v0) return;
  const rng = ctx.rng;
  const clampV = (v: number): number => Math.min(o.v1, Math.max(o.v0, v));
  const pts: Vec3[] = [onFrame(f, o.u0, clampV(eye - 0.05))];
  // Rounded crowns of different sizes along the band.
  let u = o.u0;
  while (u < o.u1) {
    const w = rng.range(0.6, 2.2);
    const h = rng.range(0.25, maxRise);
    for (let k = 0; k <= 4; k++) {
      const t = k / 4;
      pts.push(onFrame(f, Math.min(o.u1, u + w * t), clampV(eye + 0.1 + h * Math.sin(Math.PI * t) ** 0.6)));
    }
    u += w * rng.range(0.6, 0.95);
  }
  pts.push(onFrame(f, o.u1, clampV(eye - 0.05)));
  ctx.svg.poly(ctx.cam.projectPolygon(pts), mix(ctx.atm.haze, hex('#26342a'), 0.7), { 'fill-opacity': 0.3 });
}

/** The visible sides of the window recess (soffit, one jamb, sill). */
function paintReveals(ctx: Ctx, f: Frame, o: Opening, m: Material): void {
  for (const [q, n] of revealQuads(f, o.u0, o.v0, o.u1, o.v1, o.depth)) {
    if (!ctx.cam.sees(midpoint(q[0]!, q[2]!), n)) continue;
    ctx.svg.poly(ctx.cam.projectPolygon(q), surfaceColour(ctx, m.color, n, q[0]!, 0.8));
  }
}

/* ---------------------------------------------------------------- layouts */

/** Window sizes: width, height and sill height `v0` (m), centres `pitch` apart, glass `depth` behind the wall. */
interface Windows {
  w: number;
  h: number;
  v0: number;
  pitch: number;
  depth: number;
  /** Projecting sills. */
  sill?: boolean;
}

/** Regular punched windows, `floors` storeys of `floorHeight`. */
export function punched(width: number, floors: number, floorHeight: number, o: Windows): Opening[] {
  const count = Math.max(1, Math.floor((width - 0.8) / o.pitch));
  const start = (width - (count - 1) * o.pitch) / 2;
  const cols = o.w > 1.6 ? 2 : 1;
  return grid(floors, count, (fl, i) => {
    const u = start + i * o.pitch;
    const v0 = fl * floorHeight + o.v0;
    return {
      u0: u - o.w / 2,
      u1: u + o.w / 2,
      v0,
      v1: v0 + o.h,
      depth: o.depth,
      cols,
      rows: 1,
      sill: o.sill,
    };
  });
}

/** Continuous horizontal glazing bands, one per floor, `margin` in from the corners, mullions `pitch` apart. */
export function ribbons(
  width: number,
  floors: number,
  floorHeight: number,
  o: Omit<Windows, 'w'> & { margin: number },
): Opening[] {
  const cols = Math.max(1, Math.round((width - o.margin * 2) / o.pitch));
  return grid(floors, 1, (fl) => {
    const v0 = fl * floorHeight + o.v0;
    return { u0: o.margin, u1: width - o.margin, v0, v1: v0 + o.h, depth: o.depth, cols, rows: 1 };
  });
}

/** A face that is all glass: one opening per bay and floor (so panes vary). */
export function curtainWall(width: number, height: number, bay: number, floorHeight: number): Opening[] {
  const cols = Math.max(1, Math.round(width / bay));
  const rows = Math.max(1, Math.round(height / floorHeight));
  const bw = width / cols;
  const fh = height / rows;
  return grid(rows, cols, (r, c) => ({
    u0: c * bw,
    u1: (c + 1) * bw,
    v0: r * fh,
    v1: (r + 1) * fh,
    depth: 0,
    cols: 1,
    rows: 2,
  }));
}

/** `rows` × `cols` openings, row by row. */
function grid(rows: number, cols: number, make: (row: number, col: number) => Opening): Opening[] {
  return Array.from({ length: rows * cols }, (_, k) => make(Math.floor(k / cols), k % cols));
}

/** Full-height sliding doors along part of a ground floor. */
export function slidingWall(u0: number, u1: number, height: number, panel: number, depth: number): Opening {
  return { u0, u1, v0: 0.05, v1: height, depth, cols: Math.max(1, Math.round((u1 - u0) / panel)), rows: 1 };
}

/**
 * Interior photographs: a room seen from near one end in (almost) one-point
 * perspective, daylight from large windows, sun patches on the floor and
 * furniture in true perspective. The world beyond the glass is painted first
 * and the room, with holes for its windows, over it.
 */
import { type Atmosphere, makeAtmosphere, paintHorizonLand, paintSky, type TimeOfDay } from './atmosphere';
import { darken, hex, lighten, mix, type Rgb } from './color';
import { frameLines, type Material, paintTexture } from './facade';
import { artwork, bed, chair, counter, type Piece, plant, rug, shelving, sofa, table } from './furniture';
import { GROUNDS, paintGroundPlane } from './ground';
import { Rng } from './random';
import { boardLines, boxDrawable, type Ctx, makeCtx, rectXZ } from './scene';
import {
  box,
  Camera,
  type Drawable,
  type Frame,
  frameQuad,
  hullXZ,
  midpoint,
  onFrame,
  paintersOrder,
  revealQuads,
  sideFrame,
  UP,
  type Vec3,
  vec,
} from './space';
import { type Pt, polyPath, type Svg, stop } from './svg';
import { type TreeKind, treeDrawable } from './vegetation';

export type InteriorSubject = 'living' | 'dining' | 'gallery' | 'studio' | 'bedroom';
type WallName = 'back' | 'left' | 'right';
type Room = ReturnType<typeof roomFor>;

interface Window {
  wall: WallName;
  u0: number;
  v0: number;
  u1: number;
  v1: number;
  cols: number;
}

type Palette = ReturnType<typeof paletteFor>;

const WALL_DEPTH = 0.3;

/** A wall as seen from the room: the face, towards the room, of a slab standing beyond it. */
function wallFrame({ w, d, h }: Room, wall: WallName): Frame {
  if (wall === 'back') return sideFrame(box(0, w, 0, h, d, d + 1), 'front');
  return wall === 'left'
    ? sideFrame(box(-1, 0, 0, h, 0, d), 'right')
    : sideFrame(box(w, w + 1, 0, h, 0, d), 'left');
}

export function paintInterior(svg: Svg, seed: number, variant: InteriorSubject): void {
  const rng = new Rng(seed);
  const time = rng.weighted<TimeOfDay>([
    ['morning', 3],
    ['golden', 3],
    ['overcast', 1.2],
    ['dusk', 1.5],
  ]);
  const room = roomFor(variant, rng);
  // From near the front wall, looking (almost) straight down the room.
  const eye = vec(room.w * rng.range(0.42, 0.58), rng.range(1.15, 1.4), rng.range(0.25, 0.5));
  const yaw = rng.range(-0.06, 0.06);
  const focal = svg.width * rng.range(0.48, 0.58);
  const cam = new Camera(eye, yaw, focal, svg.width / 2, svg.height * rng.range(0.5, 0.56));
  const outside = makeAtmosphere(rng, time, rng.range(-0.7, 0.7));
  const inside = interiorLight(outside);
  const ctxOut = makeCtx(svg, cam, outside, rng.fork());
  const ctx = makeCtx(svg, cam, inside, rng.fork());
  const palette = paletteFor(rng);
  const windows = windowsFor(variant, room, rng);

  paintOutside(ctxOut, room, rng);
  paintShell(ctx, room, windows, palette);
  for (const win of windows) paintWindow(ctx, room, win, palette);
  const pieces = furnish(ctx, rng, variant, room, palette);
  paintSunPatches(ctx, outside, room, windows);
  for (const p of pieces) contactShadow(ctx, p);
  const lamps = pendants(ctx, rng, variant, room, palette);
  const drawables = [...pieces.flatMap((p) => p.drawables), ...lamps];
  for (const d of paintersOrder(drawables, cam.pos)) d.draw();
}

/** Room sizes by use (width, depth, height ranges in metres). */
const ROOMS: Record<InteriorSubject, [number, number, number, number, number, number]> = {
  living: [6, 8, 7, 9, 2.9, 3.3],
  dining: [5.5, 7, 8, 10, 2.9, 3.4],
  gallery: [7, 9, 9, 12, 5, 6.2],
  studio: [7, 9, 10, 13, 3.2, 3.6],
  bedroom: [5, 6, 5.5, 6.5, 2.8, 3.1],
};

function roomFor(variant: InteriorSubject, rng: Rng) {
  const [w0, w1, d0, d1, h0, h1] = ROOMS[variant];
  return { w: rng.range(w0, w1), d: rng.range(d0, d1), h: rng.range(h0, h1) };
}

/** Feature walls' colours by material. */
const FEATURES = {
  timber: ['#b08457', '#9c6e47'],
  brick: ['#a9593b', '#b2694a'],
  concrete: ['#bdb7ad', '#aaa59c'],
};

function paletteFor(rng: Rng) {
  let feature: Material | undefined;
  if (rng.chance(0.45)) {
    const kind = rng.pick(['timber', 'brick', 'concrete'] as const);
    // A draw whose colour was once replaced: kept, so every later pick (and picture) stays as it was.
    rng.next();
    feature = { kind, color: hex(rng.pick(FEATURES[kind])) };
  }
  return {
    wall: hex(rng.pick(['#eee8df', '#f2eee7', '#e9e1d4', '#e6e2da'])),
    feature,
    floor: rng.pick(['oak', 'oak', 'walnut', 'concrete', 'tiles'] as const),
    ceiling: rng.pick(['plaster', 'plaster', 'slats'] as const),
    fabric: hex(rng.pick(['#cbbda6', '#8e8a80', '#5a5f63', '#b06a48', '#7c7a52', '#d8d0c2', '#6d7f8c'])),
    wood: hex(rng.pick(['#b88a5a', '#8a5f3c', '#c9a173', '#6e4a32'])),
    accent: hex(rng.pick(['#c1693c', '#3f5a4c', '#2f3f58', '#d4a84a'])),
    metal: hex(rng.pick(['#2a2a2a', '#3a3531', '#b8a27a'])),
  };
}

/** Indoors the sky through the windows is the fill light; direct sun is weaker and warm. */
function interiorLight(outside: Atmosphere): Atmosphere {
  const dusk = outside.time === 'dusk';
  return {
    ...outside,
    ambient: dusk ? hex('#f6d9b0') : outside.time === 'overcast' ? hex('#eceae6') : hex('#f5ece2'),
    ambientStrength: dusk ? 0.85 : 1.05,
    sun: outside.sun.y > 0.05 ? outside.sun : vec(0.3, 0.7, 0.65),
    sunStrength: dusk ? 0.12 : outside.sunStrength * 0.3,
    haze: hex('#f0e8dc'),
  };
}

function windowsFor(variant: InteriorSubject, room: Room, rng: Rng): Window[] {
  const { w, d, h } = room;
  switch (variant) {
    case 'living': {
      const margin = rng.range(0.3, w * 0.15);
      const cols = Math.max(2, Math.round((w - margin * 2) / 1.8));
      return [{ wall: 'back', u0: margin, v0: 0.02, u1: w - margin, v1: h - 0.3, cols }];
    }
    case 'dining': {
      const out: Window[] = [{ wall: 'back', u0: w * 0.15, v0: 0.5, u1: w * 0.85, v1: h - 0.35, cols: 3 }];
      if (rng.chance(0.6))
        out.push({ wall: 'left', u0: d * 0.35, v0: 0.9, u1: d * 0.8, v1: h - 0.4, cols: 3 });
      return out;
    }
    case 'gallery': {
      const out: Window[] = [
        { wall: 'back', u0: 0.4, v0: h - 1.5, u1: w - 0.4, v1: h - 0.35, cols: Math.round(w / 1.2) },
        { wall: 'back', u0: w * 0.38, v0: 0.02, u1: w * 0.62, v1: 2.8, cols: 2 },
      ];
      for (let z = 2; z < d - 1.5; z += 2.6)
        out.push({ wall: 'left', u0: z, v0: 0.6, u1: z + 0.9, v1: h - 1.2, cols: 1 });
      return out;
    }
    case 'bedroom':
      // A wall of glass down one side, the bed's wall solid.
      return [
        { wall: 'left', u0: 0.6, v0: 0.02, u1: d - 0.6, v1: h - 0.3, cols: Math.max(2, Math.round(d / 1.6)) },
      ];
    case 'studio':
      return [
        { wall: 'left', u0: 1.2, v0: 0.85, u1: d - 0.8, v1: h - 0.45, cols: Math.round((d - 2) / 1.5) },
        { wall: 'back', u0: w * 0.2, v0: 0.85, u1: w * 0.8, v1: h - 0.45, cols: 3 },
      ];
  }
}

/** The view out: sky, a garden, trees; slightly overexposed as in a real interior shot. */
function paintOutside(ctx: Ctx, room: Room, rng: Rng): void {
  const { svg, cam, atm } = ctx;
  paintSky(svg, cam, atm, rng);
  paintHorizonLand(svg, cam, atm, rng, GROUNDS.lawnGreen);
  paintGroundPlane(ctx, rng.chance(0.7) ? GROUNDS.lawnGreen : GROUNDS.lawnDry);
  const kinds: TreeKind[] = ['jacaranda', 'acacia', 'broadleaf', 'eucalyptus'];
  const trees: Drawable[] = [];
  for (let i = rng.int(3, 6); i > 0; i--) {
    const side = rng.chance(0.35);
    const at = side
      ? vec(-rng.range(4, 14), 0, rng.range(1, room.d + 6))
      : vec(rng.range(-8, room.w + 8), 0, room.d + rng.range(4, 20));
    trees.push(
      treeDrawable(ctx, {
        kind: rng.pick(kinds),
        at,
        height: rng.range(6, 11),
        spread: rng.range(6, 10),
        seed: rng.int(0, 1e9),
      }),
    );
  }
  for (const t of paintersOrder(trees, cam.pos)) t.draw();
  if (atm.time !== 'dusk') svg.rect(0, 0, svg.width, svg.height, '#ffffff', { 'fill-opacity': 0.28 });
}

/** Floor, ceiling and walls (with window holes), shaded by distance from the light. */
function paintShell(ctx: Ctx, room: Room, windows: readonly Window[], pal: Palette): void {
  const { svg, cam } = ctx;
  const { w, d, h } = room;
  const floor = cam.projectPolygon(rectXZ(0, w, 0, d));
  const ceiling = cam.projectPolygon([vec(0, h, 0), vec(0, h, d), vec(w, h, d), vec(w, h, 0)]);
  const floorFill = surface(ctx, floorColour(pal), UP);
  svg.poly(floor, floorFill);
  paintFloorTexture(ctx, room, pal, floorFill);
  paintFloorReflections(ctx, room, windows, pal);
  svg.poly(floor, svg.vertical([stop(0, '#fff8ec', 0.16), stop(1, '#000', 0.22)], cam.cy, svg.height));
  const ceilingFill = surface(ctx, hex('#f4f1ec'), vec(0, -1, 0));
  svg.poly(ceiling, ceilingFill);
  if (pal.ceiling === 'slats') {
    const wood = surface(ctx, pal.wood, vec(0, -1, 0));
    svg.poly(ceiling, wood);
    const segs: [Vec3, Vec3][] = [];
    for (let x = 0.1; x < w; x += 0.1) segs.push([vec(x, h - 0.001, 0), vec(x, h - 0.001, d)]);
    boardLines(ctx, segs, wood);
  } else {
    // Recessed downlights: small discs, foreshortened like the ceiling.
    for (let z = 1.5; z < d; z += 2) {
      for (const x of [w * 0.3, w * 0.7]) {
        const c = vec(x, h - 0.005, z);
        const p = cam.project(c);
        if (!p) continue;
        const r = 0.06 * cam.scaleAt(c);
        const squash = Math.min(1, (h - cam.pos.y) / Math.max(0.5, cam.depth(c)));
        svg.ellipse(p.x, p.y, r, r * squash, '#fbf8f0', {
          stroke: darken(ceilingFill, 0.15),
          'stroke-width': 0.8,
        });
      }
    }
  }
  svg.poly(ceiling, svg.vertical([stop(0, '#000', 0.16), stop(1, '#000', 0)], 0, cam.cy));
  // A feature wall is the side wall without windows (the right one, if the left has any).
  const featureWall = windows.some((win) => win.wall === 'left') ? 'right' : 'left';
  for (const wall of ['left', 'right', 'back'] as const) {
    const f = wallFrame(room, wall);
    const holes = windows.filter((win) => win.wall === wall);
    const feature = wall === featureWall ? pal.feature : undefined;
    const base = feature ? feature.color : pal.wall;
    const fill = surface(ctx, base, f.n);
    let dPath = polyPath(cam.projectPolygon(frameQuad(f, 0, 0, f.width, f.height)));
    for (const win of holes)
      dPath += polyPath(cam.projectPolygon(frameQuad(f, win.u0, win.v0, win.u1, win.v1)));
    svg.path(dPath, { fill, 'fill-rule': 'evenodd' });
    if (feature && holes.length === 0)
      paintTexture(ctx, f, feature, fill, onFrame(f, f.width / 2, f.height / 2));
    // Light falls off away from the windows at the back.
    const near = wall === 'left' ? 0 : wall === 'right' ? svg.width : cam.cx;
    const overlay =
      wall === 'back'
        ? svg.linear([stop(0, '#000', 0.05), stop(1, '#000', 0.12)])
        : svg.linear([stop(0, '#000', 0.22), stop(1, '#fff', 0.06)], near, 0, cam.cx, 0, true);
    svg.path(dPath, { fill: overlay, 'fill-rule': 'evenodd' });
    // Skirting line along the floor.
    frameLines(ctx, f, [[0, 0.08, f.width, 0.08]], darken(fill, 0.25), 1, 0.5);
  }
}

/** Bright windows mirrored in a satin floor, fading towards the camera. */
function paintFloorReflections(ctx: Ctx, room: Room, windows: readonly Window[], pal: Palette): void {
  const strength = pal.floor === 'concrete' || pal.floor === 'tiles' ? 0.3 : 0.16;
  const fade = ctx.svg.linear([stop(0, '#fffaf0', strength), stop(1, '#fffaf0', 0)]);
  for (const win of windows) {
    // Only floor-length glazing: reflections of high windows read as stray patches.
    if (win.wall !== 'back' || win.v0 > 1) continue;
    const f = wallFrame(room, win.wall);
    ctx.svg.poly(ctx.cam.projectPolygon(frameQuad(f, win.u0, -win.v0, win.u1, -win.v1)), fade);
  }
}

const FLOORS: Record<Palette['floor'], string> = {
  oak: '#c29a6b',
  walnut: '#7e5a3e',
  concrete: '#a9a49c',
  tiles: '#d6cfc3',
};
const floorColour = (pal: Palette): Rgb => hex(FLOORS[pal.floor]);

/** Indoor light on a surface facing `n`: the sky's fill and the weak sun through the glass. */
function surface({ atm }: Ctx, base: Rgb, n: Vec3): Rgb {
  const k = Math.max(0, n.x * atm.sun.x + n.y * atm.sun.y + n.z * atm.sun.z);
  const f = atm.ambientStrength * (0.85 + 0.15 * Math.abs(n.y)) + k * atm.sunStrength;
  return [
    (base[0] * atm.ambient[0] * f) / 255,
    (base[1] * atm.ambient[1] * f) / 255,
    (base[2] * atm.ambient[2] * f) / 255,
  ];
}

function paintFloorTexture(ctx: Ctx, room: Room, pal: Palette, fill: Rgb): void {
  const { svg, cam, rng } = ctx;
  const { w, d } = room;
  const segs: [Vec3, Vec3][] = [];
  if (pal.floor === 'oak' || pal.floor === 'walnut') {
    const board = 0.19;
    for (let x = board; x < w; x += board) segs.push([vec(x, 0, 0), vec(x, 0, d)]);
    // Staggered board ends and a few boards of a different tone.
    for (let x = 0; x < w; x += board) {
      let z = rng.range(0, 2);
      while (z < d) {
        segs.push([vec(x, 0, z), vec(Math.min(w, x + board), 0, z)]);
        z += rng.range(1.2, 2.4);
      }
      if (rng.chance(0.3)) {
        const z0 = rng.range(0, d - 2);
        const tone = rng.chance(0.5) ? lighten(fill, 0.12) : darken(fill, 0.12);
        svg.poly(cam.projectPolygon(rectXZ(x, x + board, z0, z0 + 2)), tone, { 'fill-opacity': 0.6 });
      }
    }
  } else if (pal.floor === 'tiles') {
    for (let x = 0.6; x < w; x += 0.6) segs.push([vec(x, 0, 0), vec(x, 0, d)]);
    for (let z = 0.6; z < d; z += 0.6) segs.push([vec(0, 0, z), vec(w, 0, z)]);
  } else {
    for (let z = 3; z < d; z += 3) segs.push([vec(0, 0, z), vec(w, 0, z)]);
    for (let x = 3; x < w; x += 3) segs.push([vec(x, 0, 0), vec(x, 0, d)]);
  }
  boardLines(ctx, segs, fill);
}

/** Reveals, frames and mullions of a window in a wall of thickness WALL_DEPTH. */
function paintWindow(ctx: Ctx, room: Room, win: Window, pal: Palette): void {
  const { svg, cam } = ctx;
  const f = wallFrame(room, win.wall);
  const t = WALL_DEPTH;
  const reveal = surface(ctx, pal.wall, f.n);
  for (const [q, n] of revealQuads(f, win.u0, win.v0, win.u1, win.v1, t)) {
    if (!cam.sees(midpoint(q[0]!, q[2]!), n)) continue;
    svg.poly(cam.projectPolygon(q), mix(reveal, hex('#ffffff'), n.y < 0 ? 0 : 0.15));
  }
  // Frames sit near the outer face of the wall.
  const ppm = cam.scaleAt(onFrame(f, (win.u0 + win.u1) / 2, (win.v0 + win.v1) / 2));
  const depth = t * 0.7;
  const bars: [Vec3, Vec3][] = [];
  const seg = (u0: number, v0: number, u1: number, v1: number): void => {
    bars.push([onFrame(f, u0, v0, depth), onFrame(f, u1, v1, depth)]);
  };
  const pw = (win.u1 - win.u0) / win.cols;
  for (let i = 0; i <= win.cols; i++) seg(win.u0 + i * pw, win.v0, win.u0 + i * pw, win.v1);
  seg(win.u0, win.v0, win.u1, win.v0);
  seg(win.u0, win.v1, win.u1, win.v1);
  svg.lines(cam.projectSegments(bars), pal.metal, Math.max(1, ppm * 0.055));
}

/** Sunlight through each pane, projected onto the floor (and clipped to it). */
function paintSunPatches(ctx: Ctx, outside: Atmosphere, room: Room, windows: readonly Window[]): void {
  const sun = outside.sun;
  if (sun.y < 0.05 || outside.sunStrength < 0.5) return;
  const { svg, cam } = ctx;
  const light = lighten(outside.sunColor, 0.2);
  for (const win of windows) {
    const f = wallFrame(room, win.wall);
    if (sun.x * f.n.x + sun.z * f.n.z > -0.05) continue;
    const pw = (win.u1 - win.u0) / win.cols;
    for (let i = 0; i < win.cols; i++) {
      const u0 = win.u0 + i * pw + 0.03;
      const u1 = u0 + pw - 0.06;
      const corners = frameQuad(f, u0, win.v0, u1, win.v1, WALL_DEPTH);
      const onFloor = corners.map((p) =>
        vec(p.x - (sun.x * p.y) / sun.y, 0.001, p.z - (sun.z * p.y) / sun.y),
      );
      const patch = clipXZ(hullXZ(onFloor), 0, room.w, 0, room.d);
      if (patch.length < 3) continue;
      svg.poly(cam.projectPolygon(patch), light, { 'fill-opacity': 0.42 });
      if (outside.time === 'golden' || outside.time === 'dawn') {
        // A faint shaft of light through dusty air.
        const shaft = [...cam.projectPolygon(corners), ...cam.projectPolygon(patch)];
        svg.poly(hull2d(shaft), light, { 'fill-opacity': 0.06 });
      }
    }
  }
}

/** Clips a convex ground polygon to a rectangle (Sutherland–Hodgman, one edge at a time). */
function clipXZ(poly: readonly Vec3[], x0: number, x1: number, z0: number, z1: number): Vec3[] {
  // How far inside each edge a point lies.
  const edges = [(p: Vec3) => p.x - x0, (p: Vec3) => x1 - p.x, (p: Vec3) => p.z - z0, (p: Vec3) => z1 - p.z];
  let out = [...poly];
  for (const inside of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const a = input[i]!;
      const b = input[(i + 1) % input.length]!;
      const da = inside(a);
      const db = inside(b);
      if (da >= 0) out.push(a);
      if (da >= 0 !== db >= 0) {
        const t = da / (da - db);
        out.push(vec(a.x + (b.x - a.x) * t, a.y, a.z + (b.z - a.z) * t));
      }
    }
  }
  return out;
}

/** Convex hull of image points (by the ground-plane hull, with image y for z). */
function hull2d(ps: readonly Pt[]): Pt[] {
  return hullXZ(ps.map((p) => vec(p.x, 0, p.y))).map((v) => ({ x: v.x, y: v.z }));
}

/** Soft shadow pooled under a piece of furniture. */
function contactShadow(ctx: Ctx, piece: Piece): void {
  const b = piece.footprint;
  const c = vec((b.x0 + b.x1) / 2, 0, (b.z0 + b.z1) / 2);
  const p = ctx.cam.project(c);
  if (!p) return;
  const s = ctx.cam.scaleAt(c);
  const rx = ((b.x1 - b.x0) / 2 + 0.25) * s;
  const squash = Math.min(1, ctx.cam.pos.y / Math.max(0.5, ctx.cam.depth(c)));
  const ry = ((b.z1 - b.z0) / 2 + 0.25) * s * squash;
  const shade = ctx.svg.radial([stop(0, '#2a1f16', 0.38), stop(0.6, '#2a1f16', 0.18), stop(1, '#2a1f16', 0)]);
  ctx.svg.ellipse(p.x, p.y, rx, ry, shade);
}

function furnish(ctx: Ctx, rng: Rng, variant: InteriorSubject, room: Room, pal: Palette): Piece[] {
  const { w, d, h } = room;
  const out: Piece[] = [];
  const rugAt = (x: number, z: number, rw: number, rd: number): Piece =>
    rug(ctx, rng, x, z, rw, rd, mix(pal.fabric, hex('#e8dfd0'), 0.55));
  const legs = pal.metal;
  // A piece with no footprint of its own (hung, or on a beam): a small contact shadow at (x, z).
  const item = (drawable: Drawable, x: number, z: number): Piece => ({
    footprint: box(x, x, 0, 0, z, z),
    drawables: [drawable],
  });
  switch (variant) {
    case 'living': {
      const cz = d * rng.range(0.55, 0.65);
      out.push(rugAt(w / 2, cz, Math.min(w - 1.8, 3.2), 2.4));
      out.push(table(ctx, w / 2, cz, 1.2, 0.65, 0.38, pal.wood, pal.wood));
      if (rng.chance(0.55)) {
        // Sofa facing the camera with its back to the view, armchairs either side.
        out.push(sofa(ctx, w / 2, cz + 1.3, Math.min(2.6, w - 3), pal.fabric, 'far'));
        out.push(sofa(ctx, w / 2 - 1.6, cz + 0.1, 0.9, pal.accent, 'left'));
        if (rng.chance(0.6)) out.push(sofa(ctx, w / 2 + 1.6, cz + 0.1, 0.9, pal.accent, 'right'));
      } else {
        out.push(sofa(ctx, w / 2 - 1.5, cz, 2.4, pal.fabric, 'left'));
        out.push(sofa(ctx, w / 2 + 1.2, cz + 1.3, 0.9, pal.accent, 'far'));
      }
      out.push(shelving(ctx, rng, w, 0.9, Math.min(d * 0.4, 3.4), 2.2, pal.wood));
      out.push(plant(ctx, rng, 0.6, d - 0.7, rng.range(1.1, 1.5), hex('#d8d0c4')));
      out.push(item(artwork(ctx, rng, vec(0, 1.55, d * 0.35), 1, 1.4, 1.0), 0, 0));
      break;
    }
    case 'dining': {
      const tx = w * 0.42;
      const tz = d * 0.55;
      out.push(rugAt(tx, tz, 2.0, 3.4));
      out.push(table(ctx, tx, tz, 1.0, 2.4, 0.75, pal.wood, legs));
      for (const dz of [-0.75, 0, 0.75]) {
        out.push(chair(ctx, tx - 0.75, tz + dz, '+x', pal.fabric, legs));
        out.push(chair(ctx, tx + 0.75, tz + dz, '-x', pal.fabric, legs));
      }
      const cabinets = hex(rng.pick(['#e8e4dc', '#40464a', '#7b8a78']));
      out.push(counter(ctx, w, 1.2, d - 1.4, cabinets, hex('#d9d4cb'), true));
      out.push(plant(ctx, rng, 0.55, d - 0.6, rng.range(1.2, 1.7), hex('#b8674a')));
      break;
    }
    case 'gallery': {
      for (let z = 1; z < d; z += 1.6)
        out.push(item(boxDrawable(ctx, box(0, w, h - 0.45, h, z, z + 0.22), pal.wood), 0, z));
      out.push(table(ctx, w / 2, d * 0.55, 2.2, 0.5, 0.45, pal.wood, pal.wood));
      for (let z = 2; z < d - 2; z += rng.range(2.8, 3.6)) {
        const at = vec(w, rng.range(1.6, 2.2), z);
        out.push(item(artwork(ctx, rng, at, -1, rng.range(1.2, 2.2), rng.range(1, 1.8)), 0, z));
      }
      const plinth = box(w * 0.3 - 0.3, w * 0.3 + 0.3, 0, 1, d * 0.75 - 0.3, d * 0.75 + 0.3);
      out.push({ footprint: plinth, drawables: [boxDrawable(ctx, plinth, hex('#ece8e0'))] });
      out.push(plant(ctx, rng, w - 0.7, d - 0.8, 1.9, hex('#3a3a3a')));
      break;
    }
    case 'studio': {
      for (const x of [w * 0.33, w * 0.67]) {
        out.push(table(ctx, x, d * 0.55, 1.5, d * 0.55, 0.74, hex('#e9e4da'), legs));
        for (let z = d * 0.35; z < d * 0.75; z += 1.4) {
          out.push(chair(ctx, x - 0.95, z, '+x', pal.fabric, legs));
          const screen = box(x - 0.5, x - 0.47, 0.78, 1.15, z - 0.3, z + 0.3);
          out.push(item(boxDrawable(ctx, screen, hex('#1e1f21')), x - 0.3, z));
        }
      }
      out.push(shelving(ctx, rng, w, 1, d - 1.5, 2.4, pal.wood));
      out.push(plant(ctx, rng, 0.6, 0.9 + d * 0.2, 1.4, hex('#d8d0c4')));
      break;
    }
    case 'bedroom': {
      out.push(rugAt(w / 2, d - 2.2, 2.8, 2.2));
      out.push(bed(ctx, w / 2, d, pal.wood, pal.accent));
      out.push(sofa(ctx, w - 0.75, d * 0.35, 0.9, pal.fabric, 'right'));
      out.push(plant(ctx, rng, 0.55, 0.9, rng.range(1.1, 1.5), hex('#b8674a')));
      out.push(item(artwork(ctx, rng, vec(w, 1.6, d * 0.6), -1, 1.2, 0.9), w, d * 0.6));
      break;
    }
  }
  return out;
}

/** Pendant lamps as sprites: cord, shade and (when lit) a warm glow. */
function pendants(ctx: Ctx, rng: Rng, variant: InteriorSubject, room: Room, pal: Palette): Drawable[] {
  const { w, d, h } = room;
  const spots: Record<InteriorSubject, Vec3[]> = {
    dining: [vec(w * 0.42, 1.55, d * 0.55 - 0.7), vec(w * 0.42, 1.55, d * 0.55 + 0.7)],
    studio: [0.35, 0.55, 0.75].flatMap((k) => [vec(w * 0.33, 2.3, d * k), vec(w * 0.67, 2.3, d * k)]),
    living: [vec(w / 2, Math.min(h - 0.9, 2.2), d * 0.6)],
    gallery: [],
    bedroom: [vec(w / 2 - 1.25, 1.6, d - 0.3), vec(w / 2 + 1.25, 1.6, d - 0.3)],
  };
  const lit = ctx.atm.time === 'dusk' || ctx.atm.time === 'overcast';
  const colour = rng.pick([pal.metal, hex('#f1ede6'), hex('#c7a25a')]);
  return spots[variant].map((at) => ({
    min: vec(at.x - 0.25, at.y, at.z - 0.25),
    max: vec(at.x + 0.25, h, at.z + 0.25),
    draw: () => {
      const { svg, cam } = ctx;
      const top = cam.project(vec(at.x, h, at.z));
      const p = cam.project(at);
      if (!top || !p) return;
      const s = cam.scaleAt(at);
      svg.lines([[top, p]], '#222', Math.max(0.6, s * 0.008));
      const r = 0.22 * s;
      const hh = 0.2 * s;
      if (lit)
        svg.circle(p.x, p.y + hh, r * 3, svg.radial([stop(0, '#ffe2a8', 0.55), stop(1, '#ffd08a', 0)]));
      const shade = `M${(p.x - r).toFixed(1)} ${(p.y + hh).toFixed(1)}Q${p.x.toFixed(1)} ${(p.y - hh * 1.2).toFixed(1)} ${(p.x + r).toFixed(1)} ${(p.y + hh).toFixed(1)}Z`;
      svg.path(shade, { fill: surface(ctx, colour, UP) });
      if (lit) svg.ellipse(p.x, p.y + hh, r * 0.9, r * 0.18, '#fff3d6');
    },
  }));
}

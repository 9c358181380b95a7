/**
 * Exterior compositions. Each builds a small world (metres, ground at y = 0,
 * main facade facing −z) and says where the photographer stands.
 */

import type { TimeOfDay } from './atmosphere';
import { darken, hex, type Rgb } from './color';
import {
  curtainWall,
  type FaceDetail,
  type Material,
  type MaterialKind,
  material,
  type Opening,
  punched,
  ribbons,
  slidingWall,
  type Volume,
  volumeDrawable,
} from './facade';
import { GROUNDS, groundColour, inWater, paintLawn, paintPaving, paintPool, paintRoad } from './ground';
import { Rng } from './random';
import {
  type BoxFinish,
  boxDrawable,
  type Ctx,
  paintBox,
  paintGlow,
  paintGround,
  prismDrawable,
  rectXZ,
  surfaceColour,
} from './scene';
import { type Box, box, boxCorners, Camera, type Drawable, type Vec3, vec } from './space';
import {
  type Person,
  randomPerson,
  type Shrub,
  shrubDrawable,
  type Tree,
  type TreeKind,
  treeDrawable,
} from './vegetation';

interface Solid extends BoxFinish {
  box: Box;
  colour: Rgb;
}

export interface ExteriorScene {
  volumes: Volume[];
  solids: Solid[];
  /** Boxes drawn by `extras` that still need a ground shadow. */
  shadowOnly: Box[];
  extras: (ctx: Ctx) => Drawable[];
  trees: Tree[];
  shrubs: Shrub[];
  people: Person[];
  greenery: Rgb;
  groundBase: Rgb;
  paintGround: (ctx: Ctx) => void;
  /** Ground polygons of open water (a lake), painted with the scene's reflection in it. */
  water?: Vec3[][];
  eye: Vec3;
  focus: Vec3[];
  /** Fixed camera instead of automatic framing. */
  camera?: Camera;
  /** Whether plants may be placed in the foreground corners. */
  foregroundPlants: boolean;
  /** A fixed light instead of one the seed picks. */
  time?: TimeOfDay;
}

type Compose = (rng: Rng, width: number, height: number) => ExteriorScene;

/** A scene with nothing beyond what `parts` name: no solids, extras or shrubs; plants in the foreground. */
function scene(
  parts: Partial<ExteriorScene> &
    Pick<ExteriorScene, 'trees' | 'people' | 'greenery' | 'groundBase' | 'paintGround' | 'eye' | 'focus'>,
): ExteriorScene {
  return {
    volumes: [],
    solids: [],
    shadowOnly: [],
    extras: () => [],
    shrubs: [],
    foregroundPlants: true,
    ...parts,
  };
}

const FRAMES = ['#2a2a2a', '#34302c', '#3b3f42', '#d8d4cc'];
const TIMBER_SOFFIT = hex('#c49465');
const WHITE_SOFFIT = hex('#e9e5dc');

function orbitEye(centre: Vec3, distance: number, angle: number, height = 1.6): Vec3 {
  return vec(centre.x + distance * Math.sin(angle), height, centre.z - distance * Math.cos(angle));
}

function tree(rng: Rng, kind: TreeKind, x: number, z: number, scale = 1): Tree {
  const dims: Record<TreeKind, [number, number]> = {
    acacia: [rng.range(6, 9), rng.range(8, 12)],
    jacaranda: [rng.range(7, 10), rng.range(7, 10)],
    broadleaf: [rng.range(7, 11), rng.range(7, 11)],
    eucalyptus: [rng.range(14, 20), rng.range(8, 12)],
  };
  const [h, s] = dims[kind];
  return { kind, at: vec(x, 0, z), height: h * scale, spread: s * scale, seed: rng.int(0, 1e9) };
}

/**
 * An x beside the building spanning x0..x1: with a z no deeper than the building, the tree stands beside
 * it in the picture too, never behind it where its canopy would seem to sit on the roof.
 */
function beside(rng: Rng, x0: number, x1: number): number {
  return rng.chance(0.5) ? x0 - rng.range(7, 22) : x1 + rng.range(7, 22);
}

/** `count` trees of `kinds` beside a building spanning x0..x1, at depths z0..z1. */
function grove(rng: Rng, count: number, kinds: readonly TreeKind[], [x0, x1, z0, z1]: number[]): Tree[] {
  return Array.from({ length: count }, () =>
    tree(rng, rng.pick(kinds), beside(rng, x0!, x1!), rng.range(z0!, z1!)),
  );
}

function shrubRow(rng: Rng, x0: number, x1: number, z: number): Shrub[] {
  const out: Shrub[] = [];
  const flowers = rng.chance(0.4) ? hex(rng.pick(['#c2317a', '#d8508c', '#e0a63a'])) : undefined;
  for (let x = x0; x < x1; x += rng.range(1.2, 2.4)) {
    out.push({
      at: vec(x, 0, z + rng.range(-0.4, 0.4)),
      width: rng.range(1.2, 2.2),
      height: rng.range(0.5, 1.1),
      flowers,
      seed: rng.int(0, 1e9),
    });
  }
  return out;
}

function otherMaterial(rng: Rng, not: MaterialKind, options: readonly MaterialKind[]): Material {
  const kinds = options.filter((k) => k !== not);
  return material(rng.pick(kinds), rng);
}

function people(rng: Rng, n: number, x0: number, x1: number, z0: number, z1: number): Person[] {
  return Array.from({ length: n }, () => randomPerson(rng, vec(rng.range(x0, x1), 0, rng.range(z0, z1))));
}

/** Two-storey house: a glazed ground floor under a cantilevered upper box. */
const villa: Compose = (rng) => {
  const fh = 3.2;
  const gw = rng.range(12, 16);
  const gd = rng.range(8, 10);
  const dir = rng.sign();
  const cant = rng.range(2.5, 4.5);
  const frame = hex(rng.pick(FRAMES));
  const gMat = material(rng.pick<MaterialKind>(['render', 'concrete', 'brick', 'render']), rng);
  const uMat = otherMaterial(rng, gMat.kind, ['timber', 'metal', 'render', 'timber', 'concrete']);
  const ground = box(0, gw, 0, fh, 0, gd);
  const upper =
    dir > 0
      ? box(gw * 0.35, gw + cant, fh, fh * 2 + 0.2, -1.5, gd - 1)
      : box(-cant, gw * 0.65, fh, fh * 2 + 0.2, -1.5, gd - 1);
  const upperW = upper.x1 - upper.x0;
  const uFront: FaceDetail = {
    openings: rng.chance(0.5)
      ? ribbons(upperW, 1, fh, { margin: rng.range(0.8, 2), v0: 0.9, h: 1.5, pitch: 1.8, depth: 0.25 })
      : [{ u0: upperW * 0.15, u1: upperW * 0.6, v0: 0.6, v1: 2.9, depth: 0.35, cols: 3, rows: 1 }],
  };
  if (uMat.kind !== 'timber' && rng.chance(0.5)) {
    uFront.fins = { spacing: 0.5, depth: 0.35, width: 0.08, v0: 0.4, v1: 3.2, color: hex('#9a6e47') };
  }
  const endWall: FaceDetail = { openings: [slidingWall(0.5, upper.z1 - upper.z0 - 0.5, 3.0, 1.6, 0.3)] };
  const gFront: FaceDetail = {
    openings: [slidingWall(gw * rng.range(0.05, 0.25), gw * rng.range(0.7, 0.95), fh - 0.4, 2.4, 0.15)],
    // Under the upper box, where it overlaps the ground floor.
    overhang: { depth: 1.5, u0: Math.max(0, upper.x0), u1: Math.min(gw, upper.x1) },
  };
  const volumes: Volume[] = [
    {
      box: ground,
      material: gMat,
      frame,
      faces: {
        front: gFront,
        left: { openings: punched(gd, 1, fh, { w: 1.2, h: 2.2, v0: 0.4, pitch: 3, depth: 0.2 }) },
        right: { openings: punched(gd, 1, fh, { w: 1.8, h: 2.2, v0: 0.4, pitch: 3.4, depth: 0.2 }) },
      },
      roof: gMat.color,
    },
    {
      box: upper,
      material: uMat,
      frame,
      faces: {
        front: uFront,
        [dir > 0 ? 'right' : 'left']: endWall,
        [dir > 0 ? 'left' : 'right']: {
          openings: punched(upper.z1 - upper.z0, 1, fh, { w: 0.9, h: 1.6, v0: 0.9, pitch: 3, depth: 0.2 }),
        },
      },
      soffit: rng.chance(0.5) ? TIMBER_SOFFIT : WHITE_SOFFIT,
    },
  ];
  // Coping: a slab just proud of the upper box's roof edge.
  const { x0, x1, y1, z0, z1 } = upper;
  const coping = box(x0 - 0.05, x1 + 0.05, y1, y1 + 0.12, z0 - 0.05, z1 + 0.05);
  const solids: Solid[] = [{ box: coping, colour: hex('#d9d5cc') }];
  if (rng.chance(0.6)) {
    // A slender steel column under the cantilever tip.
    const cx = dir > 0 ? upper.x1 - 0.6 : upper.x0 + 0.6;
    solids.push({ box: box(cx - 0.08, cx + 0.08, 0, fh, -1.1, -0.94), colour: hex('#2e2e2e') });
  }
  const hasPool = rng.chance(0.55);
  const poolX = rng.range(-1, gw - 11);
  const lawn = rng.chance(0.7) ? GROUNDS.lawnGreen : GROUNDS.lawnDry;
  const kinds: TreeKind[] = ['jacaranda', 'acacia', 'broadleaf', 'eucalyptus'];
  const trees = grove(rng, rng.int(2, 4), kinds, [-cant, gw + cant, -2, gd + 4]);
  if (rng.chance(0.7))
    trees.push(
      tree(rng, rng.pick(kinds), dir > 0 ? rng.range(-10, -5) : gw + rng.range(5, 10), rng.range(-6, 2)),
    );
  const centre = vec(gw / 2 + dir * cant * 0.3, fh, gd / 2);
  return scene({
    volumes,
    solids,
    trees,
    shrubs: [...shrubRow(rng, -3, gw * 0.3, -6.6), ...shrubRow(rng, gw + 1, gw + 4, rng.range(0, gd))],
    people: people(rng, rng.int(0, 2), 1, gw - 1, -5, -1),
    greenery: lawn,
    groundBase: lawn,
    paintGround: (ctx) => {
      const stripes = rng.chance(0.6) ? 1.6 : undefined;
      paintLawn(ctx, rectXZ(-40, gw + 40, -45, gd + 20), lawn, { stripes });
      paintPaving(ctx, -3, gw + 3, -6, 0, GROUNDS.paving, 0.9);
      if (hasPool) paintPool(ctx, poolX, poolX + rng.range(8, 11), -12, -8.5);
    },
    eye: orbitEye(centre, rng.range(26, 34), dir * rng.range(0.35, 0.75)),
    focus: [...boxCorners(ground), ...boxCorners(upper), vec(poolX, 0, -12)],
  });
};

/** Single-storey pavilion: glass walls under a deep, thin roof on slender columns. */
const pavilion: Compose = (rng) => {
  const length = rng.range(22, 30);
  const depth = rng.range(9, 12);
  const wallH = 3.4;
  const frame = hex(rng.pick(FRAMES));
  const mat = material(rng.pick<MaterialKind>(['timber', 'brick', 'render', 'concrete']), rng);
  const over = rng.range(2.2, 3.4);
  const glassBox = box(0, length, 0, wallH, 0, depth);
  const solidEnd = rng.range(0.15, 0.3) * length;
  const front: FaceDetail = {
    openings: [slidingWall(solidEnd, length - 0.4, wallH - 0.1, rng.range(1.8, 2.6), 0.05)],
    overhang: { depth: over },
  };
  const sideFins = { spacing: 0.45, depth: 0.4, width: 0.06, v0: 0, v1: wallH, color: hex('#8c6240') };
  const volumes: Volume[] = [
    {
      box: glassBox,
      material: mat,
      frame,
      faces: {
        front,
        right: {
          openings: [slidingWall(0.4, depth - 0.4, wallH - 0.1, 2, 0.05)],
          overhang: { depth: over },
          fins: rng.chance(0.5) ? sideFins : undefined,
        },
        left: {
          openings: punched(depth, 1, wallH, { w: 0.8, h: 2.6, v0: 0.2, pitch: 3.2, depth: 0.2 }),
          overhang: { depth: over },
        },
      },
    },
  ];
  const roof = box(-over, length + over, wallH, wallH + rng.range(0.35, 0.55), -over, depth + over * 0.6);
  const soffit = rng.chance(0.6) ? TIMBER_SOFFIT : WHITE_SOFFIT;
  const solids: Solid[] = [
    { box: roof, colour: hex('#ece9e2'), bottom: soffit, boards: soffit === TIMBER_SOFFIT ? 0.3 : undefined },
  ];
  const steel = hex('#2c2c2c');
  const bays = Math.round((length + over * 2 - 1) / 6);
  for (let i = 0; i <= bays; i++) {
    const x = -over + 0.5 + (i * (length + over * 2 - 1)) / bays;
    solids.push({ box: box(x - 0.09, x + 0.09, 0, wallH, -over + 0.4, -over + 0.58), colour: steel });
  }
  const lawn = rng.chance(0.6) ? GROUNDS.lawnGreen : GROUNDS.lawnDry;
  const kinds: TreeKind[] = ['acacia', 'acacia', 'jacaranda', 'eucalyptus'];
  const trees = grove(rng, rng.int(3, 5), kinds, [-over, length + over, -4, depth + 4]);
  if (rng.chance(0.8)) {
    const x = rng.chance(0.5) ? rng.range(-14, -8) : length + rng.range(8, 14);
    trees.push(tree(rng, 'acacia', x, rng.range(-10, -2)));
  }
  return scene({
    volumes,
    solids,
    trees,
    shrubs: shrubRow(rng, -over - 2, -over + rng.range(2, 6), -over - 1.8),
    people: people(rng, rng.int(0, 3), 0, length, -over, -0.8),
    greenery: lawn,
    groundBase: lawn,
    paintGround: (ctx) => {
      const stripes = rng.chance(0.5) ? 1.8 : undefined;
      paintLawn(ctx, rectXZ(-50, length + 50, -50, depth + 30), lawn, { stripes });
      paintPaving(ctx, -over - 1, length + over + 1, -over - 1, depth + over, GROUNDS.concrete, 1.2);
    },
    eye: orbitEye(vec(length / 2, wallH, depth / 2), rng.range(22, 30), rng.sign() * rng.range(0.5, 0.85)),
    focus: boxCorners(roof),
  });
};

/**
 * An open market: a grid of steel umbrellas, square roofs about twelve metres across on one slender
 * column each, their eaves at two heights so hot air leaves through the gaps; rows of stalls under them
 * (tables at standing height with faded cloths and produce), traders and shoppers in the lanes.
 */
const market: Compose = (rng) => {
  const columns = rng.int(3, 4);
  const rows = 2;
  const size = 12;
  const length = columns * size;
  const far = rows * size;
  const steel = hex('#3b3733');
  // Chitenje cloths faded by the sun, and what is sold on them.
  const cloth = ['#9c4a3c', '#b8893f', '#456f80', '#55704c', '#a8643e', '#6e5068'].map(hex);
  const produce = ['#c99a45', '#6f8a3e', '#b0553a', '#ddd0ae', '#8f4a35'].map(hex);
  const board = hex('#b99a74');
  const roofColour = hex(rng.pick(['#9aa3a6', '#a9713a', '#8d9394']));
  const solids: Solid[] = [];
  const roofs: Box[] = [];
  for (let c = 0; c < columns; c++) {
    for (let r = 0; r < rows; r++) {
      const x = c * size + size / 2;
      const z = r * size + size / 2;
      const eaves = (c + r) % 2 ? 4.7 : 4.1;
      const roof = box(
        x - size / 2 + 0.3,
        x + size / 2 - 0.3,
        eaves,
        eaves + 0.25,
        z - size / 2 + 0.3,
        z + size / 2 - 0.3,
      );
      roofs.push(roof);
      solids.push({ box: roof, colour: roofColour, bottom: hex('#6f6a63'), boards: 0.9 });
      solids.push({ box: box(x - 0.16, x + 0.16, 0, eaves, z - 0.16, z + 0.16), colour: steel });
    }
  }
  // Rows of stalls along the lanes, two to an umbrella's depth.
  for (let r = 0; r < rows; r++) {
    for (const z of [r * size + 1.5, r * size + size - 2.9]) {
      for (let x = 0.8; x < length - 2; x += rng.range(2.1, 2.8)) {
        const w = rng.range(1.5, 1.9);
        solids.push({
          box: box(x + 0.05, x + w - 0.05, 0, 0.84, z + 0.05, z + 1.15),
          colour: rng.pick(cloth),
        });
        solids.push({ box: box(x, x + w, 0.84, 0.9, z, z + 1.2), colour: board });
        for (let h = x + 0.15; h < x + w - 0.4; h += rng.range(0.45, 0.7)) {
          if (rng.chance(0.75)) {
            const top = 0.9 + rng.range(0.1, 0.22);
            solids.push({ box: box(h, h + 0.35, 0.9, top, z + 0.3, z + 0.75), colour: rng.pick(produce) });
          }
        }
      }
    }
  }
  const kinds: TreeKind[] = ['acacia', 'broadleaf', 'broadleaf'];
  return scene({
    solids,
    trees: grove(rng, rng.int(2, 4), kinds, [-1, length + 1, 0, far]),
    // The crowd in the lanes and at the stalls' fronts.
    people: people(rng, rng.int(16, 24), -2, length + 2, -3, far + 2),
    greenery: GROUNDS.lawnDry,
    groundBase: GROUNDS.earth,
    paintGround: (ctx) => {
      paintLawn(ctx, rectXZ(-60, length + 60, -50, far + 40), GROUNDS.lawnDry);
      paintPaving(ctx, -4, length + 4, -4, far + 4, GROUNDS.concrete, 1.5, 0.02);
    },
    eye: orbitEye(vec(length / 2, 4, far / 2), rng.range(30, 38), rng.sign() * rng.range(0.35, 0.7)),
    focus: roofs.flatMap(boxCorners),
  });
};

/** Office block: recessed glazed ground floor, facade of bands, fins or curtain wall. */
const office: Compose = (rng) => {
  const floors = rng.int(4, 8);
  const fh = 3.7;
  const gh = 4.8;
  const length = rng.range(34, 46);
  const depth = rng.range(18, 24);
  const top = gh + floors * fh;
  const frame = hex(rng.pick(FRAMES));
  const style = rng.pick(['bands', 'curtain', 'grid', 'fins'] as const);
  const tower = box(0, length, gh, top, 0, depth);
  const bodyH = top - gh;
  let front: FaceDetail;
  let mat: Material;
  const light = hex(rng.pick(['#e4e2dc', '#cfcac0', '#b9b6b0']));
  switch (style) {
    case 'bands':
      mat = material(rng.pick<MaterialKind>(['render', 'concrete']), rng);
      front = {
        openings: ribbons(length, floors, fh, { margin: 0, v0: 1.0, h: 2.3, pitch: 1.5, depth: 0.3 }),
        shelves: rng.chance(0.5)
          ? Array.from({ length: floors }, (_, i) => ({
              v: i * fh + 3.45,
              depth: 0.9,
              thickness: 0.12,
              color: light,
            }))
          : undefined,
      };
      break;
    case 'curtain':
      mat = material('metal', rng);
      front = {
        openings: curtainWall(length, bodyH, 1.5, fh),
        shelves: Array.from({ length: floors }, (_, i) => ({
          v: i * fh + fh - 0.1,
          depth: rng.range(0.8, 1.2),
          thickness: 0.15,
          color: light,
        })),
      };
      break;
    case 'grid':
      mat = material(rng.pick<MaterialKind>(['brick', 'concrete', 'render']), rng);
      front = {
        openings: punched(length, floors, fh, { w: 1.6, h: 2.5, v0: 0.7, pitch: 2.4, depth: 0.45 }),
      };
      break;
    case 'fins': {
      mat = material(rng.pick<MaterialKind>(['concrete', 'render', 'metal']), rng);
      const color = rng.chance(0.5) ? hex('#9a6e47') : light;
      front = {
        openings: ribbons(length, floors, fh, { margin: 0.3, v0: 0.3, h: 3.1, pitch: 1.2, depth: 0.1 }),
        fins: { spacing: 1.2, depth: 0.7, width: 0.12, v0: 0, v1: bodyH, color },
      };
      break;
    }
  }
  const sideOpenings = punched(depth, floors, fh, { w: 1.2, h: 2.2, v0: 0.8, pitch: 4, depth: 0.3 });
  const setback = 2;
  const podium = box(setback, length - setback, 0, gh, setback, depth - setback);
  // All glass, in the shade of the floors above.
  const podiumFace = (width: number): FaceDetail => ({
    openings: curtainWall(width - setback * 2, gh, 3, gh),
    overhang: { depth: setback },
  });
  const volumes: Volume[] = [
    {
      box: tower,
      material: mat,
      frame,
      faces: { front, left: { openings: sideOpenings }, right: { openings: sideOpenings } },
      soffit: light,
    },
    {
      box: podium,
      material: mat,
      frame,
      faces: { front: podiumFace(length), left: podiumFace(depth), right: podiumFace(depth) },
    },
  ];
  const solids: Solid[] = [];
  const colColour = hex('#cfcbc3');
  for (let x = 0.6; x < length; x += 7.5)
    solids.push({ box: box(x - 0.3, x + 0.3, 0, gh, 0.3, 0.9), colour: colColour });
  const plant = box(length * 0.3, length * 0.7, top, top + 2.4, depth * 0.3, depth * 0.7);
  solids.push({ box: plant, colour: hex('#6b6d6f') });
  const trees: Tree[] = [];
  for (let x = -6; x < length + 8; x += rng.range(8, 11))
    trees.push(tree(rng, rng.pick<TreeKind>(['jacaranda', 'broadleaf']), x, -13.5, 0.85));
  for (let i = rng.int(1, 3); i > 0; i--)
    trees.push(tree(rng, 'eucalyptus', rng.range(-30, length + 30), rng.range(depth + 10, depth + 30)));
  const beds = rng.chance(0.6);
  return scene({
    volumes,
    solids,
    trees,
    people: people(rng, rng.int(3, 7), -4, length + 4, -14, -1),
    greenery: GROUNDS.lawnGreen,
    groundBase: GROUNDS.concrete,
    foregroundPlants: beds,
    paintGround: (ctx) => {
      paintPaving(ctx, -80, length + 80, -90, depth + 8, GROUNDS.paving, 1.2);
      if (beds) paintLawn(ctx, rectXZ(-30, length + 30, -16, -11), GROUNDS.lawnGreen, { strokes: 600 });
    },
    eye: orbitEye(vec(length / 2, top / 2, depth / 2), rng.range(40, 52), rng.sign() * rng.range(0.3, 0.55)),
    focus: [...boxCorners(tower), vec(0, 0, 0), vec(length, 0, 0)],
  });
};

/** Brick house under a floating mono-pitch roof with clerestory glazing. */
const monoPitch: Compose = (rng) => {
  const length = rng.range(16, 22);
  const depth = rng.range(8, 10);
  const wallH = 2.9;
  const rise = rng.range(0.9, 1.6);
  const towardsFront = rng.chance(0.65);
  const hFront = wallH + (towardsFront ? rise : 0.35);
  const hBack = wallH + (towardsFront ? 0.35 : rise);
  const frame = hex(rng.pick(['#5a4030', '#2a2a2a', '#3b3f42']));
  const mat = material(rng.pick<MaterialKind>(['brick', 'brick', 'render', 'concrete']), rng);
  const walls = box(0, length, 0, wallH, 0, depth);
  const openings: Opening[] = [
    ...punched(length * 0.55, 1, wallH, { w: 1.4, h: 2.0, v0: 0.6, pitch: 2.6, depth: 0.25, sill: true }),
    slidingWall(length * 0.6, length - 0.8, wallH - 0.3, 1.8, 0.25),
  ];
  const sideOver = rng.range(0.9, 1.6);
  const frontOver = rng.range(1.2, 2);
  const thick = 0.3;
  // Roof underside is the plane through (z = 0, hFront) and (z = depth, hBack), extended past the walls.
  const slope = (hBack - hFront) / depth;
  const zA = -frontOver;
  const zB = depth + sideOver;
  const yA = hFront + slope * zA;
  const yB = hFront + slope * zB;
  const roofProfile: [number, number][] = [
    [zA, yA],
    [zB, yB],
    [zB, yB + thick],
    [zA, yA + thick],
  ];
  const clerestory: [number, number][] = [
    [0, wallH],
    [depth, wallH],
    [depth, hBack],
    [0, hFront],
  ];
  const roofColours = { side: hex('#3a3a3a'), top: hex('#7b7d7f'), bottom: TIMBER_SOFFIT, boards: 0.25 };
  // The clerestory: glass between the walls and the roof, its top and bottom the roof's colours.
  const glazing = { side: 'glass' as const, top: roofColours.top, bottom: roofColours.bottom };
  // The same punched windows on both gable ends.
  const sideWindows = punched(depth, 1, wallH, { w: 1, h: 1.9, v0: 0.7, pitch: 3, depth: 0.25, sill: true });
  const volumes: Volume[] = [
    {
      box: walls,
      material: mat,
      frame,
      faces: {
        front: { openings, overhang: { depth: frontOver + 0.3 } },
        right: { openings: sideWindows },
        left: { openings: sideWindows },
      },
    },
  ];
  const wing = rng.chance(0.6);
  const wingBox = box(length, length + rng.range(6, 9), 0, 3.1, -2.5, depth - 1.5);
  if (wing) {
    const wMat = otherMaterial(rng, mat.kind, ['render', 'concrete', 'timber']);
    volumes.push({
      box: wingBox,
      material: wMat,
      frame,
      faces: {
        front: { openings: [slidingWall(0.6, wingBox.x1 - wingBox.x0 - 0.6, 2.6, 1.6, 0.2)] },
        right: {
          openings: punched(wingBox.z1 - wingBox.z0, 1, 3.1, { w: 2.2, h: 1.4, v0: 1, pitch: 4, depth: 0.2 }),
        },
      },
    });
  }
  const roofBox = box(-sideOver, length + sideOver, Math.min(yA, yB), Math.max(yA, yB) + thick, zA, zB);
  const earth = rng.chance(0.6);
  const kinds: TreeKind[] = ['acacia', 'eucalyptus', 'broadleaf', 'jacaranda'];
  const trees = grove(rng, rng.int(2, 4), kinds, [-sideOver, length + sideOver, -4, depth + 4]);
  trees.push(
    tree(rng, 'acacia', rng.chance(0.5) ? -rng.range(6, 10) : length + rng.range(12, 16), rng.range(-8, -2)),
  );
  return scene({
    volumes,
    shadowOnly: [roofBox],
    extras: (ctx) => [
      prismDrawable(ctx, 0, length, clerestory, glazing),
      prismDrawable(ctx, -sideOver, length + sideOver, roofProfile, roofColours),
    ],
    trees,
    shrubs: shrubRow(rng, 0, length * 0.5, -frontOver - 0.8),
    people: people(rng, rng.int(0, 2), 1, length, -4, -1.5),
    greenery: GROUNDS.lawnGreen,
    groundBase: earth ? GROUNDS.earth : GROUNDS.lawnDry,
    paintGround: (ctx) => {
      paintLawn(ctx, rectXZ(-40, length + 40, -40, depth + 25), earth ? GROUNDS.lawnDry : GROUNDS.lawnGreen);
      if (earth) paintLawn(ctx, rectXZ(-6, length + 10, -12, depth + 3), GROUNDS.earth, { strokes: 300 });
      paintPaving(ctx, -1, length + 1, -frontOver - 0.4, 0, GROUNDS.concrete, 0.6);
    },
    eye: orbitEye(vec(length / 2, wallH, depth / 2), rng.range(22, 30), rng.sign() * rng.range(0.3, 0.65)),
    focus: [...boxCorners(roofBox), ...boxCorners(walls), ...(wing ? boxCorners(wingBox) : [])],
  });
};

/** An urban street: a row of mixed buildings receding along a road. */
const street: Compose = (rng, width, height) => {
  const volumes: Volume[] = [];
  const solids: Solid[] = [];
  const frame = hex(rng.pick(FRAMES));
  const rows: { x: number; face: 'left' | 'right'; dir: number }[] = [{ x: 7, face: 'left', dir: 1 }];
  if (rng.chance(0.6)) rows.push({ x: -15, face: 'right', dir: -1 });
  for (const row of rows) {
    let z = rng.range(-4, 4);
    while (z < 110) {
      const w = rng.range(9, 20);
      const floors = rng.int(2, 6);
      const fh = 3.4;
      const deep = rng.range(12, 18);
      const b = box(row.x, row.x + row.dir * deep, 0, floors * fh + 0.6, z, z + w);
      const kind = rng.pick<MaterialKind>(['render', 'brick', 'concrete', 'render', 'metal']);
      const upper = rng.chance(0.5)
        ? punched(w, floors, fh, { w: 1.4, h: 2.0, v0: 0.9, pitch: 2.6, depth: 0.3, sill: kind === 'render' })
        : ribbons(w, floors, fh, { margin: 0.8, v0: 0.9, h: 1.8, pitch: 1.5, depth: 0.25 });
      const shop = slidingWall(0.8, w - 0.8, 3.0, 2.4, 0.2);
      const openings = [shop, ...upper.filter((o) => o.v0 > fh)];
      volumes.push({
        box: b,
        material: material(kind, rng),
        frame,
        faces: { [row.face]: { openings }, front: { openings: upper.filter((o) => o.u1 < deep) } },
      });
      if (rng.chance(0.5)) {
        const awning = hex(rng.pick(['#2f4a3a', '#7a2f26', '#d9cdb4', '#2f3b52']));
        // Shop awning projecting over the pavement.
        solids.push({ box: box(row.x, row.x - row.dir * 1.6, 3.2, 3.35, z + 1, z + w - 1), colour: awning });
      }
      z += w + (rng.chance(0.2) ? rng.range(2, 6) : 0);
    }
  }
  const trees: Tree[] = [];
  for (let z = rng.range(2, 8); z < 150; z += rng.range(11, 16)) {
    trees.push(tree(rng, rng.pick<TreeKind>(['jacaranda', 'broadleaf', 'jacaranda']), 5.3, z, 0.8));
    if (rows.length > 1)
      trees.push(tree(rng, rng.pick<TreeKind>(['jacaranda', 'broadleaf']), -13.3, z + 5, 0.8));
  }
  for (let z = 6; z < 160; z += 22)
    solids.push({ box: box(4.3, 4.45, 0, 6.5, z, z + 0.15), colour: hex('#3a3a3a') });
  const walkers = people(rng, rng.int(3, 7), 4.5, 6.5, 4, 40);
  const eye = vec(rng.range(-9, -5), 1.6, rng.range(-10, -6));
  const yaw = rng.range(0.2, 0.42);
  const camera = new Camera(eye, yaw, width * rng.range(0.55, 0.7), width / 2, height * rng.range(0.6, 0.68));
  return scene({
    volumes,
    solids,
    extras: (ctx) =>
      ctx.atm.time === 'dusk'
        ? Array.from({ length: 7 }, (_, i) => ({
            min: vec(4, 6, 6 + i * 22),
            max: vec(4.5, 6.6, 6.2 + i * 22),
            draw: () => paintGlow(ctx, vec(4.4, 6.4, 6.1 + i * 22), 1.5, [255, 210, 150], 0.9),
          }))
        : [],
    trees,
    people: walkers,
    greenery: GROUNDS.lawnGreen,
    groundBase: GROUNDS.concrete,
    paintGround: (ctx) => {
      paintPaving(ctx, 4, 7, -20, 400, GROUNDS.paving, 0.9);
      paintPaving(ctx, -15, -12, -20, 400, GROUNDS.paving, 0.9);
      paintRoad(ctx, -12, 4, -20, 400);
    },
    foregroundPlants: false,
    eye,
    focus: [],
    camera,
  });
};

/**
 * A park or garden: lawns and paths under trees, people walking, a small timber shelter. What a
 * landscape project's photographs show instead of a building.
 */
const landscape: Compose = (rng) => {
  const lawn = rng.chance(0.6) ? GROUNDS.lawnGreen : GROUNDS.lawnDry;
  const shelterX = rng.range(-4, 4);
  const roof = box(shelterX - 3.2, shelterX + 3.2, 2.6, 2.85, 14, 18);
  const timber = hex('#8c6240');
  const solids: Solid[] = [{ box: roof, colour: hex('#6b5a48'), bottom: TIMBER_SOFFIT, boards: 0.25 }];
  for (const x of [roof.x0 + 0.4, roof.x1 - 0.4])
    for (const z of [roof.z0 + 0.4, roof.z1 - 0.4])
      solids.push({ box: box(x - 0.1, x + 0.1, 0, 2.6, z - 0.1, z + 0.1), colour: timber });
  const trees: Tree[] = [];
  const kinds: TreeKind[] = ['acacia', 'jacaranda', 'broadleaf', 'acacia', 'eucalyptus'];
  for (let i = rng.int(7, 11); i > 0; i--) {
    const x = rng.chance(0.5) ? rng.range(-45, -7) : rng.range(7, 45);
    trees.push(tree(rng, rng.pick(kinds), x, rng.range(8, 60)));
  }
  const shrubs = [...shrubRow(rng, -14, -4, 9), ...shrubRow(rng, 5, 16, rng.range(6, 12))];
  const pathX = rng.range(-1.5, 1.5);
  return scene({
    solids,
    trees,
    shrubs,
    people: people(rng, rng.int(3, 6), pathX - 1, pathX + 1.5, 2, 30),
    greenery: lawn,
    groundBase: lawn,
    paintGround: (ctx) => {
      paintLawn(ctx, rectXZ(-80, 80, -20, 200), lawn);
      paintPaving(ctx, pathX - 1.2, pathX + 1.2, -20, 200, GROUNDS.gravel, 1.2, 0.02);
      paintPaving(ctx, roof.x0 - 1, roof.x1 + 1, roof.z0 - 1, roof.z1 + 1, GROUNDS.paving, 0.8);
    },
    eye: vec(pathX + rng.range(-3, 3), 1.6, -6),
    focus: [vec(-14, 0, 20), vec(14, 0, 20), vec(0, 7, 30), ...boxCorners(roof)],
  });
};

/** Dry-laid granite of retaining walls. */
const GRANITE = hex('#a89e8f');

/**
 * Ground that steps up a slope away from the camera: terraces `levels[i]` metres high whose fronts (the
 * retaining walls) stand at `fronts[i]`, each reaching back to the next wall, the last one `depth` deep.
 * Drawn as solid blocks, so painter's order hides what stands behind a terrace's edge.
 */
function terraces(
  ctx: Ctx,
  x0: number,
  x1: number,
  fronts: readonly number[],
  levels: readonly number[],
  depth: number,
  top: Rgb,
): Drawable[] {
  return fronts.map((z, i) => {
    const b = box(x0, x1, 0, levels[i]!, z, fronts[i + 1] ?? z + depth);
    return {
      min: vec(b.x0, b.y0, b.z0),
      max: vec(b.x1, b.y1, b.z1),
      draw: () => {
        paintBox(ctx, b, GRANITE, { top });
        stoneCourses(ctx, b, i > 0 ? levels[i - 1]! : 0);
      },
    };
  });
}

/** The courses and staggered joints of the stone face of terrace `b` above the lower ground at `from`. */
function stoneCourses(ctx: Ctx, b: Box, from: number): void {
  if (!ctx.cam.sees(vec(b.x0, b.y1, b.z0), vec(0, 0, -1))) return;
  const segs: [Vec3, Vec3][] = [];
  const rng = new Rng(Math.round(b.z0 * 97 + b.y1 * 31));
  for (let y = from + 0.38, row = 0; y < b.y1 - 0.1; y += 0.38, row++) {
    segs.push([vec(b.x0, y, b.z0 - 0.01), vec(b.x1, y, b.z0 - 0.01)]);
    const near = Math.max(b.x0, ctx.cam.pos.x - 45);
    for (let x = near + (row % 2) * 0.35; x < Math.min(b.x1, ctx.cam.pos.x + 45); x += rng.range(0.5, 0.9))
      segs.push([vec(x, y, b.z0 - 0.01), vec(x, y - 0.38, b.z0 - 0.01)]);
  }
  ctx.svg.lines(
    ctx.cam.projectSegments(segs),
    darken(surfaceColour(ctx, GRANITE, vec(0, 0, -1), vec(b.x0, b.y1, b.z0)), 0.4),
    0.8,
    { 'stroke-opacity': 0.55 },
  );
}

/** A tree or shrub standing at its `at.y` (their sprites are boxed from the ground up). */
function raisedPlant(ctx: Ctx, p: Shrub | Tree): Drawable {
  const d = 'kind' in p ? treeDrawable(ctx, p) : shrubDrawable(ctx, p);
  const { y } = p.at;
  return { ...d, min: vec(d.min.x, y, d.min.z), max: vec(d.max.x, d.max.y + y, d.max.z) };
}

/**
 * A house stepping down a steep plot in terraces: three glazed rooms, each a half-storey below the last
 * under its own low roof, on terraces held by dry-laid granite walls, planting along every edge; the
 * lower garden in front, the hillside going on up behind. Photographed from below, across the garden.
 */
const hillside: Compose = (rng) => {
  const step = rng.range(1.9, 2.1);
  const deep = rng.range(7, 8.5);
  const count = 4;
  const fronts = Array.from({ length: count }, (_, i) => i * deep);
  const levels = fronts.map((_, i) => (i + 1) * step);
  const frame = hex(rng.pick(FRAMES));
  const mat = material(rng.pick<MaterialKind>(['render', 'render', 'brick']), rng);
  const lawn = rng.chance(0.7) ? GROUNDS.lawnGreen : GROUNDS.lawnDry;
  const roofColour = hex(rng.pick(['#5d5a55', '#7b7d7f', '#4d4a46']));
  const volumes: Volume[] = [];
  const solids: Solid[] = [];
  const roofs: Box[] = [];
  // The three rooms, on the second to the fourth terrace, shifting sideways as they climb.
  let x = rng.range(-2, 2);
  const dir = rng.sign();
  for (let i = 1; i < count; i++) {
    const w = i === 2 ? rng.range(14, 17) : rng.range(9, 12);
    const y = levels[i]!;
    const h = i === 2 ? 3.4 : 3;
    const z1 = (fronts[i + 1] ?? fronts[i]! + deep) - 0.6;
    const z0 = Math.max(fronts[i]! + 1.6, z1 - 6.5);
    const b = box(x, x + w, y, y + h, z0, z1);
    volumes.push({
      box: b,
      material: mat,
      frame,
      faces: {
        front: {
          openings: [slidingWall(w * rng.range(0.08, 0.2), w * rng.range(0.8, 0.95), h - 0.3, 1.8, 0.15)],
          overhang: { depth: 1.4 },
        },
        left: { openings: punched(z1 - z0, 1, h, { w: 1, h: 2.1, v0: 0.5, pitch: 3, depth: 0.2 }) },
        right: { openings: punched(z1 - z0, 1, h, { w: 1, h: 2.1, v0: 0.5, pitch: 3, depth: 0.2 }) },
      },
    });
    const roof = box(x - 0.8, x + w + 0.8, y + h, y + h + 0.3, z0 - 1.6, z1 + 0.4);
    roofs.push(roof);
    solids.push({ box: roof, colour: roofColour, bottom: TIMBER_SOFFIT, boards: 0.3 });
    x += dir * w * rng.range(0.55, 0.7);
  }
  const [first, , last] = volumes.map((v) => v.box);
  const [xa, xb] = [Math.min(first!.x0, last!.x0) - 4, Math.max(first!.x1, last!.x1) + 4];
  // Planting along the front edge of every terrace (thinner in front of the rooms), a tree on each.
  const planted: (Shrub | Tree)[] = [];
  fronts.forEach((z, i) => {
    const y = levels[i]!;
    for (const s of shrubRow(rng, xa - 10, xb + 10, z + 0.8)) {
      const inFront = volumes.some((v) => v.box.y0 === y && s.at.x > v.box.x0 - 1 && s.at.x < v.box.x1 + 1);
      if (!inFront || rng.chance(0.3))
        planted.push({ ...s, at: vec(s.at.x, y, s.at.z), height: s.height * 0.8 });
    }
    const t = tree(
      rng,
      rng.pick<TreeKind>(['jacaranda', 'broadleaf', 'acacia']),
      beside(rng, xa, xb),
      z + deep * 0.6,
      0.8,
    );
    planted.push({ ...t, at: vec(t.at.x, y, t.at.z) });
  });
  // Neighbours' trees on the hillside above.
  const top = fronts[count - 1]! + deep;
  const rise = 0.28;
  for (let i = rng.int(5, 8); i > 0; i--) {
    const z = top + rng.range(4, 40);
    const t = tree(
      rng,
      rng.pick<TreeKind>(['eucalyptus', 'broadleaf', 'jacaranda']),
      rng.range(xa - 40, xb + 40),
      z,
    );
    planted.push({ ...t, at: vec(t.at.x, levels[count - 1]! + (z - top) * rise, z) });
  }
  const lower = grove(rng, rng.int(1, 2), ['acacia', 'jacaranda'], [xa, xb, -12, -4]);
  const centre = vec((xa + xb) / 2, levels[2]!, fronts[2]!);
  // Everything stands on the terraces, drawn as extras: ground shadows fall on the lower garden's level
  // only, so just the lowest terrace casts one.
  // In daylight: at dusk the terraces, the point of the picture, sink into the dark.
  const time = rng.pick<TimeOfDay>(['morning', 'golden']);
  return scene({
    shadowOnly: [box(xa - 30, xb + 30, 0, step, 0, deep)],
    extras: (ctx) => [
      ...terraces(ctx, -200, 220, fronts, levels, deep, lawn),
      prismDrawable(
        ctx,
        -200,
        220,
        [
          [top, 0],
          [top, levels[count - 1]!],
          [top + 120, levels[count - 1]! + 120 * rise],
          [top + 120, 0],
        ],
        {
          side: GRANITE,
          top: lawn,
          bottom: lawn,
        },
      ),
      ...volumes.map((v) => volumeDrawable(ctx, v)),
      ...solids.map((s) => boxDrawable(ctx, s.box, s.colour, s)),
      ...planted.map((p) => raisedPlant(ctx, p)),
    ],
    trees: lower,
    people: people(rng, rng.int(0, 2), xa, xb, -6, -2),
    greenery: lawn,
    groundBase: lawn,
    paintGround: (ctx) => {
      paintLawn(ctx, rectXZ(-80, 100, -60, 0), lawn);
      paintPaving(ctx, xa, xb, -2.2, 0, GROUNDS.gravel, 0.9);
    },
    // From the foot of the neighbouring plot, level with the middle terrace: every step of the house shows.
    eye: orbitEye(centre, rng.range(34, 42), -dir * rng.range(0.2, 0.45), levels[1]! + rng.range(1.5, 3)),
    time,
    focus: [...roofs.flatMap(boxCorners), vec(xa + 2, levels[0]!, 0), vec(xb - 2, levels[0]!, 0)],
  });
};

/** The composition beside `water`: nothing stands in it, and a sand beach runs along its `beaches`. */
function withWater(scene: ExteriorScene, water: Vec3[][], beaches: Vec3[][]): ExteriorScene {
  return {
    ...scene,
    water,
    trees: scene.trees.filter((t) => !inWater(t.at, water, t.spread / 2)),
    shrubs: scene.shrubs.filter((s) => !inWater(s.at, water, s.width)),
    people: scene.people.filter((p) => !inWater(p.at, water, 1)),
    paintGround: (ctx) => {
      scene.paintGround(ctx);
      for (const beach of beaches) paintGround(ctx, beach, groundColour(ctx, GROUNDS.sand));
    },
  };
}

/**
 * The composition on a lakeshore, photographed from the water (a jetty, a boat): the lake fills the
 * foreground and opens to the horizon on one side, past a sand beach.
 */
function onTheLake(compose: Compose): Compose {
  return (rng, width, height) => {
    const scene = compose(rng, width, height);
    const xs = scene.focus.map((p) => p.x);
    const zs = scene.focus.map((p) => p.z);
    const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
    const shore = z0 - rng.range(4, 7);
    const side = rng.sign();
    const bay = side > 0 ? x1 + rng.range(12, 24) : x0 - rng.range(12, 24);
    const [b0, b1] = side > 0 ? [bay, 400] : [-400, bay];
    const lake = side > 0 ? [bay + 3, 400] : [-400, bay - 3];
    const water = [rectXZ(-400, 400, -400, shore), rectXZ(lake[0]!, lake[1]!, shore, 4000)];
    const beaches = [rectXZ(-400, 400, shore, shore + 3), rectXZ(b0, b1, shore, 4000)];
    const centre = vec((x0 + x1) / 2, 0, (z0 + z1) / 2);
    return {
      ...withWater(scene, water, beaches),
      foregroundPlants: false,
      // Out on the water, turned from the open side so the lake runs past the house to the horizon.
      eye: orbitEye(centre, rng.range(36, 46), -side * rng.range(0.3, 0.6), 1.5),
    };
  };
}

/** `compose` in a light of its own. */
function at(time: TimeOfDay, compose: Compose): Compose {
  return (rng, width, height) => ({ ...compose(rng, width, height), time });
}

/**
 * `compose` as a clay render, the visualiser's study of form and light: everything built one warm white
 * (fins and shelves too), only the glass, the ground and the planting in colour.
 */
function clay(compose: Compose): Compose {
  const white = hex('#ece8e1');
  const face = (f: FaceDetail): FaceDetail => ({
    ...f,
    fins: f.fins && { ...f.fins, color: white },
    shelves: f.shelves?.map((shelf) => ({ ...shelf, color: white })),
  });
  return (rng, width, height) => {
    const scene = compose(rng, width, height);
    return {
      ...scene,
      volumes: scene.volumes.map((v) => ({
        ...v,
        material: { kind: 'render', color: white },
        frame: white,
        faces: Object.fromEntries(Object.entries(v.faces).map(([side, f]) => [side, face(f)])),
        soffit: v.soffit && white,
        roof: v.roof && white,
      })),
      solids: scene.solids.map((solid) => ({ ...solid, colour: white, top: undefined, bottom: undefined })),
    };
  };
}

/** Compositions by subject, so a project's text and its pictures agree. */
export const EXTERIOR_SCENES = {
  house: villa,
  pavilion,
  office,
  terrace: monoPitch,
  street,
  landscape,
  'lake-house': onTheLake(pavilion),
  shore: onTheLake(landscape),
  'lake-market': onTheLake(market),
  // In a high sun: the deep shade under the floating roof, which lets the hot air out below it.
  'shaded-house': at('morning', monoPitch),
  hillside,
  // What a visualisation service shows: the model before the materials.
  'clay-render': at('golden', clay(pavilion)),
} satisfies Record<string, Compose>;

export type ExteriorSubject = keyof typeof EXTERIOR_SCENES;

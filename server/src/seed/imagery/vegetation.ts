/**
 * Trees, shrubs and people. They are painted as sprites at their projected
 * position and scale (foliage is a clumpy cloud of shaded blobs), while their
 * shadows are true ground polygons.
 */
import { hazed } from './atmosphere';
import { addRgb, darken, hex, lighten, mix, multiply, type Rgb, scale } from './color';
import { Rng } from './random';
import { type Ctx, shadowPoint } from './scene';
import { type Drawable, dot, length, normalize, sub, type Vec3, vec } from './space';
import { stop } from './svg';

export type TreeKind = 'acacia' | 'jacaranda' | 'broadleaf' | 'eucalyptus';

export interface Tree {
  kind: TreeKind;
  at: Vec3;
  height: number;
  /** Crown diameter, metres. */
  spread: number;
  seed: number;
}

/** Each species' leaf colours. */
const LEAVES: Record<TreeKind, readonly string[]> = {
  acacia: ['#5f7a3a', '#6d8440', '#55703a'],
  jacaranda: ['#958ac4', '#a396d0', '#887db6', '#6e8a4a'],
  broadleaf: ['#3f6a34', '#4a7638', '#35592d'],
  eucalyptus: ['#7d8f6a', '#6f8760', '#8c9b78'],
};

/**
 * Each species' bark; its crown's centre height and vertical radius, and the height its trunk forks at, as
 * fractions of the tree's height (a crown is as wide as the tree's spread).
 */
const SPECIES: Record<TreeKind, { bark: string; centre: number; ry: number; fork: number }> = {
  acacia: { bark: '#3b332c', centre: 0.86, ry: 0.11, fork: 0.35 },
  jacaranda: { bark: '#3a302a', centre: 0.64, ry: 0.34, fork: 0.28 },
  broadleaf: { bark: '#3d342b', centre: 0.6, ry: 0.38, fork: 0.28 },
  eucalyptus: { bark: '#b8ada0', centre: 0.7, ry: 0.28, fork: 0.45 },
};

/** Side (+1 right, -1 left, in image terms) the sun lights things from. */
function sunSide(ctx: Ctx): number {
  return dot(ctx.atm.sun, ctx.cam.right) >= 0 ? 1 : -1;
}

/** A sprite's drawable: a box reaching `r` metres to either side of its foot (`rz` in depth), `top` high. */
function sprite(at: Vec3, r: number, rz: number, top: number, draw: () => void): Drawable {
  return { min: vec(at.x - r, 0, at.z - rz), max: vec(at.x + r, top, at.z + rz), draw };
}

/** Sunlit and shaded colours of `leaf` seen from `distance` metres. */
function foliage(ctx: Ctx, leaf: Rgb, distance: number): [Rgb, Rgb] {
  return [
    hazed(multiply(leaf, mixLight(ctx, 1)), distance, ctx.atm),
    hazed(scale(multiply(leaf, mixLight(ctx, 0)), 0.8), distance, ctx.atm),
  ];
}

export function treeDrawable(ctx: Ctx, t: Tree): Drawable {
  const r = t.spread * 0.15;
  return sprite(t.at, r, r, t.height, () => paintTree(ctx, t));
}

function paintTree(ctx: Ctx, t: Tree): void {
  const { cam, svg, atm } = ctx;
  const base = cam.project(t.at);
  if (!base) return;
  const rng = new Rng(t.seed);
  const s = cam.scaleAt(t.at);
  const distance = length(sub(t.at, cam.pos));
  const shape = SPECIES[t.kind];
  const side = sunSide(ctx);
  const cx = base.x;
  const cy = base.y - t.height * shape.centre * s;
  const rx = t.spread * 0.5 * s;
  const ry = t.height * shape.ry * s;

  // Trunk, then thinner limbs reaching up into the crown.
  const bark = hazed(multiply(hex(shape.bark), mixLight(ctx, 0.5)), distance, atm);
  const fork = base.y - t.height * shape.fork * s;
  const lean = rng.range(-0.25, 0.25) * s;
  const wood = (d: string, width: number): void =>
    svg.path(d, { fill: 'none', stroke: bark, 'stroke-width': width, 'stroke-linecap': 'round' });
  const trunk = `M${f(cx)} ${f(base.y)}Q${f(cx + lean * 0.3)} ${f((base.y + fork) / 2)} ${f(cx + lean)} ${f(fork)}`;
  wood(trunk, Math.max(0.9, s * (t.kind === 'eucalyptus' ? 0.38 : 0.3)));
  const limbs = t.kind === 'eucalyptus' ? 2 : rng.int(3, 5);
  let d = '';
  for (let i = 0; i < limbs; i++) {
    const spreadOut = (i / (limbs - 1) - 0.5) * (t.kind === 'acacia' ? 1.5 : 1.1);
    const tx = cx + spreadOut * rx + rng.range(-0.1, 0.1) * rx;
    const ty = cy + ry * rng.range(t.kind === 'acacia' ? 0.2 : -0.2, 0.5);
    d += `M${f(cx + lean)} ${f(fork)}Q${f(cx + lean + spreadOut * rx * 0.15)} ${f(fork - (fork - ty) * 0.6)} ${f(tx)} ${f(ty)}`;
  }
  wood(d, Math.max(0.6, s * 0.13));

  // Foliage: clumps with leafy edges, lit as one volume by a shared gradient.
  const [lit, dark] = foliage(ctx, hex(rng.pick(LEAVES[t.kind])), distance);
  const shading = [stop(0, lit), stop(0.45, mix(dark, lit, 0.45)), stop(1, dark)];
  const volume = svg.linear(shading, cx + side * rx * 0.7, cy - ry, cx - side * rx * 0.5, cy + ry, true);
  const clumps = t.kind === 'acacia' ? rng.int(5, 8) : rng.int(6, 10);
  // Clumps of leaves: their centres (x, y) in the image and their radii.
  const list = Array.from({ length: clumps }, () => {
    const a = rng.range(0, Math.PI * 2);
    const k = Math.sqrt(rng.range(0.1, 1)) * 0.62;
    const size = rng.range(0.35, 0.55);
    return {
      x: cx + Math.cos(a) * k * rx,
      y: cy + Math.sin(a) * k * ry,
      rx: rx * size,
      ry: t.kind === 'acacia' ? ry * rng.range(0.55, 0.8) : ry * size * rng.range(0.9, 1.15),
    };
  });
  const rough = t.kind === 'eucalyptus' ? 0.22 : 0.14;
  let under = '';
  let body = '';
  for (const c of list) {
    // The shade layer peeks out below and on the side away from the sun only.
    under += leafyBlob(rng, c.x - side * c.rx * 0.07, c.y + c.ry * 0.12, c.rx, c.ry, rough);
    body += leafyBlob(rng, c.x + side * c.rx * 0.03, c.y - c.ry * 0.04, c.rx * 0.97, c.ry * 0.95, rough);
  }
  svg.path(under, { fill: dark });
  svg.path(body, { fill: volume });
  // Leaf-scale texture: dots batched in two paths (round caps on zero-length segments).
  const dotSize = Math.min(3.2, Math.max(1.2, Math.min(rx, ry) * 0.05));
  const count = Math.min(600, Math.round((rx * ry) / (dotSize * dotSize) / 4));
  let lightDots = '';
  let darkDots = '';
  for (let i = 0; i < count; i++) {
    const c = rng.pick(list);
    const a = rng.range(0, Math.PI * 2);
    const k = Math.sqrt(rng.next());
    const x = c.x + Math.cos(a) * k * c.rx * 0.9;
    const y = c.y + Math.sin(a) * k * c.ry * 0.9;
    const towardsLight = (side * (x - cx)) / rx - (y - cy) / ry;
    const mark = `M${f(x)} ${f(y)}h0.01`;
    if (towardsLight + rng.normal() * 0.5 > 0.2) lightDots += mark;
    else darkDots += mark;
  }
  const dots = { fill: 'none', 'stroke-width': dotSize, 'stroke-linecap': 'round' };
  svg.path(darkDots, { ...dots, stroke: dark, 'stroke-opacity': 0.7 });
  svg.path(lightDots, { ...dots, stroke: lighten(lit, 0.12), 'stroke-opacity': 0.6 });
  if (t.kind === 'jacaranda' && rng.chance(0.7)) {
    // Fallen blossom: a violet carpet under the tree.
    svg.ellipse(base.x, base.y, rx * 0.9, Math.max(2, rx * 0.12), hex('#8c7ccc'), { 'fill-opacity': 0.2 });
  }
}

const f = (v: number): string => v.toFixed(1);

/**
 * Closed path of an irregular, leafy-edged ellipse: slow lobes from a few
 * harmonics plus a small jitter every few pixels for the leaf-scale edge.
 */
function leafyBlob(rng: Rng, cx: number, cy: number, rx: number, ry: number, rough: number): string {
  const n = Math.max(12, Math.min(150, Math.round((rx + ry) / 2.5)));
  const [p1, p2, p3] = [rng.range(0, 6), rng.range(0, 6), rng.range(0, 6)];
  let d = '';
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const lobes = 0.5 * Math.sin(a * 3 + p1) + 0.3 * Math.sin(a * 7 + p2) + 0.2 * Math.sin(a * 13 + p3);
    const r = 1 + rough * lobes + rng.range(-1, 1) * Math.min(rough * 0.5, 2.5 / Math.max(rx, ry));
    d += `${i === 0 ? 'M' : 'L'}${f(cx + Math.cos(a) * rx * r)} ${f(cy + Math.sin(a) * ry * r)}`;
  }
  return `${d}Z`;
}

/** Sky/sun light multiplier for foliage: 0 = shaded side, 1 = sunlit. */
function mixLight(ctx: Ctx, sunlit: number): Rgb {
  const { atm } = ctx;
  return addRgb(
    scale(atm.ambient, atm.ambientStrength * 1.05),
    scale(atm.sunColor, atm.sunStrength * 0.8 * sunlit),
  );
}

/** Ground polygon of a tree's shadow (crown plus trunk). */
export function treeShadow(ctx: Ctx, t: Tree): Vec3[][] {
  const shape = SPECIES[t.kind];
  const centre = vec(t.at.x, t.height * shape.centre, t.at.z);
  const c = shadowPoint(ctx, centre);
  const sun = ctx.atm.sun;
  const along = normalize(vec(sun.x, 0, sun.z));
  const across = vec(-along.z, 0, along.x);
  const r = t.spread * 0.5 * 0.85;
  // Flat crowns cast round shadows; rounded ones stretch with a low sun.
  const stretch = t.kind === 'acacia' ? 1.1 : Math.min(3.5, 1 / Math.max(0.25, sun.y));
  const crown: Vec3[] = [];
  for (let i = 0; i < 20; i++) {
    const a = (i / 20) * Math.PI * 2;
    const ra = r * (0.85 + 0.15 * Math.sin(a * 3 + t.seed));
    crown.push(
      vec(
        c.x + along.x * Math.cos(a) * ra * stretch + across.x * Math.sin(a) * ra,
        0,
        c.z + along.z * Math.cos(a) * ra * stretch + across.z * Math.sin(a) * ra,
      ),
    );
  }
  const top = shadowPoint(ctx, vec(t.at.x, t.height * 0.5, t.at.z));
  return [crown, band(t.at, top, across, 0.15, 0.15)];
}

export interface Shrub {
  at: Vec3;
  width: number;
  height: number;
  flowers?: Rgb;
  seed: number;
}

export function shrubDrawable(ctx: Ctx, sh: Shrub): Drawable {
  const r = sh.width * 0.3;
  return sprite(sh.at, r, r, sh.height, () => paintShrub(ctx, sh));
}

function paintShrub(ctx: Ctx, sh: Shrub): void {
  const { cam, svg, atm } = ctx;
  const base = cam.project(sh.at);
  if (!base) return;
  const rng = new Rng(sh.seed);
  const s = cam.scaleAt(sh.at);
  const distance = length(sub(sh.at, cam.pos));
  const [lit, dark] = foliage(ctx, hex(rng.pick(['#4c6e36', '#5b7b3c', '#3f5f33', '#6a7f45'])), distance);
  const side = sunSide(ctx);
  const rx = (sh.width / 2) * s;
  const ry = sh.height * s;
  const shading = [stop(0, lit), stop(1, dark)];
  const volume = svg.linear(shading, base.x + side * rx, base.y - ry, base.x - side * rx * 0.5, base.y, true);
  const parts = rng.int(2, 4);
  let under = '';
  let body = '';
  for (let i = 0; i < parts; i++) {
    const x = base.x + (i / (parts - 1) - 0.5) * rx * 0.9;
    const r = rx * rng.range(0.45, 0.65);
    const h = ry * rng.range(0.4, 0.55);
    under += leafyBlob(rng, x - side * r * 0.06, base.y - h * 0.9, r, h, 0.16);
    body += leafyBlob(rng, x + side * r * 0.03, base.y - h * 1.02, r * 0.96, h * 0.95, 0.16);
  }
  svg.path(under, { fill: dark });
  svg.path(body, { fill: volume });
  const dotSize = Math.min(3.2, Math.max(1, ry * 0.06));
  let dots = '';
  let flowers = '';
  const n = Math.min(700, Math.round((rx * ry) / (dotSize * dotSize) / 5));
  for (let i = 0; i < n; i++) {
    const x = base.x + rng.range(-0.85, 0.85) * rx;
    const y = base.y - rng.range(0.1, 1.5) * ry * 0.6 * (1 - ((x - base.x) / rx) ** 2 * 0.5);
    const mark = `M${f(x)} ${f(y)}h0.01`;
    if (sh.flowers && rng.chance(0.35)) flowers += mark;
    else dots += mark;
  }
  const style = { fill: 'none', 'stroke-width': dotSize, 'stroke-linecap': 'round' };
  svg.path(dots, { ...style, stroke: rng.chance(0.5) ? dark : lighten(lit, 0.1), 'stroke-opacity': 0.55 });
  if (!sh.flowers) return;
  const petals = hazed(multiply(sh.flowers, mixLight(ctx, 0.8)), distance, atm);
  svg.path(flowers, { ...style, 'stroke-width': dotSize * 1.4, stroke: petals });
}

export type Person = ReturnType<typeof randomPerson>;

export function personDrawable(ctx: Ctx, p: Person): Drawable {
  return sprite(p.at, 0.25, 0.15, p.height, () => paintPerson(ctx, p));
}

function paintPerson(ctx: Ctx, p: Person): void {
  const { cam, svg } = ctx;
  const b = cam.project(p.at);
  if (!b) return;
  const s = cam.scaleAt(p.at);
  const h = p.height * s;
  const light = mixLight(ctx, 0.6);
  const cloth = multiply(p.clothing, light);
  const trousers = multiply(darken(p.clothing, 0.55), light);
  const skin = multiply(p.skin, light);
  const x = b.x;
  const y = b.y;
  const stride = p.walking ? 0.09 * h : 0.03 * h;
  const limbs = (d: string, stroke: Rgb, width: number): void =>
    svg.path(d, { stroke, 'stroke-width': width, 'stroke-linecap': 'round', fill: 'none' });
  const leg = (dx: number): string => `M${f(x + dx * 0.3)} ${f(y - h * 0.5)}L${f(x + dx)} ${f(y)}`;
  limbs(leg(-stride) + leg(stride), trousers, Math.max(0.8, h * 0.07));
  // Torso: a tapered, rounded shape from shoulders to hips.
  const sw = h * 0.13;
  const hw = h * 0.1;
  const top = y - h * 0.82;
  const hip = y - h * 0.47;
  svg.path(
    `M${f(x - sw)} ${f(top + sw * 0.4)}Q${f(x - sw)} ${f(top)} ${f(x)} ${f(top)}Q${f(x + sw)} ${f(top)} ${f(x + sw)} ${f(top + sw * 0.4)}L${f(x + hw)} ${f(hip)}L${f(x - hw)} ${f(hip)}Z`,
    { fill: cloth },
  );
  // Arms hanging from the shoulders (`k` = −1 left, 1 right), swinging with the stride.
  const arm = (k: number): string =>
    `M${f(x + k * sw * 0.95)} ${f(top + sw * 0.5)}L${f(x + k * sw * 1.05 + k * stride * 0.3)} ${f(y - h * 0.5)}`;
  limbs(arm(-1) + arm(1), cloth, Math.max(0.6, h * 0.05));
  svg.ellipse(x, y - h * 0.9, h * 0.055, h * 0.068, skin);
  svg.ellipse(x, y - h * 0.935, h * 0.057, h * 0.04, darken(skin, 0.5));
}

export function personShadow(ctx: Ctx, p: Person): Vec3[] {
  const head = shadowPoint(ctx, vec(p.at.x, p.height, p.at.z));
  const along = normalize(sub(head, p.at));
  const w = 0.2;
  return band(p.at, head, vec(-along.z * w, 0, along.x * w), 1, 0.6);
}

/** A ground quad from `a` to `b`, `across` × `wa` to either side at `a` and × `wb` at `b`. */
function band(a: Vec3, b: Vec3, across: Vec3, wa: number, wb: number): Vec3[] {
  return [
    vec(a.x + across.x * wa, 0, a.z + across.z * wa),
    vec(b.x + across.x * wb, 0, b.z + across.z * wb),
    vec(b.x - across.x * wb, 0, b.z - across.z * wb),
    vec(a.x - across.x * wa, 0, a.z - across.z * wa),
  ];
}

/** A random, plausible passer-by. */
export function randomPerson(rng: Rng, at: Vec3) {
  return {
    at,
    height: rng.range(1.6, 1.85),
    clothing: hex(rng.pick(['#d8d2c4', '#2f3b4f', '#8a3b2e', '#e6e0d2', '#3f5a4a', '#c48a3a', '#5a4a6a'])),
    skin: hex(rng.pick(['#5a3a28', '#6b452f', '#4a2f22', '#8a5a3c', '#c08a64'])),
    walking: rng.chance(0.6),
  };
}

interface HousePlant {
  /** Top centre of the pot. */
  at: Vec3;
  height: number;
  kind: 'fig' | 'bush';
  seed: number;
}

/** Indoor plant as a sprite: stems and individual leaves, lit from the windows. */
export function housePlantDrawable(ctx: Ctx, p: HousePlant): Drawable {
  return sprite(p.at, 0.3, 0.3, p.at.y + p.height, () => paintHousePlant(ctx, p));
}

function paintHousePlant(ctx: Ctx, p: HousePlant): void {
  const { cam, svg } = ctx;
  const base = cam.project(p.at);
  if (!base) return;
  const rng = new Rng(p.seed);
  const s = cam.scaleAt(p.at);
  const leaf = hex(rng.pick(['#3f6b35', '#4d7a3a', '#35603a']));
  const lit = multiply(leaf, mixLight(ctx, 1));
  const dark = scale(multiply(leaf, mixLight(ctx, 0)), 0.75);
  const side = sunSide(ctx);
  const stems: string[] = [];
  const leaves: { x: number; y: number; a: number; len: number; wid: number; f: number }[] = [];
  const count = p.kind === 'fig' ? rng.int(18, 28) : rng.int(12, 18);
  for (let i = 0; i < count; i++) {
    const t = rng.range(0.25, 1);
    const lean = rng.range(-0.45, 0.45) * p.height;
    const x = base.x + lean * s * 0.6 * t;
    const y = base.y - t * p.height * s;
    stems.push(
      `M${f(base.x + lean * 0.05 * s)} ${f(base.y)}Q${f(base.x + lean * 0.1 * s)} ${f((base.y + y) / 2)} ${f(x)} ${f(y)}`,
    );
    // Fiddle-leaf fig: few big leaves; bush: many small ones.
    const n = p.kind === 'fig' ? 1 : rng.int(3, 5);
    for (let k = 0; k < n; k++) {
      const len = (p.kind === 'fig' ? rng.range(0.18, 0.3) : rng.range(0.08, 0.13)) * s;
      const jx = k === 0 ? 0 : rng.range(-1, 1) * len;
      const jy = k === 0 ? 0 : rng.range(-1, 1) * len;
      leaves.push({
        x: x + jx,
        y: y + jy,
        a: rng.range(-Math.PI * 0.95, -Math.PI * 0.05),
        len,
        wid: len * 0.5,
        f: 0.5 + (side * lean) / p.height - (1 - t) * 0.3,
      });
    }
  }
  const stalks = { fill: 'none', stroke: darken(leaf, 0.4), 'stroke-width': Math.max(0.7, s * 0.012) };
  svg.path(stems.join(''), stalks);
  leaves.sort((a, b) => a.f - b.f);
  for (const l of leaves) {
    const dx = (Math.cos(l.a) * l.len) / 2;
    const dy = (Math.sin(l.a) * l.len) / 2;
    const nx = (-Math.sin(l.a) * l.wid) / 2;
    const ny = (Math.cos(l.a) * l.wid) / 2;
    const c = mix(dark, lit, Math.max(0, Math.min(1, l.f + rng.range(-0.2, 0.2))));
    const tip = `${f(l.x + dx)} ${f(l.y + dy)}`;
    const stalk = `${f(l.x - dx)} ${f(l.y - dy)}`;
    svg.path(
      `M${stalk}Q${f(l.x + nx * 2)} ${f(l.y + ny * 2)} ${tip}Q${f(l.x - nx * 2)} ${f(l.y - ny * 2)} ${stalk}Z`,
      { fill: c },
    );
    svg.path(`M${stalk}Q${f(l.x - nx * 2)} ${f(l.y - ny * 2)} ${tip}Z`, { fill: darken(c, 0.18) });
  }
}

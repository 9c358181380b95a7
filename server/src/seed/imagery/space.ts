/**
 * Minimal 3D: vectors, a pinhole camera and painter's ordering.
 *
 * World axes: x to the right, y up (metres above the ground), z away from the
 * viewer. The camera only turns about the vertical axis (no pitch), so
 * verticals stay vertical — the look of an architectural photograph taken with
 * a shift lens. The shift itself is the horizon height `cy` on the image.
 */
import type { Pt } from './svg';

export interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export const vec = (x: number, y: number, z: number): Vec3 => ({ x, y, z });
export const add = (a: Vec3, b: Vec3): Vec3 => vec(a.x + b.x, a.y + b.y, a.z + b.z);
export const sub = (a: Vec3, b: Vec3): Vec3 => vec(a.x - b.x, a.y - b.y, a.z - b.z);
export const times = (a: Vec3, k: number): Vec3 => vec(a.x * k, a.y * k, a.z * k);
export const dot = (a: Vec3, b: Vec3): number => a.x * b.x + a.y * b.y + a.z * b.z;
export const length = (a: Vec3): number => Math.hypot(a.x, a.y, a.z);
export const normalize = (a: Vec3): Vec3 => times(a, 1 / (length(a) || 1));
export const UP: Vec3 = vec(0, 1, 0);

/** Where the view-space segment from `a` to `b` crosses the plane at depth `near`. */
function cut(a: Vec3, b: Vec3, near: number): Vec3 {
  const t = (near - a.z) / (b.z - a.z);
  return vec(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, near);
}

export class Camera {
  readonly forward: Vec3;
  readonly right: Vec3;

  /**
   * @param yaw radians; 0 looks along +z, positive turns towards +x.
   * @param focal focal length in pixels.
   * @param cx, cy image position of the vanishing point straight ahead (cy is the horizon).
   */
  constructor(
    readonly pos: Vec3,
    readonly yaw: number,
    readonly focal: number,
    readonly cx: number,
    readonly cy: number,
    readonly near = 0.2,
  ) {
    this.forward = vec(Math.sin(yaw), 0, Math.cos(yaw));
    this.right = vec(Math.cos(yaw), 0, -Math.sin(yaw));
  }

  /** Camera-space coordinates: x right, y up, z depth. */
  toView(p: Vec3): Vec3 {
    const d = sub(p, this.pos);
    return vec(dot(d, this.right), d.y, dot(d, this.forward));
  }

  protected toScreen(v: Vec3): Pt {
    return { x: this.cx + (this.focal * v.x) / v.z, y: this.cy - (this.focal * v.y) / v.z };
  }

  depth(p: Vec3): number {
    return this.toView(p).z;
  }

  project(p: Vec3): Pt | undefined {
    const v = this.toView(p);
    return v.z < this.near ? undefined : this.toScreen(v);
  }

  /** Screen position of a direction at infinity (sun, vanishing points). */
  projectDirection(d: Vec3): Pt | undefined {
    const z = dot(d, this.forward);
    if (z <= 1e-6) return undefined;
    return { x: this.cx + (this.focal * dot(d, this.right)) / z, y: this.cy - (this.focal * d.y) / z };
  }

  /**
   * Projects a planar polygon, clipping it against the near plane first (or a farther one: a ground
   * polygon reaching behind the camera would otherwise project to coordinates too large to render).
   */
  projectPolygon(ps: readonly Vec3[], near = this.near): Pt[] {
    const view = ps.map((p) => this.toView(p));
    const out: Pt[] = [];
    for (let i = 0; i < view.length; i++) {
      const a = view[i]!;
      const b = view[(i + 1) % view.length]!;
      const aIn = a.z >= near;
      const bIn = b.z >= near;
      if (aIn) out.push(this.toScreen(a));
      if (aIn !== bIn) out.push(this.toScreen(cut(a, b, near)));
    }
    return out;
  }

  /** Projects segments, cut at the near plane; those wholly behind it are left out. */
  projectSegments(segs: readonly (readonly [Vec3, Vec3])[]): [Pt, Pt][] {
    const { near } = this;
    return segs.flatMap(([a, b]) => {
      const va = this.toView(a);
      const vb = this.toView(b);
      if (va.z < near && vb.z < near) return [];
      return [
        [
          this.toScreen(va.z < near ? cut(va, vb, near) : va),
          this.toScreen(vb.z < near ? cut(vb, va, near) : vb),
        ],
      ];
    });
  }

  /** The ground point (height `y`) seen at image position (px, py), if below the horizon. */
  groundAt(px: number, py: number, y = 0): Vec3 | undefined {
    const h = this.pos.y - y;
    if (py <= this.cy + 0.5 || h <= 0) return undefined;
    const depth = (this.focal * h) / (py - this.cy);
    const side = ((px - this.cx) * depth) / this.focal;
    return vec(
      this.pos.x + this.right.x * side + this.forward.x * depth,
      y,
      this.pos.z + this.right.z * side + this.forward.z * depth,
    );
  }

  /** Pixels per metre for something at the depth of `p`. */
  scaleAt(p: Vec3): number {
    return this.focal / Math.max(this.near, this.depth(p));
  }

  /** Whether a surface through `p` with outward normal `n` faces the camera. */
  sees(p: Vec3, n: Vec3): boolean {
    return dot(n, sub(this.pos, p)) > 1e-9;
  }
}

/**
 * The world mirrored in still water at y = 0, as the camera sees it: the picture from a camera as far below
 * the surface as this one is above it, turned upside down about the horizon. Faces are culled from below,
 * so a reflection shows soffits, as real ones do.
 */
export class MirrorCamera extends Camera {
  constructor(real: Camera) {
    super(vec(real.pos.x, -real.pos.y, real.pos.z), real.yaw, real.focal, real.cx, real.cy, real.near);
  }

  protected override toScreen(v: Vec3): Pt {
    const p = super.toScreen(v);
    return { x: p.x, y: 2 * this.cy - p.y };
  }
}

/** Axis-aligned box in world metres. */
export type Box = Record<'x0' | 'x1' | 'y0' | 'y1' | 'z0' | 'z1', number>;

export const box = (x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): Box => ({
  x0: Math.min(x0, x1),
  x1: Math.max(x0, x1),
  y0: Math.min(y0, y1),
  y1: Math.max(y0, y1),
  z0: Math.min(z0, z1),
  z1: Math.max(z0, z1),
});

export function boxCorners(b: Box): Vec3[] {
  return [b.x0, b.x1].flatMap((x) => [b.y0, b.y1].flatMap((y) => [b.z0, b.z1].map((z) => vec(x, y, z))));
}

export type Side = 'front' | 'back' | 'left' | 'right';
type FaceName = Side | 'top' | 'bottom';

/**
 * The six faces of a box with outward normals (front faces -z, towards a typical viewer), each with its
 * corners anticlockwise seen from outside, as low (0) or high (1) x, y and z.
 */
const FACES: readonly [FaceName, Vec3, string][] = [
  ['front', vec(0, 0, -1), '000 100 110 010'],
  ['back', vec(0, 0, 1), '101 001 011 111'],
  ['left', vec(-1, 0, 0), '001 000 010 011'],
  ['right', vec(1, 0, 0), '100 101 111 110'],
  ['top', vec(0, 1, 0), '010 110 111 011'],
  ['bottom', vec(0, -1, 0), '001 101 100 000'],
];

export function boxFaces(b: Box) {
  return FACES.map(([name, normal, corners]) => ({
    name,
    normal,
    pts: corners
      .split(' ')
      .map(([x, y, z]) => vec(x === '1' ? b.x1 : b.x0, y === '1' ? b.y1 : b.y0, z === '1' ? b.z1 : b.z0)),
  }));
}

/**
 * Local 2D frame on a vertical face, as seen from outside: `u` runs to the
 * right along the face, `v` is height above the face's bottom edge.
 */
export interface Frame {
  origin: Vec3;
  u: Vec3;
  n: Vec3;
  width: number;
  height: number;
}

export function sideFrame(b: Box, side: Side): Frame {
  const { pts, normal: n } = boxFaces(b).find((f) => f.name === side)!;
  const u = vec(-n.z, 0, n.x);
  return { origin: pts[0]!, u, n, width: dot(sub(pts[1]!, pts[0]!), u), height: b.y1 - b.y0 };
}

/** World point at (u, v) on a frame, `depth` metres behind its surface. */
export function onFrame(f: Frame, u: number, v: number, depth = 0): Vec3 {
  return vec(f.origin.x + f.u.x * u - f.n.x * depth, f.origin.y + v, f.origin.z + f.u.z * u - f.n.z * depth);
}

/** The box from (u0, v0) on a frame to (u1, v1) standing `out` metres proud of it. */
export function frameBox(f: Frame, u0: number, v0: number, u1: number, v1: number, out: number): Box {
  const a = onFrame(f, u0, v0);
  const b = onFrame(f, u1, v1, -out);
  return box(a.x, b.x, a.y, b.y, a.z, b.z);
}

/** The four sides of a recess `depth` deep behind (u0, v0)–(u1, v1), each with its normal: head, sill, jambs. */
export function revealQuads(
  f: Frame,
  u0: number,
  v0: number,
  u1: number,
  v1: number,
  depth: number,
): [Vec3[], Vec3][] {
  const side = (ua: number, va: number, ub: number, vb: number, n: Vec3): [Vec3[], Vec3] => [
    [onFrame(f, ua, va), onFrame(f, ub, vb), onFrame(f, ub, vb, depth), onFrame(f, ua, va, depth)],
    n,
  ];
  return [
    side(u0, v1, u1, v1, vec(0, -1, 0)),
    side(u0, v0, u1, v0, UP),
    side(u0, v0, u0, v1, f.u),
    side(u1, v0, u1, v1, vec(-f.u.x, 0, -f.u.z)),
  ];
}

/** The middle of the segment a–b (of a quad's diagonal, its centre). */
export const midpoint = (a: Vec3, b: Vec3): Vec3 => vec((a.x + b.x) / 2, (a.y + b.y) / 2, (a.z + b.z) / 2);

export function frameQuad(f: Frame, u0: number, v0: number, u1: number, v1: number, depth = 0): Vec3[] {
  return [
    onFrame(f, u0, v0, depth),
    onFrame(f, u1, v0, depth),
    onFrame(f, u1, v1, depth),
    onFrame(f, u0, v1, depth),
  ];
}

export interface Drawable {
  min: Vec3;
  max: Vec3;
  draw: () => void;
}

const AXES = ['x', 'y', 'z'] as const;

/**
 * Orders drawables back to front. Boxes separated along some axis are
 * ordered exactly (the one on the eye's side of the gap is in front);
 * overlapping ones fall back to the distance of their centres.
 */
export function paintersOrder(items: readonly Drawable[], eye: Vec3): Drawable[] {
  const n = items.length;
  const dist = items.map((it) => length(sub(midpoint(it.min, it.max), eye)));
  // behind[i] lists the items that must be painted before item i.
  const behind: number[][] = items.map(() => []);
  // Whether item i lies wholly below item j along axis k; if so, the one on the eye's side of the gap is
  // painted after the other.
  const below = (i: number, j: number, k: (typeof AXES)[number]): boolean => {
    if (items[i]!.max[k] > items[j]!.min[k] + 1e-6) return false;
    if (eye[k] >= items[j]!.min[k]) behind[j]!.push(i);
    else if (eye[k] <= items[i]!.max[k]) behind[i]!.push(j);
    return true;
  };
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      for (const k of AXES) if (below(i, j, k) || below(j, i, k)) break;
    }
  }
  const done = new Array<boolean>(n).fill(false);
  const order: Drawable[] = [];
  for (let step = 0; step < n; step++) {
    let best = -1;
    let bestFree = false;
    for (let i = 0; i < n; i++) {
      if (done[i]) continue;
      const free = behind[i]!.every((j) => done[j]);
      // Prefer items whose background is already painted, then the farthest.
      if (best < 0 || (free && !bestFree) || (free === bestFree && dist[i]! > dist[best]!)) {
        best = i;
        bestFree = free;
      }
    }
    done[best] = true;
    order.push(items[best]!);
  }
  return order;
}

/** Convex hull (monotone chain) of points on the ground plane, as xz pairs. */
export function hullXZ(ps: readonly Vec3[]): Vec3[] {
  const sorted = [...ps].sort((a, b) => a.x - b.x || a.z - b.z);
  const turn = (o: Vec3, a: Vec3, b: Vec3): number => (a.x - o.x) * (b.z - o.z) - (a.z - o.z) * (b.x - o.x);
  // One half of the hull, walking the points in the given order; its last point starts the other half.
  const chain = (points: readonly Vec3[]): Vec3[] => {
    const out: Vec3[] = [];
    for (const p of points) {
      while (out.length >= 2 && turn(out[out.length - 2]!, out[out.length - 1]!, p) <= 0) out.pop();
      out.push(p);
    }
    return out.slice(0, -1);
  };
  return [...chain(sorted), ...chain([...sorted].reverse())];
}

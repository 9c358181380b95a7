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
      if (aIn !== bIn) {
        const t = (near - a.z) / (b.z - a.z);
        out.push(this.toScreen(vec(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, near)));
      }
    }
    return out;
  }

  projectSegment(a: Vec3, b: Vec3): [Pt, Pt] | undefined {
    let va = this.toView(a);
    let vb = this.toView(b);
    if (va.z < this.near && vb.z < this.near) return undefined;
    const cut = (p: Vec3, q: Vec3): Vec3 => {
      const t = (this.near - p.z) / (q.z - p.z);
      return vec(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t, this.near);
    };
    if (va.z < this.near) va = cut(va, vb);
    else if (vb.z < this.near) vb = cut(vb, va);
    return [this.toScreen(va), this.toScreen(vb)];
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
export interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  z0: number;
  z1: number;
}

export const box = (x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): Box => ({
  x0: Math.min(x0, x1),
  x1: Math.max(x0, x1),
  y0: Math.min(y0, y1),
  y1: Math.max(y0, y1),
  z0: Math.min(z0, z1),
  z1: Math.max(z0, z1),
});

export type Side = 'front' | 'back' | 'left' | 'right';
export type FaceName = Side | 'top' | 'bottom';

export interface Face {
  name: FaceName;
  pts: Vec3[];
  normal: Vec3;
}

/** The six faces of a box with outward normals (front faces -z, towards a typical viewer). */
export function boxFaces(b: Box): Face[] {
  const { x0, x1, y0, y1, z0, z1 } = b;
  return [
    {
      name: 'front',
      normal: vec(0, 0, -1),
      pts: [vec(x0, y0, z0), vec(x1, y0, z0), vec(x1, y1, z0), vec(x0, y1, z0)],
    },
    {
      name: 'back',
      normal: vec(0, 0, 1),
      pts: [vec(x1, y0, z1), vec(x0, y0, z1), vec(x0, y1, z1), vec(x1, y1, z1)],
    },
    {
      name: 'left',
      normal: vec(-1, 0, 0),
      pts: [vec(x0, y0, z1), vec(x0, y0, z0), vec(x0, y1, z0), vec(x0, y1, z1)],
    },
    {
      name: 'right',
      normal: vec(1, 0, 0),
      pts: [vec(x1, y0, z0), vec(x1, y0, z1), vec(x1, y1, z1), vec(x1, y1, z0)],
    },
    {
      name: 'top',
      normal: vec(0, 1, 0),
      pts: [vec(x0, y1, z0), vec(x1, y1, z0), vec(x1, y1, z1), vec(x0, y1, z1)],
    },
    {
      name: 'bottom',
      normal: vec(0, -1, 0),
      pts: [vec(x0, y0, z1), vec(x1, y0, z1), vec(x1, y0, z0), vec(x0, y0, z0)],
    },
  ];
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
  const height = b.y1 - b.y0;
  switch (side) {
    case 'front':
      return { origin: vec(b.x0, b.y0, b.z0), u: vec(1, 0, 0), n: vec(0, 0, -1), width: b.x1 - b.x0, height };
    case 'back':
      return { origin: vec(b.x1, b.y0, b.z1), u: vec(-1, 0, 0), n: vec(0, 0, 1), width: b.x1 - b.x0, height };
    case 'left':
      return {
        origin: vec(b.x0, b.y0, b.z1),
        u: vec(0, 0, -1),
        n: vec(-1, 0, 0),
        width: b.z1 - b.z0,
        height,
      };
    case 'right':
      return { origin: vec(b.x1, b.y0, b.z0), u: vec(0, 0, 1), n: vec(1, 0, 0), width: b.z1 - b.z0, height };
  }
}

/** World point at (u, v) on a frame, `depth` metres behind its surface. */
export function onFrame(f: Frame, u: number, v: number, depth = 0): Vec3 {
  return vec(f.origin.x + f.u.x * u - f.n.x * depth, f.origin.y + v, f.origin.z + f.u.z * u - f.n.z * depth);
}

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
  const dist = items.map((it) =>
    Math.hypot(
      (it.min.x + it.max.x) / 2 - eye.x,
      (it.min.y + it.max.y) / 2 - eye.y,
      (it.min.z + it.max.z) / 2 - eye.z,
    ),
  );
  // behind[i] lists the items that must be painted before item i.
  const behind: number[][] = items.map(() => []);
  const eps = 1e-6;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = items[i]!;
      const b = items[j]!;
      for (const k of AXES) {
        if (a.max[k] <= b.min[k] + eps) {
          if (eye[k] >= b.min[k]) behind[j]!.push(i);
          else if (eye[k] <= a.max[k]) behind[i]!.push(j);
          break;
        }
        if (b.max[k] <= a.min[k] + eps) {
          if (eye[k] >= a.min[k]) behind[i]!.push(j);
          else if (eye[k] <= b.max[k]) behind[j]!.push(i);
          break;
        }
      }
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
  const lower: Vec3[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && turn(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Vec3[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i]!;
    while (upper.length >= 2 && turn(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/**
 * Time of day: sky colours, sun direction and the simple lighting model
 * shared by the exterior and interior painters.
 */
import { addRgb, clampRgb, hex, lighten, mix, multiply, type Rgb, scale } from './color';
import type { Rng } from './random';
import { type Camera, dot, normalize, type Vec3, vec } from './space';
import type { Svg } from './svg';

export type TimeOfDay = 'dawn' | 'morning' | 'golden' | 'dusk' | 'overcast';

export interface Atmosphere {
  time: TimeOfDay;
  zenith: Rgb;
  upper: Rgb;
  horizon: Rgb;
  /** Colour distant things fade to. */
  haze: Rgb;
  /** Unit vector towards the sun. */
  sun: Vec3;
  sunColor: Rgb;
  /** Strength of direct sunlight (0 = none, e.g. after sunset). */
  sunStrength: number;
  /** Sky fill light colour and strength. */
  ambient: Rgb;
  ambientStrength: number;
  shadow: Rgb;
  shadowOpacity: number;
  /** Probability that a window shows lit interior. */
  litWindows: number;
  cloudLit: Rgb;
  cloudShade: Rgb;
  /** 0–1, how much of the sky is cloud. */
  cloudiness: number;
}

interface Preset {
  zenith: string;
  upper: string;
  horizon: string;
  haze: string;
  elevation: [number, number];
  sunColor: string;
  sunStrength: number;
  ambient: string;
  ambientStrength: number;
  shadow: string;
  shadowOpacity: number;
  litWindows: number;
  cloudLit: string;
  cloudShade: string;
  cloudiness: [number, number];
}

const PRESETS: Record<TimeOfDay, Preset[]> = {
  dawn: [
    {
      zenith: '#6f87b4',
      upper: '#b4bdd3',
      horizon: '#f2cdb0',
      haze: '#dfcfc6',
      elevation: [5, 11],
      sunColor: '#ffcf9f',
      sunStrength: 0.75,
      ambient: '#a3acc8',
      ambientStrength: 0.62,
      shadow: '#3c4468',
      shadowOpacity: 0.38,
      litWindows: 0.3,
      cloudLit: '#ffdcca',
      cloudShade: '#b3a6bd',
      cloudiness: [0.2, 0.5],
    },
  ],
  morning: [
    {
      zenith: '#2c69b0',
      upper: '#6fa2d4',
      horizon: '#d3e2ec',
      haze: '#cbd8e0',
      elevation: [28, 46],
      sunColor: '#fff5e6',
      sunStrength: 0.72,
      ambient: '#b9c7dc',
      ambientStrength: 0.58,
      shadow: '#2b3958',
      shadowOpacity: 0.42,
      litWindows: 0,
      cloudLit: '#ffffff',
      cloudShade: '#c3cedb',
      cloudiness: [0.15, 0.55],
    },
    {
      zenith: '#3a78bd',
      upper: '#8db6dc',
      horizon: '#e1e9ea',
      haze: '#d4dde0',
      elevation: [22, 38],
      sunColor: '#fff0da',
      sunStrength: 0.75,
      ambient: '#bcc6d6',
      ambientStrength: 0.58,
      shadow: '#2e3a55',
      shadowOpacity: 0.4,
      litWindows: 0,
      cloudLit: '#ffffff',
      cloudShade: '#c9cfd8',
      cloudiness: [0.3, 0.6],
    },
  ],
  golden: [
    {
      zenith: '#4b78ae',
      upper: '#a3b8cf',
      horizon: '#f5cd92',
      haze: '#e6caa2',
      elevation: [7, 16],
      sunColor: '#ffc178',
      sunStrength: 0.98,
      ambient: '#8e9cbc',
      ambientStrength: 0.5,
      shadow: '#2f3558',
      shadowOpacity: 0.48,
      litWindows: 0.15,
      cloudLit: '#ffdcb0',
      cloudShade: '#aaa4b6',
      cloudiness: [0.15, 0.45],
    },
    {
      zenith: '#5b7fae',
      upper: '#c0b9c4',
      horizon: '#f7b877',
      haze: '#e8bf96',
      elevation: [5, 12],
      sunColor: '#ffb466',
      sunStrength: 1,
      ambient: '#8f98b8',
      ambientStrength: 0.48,
      shadow: '#33325a',
      shadowOpacity: 0.5,
      litWindows: 0.2,
      cloudLit: '#ffcf9e',
      cloudShade: '#a296ad',
      cloudiness: [0.2, 0.5],
    },
  ],
  dusk: [
    {
      zenith: '#1d2a4d',
      upper: '#58547f',
      horizon: '#ef9a63',
      haze: '#8d7f94',
      elevation: [-4, -1],
      sunColor: '#ff9a5a',
      sunStrength: 0.06,
      ambient: '#6874a3',
      ambientStrength: 0.5,
      shadow: '#1d2038',
      shadowOpacity: 0,
      litWindows: 0.8,
      cloudLit: '#f4a07a',
      cloudShade: '#5d5879',
      cloudiness: [0.1, 0.4],
    },
  ],
  overcast: [
    {
      zenith: '#8f9aa7',
      upper: '#b8c0c7',
      horizon: '#dfe2e2',
      haze: '#d3d7d8',
      elevation: [35, 55],
      sunColor: '#f4f2ee',
      sunStrength: 0.16,
      ambient: '#d9dde1',
      ambientStrength: 0.78,
      shadow: '#3a404a',
      shadowOpacity: 0.14,
      litWindows: 0.12,
      cloudLit: '#eceef0',
      cloudShade: '#a9afb7',
      cloudiness: [0.8, 1],
    },
  ],
};

export function pickTime(rng: Rng): TimeOfDay {
  return rng.weighted<TimeOfDay>([
    ['golden', 3],
    ['morning', 3],
    ['dawn', 1.5],
    ['dusk', 1.3],
    ['overcast', 1],
  ]);
}

/**
 * Builds the lighting for a time of day. `sunAzimuth` uses the camera yaw
 * convention (0 = towards +z).
 */
export function makeAtmosphere(rng: Rng, time: TimeOfDay, sunAzimuth: number): Atmosphere {
  const p = rng.pick(PRESETS[time]);
  const elevation = (rng.range(p.elevation[0], p.elevation[1]) * Math.PI) / 180;
  const sun = normalize(
    vec(
      Math.cos(elevation) * Math.sin(sunAzimuth),
      Math.sin(elevation),
      Math.cos(elevation) * Math.cos(sunAzimuth),
    ),
  );
  return {
    time,
    zenith: hex(p.zenith),
    upper: hex(p.upper),
    horizon: hex(p.horizon),
    haze: hex(p.haze),
    sun,
    sunColor: hex(p.sunColor),
    sunStrength: p.sunStrength,
    ambient: hex(p.ambient),
    ambientStrength: p.ambientStrength,
    shadow: hex(p.shadow),
    shadowOpacity: p.shadowOpacity,
    litWindows: p.litWindows,
    cloudLit: hex(p.cloudLit),
    cloudShade: hex(p.cloudShade),
    cloudiness: rng.range(p.cloudiness[0], p.cloudiness[1]),
  };
}

/** Lambert-style shading: sky fill plus direct sun on surfaces that face it. */
export function lightSurface(base: Rgb, normal: Vec3, atm: Atmosphere, occlusion = 1): Rgb {
  const sunUp = atm.sun.y > 0 ? 1 : 0;
  const k = Math.max(0, dot(normal, atm.sun)) * sunUp;
  // Surfaces facing up see more sky than walls; undersides see mostly light
  // bounced off the sunlit ground.
  const skyView = 0.78 + 0.22 * normal.y;
  const bounce =
    ((1 - normal.y) / 2) *
    0.4 *
    (Math.max(0, atm.sun.y) * atm.sunStrength * sunUp + 0.25 * atm.ambientStrength);
  const light = addRgb(
    addRgb(
      scale(atm.ambient, atm.ambientStrength * skyView * occlusion),
      scale(atm.sunColor, k * atm.sunStrength),
    ),
    scale(atm.sunColor, bounce),
  );
  return clampRgb(multiply(base, light));
}

/** Fades a colour into the haze with distance (aerial perspective). */
export function hazed(c: Rgb, distance: number, atm: Atmosphere, visibility = 900): Rgb {
  return mix(c, atm.haze, 1 - Math.exp(-distance / visibility));
}

export function isLitSide(normal: Vec3, atm: Atmosphere): boolean {
  return atm.sunStrength > 0.3 && dot(normal, atm.sun) > 0.02;
}

/** Sky gradient, sun glow and clouds above the horizon line `cam.cy`. */
export function paintSky(svg: Svg, cam: Camera, atm: Atmosphere, rng: Rng): void {
  const top = cam.cy - cam.focal * 1.1;
  svg.rect(
    0,
    0,
    svg.width,
    Math.max(0, cam.cy + 2),
    svg.linear(
      [
        { at: 0, color: atm.zenith },
        { at: 0.55, color: atm.upper },
        { at: 0.9, color: mix(atm.upper, atm.horizon, 0.75) },
        { at: 1, color: atm.horizon },
      ],
      0,
      top,
      0,
      cam.cy,
      true,
    ),
  );
  paintSunGlow(svg, cam, atm);
  paintClouds(svg, cam, atm, rng);
}

function paintSunGlow(svg: Svg, cam: Camera, atm: Atmosphere): void {
  const horizontal = normalize(vec(atm.sun.x, 0, atm.sun.z));
  const facing = dot(horizontal, cam.forward);
  const glow = atm.time === 'morning' || atm.time === 'overcast' ? lighten(atm.horizon, 0.6) : atm.horizon;
  const strength = atm.time === 'morning' ? 0.35 : atm.time === 'overcast' ? 0.2 : 0.75;
  // Glow around the sun's azimuth, even when it sits outside the frame.
  const dir = vec(horizontal.x, Math.max(atm.sun.y, 0.01), horizontal.z);
  const p = cam.projectDirection(facing > 0.05 ? dir : vec(-cam.right.x, 0.02, -cam.right.z));
  const x = p ? p.x : facing > 0 ? svg.width / 2 : -svg.width * 0.3;
  const y = p ? p.y : cam.cy;
  const r = svg.width * (facing > 0.05 ? 0.75 : 0.9);
  svg.ellipse(
    x,
    y,
    r,
    r * 0.55,
    svg.radial([
      { at: 0, color: lighten(glow, 0.35), opacity: strength * Math.max(0.35, facing) },
      { at: 0.35, color: glow, opacity: strength * 0.45 * Math.max(0.35, facing) },
      { at: 1, color: glow, opacity: 0 },
    ]),
  );
  if (p && atm.sun.y > 0 && facing > 0.05 && atm.time !== 'overcast') {
    const sun = cam.projectDirection(atm.sun);
    if (sun) {
      svg.circle(
        sun.x,
        sun.y,
        svg.width * 0.06,
        svg.radial([
          { at: 0, color: '#fffaf0', opacity: 1 },
          { at: 0.12, color: '#fff4dc', opacity: 0.95 },
          { at: 0.3, color: lighten(atm.sunColor, 0.4), opacity: 0.45 },
          { at: 1, color: atm.sunColor, opacity: 0 },
        ]),
      );
    }
  }
}

function paintClouds(svg: Svg, cam: Camera, atm: Atmosphere, rng: Rng): void {
  const lit = svg.radial([
    { at: 0, color: atm.cloudLit, opacity: 0.85 },
    { at: 0.45, color: atm.cloudLit, opacity: 0.6 },
    { at: 1, color: atm.cloudLit, opacity: 0 },
  ]);
  const shade = svg.radial([
    { at: 0, color: atm.cloudShade, opacity: 0.6 },
    { at: 0.5, color: atm.cloudShade, opacity: 0.35 },
    { at: 1, color: atm.cloudShade, opacity: 0 },
  ]);
  const halfFov = Math.atan(svg.width / 2 / cam.focal);
  // Thin high cirrus streaks.
  const streaks = atm.time === 'overcast' ? 0 : rng.int(0, 4);
  for (let i = 0; i < streaks; i++) {
    const x = rng.range(-0.1, 1.1) * svg.width;
    const y = cam.cy - cam.focal * rng.range(0.15, 0.7);
    const rx = svg.width * rng.range(0.12, 0.3);
    svg.ellipse(x, y, rx, rx * rng.range(0.025, 0.06), lit, {
      transform: `rotate(${rng.range(-8, 8).toFixed(1)} ${x.toFixed(0)} ${y.toFixed(0)})`,
    });
  }
  // Cumulus: clusters of puffs placed in a cloud layer above the ground and
  // projected, so they shrink and crowd towards the horizon like real ones.
  const count = Math.round(2 + atm.cloudiness * 8);
  const sunSide = dot(atm.sun, cam.right) >= 0 ? 1 : -1;
  const altitude = rng.range(1200, 2200);
  for (let c = 0; c < count; c++) {
    const azimuth = cam.yaw + rng.range(-halfFov - 0.2, halfFov + 0.2);
    const elevation = Math.asin(Math.min(0.9, rng.range(0.02, 0.42) ** 1.4 + 0.015));
    const distance = altitude / Math.tan(elevation);
    const centre = vec(
      cam.pos.x + Math.sin(azimuth) * distance,
      altitude,
      cam.pos.z + Math.cos(azimuth) * distance,
    );
    const size = rng.range(250, 650) * (atm.time === 'overcast' ? 2 : 1);
    const puffs = rng.int(7, 12);
    const placed: { x: number; y: number; r: number }[] = [];
    for (let i = 0; i < puffs; i++) {
      // Puffs heap up in the middle of the cloud and sit on a flat base.
      const along = rng.range(-1, 1);
      const r = size * (0.35 + 0.45 * (1 - Math.abs(along))) * rng.range(0.6, 1.1);
      const world = vec(
        centre.x + cam.right.x * along * size * 1.8,
        altitude + r * rng.range(0.2, 0.9) * (1 - Math.abs(along) * 0.5),
        centre.z + cam.right.z * along * size * 1.8,
      );
      const p = cam.project(world);
      if (!p) continue;
      const pr = (r * cam.focal) / Math.max(1, cam.depth(world));
      // Radial gradients cost in proportion to their area: skip what is off-frame.
      if (p.x + pr * 1.3 < 0 || p.x - pr * 1.3 > svg.width || p.y + pr < 0 || p.y - pr > cam.cy) continue;
      placed.push({ x: p.x, y: p.y, r: pr });
    }
    // A lone puff left over at the frame edge reads as a blob, not a cloud.
    if (placed.length < 3) continue;
    for (const q of placed) svg.ellipse(q.x, q.y + q.r * 0.2, q.r * 1.3, q.r * 0.6, shade);
    for (const q of placed) {
      svg.ellipse(q.x + sunSide * q.r * 0.12, q.y - q.r * 0.12, q.r * 1.1, q.r * 0.62, lit);
    }
  }
}

/** Distant hills and a tree line along the horizon: gives the ground plane a far edge. */
export function paintHorizonLand(svg: Svg, cam: Camera, atm: Atmosphere, rng: Rng, greenery: Rgb): void {
  const w = svg.width;
  const hillColour = mix(atm.haze, hex('#5d6f7d'), atm.time === 'dusk' ? 0.55 : 0.3);
  const phases = [rng.range(0, 6), rng.range(0, 6), rng.range(0, 6)];
  const amp = cam.focal * rng.range(0.008, 0.03);
  let d = `M0 ${cam.cy + 1}`;
  for (let x = 0; x <= w; x += 8) {
    const t = x / w;
    const h =
      amp *
      (0.55 +
        0.3 * Math.sin(t * 5.1 + phases[0]!) +
        0.2 * Math.sin(t * 11.3 + phases[1]!) +
        0.1 * Math.sin(t * 23 + phases[2]!));
    d += `L${x} ${(cam.cy - Math.max(0, h)).toFixed(1)}`;
  }
  d += `L${w} ${cam.cy + 1}Z`;
  svg.path(d, {
    fill: svg.linear(
      [
        { at: 0, color: hillColour },
        { at: 1, color: mix(hillColour, atm.haze, 0.4) },
      ],
      0,
      0,
      0,
      1,
    ),
  });

  // Tree line: an irregular band of crowns, in groups with gaps between them.
  const treeColour = mix(atm.haze, darkenFor(greenery, atm), 0.5);
  const unit = cam.focal * 0.0035;
  let t = `M0 ${cam.cy + 2}`;
  let x = 0;
  let group = rng.range(0, 1);
  while (x <= w) {
    group -= rng.range(0.02, 0.08);
    if (group < 0) {
      // Open ground between groups of trees.
      const gap = unit * rng.range(3, 25);
      t += `L${x.toFixed(1)} ${(cam.cy - unit * 0.15).toFixed(1)}L${(x + gap).toFixed(1)} ${(cam.cy - unit * 0.15).toFixed(1)}`;
      x += gap;
      group = rng.range(0.3, 1);
      continue;
    }
    const r = unit * rng.range(0.5, 1.6) * (rng.chance(0.1) ? 1.8 : 1);
    const h = unit * rng.range(0.6, 1.8) + r;
    t += `L${x.toFixed(1)} ${(cam.cy - h * 0.55).toFixed(1)}`;
    t += `Q${(x + r * rng.range(0.6, 1.4)).toFixed(1)} ${(cam.cy - h * 1.25).toFixed(1)} ${(x + r * 2).toFixed(1)} ${(cam.cy - h * 0.55).toFixed(1)}`;
    x += r * rng.range(1.2, 2);
  }
  t += `L${w} ${cam.cy + 2}Z`;
  svg.path(t, { fill: treeColour });
}

function darkenFor(c: Rgb, atm: Atmosphere): Rgb {
  return multiply(c, scale(atm.ambient, atm.ambientStrength * 1.1));
}

/**
 * Time of day: sky colours, sun direction and the simple lighting model
 * shared by the exterior and interior painters.
 */
import { addRgb, clampRgb, hex, lighten, mix, multiply, type Rgb, scale } from './color';
import type { Rng } from './random';
import { type Camera, dot, normalize, type Vec3, vec } from './space';
import { type Svg, stop } from './svg';

export type TimeOfDay = 'dawn' | 'morning' | 'golden' | 'dusk' | 'overcast';

/**
 * The light of a time of day: the sky's colours; `haze`, the colour distant things fade to; `sun`, a unit
 * vector towards the sun, its colour and its strength (0 after sunset); the sky's fill light (`ambient`) and
 * its strength; the colour and opacity of shadows; `litWindows`, the chance that a window shows a lit room;
 * the colours of clouds and `cloudiness`, how much of the sky (0–1) they cover.
 */
export type Atmosphere = ReturnType<typeof makeAtmosphere>;

// One look of the sky a line: time; colours of the zenith, upper sky, horizon, haze, sun, ambient light,
// shadows, lit and shaded cloud; sun elevation (degrees, from to); strength of sun, ambient light and
// shadows; share of lit windows; cloudiness (from to).
type Numbers = [number, number, number, number, number, number, number, number];
const PRESETS = [
  'dawn 6f87b4 b4bdd3 f2cdb0 dfcfc6 ffcf9f a3acc8 3c4468 ffdcca b3a6bd 5 11 0.75 0.62 0.38 0.3 0.2 0.5',
  'morning 2c69b0 6fa2d4 d3e2ec cbd8e0 fff5e6 b9c7dc 2b3958 ffffff c3cedb 28 46 0.72 0.58 0.42 0 0.15 0.55',
  'morning 3a78bd 8db6dc e1e9ea d4dde0 fff0da bcc6d6 2e3a55 ffffff c9cfd8 22 38 0.75 0.58 0.4 0 0.3 0.6',
  'golden 4b78ae a3b8cf f5cd92 e6caa2 ffc178 8e9cbc 2f3558 ffdcb0 aaa4b6 7 16 0.98 0.5 0.48 0.15 0.15 0.45',
  'golden 5b7fae c0b9c4 f7b877 e8bf96 ffb466 8f98b8 33325a ffcf9e a296ad 5 12 1 0.48 0.5 0.2 0.2 0.5',
  'dusk 1d2a4d 58547f ef9a63 8d7f94 ff9a5a 6874a3 1d2038 f4a07a 5d5879 -4 -1 0.06 0.5 0 0.8 0.1 0.4',
  'overcast 8f9aa7 b8c0c7 dfe2e2 d3d7d8 f4f2ee d9dde1 3a404a eceef0 a9afb7 35 55 0.16 0.78 0.14 0.12 0.8 1',
].map((line) => {
  const [time, ...rest] = line.split(' ');
  const colours = rest.slice(0, 9).map((c) => hex(c)) as [Rgb, Rgb, Rgb, Rgb, Rgb, Rgb, Rgb, Rgb, Rgb];
  return { time: time as TimeOfDay, colours, n: rest.slice(9).map(Number) as Numbers };
});

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
export function makeAtmosphere(rng: Rng, time: TimeOfDay, sunAzimuth: number) {
  const { colours, n } = rng.pick(PRESETS.filter((p) => p.time === time));
  const [zenith, upper, horizon, haze, sunColor, ambient, shadow, cloudLit, cloudShade] = colours;
  const [e0, e1, sunStrength, ambientStrength, shadowOpacity, litWindows, c0, c1] = n;
  const elevation = (rng.range(e0, e1) * Math.PI) / 180;
  const across = Math.cos(elevation);
  const sun = normalize(
    vec(across * Math.sin(sunAzimuth), Math.sin(elevation), across * Math.cos(sunAzimuth)),
  );
  return {
    ...{ time, zenith, upper, horizon, haze, sun, sunColor, ambient, shadow, cloudLit, cloudShade },
    ...{ sunStrength, ambientStrength, shadowOpacity, litWindows, cloudiness: rng.range(c0, c1) },
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
  const sky = scale(atm.ambient, atm.ambientStrength * skyView * occlusion);
  const light = addRgb(addRgb(sky, scale(atm.sunColor, k * atm.sunStrength)), scale(atm.sunColor, bounce));
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
  const sky = [
    stop(0, atm.zenith),
    stop(0.55, atm.upper),
    stop(0.9, mix(atm.upper, atm.horizon, 0.75)),
    stop(1, atm.horizon),
  ];
  svg.rect(0, 0, svg.width, Math.max(0, cam.cy + 2), svg.vertical(sky, top, cam.cy));
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
  const halo = [
    stop(0, lighten(glow, 0.35), strength * Math.max(0.35, facing)),
    stop(0.35, glow, strength * 0.45 * Math.max(0.35, facing)),
    stop(1, glow, 0),
  ];
  svg.ellipse(x, y, r, r * 0.55, svg.radial(halo));
  const sun = p && atm.sun.y > 0 && facing > 0.05 && atm.time !== 'overcast' && cam.projectDirection(atm.sun);
  if (!sun) return;
  const disc = [
    stop(0, '#fffaf0', 1),
    stop(0.12, '#fff4dc', 0.95),
    stop(0.3, lighten(atm.sunColor, 0.4), 0.45),
    stop(1, atm.sunColor, 0),
  ];
  svg.circle(sun.x, sun.y, svg.width * 0.06, svg.radial(disc));
}

function paintClouds(svg: Svg, cam: Camera, atm: Atmosphere, rng: Rng): void {
  // A puff: opaque at its heart, `mid` opaque at `at` of its radius, fading out at the edge.
  const puff = (c: Rgb, heart: number, at: number, mid: number): string =>
    svg.radial([stop(0, c, heart), stop(at, c, mid), stop(1, c, 0)]);
  const lit = puff(atm.cloudLit, 0.85, 0.45, 0.6);
  const shade = puff(atm.cloudShade, 0.6, 0.5, 0.35);
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
  const [p1, p2, p3] = [rng.range(0, 6), rng.range(0, 6), rng.range(0, 6)];
  const amp = cam.focal * rng.range(0.008, 0.03);
  let d = `M0 ${cam.cy + 1}`;
  for (let x = 0; x <= w; x += 8) {
    const t = x / w;
    const h =
      amp *
      (0.55 + 0.3 * Math.sin(t * 5.1 + p1) + 0.2 * Math.sin(t * 11.3 + p2) + 0.1 * Math.sin(t * 23 + p3));
    d += `L${x} ${(cam.cy - Math.max(0, h)).toFixed(1)}`;
  }
  d += `L${w} ${cam.cy + 1}Z`;
  svg.path(d, { fill: svg.linear([stop(0, hillColour), stop(1, mix(hillColour, atm.haze, 0.4))]) });

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

/**
 * Exterior architectural photographs: a 3D scene of building volumes,
 * vegetation and people under a sky, seen through a level camera with a
 * shifted horizon (two-point perspective, as with a shift lens).
 */
import { makeAtmosphere, paintHorizonLand, paintSky, pickTime } from './atmosphere';
import { EXTERIOR_SCENES, type ExteriorScene, type ExteriorSubject } from './exterior-scenes';
import { volumeDrawable } from './facade';
import { paintGroundPlane, paintRipples, paintWater } from './ground';
import { Rng } from './random';
import { boxDrawable, type Ctx, makeCtx, paintGlow, paintGroundShadows, projectGround } from './scene';
import { add, Camera, type Drawable, MirrorCamera, paintersOrder, times, type Vec3, vec } from './space';
import { polyPath, type Svg } from './svg';
import {
  personDrawable,
  personShadow,
  type Shrub,
  shrubDrawable,
  treeDrawable,
  treeShadow,
} from './vegetation';

export function paintExterior(svg: Svg, seed: number, subject: ExteriorSubject): void {
  const rng = new Rng(seed);
  const scene = EXTERIOR_SCENES[subject](rng.fork(), svg.width, svg.height);
  const cam = scene.camera ?? frameCamera(scene.eye, scene.focus, svg.width, svg.height, rng);
  const time = scene.time ?? pickTime(rng);
  // Sun mostly behind the photographer's shoulder, sometimes raking from the front side.
  const side = rng.sign();
  const behind = time === 'golden' && rng.chance(0.3) ? rng.range(2.0, 2.4) : rng.range(0.6, 1.45);
  const atm = makeAtmosphere(rng, time, cam.yaw + Math.PI + side * behind);
  const ctx = makeCtx(svg, cam, atm, rng.fork());

  paintSky(svg, cam, atm, rng);
  paintHorizonLand(svg, cam, atm, rng, scene.greenery);
  paintGroundPlane(ctx, scene.groundBase);
  scene.paintGround(ctx);
  if (scene.water) paintLake(ctx, scene, scene.water);

  const shadowBoxes = [...scene.volumes.map((v) => v.box), ...scene.solids.map((s) => s.box)];
  const shadowPolys = [
    ...scene.trees.flatMap((t) => treeShadow(ctx, t)),
    ...scene.people.map((p) => personShadow(ctx, p)),
  ];
  paintGroundShadows(ctx, [...shadowBoxes, ...scene.shadowOnly], shadowPolys);
  if (atm.time === 'dusk') paintDuskLights(ctx, scene);

  const shrubs = scene.foregroundPlants
    ? [...scene.shrubs, ...foregroundPlants(rng, cam, svg.width)]
    : scene.shrubs;
  for (const d of paintersOrder(drawables(ctx, scene, shrubs), cam.pos)) d.draw();
}

function drawables(ctx: Ctx, scene: ExteriorScene, shrubs: readonly Shrub[]): Drawable[] {
  return [
    ...scene.volumes.map((v) => volumeDrawable(ctx, v)),
    ...scene.solids.map((s) => boxDrawable(ctx, s.box, s.colour, s)),
    ...scene.extras(ctx),
    ...scene.trees.map((t) => treeDrawable(ctx, t)),
    ...shrubs.map((s) => shrubDrawable(ctx, s)),
    ...scene.people.map((p) => personDrawable(ctx, p)),
  ];
}

/** A lake: water, the scene mirrored in it (clipped to it, half absorbed), and ripples over both. */
function paintLake(ctx: Ctx, scene: ExteriorScene, water: Vec3[][]): void {
  const { svg, cam } = ctx;
  paintWater(ctx, water);
  const clip = svg.define(
    (id) =>
      `<clipPath id="${id}"><path d="${water.map((a) => polyPath(projectGround(ctx, a))).join('')}"/></clipPath>`,
  );
  const mirror: Ctx = { ...ctx, cam: new MirrorCamera(cam), rng: ctx.rng.fork() };
  svg.open({ 'clip-path': `url(#${clip})`, opacity: 0.5 });
  for (const d of paintersOrder(drawables(mirror, scene, scene.shrubs), mirror.cam.pos)) d.draw();
  svg.close();
  paintRipples(ctx, water);
}

/** Shrubs close to the camera, cut by the lower corners of the frame: depth, as in real photographs. */
function foregroundPlants(rng: Rng, cam: Camera, width: number): Shrub[] {
  const out: Shrub[] = [];
  const tanHalf = width / 2 / cam.focal;
  for (const side of [-1, 1]) {
    if (!rng.chance(0.45)) continue;
    const d = rng.range(5, 8);
    const lateral = side * d * tanHalf * rng.range(0.8, 1.05);
    const at = add(add(cam.pos, times(cam.forward, d)), times(cam.right, lateral));
    out.push({
      at: vec(at.x, 0, at.z),
      width: rng.range(1.6, 2.6),
      height: rng.range(0.6, 1.1),
      seed: rng.int(0, 1e9),
    });
  }
  return out;
}

/** Warm pools of light on the ground in front of lit glazing at dusk. */
function paintDuskLights(ctx: Ctx, scene: ExteriorScene): void {
  for (const v of scene.volumes) {
    if (v.box.y0 > 0.5) continue;
    const front = vec((v.box.x0 + v.box.x1) / 2, 0, v.box.z0 - 1.5);
    paintGlow(ctx, front, (v.box.x1 - v.box.x0) * 0.3, [255, 190, 120], 0.18);
  }
}

/**
 * Aims and sizes the camera so the focus points fill the frame with some
 * margin: yaw centres them, focal length fits them horizontally and the
 * horizon height (lens shift) keeps the roofline inside the top edge.
 */
function frameCamera(eye: Vec3, focus: readonly Vec3[], width: number, height: number, rng: Rng): Camera {
  let cx = 0;
  let cz = 0;
  for (const p of focus) {
    cx += p.x / focus.length;
    cz += p.z / focus.length;
  }
  let yaw = Math.atan2(cx - eye.x, cz - eye.z);
  const probe = new Camera(eye, yaw, 1, 0, 0);
  const angles = focus.map((p) => probe.toView(p)).map((v) => Math.atan2(v.x, v.z));
  const minA = Math.min(...angles);
  const maxA = Math.max(...angles);
  // Centre the subject, with a little deliberate asymmetry.
  yaw += (minA + maxA) / 2 + rng.range(-0.04, 0.04);
  const half = Math.max(0.1, (maxA - minA) / 2);
  const aimed = new Camera(eye, yaw, 1, 0, 0);
  const slopes = focus.map((p) => aimed.toView(p)).map((v) => v.y / v.z);
  const top = Math.max(0.01, ...slopes);
  const bottom = Math.min(0, ...slopes);
  // Horizon around the lower third; roofline near the top edge.
  const topMargin = height * rng.range(0.08, 0.16);
  const wantCy = height * rng.range(0.6, 0.7);
  const fitWidth = ((width / 2) * (1 - rng.range(-0.04, 0.12))) / Math.tan(half);
  const fitHeight = (wantCy - topMargin) / top;
  let focal = Math.min(fitWidth, fitHeight);
  focal = Math.min(width * 1.6, Math.max(width * 0.45, focal));
  const cy = Math.min(height * 0.74, Math.max(height * 0.56, topMargin + focal * top));
  if (cy - focal * bottom > height * 0.95) focal = (height * 0.95 - cy) / -bottom;
  return new Camera(eye, yaw, focal, width / 2, cy);
}

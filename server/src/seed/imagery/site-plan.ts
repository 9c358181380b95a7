/**
 * Site plans: an architect's drawing on off-white paper. The site is laid
 * out in metres and drawn through one group transform (rotation and scale),
 * with a title block carrying north arrow, scale bar and legend. Labels are
 * abstract bars, so no fonts are needed.
 */
import { darken, hex, type Rgb } from './color';
import { Rng, variantOf } from './random';
import { num, type Pt, polyPath, type Svg } from './svg';

type Variant = 'villa' | 'cluster' | 'campus' | 'civic';
const VARIANTS: readonly Variant[] = ['villa', 'cluster', 'campus', 'civic'];

const INKS = ['paper', 'ink', 'context', 'lawn', 'paving', 'water', 'tree', 'roof', 'boundary'] as const;
type Style = Record<(typeof INKS)[number], Rgb>;

/** Drawing styles, one a line: the colours of the INKS in their order. */
const STYLES: readonly Style[] = [
  'f4f1ea 2b2b2b dedad2 dfe5cf e9e5dc cfe1e6 a9bb91 ffffff c0392b',
  'f6f4ef 222222 e4e2de ecece6 f1f0ec dde6ea c9c9c2 ffffff 333333',
  'f2eee4 30302e d9d3c6 d6dfc2 e6dfd0 c6dbe0 8fa87a 3a3a38 b5452d',
].map((line) => Object.fromEntries(line.split(' ').map((c, i) => [INKS[i], hex(c)])) as Style);

type Poly = Pt[];
/** A rectangle of the sheet, in pixels. */
type Sheet = { x: number; y: number; w: number; h: number };

/** Everything in site metres; `px` is the current scale, for constant-width lines. */
interface Plan {
  svg: Svg;
  rng: Rng;
  style: Style;
  px: number;
  shadows: Poly[];
}

const rect = (x: number, y: number, w: number, h: number): Poly => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x, y: y + h },
];

/** L-shaped footprint: a bar with a wing at one end. */
const lShape = (x: number, y: number, w: number, h: number, wingW: number, wingH: number): Poly => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x: x + wingW, y: y + h },
  { x: x + wingW, y: y + h + wingH },
  { x, y: y + h + wingH },
];

/** The bounding box of a polygon. */
function bounds(p: Poly): { x0: number; y0: number; x1: number; y1: number } {
  const xs = p.map((q) => q.x);
  const ys = p.map((q) => q.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/**
 * A site plan: one building or a small group on its plot (the variant by the seed), or with
 * `neighbourhood` a housing layout of many homes on a grid of streets.
 */
export function paintSitePlan(svg: Svg, seed: number, neighbourhood = false): void {
  const rng = new Rng(seed);
  const variant = variantOf(VARIANTS, seed);
  const style = rng.pick(STYLES);
  svg.rect(0, 0, svg.width, svg.height, style.paper);

  const margin = Math.round(svg.height * 0.045);
  const blockW = Math.round(svg.width * 0.19);
  const area = { x: margin, y: margin, w: svg.width - margin * 3 - blockW, h: svg.height - margin * 2 };
  const span = neighbourhood ? 360 : variant === 'villa' ? 95 : 170;
  const scale = (Math.min(area.w, area.h) / span) * rng.range(0.9, 1.1);
  const angle = rng.range(-28, 28) + (rng.chance(0.25) ? 90 : 0);
  const plan: Plan = { svg, rng, style, px: 1 / scale, shadows: [] };

  const clip = svg.define(
    (id) =>
      `<clipPath id="${id}"><rect x="${area.x}" y="${area.y}" width="${area.w}" height="${area.h}"/></clipPath>`,
  );
  svg.open({ 'clip-path': `url(#${clip})` });
  svg.open({
    transform: `translate(${num(area.x + area.w / 2)} ${num(area.y + area.h / 2)}) rotate(${num(angle)}) scale(${scale.toFixed(4)})`,
  });
  contours(plan);
  const plot = neighbourhood ? housingLayout(plan) : site(plan, variant);
  svg.close();
  svg.close();
  // Sheet border.
  svg.rect(area.x, area.y, area.w, area.h, 'none', { stroke: style.ink, 'stroke-width': 1.5 });
  const block = { x: svg.width - margin - blockW, y: margin, w: blockW, h: svg.height - margin * 2 };
  titleBlock(plan, block, angle, scale, plot);
}

function line(plan: Plan, width: number): number {
  return width * plan.px;
}

/** A polygon, outlined `width` sheet pixels wide if a `stroke` is given. */
function poly(plan: Plan, p: Poly, fill: Rgb | string, stroke?: Rgb, width = 1): void {
  plan.svg.poly(
    p,
    fill,
    stroke ? { stroke, 'stroke-width': line(plan, width), 'stroke-linejoin': 'round' } : {},
  );
}

/** Faint terrain contours across the whole sheet. */
function contours(plan: Plan): void {
  const { rng, svg } = plan;
  const phase = rng.range(0, 6);
  const tilt = rng.range(-0.3, 0.3);
  let d = '';
  for (let i = -6; i <= 6; i++) {
    const off = i * rng.range(16, 22);
    for (let x = -260; x <= 260; x += 8) {
      const y = off + tilt * x + 9 * Math.sin(x / 60 + phase + i * 0.3) + 4 * Math.sin(x / 23 + i);
      d += `${x === -260 ? 'M' : 'L'}${x} ${y.toFixed(1)}`;
    }
  }
  svg.path(d, {
    fill: 'none',
    stroke: hex('#b9a78f'),
    'stroke-width': line(plan, 0.8),
    'stroke-opacity': 0.55,
  });
}

/** Roads, neighbours, the plot and the proposal; returns the plot outline. */
function site(plan: Plan, variant: Variant): Poly {
  const { rng } = plan;
  const big = variant !== 'villa';
  const pw = big ? rng.range(110, 140) : rng.range(55, 70);
  const pd = big ? rng.range(85, 110) : rng.range(42, 55);
  const j = (v: number): number => v + rng.range(-2, 2) * (big ? 2 : 1);
  const plot: Poly = [
    { x: j(-pw / 2), y: j(-pd / 2) },
    { x: j(pw / 2), y: j(-pd / 2) },
    { x: j(pw / 2), y: j(pd / 2) },
    { x: j(-pw / 2), y: j(pd / 2) },
  ];
  surroundings(plan, plot, pw, pd);
  ({ villa, cluster, campus, civic })[variant](plan, pw, pd);
  boundary(plan, plot);
  return plot;
}

/** The plot's surroundings: a main road along the front, a side street along one flank, the neighbours. */
function surroundings(plan: Plan, plot: Poly, pw: number, pd: number): void {
  const roadY = pd / 2 + 4;
  const sideX = (plan.rng.chance(0.5) ? -1 : 1) * (pw / 2 + 12);
  // Neighbours first: the roads are then drawn over anything that strays onto them.
  neighbours(plan, pw, pd, roadY, sideX);
  road(plan, { x: sideX, y: roadY + 5 }, { x: sideX, y: -400 }, 8);
  road(plan, { x: -400, y: roadY + 5 }, { x: 400, y: roadY + 5 }, 10);
  streetTrees(plan, roadY);
  poly(plan, plot, plan.style.lawn);
  lawnTexture(plan, plot);
}

/** The plot's boundary: a dash-dot line, drawn last so it reads over everything. */
function boundary(plan: Plan, plot: Poly): void {
  plan.svg.poly(plot, 'none', {
    stroke: plan.style.boundary,
    'stroke-width': line(plan, 2.2),
    'stroke-dasharray': `${num(line(plan, 16))} ${num(line(plan, 5))} ${num(line(plan, 3))} ${num(line(plan, 5))}`,
  });
}

/**
 * Many homes on a grid of streets: blocks of narrow plots, two rows back to back, each house at the front
 * of its plot; one block kept as a green with trees, one for a school and its yard. Returns the outline.
 */
function housingLayout(plan: Plan): Poly {
  const { rng, style, svg } = plan;
  const pw = rng.range(290, 320);
  const pd = rng.range(190, 210);
  const plot = rect(-pw / 2, -pd / 2, pw, pd);
  const roadY = pd / 2 + 4;
  surroundings(plan, plot, pw, pd);

  // Streets 7 m wide: the blocks between them are about 70 × 60 m.
  const columns = 4;
  const rows = 3;
  const xs = Array.from({ length: columns + 1 }, (_, i) => -pw / 2 + (i * pw) / columns);
  const ys = Array.from({ length: rows + 1 }, (_, i) => -pd / 2 + (i * pd) / rows);
  for (const x of xs.slice(1, -1)) road(plan, { x, y: -pd / 2 }, { x, y: roadY }, 7);
  for (const y of ys.slice(1, -1)) road(plan, { x: -pw / 2, y }, { x: pw / 2, y }, 7);

  const green = rng.int(0, columns * rows - 1);
  let school = rng.int(0, columns * rows - 2);
  if (school >= green) school++;
  const homes: Poly[] = [];
  let plotLines = '';
  for (let c = 0; c < columns; c++) {
    for (let r = 0; r < rows; r++) {
      const inset = (edge: number, last: boolean) => (last ? edge : edge - 5.5);
      const x0 = c === 0 ? xs[0]! + 2 : xs[c]! + 5.5;
      const x1 = inset(xs[c + 1]!, c === columns - 1) - (c === columns - 1 ? 2 : 0);
      const y0 = r === 0 ? ys[0]! + 2 : ys[r]! + 5.5;
      const y1 = inset(ys[r + 1]!, r === rows - 1) - (r === rows - 1 ? 2 : 0);
      const block = c * rows + r;
      if (block === green) {
        footpath(
          plan,
          `M${num(x0)} ${num(y1)}Q${num((x0 + x1) / 2)} ${num((y0 + y1) / 2 + 6)} ${num(x1)} ${num(y0)}`,
          2.5,
        );
        scatterTrees(plan, 16, [x0 + 4, x1 - 4, y0 + 4, y1 - 4], 5);
        continue;
      }
      if (block === school) {
        paving(plan, rect(x0 + 4, (y0 + y1) / 2, x1 - x0 - 8, (y1 - y0) / 2 - 4), 3);
        homes.push(lShape(x0 + 4, y0 + 4, x1 - x0 - 8, 9, 10, (y1 - y0) / 2 - 14));
        scatterTrees(plan, 4, [x0 + 4, x1 - 4, y0 + 2, y0 + 4], 3.5);
        continue;
      }
      // Two rows of plots back to back, each home facing its street.
      const mid = (y0 + y1) / 2;
      const width = (x1 - x0) / Math.max(1, Math.round((x1 - x0) / rng.range(10, 12)));
      plotLines += `M${num(x0)} ${num(mid)}H${num(x1)}`;
      for (let x = x0; x < x1 - width / 2; x += width) {
        plotLines += `M${num(x)} ${num(y0)}V${num(y1)}`;
        for (const [front, dir] of [
          [y0, 1],
          [y1, -1],
        ] as const) {
          const w = width - rng.range(3, 4.5);
          const d = rng.range(7.5, 9.5);
          const hx = x + rng.range(1.2, width - w - 1.2);
          const hy = dir > 0 ? front + rng.range(2.5, 4) : front - rng.range(2.5, 4) - d;
          homes.push(rng.chance(0.7) ? rect(hx, hy, w, d) : lShape(hx, hy, w, d * 0.6, w * 0.55, d * 0.4));
          if (rng.chance(0.35)) {
            const back = dir > 0 ? mid - rng.range(3, 6) : mid + rng.range(3, 6);
            tree(plan, { x: x + rng.range(2, width - 2), y: back }, rng.range(1.8, 3));
          }
        }
      }
    }
  }
  svg.path(plotLines, {
    fill: 'none',
    stroke: darken(style.lawn, 0.35),
    'stroke-width': line(plan, 0.7),
  });
  flushShadows(plan);
  for (const h of homes) building(plan, h, 0.8);
  flushShadows(plan);
  boundary(plan, plot);
  return plot;
}

/** A road `width` metres wide along its centre line from `a` to `b` (horizontal or vertical). */
function road(plan: Plan, a: Pt, b: Pt, width: number): void {
  const horizontal = Math.abs(a.y - b.y) < 1e-6;
  const r = horizontal
    ? rect(Math.min(a.x, b.x), a.y - width / 2, Math.abs(b.x - a.x), width)
    : rect(a.x - width / 2, Math.min(a.y, b.y), width, Math.abs(b.y - a.y));
  poly(plan, r, '#ffffff', plan.style.ink, 1.2);
  plan.svg.path(`M${num(a.x)} ${num(a.y)}L${num(b.x)} ${num(b.y)}`, {
    stroke: plan.style.ink,
    'stroke-width': line(plan, 0.8),
    'stroke-dasharray': `${num(line(plan, 14))} ${num(line(plan, 10))}`,
    'stroke-opacity': 0.6,
  });
}

/** Context: neighbouring plots with buildings in a quiet grey. */
function neighbours(plan: Plan, pw: number, pd: number, roadY: number, sideX: number): void {
  const { rng, style } = plan;
  const houses: Poly[] = [];
  for (let x = -260; x < 260; x += rng.range(28, 40)) {
    // Across the main road.
    houses.push(rect(x, roadY + 16 + rng.range(2, 8), rng.range(14, 24), rng.range(10, 18)));
    // Behind the plot.
    if (Math.abs(x) < 220)
      houses.push(rect(x, -pd / 2 - rng.range(28, 40), rng.range(14, 26), rng.range(10, 20)));
  }
  for (let y = -pd / 2; y < pd / 2; y += rng.range(26, 36)) {
    // Beside the plot, on the side away from the side street.
    const side = sideX > 0 ? -1 : 1;
    const x = side * (pw / 2 + rng.range(10, 14)) - (side < 0 ? 20 : 0);
    houses.push(rect(x, y, rng.range(14, 20), rng.range(10, 16)));
    houses.push(rect(sideX + (sideX > 0 ? 8 : -28), y, rng.range(14, 20), rng.range(10, 18)));
  }
  plan.svg.path(houses.map(polyPath).join(''), {
    fill: style.context,
    stroke: darken(style.context, 0.25),
    'stroke-width': line(plan, 0.8),
  });
}

function streetTrees(plan: Plan, roadY: number): void {
  const { rng } = plan;
  for (let x = -250; x < 250; x += rng.range(9, 14))
    tree(plan, { x, y: roadY - 0.5 + rng.range(-0.5, 0.5) }, rng.range(2.5, 3.5), true);
}

function lawnTexture(plan: Plan, area: Poly): void {
  const { rng, svg, style } = plan;
  const { x0, y0, x1, y1 } = bounds(area);
  let d = '';
  for (let i = 0; i < 700; i++) {
    const x = rng.range(x0, x1);
    const y = rng.range(y0, y1);
    d += `M${x.toFixed(1)} ${y.toFixed(1)}h0.01`;
  }
  svg.path(d, {
    stroke: darken(style.lawn, 0.25),
    'stroke-width': line(plan, 1.6),
    'stroke-linecap': 'round',
    'stroke-opacity': 0.5,
  });
}

/** A tree in plan: canopy circle, branch star, trunk dot, and its shadow. */
function tree(plan: Plan, at: Pt, r: number, street = false): void {
  const { svg, style, rng } = plan;
  plan.shadows.push(circlePoly(at.x + r * 0.45, at.y + r * 0.45, r));
  svg.circle(at.x, at.y, r, style.tree, {
    'fill-opacity': street ? 0.5 : 0.75,
    stroke: darken(style.tree, 0.35),
    'stroke-width': line(plan, 0.8),
  });
  if (!street && rng.chance(0.6)) {
    let d = '';
    const n = rng.int(5, 8);
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2 + rng.range(0, 0.5);
      d += `M${num(at.x)} ${num(at.y)}l${num(Math.cos(a) * r * 0.75)} ${num(Math.sin(a) * r * 0.75)}`;
    }
    svg.path(d, { stroke: darken(style.tree, 0.4), 'stroke-width': line(plan, 0.6), fill: 'none' });
  }
  svg.circle(at.x, at.y, Math.max(0.25, r * 0.08), darken(style.tree, 0.5));
}

/** `n` trees at random in x0..x1 × y0..y1, up to `rMax` in radius. */
function scatterTrees(plan: Plan, n: number, [x0, x1, y0, y1]: number[], rMax: number): void {
  const { rng } = plan;
  for (let i = 0; i < n; i++)
    tree(plan, { x: rng.range(x0!, x1!), y: rng.range(y0!, y1!) }, rng.range(2.5, rMax));
}

function circlePoly(cx: number, cy: number, r: number): Poly {
  return Array.from({ length: 16 }, (_, i) => {
    const a = (i / 16) * Math.PI * 2;
    return { x: cx + Math.cos(a) * r, y: cy + Math.sin(a) * r };
  });
}

/** Proposed building: roof with outline, optional hatching or PV rows, and a cast shadow. */
function building(plan: Plan, footprint: Poly, height = 1): void {
  const { svg, style, rng } = plan;
  const cast = (p: Pt): Pt => ({ x: p.x + 2.2 * height, y: p.y + 2.2 * height });
  plan.shadows.push(footprint.map(cast));
  // Sweep of the shadow between the footprint and its offset copy.
  footprint.forEach((a, i) => {
    const b = footprint[(i + 1) % footprint.length]!;
    plan.shadows.push([a, b, cast(b), cast(a)]);
  });
  poly(plan, footprint, style.roof, style.ink, 2.2);
  const { x0, y0, x1, y1 } = bounds(footprint);
  const w = x1 - x0;
  const h = y1 - y0;
  if (rng.chance(0.4) && w > 12 && h > 8) {
    // PV panels in rows.
    let d = '';
    for (let y = y0 + 2; y < y0 + Math.min(h, 10) - 1.5; y += 2.2)
      d += polyPath(rect(x0 + 2, y, Math.min(w - 4, 14), 1.6));
    svg.path(d, { fill: hex('#55606b'), 'fill-opacity': 0.6 });
  } else if (rng.chance(0.5)) {
    // Roof hatch.
    const hatch = svg.define(
      (id) =>
        `<pattern id="${id}" patternUnits="userSpaceOnUse" width="1.6" height="1.6" patternTransform="rotate(45)"><path d="M0 0V1.6" stroke="${
          style.roof[0] > 128 ? '#9a9a9a' : '#888888'
        }" stroke-width="${num(line(plan, 0.7))}"/></pattern>`,
    );
    poly(plan, footprint, `url(#${hatch})`);
  }
}

function paving(plan: Plan, p: Poly, grid = 0): void {
  const { svg, style } = plan;
  poly(plan, p, style.paving, darken(style.paving, 0.3), 0.8);
  if (grid > 0) {
    const { x0, y0, x1, y1 } = bounds(p);
    let d = '';
    for (let x = x0 + grid; x < x1; x += grid) d += `M${num(x)} ${num(y0)}V${num(y1)}`;
    for (let y = y0 + grid; y < y1; y += grid) d += `M${num(x0)} ${num(y)}H${num(x1)}`;
    svg.path(d, { stroke: darken(style.paving, 0.18), 'stroke-width': line(plan, 0.5), fill: 'none' });
  }
}

function water(plan: Plan, p: Poly): void {
  const { svg, style, rng } = plan;
  poly(plan, p, style.water, darken(style.water, 0.4), 1.2);
  const { x0, y0, x1, y1 } = bounds(p);
  let d = '';
  for (let i = 0; i < 5; i++) {
    const y = rng.range(y0 + 0.8, y1 - 0.8);
    const x = rng.range(x0 + 0.5, x1 - 4);
    d += `M${num(x)} ${num(y)}q1 -0.4 2 0t2 0`;
  }
  svg.path(d, { stroke: darken(style.water, 0.3), 'stroke-width': line(plan, 0.7), fill: 'none' });
}

function parking(plan: Plan, x: number, y: number, bays: number, rows: 1 | 2): void {
  const { svg, style } = plan;
  const bw = 2.5;
  const depth = 5;
  const aisle = 6;
  const total = rows * depth + aisle;
  poly(plan, rect(x, y, bays * bw, total), hex('#ffffff'), style.ink, 0.8);
  let d = '';
  for (let i = 0; i <= bays; i++) {
    d += `M${num(x + i * bw)} ${num(y)}v${depth}`;
    if (rows === 2) d += `M${num(x + i * bw)} ${num(y + depth + aisle)}v${depth}`;
  }
  svg.path(d, { stroke: style.ink, 'stroke-width': line(plan, 0.7), fill: 'none' });
}

/** A curving footpath as a thick light stroke with fine edges. */
function footpath(plan: Plan, d: string, width: number): void {
  const { svg, style } = plan;
  svg.path(d, {
    fill: 'none',
    stroke: darken(style.paving, 0.3),
    'stroke-width': width + line(plan, 1.4),
    'stroke-linecap': 'round',
  });
  svg.path(d, { fill: 'none', stroke: style.paving, 'stroke-width': width, 'stroke-linecap': 'round' });
}

/** A roof over open ground (walkway, canopy): a dashed outline. */
function dashed(plan: Plan, p: Poly): void {
  plan.svg.poly(p, 'none', {
    stroke: plan.style.ink,
    'stroke-width': line(plan, 1),
    'stroke-dasharray': `${num(line(plan, 6))} ${num(line(plan, 4))}`,
  });
}

function flushShadows(plan: Plan): void {
  const d = plan.shadows.map(polyPath).join('');
  plan.shadows = [];
  plan.svg.open({ opacity: 0.22 });
  plan.svg.path(d, { fill: '#1d1d1b', 'fill-rule': 'nonzero' });
  plan.svg.close();
}

function villa(plan: Plan, pw: number, pd: number): void {
  const { rng } = plan;
  const hx = -pw / 2 + rng.range(8, 14);
  const hy = -pd / 2 + rng.range(6, 10);
  const house = lShape(hx, hy, rng.range(22, 28), rng.range(8, 10), rng.range(8, 11), rng.range(8, 13));
  const terrace = rect(hx + 10, hy + 10, rng.range(12, 16), 6);
  // A drive curving in from the road to the house.
  const drive = `M${num(pw / 2 - 8)} ${num(pd / 2 + 2)}C${num(pw / 2 - 8)} ${num(0)} ${num(hx + 30)} ${num(hy + 6)} ${num(hx + 26)} ${num(hy + 4)}`;
  footpath(plan, drive, 3.5);
  paving(plan, terrace, 1);
  water(plan, rect(hx + 12, hy + 18, rng.range(10, 13), 4));
  for (let i = 0; i < 14; i++) {
    const edge = rng.int(0, 3);
    const t = rng.range(-0.45, 0.45);
    // Along the back (0) or front (3) edge, or down the right (1) or left (2) side.
    const along = edge === 0 || edge === 3;
    const at = along
      ? { x: t * pw, y: edge ? pd / 2 - 3 : -pd / 2 + 3 }
      : { x: edge === 1 ? pw / 2 - 3 : -pw / 2 + 3, y: t * pd };
    tree(plan, at, rng.range(2.5, 5));
  }
  tree(plan, { x: hx + 34, y: hy + 22 }, 5.5);
  flushShadows(plan);
  building(plan, house, 1.4);
  building(plan, rect(pw / 2 - 16, pd / 2 - 12, 7, 6), 0.8);
}

function cluster(plan: Plan, pw: number, pd: number): void {
  const { rng } = plan;
  // Internal access road with a turning head.
  const rx = rng.range(-10, 10);
  const ink = { stroke: plan.style.ink, 'stroke-width': line(plan, 1) };
  plan.svg.path(`M${num(rx)} ${num(pd / 2 + 4)}V${num(-pd / 2 + 22)}`, {
    stroke: '#ffffff',
    'stroke-width': 7,
    fill: 'none',
  });
  plan.svg.circle(rx, -pd / 2 + 18, 9, '#ffffff', ink);
  const kerb = (x: number): string => `M${num(x)} ${num(pd / 2 + 4)}V${num(-pd / 2 + 26)}`;
  plan.svg.path(kerb(rx - 3.5) + kerb(rx + 3.5), { ...ink, fill: 'none' });
  const homes: Poly[] = [];
  for (const side of [-1, 1]) {
    for (let y = -pd / 2 + 30; y < pd / 2 - 16; y += rng.range(17, 21)) {
      const w = rng.range(10, 13);
      const h = rng.range(11, 14);
      const x = side < 0 ? rx - 8 - w - rng.range(0, 4) : rx + 8 + rng.range(0, 4);
      homes.push(rng.chance(0.5) ? rect(x, y, w, h) : lShape(x, y, w, h * 0.6, w * 0.55, h * 0.4));
      paving(plan, rect(side < 0 ? x + w - 3 : x, y + h, 3, 3), 0);
      for (let k = 0; k < 2; k++)
        tree(plan, { x: x + rng.range(0, w), y: y - rng.range(3, 5) }, rng.range(2, 3.5));
    }
  }
  for (let y = -pd / 2 + 30; y < pd / 2; y += 12) {
    tree(plan, { x: rx - 6.5, y }, 2.6);
    tree(plan, { x: rx + 6.5, y: y + 6 }, 2.6);
  }
  water(plan, rect(pw / 2 - 28, -pd / 2 + 6, 18, 9));
  flushShadows(plan);
  for (const h of homes) building(plan, h, 1);
}

function campus(plan: Plan, pw: number, pd: number): void {
  const { rng } = plan;
  const cw = rng.range(34, 44);
  const ch = rng.range(26, 32);
  const cx = rng.range(-10, 0);
  // Top bar near the back of the plot, court and field in front of it.
  const cy = -pd / 2 + 16 + ch / 2;
  const bars = [
    rect(cx - cw / 2 - 12, cy - ch / 2 - 12, cw + 24, 12),
    rect(cx - cw / 2 - 12, cy - ch / 2, 12, ch),
    rect(cx + cw / 2, cy - ch / 2, 12, ch),
  ];
  paving(plan, rect(cx - cw / 2, cy - ch / 2, cw, ch), 2);
  for (let x = cx - cw / 2 + 5; x < cx + cw / 2; x += 8)
    for (let y = cy - ch / 2 + 5; y < cy + ch / 2; y += 8) tree(plan, { x, y }, 2.4);
  // Sports field with its markings.
  const fx = pw / 2 - 42;
  const fy = cy + ch / 2 + 8;
  plan.svg.poly(rect(fx, fy, 36, 20), hex('#cfdcbc'), { stroke: '#ffffff', 'stroke-width': line(plan, 2) });
  plan.svg.path(`M${num(fx + 18)} ${num(fy)}v20`, { stroke: '#ffffff', 'stroke-width': line(plan, 1.6) });
  plan.svg.circle(fx + 18, fy + 10, 3.5, 'none', { stroke: '#ffffff', 'stroke-width': line(plan, 1.6) });
  parking(plan, -pw / 2 + 8, pd / 2 - 22, 14, 2);
  // A path from the court out to the road.
  const path = `M${num(cx)} ${num(cy + ch / 2)}C${num(cx)} ${num(pd / 2 - 10)} ${num(cx + 20)} ${num(pd / 2 - 4)} ${num(cx + 24)} ${num(pd / 2 + 2)}`;
  footpath(plan, path, 3);
  scatterTrees(plan, 12, [-pw / 2 + 4, cx + cw / 2, pd / 2 - 8, pd / 2 - 3], 4.5);
  flushShadows(plan);
  for (const b of bars) building(plan, b, 1.6);
  // Covered walkway closing the court.
  dashed(plan, rect(cx - cw / 2, cy + ch / 2 - 3, cw, 3));
}

function civic(plan: Plan, pw: number, pd: number): void {
  const { rng, svg, style } = plan;
  const bw = rng.range(48, 60);
  const bh = rng.range(32, 40);
  const bx = -bw / 2 + rng.range(-12, 4);
  const by = -pd / 2 + rng.range(8, 14);
  paving(plan, rect(bx - 6, by + bh, bw + 12, pd / 2 - by - bh + 4), 3);
  for (let x = bx; x < bx + bw; x += 7) tree(plan, { x, y: by + bh + 9 }, 2.8);
  water(plan, rect(bx + bw * 0.3, by + bh + 14, bw * 0.4, 5));
  parking(plan, bx + bw + 10, -pd / 2 + 10, 10, 2);
  scatterTrees(plan, 12, [-pw / 2 + 4, bx - 6, -pd / 2 + 4, pd / 2 - 4], 5);
  flushShadows(plan);
  // Courtyard building: outer and inner outline, filled even-odd.
  const cw = bw * rng.range(0.35, 0.5);
  const ch = bh * rng.range(0.35, 0.5);
  const outer = rect(bx, by, bw, bh);
  const court = rect(bx + (bw - cw) / 2, by + (bh - ch) / 2, cw, ch);
  const offset = 3;
  svg.open({ opacity: 0.22 });
  svg.path(polyPath(outer.map((p) => ({ x: p.x + offset, y: p.y + offset }))), { fill: '#1d1d1b' });
  svg.close();
  svg.path(polyPath(outer) + polyPath(court), {
    fill: style.roof,
    'fill-rule': 'evenodd',
    stroke: style.ink,
    'stroke-width': line(plan, 2.2),
  });
  poly(plan, court, style.lawn);
  tree(plan, { x: bx + bw / 2, y: by + bh / 2 }, Math.min(cw, ch) * 0.3);
  // Entrance canopy.
  dashed(plan, rect(bx + bw / 2 - 8, by + bh, 16, 5));
}

/** Title block: north arrow, scale bar, legend, key plan and title bars. */
function titleBlock(plan: Plan, box: Sheet, angle: number, scale: number, plot: Poly): void {
  const { svg, style, rng } = plan;
  const ink = style.ink;
  svg.rect(box.x, box.y, box.w, box.h, 'none', { stroke: ink, 'stroke-width': 1.5 });
  const pad = box.w * 0.1;
  const x = box.x + pad;
  const w = box.w - pad * 2;

  // North arrow: north is "up" in site coordinates, rotated with the site.
  const ncx = box.x + box.w / 2;
  const ncy = box.y + box.w * 0.38;
  const r = box.w * 0.2;
  svg.circle(ncx, ncy, r, 'none', { stroke: ink, 'stroke-width': 1.2 });
  svg.open({ transform: `rotate(${num(angle)} ${num(ncx)} ${num(ncy)})` });
  // The arrow's halves: solid on the right, outlined on the left.
  const half = (side: number): Poly => [
    { x: ncx, y: ncy - r * 1.15 },
    { x: ncx + side * r * 0.32, y: ncy + r * 0.55 },
    { x: ncx, y: ncy + r * 0.3 },
  ];
  svg.poly(half(1), ink);
  svg.poly(half(-1), style.paper, { stroke: ink, 'stroke-width': 1 });
  // The letter N above it, `n` tall.
  const n = r * 0.28;
  const ny = ncy - r * 1.5;
  const letter = `M${num(ncx - n / 2)} ${num(ny + n / 2)}V${num(ny - n / 2)}L${num(ncx + n / 2)} ${num(ny + n / 2)}V${num(ny - n / 2)}`;
  svg.path(letter, { stroke: ink, 'stroke-width': 1.6, fill: 'none', 'stroke-linejoin': 'miter' });
  svg.close();

  // Scale bar: five segments of a round number of metres.
  const segMetres = [2, 5, 10, 20].find((m) => m * scale * 5 >= w * 0.55) ?? 20;
  const seg = segMetres * scale;
  const sy = box.y + box.w * 0.78;
  for (let i = 0; i < 5; i++)
    svg.rect(x + i * seg, sy, seg, 6, i % 2 ? style.paper : ink, { stroke: ink, 'stroke-width': 1 });
  let ticks = '';
  for (let i = 0; i <= 5; i++) ticks += `M${num(x + i * seg)} ${num(sy + 9)}v5`;
  svg.path(ticks, { stroke: ink, 'stroke-width': 1, fill: 'none' });

  // Legend swatches with placeholder label bars.
  let ly = box.y + box.w * 1.02;
  svg.path(`M${num(box.x)} ${num(ly - 18)}H${num(box.x + box.w)}`, { stroke: ink, 'stroke-width': 1 });
  for (const fill of [style.roof, style.context, style.lawn, style.paving, style.water, style.tree]) {
    // Roofs are white or dark: their swatch takes the ink's outline.
    const stroke = fill === style.roof ? ink : darken(fill, 0.3);
    svg.rect(x, ly, 18, 12, fill, { stroke, 'stroke-width': 1 });
    svg.rect(x + 28, ly + 3, w * rng.range(0.35, 0.65), 5, hex('#b8b4ac'));
    ly += 24;
  }
  const boundary = { stroke: style.boundary, 'stroke-width': 2, 'stroke-dasharray': '8 3 2 3' };
  svg.path(`M${num(x)} ${num(ly + 4)}h20`, boundary);
  svg.rect(x + 28, ly + 1, w * 0.4, 5, hex('#b8b4ac'));

  // Key plan: the plot's shape in a little box.
  const ky = ly + 30;
  const kh = box.w * 0.55;
  svg.rect(x, ky, w, kh, 'none', { stroke: hex('#9a968e'), 'stroke-width': 1 });
  const b = bounds(plot);
  const k = Math.min(w, kh) / 1.8 / Math.max(b.x1 - b.x0, b.y1 - b.y0);
  const kcx = x + w / 2;
  const kcy = ky + kh / 2;
  const rad = (angle * Math.PI) / 180;
  const keyPts = plot.map((p) => ({
    x: kcx + (p.x * Math.cos(rad) - p.y * Math.sin(rad)) * k,
    y: kcy + (p.x * Math.sin(rad) + p.y * Math.cos(rad)) * k,
  }));
  svg.poly(keyPts, style.boundary, { 'fill-opacity': '0.25', stroke: '#555', 'stroke-width': 1 });

  // Title: one heavy bar, lighter bars beneath, a drawing number box.
  const ty = box.y + box.h - box.w * 0.62;
  svg.path(`M${num(box.x)} ${num(ty - 14)}H${num(box.x + box.w)}`, { stroke: ink, 'stroke-width': 1 });
  svg.rect(x, ty, w * 0.8, 12, ink);
  svg.rect(x, ty + 22, w * 0.6, 6, hex('#8d8a84'));
  svg.rect(x, ty + 34, w * 0.7, 6, hex('#b8b4ac'));
  svg.rect(x, ty + 46, w * 0.45, 6, hex('#b8b4ac'));
  svg.rect(x, box.y + box.h - pad - 30, w, 30, 'none', { stroke: ink, 'stroke-width': 1 });
  svg.rect(x + 8, box.y + box.h - pad - 19, w * 0.3, 8, ink);
  svg.rect(x + w * 0.62, box.y + box.h - pad - 19, w * 0.3, 8, hex('#8d8a84'));
}

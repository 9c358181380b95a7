/**
 * Team portrait placeholders: a studio head-and-shoulders figure, softly lit
 * against a mottled backdrop. Deliberately abstract (no facial features),
 * with varied skin tones, hair, clothing and light.
 */
import { darken, hex, lighten, mix, type Rgb } from './color';
import { Rng } from './random';
import type { Svg } from './svg';

const BACKDROPS = ['#b9b2a8', '#9fa596', '#8d9aa6', '#b89a86', '#5a5a58', '#d8d0c2', '#6f7a74', '#a8a29a'];
// Weighted towards the deeper tones of a studio in Lilongwe, but varied.
const SKIN: readonly (readonly [string, number])[] = [
  ['#4a2e22', 2],
  ['#5b3a29', 3],
  ['#6e4631', 3],
  ['#8a5a3c', 2],
  ['#a06b49', 1.8],
  ['#c18e6b', 1.5],
  ['#dcae8c', 1.2],
  ['#ecc9ad', 1],
];
const HAIR = ['#17120f', '#211a16', '#2e241d', '#3d2d22', '#4f3a2a'];
const CLOTHES = [
  '#2f3640',
  '#e8e4dc',
  '#6b4a3a',
  '#3e4b3f',
  '#1f1f21',
  '#8a6f55',
  '#c9c2b6',
  '#5b6470',
  '#7a3b2e',
];
const WRAPS = ['#b5452d', '#d69a2d', '#2f5d6b', '#6b2f4a', '#3f6b4a'];

type Hair = 'short' | 'afro' | 'long' | 'bun' | 'wrap' | 'shaved';
type Top = 'crew' | 'collar' | 'blazer' | 'turtleneck';

const f = (v: number): string => v.toFixed(1);

export function paintPortrait(svg: Svg, seed: number): void {
  const rng = new Rng(seed);
  const W = svg.width;
  const H = svg.height;
  const unit = Math.min(W, H * 0.8);
  const side = rng.chance(0.5) ? 1 : -1;
  const backdrop = hex(rng.pick(BACKDROPS));
  paintBackdrop(svg, rng, backdrop, side);

  const skin = hex(rng.weighted(SKIN));
  const hairColour = rng.chance(0.1) ? hex('#8d8882') : hex(rng.pick(HAIR));
  const hair = rng.weighted<Hair>([
    ['short', 3],
    ['afro', 2],
    ['long', 2],
    ['bun', 1.5],
    ['wrap', 1.2],
    ['shaved', 1.2],
  ]);
  const top = rng.pick<Top>(['crew', 'collar', 'blazer', 'turtleneck']);
  const clothes = hex(rng.pick(CLOTHES));
  const cx = W / 2 + rng.range(-0.04, 0.04) * W;
  const cy = H * rng.range(0.36, 0.4);
  const rx = unit * rng.range(0.118, 0.132);
  const ry = rx * rng.range(1.22, 1.32);
  const head = { cx, cy, rx, ry };

  hairBehind(svg, rng, head, hair, hairColour, side);
  shoulders(svg, rng, head, { clothes, top, side, unit });
  // Long hair falls over the shoulders, so it goes on after them.
  if (hair === 'long') longHair(svg, head, hairColour, rng);
  neck(svg, head, skin, side);
  if (hair !== 'long' && hair !== 'wrap') ears(svg, head, skin);
  headShape(svg, head, skin, side);
  hairOnTop(svg, rng, head, hair, hairColour, skin, side);
  faceHints(svg, head, skin, side, hair);
}

interface Head {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/** Seamless studio backdrop: a pool of light behind the sitter and soft mottling. */
function paintBackdrop(svg: Svg, rng: Rng, base: Rgb, side: number): void {
  const W = svg.width;
  const H = svg.height;
  svg.rect(
    0,
    0,
    W,
    H,
    svg.radial(
      [
        { at: 0, color: lighten(base, 0.22) },
        { at: 0.55, color: base },
        { at: 1, color: darken(base, 0.35) },
      ],
      { cx: W * (0.5 + side * 0.08), cy: H * 0.35, r: Math.hypot(W, H) * 0.6, userSpace: true },
    ),
  );
  const blotch = (c: Rgb, o: number): string =>
    svg.radial([
      { at: 0, color: c, opacity: o },
      { at: 1, color: c, opacity: 0 },
    ]);
  const light = blotch(lighten(base, 0.3), 0.25);
  const dark = blotch(darken(base, 0.3), 0.25);
  for (let i = 0; i < 7; i++) {
    const r = W * rng.range(0.15, 0.35);
    svg.ellipse(rng.range(0, W), rng.range(0, H), r, r * rng.range(0.6, 1), rng.chance(0.5) ? light : dark);
  }
}

interface Outfit {
  clothes: Rgb;
  top: Top;
  side: number;
  unit: number;
}

function shoulders(svg: Svg, rng: Rng, h: Head, { clothes, top, side, unit }: Outfit): void {
  const H = svg.height;
  const sy = h.cy + h.ry * rng.range(1.55, 1.7);
  const sw = unit * rng.range(0.38, 0.44);
  const nx = h.rx * 0.62;
  // Neck base, trapezius slope, rounded deltoid, then the arms down out of frame.
  const half = (s: number): string =>
    `L${f(h.cx + s * nx * 1.5)} ${f(sy - unit * 0.02)}C${f(h.cx + s * sw * 0.55)} ${f(sy + unit * 0.0)} ${f(h.cx + s * sw * 0.8)} ${f(sy + unit * 0.03)} ${f(h.cx + s * sw * 0.93)} ${f(sy + unit * 0.1)}C${f(h.cx + s * sw * 1.02)} ${f(sy + unit * 0.16)} ${f(h.cx + s * sw * 1.04)} ${f(sy + unit * 0.3)} ${f(h.cx + s * sw * 1.06)} ${f(H + 10)}`;
  const left = `M${f(h.cx - sw * 1.06)} ${f(H + 10)}C${f(h.cx - sw * 1.04)} ${f(sy + unit * 0.3)} ${f(h.cx - sw * 1.02)} ${f(sy + unit * 0.16)} ${f(h.cx - sw * 0.93)} ${f(sy + unit * 0.1)}C${f(h.cx - sw * 0.8)} ${f(sy + unit * 0.03)} ${f(h.cx - sw * 0.55)} ${f(sy)} ${f(h.cx - nx * 1.5)} ${f(sy - unit * 0.02)}`;
  const outline = `${left}${half(1)}Z`;
  const lit = svg.linear(
    [
      { at: 0, color: side > 0 ? darken(clothes, 0.45) : lighten(clothes, 0.08) },
      { at: 1, color: side > 0 ? lighten(clothes, 0.08) : darken(clothes, 0.45) },
    ],
    h.cx - sw,
    0,
    h.cx + sw,
    0,
    true,
  );
  svg.path(outline, { fill: lit });
  // Soft fall-off towards the bottom of the frame.
  svg.path(outline, {
    fill: svg.linear(
      [
        { at: 0, color: '#000', opacity: 0 },
        { at: 1, color: '#000', opacity: 0.35 },
      ],
      0,
      sy,
      0,
      H,
      true,
    ),
  });
  const ink = darken(clothes, 0.55);
  const neckY = sy - unit * 0.03;
  switch (top) {
    case 'crew':
      svg.path(
        `M${f(h.cx - nx * 1.2)} ${f(neckY)}Q${f(h.cx)} ${f(neckY + unit * 0.07)} ${f(h.cx + nx * 1.2)} ${f(neckY)}`,
        {
          fill: 'none',
          stroke: ink,
          'stroke-width': unit * 0.012,
          'stroke-opacity': 0.6,
        },
      );
      break;
    case 'turtleneck':
      svg.path(
        `M${f(h.cx - nx * 1.15)} ${f(neckY + unit * 0.02)}L${f(h.cx - nx * 1.05)} ${f(h.cy + h.ry * 1.15)}L${f(h.cx + nx * 1.05)} ${f(h.cy + h.ry * 1.15)}L${f(h.cx + nx * 1.15)} ${f(neckY + unit * 0.02)}Z`,
        {
          fill: lit,
        },
      );
      svg.path(
        `M${f(h.cx - nx * 1.05)} ${f(h.cy + h.ry * 1.3)}h${f(nx * 2.1)}M${f(h.cx - nx * 1.1)} ${f(h.cy + h.ry * 1.42)}h${f(nx * 2.2)}`,
        {
          stroke: ink,
          'stroke-opacity': 0.35,
          'stroke-width': unit * 0.006,
          fill: 'none',
        },
      );
      break;
    case 'collar':
    case 'blazer': {
      const shirt =
        top === 'blazer' ? hex(rng.pick(['#f1eee8', '#d9dde2', '#2b2b2b'])) : lighten(clothes, 0.05);
      const v = unit * (top === 'blazer' ? 0.28 : 0.12);
      svg.path(
        `M${f(h.cx - nx * 1.25)} ${f(neckY)}L${f(h.cx)} ${f(neckY + v)}L${f(h.cx + nx * 1.25)} ${f(neckY)}Z`,
        { fill: shirt },
      );
      // Collar points, left and right.
      for (const s of [-1, 1]) {
        svg.path(
          `M${f(h.cx + s * nx * 1.15)} ${f(neckY - unit * 0.02)}L${f(h.cx + s * nx * 0.2)} ${f(neckY + unit * 0.09)}L${f(h.cx + s * nx * 1.7)} ${f(neckY + unit * 0.05)}Z`,
          {
            fill: top === 'blazer' ? shirt : lighten(clothes, 0.12),
            stroke: ink,
            'stroke-width': unit * 0.004,
            'stroke-opacity': 0.4,
          },
        );
      }
      if (top === 'blazer') {
        for (const s of [-1, 1]) {
          svg.path(
            `M${f(h.cx + s * nx * 1.7)} ${f(neckY + unit * 0.01)}L${f(h.cx + s * unit * 0.02)} ${f(neckY + v + unit * 0.02)}L${f(h.cx + s * unit * 0.2)} ${f(neckY + unit * 0.2)}Z`,
            {
              fill: darken(clothes, s === side ? 0.05 : 0.3),
              stroke: ink,
              'stroke-width': unit * 0.004,
              'stroke-opacity': 0.5,
            },
          );
        }
      } else {
        svg.path(`M${f(h.cx)} ${f(neckY + v)}V${f(H)}`, {
          stroke: ink,
          'stroke-width': unit * 0.004,
          'stroke-opacity': 0.4,
        });
      }
      break;
    }
  }
}

function neck(svg: Svg, h: Head, skin: Rgb, side: number): void {
  const w = h.rx * 0.48;
  const top = h.cy + h.ry * 0.55;
  const bottom = h.cy + h.ry * 1.62;
  svg.path(
    `M${f(h.cx - w)} ${f(top)}L${f(h.cx - w * 1.08)} ${f(bottom)}Q${f(h.cx)} ${f(bottom + h.ry * 0.12)} ${f(h.cx + w * 1.08)} ${f(bottom)}L${f(h.cx + w)} ${f(top)}Z`,
    {
      fill: svg.linear(
        [
          { at: 0, color: darken(skin, side > 0 ? 0.45 : 0.2) },
          { at: 1, color: darken(skin, side > 0 ? 0.2 : 0.45) },
        ],
        0,
        0,
        1,
        0,
      ),
    },
  );
  // Soft shadow cast by the jaw.
  svg.ellipse(
    h.cx + side * w * 0.2,
    h.cy + h.ry * 0.9,
    w * 1.3,
    h.ry * 0.32,
    svg.radial([
      { at: 0, color: darken(skin, 0.7), opacity: 0.55 },
      { at: 1, color: darken(skin, 0.7), opacity: 0 },
    ]),
  );
}

function ears(svg: Svg, h: Head, skin: Rgb): void {
  for (const s of [-1, 1])
    svg.ellipse(h.cx + s * h.rx * 0.97, h.cy + h.ry * 0.05, h.rx * 0.15, h.ry * 0.2, darken(skin, 0.2));
}

/** Outline of an egg-shaped head, wider at the temples than at the chin. */
function headPath(h: Head): string {
  const top = h.cy - h.ry;
  return `M${f(h.cx)} ${f(top)}C${f(h.cx + h.rx * 1.1)} ${f(top)} ${f(h.cx + h.rx * 1.08)} ${f(h.cy + h.ry * 0.3)} ${f(h.cx + h.rx * 0.62)} ${f(h.cy + h.ry * 0.82)}Q${f(h.cx)} ${f(h.cy + h.ry * 1.12)} ${f(h.cx - h.rx * 0.62)} ${f(h.cy + h.ry * 0.82)}C${f(h.cx - h.rx * 1.08)} ${f(h.cy + h.ry * 0.3)} ${f(h.cx - h.rx * 1.1)} ${f(top)} ${f(h.cx)} ${f(top)}Z`;
}

/** The head, modelled by a key light from `side`. */
function headShape(svg: Svg, h: Head, skin: Rgb, side: number): void {
  const d = headPath(h);
  svg.path(d, {
    fill: svg.radial(
      [
        { at: 0, color: lighten(skin, 0.16) },
        { at: 0.5, color: skin },
        { at: 1, color: darken(skin, 0.4) },
      ],
      { cx: 0.5 + side * 0.16, cy: 0.4, r: 0.75, fx: 0.5 + side * 0.22, fy: 0.35 },
    ),
  });
  // The far side of the face falls into shadow.
  svg.path(d, {
    fill: svg.linear(
      [
        { at: 0, color: '#000', opacity: 0.32 },
        { at: 0.45, color: '#000', opacity: 0 },
      ],
      side > 0 ? 0 : 1,
      0,
      side > 0 ? 1 : 0,
      0,
    ),
  });
}

/**
 * Hair over the top of the head: a dome slightly larger than the skull,
 * closed by a hairline across the forehead and down to the sideburns.
 */
function capPath(h: Head, volume: number, hairline: number, sides: number): string {
  const top = h.cy - h.ry;
  const lift = h.ry * (0.42 + volume);
  const wide = 1.04 + volume * 0.4;
  const p = (x: number, y: number): string => `${f(h.cx + x * h.rx)} ${f(h.cy + y * h.ry)}`;
  return (
    `M${p(-wide, sides)}` +
    `L${p(-wide, -0.05)}` +
    `C${f(h.cx - h.rx * (wide + 0.08))} ${f(top - lift)} ${f(h.cx + h.rx * (wide + 0.08))} ${f(top - lift)} ${p(wide, -0.05)}` +
    `L${p(wide, sides)}L${p(0.9, sides)}` +
    `C${p(0.92, -0.3)} ${p(0.55, -hairline - 0.04)} ${p(0, -hairline)}` +
    `C${p(-0.55, -hairline - 0.04)} ${p(-0.92, -0.3)} ${p(-0.9, sides)}Z`
  );
}

function hairFill(svg: Svg, colour: Rgb, side: number): string {
  return svg.linear(
    [
      { at: 0, color: lighten(colour, 0.2) },
      { at: 0.5, color: colour },
      { at: 1, color: darken(colour, 0.35) },
    ],
    side > 0 ? 0.9 : 0.1,
    0,
    side > 0 ? 0.1 : 0.9,
    1,
  );
}

/** Tight curls: a scatter of small light dots over the hair. */
function curls(
  svg: Svg,
  rng: Rng,
  h: Head,
  colour: Rgb,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
): void {
  let d = '';
  for (let i = 0; i < 260; i++) {
    const a = rng.range(0, Math.PI * 2);
    const k = Math.sqrt(rng.next());
    const x = cx + Math.cos(a) * rx * k;
    const y = cy + Math.sin(a) * ry * k;
    // Not over the face, and never outside the hair mass itself.
    if (y > h.cy - h.ry * 0.5 && Math.abs(x - h.cx) < h.rx * 0.9) continue;
    if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 > 0.85) continue;
    d += `M${f(x)} ${f(y)}h0.01`;
  }
  svg.path(d, {
    stroke: lighten(colour, 0.25),
    'stroke-width': h.rx * 0.035,
    'stroke-linecap': 'round',
    'stroke-opacity': 0.35,
    fill: 'none',
  });
}

function hairOnTop(svg: Svg, rng: Rng, h: Head, hair: Hair, colour: Rgb, skin: Rgb, side: number): void {
  const top = h.cy - h.ry;
  const fill = hairFill(svg, colour, side);
  switch (hair) {
    case 'shaved':
      // Close-cropped: the scalp just darkens towards the crown.
      svg.path(headPath(h), {
        fill: svg.linear(
          [
            { at: 0, color: mix(skin, colour, 0.6), opacity: 0.8 },
            { at: 0.3, color: mix(skin, colour, 0.6), opacity: 0.5 },
            { at: 0.36, color: mix(skin, colour, 0.6), opacity: 0 },
          ],
          0,
          0,
          0,
          1,
        ),
      });
      break;
    case 'short':
      svg.path(capPath(h, rng.range(0.04, 0.12), rng.range(0.6, 0.72), 0.12), { fill });
      curls(svg, rng, h, colour, h.cx, h.cy - h.ry * 0.35, h.rx * 1.02, h.ry * 0.72);
      break;
    case 'afro':
      svg.path(capPath(h, 0.3, 0.62, 0.1), { fill });
      curls(svg, rng, h, colour, h.cx, h.cy - h.ry * 0.45, h.rx * 1.4, h.ry * 0.75);
      break;
    case 'long':
      svg.path(capPath(h, 0.08, 0.58, 0.75), { fill });
      break;
    case 'bun':
      svg.circle(h.cx - side * h.rx * 0.15, top - h.ry * 0.12, h.rx * 0.45, fill);
      svg.path(capPath(h, 0.05, 0.62, 0.15), { fill });
      break;
    case 'wrap': {
      // A chitenje headwrap: tall folded fabric with a few creases.
      const c = hex(rng.pick(WRAPS));
      const wrapFill = svg.linear(
        [
          { at: 0, color: lighten(c, 0.15) },
          { at: 1, color: darken(c, 0.35) },
        ],
        side > 0 ? 1 : 0,
        0,
        side > 0 ? 0 : 1,
        1,
      );
      const d = `M${f(h.cx - h.rx * 1.08)} ${f(h.cy - h.ry * 0.05)}C${f(h.cx - h.rx * 1.4)} ${f(top - h.ry * 0.7)} ${f(h.cx + h.rx * 1.4)} ${f(top - h.ry * 0.85)} ${f(h.cx + h.rx * 1.08)} ${f(h.cy - h.ry * 0.05)}C${f(h.cx + h.rx * 0.7)} ${f(h.cy - h.ry * 0.5)} ${f(h.cx - h.rx * 0.7)} ${f(h.cy - h.ry * 0.5)} ${f(h.cx - h.rx * 1.08)} ${f(h.cy - h.ry * 0.05)}Z`;
      svg.path(d, { fill: wrapFill });
      let creases = '';
      for (let i = 0; i < 4; i++) {
        const y = top - h.ry * (0.02 + i * 0.13);
        creases += `M${f(h.cx - h.rx * (0.95 - i * 0.12))} ${f(y + h.ry * 0.25)}Q${f(h.cx + side * h.rx * 0.1)} ${f(y - h.ry * 0.12)} ${f(h.cx + h.rx * (0.95 - i * 0.1))} ${f(y + h.ry * 0.1)}`;
      }
      svg.path(creases, {
        fill: 'none',
        stroke: darken(c, 0.45),
        'stroke-width': h.rx * 0.035,
        'stroke-opacity': 0.5,
      });
      break;
    }
  }
}

/** Hair volume behind the head: long hair to the shoulders, or an afro's halo. */
function hairBehind(svg: Svg, rng: Rng, h: Head, hair: Hair, colour: Rgb, side: number): void {
  if (hair !== 'afro') return;
  const ax = h.rx * rng.range(1.4, 1.6);
  const ay = h.ry * rng.range(0.95, 1.08);
  const acy = h.cy - h.ry * 0.3;
  let d = '';
  const n = 90;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const r = 1 + 0.02 * Math.sin(a * 9) + rng.range(-0.018, 0.018);
    d += `${i === 0 ? 'M' : 'L'}${f(h.cx + Math.cos(a) * ax * r)} ${f(acy + Math.sin(a) * ay * r)}`;
  }
  svg.path(`${d}Z`, { fill: hairFill(svg, colour, side) });
}

function longHair(svg: Svg, h: Head, colour: Rgb, rng: Rng): void {
  const len = h.ry * rng.range(1.9, 2.4);
  const w0 = h.rx * 1.1;
  const w1 = h.rx * rng.range(1.35, 1.55);
  const y0 = h.cy - h.ry * 0.2;
  const y1 = h.cy + len;
  svg.path(
    `M${f(h.cx - w0)} ${f(y0)}C${f(h.cx - w0 * 1.1)} ${f(h.cy + len * 0.4)} ${f(h.cx - w1)} ${f(y1 - h.ry * 0.4)} ${f(h.cx - w1 * 0.9)} ${f(y1)}Q${f(h.cx - w1 * 0.6)} ${f(y1 + h.ry * 0.08)} ${f(h.cx - h.rx * 0.55)} ${f(y1 - h.ry * 0.1)}L${f(h.cx + h.rx * 0.55)} ${f(y1 - h.ry * 0.1)}Q${f(h.cx + w1 * 0.6)} ${f(y1 + h.ry * 0.08)} ${f(h.cx + w1 * 0.9)} ${f(y1)}C${f(h.cx + w1)} ${f(y1 - h.ry * 0.4)} ${f(h.cx + w0 * 1.1)} ${f(h.cy + len * 0.4)} ${f(h.cx + w0)} ${f(y0)}Z`,
    { fill: darken(colour, 0.1) },
  );
}

/**
 * Very soft modelling of brow, eyes, nose and mouth, like a face slightly
 * out of focus: enough to read as a person, without drawing features.
 */
function faceHints(svg: Svg, h: Head, skin: Rgb, side: number, hair: Hair): void {
  const soft = (c: Rgb, o: number): string =>
    svg.radial([
      { at: 0, color: c, opacity: o },
      { at: 1, color: c, opacity: 0 },
    ]);
  const shadow = soft(darken(skin, 0.65), 0.42);
  const light = soft(lighten(skin, 0.35), 0.35);
  const eyeY = h.cy + h.ry * 0.02;
  for (const s of [-1, 1]) svg.ellipse(h.cx + s * h.rx * 0.4, eyeY, h.rx * 0.3, h.ry * 0.11, shadow);
  // Brow ridge and cheekbone catch the key light.
  const browY = h.cy - h.ry * (hair === 'wrap' ? 0.12 : 0.2);
  svg.ellipse(h.cx + side * h.rx * 0.3, browY, h.rx * 0.45, h.ry * 0.1, light);
  svg.ellipse(h.cx + side * h.rx * 0.5, h.cy + h.ry * 0.28, h.rx * 0.28, h.ry * 0.14, light);
  // Nose: shadow on the far side, highlight along the bridge.
  svg.ellipse(h.cx - side * h.rx * 0.1, h.cy + h.ry * 0.3, h.rx * 0.12, h.ry * 0.2, shadow);
  svg.ellipse(h.cx + side * h.rx * 0.03, h.cy + h.ry * 0.2, h.rx * 0.06, h.ry * 0.22, light);
  svg.ellipse(h.cx, h.cy + h.ry * 0.47, h.rx * 0.2, h.ry * 0.06, shadow);
  // Mouth and the shadow beneath the lower lip.
  svg.ellipse(h.cx, h.cy + h.ry * 0.6, h.rx * 0.26, h.ry * 0.07, soft(darken(skin, 0.55), 0.5));
  svg.ellipse(h.cx + side * h.rx * 0.05, h.cy + h.ry * 0.76, h.rx * 0.2, h.ry * 0.06, light);
}

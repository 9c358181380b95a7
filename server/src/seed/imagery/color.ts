/** Colour helpers on plain sRGB triples (0–255); precise colour science is not needed here. */
export type Rgb = readonly [number, number, number];

export function hex(value: string): Rgb {
  const v = Number.parseInt(value.replace('#', ''), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

const clamp255 = (v: number): number => Math.max(0, Math.min(255, Math.round(v)));

export function css(c: Rgb): string {
  return `#${c.map((v) => clamp255(v).toString(16).padStart(2, '0')).join('')}`;
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Multiplies two colours like light falling on a surface (white is neutral). */
export function multiply(a: Rgb, b: Rgb): Rgb {
  return [(a[0] * b[0]) / 255, (a[1] * b[1]) / 255, (a[2] * b[2]) / 255];
}

export function scale(c: Rgb, k: number): Rgb {
  return [c[0] * k, c[1] * k, c[2] * k];
}

export function addRgb(a: Rgb, b: Rgb): Rgb {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

export function clampRgb(c: Rgb): Rgb {
  return [clamp255(c[0]), clamp255(c[1]), clamp255(c[2])];
}

export const lighten = (c: Rgb, t: number): Rgb => mix(c, [255, 255, 255], t);
export const darken = (c: Rgb, t: number): Rgb => mix(c, [0, 0, 0], t);

/** Random brightness wobble of ±amount (relative), used for material variation. */
export function jitter(c: Rgb, amount: number, r: number): Rgb {
  return scale(c, 1 + (r * 2 - 1) * amount);
}

/**
 * Small seeded PRNG (mulberry32) with the helpers the painters need.
 * Every random decision in the imagery goes through this, so a seed fully
 * determines an image.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    // Fold any finite number (negative, fractional, huge) into 32 bits and
    // scramble it, so neighbouring seeds start from unrelated states.
    const base = Number.isFinite(seed) ? Math.trunc(seed) : 0;
    let h = (base ^ Math.trunc(base / 0x1_0000_0000) ^ 0x9e3779b9) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    this.state = (h ^ (h >>> 16)) >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform float in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** +1 or −1, evenly. */
  sign(): number {
    return this.chance(0.5) ? 1 : -1;
  }

  /** Roughly normal, mean 0, standard deviation ~1 (sum of three uniforms). */
  normal(): number {
    return (this.next() + this.next() + this.next() - 1.5) * 2;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Rng.pick: empty list');
    return item;
  }

  /** Picks with relative weights: `[[value, weight], ...]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /**
   * An independent stream derived from this one. Sub-painters get their own
   * fork so that adding a draw in one of them does not reshuffle the others.
   */
  fork(): Rng {
    return new Rng(Math.floor(this.next() * 0xffffffff));
  }
}

/**
 * Picks a composition by seed so that consecutive seeds walk through all the
 * variants (a seeding script using seeds 0..n gets every kind of picture).
 */
export function variantOf<T>(variants: readonly T[], seed: number): T {
  const n = variants.length;
  const i = Number.isFinite(seed) ? ((Math.trunc(seed) % n) + n) % n : 0;
  return variants[i]!;
}

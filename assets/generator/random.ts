/**
 * Deterministic noise for the generators (they never use Math.random, so every run writes the
 * same bytes); their seeded sequence generator is shared/random.ts.
 */

/** A deterministic hash of two integers to [0, 1), for per-pixel texture noise. */
export function hash2(x: number, y: number, seed: number): number {
  let value = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ Math.imul(seed | 0, 0x9e3779b1);
  value = Math.imul(value ^ (value >>> 15), 0x85ebca6b);
  value = Math.imul(value ^ (value >>> 13), 0xc2b2ae35);
  return ((value ^ (value >>> 16)) >>> 0) / 4294967296;
}

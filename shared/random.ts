/**
 * A small seeded pseudo-random generator (mulberry32), for anything that must give the same
 * numbers on every run: the fuzz tests (so failures reproduce) and the asset generators (so they
 * write the same bytes).
 */

/** Returns a function giving numbers in [0, 1) from `seed`, the same sequence every time. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

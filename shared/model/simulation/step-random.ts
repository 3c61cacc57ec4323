/**
 * The simulation's random numbers: a counter-based generator, reseeded from (seed, emitter, step) at every step of
 * every emitter, so that a step draws the same numbers however the simulation got there — played frame by frame,
 * replayed from a cached state, or pre-rolled as the previous pass of a loop. A 32-bit mix (mulberry32's output
 * function) over a Weyl sequence; one object, no allocation per draw.
 */

/** Mixes three integers into a 32-bit state (a hash: nearby inputs give unrelated states). */
function mix(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ b, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ Math.imul(c, 0x27d4eb2f), 0x165667b1);
  return (h ^ (h >>> 15)) >>> 0;
}

/** A reseedable generator of numbers in [0, 1). */
export class StepRandom {
  private state = 0;

  /** Starts the numbers of `step` of `emitter` under `seed`. */
  reseed(seed: number, emitter: number, step: number): this {
    this.state = mix(seed | 0, emitter | 0, step | 0);
    return this;
  }

  /** The next number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let mixed = this.state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  }

  /** A number in [low, high). */
  range(low: number, high: number): number {
    return low + this.next() * (high - low);
  }
}

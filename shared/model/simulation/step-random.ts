/**
 * The simulation's random numbers: a counter-based generator, reseeded from (seed, emitter, step) at every step of
 * every emitter, so that a step draws the same numbers however the simulation got there — played frame by frame,
 * replayed from a cached state, or pre-rolled as the previous pass of a loop. A 32-bit mix (mulberry32's output
 * function) over a Weyl sequence; one object, no allocation per draw.
 */

/**
 * A reseedable generator of numbers in [0, 1). Its seed and state live in a Uint32Array, and a step's state is
 * mixed where it is stored: a 32-bit value above 2^30 passed, returned or kept in a field is a boxed number when
 * the call is not inlined — an allocation per emitter per step.
 */
export class StepRandom {
  /** [seed, state]. */
  private readonly words = new Uint32Array(2);

  constructor(seed: number) {
    this.words[0] = seed;
  }

  /** Starts the numbers of `step` of `emitter` under the seed (a hash: nearby inputs give unrelated states). */
  reseed(emitter: number, step: number): this {
    const words = this.words;
    let h = Math.imul(words[0]! ^ 0x9e3779b9, 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13) ^ (emitter | 0), 0xc2b2ae35);
    h = Math.imul(h ^ (h >>> 16) ^ Math.imul(step | 0, 0x27d4eb2f), 0x165667b1);
    words[1] = h ^ (h >>> 15);
    return this;
  }

  /** Writes the next `count` numbers in [0, 1) into `out` from its start (no number crosses a call boxed). */
  fill(out: Float64Array, count: number): void {
    const words = this.words;
    for (let index = 0; index < count; index += 1) {
      words[1] = words[1]! + 0x6d2b79f5;
      let mixed = words[1]!;
      mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
      mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
      out[index] = ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
    }
  }
}

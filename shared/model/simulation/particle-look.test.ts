/**
 * A particle's look worked out by hand: segment colours (stored blue, green, red), alphas and scaling over the two
 * halves of its life, and the head's and tail's texture cells from their intervals.
 */
import { describe, expect, it } from 'vitest';
import { cellOf, LOOK_FLOATS, particle2Look, particleLookAt } from './particle-look';
import { particleEmitter2 } from './testing/emitter-models';

const emitter = particleEmitter2({
  time: 0.25,
  rows: 4,
  columns: 4,
  // Blue, green, red as stored: start pure red, middle pure green, end pure blue.
  segmentColors: Float32Array.of(0, 0, 1, 0, 1, 0, 1, 0, 0),
  segmentAlphas: Uint8Array.of(0, 255, 51),
  segmentScaling: Float32Array.of(10, 30, 5),
  headInterval: Uint32Array.of(0, 4, 1),
  headDecayInterval: Uint32Array.of(4, 8, 2),
  tailInterval: Uint32Array.of(8, 11, 1),
  tailDecayInterval: Uint32Array.of(15, 15, 1),
});
const look = particle2Look(emitter);
const out = new Float64Array(LOOK_FLOATS);

describe('a particle’s look', () => {
  it('goes from the first segment to the second over [0, time], then to the third', () => {
    particleLookAt(look, 0, false, out, 0);
    expect([...out.subarray(0, 5)]).toEqual([1, 0, 0, 0, 10]);
    // 0.125 of its life: half way through the first part.
    particleLookAt(look, 0.125, false, out, 0);
    expect([...out.subarray(0, 5)]).toEqual([0.5, 0.5, 0, 0.5, 20]);
    particleLookAt(look, 0.25, false, out, 0);
    expect([...out.subarray(0, 5)]).toEqual([0, 1, 0, 1, 30]);
    // 0.625: half way through the second part (0.25 … 1).
    particleLookAt(look, 0.625, false, out, 0);
    expect(out[0]).toBeCloseTo(0, 12);
    expect(out[1]).toBeCloseTo(0.5, 12);
    expect(out[2]).toBeCloseTo(0.5, 12);
    expect(out[3]).toBeCloseTo(0.6, 12);
    expect(out[4]).toBeCloseTo(17.5, 12);
  });

  it('shows the head interval’s cells over the first part and the decay interval’s over the second', () => {
    // Head 0…4 once over [0, 0.25]: cell 0 + ⌊4 × factor⌋.
    const heads = [0, 0.05, 0.1, 0.15, 0.2, 0.249].map((age) => {
      particleLookAt(look, age, false, out, 0);
      return out[5];
    });
    expect(heads).toEqual([0, 0, 1, 2, 3, 3]);
    // Decay 4…8 twice over [0.25, 1]: 4 + ⌊4 × 2 × factor⌋ mod 4.
    const decays = [0.25, 0.34, 0.44, 0.53, 0.63, 0.72, 0.82, 0.91, 0.99].map((age) => {
      particleLookAt(look, age, false, out, 0);
      return out[5];
    });
    expect(decays).toEqual([4, 4, 6, 6, 4, 5, 6, 7, 7]);
  });

  it('shows the tail intervals’ cells for a tail, and holds an interval that does not advance', () => {
    const tails = [0, 0.1, 0.2, 0.5, 0.9].map((age) => {
      particleLookAt(look, age, true, out, 0);
      return out[5];
    });
    expect(tails).toEqual([8, 9, 10, 15, 15]);
    expect(cellOf(look, 3, 0.7)).toBe(15);
  });

  it('keeps cells inside the grid, and draws a team colour whole', () => {
    const wild = particle2Look(
      particleEmitter2({
        rows: 2,
        columns: 2,
        headInterval: Uint32Array.of(1, 100, 1),
        headDecayInterval: Uint32Array.of(70, 70, 1),
      }),
    );
    expect(cellOf(wild, 0, 0.9)).toBe(3);
    expect(cellOf(wild, 1, 0.5)).toBe(3);
    const team = particle2Look(
      particleEmitter2({ replaceableId: 1, rows: 4, columns: 4, headInterval: Uint32Array.of(3, 9, 1) }),
    );
    particleLookAt(team, 0.1, false, out, 0);
    expect(out[5]).toBe(0);
    expect([team.rows, team.columns]).toEqual([1, 1]);
  });
});

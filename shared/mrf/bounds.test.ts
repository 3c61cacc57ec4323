import { describe, expect, it } from 'vitest';
import { mrfBounds, mrfPivotAndRadius } from './bounds';

// Two keyframes of two vertices each: [px, py, pz, nx, ny, nz] per vertex.
const keyframes = [
  Float32Array.of(0, 0, 0, 0, 0, 1, 4, 0, 0, 0, 0, 1),
  Float32Array.of(0, 2, 0, 0, 0, 1, 4, 2, 6, 0, 0, 1),
];

describe('mrfBounds and mrfPivotAndRadius', () => {
  it('bound every position of every keyframe; the pivot is their centre and the radius reaches the farthest', () => {
    expect(mrfBounds({ keyframes })).toEqual({ min: [0, 0, 0], max: [4, 2, 6] });
    const { pivot, radius } = mrfPivotAndRadius({ keyframes });
    expect(pivot).toEqual([2, 1, 3]);
    expect(radius).toBeCloseTo(Math.hypot(2, 1, 3), 6);
  });

  it('leave out positions that are NaN or infinite', () => {
    const hostile = [...keyframes, Float32Array.of(Number.NaN, 0, 0, 0, 0, 1, Infinity, 0, -Infinity, 0, 0, 1)];
    expect(mrfBounds({ keyframes: hostile })).toEqual({ min: [0, 0, 0], max: [4, 2, 6] });
    expect(mrfPivotAndRadius({ keyframes: hostile }).radius).toBeCloseTo(Math.hypot(2, 1, 3), 6);
  });

  it('give no bounds, a zero pivot and radius without any finite position', () => {
    expect(mrfBounds({ keyframes: [Float32Array.of(Number.NaN, 0, 0, 0, 0, 1)] })).toBeNull();
    expect(mrfPivotAndRadius({ keyframes: [] })).toEqual({ pivot: [0, 0, 0], radius: 0 });
  });
});

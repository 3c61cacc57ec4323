import { describe, expect, it } from 'vitest';
import {
  composeTrs,
  createMatrix4,
  invertMatrix,
  multiplyMatrices,
  normalMatrix,
  normalizeQuaternion,
  slerp,
} from './math';

const HALF_SQRT2 = Math.SQRT1_2;

/** m · (x, y, z, 1), column-major. */
function apply(m: Float64Array, x: number, y: number, z: number): number[] {
  return [0, 1, 2].map((row) => m[row]! * x + m[4 + row]! * y + m[8 + row]! * z + m[12 + row]!);
}

function close(actual: ArrayLike<number>, expected: number[], digits = 12): void {
  expect(Array.from(actual).length).toBe(expected.length);
  expected.forEach((value, index) => expect(actual[index]).toBeCloseTo(value, digits));
}

describe('matrices', () => {
  it('composes translation · rotation · scale in glTF order', () => {
    const m = new Float64Array(16);
    // Scale x by 2, turn 90° about Z, then move by (1, 2, 3): (1, 0, 0) → (2, 0, 0) → (0, 2, 0) → (1, 4, 3).
    composeTrs([1, 2, 3], [0, 0, HALF_SQRT2, HALF_SQRT2], [2, 1, 1], m);
    close(apply(m, 1, 0, 0), [1, 4, 3]);
    close(apply(m, 0, 1, 0), [0, 2, 3]);
    close(apply(m, 0, 0, 1), [1, 2, 4]);
  });

  it('multiplies (a · b applies b first) and inverts, in place too', () => {
    const a = new Float64Array(16);
    const b = new Float64Array(16);
    composeTrs([10, 0, 0], [0, 0, 0, 1], [1, 1, 1], a);
    composeTrs([0, 0, 0], [0, 0, HALF_SQRT2, HALF_SQRT2], [3, 3, 3], b);
    const product = new Float64Array(16);
    multiplyMatrices(a, 0, b, 0, product, 0);
    close(apply(product, 1, 0, 0), [10, 3, 0]);
    multiplyMatrices(a, 0, b, 0, a, 0);
    close(a, Array.from(product));
    const inverse = new Float64Array(16);
    expect(invertMatrix(product, 0, inverse, 0)).toBe(true);
    multiplyMatrices(product, 0, inverse, 0, inverse, 0);
    close(inverse, Array.from(createMatrix4()));
  });

  it('refuses to invert a singular matrix and leaves the output alone', () => {
    const singular = new Float64Array(16);
    composeTrs([0, 0, 0], [0, 0, 0, 1], [1, 0, 1], singular);
    const out = new Float64Array(16).fill(7);
    expect(invertMatrix(singular, 0, out, 0)).toBe(false);
    expect(Array.from(out).every((value) => value === 7)).toBe(true);
  });

  it('carries normals by the inverse-transpose (up to scale), keeping them outward under a mirror', () => {
    const m = new Float64Array(16);
    const n = new Float64Array(9);
    // Scale x by 2: the plane x + y = 0's normal (1, 1, 0) becomes ∝ (1/2, 1, 0), i.e. ∝ (1, 2, 0).
    composeTrs([5, 5, 5], [0, 0, 0, 1], [2, 1, 1], m);
    normalMatrix(m, 0, n);
    const nx = n[0]! * 1 + n[3]! * 1;
    const ny = n[1]! * 1 + n[4]! * 1;
    expect(ny / nx).toBeCloseTo(2, 12);
    expect(nx).toBeGreaterThan(0);
    // Mirror x: the normal (1, 0, 0) of the face x = 1 becomes (−1, 0, 0), as the face moved to x = −1.
    composeTrs([0, 0, 0], [0, 0, 0, 1], [-1, 1, 1], m);
    normalMatrix(m, 0, n);
    close([n[0]!, n[1]!, n[2]!], [-1, 0, 0]);
  });
});

describe('quaternions', () => {
  it('slerps half-way between the identity and 90° about Z to 45° about Z', () => {
    const out = new Float64Array(4);
    slerp([0, 0, 0, 1], 0, [0, 0, HALF_SQRT2, HALF_SQRT2], 0, 0.5, out, 0);
    close(out, [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)]);
    slerp([0, 0, 0, 1], 0, [0, 0, HALF_SQRT2, HALF_SQRT2], 0, 0.25, out, 0);
    close(out, [0, 0, Math.sin(Math.PI / 16), Math.cos(Math.PI / 16)]);
  });

  it('takes the shorter arc when the second quaternion is on the other hemisphere', () => {
    const out = new Float64Array(4);
    slerp([0, 0, 0, 1], 0, [0, 0, -HALF_SQRT2, -HALF_SQRT2], 0, 0.5, out, 0);
    close(out, [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)]);
  });

  it('normalises, and turns a zero quaternion into the identity', () => {
    const q = new Float64Array([0, 0, 3, 4]);
    normalizeQuaternion(q);
    close(q, [0, 0, 0.6, 0.8]);
    q.fill(0);
    normalizeQuaternion(q);
    close(q, [0, 0, 0, 1]);
  });
});

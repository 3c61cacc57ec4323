/**
 * The small linear algebra the baker needs: 4×4 matrices stored column-major in Float64Arrays
 * (glTF's order: element (row r, column c) at index c × 4 + r), quaternions as (x, y, z, w).
 * Every function writes into a caller-owned array and allocates nothing.
 */
import { normalizeQuaternion as normalizeQuaternionAt, slerp as slerpAt } from '../model/sampling/quaternion';

/** A 4×4 matrix, column-major, 16 numbers. */
export type Matrix4 = Float64Array;

/** Floats in a 4×4 matrix. */
export const MATRIX4_SIZE = 16;

/** A new identity matrix. */
export function createMatrix4(): Matrix4 {
  return setIdentity(new Float64Array(MATRIX4_SIZE));
}

/** Writes the identity into `out` at `offset`; returns `out`. */
export function setIdentity(out: Float64Array, offset = 0): Float64Array {
  out.fill(0, offset, offset + MATRIX4_SIZE);
  out[offset] = 1;
  out[offset + 5] = 1;
  out[offset + 10] = 1;
  out[offset + 15] = 1;
  return out;
}

/**
 * The matrix T · R · S of a translation, a unit quaternion (x, y, z, w) and a scale, written into
 * `out` at `offset` (glTF's node transform order). Reads each input at its own offset.
 */
export function composeTrs(
  translation: ArrayLike<number>,
  rotation: ArrayLike<number>,
  scale: ArrayLike<number>,
  out: Float64Array,
  offset = 0,
  translationOffset = 0,
  rotationOffset = 0,
  scaleOffset = 0,
): void {
  const x = rotation[rotationOffset]!;
  const y = rotation[rotationOffset + 1]!;
  const z = rotation[rotationOffset + 2]!;
  const w = rotation[rotationOffset + 3]!;
  const sx = scale[scaleOffset]!;
  const sy = scale[scaleOffset + 1]!;
  const sz = scale[scaleOffset + 2]!;
  const xx = x * x;
  const yy = y * y;
  const zz = z * z;
  const xy = x * y;
  const xz = x * z;
  const yz = y * z;
  const wx = w * x;
  const wy = w * y;
  const wz = w * z;
  out[offset] = (1 - 2 * (yy + zz)) * sx;
  out[offset + 1] = 2 * (xy + wz) * sx;
  out[offset + 2] = 2 * (xz - wy) * sx;
  out[offset + 3] = 0;
  out[offset + 4] = 2 * (xy - wz) * sy;
  out[offset + 5] = (1 - 2 * (xx + zz)) * sy;
  out[offset + 6] = 2 * (yz + wx) * sy;
  out[offset + 7] = 0;
  out[offset + 8] = 2 * (xz + wy) * sz;
  out[offset + 9] = 2 * (yz - wx) * sz;
  out[offset + 10] = (1 - 2 * (xx + yy)) * sz;
  out[offset + 11] = 0;
  out[offset + 12] = translation[translationOffset]!;
  out[offset + 13] = translation[translationOffset + 1]!;
  out[offset + 14] = translation[translationOffset + 2]!;
  out[offset + 15] = 1;
}

/**
 * `out = a · b` (each at its offset). `out` may be `a` or `b` at the same offset: the product is
 * gathered in locals before it is written.
 */
export function multiplyMatrices(
  a: Float64Array,
  aOffset: number,
  b: Float64Array,
  bOffset: number,
  out: Float64Array,
  outOffset: number,
): void {
  const a00 = a[aOffset]!,
    a10 = a[aOffset + 1]!,
    a20 = a[aOffset + 2]!,
    a30 = a[aOffset + 3]!;
  const a01 = a[aOffset + 4]!,
    a11 = a[aOffset + 5]!,
    a21 = a[aOffset + 6]!,
    a31 = a[aOffset + 7]!;
  const a02 = a[aOffset + 8]!,
    a12 = a[aOffset + 9]!,
    a22 = a[aOffset + 10]!,
    a32 = a[aOffset + 11]!;
  const a03 = a[aOffset + 12]!,
    a13 = a[aOffset + 13]!,
    a23 = a[aOffset + 14]!,
    a33 = a[aOffset + 15]!;
  for (let column = 0; column < 4; column += 1) {
    const b0 = b[bOffset + column * 4]!;
    const b1 = b[bOffset + column * 4 + 1]!;
    const b2 = b[bOffset + column * 4 + 2]!;
    const b3 = b[bOffset + column * 4 + 3]!;
    // Column `column` of the product depends only on column `column` of b, read above.
    out[outOffset + column * 4] = a00 * b0 + a01 * b1 + a02 * b2 + a03 * b3;
    out[outOffset + column * 4 + 1] = a10 * b0 + a11 * b1 + a12 * b2 + a13 * b3;
    out[outOffset + column * 4 + 2] = a20 * b0 + a21 * b1 + a22 * b2 + a23 * b3;
    out[outOffset + column * 4 + 3] = a30 * b0 + a31 * b1 + a32 * b2 + a33 * b3;
  }
}

/**
 * Writes the inverse of `m` into `out` (each at its offset; they may be the same). Returns false,
 * leaving `out` untouched, when `m` is singular.
 */
export function invertMatrix(m: Float64Array, mOffset: number, out: Float64Array, outOffset: number): boolean {
  const a00 = m[mOffset]!,
    a01 = m[mOffset + 1]!,
    a02 = m[mOffset + 2]!,
    a03 = m[mOffset + 3]!;
  const a10 = m[mOffset + 4]!,
    a11 = m[mOffset + 5]!,
    a12 = m[mOffset + 6]!,
    a13 = m[mOffset + 7]!;
  const a20 = m[mOffset + 8]!,
    a21 = m[mOffset + 9]!,
    a22 = m[mOffset + 10]!,
    a23 = m[mOffset + 11]!;
  const a30 = m[mOffset + 12]!,
    a31 = m[mOffset + 13]!,
    a32 = m[mOffset + 14]!,
    a33 = m[mOffset + 15]!;
  const b00 = a00 * a11 - a01 * a10;
  const b01 = a00 * a12 - a02 * a10;
  const b02 = a00 * a13 - a03 * a10;
  const b03 = a01 * a12 - a02 * a11;
  const b04 = a01 * a13 - a03 * a11;
  const b05 = a02 * a13 - a03 * a12;
  const b06 = a20 * a31 - a21 * a30;
  const b07 = a20 * a32 - a22 * a30;
  const b08 = a20 * a33 - a23 * a30;
  const b09 = a21 * a32 - a22 * a31;
  const b10 = a21 * a33 - a23 * a31;
  const b11 = a22 * a33 - a23 * a32;
  const determinant = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;
  if (!determinant || !Number.isFinite(determinant)) return false;
  const d = 1 / determinant;
  out[outOffset] = (a11 * b11 - a12 * b10 + a13 * b09) * d;
  out[outOffset + 1] = (a02 * b10 - a01 * b11 - a03 * b09) * d;
  out[outOffset + 2] = (a31 * b05 - a32 * b04 + a33 * b03) * d;
  out[outOffset + 3] = (a22 * b04 - a21 * b05 - a23 * b03) * d;
  out[outOffset + 4] = (a12 * b08 - a10 * b11 - a13 * b07) * d;
  out[outOffset + 5] = (a00 * b11 - a02 * b08 + a03 * b07) * d;
  out[outOffset + 6] = (a32 * b02 - a30 * b05 - a33 * b01) * d;
  out[outOffset + 7] = (a20 * b05 - a22 * b02 + a23 * b01) * d;
  out[outOffset + 8] = (a10 * b10 - a11 * b08 + a13 * b06) * d;
  out[outOffset + 9] = (a01 * b08 - a00 * b10 - a03 * b06) * d;
  out[outOffset + 10] = (a30 * b04 - a31 * b02 + a33 * b00) * d;
  out[outOffset + 11] = (a21 * b02 - a20 * b04 - a23 * b00) * d;
  out[outOffset + 12] = (a11 * b07 - a10 * b09 - a12 * b06) * d;
  out[outOffset + 13] = (a00 * b09 - a01 * b07 + a02 * b06) * d;
  out[outOffset + 14] = (a31 * b01 - a30 * b03 - a32 * b00) * d;
  out[outOffset + 15] = (a20 * b03 - a21 * b01 + a22 * b00) * d;
  return true;
}

/**
 * The 3×3 matrix that carries normals under the affine matrix `m` (at `mOffset`): the cofactor
 * matrix of its upper-left 3×3, signed by its determinant — the inverse-transpose up to a positive
 * factor, which normalising the result removes. Written column-major into `out` (9 numbers at
 * `outOffset`). A rotation gives itself; a mirror keeps normals facing outwards.
 */
export function normalMatrix(m: Float64Array, mOffset: number, out: Float64Array, outOffset = 0): void {
  const a = m[mOffset]!,
    b = m[mOffset + 4]!,
    c = m[mOffset + 8]!;
  const d = m[mOffset + 1]!,
    e = m[mOffset + 5]!,
    f = m[mOffset + 9]!;
  const g = m[mOffset + 2]!,
    h = m[mOffset + 6]!,
    i = m[mOffset + 10]!;
  // Cofactors C(row, column) of [[a b c] [d e f] [g h i]] (rows).
  const c00 = e * i - f * h,
    c01 = f * g - d * i,
    c02 = d * h - e * g;
  const c10 = c * h - b * i,
    c11 = a * i - c * g,
    c12 = b * g - a * h;
  const c20 = b * f - c * e,
    c21 = c * d - a * f,
    c22 = a * e - b * d;
  const sign = a * c00 + b * c01 + c * c02 < 0 ? -1 : 1;
  // The inverse-transpose is cofactor / determinant: element (row r, column c) = C(r, c) / det.
  out[outOffset] = c00 * sign;
  out[outOffset + 1] = c10 * sign;
  out[outOffset + 2] = c20 * sign;
  out[outOffset + 3] = c01 * sign;
  out[outOffset + 4] = c11 * sign;
  out[outOffset + 5] = c21 * sign;
  out[outOffset + 6] = c02 * sign;
  out[outOffset + 7] = c12 * sign;
  out[outOffset + 8] = c22 * sign;
}

/** Scales the quaternion at `offset` of `q` to unit length (the identity when it has none). */
export function normalizeQuaternion(q: Float64Array | Float32Array, offset = 0): void {
  normalizeQuaternionAt(q, offset);
}

/**
 * Spherical linear interpolation between the quaternions at `aOffset` of `a` and `bOffset` of `b`,
 * taking the shorter arc, written at `outOffset` of `out` as a unit quaternion (glTF's LINEAR for
 * rotations): the model samplers' slerp (shared/model/sampling/quaternion.ts), normalised.
 */
export function slerp(
  a: ArrayLike<number>,
  aOffset: number,
  b: ArrayLike<number>,
  bOffset: number,
  t: number,
  out: Float64Array | Float32Array,
  outOffset: number,
): void {
  slerpAt(out, outOffset, a, aOffset, b, bOffset, t);
  normalizeQuaternionAt(out, outOffset);
}

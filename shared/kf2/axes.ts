/**
 * From Max Payne's axes to Warcraft III's.
 *
 * The spec says nothing of axes. Max Payne's engine is Direct3D, and its tools keep Direct3D's
 * convention: Y up, left-handed (X right, Y up, Z forward), matrices applied to row vectors. A
 * cape wants Warcraft III's right-handed Z-up axes. Swapping Y and Z, (x, y, z) → (x, z, y), does
 * both at once — Y becomes up, and the change of handedness is undone by the swap's own mirror —
 * so the model keeps its shape (nothing is mirrored). The swap reverses the sense in which a
 * triangle's corners turn, so every triangle's second and third corners are exchanged to keep it
 * facing the same way. A Matrix4x3 M (row vectors) becomes the column-major 4×4 P·Mᵀ·P, P the swap.
 * Texture coordinates need no change: Direct3D's origin is the texture's top-left, as MRF's.
 */
import { MATRIX4_SIZE } from '../capes/math';

/** Writes the Warcraft III matrix of the Matrix4x3 at `from` of `rows` into `out` at `offset` (column-major). */
export function kf2MatrixToWarcraft(rows: ArrayLike<number>, from: number, out: Float64Array, offset: number): void {
  const m = (index: number) => rows[from + index]!;
  // Columns: the images of X, Y (Direct3D's Z row) and Z (Direct3D's Y row), each with Y and Z swapped.
  const columns = [m(0), m(2), m(1), m(6), m(8), m(7), m(3), m(5), m(4), m(9), m(11), m(10)];
  for (let column = 0; column < 4; column += 1) {
    out[offset + column * 4] = columns[column * 3]!;
    out[offset + column * 4 + 1] = columns[column * 3 + 1]!;
    out[offset + column * 4 + 2] = columns[column * 3 + 2]!;
    out[offset + column * 4 + 3] = column === 3 ? 1 : 0;
  }
}

/** Swaps Y and Z of every 3-vector in `vectors` (in place). */
export function kf2VectorsToWarcraft(vectors: Float32Array | Float64Array): void {
  for (let at = 0; at + 2 < vectors.length; at += 3) {
    const y = vectors[at + 1]!;
    vectors[at + 1] = vectors[at + 2]!;
    vectors[at + 2] = y;
  }
}

/**
 * Splits an affine matrix (column-major, at `offset`) into translation, unit quaternion (x, y, z,
 * w) and scale, written at the given offsets; a mirroring matrix gets a negative X scale.
 */
export function decomposeMatrix(
  m: Float64Array,
  offset: number,
  translation: Float64Array,
  translationOffset: number,
  rotation: Float64Array,
  rotationOffset: number,
  scale: Float64Array,
  scaleOffset: number,
): void {
  const column = (index: number) =>
    Math.hypot(m[offset + index * 4]!, m[offset + index * 4 + 1]!, m[offset + index * 4 + 2]!);
  const a = m.subarray(offset, offset + MATRIX4_SIZE);
  const determinant =
    a[0]! * (a[5]! * a[10]! - a[9]! * a[6]!) -
    a[4]! * (a[1]! * a[10]! - a[9]! * a[2]!) +
    a[8]! * (a[1]! * a[6]! - a[5]! * a[2]!);
  const sx = column(0) * (determinant < 0 ? -1 : 1);
  const sy = column(1);
  const sz = column(2);
  translation[translationOffset] = a[12]!;
  translation[translationOffset + 1] = a[13]!;
  translation[translationOffset + 2] = a[14]!;
  scale[scaleOffset] = sx;
  scale[scaleOffset + 1] = sy;
  scale[scaleOffset + 2] = sz;
  const div = (value: number, by: number) => (by !== 0 ? value / by : 0);
  const r00 = div(a[0]!, sx),
    r10 = div(a[1]!, sx),
    r20 = div(a[2]!, sx);
  const r01 = div(a[4]!, sy),
    r11 = div(a[5]!, sy),
    r21 = div(a[6]!, sy);
  const r02 = div(a[8]!, sz),
    r12 = div(a[9]!, sz),
    r22 = div(a[10]!, sz);
  // Shepperd's method: from the largest of the trace and the diagonal.
  const trace = r00 + r11 + r22;
  let x: number, y: number, z: number, w: number;
  if (trace > 0) {
    const s = Math.sqrt(trace + 1) * 2;
    w = s / 4;
    x = (r21 - r12) / s;
    y = (r02 - r20) / s;
    z = (r10 - r01) / s;
  } else if (r00 > r11 && r00 > r22) {
    const s = Math.sqrt(1 + r00 - r11 - r22) * 2;
    w = (r21 - r12) / s;
    x = s / 4;
    y = (r01 + r10) / s;
    z = (r02 + r20) / s;
  } else if (r11 > r22) {
    const s = Math.sqrt(1 + r11 - r00 - r22) * 2;
    w = (r02 - r20) / s;
    x = (r01 + r10) / s;
    y = s / 4;
    z = (r12 + r21) / s;
  } else {
    const s = Math.sqrt(1 + r22 - r00 - r11) * 2;
    w = (r10 - r01) / s;
    x = (r02 + r20) / s;
    y = (r12 + r21) / s;
    z = s / 4;
  }
  const length = Math.hypot(x, y, z, w);
  const unit = length > 0 && Number.isFinite(length);
  rotation[rotationOffset] = unit ? x / length : 0;
  rotation[rotationOffset + 1] = unit ? y / length : 0;
  rotation[rotationOffset + 2] = unit ? z / length : 0;
  rotation[rotationOffset + 3] = unit ? w / length : 1;
}

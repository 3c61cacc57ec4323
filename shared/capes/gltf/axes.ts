/**
 * Axes: Warcraft III (and MRF) is Z-up, glTF Y-up, both right-handed, with no scaling between
 * them: glTF (x, y, z) = MRF (x, z, −y), and back MRF (x, y, z) = glTF (x, −z, y). UVs need no
 * change: both put the texture's origin at its top-left.
 */

/** Writes MRF (x, y, z) = glTF (x, −z, y) × `scale` at `targetOffset` of `target`. */
export function gltfToMrfAxes(
  source: ArrayLike<number>,
  sourceOffset: number,
  target: Float32Array | Float64Array,
  targetOffset: number,
  scale = 1,
): void {
  const x = source[sourceOffset]!;
  const y = source[sourceOffset + 1]!;
  const z = source[sourceOffset + 2]!;
  target[targetOffset] = x * scale;
  target[targetOffset + 1] = -z * scale;
  target[targetOffset + 2] = y * scale;
}

/** Writes glTF (x, y, z) = MRF (x, z, −y) at `targetOffset` of `target`. */
export function mrfToGltfAxes(
  source: ArrayLike<number>,
  sourceOffset: number,
  target: Float32Array | Float64Array,
  targetOffset: number,
): void {
  const x = source[sourceOffset]!;
  const y = source[sourceOffset + 1]!;
  const z = source[sourceOffset + 2]!;
  target[targetOffset] = x;
  target[targetOffset + 1] = z;
  target[targetOffset + 2] = -y;
}

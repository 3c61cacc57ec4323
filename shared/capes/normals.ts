/**
 * Vertex normals: computed from the faces when a source has none, and normalised.
 */

/**
 * Area-weighted vertex normals of a triangle mesh: each face's (unnormalised) cross product added
 * to its three corners, then normalised. `positions` and `out` hold 3 numbers per vertex; corners
 * naming a vertex at or past `vertexCount` are skipped (a validator reports them).
 */
export function computeVertexNormals(
  positions: ArrayLike<number>,
  faces: ArrayLike<number>,
  vertexCount: number,
  out: Float32Array | Float64Array,
): void {
  out.fill(0, 0, vertexCount * 3);
  for (let corner = 0; corner + 2 < faces.length; corner += 3) {
    const a = faces[corner]!;
    const b = faces[corner + 1]!;
    const c = faces[corner + 2]!;
    if (a >= vertexCount || b >= vertexCount || c >= vertexCount) continue;
    const ax = positions[a * 3]!,
      ay = positions[a * 3 + 1]!,
      az = positions[a * 3 + 2]!;
    const ux = positions[b * 3]! - ax,
      uy = positions[b * 3 + 1]! - ay,
      uz = positions[b * 3 + 2]! - az;
    const vx = positions[c * 3]! - ax,
      vy = positions[c * 3 + 1]! - ay,
      vz = positions[c * 3 + 2]! - az;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    addVector(out, a, nx, ny, nz);
    addVector(out, b, nx, ny, nz);
    addVector(out, c, nx, ny, nz);
  }
  normalizeVectors(out, vertexCount);
}

function addVector(out: Float32Array | Float64Array, vertex: number, x: number, y: number, z: number): void {
  out[vertex * 3] = out[vertex * 3]! + x;
  out[vertex * 3 + 1] = out[vertex * 3 + 1]! + y;
  out[vertex * 3 + 2] = out[vertex * 3 + 2]! + z;
}

/** Scales each of the first `count` 3-vectors of `vectors` to unit length; a zero or non-finite length leaves it. */
export function normalizeVectors(vectors: Float32Array | Float64Array, count = vectors.length / 3): void {
  for (let index = 0; index < count * 3; index += 3) {
    const x = vectors[index]!;
    const y = vectors[index + 1]!;
    const z = vectors[index + 2]!;
    const length = Math.sqrt(x * x + y * y + z * z);
    if (!(length > 0) || length === Infinity || length === 1) continue;
    vectors[index] = x / length;
    vectors[index + 1] = y / length;
    vectors[index + 2] = z / length;
  }
}

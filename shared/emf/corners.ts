/**
 * EMF meshes list each triangle's three vertices whole; a cape shares them. Corners equal bit for
 * bit (bone, position, normal, UV) become one vertex, found through an open-addressing hash table
 * over the float bits — no string keys, one pass.
 */

/** One step of the corner hash. */
function mix(hash: number, word: number): number {
  return Math.imul(hash ^ word, 0x85ebca6b) ^ (hash >>> 13);
}

/** The shared vertices of `corners` corners: each corner's vertex, and each vertex's first corner. */
export interface SharedCorners {
  faces: Uint32Array;
  /** The first corner of each vertex. */
  firstCorner: Int32Array;
  vertexCount: number;
}

/**
 * Shares the corners whose `bones` (bone index per corner), positions, normals (3 floats per corner)
 * and UVs (2) are identical. Stops with `tooMany` once more than `limit` vertices are made.
 */
export function shareCorners(
  bones: Int32Array,
  positions: Float32Array,
  normals: Float32Array,
  uvs: Float32Array,
  limit: number,
  tooMany: () => Error,
): SharedCorners {
  const corners = bones.length;
  const p = new Uint32Array(positions.buffer, positions.byteOffset, positions.length);
  const n = new Uint32Array(normals.buffer, normals.byteOffset, normals.length);
  const t = new Uint32Array(uvs.buffer, uvs.byteOffset, uvs.length);
  let size = 16;
  while (size < corners * 2) size *= 2;
  const table = new Int32Array(size).fill(-1);
  const faces = new Uint32Array(corners);
  const firstCorner = new Int32Array(Math.min(corners, limit + 1));
  let vertexCount = 0;
  const same = (a: number, b: number) =>
    bones[a] === bones[b] &&
    p[a * 3] === p[b * 3] &&
    p[a * 3 + 1] === p[b * 3 + 1] &&
    p[a * 3 + 2] === p[b * 3 + 2] &&
    n[a * 3] === n[b * 3] &&
    n[a * 3 + 1] === n[b * 3 + 1] &&
    n[a * 3 + 2] === n[b * 3 + 2] &&
    t[a * 2] === t[b * 2] &&
    t[a * 2 + 1] === t[b * 2 + 1];
  for (let corner = 0; corner < corners; corner += 1) {
    let hash = Math.imul(bones[corner]! + 1, 0x9e3779b1);
    for (let axis = 0; axis < 3; axis += 1) hash = mix(mix(hash, p[corner * 3 + axis]!), n[corner * 3 + axis]!);
    hash = mix(mix(hash, t[corner * 2]!), t[corner * 2 + 1]!);
    let slot = (hash >>> 0) & (size - 1);
    for (;;) {
      const vertex = table[slot]!;
      if (vertex < 0) {
        if (vertexCount >= limit) throw tooMany();
        table[slot] = vertexCount;
        firstCorner[vertexCount] = corner;
        faces[corner] = vertexCount;
        vertexCount += 1;
        break;
      }
      if (same(firstCorner[vertex]!, corner)) {
        faces[corner] = vertex;
        break;
      }
      slot = (slot + 1) & (size - 1);
    }
  }
  return { faces, firstCorner: firstCorner.subarray(0, vertexCount), vertexCount };
}

/**
 * Linear-blend skinning: each vertex moved by the weighted sum of its joints' matrices
 * (joint world matrix × inverse bind matrix), normals by the same blend's normal matrix.
 */
import { MATRIX4_SIZE, normalMatrix } from './math';

/** Joint influences per vertex: `influences` joint indices and weights per vertex (glTF JOINTS_n/WEIGHTS_n). */
export interface SkinInfluences {
  /** Joint indices into the skin's joint list, `influences` per vertex. */
  joints: Uint8Array | Uint16Array | Uint32Array;
  /** Weights, `influences` per vertex (summing to 1 in a well-formed file; not renormalised). */
  weights: Float32Array;
  /** Influences per vertex: 4 per JOINTS_n/WEIGHTS_n set. */
  influences: number;
}

/** Scratch space for {@link skinVertices}, allocated once per baker. */
export interface SkinScratch {
  blend: Float64Array;
  normal: Float64Array;
}

/** Scratch for {@link skinVertices}. */
export function createSkinScratch(): SkinScratch {
  return { blend: new Float64Array(MATRIX4_SIZE), normal: new Float64Array(9) };
}

/**
 * Skins `vertexCount` vertices: `outPositions[v] = (Σ w·J) · positions[v]` and the normals by the
 * blend's normal matrix (not normalised — the baker normalises once at the end). `jointMatrices`
 * holds one 4×4 matrix per joint (16 numbers, column-major): the joint's world matrix times its
 * inverse bind matrix, already brought into the space the output is wanted in. A vertex whose
 * weights are all zero keeps its position and normal. `normals`/`outNormals` may be null.
 */
export function skinVertices(
  vertexCount: number,
  positions: ArrayLike<number>,
  normals: ArrayLike<number> | null,
  skin: SkinInfluences,
  jointMatrices: Float64Array,
  outPositions: Float32Array | Float64Array,
  outNormals: Float32Array | Float64Array | null,
  scratch: SkinScratch,
): void {
  const { joints, weights, influences } = skin;
  const blend = scratch.blend;
  const normal = scratch.normal;
  for (let vertex = 0; vertex < vertexCount; vertex += 1) {
    blend.fill(0);
    let total = 0;
    for (let influence = 0; influence < influences; influence += 1) {
      const weight = weights[vertex * influences + influence]!;
      if (weight === 0) continue;
      total += weight;
      const at = joints[vertex * influences + influence]! * MATRIX4_SIZE;
      for (let element = 0; element < MATRIX4_SIZE; element += 1) {
        blend[element] = blend[element]! + weight * jointMatrices[at + element]!;
      }
    }
    const p = vertex * 3;
    const x = positions[p]!;
    const y = positions[p + 1]!;
    const z = positions[p + 2]!;
    if (total === 0) {
      outPositions[p] = x;
      outPositions[p + 1] = y;
      outPositions[p + 2] = z;
      if (normals && outNormals) {
        outNormals[p] = normals[p]!;
        outNormals[p + 1] = normals[p + 1]!;
        outNormals[p + 2] = normals[p + 2]!;
      }
      continue;
    }
    outPositions[p] = blend[0]! * x + blend[4]! * y + blend[8]! * z + blend[12]!;
    outPositions[p + 1] = blend[1]! * x + blend[5]! * y + blend[9]! * z + blend[13]!;
    outPositions[p + 2] = blend[2]! * x + blend[6]! * y + blend[10]! * z + blend[14]!;
    if (normals && outNormals) {
      normalMatrix(blend, 0, normal, 0);
      const nx = normals[p]!;
      const ny = normals[p + 1]!;
      const nz = normals[p + 2]!;
      outNormals[p] = normal[0]! * nx + normal[3]! * ny + normal[6]! * nz;
      outNormals[p + 1] = normal[1]! * nx + normal[4]! * ny + normal[7]! * nz;
      outNormals[p + 2] = normal[2]! * nx + normal[5]! * ny + normal[8]! * nz;
    }
  }
}

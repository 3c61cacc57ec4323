/**
 * Linear-blend skinning: each vertex moved by the weighted sum of its joints' matrices
 * (joint world matrix × inverse bind matrix), normals by the same blend's normal matrix.
 */
import { MATRIX4_SIZE } from './math';

/** Joint influences per vertex: `influences` joint indices and weights per vertex (glTF JOINTS_n/WEIGHTS_n). */
export interface SkinInfluences {
  /** Joint indices into the skin's joint list, `influences` per vertex. */
  joints: Uint8Array | Uint16Array | Uint32Array;
  /** Weights, `influences` per vertex (summing to 1 in a well-formed file; not renormalised). */
  weights: Float32Array;
  /** Influences per vertex: 4 per JOINTS_n/WEIGHTS_n set. */
  influences: number;
}

/**
 * Elements of a column-major affine matrix that blending needs: the first three columns' and the
 * translation's, all but the bottom row (always 0, 0, 0, 1) — 0…14, of which 3, 7 and 11 are 0.
 */
const AFFINE_ELEMENTS = 15;

/** Scratch space for {@link skinVertices}, allocated once per baker. */
export interface SkinScratch {
  blend: Float64Array;
}

/** Scratch for {@link skinVertices}. */
export function createSkinScratch(): SkinScratch {
  return { blend: new Float64Array(MATRIX4_SIZE) };
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
  for (let vertex = 0; vertex < vertexCount; vertex += 1) {
    // The blended matrix: a joint's own when one joint carries the vertex, else Σ w·J in `blend`.
    let matrix: Float64Array = jointMatrices;
    let at = -1;
    let used = 0;
    for (let influence = 0; influence < influences; influence += 1) {
      const weight = weights[vertex * influences + influence]!;
      if (weight === 0) continue;
      const joint = joints[vertex * influences + influence]! * MATRIX4_SIZE;
      if (used === 0) {
        at = joint;
        if (weight !== 1) {
          for (let element = 0; element < AFFINE_ELEMENTS; element += 1) {
            blend[element] = weight * jointMatrices[joint + element]!;
          }
          matrix = blend;
          at = 0;
        }
      } else {
        if (matrix !== blend) {
          for (let element = 0; element < AFFINE_ELEMENTS; element += 1) blend[element] = jointMatrices[at + element]!;
          matrix = blend;
          at = 0;
        }
        for (let element = 0; element < AFFINE_ELEMENTS; element += 1) {
          blend[element] = blend[element]! + weight * jointMatrices[joint + element]!;
        }
      }
      used += 1;
    }
    const p = vertex * 3;
    const x = positions[p]!;
    const y = positions[p + 1]!;
    const z = positions[p + 2]!;
    if (used === 0) {
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
    const m = matrix;
    outPositions[p] = m[at]! * x + m[at + 4]! * y + m[at + 8]! * z + m[at + 12]!;
    outPositions[p + 1] = m[at + 1]! * x + m[at + 5]! * y + m[at + 9]! * z + m[at + 13]!;
    outPositions[p + 2] = m[at + 2]! * x + m[at + 6]! * y + m[at + 10]! * z + m[at + 14]!;
    if (normals && outNormals) {
      // The inverse-transpose up to a positive factor: with columns a, b, c of the 3×3 part,
      // n' = nx (b × c) + ny (c × a) + nz (a × b), its sign flipped when the matrix mirrors.
      const ax = m[at]!,
        ay = m[at + 1]!,
        az = m[at + 2]!;
      const bx = m[at + 4]!,
        by = m[at + 5]!,
        bz = m[at + 6]!;
      const cx = m[at + 8]!,
        cy = m[at + 9]!,
        cz = m[at + 10]!;
      const bcx = by * cz - bz * cy,
        bcy = bz * cx - bx * cz,
        bcz = bx * cy - by * cx;
      const cax = cy * az - cz * ay,
        cay = cz * ax - cx * az,
        caz = cx * ay - cy * ax;
      const abx = ay * bz - az * by,
        aby = az * bx - ax * bz,
        abz = ax * by - ay * bx;
      const sign = ax * bcx + ay * bcy + az * bcz < 0 ? -1 : 1;
      const nx = normals[p]! * sign;
      const ny = normals[p + 1]! * sign;
      const nz = normals[p + 2]! * sign;
      outNormals[p] = nx * bcx + ny * cax + nz * abx;
      outNormals[p + 1] = nx * bcy + ny * cay + nz * aby;
      outNormals[p + 2] = nx * bcz + ny * caz + nz * abz;
    }
  }
}

/**
 * Small typed models for the sampler tests: bones with pivots, flags and node tracks, built directly as typed
 * objects (no bytes), and helpers that apply a world matrix to a point.
 */
import type { Bone } from '../../kinds/bone';
import type { TypedMdxChunk } from '../../mdx-model';
import { createTrack, INTERPOLATION, type Track } from '../../track';

/** A bone to build: pivot, parent objectId, flags and node tracks. */
export interface BoneSpec {
  readonly pivot?: readonly [number, number, number];
  readonly parent?: number;
  readonly flags?: number;
  readonly tracks?: readonly Track[];
  readonly objectId?: number;
}

/** A one-key node track (value held through any sequence that contains frame 0). */
export function constantTrack(tag: 'KGTR' | 'KGRT' | 'KGSC', value: readonly number[]): Track {
  return createTrack(tag, INTERPOLATION.linear, -1, [{ frame: 0, value }]);
}

/** A model of bones (objectIds in order unless given) and their pivots. */
export function boneModel(specs: readonly BoneSpec[]): { chunks: TypedMdxChunk[] } {
  const empty = new Uint8Array(0);
  const bones: Bone[] = specs.map((spec, index) => ({
    node: {
      name: `Bone${index}`,
      objectId: spec.objectId ?? index,
      parentId: spec.parent ?? -1,
      flags: 0x100 | (spec.flags ?? 0),
      tracks: spec.tracks ?? [],
      unparsedBytes: empty,
    },
    geosetId: -1,
    geosetAnimationId: -1,
  }));
  const highest = Math.max(-1, ...bones.map((bone) => bone.node.objectId));
  const pivots = new Float32Array((highest + 1) * 3);
  specs.forEach((spec, index) => pivots.set(spec.pivot ?? [0, 0, 0], bones[index]!.node.objectId * 3));
  return {
    chunks: [
      { tag: 'BONE', parsed: bones, trailing: empty },
      { tag: 'PIVT', parsed: pivots, trailing: empty },
    ],
  };
}

/** The point (x, y, z) moved by the 4×4 column-major matrix at `offset`. */
export function transformPoint(matrices: Float32Array, offset: number, x: number, y: number, z: number): number[] {
  const m = (index: number) => matrices[offset + index]!;
  return [
    m(0) * x + m(4) * y + m(8) * z + m(12),
    m(1) * x + m(5) * y + m(9) * z + m(13),
    m(2) * x + m(6) * y + m(10) * z + m(14),
  ];
}

/** The unit quaternion (x, y, z, w) of the rotation whose matrix has the columns `xAxis`, `yAxis`, `zAxis`. */
export function quaternionFromAxes(xAxis: readonly number[], yAxis: readonly number[], zAxis: readonly number[]) {
  const [m00, m10, m20] = xAxis as [number, number, number];
  const [m01, m11, m21] = yAxis as [number, number, number];
  const [m02, m12, m22] = zAxis as [number, number, number];
  const trace = m00 + m11 + m22;
  if (trace > 0) {
    const s = Math.sqrt(trace + 1) * 2;
    return [(m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, s / 4];
  }
  if (m00 > m11 && m00 > m22) {
    const s = Math.sqrt(1 + m00 - m11 - m22) * 2;
    return [s / 4, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s];
  }
  if (m11 > m22) {
    const s = Math.sqrt(1 + m11 - m00 - m22) * 2;
    return [(m01 + m10) / s, s / 4, (m12 + m21) / s, (m02 - m20) / s];
  }
  const s = Math.sqrt(1 + m22 - m00 - m11) * 2;
  return [(m02 + m20) / s, (m12 + m21) / s, s / 4, (m10 - m01) / s];
}

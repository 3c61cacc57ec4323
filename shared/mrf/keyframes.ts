/**
 * Keyframe chunks: per vertex [px, py, pz, nx, ny, nz] as float32, one chunk per keyframe.
 */
import { float32View } from '../binary/reader';
import { checkChunkRange, copyTypedArray } from './chunk-range';
import { MRF_FLOATS_PER_VERTEX, MRF_VERTEX_BYTE_SIZE } from './layout';

/** Reads keyframe `index` at `offset` (a zero-copy view when 4-byte aligned). */
export function readMrfKeyframe(bytes: Uint8Array, offset: number, vertexCount: number, index: number): Float32Array {
  checkChunkRange(bytes.byteLength, offset, vertexCount, MRF_VERTEX_BYTE_SIZE, `keyframes[${index}]`);
  return float32View(bytes, offset, vertexCount * MRF_FLOATS_PER_VERTEX);
}

/** Byte size of one keyframe chunk's content. */
export function mrfKeyframeByteLength(vertexCount: number): number {
  return vertexCount * MRF_VERTEX_BYTE_SIZE;
}

/** Writes one keyframe at `offset`. */
export function writeMrfKeyframe(target: Uint8Array, offset: number, keyframe: Float32Array): void {
  copyTypedArray(target, offset, keyframe);
}

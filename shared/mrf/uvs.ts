/**
 * The UV chunk: per vertex (u, v) as float32, stored with V as the game uses it (not flipped).
 */
import { float32View } from '../binary/reader';
import { checkChunkRange, copyTypedArray } from './chunk-range';
import { MRF_FLOATS_PER_UV, MRF_UV_BYTE_SIZE } from './layout';

/** Reads the UVs at `offset` (a zero-copy view when 4-byte aligned). */
export function readMrfUvs(bytes: Uint8Array, offset: number, vertexCount: number): Float32Array {
  checkChunkRange(bytes.byteLength, offset, vertexCount, MRF_UV_BYTE_SIZE, 'uvs');
  return float32View(bytes, offset, vertexCount * MRF_FLOATS_PER_UV);
}

/** Byte size of the UV chunk content. */
export function mrfUvsByteLength(uvs: Float32Array): number {
  return uvs.length * 4;
}

/** Writes the UVs at `offset`. */
export function writeMrfUvs(target: Uint8Array, offset: number, uvs: Float32Array): void {
  copyTypedArray(target, offset, uvs);
}

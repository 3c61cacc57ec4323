/**
 * The face chunk: `cornerCount` uint16 vertex indices, three per triangle.
 */
import { uint16View } from '../binary/reader';
import { checkChunkRange, copyTypedArray } from './chunk-range';
import { MRF_CORNER_BYTE_SIZE } from './layout';

/** Reads the faces at `offset` (a zero-copy view when 2-byte aligned). */
export function readMrfFaces(bytes: Uint8Array, offset: number, cornerCount: number): Uint16Array {
  checkChunkRange(bytes.byteLength, offset, cornerCount, MRF_CORNER_BYTE_SIZE, 'faces');
  return uint16View(bytes, offset, cornerCount);
}

/** Byte size of the face chunk content. */
export function mrfFacesByteLength(faces: Uint16Array): number {
  return faces.length * MRF_CORNER_BYTE_SIZE;
}

/** Writes the faces at `offset`. */
export function writeMrfFaces(target: Uint8Array, offset: number, faces: Uint16Array): void {
  copyTypedArray(target, offset, faces);
}

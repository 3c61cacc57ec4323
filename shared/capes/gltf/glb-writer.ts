/**
 * Writing glTF files: the binary buffer's views laid out in advance (each 4-byte aligned), and the
 * GLB container's head — header, JSON chunk, BIN chunk header — before the buffer's bytes.
 */
import { GLB } from './container';

/** glTF's accessor component types and buffer view targets used by the writer. */
export const GL = {
  UNSIGNED_SHORT: 5123,
  UNSIGNED_INT: 5125,
  FLOAT: 5126,
  ARRAY_BUFFER: 34962,
  ELEMENT_ARRAY_BUFFER: 34963,
} as const;

/** A buffer view's JSON. */
export interface BufferViewJson {
  buffer: 0;
  byteOffset: number;
  byteLength: number;
  target?: number;
}

/** The views of a glTF's one binary buffer, placed one after another on 4-byte boundaries. */
export class BinaryLayout {
  readonly views: BufferViewJson[] = [];
  private end = 0;

  /** Reserves a view of `byteLength` bytes; returns its index. */
  reserve(byteLength: number, target?: number): number {
    this.end = align4(this.end);
    this.views.push({ buffer: 0, byteOffset: this.end, byteLength, ...(target ? { target } : {}) });
    this.end += byteLength;
    return this.views.length - 1;
  }

  /** Bytes the buffer takes: every view reserved so far, the total a multiple of 4. */
  get totalByteLength(): number {
    return align4(this.end);
  }
}

/** `count` rounded up to a multiple of 4. */
export function align4(count: number): number {
  return Math.ceil(count / GLB.alignment) * GLB.alignment;
}

/**
 * The bytes of a GLB before its binary buffer: the 12-byte header, the JSON chunk (padded with
 * spaces) and the BIN chunk's header; `binaryByteLength` (a multiple of 4) bytes follow.
 */
export function glbHead(json: unknown, binaryByteLength: number): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = align4(text.length);
  const headLength = GLB.headerByteSize + GLB.chunkHeaderByteSize * 2 + jsonLength;
  const head = new Uint8Array(headLength);
  const view = new DataView(head.buffer);
  view.setUint32(0, GLB.magic, true);
  view.setUint32(4, GLB.version, true);
  view.setUint32(8, headLength + binaryByteLength, true);
  view.setUint32(GLB.headerByteSize, jsonLength, true);
  view.setUint32(GLB.headerByteSize + 4, GLB.jsonChunkType, true);
  const jsonStart = GLB.headerByteSize + GLB.chunkHeaderByteSize;
  head.fill(0x20, jsonStart, jsonStart + jsonLength);
  head.set(text, jsonStart);
  view.setUint32(jsonStart + jsonLength, binaryByteLength, true);
  view.setUint32(jsonStart + jsonLength + 4, GLB.binChunkType, true);
  return head;
}

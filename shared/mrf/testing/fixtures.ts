/**
 * In-memory MRF fixtures for tests: a small waving grid as an `MrfFile`, and a byte-level
 * assembler that can lay chunks out any way (reordered, misaligned, overlapping, hostile).
 */
import { encodeLatin1 } from '../../binary/text';
import { createMrf } from '../create';
import {
  MRF_FLOATS_PER_VERTEX,
  MRF_HEADER_BYTE_SIZE,
  MRF_HEADER_OFFSET,
  MRF_OFFSET_ENTRY_BYTE_SIZE,
  MRF_OFFSET_TABLE_OFFSET,
  offsetTableByteLength,
} from '../layout';
import type { MrfFile } from '../types';

/** Options for {@link gridMrf}. */
export interface GridOptions {
  columns?: number;
  rows?: number;
  keyframeCount?: number;
  frameInterval?: number;
  initialTime?: number;
  texturePath?: string;
}

/** A flat grid of `columns × rows` vertices in the XZ plane whose x moves by keyframe index. */
export function gridMrf(options: GridOptions = {}): MrfFile {
  const columns = options.columns ?? 3;
  const rows = options.rows ?? 2;
  const keyframeCount = options.keyframeCount ?? 4;
  const vertexCount = columns * rows;
  const uvs = new Float32Array(vertexCount * 2);
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const vertex = row * columns + column;
      uvs[vertex * 2] = column / Math.max(1, columns - 1);
      uvs[vertex * 2 + 1] = row / Math.max(1, rows - 1);
    }
  }
  const corners: number[] = [];
  for (let row = 0; row + 1 < rows; row += 1) {
    for (let column = 0; column + 1 < columns; column += 1) {
      const a = row * columns + column;
      corners.push(a, a + columns, a + 1, a + 1, a + columns, a + columns + 1);
    }
  }
  const keyframes: Float32Array[] = [];
  for (let keyframe = 0; keyframe < keyframeCount; keyframe += 1) {
    const data = new Float32Array(vertexCount * MRF_FLOATS_PER_VERTEX);
    for (let vertex = 0; vertex < vertexCount; vertex += 1) {
      const base = vertex * MRF_FLOATS_PER_VERTEX;
      data[base] = (vertex % columns) * 10 + keyframe;
      data[base + 1] = keyframe * 2;
      data[base + 2] = Math.floor(vertex / columns) * -10;
      data[base + 4] = -1;
    }
    keyframes.push(data);
  }
  return createMrf({
    texturePath: options.texturePath ?? 'Textures\\Cape.blp',
    faces: Uint16Array.from(corners),
    uvs,
    keyframes,
    header: {
      frameInterval: options.frameInterval ?? 0.1,
      initialTime: options.initialTime ?? 0,
      pivot: [1, 2, 3],
      boundsRadius: 42,
    },
  });
}

type ChunkName = 'texture' | 'faces' | 'uvs' | 'keyframes';

/** A byte-level description of an MRF file; anything left out comes from `base`. */
export interface RawMrfSpec {
  base?: MrfFile;
  magic?: string;
  keyframeCount?: number;
  vertexCount?: number;
  cornerCount?: number;
  frameInterval?: number;
  initialTime?: number;
  debugFlag?: number;
  /** The 20 ignored header bytes at 44..63. */
  ignoredHeaderBytes?: Uint8Array;
  headerEntry?: number;
  textureBytes?: Uint8Array | string;
  faces?: Uint16Array;
  uvs?: Float32Array;
  keyframes?: Float32Array[];
  /** Order of the chunks after the offset table (default: texture, faces, uvs, keyframes). */
  order?: ChunkName[];
  /** Chunk alignment (default 16; 1 packs them, an odd start misaligns them). */
  alignment?: number;
  /** Extra bytes before every chunk after the table (filled with 0xEE). */
  gap?: number;
  /** Offsets written to the table instead of the real ones. */
  offsetOverrides?: { texture?: number; faces?: number; uvs?: number; keyframes?: Record<number, number> };
  /** Bytes appended after the last chunk (filled with 0xAB). */
  trailing?: number;
}

/** Assembles MRF bytes exactly as described, valid or not. */
export function assembleMrf(spec: RawMrfSpec = {}): Uint8Array {
  const base = spec.base ?? gridMrf();
  const textureBytes =
    typeof spec.textureBytes === 'string' ? encodeLatin1(spec.textureBytes) : (spec.textureBytes ?? base.textureBytes);
  const faces = spec.faces ?? base.faces;
  const uvs = spec.uvs ?? base.uvs;
  const keyframes = spec.keyframes ?? base.keyframes;
  const keyframeCount = spec.keyframeCount ?? keyframes.length;
  const alignment = spec.alignment ?? 16;
  const gap = spec.gap ?? 0;
  const bodies: Record<ChunkName, Uint8Array[]> = {
    texture: [textureBytes],
    faces: [bytesOf(faces)],
    uvs: [bytesOf(uvs)],
    keyframes: keyframes.map(bytesOf),
  };
  const order = spec.order ?? ['texture', 'faces', 'uvs', 'keyframes'];
  const parts: Array<{ offset: number; bytes: Uint8Array; fill: number }> = [];
  let cursor = MRF_OFFSET_TABLE_OFFSET + offsetTableByteLength(keyframes.length);
  const placed: Record<ChunkName, number[]> = { texture: [], faces: [], uvs: [], keyframes: [] };
  for (const name of order) {
    for (const body of bodies[name]) {
      cursor = Math.ceil(cursor / alignment) * alignment;
      if (gap > 0) {
        parts.push({ offset: cursor, bytes: new Uint8Array(gap), fill: 0xee });
        cursor += gap;
      }
      placed[name].push(cursor);
      parts.push({ offset: cursor, bytes: body, fill: -1 });
      cursor += body.length;
    }
  }
  cursor = Math.ceil(cursor / alignment) * alignment;
  const total = cursor + (spec.trailing ?? 0);
  const bytes = new Uint8Array(total);
  bytes.fill(0xab, cursor);
  for (const part of parts) {
    if (part.fill >= 0) bytes.fill(part.fill, part.offset, part.offset + part.bytes.length);
    else bytes.set(part.bytes, part.offset);
  }
  const view = new DataView(bytes.buffer);
  const magic = spec.magic ?? base.header.magic;
  for (let index = 0; index < 4; index += 1) bytes[index] = magic.charCodeAt(index) & 0xff;
  view.setUint32(MRF_HEADER_OFFSET.keyframeCount, keyframeCount, true);
  view.setUint32(MRF_HEADER_OFFSET.vertexCount, spec.vertexCount ?? uvs.length / 2, true);
  view.setUint32(MRF_HEADER_OFFSET.cornerCount, spec.cornerCount ?? faces.length, true);
  view.setFloat32(MRF_HEADER_OFFSET.frameInterval, spec.frameInterval ?? base.header.frameInterval, true);
  base.header.pivot.forEach((value, axis) => view.setFloat32(MRF_HEADER_OFFSET.pivot + axis * 4, value, true));
  view.setFloat32(MRF_HEADER_OFFSET.boundsRadius, base.header.boundsRadius, true);
  view.setFloat32(MRF_HEADER_OFFSET.initialTime, spec.initialTime ?? base.header.initialTime, true);
  view.setUint32(MRF_HEADER_OFFSET.debugFlag, spec.debugFlag ?? base.header.debugFlag, true);
  if (spec.ignoredHeaderBytes)
    bytes.set(
      spec.ignoredHeaderBytes.subarray(0, MRF_HEADER_BYTE_SIZE - MRF_HEADER_OFFSET.ignored),
      MRF_HEADER_OFFSET.ignored,
    );
  const table = (entry: number, value: number) =>
    view.setUint32(MRF_OFFSET_TABLE_OFFSET + entry * MRF_OFFSET_ENTRY_BYTE_SIZE, value >>> 0, true);
  const overrides = spec.offsetOverrides ?? {};
  table(0, spec.headerEntry ?? 0);
  table(1, overrides.texture ?? placed.texture[0]!);
  table(2, overrides.faces ?? placed.faces[0]!);
  table(3, overrides.uvs ?? placed.uvs[0]!);
  placed.keyframes.forEach((offset, index) => table(4 + index, overrides.keyframes?.[index] ?? offset));
  return bytes;
}

function bytesOf(array: Uint16Array | Float32Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength).slice();
}

/** Index of the first byte where `a` and `b` differ (a length difference counts), or -1 when identical. Fast on large
 * files. */
export function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) if (a[index] !== b[index]) return index;
  return a.length === b.length ? -1 : length;
}

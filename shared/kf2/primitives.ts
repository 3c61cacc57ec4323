/**
 * How KF2's primitive types are read — the one place that decides it.
 *
 * The spec (`../shared/specs/kf2-format.md`) names `M_Int`, `M_String`, `M_Matrix4x3`… without
 * defining them. Max Payne's Direct3D tools (MaxFX and the 3ds Max exporters that write files the
 * games load) write every such value as a one-byte type tag followed by the value, little-endian;
 * integers take the fewest bytes that hold them. This reader follows the tools:
 *
 * | tag  | value                      | tag  | value                               |
 * |------|----------------------------|------|-------------------------------------|
 * | 0x00 | int64 (8 bytes)            | 0x0F | uint32 in 3 bytes                   |
 * | 0x01 | uint64 (8)                 | 0x10 | uint32 in 2 bytes                   |
 * | 0x02 | int32 (4)                  | 0x11 | uint32 in 1 byte                    |
 * | 0x03 | uint32 (4)                 | 0x12 | int32 in 3 bytes (sign-extended)    |
 * | 0x04 | int16 (2)                  | 0x13 | int32 in 2 bytes (sign-extended)    |
 * | 0x05 | uint16 (2)                 | 0x14 | int32 in 1 byte (sign-extended)     |
 * | 0x06 | char (1)                   | 0x15 | vector2: 2 float32                  |
 * | 0x07 | signed char (1)            | 0x16 | vector3: 3 float32 (`M_Vector3`)    |
 * | 0x08 | unsigned char (1)          | 0x17 | vector4: 4 float32                  |
 * | 0x09 | float32 (`M_Float`)        | 0x18 | matrix 2×2: 4 float32               |
 * | 0x0A | float64                    | 0x19 | matrix 3×3: 9 float32               |
 * | 0x0C | a chunk header (see below) | 0x1A | matrix 4×3: 12 float32 (`M_Matrix4x3`) |
 * | 0x0D | string: an integer byte length (itself tagged), then the bytes (`M_String`) |
 * | 0x0E | bool: one byte (`M_Bool`)  | 0x1B | matrix 4×4: 16 float32              |
 * | 0x1C | the `type_tag` that opens an array in Skin version 1 (no value of its own) |
 *
 * `M_Int`/`TypeInt`/`M_Unsigned_Int`/`M_Unsigned_Char` accept any integer tag (the tools pick
 * the width by the value); `M_Float`/`TypeFloat` accept float32 or float64. A Matrix4x3 is four
 * rows of three — the 3×3 rotation/scale rows, then the translation row — applied to row vectors
 * (v' = v·M), Direct3D's convention. The arrays the spec spells as plain C structs (Geometry
 * version 1's vertices and normals, Polygons version 1's `unsigned short` indices, UV Mapping
 * version 1's coordinates) are raw, untagged, little-endian.
 *
 * Chunk headers are as the spec gives them: the tag 0x0C, then uint32 id, version and size, 13
 * bytes, untagged. The tools write the size counting the 13 header bytes; the spec's prose says
 * "size of the data". A reader that takes one for the other loses its place, so the end of a chunk
 * is the one of the two readings at which the enclosing data ends or the next chunk tag stands —
 * the tools' reading first (see {@link Kf2Cursor.chunkHeader}).
 */
import { CodecError, type CodecErrorKind } from '../binary/codec-error';

/** The type tags (see the table above). */
export const KF2_TAG = {
  int64: 0x00,
  uint64: 0x01,
  int32: 0x02,
  uint32: 0x03,
  int16: 0x04,
  uint16: 0x05,
  char: 0x06,
  signedChar: 0x07,
  unsignedChar: 0x08,
  float32: 0x09,
  float64: 0x0a,
  chunk: 0x0c,
  string: 0x0d,
  bool: 0x0e,
  uint24: 0x0f,
  uint16Packed: 0x10,
  uint8Packed: 0x11,
  int24: 0x12,
  int16Packed: 0x13,
  int8Packed: 0x14,
  vector2: 0x15,
  vector3: 0x16,
  vector4: 0x17,
  matrix2x2: 0x18,
  matrix3x3: 0x19,
  matrix4x3: 0x1a,
  matrix4x4: 0x1b,
  array: 0x1c,
} as const;

/** Bytes of a chunk header: tag, id, version, size. */
export const KF2_CHUNK_HEADER_BYTE_SIZE = 13;
/** Floats in a Matrix4x3. */
export const KF2_MATRIX4X3_FLOATS = 12;
/** The fewest bytes a tagged integer takes (tag + 1). */
export const KF2_MIN_INTEGER_BYTE_SIZE = 2;
/** The fewest bytes a tagged string takes (tag, a one-byte tagged length 0). */
export const KF2_MIN_STRING_BYTE_SIZE = 3;
/** The fewest bytes a tagged float takes. */
export const KF2_MIN_FLOAT_BYTE_SIZE = 5;
/** A tagged Matrix4x3. */
export const KF2_MATRIX4X3_BYTE_SIZE = 1 + KF2_MATRIX4X3_FLOATS * 4;

/** Integer tags: [byte width, signed]. */
const INTEGER_TAGS: Readonly<Record<number, readonly [number, boolean]>> = {
  [KF2_TAG.int64]: [8, true],
  [KF2_TAG.uint64]: [8, false],
  [KF2_TAG.int32]: [4, true],
  [KF2_TAG.uint32]: [4, false],
  [KF2_TAG.int16]: [2, true],
  [KF2_TAG.uint16]: [2, false],
  [KF2_TAG.char]: [1, true],
  [KF2_TAG.signedChar]: [1, true],
  [KF2_TAG.unsignedChar]: [1, false],
  [KF2_TAG.uint24]: [3, false],
  [KF2_TAG.uint16Packed]: [2, false],
  [KF2_TAG.uint8Packed]: [1, false],
  [KF2_TAG.int24]: [3, true],
  [KF2_TAG.int16Packed]: [2, true],
  [KF2_TAG.int8Packed]: [1, true],
};

/** A chunk's header and where its data lies. */
export interface Kf2ChunkHeader {
  id: number;
  version: number;
  /** The size field as stored. */
  size: number;
  /** Offset of the header's tag. */
  start: number;
  /** Offset of the data (start + 13). */
  dataStart: number;
  /** Offset just past the chunk. */
  end: number;
  /** The other reading of the size, when it too lies within the enclosing data. */
  alternativeEnd?: number;
}

/** A little-endian cursor over a KF2 file, confined to `[offset, end)`. */
export class Kf2Cursor {
  readonly view: DataView;
  constructor(
    readonly bytes: Uint8Array,
    public offset = 0,
    public end = bytes.byteLength,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get remaining(): number {
    return this.end - this.offset;
  }

  error(kind: CodecErrorKind, where: string, detail: string, offset = this.offset): CodecError {
    return new CodecError({ format: 'kf2', kind, where, offset, detail });
  }

  need(byteCount: number, where: string): void {
    if (byteCount > this.remaining) {
      throw this.error('truncated', where, `needs ${byteCount} bytes, ${Math.max(0, this.remaining)} left`);
    }
  }

  /** One untagged byte (Skin version 1's `type_tag`, a bool's value). */
  byte(where: string): number {
    this.need(1, where);
    return this.bytes[this.offset++]!;
  }

  private tag(where: string): number {
    return this.byte(where);
  }

  private wrongTag(where: string, tag: number, expected: string): CodecError {
    return this.error(
      'invalid',
      where,
      `type tag 0x${tag.toString(16).padStart(2, '0')} where ${expected} was expected`,
      this.offset - 1,
    );
  }

  /** `M_Int`, `M_Unsigned_Int`, `TypeInt`, `M_Unsigned_Char`: any integer tag. */
  integer(where: string): number {
    const tag = this.tag(where);
    const shape = INTEGER_TAGS[tag];
    if (!shape) throw this.wrongTag(where, tag, 'an integer');
    const [width, signed] = shape;
    this.need(width, where);
    let value = 0;
    for (let index = width - 1; index >= 0; index -= 1) value = value * 256 + this.bytes[this.offset + index]!;
    if (signed && this.bytes[this.offset + width - 1]! >= 128) value -= 2 ** (8 * width);
    if (!Number.isSafeInteger(value)) throw this.error('invalid', where, `${value} is too large`);
    this.offset += width;
    return value;
  }

  /** A count of elements taking at least `minimumElementSize` bytes each, checked against the bytes left. */
  count(minimumElementSize: number, where: string): number {
    const at = this.offset;
    const count = this.integer(where);
    if (count < 0) throw this.error('invalid', where, `the count ${count} is negative`, at);
    if (count * minimumElementSize > this.remaining) {
      throw this.error(
        'truncated',
        where,
        `${count} elements of at least ${minimumElementSize} bytes need ${count * minimumElementSize} bytes, ` +
          `${this.remaining} left`,
        at,
      );
    }
    return count;
  }

  /** `M_Float`, `TypeFloat`: float32 or float64. */
  float(where: string): number {
    const tag = this.tag(where);
    if (tag === KF2_TAG.float32) {
      this.need(4, where);
      const value = this.view.getFloat32(this.offset, true);
      this.offset += 4;
      return value;
    }
    if (tag === KF2_TAG.float64) {
      this.need(8, where);
      const value = this.view.getFloat64(this.offset, true);
      this.offset += 8;
      return value;
    }
    throw this.wrongTag(where, tag, 'a float');
  }

  /** `M_Bool`. */
  bool(where: string): boolean {
    const tag = this.tag(where);
    if (tag !== KF2_TAG.bool) throw this.wrongTag(where, tag, 'a bool');
    return this.byte(where) !== 0;
  }

  /** `M_String`: Latin-1. */
  string(where: string): string {
    const tag = this.tag(where);
    if (tag !== KF2_TAG.string) throw this.wrongTag(where, tag, 'a string');
    const at = this.offset;
    const length = this.integer(`${where}.length`);
    if (length < 0 || length > this.remaining) {
      throw this.error('truncated', `${where}.length`, `${length} bytes, ${this.remaining} left`, at);
    }
    let text = '';
    for (let index = 0; index < length; index += 1) text += String.fromCharCode(this.bytes[this.offset + index]!);
    this.offset += length;
    return text;
  }

  /** `M_Vector3`. */
  vector3(where: string, out: Float32Array, outOffset: number): void {
    this.tagged(KF2_TAG.vector3, 'a vector3', 3, where, out, outOffset);
  }

  /** `M_Matrix4x3`: 12 floats, row by row. */
  matrix4x3(where: string, out: Float32Array, outOffset = 0): void {
    this.tagged(KF2_TAG.matrix4x3, 'a matrix 4×3', KF2_MATRIX4X3_FLOATS, where, out, outOffset);
  }

  private tagged(tag: number, name: string, floats: number, where: string, out: Float32Array, outOffset: number) {
    const found = this.tag(where);
    if (found !== tag) throw this.wrongTag(where, found, name);
    this.need(floats * 4, where);
    for (let index = 0; index < floats; index += 1)
      out[outOffset + index] = this.view.getFloat32(this.offset + index * 4, true);
    this.offset += floats * 4;
  }

  /** Skin version 1's array `type_tag` (0x1C). */
  arrayTag(where: string): void {
    const tag = this.tag(where);
    if (tag !== KF2_TAG.array) throw this.wrongTag(where, tag, 'an array tag (0x1c)');
  }

  /** `count` raw float32s (Geometry/UV Mapping version 1), copied. */
  rawFloats(count: number, where: string): Float32Array {
    this.need(count * 4, where);
    const out = new Float32Array(count);
    for (let index = 0; index < count; index += 1) out[index] = this.view.getFloat32(this.offset + index * 4, true);
    this.offset += count * 4;
    return out;
  }

  /** `count` raw uint16s (Polygons version 1). */
  rawUint16s(count: number, where: string): Uint16Array {
    this.need(count * 2, where);
    const out = new Uint16Array(count);
    for (let index = 0; index < count; index += 1) out[index] = this.view.getUint16(this.offset + index * 2, true);
    this.offset += count * 2;
    return out;
  }

  /**
   * A chunk header at the cursor, within the cursor's end; leaves the cursor at the chunk's data.
   * Of the two readings of the size — `start + size` (the tools') and `start + 13 + size` (the
   * spec's prose) — the one landing on the enclosing end or on another chunk tag is preferred, else
   * the tools'; the other, when it also lies within bounds, is kept as `alternativeEnd` for
   * {@link readChunkBody}.
   */
  chunkHeader(where: string): Kf2ChunkHeader {
    const start = this.offset;
    this.need(KF2_CHUNK_HEADER_BYTE_SIZE, where);
    const tag = this.bytes[start]!;
    if (tag !== KF2_TAG.chunk) {
      throw this.error(
        'invalid',
        where,
        `0x${tag.toString(16).padStart(2, '0')} where a chunk (tag 0x0c) was expected`,
      );
    }
    const id = this.view.getUint32(start + 1, true);
    const version = this.view.getUint32(start + 5, true);
    const size = this.view.getUint32(start + 9, true);
    const dataStart = start + KF2_CHUNK_HEADER_BYTE_SIZE;
    const candidates = [start + size, dataStart + size].filter((end) => end >= dataStart && end <= this.end);
    if (candidates.length === 0) {
      throw this.error(
        'truncated',
        `${where}.size`,
        `chunk 0x${id.toString(16).padStart(8, '0')} of ${size} bytes does not end within its ` +
          `${this.end - start} bytes`,
        start + 9,
      );
    }
    const fits = (end: number) => end === this.end || this.bytes[end] === KF2_TAG.chunk;
    const end = candidates.find(fits) ?? candidates[0]!;
    const alternativeEnd = candidates.find((candidate) => candidate !== end);
    this.offset = dataStart;
    return { id, version, size, start, dataStart, end, ...(alternativeEnd !== undefined ? { alternativeEnd } : {}) };
  }
}

/**
 * Reads a chunk's data with `read` (given a cursor confined to it): by the header's preferred end,
 * and by its alternative end when the first reading fails or leaves bytes unread while the second
 * reads the data exactly. Sets `header.end` to the end taken.
 */
export function readChunkBody<T>(bytes: Uint8Array, header: Kf2ChunkHeader, read: (cursor: Kf2Cursor) => T): T {
  const first = new Kf2Cursor(bytes, header.dataStart, header.end);
  let value: T | undefined;
  let failure: unknown;
  try {
    value = read(first);
    if (first.remaining === 0 || header.alternativeEnd === undefined) return value;
  } catch (error) {
    if (!(error instanceof CodecError) || header.alternativeEnd === undefined) throw error;
    failure = error;
  }
  const second = new Kf2Cursor(bytes, header.dataStart, header.alternativeEnd);
  try {
    const other = read(second);
    if (second.remaining === 0 || failure !== undefined) {
      header.end = header.alternativeEnd;
      return other;
    }
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
  }
  if (failure !== undefined) throw failure;
  return value as T;
}

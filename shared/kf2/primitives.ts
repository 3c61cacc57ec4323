/**
 * How KF2's primitive types are read — the one place that decides it.
 *
 * The spec (`../shared/specs/kf2-format.md`) names `M_Int`, `M_String`, `M_Matrix4x3`… without
 * defining them. Issue 15 defines them, and that definition is THE reading — the `plain` layout,
 * tried first, all little-endian, no tags:
 *
 * | spec type                   | plain layout                                                   |
 * |-----------------------------|----------------------------------------------------------------|
 * | `M_Int`, `TypeInt`          | int32                                                          |
 * | `M_Unsigned_Int`            | uint32                                                         |
 * | `M_Float`, `TypeFloat`      | float32                                                        |
 * | `M_Bool`                    | one byte (0 false, anything else true)                         |
 * | `M_String`                  | a uint32 byte length, then the bytes (Latin-1)                 |
 * | `M_Vector3`                 | three float32                                                  |
 * | `M_Matrix4x3`               | twelve float32: four rows of three — the 3×3 rotation/scale    |
 * |                             | rows, then the translation row — applied to row vectors (v·M)  |
 * | `M_Unsigned_Char`           | one byte (the issue is silent; the C type's size)              |
 * | `unsigned byte type_tag`    | one byte, kept whatever its value (the spec gives none)        |
 *
 * Chunk headers are as the spec gives them: byte tag 0x0C, then uint32 id, version and size, 13
 * bytes; the size is the size in bytes of the data, after the header. A chunk that does not end
 * within its enclosing data is refused.
 *
 * The fallback — the `tagged` layout, tried only when the plain layout refuses a file (see
 * `readKf2` in `read.ts`), because Max Payne's tools (MaxFX, the 3ds Max exporters) may write it:
 * a one-byte type tag before every value, integers in the fewest bytes that hold them:
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
 * | 0x0C | a chunk header (untagged)  | 0x1A | matrix 4×3: 12 float32 (`M_Matrix4x3`) |
 * | 0x0D | string: an integer byte length (itself tagged), then the bytes (`M_String`) |
 * | 0x0E | bool: one byte (`M_Bool`)  | 0x1B | matrix 4×4: 16 float32              |
 * | 0x1C | the `type_tag` that opens an array in Skin version 1 (no value of its own) |
 *
 * There every integer type accepts any integer tag and `M_Float` float32 or float64. The tools
 * write a chunk's size counting the 13 header bytes, so in the tagged layout alone the end of a
 * chunk is whichever of the two readings the enclosing data ends at or the next chunk tag stands
 * at — the tools' first (see {@link Kf2Cursor.chunkHeader}).
 *
 * In both layouts the arrays the spec spells as plain C structs (Geometry version 1's vertices and
 * normals, Polygons version 1's `unsigned short` indices, UV Mapping version 1's coordinates) are
 * raw little-endian.
 */
import { CodecError, type CodecErrorKind } from '../binary/codec-error';

/** How a file writes its primitives: `plain` (issue 15's definition, the default) or `tagged` (the fallback). */
export type Kf2Layout = 'plain' | 'tagged';

/** The layouts in the order a file is tried in. */
export const KF2_LAYOUTS: readonly Kf2Layout[] = ['plain', 'tagged'];

/** The tagged layout's type tags (see the table above); 0x0C also opens every chunk header in both layouts. */
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

/** The fewest bytes each primitive takes in a layout: what counts are capped by. */
export interface Kf2PrimitiveSizes {
  /** `M_Int`, `M_Unsigned_Int`, `TypeInt`. */
  integer: number;
  /** `M_Unsigned_Char`. */
  unsignedChar: number;
  /** `M_Float`, `TypeFloat`. */
  float: number;
  /** `M_Bool`. */
  bool: number;
  /** `M_String` (empty). */
  string: number;
  /** `M_Vector3`. */
  vector3: number;
  /** `M_Matrix4x3`. */
  matrix4x3: number;
}

/** {@link Kf2PrimitiveSizes} by layout. */
export const KF2_PRIMITIVE_BYTE_SIZES: Readonly<Record<Kf2Layout, Readonly<Kf2PrimitiveSizes>>> = {
  plain: { integer: 4, unsignedChar: 1, float: 4, bool: 1, string: 4, vector3: 12, matrix4x3: 48 },
  // A tag, then 1 byte (integers), 4 (float32), a tagged 1-byte length (strings), the floats.
  tagged: { integer: 2, unsignedChar: 2, float: 5, bool: 2, string: 3, vector3: 13, matrix4x3: 49 },
};

/** Tagged integer tags: [byte width, signed]. */
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
  /** Tagged layout only: the other reading of the size, when it too lies within the enclosing data. */
  alternativeEnd?: number;
}

/** The plain layout's integer types. */
type PlainInteger = 'int32' | 'uint32' | 'uint8';

/** A little-endian cursor over a KF2 file in one {@link Kf2Layout}, confined to `[offset, end)`. */
export class Kf2Cursor {
  readonly view: DataView;
  /** The fewest bytes of each primitive in this cursor's layout. */
  readonly sizes: Readonly<Kf2PrimitiveSizes>;
  constructor(
    readonly bytes: Uint8Array,
    public offset = 0,
    public end = bytes.byteLength,
    readonly layout: Kf2Layout = 'plain',
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.sizes = KF2_PRIMITIVE_BYTE_SIZES[layout];
  }

  /** A cursor of the same layout over `[start, end)`. */
  within(start: number, end: number): Kf2Cursor {
    return new Kf2Cursor(this.bytes, start, end, this.layout);
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

  /** One untagged byte. */
  byte(where: string): number {
    this.need(1, where);
    return this.bytes[this.offset++]!;
  }

  private wrongTag(where: string, tag: number, expected: string): CodecError {
    return this.error(
      'invalid',
      where,
      `type tag 0x${tag.toString(16).padStart(2, '0')} where ${expected} was expected`,
      this.offset - 1,
    );
  }

  /** Tagged layout: the tag `expected` (named `name`) at the cursor. */
  private expectTag(expected: number, name: string, where: string): void {
    const tag = this.byte(where);
    if (tag !== expected) throw this.wrongTag(where, tag, name);
  }

  private plainInteger(type: PlainInteger, where: string): number {
    if (type === 'uint8') return this.byte(where);
    this.need(4, where);
    const value = type === 'int32' ? this.view.getInt32(this.offset, true) : this.view.getUint32(this.offset, true);
    this.offset += 4;
    return value;
  }

  private taggedInteger(where: string): number {
    const tag = this.byte(where);
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

  /** `M_Int`, `TypeInt`: plain int32; tagged any integer tag. */
  integer(where: string): number {
    return this.layout === 'plain' ? this.plainInteger('int32', where) : this.taggedInteger(where);
  }

  /** `M_Unsigned_Int`: plain uint32; tagged any integer tag. */
  unsigned(where: string): number {
    return this.layout === 'plain' ? this.plainInteger('uint32', where) : this.taggedInteger(where);
  }

  /** `M_Unsigned_Char`: plain one byte; tagged any integer tag. */
  unsignedChar(where: string): number {
    return this.layout === 'plain' ? this.plainInteger('uint8', where) : this.taggedInteger(where);
  }

  /**
   * A count (`M_Int`, or `M_Unsigned_Int` when `unsigned`) of elements taking at least
   * `minimumElementSize` bytes each, checked against the bytes left before anything is allocated.
   */
  count(minimumElementSize: number, where: string, unsigned = false): number {
    const at = this.offset;
    const count = unsigned ? this.unsigned(where) : this.integer(where);
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

  /** `M_Float`, `TypeFloat`: plain float32; tagged float32 or float64. */
  float(where: string): number {
    const tag = this.layout === 'plain' ? KF2_TAG.float32 : this.byte(where);
    const width = tag === KF2_TAG.float32 ? 4 : tag === KF2_TAG.float64 ? 8 : 0;
    if (width === 0) throw this.wrongTag(where, tag, 'a float');
    this.need(width, where);
    const value = width === 4 ? this.view.getFloat32(this.offset, true) : this.view.getFloat64(this.offset, true);
    this.offset += width;
    return value;
  }

  /** `M_Bool`: one byte, after its tag in the tagged layout. */
  bool(where: string): boolean {
    if (this.layout === 'tagged') this.expectTag(KF2_TAG.bool, 'a bool', where);
    return this.byte(where) !== 0;
  }

  /** `M_String`, Latin-1: plain a uint32 length; tagged the string tag and a tagged length; then the bytes. */
  string(where: string): string {
    if (this.layout === 'tagged') this.expectTag(KF2_TAG.string, 'a string', where);
    const at = this.offset;
    const length = this.layout === 'plain' ? this.unsigned(`${where}.length`) : this.taggedInteger(`${where}.length`);
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
    this.floatGroup(KF2_TAG.vector3, 'a vector3', 3, where, out, outOffset);
  }

  /** `M_Matrix4x3`: 12 floats, row by row. */
  matrix4x3(where: string, out: Float32Array, outOffset = 0): void {
    this.floatGroup(KF2_TAG.matrix4x3, 'a matrix 4×3', KF2_MATRIX4X3_FLOATS, where, out, outOffset);
  }

  private floatGroup(tag: number, name: string, floats: number, where: string, out: Float32Array, outOffset: number) {
    if (this.layout === 'tagged') this.expectTag(tag, name, where);
    this.need(floats * 4, where);
    for (let index = 0; index < floats; index += 1)
      out[outOffset + index] = this.view.getFloat32(this.offset + index * 4, true);
    this.offset += floats * 4;
  }

  /** Skin version 1's `unsigned byte type_tag`: plain any value (returned); tagged it must be 0x1C. */
  arrayTag(where: string): number {
    const tag = this.byte(where);
    if (this.layout === 'tagged' && tag !== KF2_TAG.array) throw this.wrongTag(where, tag, 'an array tag (0x1c)');
    return tag;
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
   * Plain layout: the chunk ends at `start + 13 + size` (the spec's "size in bytes of the data").
   * Tagged layout: of the two readings — `start + size` (the tools') and `start + 13 + size` —
   * the one landing on the enclosing end or on another chunk tag is preferred, else the tools';
   * the other, when it also lies within bounds, is kept as `alternativeEnd` for {@link readChunkBody}.
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
    const readings = this.layout === 'plain' ? [dataStart + size] : [start + size, dataStart + size];
    const candidates = readings.filter((end) => end >= dataStart && end <= this.end);
    if (candidates.length === 0) {
      throw this.error(
        'truncated',
        `${where}.size`,
        `chunk 0x${id.toString(16).padStart(8, '0')} of ${size} bytes` +
          (this.layout === 'plain' ? ' of data' : '') +
          ` does not end within its ${this.end - start} bytes`,
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
 * Reads a chunk's data with `read` (given a cursor of `parent`'s layout confined to it). Plain
 * layout: by the header's end alone. Tagged layout: by the header's preferred end, and by its
 * alternative end when the first reading fails or leaves bytes unread while the second reads the
 * data exactly; sets `header.end` to the end taken.
 */
export function readChunkBody<T>(parent: Kf2Cursor, header: Kf2ChunkHeader, read: (cursor: Kf2Cursor) => T): T {
  const first = parent.within(header.dataStart, header.end);
  let value: T | undefined;
  let failure: unknown;
  try {
    value = read(first);
    if (first.remaining === 0 || header.alternativeEnd === undefined) return value;
  } catch (error) {
    if (!(error instanceof CodecError) || header.alternativeEnd === undefined) throw error;
    failure = error;
  }
  const second = parent.within(header.dataStart, header.alternativeEnd);
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

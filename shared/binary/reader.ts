import { CodecError, type CodecFormat } from './codec-error';

/**
 * A little-endian cursor over a byte array. Every read is bounds-checked and throws a
 * {@link CodecError} of kind `truncated` naming the field and offset when the input ends early.
 * Reads of arrays are views (`subarray`) where possible, never copies.
 */
export class BinaryReader {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  readonly format: CodecFormat;
  /** Current offset relative to the start of `bytes`. */
  offset: number;
  /** Reads may not go past this offset (exclusive). */
  readonly end: number;

  constructor(bytes: Uint8Array, format: CodecFormat, start = 0, end = bytes.byteLength) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.format = format;
    this.offset = start;
    this.end = Math.min(end, bytes.byteLength);
  }

  /** Bytes left before `end`. */
  get remaining(): number {
    return this.end - this.offset;
  }

  /** Throws a `truncated` error unless `byteCount` bytes are available at the cursor. */
  need(byteCount: number, where: string): void {
    if (byteCount < 0 || this.offset + byteCount > this.end) {
      throw this.truncated(where, `needs ${byteCount} bytes, ${Math.max(0, this.end - this.offset)} left`);
    }
  }

  /**
   * Checks that `count` elements of `elementSize` bytes fit in what is left, before anything
   * is allocated for them. Throws `truncated` naming the count otherwise.
   */
  needCount(count: number, elementSize: number, where: string): void {
    if (!Number.isSafeInteger(count) || count < 0) {
      throw this.invalid(where, `count ${count} is not a valid count`);
    }
    const byteCount = count * elementSize;
    if (this.offset + byteCount > this.end) {
      throw this.truncated(
        where,
        `count ${count} × ${elementSize} bytes needs ${byteCount} bytes, ${Math.max(0, this.end - this.offset)} left`,
      );
    }
  }

  u8(where: string): number {
    this.need(1, where);
    const value = this.view.getUint8(this.offset);
    this.offset += 1;
    return value;
  }

  u16(where: string): number {
    this.need(2, where);
    const value = this.view.getUint16(this.offset, true);
    this.offset += 2;
    return value;
  }

  u32(where: string): number {
    this.need(4, where);
    const value = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return value;
  }

  i32(where: string): number {
    this.need(4, where);
    const value = this.view.getInt32(this.offset, true);
    this.offset += 4;
    return value;
  }

  f32(where: string): number {
    this.need(4, where);
    const value = this.view.getFloat32(this.offset, true);
    this.offset += 4;
    return value;
  }

  /** A view (no copy) of the next `length` bytes. */
  bytesView(length: number, where: string): Uint8Array {
    this.need(length, where);
    const view = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return view;
  }

  /** Reads a four-character ASCII tag. */
  tag(where: string): string {
    this.need(4, where);
    const tag = tagAt(this.bytes, this.offset);
    this.offset += 4;
    return tag;
  }

  /** Moves the cursor to an absolute offset, which must lie within [0, end]. */
  seek(offset: number, where: string): void {
    if (offset < 0 || offset > this.end) throw this.truncated(where, `offset ${offset} is past the end (${this.end})`);
    this.offset = offset;
  }

  skip(length: number, where: string): void {
    this.need(length, where);
    this.offset += length;
  }

  truncated(where: string, detail: string, offset = this.offset): CodecError {
    return new CodecError({ format: this.format, kind: 'truncated', where, offset, detail });
  }

  invalid(where: string, detail: string, offset = this.offset): CodecError {
    return new CodecError({ format: this.format, kind: 'invalid', where, offset, detail });
  }
}

/** Reads four bytes at `offset` as an ASCII tag (non-printable bytes shown as `\xNN`). */
export function tagAt(bytes: Uint8Array, offset: number): string {
  let tag = '';
  for (let index = 0; index < 4; index += 1) {
    const code = bytes[offset + index] ?? 0;
    tag += code >= 0x20 && code < 0x7f ? String.fromCharCode(code) : `\\x${code.toString(16).padStart(2, '0')}`;
  }
  return tag;
}

/**
 * A `Float32Array` over `length` floats starting at `byteOffset` within `bytes`: a zero-copy
 * view when the absolute offset is 4-byte aligned, a copy otherwise. Callers must have
 * bounds-checked the range.
 */
export function float32View(bytes: Uint8Array, byteOffset: number, length: number): Float32Array {
  const absolute = bytes.byteOffset + byteOffset;
  if (absolute % 4 === 0) return new Float32Array(bytes.buffer, absolute, length);
  const copy = new Float32Array(length);
  new Uint8Array(copy.buffer).set(bytes.subarray(byteOffset, byteOffset + length * 4));
  return copy;
}

/** Like {@link float32View} for little-endian uint16 data. */
export function uint16View(bytes: Uint8Array, byteOffset: number, length: number): Uint16Array {
  const absolute = bytes.byteOffset + byteOffset;
  if (absolute % 2 === 0) return new Uint16Array(bytes.buffer, absolute, length);
  const copy = new Uint16Array(length);
  new Uint8Array(copy.buffer).set(bytes.subarray(byteOffset, byteOffset + length * 2));
  return copy;
}

/** Like {@link float32View} for little-endian uint32 data. */
export function uint32View(bytes: Uint8Array, byteOffset: number, length: number): Uint32Array {
  const absolute = bytes.byteOffset + byteOffset;
  if (absolute % 4 === 0) return new Uint32Array(bytes.buffer, absolute, length);
  const copy = new Uint32Array(length);
  new Uint8Array(copy.buffer).set(bytes.subarray(byteOffset, byteOffset + length * 4));
  return copy;
}

/** The little-endian uint32 at `offset` (no DataView: hot readers call this per object). */
export function uint32At(bytes: Uint8Array, offset: number): number {
  return (bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) | (bytes[offset + 3]! << 24)) >>> 0;
}

/** The little-endian int32 at `offset`. */
export function int32At(bytes: Uint8Array, offset: number): number {
  return bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) | (bytes[offset + 3]! << 24);
}

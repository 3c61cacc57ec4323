/**
 * A growable little-endian byte writer. `finish()` returns a view of exactly the bytes written.
 */
export class BinaryWriter {
  private buffer: Uint8Array;
  private view: DataView;
  /** Number of bytes written so far. */
  offset = 0;

  constructor(initialCapacity = 1024) {
    this.buffer = new Uint8Array(Math.max(16, initialCapacity));
    this.view = new DataView(this.buffer.buffer);
  }

  /**
   * Makes room for `byteCount` more bytes; afterwards {@link dataView} may be written directly from
   * {@link offset} up to `offset + byteCount` (the caller then advances `offset`).
   */
  ensureCapacity(byteCount: number): DataView {
    this.reserve(byteCount);
    return this.view;
  }

  /** Forgets what was written, keeping the buffer, so the writer can be reused. */
  reset(): this {
    this.offset = 0;
    return this;
  }

  private reserve(byteCount: number): void {
    const required = this.offset + byteCount;
    if (required <= this.buffer.byteLength) return;
    let capacity = this.buffer.byteLength * 2;
    while (capacity < required) capacity *= 2;
    const next = new Uint8Array(capacity);
    next.set(this.buffer.subarray(0, this.offset));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }

  u8(value: number): this {
    this.reserve(1);
    this.view.setUint8(this.offset, value);
    this.offset += 1;
    return this;
  }

  u16(value: number): this {
    this.reserve(2);
    this.view.setUint16(this.offset, value, true);
    this.offset += 2;
    return this;
  }

  u32(value: number): this {
    this.reserve(4);
    this.view.setUint32(this.offset, value, true);
    this.offset += 4;
    return this;
  }

  i32(value: number): this {
    this.reserve(4);
    this.view.setInt32(this.offset, value, true);
    this.offset += 4;
    return this;
  }

  f32(value: number): this {
    this.reserve(4);
    this.view.setFloat32(this.offset, value, true);
    this.offset += 4;
    return this;
  }

  bytes(bytes: Uint8Array): this {
    this.reserve(bytes.byteLength);
    this.buffer.set(bytes, this.offset);
    this.offset += bytes.byteLength;
    return this;
  }

  /** Writes an ASCII tag of exactly four characters. */
  tag(tag: string): this {
    if (tag.length !== 4) throw new RangeError(`tag must have 4 characters: ${tag}`);
    for (let index = 0; index < 4; index += 1) this.u8(tag.charCodeAt(index) & 0xff);
    return this;
  }

  /** Writes `count` zero bytes. */
  zeros(count: number): this {
    this.reserve(count);
    this.buffer.fill(0, this.offset, this.offset + count);
    this.offset += count;
    return this;
  }

  /** Pads with zeros up to the next multiple of `alignment`. */
  align(alignment: number): this {
    const remainder = this.offset % alignment;
    if (remainder !== 0) this.zeros(alignment - remainder);
    return this;
  }

  /** Overwrites a uint32 at an earlier offset (for sizes known only after the body). */
  patchU32(at: number, value: number): this {
    this.view.setUint32(at, value, true);
    return this;
  }

  /** The bytes written, as a view over the internal buffer. */
  finish(): Uint8Array {
    return this.buffer.subarray(0, this.offset);
  }
}

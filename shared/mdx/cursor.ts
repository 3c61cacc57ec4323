/**
 * The cursor the kind modules read MDX chunk bodies with: bounds-checked little-endian reads that
 * throw a CodecError naming the object (`path`, e.g. `GEOS[3]`), the field and the byte offset in
 * the file — built only when something is wrong, so reading costs no strings. Arrays come back as
 * typed-array views of the file's bytes when their offset is aligned, copies otherwise; counts are
 * checked against the bytes left before anything is allocated for them.
 */
import { CodecError, type CodecErrorKind } from '../binary/codec-error';
import { float32View, uint16View, uint32View } from '../binary/reader';
import { decodeName } from './names';
import { readTag } from './tracks';

/** A non-fatal finding while reading: bytes kept as they are because they could not be parsed. */
export interface CursorProblem {
  readonly where: string;
  /** Offset in the file. */
  readonly offset: number;
  readonly detail: string;
}

/** An empty byte array, shared (for objects with no unparsed bytes). */
export const NO_BYTES = new Uint8Array(0);

/** A name field: the decoded latin1 name (up to the first NUL) and the raw field. */
export interface NameField {
  readonly name: string;
  readonly nameBytes: Uint8Array;
}

/** Reads one chunk body. Offsets are relative to the body; errors report them in the file (`origin` + offset). */
export class MdxCursor {
  readonly view: DataView;
  /** Read position in the body. */
  offset = 0;
  /** Reads may not pass this offset (the end of the object being read). */
  end: number;
  /** The object being read, for errors: `GEOS[3]`, `MTLS[0].layers[1]`. */
  path: string;
  /** Bytes kept unparsed, for the read diagnostics. */
  readonly problems: CursorProblem[] = [];
  /**
   * Set when a float field holds a signalling NaN: JavaScript numbers cannot carry it, so the typed
   * form of the chunk would not give its bytes back (the chunk is then kept as bytes).
   */
  signallingNaN = false;
  /** Why a reader stopped before {@link end} (say, a track that does not parse), for {@link rest}'s note. */
  stopReason = '';

  constructor(
    readonly bytes: Uint8Array,
    /** Offset of the body in the file. */
    readonly origin: number,
    tag: string,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.end = bytes.byteLength;
    this.path = tag;
  }

  /** Bytes left before {@link end}. */
  get remaining(): number {
    return this.end - this.offset;
  }

  /** A CodecError about `field` of the current object at body offset `at`. */
  error(kind: CodecErrorKind, field: string, detail: string, at = this.offset): CodecError {
    return new CodecError({
      format: 'mdx',
      kind,
      where: field ? `${this.path}.${field}` : this.path,
      offset: this.origin + at,
      detail,
    });
  }

  /** A CodecError thrown with body-relative offsets (by a shared/mdx helper), moved to file offsets. */
  relocate(error: unknown): unknown {
    if (!(error instanceof CodecError)) return error;
    const { format, kind, where, detail } = error;
    return new CodecError({ format, kind, where, offset: this.origin + error.offset, detail });
  }

  /** Throws `truncated` unless `byteCount` bytes are left. */
  need(byteCount: number, field: string): void {
    if (byteCount > this.end - this.offset)
      throw this.error('truncated', field, `needs ${byteCount} bytes, ${this.end - this.offset} left`);
  }

  /** Records bytes kept unparsed. */
  note(field: string, detail: string, at = this.offset): void {
    this.problems.push({ where: field ? `${this.path}.${field}` : this.path, offset: this.origin + at, detail });
  }

  u8(field: string): number {
    this.need(1, field);
    return this.bytes[this.offset++]!;
  }

  u32(field: string): number {
    if (this.end - this.offset < 4) this.need(4, field);
    const value = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return value;
  }

  i32(field: string): number {
    if (this.end - this.offset < 4) this.need(4, field);
    const value = this.view.getInt32(this.offset, true);
    this.offset += 4;
    return value;
  }

  f32(field: string): number {
    if (this.end - this.offset < 4) this.need(4, field);
    const value = this.view.getFloat32(this.offset, true);
    if (value !== value) this.checkNaN(this.offset);
    this.offset += 4;
    return value;
  }

  /** Three floats as a tuple. */
  vector3(field: string): [number, number, number] {
    this.need(12, field);
    return [this.f32(field), this.f32(field), this.f32(field)];
  }

  /** Notes a signalling NaN (quiet bit 0x00400000 clear) at `at`, which a JavaScript number would turn quiet. */
  private checkNaN(at: number): void {
    if ((this.view.getUint32(at, true) & 0x00400000) === 0) this.signallingNaN = true;
  }

  /** The four bytes at the cursor as a tag, or '' when fewer than four are left (does not move). */
  peekTag(): string {
    return this.end - this.offset >= 4 ? readTag(this.bytes, this.offset) : '';
  }

  /** Reads `tag` or throws `invalid` naming what was found. */
  expectTag(tag: string, field: string): void {
    this.need(4, field);
    const found = readTag(this.bytes, this.offset);
    if (found !== tag) throw this.error('invalid', field, `expected ${tag}, found ${JSON.stringify(found)}`);
    this.offset += 4;
  }

  /** A view of the next `length` bytes. */
  bytesView(length: number, field: string): Uint8Array {
    this.need(length, field);
    const view = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return view;
  }

  /** A NUL-padded name field of `size` bytes. */
  name(size: number, field: string): NameField {
    const nameBytes = this.bytesView(size, field);
    return { name: decodeName(nameBytes), nameBytes };
  }

  /** A uint32 count of elements of `elementBytes` bytes each, checked against the bytes left. */
  count(elementBytes: number, field: string): number {
    const at = this.offset;
    const count = this.u32(field);
    if (count * elementBytes > this.end - this.offset)
      throw this.error(
        'truncated',
        field,
        `${count} elements of ${elementBytes} bytes do not fit in the ${this.end - this.offset} bytes left`,
        at,
      );
    return count;
  }

  /** `length` floats: a view of the file's bytes when aligned, a copy otherwise. */
  float32s(length: number, field: string): Float32Array {
    this.need(length * 4, field);
    const values = float32View(this.bytes, this.offset, length);
    this.offset += length * 4;
    return values;
  }

  /** `length` uint32s (a view when aligned). */
  uint32s(length: number, field: string): Uint32Array {
    this.need(length * 4, field);
    const values = uint32View(this.bytes, this.offset, length);
    this.offset += length * 4;
    return values;
  }

  /** `length` uint16s (a view when aligned). */
  uint16s(length: number, field: string): Uint16Array {
    this.need(length * 2, field);
    const values = uint16View(this.bytes, this.offset, length);
    this.offset += length * 2;
    return values;
  }

  /** `length` bytes (always a view). */
  uint8s(length: number, field: string): Uint8Array {
    return this.bytesView(length, field);
  }

  /**
   * Reads an object that starts with its own inclusive size (at least `minimumBytes`, size
   * included): `read` runs with {@link end} set to the object's end and must stop there or before;
   * returns what it read and the bytes it left (kept unparsed, normally none).
   */
  sized<T>(
    minimumBytes: number,
    read: (start: number) => T,
    field = 'inclusiveSize',
  ): { value: T; unparsedBytes: Uint8Array } {
    const start = this.offset;
    const size = this.u32(field);
    if (size < minimumBytes || size > this.end - start) {
      throw this.error(
        size < minimumBytes ? 'invalid' : 'truncated',
        field,
        `size ${size} is not between ${minimumBytes} and the ${this.end - start} bytes left`,
        start,
      );
    }
    const outerEnd = this.end;
    this.end = start + size;
    try {
      const value = read(start);
      const unparsedBytes = this.rest('the object');
      return { value, unparsedBytes };
    } finally {
      this.end = outerEnd;
    }
  }

  /** The bytes from the cursor to {@link end} (noted as a problem when there are any), consumed. */
  rest(what: string): Uint8Array {
    const length = this.end - this.offset;
    if (length > 0) {
      const reason = this.stopReason ? ` (${this.stopReason})` : '';
      this.note('', `${length} bytes at the end of ${what} are not understood${reason}; they are kept as they are`);
    }
    this.stopReason = '';
    return length === 0 ? NO_BYTES : this.bytesView(length, '');
  }
}

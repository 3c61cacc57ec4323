/**
 * The MDL printer's output: latin1 bytes written straight into a growing buffer (no intermediate
 * strings for numbers), in the layout the community's tools write — one statement per line,
 * tab-indented, `Keyword value,` statements, `Keyword [count…] {` blocks closed by `}` on their own
 * line. It also collects what the text cannot carry (a name holding a `"`, a NaN payload), as
 * warnings naming the object, so that nothing is dropped silently.
 */
import type { Diagnostic } from '../../diagnostics';
import { PRINT_BUFFER_SHARE_BYTES, registerScratch } from '../../mdl/scratch';
import { FLOAT32_TEXT_MAX, forgetLaidText, layFloat32, layInteger, layUnsigned, type ByteSink } from './numbers';

const TAB = 0x09;
const NEWLINE = 0x0a;
const SPACE = 0x20;
const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const APOSTROPHE = 0x27;
const COLON = 0x3a;
/** The most bytes a safe integer's text takes (16 digits and a sign). */
const INTEGER_TEXT_MAX = 24;

/** The float32 bits and the sign of a double, for NaNs: a scratch pair of views. */
const float32Scratch = new Float32Array(1);
const bits32Scratch = new Uint32Array(float32Scratch.buffer);
const float64Scratch = new Float64Array(1);
const words64Scratch = new Uint32Array(float64Scratch.buffer);

/** True when `value` is a NaN whose sign bit is set (`-1.#IND`, 0xFFC00000 as float32). */
export function isNegativeNaN(value: number): boolean {
  if (value === value) return false;
  float64Scratch[0] = value;
  return (words64Scratch[1]! & 0x80000000) !== 0;
}

/** The float32 bits a NaN double stands for (its sign and the top of its payload). */
export function nanBits(value: number): number {
  float32Scratch[0] = value;
  return bits32Scratch[0]!;
}

/**
 * The working buffer of the last finished writer, lent to the next writer, when it is at most
 * PRINT_BUFFER_SHARE_BYTES: printing small texts one after another then leaves no buffer for the collector each time.
 * A larger buffer (a model of megabytes) goes with its print, so that none sized by the largest text printed stays.
 */
let spareBuffer: Uint8Array | null = null;
registerScratch('MDL printer: spare buffer', () => spareBuffer?.byteLength ?? 0);

/** How the printer treats what MDL has no keyword for. */
export interface MdlPrintOptions {
  /**
   * Write values no MDL keyword says as statements of this project's own (`Flags 256,` in a node, `SelectionFlags`,
   * `SyncPoint`, `LightType 5,`, a `SoundTracks` block…), so that MDX → MDL → MDX comes back exact. Off by default:
   * mdx-m3-viewer refuses every such statement, and war3-model and Retera's Model Studio read few of them. Off, each
   * such value is left out with a warning naming it.
   */
  readonly extensions?: boolean;
}

/** Writes MDL text. */
export class MdlWriter implements ByteSink {
  private buffer: Uint8Array;
  private length = 0;
  /** Current block depth: how many tabs start a line. */
  depth = 0;
  /** What the text cannot carry, for the caller to report. */
  readonly warnings: Diagnostic[] = [];
  /** True when values no MDL keyword says are written as this project's own statements (see MdlPrintOptions). */
  readonly extensions: boolean;

  constructor(capacity = 1 << 16, options: MdlPrintOptions = {}) {
    const spare = spareBuffer;
    spareBuffer = null;
    this.buffer = spare !== null && spare.length >= capacity ? spare : new Uint8Array(capacity);
    this.extensions = options.extensions ?? false;
  }

  private grow(needed: number): void {
    let capacity = this.buffer.length * 2;
    while (capacity < this.length + needed) capacity *= 2;
    const grown = new Uint8Array(capacity);
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  /** Appends one byte. */
  byte(code: number): void {
    if (this.length === this.buffer.length) this.grow(1);
    this.buffer[this.length++] = code;
  }

  /** Appends latin1 text (every character below U+0100). */
  ascii(text: string): void {
    const count = text.length;
    if (this.length + count > this.buffer.length) this.grow(count);
    const buffer = this.buffer;
    let at = this.length;
    for (let index = 0; index < count; index += 1) buffer[at++] = text.charCodeAt(index);
    this.length = at;
  }

  /** Appends `bytes[start, start + length)`. */
  run(bytes: Uint8Array, start: number, length: number): void {
    if (this.length + length > this.buffer.length) this.grow(length);
    const buffer = this.buffer;
    let at = this.length;
    for (let index = start; index < start + length; index += 1) buffer[at++] = bytes[index]!;
    this.length = at;
  }

  /**
   * The bytes written so far (a copy sized to fit). The working buffer is kept for the next writer when it is small
   * (see {@link spareBuffer}); this writer goes on, if it must, in the copy.
   */
  finish(): Uint8Array {
    const bytes = this.buffer.slice(0, this.length);
    const kept = this.buffer.byteLength <= PRINT_BUFFER_SHARE_BYTES;
    if (kept && (spareBuffer === null || spareBuffer.length < this.buffer.length)) spareBuffer = this.buffer;
    forgetLaidText();
    this.buffer = bytes;
    return bytes;
  }

  /** Ends the writer's use of the module's scratch (what it laid numbers into), whether or not it finished. */
  release(): void {
    forgetLaidText();
  }

  /** Notes something the text cannot carry. */
  warn(where: string, message: string, code = 'mdl.not-carried'): void {
    this.warnings.push({ severity: 'warning', code, message, where });
  }

  /**
   * A value no MDL keyword says (`what`, e.g. "flag bits 0x100 (bone)"): `keyword value,` with the extensions
   * option, otherwise left out with a warning naming `where` and `what`.
   */
  unnamedStatement(keyword: string, value: number, where: string, what: string): void {
    if (this.extensions) this.unsignedStatement(keyword, value);
    else this.warn(where, `${where} has ${what}, which no MDL keyword says; it is left out`, 'mdl.unnamed-value');
  }

  /** Starts a line at the current depth. */
  indent(): void {
    if (this.length + this.depth > this.buffer.length) this.grow(this.depth);
    for (let level = 0; level < this.depth; level += 1) this.buffer[this.length++] = TAB;
  }

  /** Ends a statement: `,` and a line break. */
  endStatement(): void {
    if (this.length + 2 > this.buffer.length) this.grow(2);
    this.buffer[this.length++] = COMMA;
    this.buffer[this.length++] = NEWLINE;
  }

  /** A quoted string; a `"` (which MDL strings cannot hold) becomes `'`, with a warning naming `where`. */
  quoted(text: string, where: string): void {
    this.byte(QUOTE);
    const start = this.length;
    this.ascii(text);
    for (let index = start; index < this.length; index += 1) {
      if (this.buffer[index] === QUOTE) {
        this.buffer[index] = APOSTROPHE;
        this.warn(where, `${where} holds a '"', which an MDL string cannot; it is written as "'"`);
      }
    }
    this.byte(QUOTE);
  }

  /** A float32 value (NaN with its sign; a NaN payload the text cannot show is a warning naming `where`). */
  float(value: number, where: string): void {
    let negativeNaN = false;
    if (value !== value) {
      const bits = nanBits(value);
      if (bits !== 0x7fc00000 && bits !== 0xffc00000)
        this.warn(where, `${where} is a NaN with payload 0x${bits.toString(16)}; MDL writes it as a plain NaN`);
      negativeNaN = isNegativeNaN(value);
    }
    if (this.length + FLOAT32_TEXT_MAX > this.buffer.length) this.grow(FLOAT32_TEXT_MAX);
    this.length = layFloat32(this.buffer, this.length, value, negativeNaN);
  }

  /** A signed integer (a safe one). */
  integer(value: number): void {
    if (this.length + INTEGER_TEXT_MAX > this.buffer.length) this.grow(INTEGER_TEXT_MAX);
    this.length = layInteger(this.buffer, this.length, value);
  }

  /** An unsigned integer (a safe one). */
  unsigned(value: number): void {
    if (this.length + INTEGER_TEXT_MAX > this.buffer.length) this.grow(INTEGER_TEXT_MAX);
    this.length = layUnsigned(this.buffer, this.length, value);
  }

  /**
   * `{ a, b, c }` of floats from `values[start, start + count)`, reversed for colours stored BGR. Room for the whole
   * group is made once and the text laid straight into the buffer (a NaN goes through {@link float} for its
   * warning).
   */
  floatGroup(values: ArrayLike<number>, start: number, count: number, where: string, reversed = false): void {
    const room = 4 + count * (FLOAT32_TEXT_MAX + 2);
    if (this.length + room > this.buffer.length) this.grow(room);
    if (reversed) this.length = this.layReversedGroup(values, start, count, where);
    else this.length = this.layFloatGroup(this.buffer, this.length, values, start, count, where);
  }

  /**
   * Lays `{ a, b, c }` from `values[start, start + count)` into `buffer` at `at` (room made by the caller) and
   * returns where it ends; the position stays in a local until the end (a NaN goes through {@link float}).
   */
  private layFloatGroup(
    buffer: Uint8Array,
    at: number,
    values: ArrayLike<number>,
    start: number,
    count: number,
    where: string,
  ): number {
    let length = at;
    buffer[length++] = OPEN_BRACE;
    buffer[length++] = SPACE;
    for (let index = start; index < start + count; index += 1) {
      if (index > start) {
        buffer[length++] = COMMA;
        buffer[length++] = SPACE;
      }
      length = this.layFloat(buffer, length, values[index]!, where);
    }
    buffer[length++] = SPACE;
    buffer[length++] = CLOSE_BRACE;
    return length;
  }

  /**
   * Lays one float into `buffer` at `at` (room made by the caller) and returns where it ends; a NaN goes through
   * {@link float} for its sign and its warning.
   */
  private layFloat(buffer: Uint8Array, at: number, value: number, where: string): number {
    if (value === value) return layFloat32(buffer, at, value);
    this.length = at;
    this.float(value, where);
    return this.length;
  }

  /** {@link layFloatGroup} from the last value back, for colours stored BGR, at the current position. */
  private layReversedGroup(values: ArrayLike<number>, start: number, count: number, where: string): number {
    const buffer = this.buffer;
    buffer[this.length++] = OPEN_BRACE;
    buffer[this.length++] = SPACE;
    for (let index = start + count - 1; index >= start; index -= 1) {
      if (index < start + count - 1) {
        buffer[this.length++] = COMMA;
        buffer[this.length++] = SPACE;
      }
      this.float(values[index]!, where);
    }
    buffer[this.length++] = SPACE;
    buffer[this.length++] = CLOSE_BRACE;
    return this.length;
  }

  /**
   * One line of a float track at the current depth: `frame: value,` (or `word value,` when `word` is given, for
   * `InTan` / `OutTan`), the value one float or `{ … }` of `components`, laid in one room with the position in a
   * local (a NaN goes through {@link float} for its warning).
   */
  floatKeyLine(
    word: string | null,
    frame: number,
    values: ArrayLike<number>,
    start: number,
    components: number,
    where: string,
  ): void {
    const room = this.depth + 28 + (word === null ? 0 : word.length) + components * (FLOAT32_TEXT_MAX + 2);
    if (this.length + room > this.buffer.length) this.grow(room);
    const buffer = this.buffer;
    let length = this.length;
    for (let level = 0; level < this.depth; level += 1) buffer[length++] = TAB;
    if (word === null) {
      length = layInteger(buffer, length, frame);
      buffer[length++] = COLON;
    } else for (let index = 0; index < word.length; index += 1) buffer[length++] = word.charCodeAt(index);
    buffer[length++] = SPACE;
    if (components !== 1) length = this.layFloatGroup(buffer, length, values, start, components, where);
    else length = this.layFloat(buffer, length, values[start]!, where);
    buffer[length++] = COMMA;
    buffer[length++] = NEWLINE;
    this.length = length;
  }

  /** `{ a, b, c }` of integers (signed when `signed`). */
  integerGroup(values: ArrayLike<number>, start: number, count: number, signed: boolean): void {
    this.byte(OPEN_BRACE);
    this.byte(SPACE);
    for (let index = 0; index < count; index += 1) {
      if (index > 0) {
        this.byte(COMMA);
        this.byte(SPACE);
      }
      if (signed) this.integer(values[start + index]!);
      else this.unsigned(values[start + index]!);
    }
    this.byte(SPACE);
    this.byte(CLOSE_BRACE);
  }

  /** `Keyword "name" count… {` and one level deeper. */
  open(keyword: string, name?: string, ...counts: number[]): void {
    this.indent();
    this.ascii(keyword);
    if (name !== undefined) {
      this.byte(SPACE);
      this.quoted(name, `${keyword} "${name}"`);
    }
    for (const count of counts) {
      this.byte(SPACE);
      this.unsigned(count);
    }
    this.byte(SPACE);
    this.byte(OPEN_BRACE);
    this.byte(NEWLINE);
    this.depth += 1;
  }

  /** `}` (or `},`) one level up. */
  close(comma = false): void {
    this.depth -= 1;
    this.indent();
    this.byte(CLOSE_BRACE);
    if (comma) this.byte(COMMA);
    this.byte(NEWLINE);
  }

  /** `Word,` */
  flag(word: string): void {
    this.indent();
    this.ascii(word);
    this.endStatement();
  }

  /** `Keyword ` at the start of a line (the value follows). */
  key(keyword: string): void {
    this.indent();
    this.ascii(keyword);
    this.byte(SPACE);
  }

  /** `Keyword n,` for a signed integer. */
  integerStatement(keyword: string, value: number): void {
    this.key(keyword);
    this.integer(value);
    this.endStatement();
  }

  /** `Keyword n,` for an unsigned integer. */
  unsignedStatement(keyword: string, value: number): void {
    this.key(keyword);
    this.unsigned(value);
    this.endStatement();
  }

  /** `Keyword x,` for a float32. */
  floatStatement(keyword: string, value: number, where: string): void {
    this.key(keyword);
    this.float(value, where);
    this.endStatement();
  }

  /** `Keyword "text",` */
  stringStatement(keyword: string, value: string, where: string): void {
    this.key(keyword);
    this.quoted(value, where);
    this.endStatement();
  }

  /** `Keyword { a, b, c },` of floats. */
  floatGroupStatement(keyword: string, values: ArrayLike<number>, where: string, reversed = false): void {
    this.key(keyword);
    this.floatGroup(values, 0, values.length, where, reversed);
    this.endStatement();
  }

  /** `Keyword { a, b, c },` of integers. */
  integerGroupStatement(keyword: string, values: ArrayLike<number>, signed: boolean): void {
    this.key(keyword);
    this.integerGroup(values, 0, values.length, signed);
    this.endStatement();
  }

  /**
   * `Keyword count {` then one `{ … },` line per element of `stride` floats, then `}`: each line laid straight into
   * the buffer, its room made once.
   */
  floatRows(keyword: string, values: ArrayLike<number>, stride: number, where: string): void {
    const count = Math.floor(values.length / stride);
    this.open(keyword, undefined, count);
    const depth = this.depth;
    const room = depth + 6 + stride * (FLOAT32_TEXT_MAX + 2);
    for (let element = 0; element < count; element += 1) {
      if (this.length + room > this.buffer.length) this.grow(room);
      const buffer = this.buffer;
      let length = this.length;
      for (let level = 0; level < depth; level += 1) buffer[length++] = TAB;
      length = this.layFloatGroup(buffer, length, values, element * stride, stride, where);
      buffer[length++] = COMMA;
      buffer[length++] = NEWLINE;
      this.length = length;
    }
    this.close();
  }
}

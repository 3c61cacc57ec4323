/**
 * Reading MDL blocks into the typed model: the block tree's statements (shared/mdl/tree.ts) seen as
 * entries `Keyword value…` (`static Keyword value` for the static form of an animated field), and
 * value readers that record a diagnostic, naming the block path and the character offset, instead
 * of throwing: a text that is complete but says something the model cannot hold (a word where a
 * number goes, a count that disagrees with its block) opens with an error diagnostic, and the field
 * keeps its default. Only text that cannot be MDL at all (cut short, unbalanced braces) is refused,
 * by the scan.
 *
 * Entries follow the statements, except that a statement missing its comma (`ObjectId 3 Parent 1,`)
 * is split where its first entry's values end, as token-stream readers do.
 */
import type { Diagnostic } from '../../diagnostics';
import { TokenKind } from '../../mdl/lexer';
import { registerScratch } from '../../mdl/scratch';
import { decodeLatin1 } from '../../mdl/text';
import type { MdlLevel, MdlStatement } from '../../mdl/tree';
import type { MdxLayout } from '../versions';
import { NEGATIVE_NAN, parseDecimal, specialFloatWord } from './numbers';
import { Growing32, ReadBuffers, ValueScanner, ValueToken, capacityOf } from './scanner';

/** Integer field types and their ranges (text from -2^31 up is accepted and wrapped to the type). */
export type IntegerType = 'u32' | 'i32' | 'u16' | 'u8';

const INT32_MIN = -0x80000000;
const UINT32_LIMIT = 0x100000000;

/** One `Keyword value…` of a block. */
export class MdlEntry {
  /** Index of the token after the keyword (after `static Keyword`): where values start; advanced as they are read. */
  next: number;
  /** One past the last value token (the statement's comma or group excluded). */
  readonly stop: number;

  constructor(
    readonly statement: MdlStatement,
    /** The keyword (`Alpha` for `static Alpha 1,`); '' when the statement starts with a number or a group. */
    readonly key: string,
    readonly isStatic: boolean,
    /** Token index of the keyword (of `static` for a static entry). */
    readonly keyToken: number,
    valueToken: number,
  ) {
    this.next = valueToken;
    const level = statement.level;
    this.stop =
      statement.group >= 0
        ? statement.group
        : level.kindOf(statement.last) === TokenKind.Comma
          ? statement.last
          : statement.last + 1;
  }

  get level(): MdlLevel {
    return this.statement.level;
  }

  /** The block group of the statement, when it follows this entry's keyword. */
  get hasGroup(): boolean {
    return this.statement.group > this.keyToken;
  }

  /** Offsets just inside the group's braces. */
  get groupFrom(): number {
    return this.statement.open + 1;
  }

  get groupTo(): number {
    return this.statement.close;
  }

  /** Character offset of the keyword. */
  get offset(): number {
    return this.level.starts[this.keyToken]!;
  }

  /** True when value tokens are left. */
  get hasValue(): boolean {
    return this.next < this.stop;
  }
}

/** Where the reader is: the bytes, the layout of the model's version, the diagnostics so far. */
export class MdlReadContext {
  readonly diagnostics: Diagnostic[] = [];

  /**
   * @param buffers where the tracks and name fields read get their storage: a read of several blocks shares them
   *   (see {@link ReadBuffers}); by default, the context's own.
   */
  constructor(
    readonly bytes: Uint8Array,
    public layout: MdxLayout,
    readonly buffers: ReadBuffers = new ReadBuffers(0),
  ) {}

  /**
   * Records a diagnostic at `offset` (in the statement's source), in the block `statement` (its path, computed only
   * now, or `where` when given). The model places it in the whole text, adding its line and column.
   */
  report(
    severity: Diagnostic['severity'],
    statement: MdlStatement | null,
    offset: number,
    code: string,
    message: string,
    where = statement ? statement.path : '(top level)',
  ): void {
    this.diagnostics.push({ severity, code, message, where, offset });
  }

  /** An error about `entry`'s value. */
  invalid(entry: MdlEntry, message: string, offset = entry.offset): void {
    this.report('error', entry.statement, offset, 'mdl.invalid-value', `${entry.key || 'value'}: ${message}`);
  }

  /** Visits every entry of `block`'s body; `handle` returns false for a keyword it does not know. */
  entries(block: MdlStatement, handle: (entry: MdlEntry) => boolean): void {
    for (const statement of block.children) this.statementEntries(statement, handle);
  }

  /** Visits the entries of one statement (usually one). */
  statementEntries(statement: MdlStatement, handle: (entry: MdlEntry) => boolean): void {
    const level = statement.level;
    let token = statement.first;
    for (;;) {
      const entry = this.entryAt(statement, token);
      if (!handle(entry)) {
        this.report(
          'warning',
          statement,
          entry.offset,
          'mdl.unknown-statement',
          `"${entry.key || level.textOf(token)}" is not something this block holds; it is left out of the model`,
        );
        return;
      }
      if (entry.next >= entry.stop) return;
      if (level.kindOf(entry.next) !== TokenKind.Word) {
        this.invalid(entry, `unexpected ${JSON.stringify(level.textOf(entry.next))}`, level.starts[entry.next]!);
        return;
      }
      token = entry.next;
    }
  }

  private entryAt(statement: MdlStatement, token: number): MdlEntry {
    const level = statement.level;
    if (level.kindOf(token) !== TokenKind.Word) return new MdlEntry(statement, '', false, token, token);
    if (level.isWord(token, 'static') && token + 1 < level.count && level.kindOf(token + 1) === TokenKind.Word)
      return new MdlEntry(statement, level.textOf(token + 1), true, token, token + 2);
    return new MdlEntry(statement, level.textOf(token), false, token, token + 1);
  }

  /** The next value token's text, consumed ('' when there is none). */
  word(entry: MdlEntry): string {
    if (!entry.hasValue) {
      this.invalid(entry, 'a value is missing');
      return '';
    }
    const token = entry.next++;
    return entry.level.kindOf(token) === TokenKind.String ? entry.level.stringOf(token) : entry.level.textOf(token);
  }

  /** The next value as a string (a quoted string, or a bare word some writers leave unquoted). */
  string(entry: MdlEntry): string | undefined {
    if (!entry.hasValue) {
      this.invalid(entry, 'a string is missing');
      return undefined;
    }
    const level = entry.level;
    const token = entry.next++;
    const kind = level.kindOf(token);
    if (kind === TokenKind.String) return level.stringOf(token);
    if (kind === TokenKind.Word || kind === TokenKind.Number) return level.textOf(token);
    this.invalid(entry, `expected a string, found ${JSON.stringify(level.textOf(token).slice(0, 40))}`);
    return undefined;
  }

  /** The next value as a float (a number or a NaN/infinity word), or undefined with an error. */
  float(entry: MdlEntry): number | undefined {
    if (!entry.hasValue) {
      this.invalid(entry, 'a number is missing');
      return undefined;
    }
    const level = entry.level;
    const token = entry.next++;
    const start = level.starts[token]!;
    const end = level.ends[token]!;
    if (level.kindOf(token) === TokenKind.Number) return parseDecimal(this.bytes, start, end);
    if (level.kindOf(token) === TokenKind.Word) {
      const special = specialFloatWord(decodeLatin1(this.bytes, start, end));
      if (special) return special.negative && special.value !== special.value ? NEGATIVE_NAN : special.value;
    }
    this.invalid(entry, `expected a number, found ${JSON.stringify(level.textOf(token).slice(0, 40))}`, start);
    return undefined;
  }

  /**
   * The next value as an integer of `type` (or one of `words`: `None`, `Multiple`), or undefined
   * with an error.
   */
  integer(entry: MdlEntry, type: IntegerType, words?: Readonly<Record<string, number>>): number | undefined {
    if (!entry.hasValue) {
      this.invalid(entry, 'an integer is missing');
      return undefined;
    }
    const level = entry.level;
    const token = entry.next++;
    if (words && level.kindOf(token) === TokenKind.Word) {
      const value = words[level.textOf(token)];
      if (value !== undefined) return value;
    }
    const value =
      level.kindOf(token) === TokenKind.Number
        ? parseDecimal(this.bytes, level.starts[token]!, level.ends[token]!)
        : Number.NaN;
    const checked = checkedInteger(value, type);
    if (checked === undefined)
      this.invalid(
        entry,
        `expected ${integerTypeText(type)}, found ${JSON.stringify(level.textOf(token).slice(0, 40))}`,
        level.starts[token],
      );
    return checked;
  }

  /** The declared count in a block header (`Vertices 200 {`), or null when there is none. */
  declaredCount(entry: MdlEntry): number | null {
    const level = entry.level;
    if (entry.next < entry.stop && level.kindOf(entry.next) === TokenKind.Number)
      return this.integer(entry, 'u32') ?? null;
    return null;
  }

  /** An error unless `declared` (when given) equals `actual`. */
  checkCount(entry: MdlEntry, declared: number | null, actual: number, what: string): void {
    if (declared !== null && declared !== actual)
      this.report(
        'error',
        entry.statement,
        entry.offset,
        'mdl.count-mismatch',
        `${entry.key} declares ${declared} ${what} but holds ${actual}`,
      );
  }

  /** A scanner over the entry's group (an error and null when it has none). */
  group(entry: MdlEntry): ValueScanner | null {
    if (!entry.hasGroup) {
      this.invalid(entry, 'a { } block is missing');
      return null;
    }
    return new ValueScanner(this.bytes, entry.groupFrom, entry.groupTo);
  }

  /**
   * The numbers of the entry's group: elements of `stride` values, each in its own `{ }` or all in
   * a row; `integer` gives the values' integer type (floats otherwise). An element of the wrong
   * length, or a value that is not a number, is an error; the values read are kept. With `into`, the values go
   * there (emptied first) rather than into a buffer of their own.
   */
  numbers(
    entry: MdlEntry,
    stride: number,
    integer: IntegerType | null,
    declared: number | null,
    into?: Growing32,
  ): Growing32 {
    // `into` (emptied first): a buffer of the caller's that outlives the read, for values it copies out.
    const values = into ?? new Growing32(capacityOf(entry.groupFrom, entry.groupTo, declared, stride));
    values.length = 0;
    const scanner = this.group(entry);
    if (!scanner) return values;
    let inElement = false;
    let elementStart = 0;
    let reported = false;
    const fail = (message: string, offset: number) => {
      if (!reported) this.invalid(entry, message, offset);
      reported = true;
    };
    const maximum = integer === null ? 0 : INTEGER_MAXIMUM[integer];
    // Elements in the plain form are read in one loop; anything else token by token, below.
    if (stride > 1) scanner.plainElements(stride, values, integer === null ? -1 : maximum);
    for (;;) {
      if (integer === null) scanner.floatRun(values);
      else scanner.integerRun(values, maximum);
      const token = scanner.next();
      if (token === ValueToken.End) break;
      if (token === ValueToken.Number) {
        if (integer === null) values.pushFloat(scanner.number, scanner.negativeNaN);
        else {
          const checked = checkedInteger(scanner.number, integer);
          if (checked === undefined)
            fail(`expected ${integerTypeText(integer)}, found "${scanner.text()}"`, scanner.start);
          values.pushWord(checked ?? 0);
        }
      } else if (token === ValueToken.Open) {
        if (inElement) {
          fail('a { } block inside an element', scanner.start);
          scanner.skipGroup();
          continue;
        }
        inElement = true;
        elementStart = values.length;
      } else if (token === ValueToken.Close) {
        if (inElement && values.length - elementStart !== stride)
          fail(`an element holds ${values.length - elementStart} values; it should hold ${stride}`, scanner.start);
        inElement = false;
      } else fail(`expected a number, found ${JSON.stringify(scanner.text().slice(0, 40))}`, scanner.start);
    }
    if (values.length % stride !== 0) {
      fail(`${values.length} values are not whole elements of ${stride}`, entry.offset);
      values.length -= values.length % stride;
    }
    return values;
  }

  /** A `{ a, b, c }` vector of exactly `length` float32 numbers (a new array), or undefined with an error. */
  floatVector(entry: MdlEntry, length: number, reversed = false): number[] | undefined {
    return this.vector(entry, length, null, reversed);
  }

  /** A `{ a, b, c }` vector of exactly `length` integers of `type`, or undefined with an error. */
  integerVector(entry: MdlEntry, length: number, type: IntegerType): number[] | undefined {
    return this.vector(entry, length, type, false);
  }

  /**
   * A vector of exactly `length` numbers (floats, or integers of `integer`), read in the vector scratch and copied
   * out; or undefined with an error. A long group's room is let go when the read ends ({@link VECTOR_SCRATCH_KEPT}).
   */
  private vector(
    entry: MdlEntry,
    length: number,
    integer: IntegerType | null,
    reversed: boolean,
  ): number[] | undefined {
    try {
      const values = this.numbers(entry, length, integer, 1, vectorScratch);
      if (values.length !== length) {
        this.invalid(entry, `expected ${length} ${integer === null ? 'numbers' : 'integers'}, found ${values.length}`);
        return undefined;
      }
      const from = integer === null ? values.floats : values.words;
      const result: number[] = [];
      for (let index = 0; index < length; index += 1) result.push(from[reversed ? length - 1 - index : index]!);
      return result;
    } finally {
      vectorScratch.release(VECTOR_SCRATCH_KEPT);
    }
  }

  /** The bare words of the entry's group (`DontInherit { Rotation, Scaling }`). */
  groupWords(entry: MdlEntry): string[] {
    const scanner = this.group(entry);
    const words: string[] = [];
    if (!scanner) return words;
    for (let token = scanner.next(); token !== ValueToken.End; token = scanner.next()) words.push(scanner.text());
    return words;
  }
}

const VECTOR_SCRATCH_VALUES = 16;
/** The most values the vector scratch keeps after a read (a long group's are not): 4 KiB, of READ_BUFFERS_SHARE. */
const VECTOR_SCRATCH_KEPT = 64 * VECTOR_SCRATCH_VALUES;
/** Where {@link MdlReadContext.floatVector} and `integerVector` read their values before copying them out. */
const vectorScratch = new Growing32(VECTOR_SCRATCH_VALUES);
registerScratch('MDL reader: vector values', () => vectorScratch.floats.byteLength);

/** The largest value of each integer type that ValueScanner.integerRun takes (from 0; any other goes by next()). */
const INTEGER_MAXIMUM: Record<IntegerType, number> = { u8: 0xff, u16: 0xffff, u32: 0xffffffff, i32: 0x7fffffff };

/** `value` as an integer of `type`, or undefined when it is not one (text from -2^31 up wraps to the type). */
export function checkedInteger(value: number, type: IntegerType): number | undefined {
  if (!Number.isInteger(value)) return undefined;
  if (type === 'u8') return value >= 0 && value <= 0xff ? value : undefined;
  if (type === 'u16') return value >= 0 && value <= 0xffff ? value : undefined;
  if (value < INT32_MIN || value >= UINT32_LIMIT) return undefined;
  return type === 'u32' ? value >>> 0 : value | 0;
}

function integerTypeText(type: IntegerType): string {
  return type === 'u8' ? 'an integer 0–255' : type === 'u16' ? 'an integer 0–65535' : 'a 32-bit integer';
}

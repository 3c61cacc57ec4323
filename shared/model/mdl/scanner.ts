/**
 * Reading the values inside a `{ … }` group straight from the bytes: vertices, faces, track keys.
 * The block tree (shared/mdl/tree.ts) hands each group over as one token; tokenizing its thousands
 * of numbers into statement objects would cost far more than the numbers themselves, so this
 * scanner steps through the group with the lexer's rules (shared/mdl/lexer.ts), treating commas
 * and colons as separators the way every MDL reader does, and parses numbers in place
 * (./numbers.ts). The scan already matched the braces, so a group is always balanced.
 */
import {
  blockCommentEnd,
  BYTE_CLOSE_BRACE,
  BYTE_COLON,
  BYTE_COMMA,
  BYTE_OPEN_BRACE,
  BYTE_QUOTE,
  BYTE_SLASH,
  BYTE_STAR,
  isWhitespaceByte,
  lineCommentEnd,
  stringEnd,
  wordEnd,
} from '../../mdl/lexer';
import { decimalValue, scanDecimal } from './decimal-reading';
import {
  onlySeparatorsLeft,
  OTHER,
  readPlainElements,
  readPlainKeys,
  readPlainRun,
  SEPARATOR,
  VALUE_CLASSES,
} from './plain-values';
import { specialFloatWord, NEGATIVE_QUIET_NAN_BITS, QUIET_NAN_BITS } from './numbers';

/** What {@link ValueScanner.next} found. */
export const ValueToken = {
  End: 0,
  Number: 1,
  Word: 2,
  String: 3,
  Open: 4,
  Close: 5,
} as const;
export type ValueToken = (typeof ValueToken)[keyof typeof ValueToken];

/**
 * False for a word that cannot be NaN, an infinity or 1.#IND (`InTan`, `Hermite`…), cheaply: it
 * must start with a sign, a digit, `na` or `inf` (any case).
 */
function maySpellSpecialFloat(bytes: Uint8Array, start: number, end: number): boolean {
  const code = bytes[start]!;
  if (code === 0x2d || code === 0x2b || (code >= 0x30 && code <= 0x39)) return true;
  const lower = code | 0x20;
  if (lower === 0x6e) return end - start >= 3 && (bytes[start + 1]! | 0x20) === 0x61;
  return (
    lower === 0x69 && end - start >= 3 && (bytes[start + 1]! | 0x20) === 0x6e && (bytes[start + 2]! | 0x20) === 0x66
  );
}

/** Steps through the values of `bytes[from, to)`. */
export class ValueScanner {
  position: number;
  /** The span of the current token. */
  start = 0;
  end = 0;
  /** The current token's number (NaN when it is a word that is not a number). */
  number = 0;
  /** True when the current NaN came from a negative word (`-NaN`, `-1.#IND`). */
  negativeNaN = false;

  constructor(
    readonly bytes: Uint8Array,
    from: number,
    readonly to: number,
  ) {
    this.position = from;
  }

  /** Moves to the next token (commas, colons, whitespace and comments skipped) and returns its kind. */
  next(): ValueToken {
    const bytes = this.bytes;
    const to = this.to;
    const classes = VALUE_CLASSES;
    let index = this.position;
    while (index < to) {
      const code = bytes[index]!;
      if (classes[code] === SEPARATOR) {
        index += 1;
        continue;
      }
      if (code === BYTE_SLASH) {
        const following = bytes[index + 1];
        if (following === BYTE_SLASH) {
          index = lineCommentEnd(bytes, index, to);
          continue;
        }
        if (following === BYTE_STAR) {
          const end = blockCommentEnd(bytes, index, to);
          index = end < 0 ? to : end;
          continue;
        }
      }
      this.start = index;
      if (code === BYTE_OPEN_BRACE || code === BYTE_CLOSE_BRACE) {
        this.end = this.position = index + 1;
        return code === BYTE_OPEN_BRACE ? ValueToken.Open : ValueToken.Close;
      }
      if (code === BYTE_QUOTE) {
        const end = stringEnd(bytes, index, to);
        this.end = this.position = end < 0 ? to : end;
        return ValueToken.String;
      }
      // A number is read in one pass when a separator follows it; anything else is a word, read as the lexer reads it.
      const after = scanDecimal(bytes, index, to);
      const number = decimalValue[0]!;
      if (number === number && (after === to || classes[bytes[after]!] !== OTHER)) {
        this.end = this.position = after;
        this.number = number;
        return ValueToken.Number;
      }
      const end = wordEnd(bytes, index, to);
      this.end = this.position = end;
      // The word is a number when the number read above spans it all (`1//…` ends at the comment).
      if (number === number && after === end) {
        this.number = number;
        return ValueToken.Number;
      }
      const special = maySpellSpecialFloat(bytes, index, end) ? specialFloatWord(this.text()) : undefined;
      this.number = special ? special.value : Number.NaN;
      this.negativeNaN = special !== undefined && special.negative;
      return special ? ValueToken.Number : ValueToken.Word;
    }
    this.start = this.end = this.position = to;
    return ValueToken.End;
  }

  /**
   * Appends the plain numbers that come next (each followed by a separator, a brace, a quote or the end) to
   * `into` as floats, in one loop without a token per number; stops, before it, at anything else (a brace, a
   * comment, a string, a word, a number that runs into a word), which {@link next} then reads as usual.
   */
  floatRun(into: Growing32): void {
    this.position = readPlainRun(this.bytes, this.position, this.to, into, -1);
  }

  /**
   * As {@link floatRun}, for integers: appends the plain numbers that are whole and in [0, maximum] as words, and
   * stops before any other (a negative, a fraction, one out of range), which {@link next} then reads as usual.
   */
  integerRun(into: Growing32, maximum: number): void {
    this.position = readPlainRun(this.bytes, this.position, this.to, into, maximum);
  }

  /**
   * Appends the elements that come next in the plain form (`{ … }` of `stride` plain numbers; see
   * {@link readPlainElements}) to `into`, as floats (`integerMaximum` < 0) or words; stops before the first element
   * in any other form, which {@link next} then reads as usual.
   */
  plainElements(stride: number, into: Growing32, integerMaximum: number): void {
    this.position = readPlainElements(this.bytes, this.position, this.to, stride, into, integerMaximum);
  }

  /**
   * Reads the track keys that come next in the plain form every writer prints (see {@link readPlainKeys}) into
   * `keys`, in a track's layout, without a token per number; stops before the first key in any other form, which
   * {@link next} then reads as usual.
   */
  plainKeys(components: number, tangents: boolean, keys: Growing32): void {
    this.position = readPlainKeys(this.bytes, this.position, this.to, components, tangents, keys);
  }

  /** True when nothing but separators is left before the end (no comment, no value). */
  onlySeparatorsLeft(): boolean {
    return onlySeparatorsLeft(this.bytes, this.position, this.to);
  }

  /** The current token's text (latin1). */
  text(): string {
    let text = '';
    for (let index = this.start; index < this.end; index += 1) text += String.fromCharCode(this.bytes[index]!);
    return text;
  }

  /** True when the current token is the word `word`. */
  isWord(word: string): boolean {
    if (this.end - this.start !== word.length) return false;
    for (let index = 0; index < word.length; index += 1)
      if (this.bytes[this.start + index] !== word.charCodeAt(index)) return false;
    return true;
  }

  /** Skips the rest of the group the scanner just entered (after an Open), to its Close. */
  skipGroup(): void {
    let depth = 1;
    while (depth > 0) {
      const token = this.next();
      if (token === ValueToken.End) return;
      if (token === ValueToken.Open) depth += 1;
      else if (token === ValueToken.Close) depth -= 1;
    }
  }
}

/** A growing array of 32-bit values, seen as float32 and uint32 (NaN words keep their sign bit). */
export class Growing32 {
  floats: Float32Array;
  words: Uint32Array;
  length = 0;
  /** The capacity it was made with, which {@link release} goes back to. */
  private readonly initial: number;

  /** `capacity`: the caller's bound (never a count read from the text alone). */
  constructor(capacity: number) {
    this.initial = Math.max(4, capacity);
    this.floats = new Float32Array(this.initial);
    this.words = new Uint32Array(this.floats.buffer);
  }

  /**
   * Empties it, and lets its storage go when it grew past `most` values (a new one of the first capacity): a buffer
   * kept from call to call does not keep the room the largest input needed.
   */
  release(most: number): void {
    this.length = 0;
    if (this.floats.length <= most) return;
    this.floats = new Float32Array(this.initial);
    this.words = new Uint32Array(this.floats.buffer);
  }

  private grow(): void {
    const floats = new Float32Array(this.floats.length * 2);
    floats.set(this.floats);
    this.floats = floats;
    this.words = new Uint32Array(floats.buffer);
  }

  /** Makes room for `count` more values. */
  reserve(count: number): void {
    while (this.length + count > this.floats.length) this.grow();
  }

  /** Appends a float (a NaN as the quiet NaN of the given sign). */
  pushFloat(value: number, negativeNaN: boolean): void {
    if (this.length === this.floats.length) this.grow();
    if (value !== value) this.words[this.length++] = negativeNaN ? NEGATIVE_QUIET_NAN_BITS : QUIET_NAN_BITS;
    else this.floats[this.length++] = value;
  }

  /** Appends a uint32 word. */
  pushWord(value: number): void {
    if (this.length === this.floats.length) this.grow();
    this.words[this.length++] = value;
  }

  /** The values as a Float32Array of exactly `length` (the storage itself when it is full, else a copy). */
  floatArray(): Float32Array {
    return this.length === this.floats.length ? this.floats : this.floats.slice(0, this.length);
  }

  /** The values as a Uint32Array of exactly `length` (the storage itself when it is full, else a copy). */
  wordArray(): Uint32Array {
    return this.length === this.words.length ? this.words : this.words.slice(0, this.length);
  }
}

/** The most elements the bytes of a group can hold: every value takes at least two bytes (a digit, a separator). */
export function capacityOf(from: number, to: number, declared: number | null, perElement: number): number {
  const bound = Math.ceil((to - from) / 2) + 1;
  return declared === null ? Math.min(bound, 1024) : Math.min(bound, Math.max(0, declared * perElement));
}

/** The fewest and most words (or bytes) of one buffer of a {@link ReadBuffers}. */
const MIN_READ_BUFFER = 64;
const MAX_READ_BUFFER = 0x4000;

/** The buffers of read buffers that have handed out nothing yet: empty, shared (a block's read may need none). */
const NO_WORDS = new Int32Array(0);
const NO_BYTES = new Uint8Array(0);

/**
 * Where the arrays of one text's reads get their storage: track words and name fields' bytes, views carved one
 * after the other from shared buffers, so that a model's thousands of tracks and names take a few buffers instead of
 * one each (each typed array of its own is a separate allocation outside the heap, and garbage the collector tracks).
 * The arrays live as long as their model, like the text's bytes. The buffers start small and double up to a bound
 * sized from the text, so that what the last one holds past the last array is small beside what is used; an array
 * of more than a quarter of that bound has storage of its own, and a buffer left for a new one loses at most that.
 */
export class ReadBuffers {
  private wordBuffer = NO_WORDS;
  private wordsUsed = 0;
  private byteBuffer = NO_BYTES;
  private bytesUsed = 0;
  private readonly mostWords: number;
  private readonly mostBytes: number;

  /** `textBytes`: the length of the text read (the buffers are bounded by it). */
  constructor(textBytes: number) {
    this.mostWords = Math.min(MAX_READ_BUFFER, Math.max(MIN_READ_BUFFER, Math.ceil(textBytes / 8)));
    this.mostBytes = Math.min(MAX_READ_BUFFER, Math.max(MIN_READ_BUFFER, Math.ceil(textBytes / 32)));
  }

  /** `length` zeroed words of their own (a track's `keyWords`; its `keyValues` view the same buffer). */
  words(length: number): Int32Array {
    if (this.wordsUsed + length > this.wordBuffer.length) {
      if (4 * length > this.mostWords) return new Int32Array(length);
      this.wordBuffer = new Int32Array(nextSize(this.wordBuffer.length, length, this.mostWords));
      this.wordsUsed = 0;
    }
    const words = this.wordBuffer.subarray(this.wordsUsed, this.wordsUsed + length);
    this.wordsUsed += length;
    return words;
  }

  /** `length` zeroed bytes of their own. */
  bytes(length: number): Uint8Array {
    if (this.bytesUsed + length > this.byteBuffer.length) {
      if (4 * length > this.mostBytes) return new Uint8Array(length);
      this.byteBuffer = new Uint8Array(nextSize(this.byteBuffer.length, length, this.mostBytes));
      this.bytesUsed = 0;
    }
    const bytes = this.byteBuffer.subarray(this.bytesUsed, this.bytesUsed + length);
    this.bytesUsed += length;
    return bytes;
  }
}

/** The size of the buffer after one of `last` (0: none yet): twice as large, at least `length`, at most `most`. */
function nextSize(last: number, length: number, most: number): number {
  return Math.max(length, Math.min(most, Math.max(MIN_READ_BUFFER, 2 * last)));
}

/**
 * Numbers in MDL text: float32 values printed as the shortest decimal that reads back to the same
 * float32, and decimal text read back to a double (which `Math.fround` turns into the float32).
 *
 * Printing: for a float32 `v`, the digits are the fewest that land strictly inside `v`'s rounding
 * interval (halfway to each neighbouring float32, both ends excluded). Excluding the ends keeps
 * every reader in agreement: a decimal that parses to a double strictly inside the interval rounds
 * to `v` both when read straight to float32 (Java's `Float.parseFloat`) and through a double
 * (`parseFloat` then a Float32Array, `Math.fround(Number(text))`). The digits are found with exact
 * double arithmetic (an integer times an exactly representable power of ten), falling back to
 * `toPrecision` outside that range (below about 1e-13 or above 1e22). They are laid out as
 * JavaScript's `Number.prototype.toString` lays digits out: positional from 1e-6 to 1e21, else
 * `1.5e-7`. NaN prints as `NaN` (or `-NaN` for a set sign bit), infinities as `Infinity`.
 *
 * The digit search is ./float32-digits.ts, reading is ./decimal-reading.ts (both re-exported here).
 */
import { registerScratch } from '../../mdl/scratch';
import { digitCount, shortestFloat32Digits } from './float32-digits';

export { shortestFloat32Digits, type DecimalDigits } from './float32-digits';
export { decimalEnd, decimalValue, parseDecimal, parseDecimalAt, scanDecimal } from './decimal-reading';

/** Where text for numbers goes: the printer's byte buffer. */
export interface ByteSink {
  byte(code: number): void;
  ascii(text: string): void;
  /** Appends `bytes[start, start + length)`. */
  run(bytes: Uint8Array, start: number, length: number): void;
}

/** Float32 bits of a magnitude, for the text cache. */
const bitsView = new Uint32Array(1);
const floatView = new Float32Array(bitsView.buffer);
const digitScratch = new Uint8Array(24);

/** Writes the decimal digits of a non-negative safe integer. */
export function writeUnsigned(sink: ByteSink, value: number): void {
  if (value < 10) sink.byte(0x30 + value);
  else sink.run(layoutScratch, 0, layUnsigned(layoutScratch, 0, value));
}

/** Writes a safe integer (sign included). */
export function writeInteger(sink: ByteSink, value: number): void {
  sink.run(layoutScratch, 0, layInteger(layoutScratch, 0, value));
}

/**
 * Writes a float32 (a double holding a float32 value) as the shortest decimal that reads back to
 * it; `negativeNaN` prints a NaN as `-NaN` (the caller knows the sign bit, which a JavaScript NaN
 * may not keep).
 */
export function writeFloat32(sink: ByteSink, value: number, negativeNaN = false): void {
  sink.run(layoutScratch, 0, layFloat32(layoutScratch, 0, value, negativeNaN));
}

/** The most bytes {@link layFloat32} writes (`-0.00000123456789`, `-Infinity`, 21 integer digits and a sign…). */
export const FLOAT32_TEXT_MAX = 32;

/**
 * Lays the text {@link writeFloat32} writes into `text` from `at` (which has room for {@link FLOAT32_TEXT_MAX}
 * bytes) and returns where it ends: the printer's buffer is written in place, with no sink calls per byte.
 */
export function layFloat32(text: Uint8Array, at: number, value: number, negativeNaN = false): number {
  if (value !== value) return layAscii(text, at, negativeNaN ? '-NaN' : 'NaN');
  if (value === 0) return layAscii(text, at, 1 / value < 0 ? '-0' : '0');
  floatView[0] = value;
  const signed = bitsView[0]!;
  if (floatView[0] !== value) return layDouble(text, at, value);
  // The sign without a branch (signs of normals and coordinates follow no pattern): the `-` is written always and
  // kept only for a set sign bit.
  const negative = signed >>> 31;
  text[at] = 0x2d;
  const length = at + negative;
  const magnitude = Math.abs(value);
  if (magnitude === Infinity) return layAscii(text, length, 'Infinity');
  if (magnitude < 16777216 && Math.floor(magnitude) === magnitude) return layUnsigned(text, length, magnitude);
  // A model repeats many values (normals, tangents, shared coordinates): their text comes from the cache, by the
  // float32 bits of the magnitude.
  const bits = signed & 0x7fffffff;
  // 2^12 entries (TEXT_CACHE_BITS) of 24 bytes (TEXT_CACHE_STRIDE), as literals: module constants are variables
  // in a bundle, read at every use.
  const entry = Math.imul(bits, 0x9e3779b1) >>> 20;
  const slot = entry * 24;
  if (cachedBits[entry] !== bits) {
    const { digits, exponent, count } = shortestFloat32Digits(magnitude);
    cachedLengths[entry] = layDigits(cachedText, slot, digits, exponent, count) - slot;
    cachedBits[entry] = bits;
  }
  // Sixteen bytes as four 32-bit words whatever the length (the text has room for FLOAT32_TEXT_MAX): no byte loop
  // with an unpredictable end; only integers of 17 digits or more (up to 22 bytes) take the bytes after.
  if (text !== wordsText) {
    wordsText = text;
    textWords = new DataView(text.buffer, text.byteOffset, text.byteLength);
  }
  const words = textWords!;
  words.setUint32(length, cachedWords.getUint32(slot, true), true);
  words.setUint32(length + 4, cachedWords.getUint32(slot + 4, true), true);
  words.setUint32(length + 8, cachedWords.getUint32(slot + 8, true), true);
  words.setUint32(length + 12, cachedWords.getUint32(slot + 12, true), true);
  const textLength = cachedLengths[entry]!;
  for (let index = 16; index < textLength; index += 1) text[length + index] = cachedText[slot + index]!;
  return length + textLength;
}

/** {@link layFloat32} for a double that is no float32 (computed in doubles): laid out each time, never cached. */
function layDouble(text: Uint8Array, at: number, value: number): number {
  let length = at;
  if (value < 0) text[length++] = 0x2d;
  const magnitude = Math.abs(value);
  if (magnitude < 16777216 && Math.floor(magnitude) === magnitude) return layUnsigned(text, length, magnitude);
  const { digits, exponent, count } = shortestFloat32Digits(magnitude);
  return layDigits(text, length, digits, exponent, count);
}

/** Lays latin1 `word` into `text` from `at`; returns where it ends. */
function layAscii(text: Uint8Array, at: number, word: string): number {
  let length = at;
  for (let index = 0; index < word.length; index += 1) text[length++] = word.charCodeAt(index);
  return length;
}

/** Lays a safe integer (sign included) into `text` from `at`; returns where it ends. */
export function layInteger(text: Uint8Array, at: number, value: number): number {
  if (value >= 0) return layUnsigned(text, at, value);
  text[at] = 0x2d;
  return layUnsigned(text, at + 1, -value);
}

/** Lays the decimal digits of a non-negative safe integer into `text` from `at`; returns where they end. */
export function layUnsigned(text: Uint8Array, at: number, value: number): number {
  if (value < 10) {
    text[at] = 0x30 + value;
    return at + 1;
  }
  // Below 10^9 (every frame and count a model holds) the digits are int32 divisions, each straight to its place.
  if (value < 1000000000) {
    const count = digitCount(value);
    layBackward(text, at + count, value, count);
    return at + count;
  }
  let count = 0;
  let rest = value;
  while (rest > 0) {
    const quotient = Math.floor(rest / 10);
    digitScratch[count++] = 0x30 + (rest - quotient * 10);
    rest = quotient;
  }
  let length = at;
  while (count > 0) text[length++] = digitScratch[--count]!;
  return length;
}

/** The text cache of {@link writeFloat32}: 2^12 entries (96 KiB of text), each a magnitude's bits and its text. */
const TEXT_CACHE_BITS = 12;
/** Bytes an entry's text may take: 9 digits, a point, 6 leading zeros or 21 integer digits, or `e-45`. */
const TEXT_CACHE_STRIDE = 24;
/** 0 marks an empty entry (0 is printed before the cache is consulted). */
const cachedBits = new Uint32Array(1 << TEXT_CACHE_BITS);
const cachedLengths = new Uint8Array(1 << TEXT_CACHE_BITS);
const cachedText = new Uint8Array((1 << TEXT_CACHE_BITS) * TEXT_CACHE_STRIDE);
const cachedWords = new DataView(cachedText.buffer);
/**
 * The last text {@link layFloat32} wrote to and a DataView over it, for copying cached text a word at a time: the
 * printer's buffer, while a print runs ({@link forgetLaidText} when it ends).
 */
let wordsText: Uint8Array | null = null;
let textWords: DataView | null = null;
registerScratch('MDL numbers: the last text laid', () => wordsText?.buffer.byteLength ?? 0);
const layoutScratch = new Uint8Array(FLOAT32_TEXT_MAX);

/** Forgets the text {@link layFloat32} last wrote to: a printer's buffer is not kept once its print ends. */
export function forgetLaidText(): void {
  wordsText = null;
  textWords = null;
}

/**
 * Lays `digits × 10^exponent` (1 ≤ digits < 10^9, of `count` digits) out as JavaScript's Number#toString does,
 * into `text` from `start`; returns where the text ends. Positional text is written from its last digit back, each
 * digit straight to its place (the search gave the count of digits), with no scratch buffer between.
 */
function layDigits(text: Uint8Array, start: number, digits: number, exponent: number, count: number): number {
  // `point` is where the decimal point goes, counted in digits from the first.
  const point = count + exponent;
  if (point >= count && point <= 21) {
    layBackward(text, start + count, digits, count);
    for (let zero = start + count; zero < start + point; zero += 1) text[zero] = 0x30;
    return start + point;
  }
  if (point > 0 && point <= 21) {
    const rest = layBackward(text, start + count + 1, digits, count - point);
    text[start + point] = 0x2e;
    layBackward(text, start + point, rest, point);
    return start + count + 1;
  }
  if (point > -6 && point <= 0) {
    text[start] = 0x30;
    text[start + 1] = 0x2e;
    for (let zero = start + 2; zero < start + 2 - point; zero += 1) text[zero] = 0x30;
    layBackward(text, start + 2 - point + count, digits, count);
    return start + 2 - point + count;
  }
  return layExponentForm(text, start, digits, point);
}

/**
 * Lays the last `count` decimal digits of `value` (an int32) to end just before `end`, two at a time from a table
 * of the pairs 00–99 (half the dependent divisions); returns the digits left.
 */
function layBackward(text: Uint8Array, end: number, value: number, count: number): number {
  let rest = value;
  let at = end;
  const first = end - count;
  while (at - 2 >= first) {
    const quotient = (rest / 100) | 0;
    const pair = (rest - quotient * 100) << 1;
    text[at - 1] = DIGIT_PAIRS[pair + 1]!;
    text[at - 2] = DIGIT_PAIRS[pair]!;
    at -= 2;
    rest = quotient;
  }
  if (at > first) {
    const quotient = (rest / 10) | 0;
    text[at - 1] = 0x30 + (rest - quotient * 10);
    rest = quotient;
  }
  return rest;
}

/** The two digits of 0–99 as text: `00`, `01`, … `99`. */
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, index) =>
  index & 1 ? 0x30 + ((index >> 1) % 10) : 0x30 + Math.floor((index >> 1) / 10),
);

/** Lays `digits` with the decimal point after `point` of them as `1.5e-7` / `3.4028235e+38`; returns the end. */
function layExponentForm(text: Uint8Array, start: number, digits: number, point: number): number {
  let count = 0;
  let rest = digits;
  while (rest > 0) {
    const quotient = (rest / 10) | 0;
    digitScratch[count++] = 0x30 + (rest - quotient * 10);
    rest = quotient;
  }
  let length = start;
  text[length++] = digitScratch[count - 1]!;
  if (count > 1) {
    text[length++] = 0x2e;
    for (let index = count - 2; index >= 0; index -= 1) text[length++] = digitScratch[index]!;
  }
  text[length++] = 0x65;
  const power = point - 1;
  text[length++] = power < 0 ? 0x2d : 0x2b;
  // |power| < 100 for any float32 (1e-45 … 3.4e38).
  const magnitude = Math.abs(power);
  if (magnitude >= 10) text[length++] = 0x30 + Math.floor(magnitude / 10);
  text[length++] = 0x30 + (magnitude % 10);
  return length;
}

/** A sink collecting into a string, for tests and messages. */
export function float32Text(value: number, negativeNaN = false): string {
  let text = '';
  writeFloat32(
    {
      byte: (code) => (text += String.fromCharCode(code)),
      ascii: (part) => (text += part),
      run: (bytes, start, length) => {
        for (let index = start; index < start + length; index += 1) text += String.fromCharCode(bytes[index]!);
      },
    },
    value,
    negativeNaN,
  );
  return text;
}

/** Quiet NaN bits with the sign clear and set: what `NaN` and `-NaN` (`-1.#IND`) read as. */
export const QUIET_NAN_BITS = 0x7fc00000;
export const NEGATIVE_QUIET_NAN_BITS = 0xffc00000;

/**
 * The value of a word some writers put where a number goes — `NaN`, `-NaN`, `Infinity`,
 * `-Infinity`, `inf`, `nan`, Microsoft's `1.#INF`, `-1.#IND`, `1.#QNAN0` — or undefined for any
 * other word. For NaN, `negative` tells the sign the text gave.
 */
export function specialFloatWord(word: string): { value: number; negative: boolean } | undefined {
  const lower = word.toLowerCase();
  const negative = lower.startsWith('-');
  const body = negative || lower.startsWith('+') ? lower.slice(1) : lower;
  if (body === 'nan' || /^1\.#(ind|qnan|snan)0*$/.test(body)) return { value: Number.NaN, negative };
  if (body === 'infinity' || body === 'inf' || /^1\.#inf0*$/.test(body))
    return { value: negative ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY, negative };
  return undefined;
}

/** A double NaN with its sign bit set, for `-NaN` read into a scalar field (kept where a number keeps its bits). */
export const NEGATIVE_NAN = new Float64Array(new Uint32Array([0, 0xfff80000]).buffer)[0]!;

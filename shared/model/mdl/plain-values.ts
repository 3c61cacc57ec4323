/**
 * The plain form of an MDL group's values, read in one loop straight from the bytes: runs of numbers (vertices,
 * faces) and track keys as every writer prints them (`333: { 0, 0, 1 },` and its `InTan { … },` `OutTan { … },`).
 * A group's values end at its `}`, which stops every loop here: the loops test no bound but the bytes themselves.
 * A decimal of at most 15 digits without an exponent is summed as an exact integer and divided once by an exact
 * power of ten, the correctly rounded double, as {@link scanDecimal} reads it; any other goes through the general
 * reader ({@link scanLongDecimal}). So every number reads bit for bit as the value scanner's token loop
 * (scanner.ts) reads it, and whatever is not plain is left to that loop.
 */
import {
  BYTE_CLOSE_BRACE,
  BYTE_COLON,
  BYTE_COMMA,
  BYTE_OPEN_BRACE,
  BYTE_QUOTE,
  BYTE_SLASH,
  isWhitespaceByte,
} from '../../mdl/lexer';
import { decimalValue, POWERS_OF_TEN, scanLongDecimal, type scanDecimal } from './decimal-reading';
import type { Growing32 } from './scanner';

/** Byte classes of the value scan: separators (skipped) and the other bytes that end a number. */
export const OTHER = 0;
export const SEPARATOR = 1;
export const ENDS_NUMBER = 2;

/**
 * The class of every byte: `,`, `:` and whitespace separate values; `{`, `}` and `"` end a number too (so does
 * every separator); `/` is left to the lexer. One lookup per byte instead of a chain of comparisons.
 */
export const VALUE_CLASSES = (() => {
  const classes = new Uint8Array(256);
  for (let code = 0; code < 256; code += 1) {
    if (code === BYTE_COMMA || code === BYTE_COLON || isWhitespaceByte(code)) classes[code] = SEPARATOR;
    else if (code === BYTE_OPEN_BRACE || code === BYTE_CLOSE_BRACE || code === BYTE_QUOTE) classes[code] = ENDS_NUMBER;
    else classes[code] = OTHER;
  }
  return classes;
})();

/** The frames a track key may have: whole numbers in [-2^31, 2^31). */
const INT32_MIN = -0x80000000;
const INT32_LIMIT = 0x80000000;

/** The value the last {@link plainNumberEnd} read (a raw double in a typed array: not boxed). */
export const plainNumber = new Float64Array(1);

// The loops below write bytes and classes as literals, named in a comment (`0x2d /* - */`, `1 /* SEPARATOR */`): the
// bundler turns a module's constants into `var`s, which the engine reads from memory at every use, and in these
// loops, which see nearly every byte of a model, that cost a fifth of their time.

/**
 * Reads the plain number at `index` (at most `to`) into {@link plainNumber}; returns where it ends, or -1 when there
 * is none: a brace, a string, a word, a comment, a number that runs into a word (`1x`, `1/`). `bytes[to]` must end
 * a number (a group's `}`): the digit loops stop there. With `float32`, as {@link scanDecimal}'s.
 */
function plainNumberEnd(bytes: Uint8Array, index: number, to: number, float32: boolean): number {
  let at = index;
  const negative = bytes[at] === 0x2d; // -
  if (negative) at += 1;
  const integerStart = at;
  // Each part summed in int32, a short chain of integer steps per digit (past 9 digits it wraps, and the general
  // reader below takes the number).
  let whole = 0;
  let digit = bytes[at]! - 0x30; // 0
  while (digit >>> 0 < 10) {
    whole = (Math.imul(whole, 10) + digit) | 0;
    at += 1;
    digit = bytes[at]! - 0x30; // 0
  }
  const integerDigits = at - integerStart;
  let fraction = 0;
  let fractionDigits = 0;
  if (digit === 0x2e - 0x30 /* . */) {
    at += 1;
    const fractionStart = at;
    digit = bytes[at]! - 0x30; // 0
    while (digit >>> 0 < 10) {
      fraction = (Math.imul(fraction, 10) + digit) | 0;
      at += 1;
      digit = bytes[at]! - 0x30; // 0
    }
    fractionDigits = at - fractionStart;
  }
  // Up to 9 digits a part and 15 in all (10^15 < 2^53), the significand `whole * 10^fractionDigits + fraction` is
  // exact.
  if (
    integerDigits > 9 ||
    fractionDigits > 9 ||
    integerDigits + fractionDigits > 15 ||
    VALUE_CLASSES[digit + 0x30]! === 0 /* OTHER */
  ) {
    // More digits, an exponent, `+5`, a second point: the general reader decides (it is exact for every decimal).
    const end = scanLongDecimal(bytes, index, to, float32);
    const value = decimalValue[0]!;
    if (value !== value || (end < to && VALUE_CLASSES[bytes[end]!] === 0)) return -1; // OTHER
    plainNumber[0] = value;
    return end;
  }
  if (integerDigits + fractionDigits === 0) return -1;
  const scale = POWERS_OF_TEN[fractionDigits]!;
  const value = (whole * scale + fraction) / scale;
  plainNumber[0] = negative ? -value : value;
  return at;
}

/**
 * The first byte at or after `index` that is not a separator (the group's `}` at the latest). In scanned text every
 * byte up to 0x20 outside strings and comments is whitespace (the scan refuses control bytes), and the loops here
 * stop at a quote or a slash: three comparisons, no table.
 */
function skipSeparators(bytes: Uint8Array, index: number): number {
  let at = index;
  let code = bytes[at]!;
  while (code <= 0x20 || code === 0x2c /* , */ || code === 0x3a /* : */) code = bytes[++at]!;
  return at;
}

/** True when `to` is the offset of a `}` (a group's end), which the loops here need. */
function endsAtBrace(bytes: Uint8Array, to: number): boolean {
  return to < bytes.length && bytes[to] === 0x7d; /* } */
}

/**
 * Appends the plain numbers from `index` to `into` as floats (`integerMaximum` < 0) or as words (whole numbers in
 * [0, integerMaximum]); returns where the run stops: before the first thing that is not such a number.
 */
export function readPlainRun(
  bytes: Uint8Array,
  index: number,
  to: number,
  into: Growing32,
  integerMaximum: number,
): number {
  if (!endsAtBrace(bytes, to)) return index;
  let at = index;
  for (;;) {
    at = skipSeparators(bytes, at);
    const end = plainNumberEnd(bytes, at, to, integerMaximum < 0);
    if (end < 0) return at;
    const number = plainNumber[0]!;
    into.reserve(1);
    if (integerMaximum < 0) into.floats[into.length] = number;
    else if (number >= 0 && number <= integerMaximum && Math.floor(number) === number) into.words[into.length] = number;
    else return at;
    into.length += 1;
    at = end;
  }
}

/**
 * Appends the plain elements from `index` to `into` — each `{ … }` of `stride` plain numbers (vertices, normals,
 * texture coordinates), floats or words as in {@link readPlainRun} — and returns where the first element in any
 * other form starts (or `to`), which the token loop then reads.
 */
export function readPlainElements(
  bytes: Uint8Array,
  index: number,
  to: number,
  stride: number,
  into: Growing32,
  integerMaximum: number,
): number {
  if (!endsAtBrace(bytes, to)) return index;
  let at = index;
  for (;;) {
    const elementStart = at;
    at = skipSeparators(bytes, at);
    if (bytes[at] !== 0x7b /* { */) return elementStart;
    at += 1;
    into.reserve(stride);
    const length = into.length;
    for (let value = 0; value < stride; value += 1) {
      at = skipSeparators(bytes, at);
      if ((at = plainNumberEnd(bytes, at, to, integerMaximum < 0)) < 0) return elementStart;
      const number = plainNumber[0]!;
      if (integerMaximum < 0) into.floats[length + value] = number;
      else if (number >= 0 && number <= integerMaximum && Math.floor(number) === number)
        into.words[length + value] = number;
      else return elementStart;
    }
    at = skipSeparators(bytes, at);
    if (bytes[at] !== 0x7d /* } */) return elementStart;
    at += 1;
    into.length = length + stride;
  }
}

/**
 * Reads one plain value of `components` floats (one bare float, or `{ … }` of them) from `index` into
 * `floats[length …]` (room made by the caller); returns where it ends, or -1 when the text there is not one.
 */
function plainValueEnd(
  bytes: Uint8Array,
  index: number,
  to: number,
  components: number,
  floats: Float32Array,
  length: number,
): number {
  let at = skipSeparators(bytes, index);
  if (bytes[at] !== 0x7b /* { */) {
    if (components !== 1) return -1;
    const end = plainNumberEnd(bytes, at, to, true);
    if (end >= 0) floats[length] = plainNumber[0]!;
    return end;
  }
  at += 1;
  for (let component = 0; component < components; component += 1) {
    at = skipSeparators(bytes, at);
    if ((at = plainNumberEnd(bytes, at, to, true)) < 0) return -1;
    floats[length + component] = plainNumber[0]!;
  }
  at = skipSeparators(bytes, at);
  return at < to && bytes[at] === 0x7d /* } */ ? at + 1 : -1;
}

/** Where the word `InTan` ends when it comes next after separators (before `to`), else -1. */
function inTangentEnd(bytes: Uint8Array, index: number, to: number): number {
  const at = skipSeparators(bytes, index);
  const end = at + 5;
  const matches =
    bytes[at] === 0x49 /* I */ &&
    bytes[at + 1] === 0x6e /* n */ &&
    bytes[at + 2] === 0x54 /* T */ &&
    bytes[at + 3] === 0x61 /* a */ &&
    bytes[at + 4] === 0x6e; /* n */
  return matches && end < to && VALUE_CLASSES[bytes[end]!] !== 0 /* OTHER */ ? end : -1;
}

/** Where the word `OutTan` ends when it comes next after separators (before `to`), else -1. */
function outTangentEnd(bytes: Uint8Array, index: number, to: number): number {
  const at = skipSeparators(bytes, index);
  const end = at + 6;
  const matches =
    bytes[at] === 0x4f /* O */ &&
    bytes[at + 1] === 0x75 /* u */ &&
    bytes[at + 2] === 0x74 /* t */ &&
    bytes[at + 3] === 0x54 /* T */ &&
    bytes[at + 4] === 0x61 /* a */ &&
    bytes[at + 5] === 0x6e; /* n */
  return matches && end < to && VALUE_CLASSES[bytes[end]!] !== 0 /* OTHER */ ? end : -1;
}

/** True when nothing but separators is left of `[index, to)` (a group ending at its `}`). */
export function onlySeparatorsLeft(bytes: Uint8Array, index: number, to: number): boolean {
  return endsAtBrace(bytes, to) && skipSeparators(bytes, index) === to;
}

/**
 * Reads the track keys from `index` in the plain form — `frame: value,`, followed by `InTan value,` and
 * `OutTan value,` when `tangents` — the frame a whole 32-bit number, each value `components` plain floats. Each
 * key read is appended whole to `keys` in a track's layout (its frame as a word, its value, then its tangents);
 * returns where the first key in any other form starts (or `to`), which the token loop then reads.
 */
export function readPlainKeys(
  bytes: Uint8Array,
  index: number,
  to: number,
  components: number,
  tangents: boolean,
  keys: Growing32,
): number {
  if (!endsAtBrace(bytes, to)) return index;
  const stride = tangents ? 1 + 3 * components : 1 + components;
  let at = index;
  for (;;) {
    const keyStart = at;
    at = skipSeparators(bytes, at);
    if ((at = plainNumberEnd(bytes, at, to, false)) < 0) return keyStart;
    const frame = plainNumber[0]!;
    if (!(frame >= INT32_MIN && frame < INT32_LIMIT && Math.floor(frame) === frame)) return keyStart;
    keys.reserve(stride);
    const floats = keys.floats;
    const key = keys.length;
    if ((at = plainValueEnd(bytes, at, to, components, floats, key + 1)) < 0) return keyStart;
    if (
      tangents &&
      ((at = inTangentEnd(bytes, at, to)) < 0 ||
        (at = plainValueEnd(bytes, at, to, components, floats, key + 1 + components)) < 0 ||
        (at = outTangentEnd(bytes, at, to)) < 0 ||
        (at = plainValueEnd(bytes, at, to, components, floats, key + 1 + 2 * components)) < 0)
    )
      return keyStart;
    keys.words[key] = frame >>> 0;
    keys.length = key + stride;
  }
}

/**
 * Reading decimal text in MDL to the correctly rounded double (which `Math.fround` turns into the float32), straight
 * from the bytes. A plain decimal of up to 15 digits (`-0.039501`, `333`) is summed as an exact integer and
 * divided once by an exact power of ten; any other of up to 15 significant digits with a power of ten up to 22
 * likewise (one correctly rounded multiplication or division, Clinger's fast path); anything else goes through
 * `Number()`. All give the correctly rounded double.
 */

/** Exactly representable powers of ten, 1e0 … 1e22. */
export const POWERS_OF_TEN = Float64Array.from({ length: 23 }, (_, index) => Number(`1e${index}`));
/** The largest exact power of ten. */
export const MAX_EXACT_POWER = 22;

/** Where the last {@link parseDecimalAt} or {@link scanDecimal} stopped. */
export let decimalEnd = 0;

/**
 * The value the last {@link scanDecimal} read (NaN when no number starts there). Kept in a typed array so that a
 * number goes from the bytes to its destination as a raw double: a double returned from a call is boxed into a
 * new heap object, and a model holds millions of numbers.
 */
export const decimalValue = new Float64Array(1);

/**
 * The number in `bytes[start, end)` (a decimal: sign, digits, fraction, exponent — as the lexer
 * tells numbers), correctly rounded to a double. NaN when the span is not such a number.
 */
export function parseDecimal(bytes: Uint8Array, start: number, end: number): number {
  const value = parseDecimalAt(bytes, start, end);
  return decimalEnd === end ? value : Number.NaN;
}

/**
 * The decimal number starting at `start` (read up to `limit`), correctly rounded to a double;
 * {@link decimalEnd} is set to where it stops. NaN when no number starts there. With `float32`, the
 * caller keeps only the float32 of the result, and may be given that float32 instead of the double.
 */
export function parseDecimalAt(bytes: Uint8Array, start: number, limit: number, float32 = false): number {
  scanDecimal(bytes, start, limit, float32);
  return decimalValue[0]!;
}

/**
 * As {@link parseDecimalAt}, with the value left in {@link decimalValue} (not returned, so not boxed); returns
 * where the number stops (also set in {@link decimalEnd}).
 */
export function scanDecimal(bytes: Uint8Array, start: number, limit: number, float32 = false): number {
  // Most numbers of a model are plain (`-0.039501`, `333`): digits, perhaps a point and more digits, no exponent.
  // With at most 15 digits (leading zeros counted) the significand is an exact double integer and one division
  // by an exact power of ten gives the correctly rounded double, as the general reader below does.
  let index = start;
  const sign = bytes[index];
  const negative = sign === 0x2d;
  if (negative || sign === 0x2b) index += 1;
  let significand = 0;
  const integerStart = index;
  while (index < limit) {
    const digit = bytes[index]! - 0x30;
    if (digit < 0 || digit > 9) break;
    significand = significand * 10 + digit;
    index += 1;
  }
  const integerDigits = index - integerStart;
  let fractionDigits = 0;
  if (index < limit && bytes[index] === 0x2e) {
    index += 1;
    const fractionStart = index;
    while (index < limit) {
      const digit = bytes[index]! - 0x30;
      if (digit < 0 || digit > 9) break;
      significand = significand * 10 + digit;
      index += 1;
    }
    fractionDigits = index - fractionStart;
  }
  if (integerDigits + fractionDigits > MAX_PLAIN_DIGITS || (index < limit && (bytes[index]! | 0x20) === 0x65))
    return scanLongDecimal(bytes, start, limit, float32);
  decimalEnd = index;
  if (integerDigits + fractionDigits === 0) return found(Number.NaN);
  const value = significand / POWERS_OF_TEN[fractionDigits]!;
  return found(negative ? -value : value);
}

/** The most digits of a plain number {@link scanDecimal} reads in its first pass: 10^15 < 2^53. */
const MAX_PLAIN_DIGITS = 15;

/**
 * As {@link scanDecimal}, for any decimal: more digits than a double holds exactly, an exponent. For a caller that
 * has seen that the number is not plain (the first pass of {@link scanDecimal} would be wasted).
 */
export function scanLongDecimal(bytes: Uint8Array, start: number, limit: number, float32: boolean): number {
  let index = start;
  let negative = false;
  let code = bytes[index];
  if (code === 0x2d || code === 0x2b) {
    negative = code === 0x2d;
    index += 1;
  }
  // Digits are taken while the significand stays an exact double integer (below 2^53: sixteen digits
  // or more, leading zeros free); a number with more goes the slow, exact way. Runs of four fraction
  // digits are read as one little-endian word (fourDigits).
  let significand = 0;
  let dropped = 0;
  let power = 0;
  const digitsStart = index;
  // The integer part is usually short (a frame, a coordinate's few digits): digit by digit.
  while (index < limit) {
    const digit = bytes[index]! - 0x30;
    if (digit < 0 || digit > 9) break;
    if (significand < ONE_MORE_DIGIT) significand = significand * 10 + digit;
    else dropped += 1;
    index += 1;
  }
  power += dropped;
  let sawDigit = index > digitsStart;
  if (index < limit && bytes[index] === 0x2e) {
    index += 1;
    const fractionStart = index;
    while (index < limit) {
      if (significand < FOUR_MORE_DIGITS && index + 4 <= limit) {
        // The word is put together from its bytes: a view over the text kept between calls would keep a closed
        // file's text alive (and one made per number costs more than the four loads).
        const word = bytes[index]! | (bytes[index + 1]! << 8) | (bytes[index + 2]! << 16) | (bytes[index + 3]! << 24);
        const run = fourDigits(word);
        if (run >= 0) {
          significand = significand * 10000 + run;
          power -= 4;
          index += 4;
          continue;
        }
      }
      const digit = bytes[index]! - 0x30;
      if (digit < 0 || digit > 9) break;
      if (significand < ONE_MORE_DIGIT) {
        significand = significand * 10 + digit;
        power -= 1;
      } else if (digit !== 0) dropped += 1;
      index += 1;
    }
    if (index > fractionStart) sawDigit = true;
  }
  decimalEnd = index;
  if (!sawDigit) return found(Number.NaN);
  if (index < limit && (bytes[index] === 0x65 || bytes[index] === 0x45)) {
    index += 1;
    let exponentNegative = false;
    if (index < limit && (bytes[index] === 0x2d || bytes[index] === 0x2b)) {
      exponentNegative = bytes[index] === 0x2d;
      index += 1;
    }
    let exponent = 0;
    let exponentDigits = 0;
    while (index < limit) {
      code = bytes[index]!;
      if (code < 0x30 || code > 0x39) break;
      if (exponent < 100000) exponent = exponent * 10 + (code - 0x30);
      exponentDigits += 1;
      index += 1;
    }
    decimalEnd = index;
    if (exponentDigits === 0) return found(Number.NaN);
    power += exponentNegative ? -exponent : exponent;
  }
  if (significand === 0 && dropped === 0) return found(negative ? -0 : 0);
  if (dropped === 0 && power >= -MAX_EXACT_POWER && power <= MAX_EXACT_POWER) {
    const value = power >= 0 ? significand * POWERS_OF_TEN[power]! : significand / POWERS_OF_TEN[-power]!;
    return found(negative ? -value : value);
  }
  if (float32 && power >= -MAX_EXACT_POWER && power <= MAX_EXACT_POWER) {
    // More digits than a double holds exactly (`1.8797466563030127`): the digits kept, scaled once, are within
    // 2^-49 of the number (at least 9.0e14 of them, then one rounding), and so is the correctly rounded double.
    // When the whole interval 2^-48 either side rounds to one float32, that float32 is the double's.
    const value = power >= 0 ? significand * POWERS_OF_TEN[power]! : significand / POWERS_OF_TEN[-power]!;
    const single = Math.fround(value);
    if (Math.fround(value * BELOW_BY_MARGIN) === single && Math.fround(value * ABOVE_BY_MARGIN) === single)
      return found(negative ? -single : single);
  }
  return found(Number(decodeSpan(bytes, start, index)));
}

/** Leaves `value` in {@link decimalValue}; returns {@link decimalEnd}. */
function found(value: number): number {
  decimalValue[0] = value;
  return decimalEnd;
}

/** 1 ∓ 2^-48: the bounds of a number whose extra digits were dropped, around its kept digits' value. */
const BELOW_BY_MARGIN = 1 - 2 ** -48;
const ABOVE_BY_MARGIN = 1 + 2 ** -48;
/** Below these, a significand takes one (four) more digits and stays below 2^53, exact (Clinger's fast path). */
const ONE_MORE_DIGIT = 900719925474099;
const FOUR_MORE_DIGITS = 900719925474;

/**
 * The value 0–9999 of four ASCII digits in a little-endian word (the first digit in the low byte), or -1 when a
 * byte is not a digit: every byte's high nibble is 3 and adding 6 to it carries into no high nibble.
 */
function fourDigits(word: number): number {
  if (((word & 0xf0f0f0f0) | (((word + 0x06060606) & 0xf0f0f0f0) >>> 4)) !== 0x33333333) return -1;
  const digits = word - 0x30303030;
  const pairs = (Math.imul(digits, 10) + (digits >>> 8)) & 0x00ff00ff;
  return (Math.imul(pairs, 100) + (pairs >>> 16)) & 0x3fff;
}

/** `bytes[start, end)` as a latin1 string (a short number's text, for the slow way). */
function decodeSpan(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
}

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
 * Reading is ./decimal-reading.ts (re-exported here).
 */
import { MAX_EXACT_POWER, POWERS_OF_TEN } from './decimal-reading';

export { decimalEnd, decimalValue, parseDecimal, parseDecimalAt, scanDecimal } from './decimal-reading';

/** log10(2): 2^e lies in [10^⌊e·log10 2⌋, 10^(⌊e·log10 2⌋ + 1)). */
const LOG10_OF_2 = Math.log10(2);
/** Float32 bits, for the neighbours of a value. */
const bitsView = new Uint32Array(1);
const floatView = new Float32Array(bitsView.buffer);

/** The digits of a float32 as an integer and a power of ten: `value = digits × 10^exponent`. */
export interface DecimalDigits {
  /** No trailing zeros; 1–9 digits. */
  digits: number;
  exponent: number;
}

const shortestResult: DecimalDigits = { digits: 0, exponent: 0 };

/** Multiplies `value` by 10^power exactly rounded (one operation when |power| ≤ 22). */
function scaleByPowerOfTen(value: number, power: number): number {
  return power >= 0 ? value * POWERS_OF_TEN[power]! : value / POWERS_OF_TEN[-power]!;
}

/**
 * The shortest digits of the positive finite float32 `value` (a double holding a float32). The
 * result object is reused by the next call.
 */
export function shortestFloat32Digits(value: number): DecimalDigits {
  floatView[0] = value;
  const bits = bitsView[0]!;
  bitsView[0] = bits - 1;
  const below = bits === 0 ? 0 : floatView[0];
  bitsView[0] = bits + 1;
  let above = floatView[0];
  if (above === Number.POSITIVE_INFINITY) above = value + (value - below);
  const low = (value + below) / 2;
  const high = (value + above) / 2;
  // The power of ten of the leading digit: from the binary exponent (its floor or one less), then checked.
  const binaryExponent = ((bits >>> 23) & 0xff) - 127;
  let order = Math.floor(binaryExponent * LOG10_OF_2);
  if (binaryExponent !== -127 && order >= -MAX_EXACT_POWER && order + 1 <= MAX_EXACT_POWER) {
    if (scaleByPowerOfTen(1, order + 1) <= value) order += 1;
  } else {
    order = Math.floor(Math.log10(value));
    if (order + 1 <= MAX_EXACT_POWER && order + 1 >= -MAX_EXACT_POWER && scaleByPowerOfTen(1, order + 1) <= value)
      order += 1;
    else if (order <= MAX_EXACT_POWER && order >= -MAX_EXACT_POWER && scaleByPowerOfTen(1, order) > value) order -= 1;
  }
  // A decimal of p digits inside the interval means one of p + 1 digits is too (the nearest one is at least as
  // close), so the fewest digits are found by stepping from a first guess: down while fewer still fit, else up
  // until some fit. Most values of a model take 6–8 digits (FIRST_PRECISION): two or three tries.
  // (Beyond 1e13 or below 1e-13, some tries would scale inexactly: halving [1, 9] as ever, see halvingShortest.)
  if (8 - order > MAX_EXACT_POWER || -order < -MAX_EXACT_POWER) return halvingShortest(value, order, low, high);
  let scale = FIRST_PRECISION - 1 - order;
  let digits = candidateDigits(value, scale, low, high);
  if (digits >= 0) {
    for (let precision = FIRST_PRECISION; precision > 1; precision -= 1) {
      const fewer = candidateDigits(value, scale - 1, low, high);
      if (fewer < 0) break;
      digits = fewer;
      scale -= 1;
    }
    return trimmed(digits, -scale);
  }
  for (let precision = FIRST_PRECISION + 1; precision <= 9; precision += 1) {
    scale += 1;
    digits = candidateDigits(value, scale, low, high);
    if (digits >= 0) return trimmed(digits, -scale);
  }
  return slowShortest(value, low, high);
}

/**
 * The fewest digits by halving [1, 9], through `toPrecision` as soon as one try would scale inexactly (the
 * layout every value had before the stepping search, kept for the values that reach it).
 */
function halvingShortest(value: number, order: number, low: number, high: number): DecimalDigits {
  let fewest = 1;
  let most = 9;
  let found = -1;
  let foundScale = 0;
  while (fewest <= most) {
    const precision = (fewest + most) >> 1;
    const scale = precision - 1 - order;
    if (scale > MAX_EXACT_POWER || scale < -MAX_EXACT_POWER) return slowShortest(value, low, high);
    const digits = candidateDigits(value, scale, low, high);
    if (digits >= 0) {
      found = digits;
      foundScale = scale;
      most = precision - 1;
    } else fewest = precision + 1;
  }
  return found >= 0 ? trimmed(found, -foundScale) : slowShortest(value, low, high);
}

/** The digits {@link shortestFloat32Digits} tries first. */
const FIRST_PRECISION = 7;

/**
 * The digits of `value` × 10^scale rounded to an integer (or the other neighbour) that read back
 * inside (low, high), or -1.
 */
function candidateDigits(value: number, scale: number, low: number, high: number): number {
  const scaled = scaleByPowerOfTen(value, scale);
  const floor = Math.floor(scaled);
  const first = scaled - floor < 0.5 ? floor : floor + 1;
  let decimal = scaleByPowerOfTen(first, -scale);
  if (decimal > low && decimal < high) return first;
  const second = first === floor ? floor + 1 : floor;
  decimal = scaleByPowerOfTen(second, -scale);
  return decimal > low && decimal < high ? second : -1;
}

/** Digits through `toPrecision`, for values whose scaling is not exact. */
function slowShortest(value: number, low: number, high: number): DecimalDigits {
  for (let precision = 1; precision <= 17; precision += 1) {
    const text = value.toPrecision(precision);
    const decimal = Number(text);
    if (decimal > low && decimal < high) {
      const [mantissa, exponentText] = text.split('e') as [string, string | undefined];
      const point = mantissa.indexOf('.');
      const fraction = point < 0 ? 0 : mantissa.length - point - 1;
      return trimmed(Number(mantissa.replace('.', '')), Number(exponentText ?? 0) - fraction);
    }
  }
  /* c8 ignore next */
  throw new RangeError(`no decimal reads back as the float32 ${value}`);
}

function trimmed(digits: number, exponent: number): DecimalDigits {
  let mantissa = digits;
  let power = exponent;
  while (mantissa !== 0 && mantissa % 10 === 0) {
    mantissa /= 10;
    power += 1;
  }
  shortestResult.digits = mantissa;
  shortestResult.exponent = power;
  return shortestResult;
}

/** Where text for numbers goes: the printer's byte buffer. */
export interface ByteSink {
  byte(code: number): void;
  ascii(text: string): void;
  /** Appends `bytes[start, start + length)`. */
  run(bytes: Uint8Array, start: number, length: number): void;
}

const digitScratch = new Uint8Array(24);

/** Writes the decimal digits of a non-negative safe integer. */
export function writeUnsigned(sink: ByteSink, value: number): void {
  if (value < 10) sink.byte(0x30 + value);
  else sink.run(layoutScratch, 0, layUnsigned(layoutScratch, 0, value));
}

/** Writes a safe integer (sign included). */
export function writeInteger(sink: ByteSink, value: number): void {
  if (value < 0) {
    sink.byte(0x2d);
    writeUnsigned(sink, -value);
  } else writeUnsigned(sink, value);
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
  let length = at;
  let magnitude = value;
  if (value < 0) {
    text[length++] = 0x2d;
    magnitude = -value;
  }
  if (magnitude === Number.POSITIVE_INFINITY) return layAscii(text, length, 'Infinity');
  if (magnitude < 16777216 && Math.floor(magnitude) === magnitude) return layUnsigned(text, length, magnitude);
  // A model repeats many values (normals, tangents, shared coordinates): their text comes from the cache,
  // by the float32 bits (a double that is no float32 is laid out each time, never cached).
  floatView[0] = magnitude;
  const bits = bitsView[0]!;
  if (floatView[0] !== magnitude) {
    const { digits, exponent } = shortestFloat32Digits(magnitude);
    return layDigits(text, length, digits, exponent);
  }
  // 2^12 entries (TEXT_CACHE_BITS) of 24 bytes (TEXT_CACHE_STRIDE), as literals: module constants are variables
  // in a bundle, read at every use.
  const entry = Math.imul(bits, 0x9e3779b1) >>> 20;
  const slot = entry * 24;
  if (cachedBits[entry] !== bits) {
    const { digits, exponent } = shortestFloat32Digits(magnitude);
    cachedLengths[entry] = layDigits(cachedText, slot, digits, exponent) - slot;
    cachedBits[entry] = bits;
  }
  const end = slot + cachedLengths[entry]!;
  for (let index = slot; index < end; index += 1) text[length++] = cachedText[index]!;
  return length;
}

/** Lays latin1 `word` into `text` from `at`; returns where it ends. */
function layAscii(text: Uint8Array, at: number, word: string): number {
  let length = at;
  for (let index = 0; index < word.length; index += 1) text[length++] = word.charCodeAt(index);
  return length;
}

/** Lays the decimal digits of a non-negative safe integer into `text` from `at`; returns where they end. */
export function layUnsigned(text: Uint8Array, at: number, value: number): number {
  if (value < 10) {
    text[at] = 0x30 + value;
    return at + 1;
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
const layoutScratch = new Uint8Array(FLOAT32_TEXT_MAX);

/**
 * Lays `digits × 10^exponent` out as JavaScript's Number#toString does, into `text` from `start`; returns where
 * the text ends.
 */
function layDigits(text: Uint8Array, start: number, digits: number, exponent: number): number {
  let count = 0;
  let rest = digits;
  while (rest > 0) {
    const quotient = (rest / 10) | 0;
    digitScratch[count++] = 0x30 + (rest - quotient * 10);
    rest = quotient;
  }
  // digitScratch holds the digits last first; `point` is where the decimal point goes.
  let length = start;
  const point = count + exponent;
  if (count <= point && point <= 21) {
    while (count > 0) text[length++] = digitScratch[--count]!;
    for (let zero = exponent; zero > 0; zero -= 1) text[length++] = 0x30;
  } else if (point > 0 && point <= 21) {
    for (let index = count - 1; index >= 0; index -= 1) {
      if (count - 1 - index === point) text[length++] = 0x2e;
      text[length++] = digitScratch[index]!;
    }
  } else if (point > -6 && point <= 0) {
    text[length++] = 0x30;
    text[length++] = 0x2e;
    for (let zero = point; zero < 0; zero += 1) text[length++] = 0x30;
    while (count > 0) text[length++] = digitScratch[--count]!;
  } else {
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
  }
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

/**
 * The shortest digits of a float32: the fewest that land strictly inside its rounding interval (halfway to each
 * neighbouring float32, both ends excluded), the nearest such decimal when several do (see ./numbers.ts for why
 * the ends are excluded and how the digits are laid out).
 *
 * Two searches give the same digits. Values from 2^-13 to 2^23 (every non-integer a model holds but the tiniest)
 * take the exact one, {@link latticeShortest}: scaled to nine digits, the value and the interval's ends are exact
 * doubles, and the fewest digits are the most trailing zeros an integer strictly inside can have, found by integer
 * division. The rest step precision by precision from seven digits, each try one exact scaling and back.
 */
import { MAX_EXACT_POWER, POWERS_OF_TEN } from './decimal-reading';

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
  /** How many decimal digits `digits` has (the search knows it; the layout needs it first). */
  count: number;
}

const shortestResult: DecimalDigits = { digits: 0, exponent: 0, count: 0 };

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
  const binaryExponent = ((bits >>> 23) & 0xff) - 127;
  if (binaryExponent >= -13 && binaryExponent <= 22 && floatView[0] === value)
    return latticeShortest(value, bits, binaryExponent);
  bitsView[0] = bits - 1;
  const below = bits === 0 ? 0 : floatView[0];
  bitsView[0] = bits + 1;
  let above = floatView[0];
  if (above === Number.POSITIVE_INFINITY) above = value + (value - below);
  const low = (value + below) / 2;
  const high = (value + above) / 2;
  // The power of ten of the leading digit: from the binary exponent (its floor or one less), then checked.
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
 * {@link shortestFloat32Digits} for 2^-13 ≤ `value` < 2^23 (`binaryExponent` −13 to 22), from its float32 `bits`.
 * Scaled by 10^k to [10^8, 10^9) (k = 8 − the power of ten of the leading digit, 0 ≤ k ≤ 12), the value and both
 * ends of its interval are exact doubles: a float32 or a half-way point has at most 25 significant bits, and
 * 10^k = 5^k·2^k with 5^12 < 2^28, so each product has under 53. The integers strictly inside are
 * (⌊low·10^k⌋, ⌈high·10^k⌉ − 1], all below 2^31; the fewest digits keep the most trailing zeros j of such an
 * integer, found by dividing both ends by ten while they still differ (one integer at least is inside: the
 * interval is over 4 wide at this scale). The digits are then the nearest of the two neighbours of value·10^(k−j)
 * that lies inside, as the stepping search picks them. Literals stand for the constants (ten, log10 2 as 1233/2^12,
 * exact for these exponents), as module constants are variables in a bundle, read at every use.
 */
function latticeShortest(value: number, bits: number, binaryExponent: number): DecimalDigits {
  // 2^b ≤ value < 2^(b + 1) puts the leading digit at 10^⌊b·log10 2⌋ or the next power.
  let scale = 8 - ((binaryExponent * 1233) >> 12);
  let power = POWERS_OF_TEN[scale]!;
  let scaled = value * power;
  if (scaled >= 1e9) {
    scale -= 1;
    power = POWERS_OF_TEN[scale]!;
    scaled = value * power;
  }
  const nineDigitScale = scale;
  // Half the gap to the next float32 is 2^(b − 24); below a power of two the gap down is half as wide.
  const halfGap = HALF_GAPS[binaryExponent + 13]! * power;
  const lowScaled = (bits & 0x7fffff) === 0 ? scaled - halfGap / 2 : scaled - halfGap;
  const highScaled = scaled + halfGap;
  let lowest = lowScaled | 0;
  let highest = highScaled | 0;
  if (highest === highScaled) highest -= 1;
  let next = (highest / 10) | 0;
  while (next > ((lowest / 10) | 0)) {
    highest = next;
    lowest = (lowest / 10) | 0;
    scale -= 1;
    next = (highest / 10) | 0;
  }
  scaled = scale >= 0 ? value * POWERS_OF_TEN[scale]! : value / POWERS_OF_TEN[-scale]!;
  const floor = scaled | 0;
  const nearest = scaled - floor < 0.5 ? floor : floor + 1;
  let digits = nearest > lowest && nearest <= highest ? nearest : nearest === floor ? floor + 1 : floor;
  // 9 − j digits (j trailing zeros dropped by the search), one more when rounding up reached 10^(9 − j).
  let count = 9 - nineDigitScale + scale;
  if (digits >= POWERS_OF_TEN[count]!) count += 1;
  // Trailing zeros (the nearest may end in some) move to the exponent.
  let exponent = -scale;
  let tenth = (digits / 10) | 0;
  while (tenth * 10 === digits) {
    digits = tenth;
    exponent += 1;
    count -= 1;
    tenth = (digits / 10) | 0;
  }
  shortestResult.digits = digits;
  shortestResult.exponent = exponent;
  shortestResult.count = count;
  return shortestResult;
}

/** 2^(b − 24) for b from −13 to 22: half the gap from a float32 of binary exponent b to the next one up. */
const HALF_GAPS = Float64Array.from({ length: 36 }, (_, index) => 2 ** (index - 13 - 24));

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
  shortestResult.count = digitCount(mantissa);
  return shortestResult;
}

/** How many decimal digits `value` (1 ≤ value < 10^9) has; literals, as module constants are read at every use. */
export function digitCount(value: number): number {
  if (value < 10000) return value < 100 ? (value < 10 ? 1 : 2) : value < 1000 ? 3 : 4;
  if (value < 1000000) return value < 100000 ? 5 : 6;
  return value < 10000000 ? 7 : value < 100000000 ? 8 : 9;
}

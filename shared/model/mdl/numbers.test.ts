import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../random';
import { float32Text, parseDecimal, parseDecimalAt, specialFloatWord } from './numbers';

const bits = new Uint32Array(1);
const floats = new Float32Array(bits.buffer);

function floatOfBits(value: number): number {
  bits[0] = value;
  return floats[0]!;
}

function bitsOf(value: number): number {
  floats[0] = value;
  return bits[0]!;
}

/** Significant digits of a printed number (`-0.00125` → 3). */
function significantDigits(text: string): number {
  const mantissa = text.replace(/^-/, '').split('e')[0]!.replace('.', '');
  return mantissa.replace(/^0+/, '').replace(/0+$/, '').length || 1;
}

/** The fewest digits `toPrecision` needs for a decimal strictly inside the float's rounding interval. */
function bruteForceDigits(value: number): number {
  const current = bitsOf(value);
  const below = floatOfBits(current - 1);
  const above = floatOfBits(current + 1);
  const low = (value + below) / 2;
  const high = Number.isFinite(above) ? (value + above) / 2 : value + (value - below) / 2;
  for (let precision = 1; ; precision += 1) {
    const decimal = Number(value.toPrecision(precision));
    if (decimal > low && decimal < high) return significantDigits(value.toPrecision(precision));
  }
}

const bytes = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

describe('float32 text', () => {
  it('prints values the way JavaScript lays digits out', () => {
    expect(float32Text(0)).toBe('0');
    expect(float32Text(-0)).toBe('-0');
    expect(float32Text(1)).toBe('1');
    expect(float32Text(-250)).toBe('-250');
    expect(float32Text(Math.fround(0.1))).toBe('0.1');
    expect(float32Text(Math.fround(71.1066))).toBe('71.1066');
    expect(float32Text(Math.fround(-0.389944))).toBe('-0.389944');
    expect(float32Text(Math.fround(2.69951e-4))).toBe('0.000269951');
    expect(float32Text(Math.fround(1.5e-7))).toBe('1.5e-7');
    expect(float32Text(Math.fround(3.4028235e38))).toBe('3.4028235e+38');
    expect(float32Text(Math.fround(16777218))).toBe('16777218');
    expect(float32Text(Math.fround(1e21))).toBe('1e+21');
    expect(float32Text(Number.NaN)).toBe('NaN');
    expect(float32Text(Number.NaN, true)).toBe('-NaN');
    expect(float32Text(Number.NEGATIVE_INFINITY)).toBe('-Infinity');
    expect(float32Text(floatOfBits(1))).toBe('1e-45');
  });

  it('reads back every printed float32 exactly, with the fewest digits', () => {
    const random = seededRandom(7);
    for (let round = 0; round < 20_000; round += 1) {
      // Random bit patterns cover every exponent; rounded decimals cover the values models hold.
      const value =
        round % 2 === 0
          ? floatOfBits(Math.floor(random() * 0xff800000))
          : Math.fround(Number(((random() - 0.5) * 10 ** Math.floor(random() * 8 - 3)).toPrecision(6)));
      if (!Number.isFinite(value)) continue;
      const text = float32Text(value);
      expect(bitsOf(Math.fround(Number(text))), text).toBe(bitsOf(value));
      expect(bitsOf(Math.fround(parseDecimal(bytes(text), 0, text.length))), text).toBe(bitsOf(value));
      if (value !== 0) expect(significantDigits(text), `${value} → ${text}`).toBe(bruteForceDigits(Math.abs(value)));
    }
  });
});

describe('decimal parsing', () => {
  it('agrees with Number() on what the lexer calls numbers', () => {
    const random = seededRandom(11);
    const samples = ['0', '-0', '1.', '.5', '+3', '1e5', '2.5E-3', '123456789012345678', '0.000000000000000000001'];
    for (let round = 0; round < 5000; round += 1) {
      const digits = Math.floor(random() * 1e9).toString();
      const point = Math.floor(random() * (digits.length + 1));
      const exponent = round % 3 === 0 ? `e${Math.floor(random() * 80) - 40}` : '';
      samples.push(`${random() < 0.5 ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}${exponent}`);
    }
    for (const text of samples)
      expect(Object.is(parseDecimal(bytes(text), 0, text.length), Number(text)), text).toBe(true);
  });

  it('gives the float32 of the correctly rounded double for long decimals read as float32', () => {
    const random = seededRandom(17);
    const samples = ['1.8797466563030127', '148.25698527506037', '16777217.000000000001', '0.10000000149011612'];
    for (let round = 0; round < 20000; round += 1) {
      // A float32, or the halfway point to the next one, printed with 17–20 digits.
      const valueBits = (random() * 0x7f000000) >>> 0;
      const value = floatOfBits(valueBits);
      let text = value.toPrecision(17 + Math.floor(random() * 4));
      if (round % 2 === 0) text = ((value + floatOfBits(valueBits + 1)) / 2).toPrecision(17 + (round % 4));
      samples.push(round % 5 === 0 ? `-${text}` : text);
    }
    for (const text of samples) {
      const read = parseDecimalAt(bytes(text), 0, text.length, true);
      expect(Object.is(Math.fround(read), Math.fround(Number(text))), text).toBe(true);
    }
  });

  it('gives NaN for spans that are not numbers', () => {
    for (const text of ['', '-', 'e5', '1e', '1.2.3', '1x'])
      expect(parseDecimal(bytes(text), 0, text.length)).toBeNaN();
  });

  it('knows the words writers put for NaN and infinities', () => {
    expect(specialFloatWord('-1.#IND')).toEqual({ value: Number.NaN, negative: true });
    expect(specialFloatWord('1.#QNAN0')).toEqual({ value: Number.NaN, negative: false });
    expect(specialFloatWord('NaN')).toEqual({ value: Number.NaN, negative: false });
    expect(specialFloatWord('-Infinity')?.value).toBe(Number.NEGATIVE_INFINITY);
    expect(specialFloatWord('1.#INF')?.value).toBe(Number.POSITIVE_INFINITY);
    expect(specialFloatWord('Linear')).toBeUndefined();
  });
});

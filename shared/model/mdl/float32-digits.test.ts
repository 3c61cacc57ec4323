import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../random';
import { shortestFloat32Digits } from './float32-digits';

const bits = new Uint32Array(1);
const floats = new Float32Array(bits.buffer);

function floatOfBits(value: number): number {
  bits[0] = value;
  return floats[0]!;
}

/**
 * The shortest digits by brute force, independent of the searches: for 1, 2, … 9 significant digits, the decimal
 * `toExponential` rounds the value to and its other neighbour at that precision, the nearer first, until one parses
 * strictly inside the value's rounding interval. Digits and exponent as `shortestFloat32Digits` gives them.
 */
function bruteForceShortest(value: number): { digits: number; exponent: number; count: number } {
  bits[0] = 0;
  floats[0] = value;
  const current = bits[0]!;
  const below = floatOfBits(current - 1);
  const above = floatOfBits(current + 1);
  const low = (value + below) / 2;
  const high = Number.isFinite(above) ? (value + above) / 2 : value + (value - below) / 2;
  for (let precision = 1; precision <= 9; precision += 1) {
    const [mantissa, power] = value.toExponential(precision - 1).split('e') as [string, string];
    const nearest = Number(mantissa.replace('.', ''));
    const exponent = Number(power) - (precision - 1);
    const other = Number(`${nearest}e${exponent}`) < value ? nearest + 1 : nearest - 1;
    for (const digits of [nearest, other]) {
      const decimal = Number(`${digits}e${exponent}`);
      if (!(decimal > low && decimal < high)) continue;
      let trimmed = digits;
      let trimmedExponent = exponent;
      while (trimmed % 10 === 0) {
        trimmed /= 10;
        trimmedExponent += 1;
      }
      return { digits: trimmed, exponent: trimmedExponent, count: String(trimmed).length };
    }
  }
  throw new Error(`no digits for ${value}`);
}

/** A copy of a result (the search reuses its object), the exponent's sign of zero dropped (−0 prints as 0). */
function plain(found: { digits: number; exponent: number; count: number }) {
  return { digits: found.digits, exponent: found.exponent + 0, count: found.count };
}

describe('shortest float32 digits', () => {
  it('agree with a brute-force search over random float32 bit patterns', () => {
    const random = seededRandom(19);
    for (let round = 0; round < 200_000; round += 1) {
      const value = floatOfBits(Math.floor(random() * 0x7f800000) + 1);
      const found = plain(shortestFloat32Digits(value));
      expect(found, `${value}`).toEqual(bruteForceShortest(value));
    }
  });

  it('agree with it over model-like values, powers of two and the ends of the exact search (2^-13, 2^23)', () => {
    const random = seededRandom(23);
    const values: number[] = [];
    for (let round = 0; round < 100_000; round += 1) {
      const magnitude = 10 ** Math.floor(random() * 9 - 5);
      values.push(Math.fround(Number((random() * magnitude).toPrecision(1 + (round % 9)))));
      values.push(Math.fround(random() * magnitude));
    }
    for (let power = -20; power <= 30; power += 1)
      for (const step of [-2, -1, 0, 1, 2]) {
        bits[0] = 0;
        floats[0] = 2 ** power;
        values.push(floatOfBits(bits[0]! + step));
      }
    for (const value of values) {
      if (value === 0) continue;
      const found = plain(shortestFloat32Digits(value));
      expect(found, `${value}`).toEqual(bruteForceShortest(value));
    }
  });
});

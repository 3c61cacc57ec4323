import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../random';
import { readPlainElements, readPlainKeys, readPlainRun } from './plain-values';
import { Growing32 } from './scanner';

const bytes = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

/** A random decimal as writers print them, and the forms they rarely do: long, with exponents, signs, points. */
function randomDecimal(random: () => number): string {
  const digits = Math.floor(random() * 10 ** (1 + Math.floor(random() * 12))).toString();
  const point = Math.floor(random() * (digits.length + 1));
  const sign = random() < 0.4 ? '-' : random() < 0.05 ? '+' : '';
  const shape = random();
  if (shape < 0.6) return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`.replace(/\.$/, '');
  if (shape < 0.7) return `${sign}${digits}`;
  if (shape < 0.85)
    return `${sign}${digits.slice(0, point) || '0'}.${digits.slice(point)}e${Math.floor(random() * 60) - 30}`;
  // More digits than a double holds exactly.
  return `${sign}${digits}${Math.floor(random() * 1e9)}.${Math.floor(random() * 1e9)}`;
}

const floatBits = (value: number) => new Uint32Array(Float32Array.of(value).buffer)[0]!;

describe('plain values read straight from the bytes', () => {
  it('read every decimal as Number() does, to the float32', () => {
    const random = seededRandom(23);
    const texts = ['0', '-0', '1.', '.5', '-.5', '+3', '333', '0.039501', '-22.681601', '1.8797466563030127'];
    for (let round = 0; round < 20_000; round += 1) texts.push(randomDecimal(random));
    // Halfway between two float32s, printed with 16–18 digits: one rounding too many shows there.
    const bits = new Uint32Array(2);
    const pair = new Float32Array(bits.buffer);
    for (let round = 0; round < 5000; round += 1) {
      bits[0] = (random() * 0x7f000000) >>> 0;
      bits[1] = bits[0] + 1;
      texts.push(((pair[0]! + pair[1]!) / 2).toPrecision(16 + (round % 3)));
    }
    const text = `{ ${texts.join(', ')} }`;
    const floats = new Growing32(4);
    const end = readPlainRun(bytes(text), 1, text.length - 1, floats, -1);
    expect(end).toBe(text.length - 1);
    expect(floats.length).toBe(texts.length);
    for (let index = 0; index < texts.length; index += 1)
      expect(floatBits(floats.floats[index]!), texts[index]).toBe(floatBits(Number(texts[index])));
  });

  it('read whole numbers in range as words and stop before any other', () => {
    const text = '{ 0, 7, 65535, 12.0, 65536, 1 }';
    const words = new Growing32(4);
    const end = readPlainRun(bytes(text), 1, text.length - 1, words, 0xffff);
    expect([...words.wordArray()]).toEqual([0, 7, 65535, 12]);
    expect(text.slice(end)).toBe('65536, 1 }');
  });

  it('stop before what is not a plain number: a word, a comment, a number running into a word', () => {
    for (const [body, read] of [
      ['1, 2, x', 2],
      ['1, 2 // c\n', 2],
      ['1, 2x, 3', 1],
      ['1, 1e, 3', 1],
      ['1, "2"', 1],
      ['1, -, 3', 1],
    ] as const) {
      const text = `{ ${body} }`;
      const floats = new Growing32(4);
      readPlainRun(bytes(text), 1, text.length - 1, floats, -1);
      expect(floats.length, body).toBe(read);
    }
  });

  it('read nothing unless the range ends at a group’s closing brace', () => {
    const text = '{ 1, 2, 3 }';
    const floats = new Growing32(4);
    expect(readPlainRun(bytes(text), 1, text.length - 2, floats, -1)).toBe(1);
    expect(floats.length).toBe(0);
  });

  it('read whole elements of the stride and stop before one in another form', () => {
    const text = '{ { 1, 2, 3 }, { 4, 5, 6 }, { 7, 8 }, { 9, 10, 11 } }';
    const floats = new Growing32(2);
    const end = readPlainElements(bytes(text), 1, text.length - 1, 3, floats, -1);
    expect([...floats.floatArray()]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(text.slice(end)).toBe(', { 7, 8 }, { 9, 10, 11 } }');
    const words = new Growing32(2);
    const bytesText = '{ { 1, 2 }, { 3, 256 } }';
    readPlainElements(bytes(bytesText), 1, bytesText.length - 1, 2, words, 0xff);
    expect([...words.wordArray()]).toEqual([1, 2]);
  });

  it('read keys with their tangents and stop at the first key in another form', () => {
    const text =
      '{ Hermite,\n 10: { 1, 2 },\n InTan { 3, 4 },\n OutTan { 5, 6 },\n' +
      ' 20: { 7, 8 },\n InTan { 9, 10 },\n OutTan { 11, 12 },\n 30: { 13 },\n }';
    const start = text.indexOf('10:');
    const keys = new Growing32(2);
    const end = readPlainKeys(bytes(text), start, text.length - 1, 2, true, keys);
    // Each key in a track's layout: frame, value, in-tangent, out-tangent.
    const words = keys.wordArray();
    expect([words[0], words[7]]).toEqual([10, 20]);
    expect([...keys.floatArray()].filter((_, index) => index % 7 !== 0)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(text.slice(end)).toMatch(/^,\s*30:/);
  });
});

/**
 * Track keys read from MDL: the plain form every writer prints goes through ValueScanner.plainKeys (no token per
 * number), any other form through the token loop. Both must give the same keys and the same diagnostics, in
 * whatever order the forms come.
 */
import { describe, expect, it } from 'vitest';
import { parseMdlText } from '../../mdl/mdl-text';
import { mdlTypedModel } from '../mdl-model';
import { mdlEventObjects } from '../mdl-parts';
import type { Track } from '../track';

/** The keys `body` reads into as the Rotation track of an event object, with the diagnostics of its block. */
function readRotation(body: string): { track: Track; codes: string[] } {
  const text = parseMdlText(`EventObject "E" {\n\tObjectId 0,\n\tRotation 3 {\n${body}\t}\n}\n`);
  const track = mdlEventObjects(text)[0]!.value.node.tracks[0]!;
  const diagnostics = mdlTypedModel(text).diagnostics.filter((diagnostic) => diagnostic.where?.includes('Rotation'));
  return { track, codes: diagnostics.map((diagnostic) => `${diagnostic.code}: ${diagnostic.message}`) };
}

/** The track's words (frames, values and tangents as stored), for comparing bit for bit. */
function words(track: Track): number[] {
  return [...new Uint32Array(track.keyWords.buffer, track.keyWords.byteOffset, track.keyWords.length)];
}

const PLAIN = [
  '\t\tHermite,\n',
  '\t\t333: { 0.039501, 0.415878, -0.007665, 0.90853 },\n',
  '\t\t\tInTan { 0.054251, 0.532202, 0.031713, 0.844282 },\n',
  '\t\t\tOutTan { 0, 0, 0, 1 },\n',
  '\t\t633: { 0.047928, 0.490433, 0.023069, 0.869854 },\n',
  '\t\t\tInTan { 1.5e-7, 2, 3, 4 },\n',
  '\t\t\tOutTan { 0.1, 0.2, 0.3, 0.4 },\n',
  '\t\t967: { 0.029858, 0.389229, 0.003366, 0.920651 },\n',
  '\t\t\tInTan { 0.023923, 0.330045, -0.00743, 0.943633 },\n',
  '\t\t\tOutTan { 0.023923, 0.330045, -0.00743, 1.8797466563030127 },\n',
];

describe('track keys read from MDL', () => {
  it('reads keys in any form as it reads the plain form', () => {
    const plain = readRotation(PLAIN.join(''));
    expect(plain.track.keyCount).toBe(3);
    expect(plain.codes).toEqual([]);
    const variants = [
      // A comment inside the first key, the second key: the rest of each is read token by token.
      PLAIN.map((line, index) => (index === 2 ? line.replace('{ ', '{ /* x */ ') : line)),
      PLAIN.map((line, index) => (index === 4 ? `\t\t// the second key\n${line}` : line)),
      // Other separators and spacing.
      PLAIN.map((line) => line.replace(/, /g, ',').replace(/: /, ' : ')),
      // An exponent where a plain decimal was.
      PLAIN.map((line, index) => (index === 3 ? '\t\t\tOutTan { 0e0, 0, 0, 1e0 },\n' : line)),
    ];
    for (const variant of variants) {
      const read = readRotation(variant.join(''));
      expect(read.codes).toEqual([]);
      expect(words(read.track)).toEqual(words(plain.track));
    }
  });

  it('reports the same faults in the middle of plain keys', () => {
    // The second key lacks its tangents: reported, zeros used; the third key's then come out of place (a tangent
    // follows the last key read, and the second has none): reported and left out too. The first key is kept.
    const missing = readRotation(PLAIN.filter((_, index) => index !== 5 && index !== 6).join(''));
    expect(missing.track.keyCount).toBe(3);
    expect(missing.codes).toEqual([
      'mdl.invalid-value: Rotation: a Hermite key has no InTan or OutTan; zeros are used (line 3, column 2)',
      'mdl.invalid-value: Rotation: InTan or OutTan out of place (they follow a key of a Hermite or Bezier track) ' +
        '(line 3, column 2)',
    ]);
    const stride = missing.track.stride;
    expect(words(missing.track).slice(0, stride)).toEqual(words(readRotation(PLAIN.join('')).track).slice(0, stride));
    for (const key of [1, 2]) {
      const tangents = words(missing.track).slice(key * stride + 5, (key + 1) * stride);
      expect(tangents).toEqual(new Array(8).fill(0));
    }
    // A value of three numbers (read as zeros) and a frame beyond 32 bits (its key left out, its tangents then out
    // of place): errors, the other keys kept.
    const short = readRotation(
      PLAIN.map((text, at) => (at === 1 ? '\t\t333: { 0.039501, 0.415878, -0.007665 },\n' : text)).join(''),
    );
    const far = readRotation(
      PLAIN.map((text, at) => (at === 4 ? '\t\t4294967296: { 0.047928, 0.490433, 0.023069, 0.869854 },\n' : text)).join(
        '',
      ),
    );
    expect([short.track.keyCount, short.codes]).toEqual([
      3,
      ['mdl.invalid-value: Rotation: a value holds 3 numbers; it should hold 4 (line 5, column 40)'],
    ]);
    expect([far.track.keyCount, far.codes]).toEqual([
      2,
      [
        'mdl.invalid-value: Rotation: a frame must be a 32-bit integer, not "4294967296" (line 8, column 3)',
        'mdl.count-mismatch: Rotation declares 3 keys but holds 2 (line 3, column 2)',
        'mdl.invalid-value: Rotation: InTan or OutTan out of place (they follow a key of a Hermite or Bezier track) ' +
          '(line 3, column 2)',
      ],
    ]);
    expect(words(far.track).slice(13)).toEqual(words(readRotation(PLAIN.join('')).track).slice(26));
    const nan = readRotation(
      PLAIN.map((line, index) => (index === 6 ? '\t\t\tOutTan { NaN, 0, 0, 1 },\n' : line)).join(''),
    );
    expect(nan.codes).toEqual([]);
    expect(nan.track.keyValues[1 * nan.track.stride + 1 + 2 * 4]).toBeNaN();
  });
});

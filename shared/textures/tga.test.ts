import { describe, expect, it } from 'vitest';
import { codecError } from '../testing/codec-error';
import { seededRandom } from '../testing/fuzz';
import { decodeTga, looksLikeTga } from './tga';
import { encodeTga, noiseImage, tgaExpected, type TgaOptions } from './testing/encoders';
import type { TextureMip } from './types';

/** An image with runs (so RLE has run packets, crossing scanlines) and a few distinct colours. */
function runsImage(width: number, height: number, seed: number, colours = 12): TextureMip {
  const next = seededRandom(seed);
  const palette = Array.from({ length: colours }, () => [0, 0, 0, 0].map(() => Math.floor(next() * 256)));
  const rgba = new Uint8Array(width * height * 4);
  let current = palette[0]!;
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    if (next() < 0.2) current = palette[Math.floor(next() * colours)]!;
    rgba.set(current, pixel * 4);
  }
  return { width, height, rgba };
}

describe('TGA', () => {
  const variants: TgaOptions[] = [];
  for (const rle of [false, true]) {
    for (const [topToBottom, rightToLeft] of [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ] as const) {
      for (const bits of [24, 32, 16] as const)
        variants.push({ kind: 'truecolour', bits, rle, topToBottom, rightToLeft });
    }
    variants.push({ kind: 'truecolour', bits: 15, rle });
    variants.push({ kind: 'grey', bits: 8, rle, topToBottom: true });
    variants.push({ kind: 'grey', bits: 16, rle });
    variants.push({ kind: 'mapped', bits: 8, rle, mapEntryBits: 24 });
    variants.push({ kind: 'mapped', bits: 8, rle, mapEntryBits: 32, alphaBits: 8, mapFirst: 3 });
    variants.push({ kind: 'mapped', bits: 16, rle, mapEntryBits: 16, topToBottom: true });
  }

  for (const options of variants) {
    const name = `${options.rle ? 'RLE ' : ''}${options.kind} ${options.bits}-bit${
      options.kind === 'mapped' ? ` ` + `(${options.mapEntryBits}-bit map)` : ''
    }, ${options.topToBottom ? 'top' : 'bottom'}-${options.rightToLeft ? 'right' : 'left'} origin`;
    it(`decodes ${name} pixel for pixel`, () => {
      const image = runsImage(13, 7, name.length);
      const texture = decodeTga(encodeTga(image, { ...options, imageId: 'id!' }));
      expect([texture.width, texture.height, texture.mips.length]).toEqual([13, 7, 1]);
      expect(texture.mips[0]!.rgba).toEqual(tgaExpected(image, options));
    });
  }

  it('takes 32-bit alpha by the descriptor, then the TGA 2.0 extension area, then the data', () => {
    const image = noiseImage(5, 4, 3);
    const opaque = tgaExpected(image, { kind: 'truecolour', bits: 24 });
    const decode = (options: Partial<TgaOptions>) =>
      decodeTga(encodeTga(image, { kind: 'truecolour', bits: 32, ...options })).mips[0]!.rgba;
    expect(decode({ alphaBits: 8 })).toEqual(image.rgba);
    expect(decode({ alphaBits: 0, extensionAttributes: 0 })).toEqual(opaque);
    expect(decode({ alphaBits: 0, extensionAttributes: 3 })).toEqual(image.rgba);
    expect(decode({ alphaBits: 0 })).toEqual(image.rgba);
    const zeroAlpha = { ...image, rgba: image.rgba.map((value, index) => (index % 4 === 3 ? 0 : value)) };
    expect(decodeTga(encodeTga(zeroAlpha, { kind: 'truecolour', bits: 32, alphaBits: 0 })).mips[0]!.rgba).toEqual(
      opaque,
    );
  });

  it('recognises plausible headers only', () => {
    expect(looksLikeTga(encodeTga(noiseImage(2, 2, 1), { kind: 'truecolour', bits: 24 }))).toBe(true);
    expect(looksLikeTga(new TextEncoder().encode('MDLX and some more bytes here'))).toBe(false);
  });

  it('refuses RLE data that ends early, naming the offset', () => {
    const bytes = encodeTga(runsImage(16, 16, 1), { kind: 'truecolour', bits: 24, rle: true });
    const error = codecError(() => decodeTga(bytes.subarray(0, bytes.length - 5)));
    expect(error).toMatchObject({ format: 'tga', kind: 'truncated', where: 'imageData' });
    expect(error.offset).toBeGreaterThan(18);
  });

  it('refuses sizes the data cannot hold before allocating', () => {
    const raw = encodeTga(noiseImage(4, 4, 1), { kind: 'truecolour', bits: 32 });
    raw.set([0x40, 0x1f, 0x40, 0x1f], 12); // 8000 × 8000
    expect(codecError(() => decodeTga(raw))).toMatchObject({ kind: 'truncated', where: 'imageData' });
    const rle = encodeTga(noiseImage(4, 4, 1), { kind: 'truecolour', bits: 32, rle: true });
    rle.set([0x40, 0x1f, 0x40, 0x1f], 12);
    expect(codecError(() => decodeTga(rle)).detail).toMatch(/cannot come from \d+ bytes of RLE packets/);
    const huge = encodeTga(noiseImage(4, 4, 1), { kind: 'truecolour', bits: 32 });
    huge.set([0xff, 0xff, 0xff, 0xff], 12);
    expect(codecError(() => decodeTga(huge)).kind).toBe('limit');
  });

  it('refuses colour indices outside the map and unsupported image types', () => {
    const bytes = encodeTga(runsImage(4, 4, 2, 3), { kind: 'mapped', bits: 8 });
    bytes[bytes.length - 1] = 200;
    expect(codecError(() => decodeTga(bytes)).detail).toMatch(/outside the colour map/);
    const huffman = encodeTga(noiseImage(2, 2, 1), { kind: 'truecolour', bits: 24 });
    huffman[2] = 32;
    expect(codecError(() => decodeTga(huffman))).toMatchObject({ kind: 'unsupported', where: 'imageType', offset: 2 });
  });
});

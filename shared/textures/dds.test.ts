import { describe, expect, it } from 'vitest';
import { codecError } from '../testing/codec-error';
import { decodeDds } from './dds';
import { dxtFriendlyImage, encodeDds, levelSize, noiseImage } from './testing/encoders';
import type { TextureMip } from './types';

function chain(
  width: number,
  height: number,
  count: number,
  make: (w: number, h: number, level: number) => TextureMip,
): TextureMip[] {
  return Array.from({ length: count }, (_, level) => make(...levelSize(width, height, level), level));
}

/** `mip` as the masks can hold it: each channel rounded to its bit count and expanded back. */
function quantized(mip: TextureMip, masks: number[]): Uint8Array {
  return mip.rgba.map((value, index) => {
    const mask = masks[index % 4]!;
    if (!mask) return index % 4 === 3 ? 255 : 0;
    let max = mask;
    while ((max & 1) === 0) max >>>= 1;
    return Math.round((Math.round((value * max) / 255) * 255) / max);
  });
}

describe('DDS', () => {
  for (const fourCC of ['DXT1', 'DXT3', 'DXT5'] as const) {
    it(`decodes ${fourCC} with every mip level (NPOT 24×10)`, () => {
      const format = fourCC.toLowerCase() as 'dxt1' | 'dxt3' | 'dxt5';
      const mips = chain(24, 10, 5, (w, h, level) => dxtFriendlyImage(format, w, h, level + 11));
      const texture = decodeDds(encodeDds({ kind: 'fourcc', fourCC, mips }));
      expect(texture.encoding).toBe(fourCC);
      expect(texture.mips.map((mip) => mip.rgba)).toEqual(mips.map((mip) => mip.rgba));
    });
  }

  for (const [name, bits, masks] of [
    ['32-bit BGRA', 32, [0xff0000, 0xff00, 0xff, 0xff000000]],
    ['32-bit RGBA', 32, [0xff, 0xff00, 0xff0000, 0xff000000]],
    ['24-bit BGR', 24, [0xff0000, 0xff00, 0xff, 0]],
    ['16-bit 565', 16, [0xf800, 0x7e0, 0x1f, 0]],
    ['16-bit 4444', 16, [0xf00, 0xf0, 0xf, 0xf000]],
  ] as const) {
    it(`decodes uncompressed ${name} pixels by their channel masks`, () => {
      const mips = chain(7, 5, 3, (w, h, level) => noiseImage(w, h, level));
      const texture = decodeDds(encodeDds({ kind: 'masks', bits, masks: [...masks], mips }));
      expect(texture.mips.map((mip) => mip.rgba)).toEqual(mips.map((mip) => quantized(mip, [...masks])));
    });
  }

  it('decodes the DX10 header’s R8G8B8A8 and B8G8R8A8 formats', () => {
    const mip = noiseImage(6, 6, 2);
    expect(decodeDds(encodeDds({ kind: 'dx10', dxgiFormat: 28, mips: [mip] })).mips[0]!.rgba).toEqual(mip.rgba);
    expect(decodeDds(encodeDds({ kind: 'dx10', dxgiFormat: 87, mips: [mip] })).mips[0]!.rgba).toEqual(mip.rgba);
  });

  it('caps mipMapCount at the full chain with a warning, and treats 0 as one level', () => {
    const mips = chain(4, 4, 3, (w, h) => dxtFriendlyImage('dxt1', w, h, 1));
    const capped = decodeDds(encodeDds({ kind: 'fourcc', fourCC: 'DXT1', mips }, { mipMapCount: 9 }));
    expect(capped.mips).toHaveLength(3);
    expect(capped.warnings.join('\n')).toMatch(/mipMapCount 9 exceeds the 3 levels/);
    expect(decodeDds(encodeDds({ kind: 'fourcc', fourCC: 'DXT1', mips }, { mipMapCount: 0 })).mips).toHaveLength(1);
  });

  it('ends the chain at a level the data does not hold, and refuses a missing level 0', () => {
    const mips = chain(16, 16, 5, (w, h) => dxtFriendlyImage('dxt5', w, h, 1));
    const bytes = encodeDds({ kind: 'fourcc', fourCC: 'DXT5', mips });
    const short = decodeDds(bytes.subarray(0, bytes.length - 20));
    expect(short.mips).toHaveLength(3);
    expect(short.warnings.join('\n')).toMatch(/mip level 3 could not be decoded/);
    expect(codecError(() => decodeDds(bytes.subarray(0, 200)))).toMatchObject({
      kind: 'truncated',
      where: 'mips[0]',
      offset: 128,
    });
  });

  it('refuses unknown FourCCs, a wrong header size and huge sizes', () => {
    const bytes = encodeDds({ kind: 'fourcc', fourCC: 'DXT1', mips: [dxtFriendlyImage('dxt1', 4, 4, 1)] });
    const odd = bytes.slice();
    odd.set([0x41, 0x42, 0x43, 0x44], 84);
    expect(codecError(() => decodeDds(odd))).toMatchObject({
      kind: 'unsupported',
      where: 'pixelFormat.fourCC',
      offset: 84,
    });
    const header = bytes.slice();
    header[4] = 100;
    expect(codecError(() => decodeDds(header))).toMatchObject({ kind: 'invalid', where: 'header.size' });
    const huge = bytes.slice();
    new DataView(huge.buffer).setUint32(12, 65535, true);
    new DataView(huge.buffer).setUint32(16, 65535, true);
    expect(codecError(() => decodeDds(huge)).kind).toBe('limit');
    const large = bytes.slice();
    new DataView(large.buffer).setUint32(12, 8192, true);
    new DataView(large.buffer).setUint32(16, 8192, true);
    expect(codecError(() => decodeDds(large))).toMatchObject({ kind: 'truncated', where: 'mips[0]' });
  });
});

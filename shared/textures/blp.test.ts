import { describe, expect, it } from 'vitest';
import { codecError } from '../testing/codec-error';
import { decodeBlp } from './blp';
import { decodeJpeg } from './jpeg/decoder';
import { resampleMip } from './mip-chain';
import {
  dxtFriendlyImage,
  encodeBlp1Jpeg,
  encodeBlp1Paletted,
  encodeBlp2,
  encodeMipJpeg,
  levelSize,
  noiseImage,
  palettedToRgba,
  randomPaletted,
  smoothImage,
} from './testing/encoders';
import type { TextureMip } from './types';

function chain(
  width: number,
  height: number,
  count: number,
  make: (w: number, h: number, level: number) => TextureMip,
): TextureMip[] {
  return Array.from({ length: count }, (_, level) => make(...levelSize(width, height, level), level));
}

/** The RGBA a BLP1 JPEG level must decode to: the standalone JPEG's B, G, R(, A) components. */
function expectedFromJpeg(mip: TextureMip, alpha: boolean, threeComponents = false): Uint8Array {
  const image = decodeJpeg(encodeMipJpeg(mip, 95, threeComponents));
  const rgba = new Uint8Array(mip.width * mip.height * 4);
  for (let y = 0; y < mip.height; y += 1) {
    for (let x = 0; x < mip.width; x += 1) {
      const [b, g, r, a] = image.components.map((component) => component.data[y * component.stride + x]!);
      rgba.set([r!, g!, b!, alpha && a !== undefined ? a : 255], (y * mip.width + x) * 4);
    }
  }
  return rgba;
}

function maxDifference(a: Uint8Array, b: Uint8Array): number {
  let max = 0;
  for (let index = 0; index < a.length; index += 1) max = Math.max(max, Math.abs(a[index]! - b[index]!));
  return max;
}

describe('BLP1 with JPEG content', () => {
  const mips = chain(48, 24, 6, (w, h, level) => smoothImage(w, h, level * 5));

  for (const headerSplit of ['blizzard', 'before-sof', 'none'] as const) {
    it(`joins the shared JPEG header (${headerSplit} split) to each level and maps raw B, G, R, A to RGBA`, () => {
      const texture = decodeBlp(encodeBlp1Jpeg({ mips, alphaBits: 8, headerSplit }));
      expect(texture.container).toBe('blp1');
      expect(texture.mips.map((mip) => [mip.width, mip.height])).toEqual(mips.map((mip) => [mip.width, mip.height]));
      for (const [level, mip] of texture.mips.entries()) {
        expect(mip.rgba).toEqual(expectedFromJpeg(mips[level]!, true));
        // And close to the source: a lossy but faithful encoding, no colour conversion.
        if (mip.width >= 8 && mip.height >= 8)
          expect(maxDifference(mip.rgba, mips[level]!.rgba)).toBeLessThanOrEqual(12);
      }
      expect(texture.warnings).toEqual([]);
    });
  }

  it('is opaque when alphaBits is 0, although the fourth component holds alpha', () => {
    const texture = decodeBlp(encodeBlp1Jpeg({ mips: mips.slice(0, 1), alphaBits: 0 }));
    expect(texture.mips[0]!.rgba).toEqual(expectedFromJpeg(mips[0]!, false));
    expect(texture.encoding).toMatch(/opaque/);
  });

  for (const alphaBits of [3, 4, 9, 10]) {
    it(`takes alpha from the fourth component for the odd alphaBits value ${alphaBits} seen in real files`, () => {
      const texture = decodeBlp(encodeBlp1Jpeg({ mips: mips.slice(0, 2), alphaBits }));
      expect(texture.mips[1]!.rgba).toEqual(expectedFromJpeg(mips[1]!, true));
    });
  }

  it('decodes a three-component JPEG as opaque', () => {
    const texture = decodeBlp(encodeBlp1Jpeg({ mips: mips.slice(0, 1), alphaBits: 8, threeComponents: true }));
    expect(texture.mips[0]!.rgba).toEqual(expectedFromJpeg(mips[0]!, false, true));
  });

  it('ignores mip table entries beyond the full chain, with a warning', () => {
    const full = chain(8, 4, 4, (w, h) => smoothImage(w, h));
    const texture = decodeBlp(encodeBlp1Jpeg({ mips: full, alphaBits: 8, tableEntries: 7 }));
    expect(texture.mips).toHaveLength(4);
    expect(texture.warnings.join('\n')).toMatch(/lists 7 levels but a 8×4 image has 4/);
  });

  it('scales down levels whose JPEG is level 0 again (every table entry pointing at the same data)', () => {
    const texture = decodeBlp(
      encodeBlp1Jpeg({ mips: [smoothImage(32, 32)], alphaBits: 8, tableEntries: 6, hasMipmaps: true }),
    );
    expect(texture.mips.map((mip) => mip.width)).toEqual([32, 16, 8, 4, 2, 1]);
    expect(texture.mips[2]).toEqual(resampleMip(texture.mips[0]!, 8, 8));
    expect(texture.warnings.join('\n')).toMatch(/scaled down: level 1 \(32×32 → 16×16\)/);
  });

  it('ends the chain at a lower level that cannot be decoded, with a warning', () => {
    const bytes = encodeBlp1Jpeg({ mips, alphaBits: 8 });
    new DataView(bytes.buffer).setUint32(28 + 3 * 4, bytes.length + 100, true); // level 3 starts past the end
    const texture = decodeBlp(bytes);
    expect(texture.mips).toHaveLength(3);
    expect(texture.warnings.join('\n')).toMatch(/mip level 3 could not be decoded .*using levels 0–2/);
  });

  it('reports level 0 JPEG errors at their offset in the file', () => {
    const bytes = encodeBlp1Jpeg({ mips: mips.slice(0, 1), alphaBits: 8 });
    const levelOffset = new DataView(bytes.buffer).getUint32(28, true);
    const error = codecError(() => decodeBlp(bytes.subarray(0, levelOffset + 40)));
    expect(error.format).toBe('blp');
    expect(error.where).toMatch(/^mips\[0\]\.jpeg /);
    expect(error.offset).toBeGreaterThanOrEqual(levelOffset);
    expect(error.offset).toBeLessThanOrEqual(levelOffset + 40);
  });

  it('refuses a JPEG header longer than the file', () => {
    const bytes = encodeBlp1Jpeg({ mips: mips.slice(0, 1), alphaBits: 8 });
    new DataView(bytes.buffer).setUint32(156, 1e6, true);
    const error = codecError(() => decodeBlp(bytes));
    expect([error.kind, error.where, error.offset]).toEqual(['truncated', 'jpegHeader', 160]);
  });

  it('refuses a JPEG frame smaller than the level', () => {
    const bytes = encodeBlp1Jpeg({ mips: mips.slice(0, 1), alphaBits: 8 });
    new DataView(bytes.buffer).setUint32(12, 96, true); // header says 96 wide, the JPEG is 48
    expect(codecError(() => decodeBlp(bytes)).detail).toMatch(/JPEG frame is 48×24, smaller than the level's 96×24/);
  });
});

describe('BLP1 paletted', () => {
  for (const alphaBits of [0, 1, 2, 4, 8]) {
    it(`decodes the BGRA palette and a ${alphaBits}-bit alpha plane on every level (NPOT 12×5)`, () => {
      const image = randomPaletted(12, 5, 4, alphaBits, alphaBits + 1);
      const texture = decodeBlp(encodeBlp1Paletted(image, alphaBits));
      expect(texture.mips).toHaveLength(4);
      for (const [level, mip] of texture.mips.entries()) {
        expect([mip.width, mip.height]).toEqual(levelSize(12, 5, level));
        expect(mip.rgba).toEqual(palettedToRgba(image, level));
      }
    });
  }

  it('ignores the palette’s fourth byte (it is not alpha)', () => {
    const image = randomPaletted(4, 4, 1, 0, 9);
    image.palette.fill(0, 0, 1024);
    const texture = decodeBlp(encodeBlp1Paletted(image, 0));
    expect(texture.mips[0]!.rgba.filter((_, index) => index % 4 === 3).every((alpha) => alpha === 255)).toBe(true);
  });

  it('refuses alpha depths the paletted encoding does not define', () => {
    const bytes = encodeBlp1Paletted(randomPaletted(4, 4, 1, 8, 1), 8);
    new DataView(bytes.buffer).setUint32(8, 3, true);
    expect(codecError(() => decodeBlp(bytes))).toMatchObject({ kind: 'unsupported', where: 'alphaBits', offset: 8 });
  });

  it('refuses level 0 data shorter than width × height before allocating', () => {
    const bytes = encodeBlp1Paletted(randomPaletted(16, 16, 1, 8, 1), 8);
    const error = codecError(() => decodeBlp(bytes.subarray(0, bytes.length - 10)));
    expect(error).toMatchObject({ kind: 'truncated', where: 'mips[0]', offset: 156 + 1024 });
  });
});

describe('BLP headers', () => {
  it('refuses a 40-byte file claiming 65535 × 65535 at once', () => {
    const bytes = new Uint8Array(40);
    bytes.set([0x42, 0x4c, 0x50, 0x31]);
    new DataView(bytes.buffer).setUint32(12, 65535, true);
    new DataView(bytes.buffer).setUint32(16, 65535, true);
    const error = codecError(() => decodeBlp(bytes));
    expect(error.kind === 'truncated' || error.kind === 'limit').toBe(true);
  });

  it('refuses a size within the limits but larger than the data before allocating', () => {
    const bytes = encodeBlp1Paletted(randomPaletted(4, 4, 1, 0, 1), 0);
    new DataView(bytes.buffer).setUint32(12, 16384, true);
    new DataView(bytes.buffer).setUint32(16, 4096, true);
    expect(codecError(() => decodeBlp(bytes))).toMatchObject({ kind: 'truncated', where: 'mips[0]' });
  });

  it('names an empty level 0 entry at its own mip table offset (byte 28 in BLP1, 20 in BLP2)', () => {
    const blp1 = encodeBlp1Paletted(randomPaletted(4, 4, 1, 0, 1), 0);
    new DataView(blp1.buffer).setUint32(28, 0, true);
    expect(codecError(() => decodeBlp(blp1))).toMatchObject({ kind: 'invalid', where: 'mipOffsets[0]', offset: 28 });
    const blp2 = encodeBlp2({ kind: 'bgra', mips: [noiseImage(4, 4, 1)], alphaDepth: 8 });
    new DataView(blp2.buffer).setUint32(20, 0, true);
    expect(codecError(() => decodeBlp(blp2))).toMatchObject({ kind: 'invalid', where: 'mipOffsets[0]', offset: 20 });
  });

  it('refuses BLP0, unknown content and BLP2 JPEG clearly', () => {
    const blp0 = encodeBlp1Paletted(randomPaletted(4, 4, 1, 0, 1), 0);
    blp0[3] = 0x30;
    expect(codecError(() => decodeBlp(blp0)).detail).toMatch(/BLP0 .* separate \.b00/);
    const content = encodeBlp1Paletted(randomPaletted(4, 4, 1, 0, 1), 0);
    content[4] = 7;
    expect(codecError(() => decodeBlp(content))).toMatchObject({ kind: 'invalid', where: 'content', offset: 4 });
    const blp2 = encodeBlp2({ kind: 'bgra', mips: [noiseImage(4, 4, 1)], alphaDepth: 8 });
    blp2[4] = 0;
    expect(codecError(() => decodeBlp(blp2))).toMatchObject({ kind: 'unsupported', where: 'type' });
  });
});

describe('BLP2', () => {
  for (const alphaBits of [0, 1, 4, 8]) {
    it(`decodes paletted levels with ${alphaBits}-bit alpha`, () => {
      const image = randomPaletted(16, 8, 5, alphaBits, 40 + alphaBits);
      const texture = decodeBlp(encodeBlp2({ kind: 'paletted', image, alphaBits }));
      expect(texture.container).toBe('blp2');
      for (const [level, mip] of texture.mips.entries()) expect(mip.rgba).toEqual(palettedToRgba(image, level));
    });
  }

  for (const [format, alphaDepth] of [
    ['dxt1', 0],
    ['dxt1', 1],
    ['dxt3', 4],
    ['dxt5', 8],
  ] as const) {
    it(
      `decodes ${format.toUpperCase()} (alpha depth ${alphaDepth}) levels pixel for pixel, NPOT 20×12 down to ` + `1×1`,
      () => {
        const mips = chain(20, 12, 5, (w, h, level) => dxtFriendlyImage(format, w, h, level + 3));
        const texture = decodeBlp(encodeBlp2({ kind: 'dxt', format, mips, alphaDepth }));
        expect(texture.mips).toHaveLength(5);
        for (const [level, mip] of texture.mips.entries()) {
          const expected = mips[level]!.rgba.slice();
          if (alphaDepth === 0) for (let index = 3; index < expected.length; index += 4) expected[index] = 255;
          expect(mip.rgba).toEqual(expected);
        }
      },
    );
  }

  it('decodes DXT data without the unused palette (first level at byte 148)', () => {
    const mip = dxtFriendlyImage('dxt5', 8, 8, 1);
    const texture = decodeBlp(
      encodeBlp2({ kind: 'dxt', format: 'dxt5', mips: [mip], alphaDepth: 8 }, { noPalette: true }),
    );
    expect(texture.mips[0]!.rgba).toEqual(mip.rgba);
  });

  it('decodes uncompressed BGRA, with alpha only when the alpha depth is non-zero', () => {
    const mips = chain(6, 3, 3, (w, h, level) => noiseImage(w, h, level));
    expect(decodeBlp(encodeBlp2({ kind: 'bgra', mips, alphaDepth: 8 })).mips.map((mip) => mip.rgba)).toEqual(
      mips.map((mip) => mip.rgba),
    );
    const opaque = decodeBlp(encodeBlp2({ kind: 'bgra', mips, alphaDepth: 0 })).mips[0]!.rgba;
    expect(opaque.filter((_, index) => index % 4 === 3).every((alpha) => alpha === 255)).toBe(true);
  });

  it('refuses DXT data shorter than its blocks and unknown DXT alpha types', () => {
    const bytes = encodeBlp2({ kind: 'dxt', format: 'dxt1', mips: [dxtFriendlyImage('dxt1', 8, 8, 1)], alphaDepth: 1 });
    expect(codecError(() => decodeBlp(bytes.subarray(0, bytes.length - 1)))).toMatchObject({
      kind: 'truncated',
      where: 'mips[0]',
    });
    const odd = bytes.slice();
    odd[10] = 5;
    expect(codecError(() => decodeBlp(odd))).toMatchObject({ kind: 'unsupported', where: 'alphaType', offset: 10 });
  });
});

import { describe, expect, it } from 'vitest';
import { completeMipChain, fullMipCount, halveMip, mipDimension, resampleMip } from './mip-chain';
import type { DecodedTexture, TextureMip } from './types';

function mip(width: number, height: number, values: number[]): TextureMip {
  const rgba = new Uint8Array(width * height * 4);
  values.forEach((value, pixel) => rgba.fill(value, pixel * 4, pixel * 4 + 4));
  return { width, height, rgba };
}

describe('mip chains', () => {
  it('counts levels down to 1×1 and sizes each level', () => {
    expect([
      fullMipCount(512, 512),
      fullMipCount(340, 202),
      fullMipCount(1, 1),
      fullMipCount(400, 400),
      fullMipCount(1, 64),
    ]).toEqual([10, 9, 1, 9, 7]);
    expect([mipDimension(340, 3), mipDimension(202, 8), mipDimension(202, 9)]).toEqual([42, 1, 1]);
  });

  it('averages integer reductions and picks the nearest pixel otherwise', () => {
    const source = mip(4, 2, [0, 10, 20, 30, 40, 50, 60, 70]);
    expect(Array.from(resampleMip(source, 2, 1).rgba.filter((_, index) => index % 4 === 0))).toEqual([25, 45]);
    expect(Array.from(resampleMip(source, 3, 1).rgba.filter((_, index) => index % 4 === 0))).toEqual([40, 60, 70]);
    expect(resampleMip(source, 4, 2)).toBe(source);
  });

  it('halves a level, averaging pairs once a side is 1 pixel', () => {
    expect(Array.from(halveMip(mip(2, 2, [0, 10, 20, 31])).rgba.subarray(0, 1))).toEqual([15]);
    expect(Array.from(halveMip(mip(1, 2, [10, 21])).rgba.subarray(0, 1))).toEqual([16]);
    expect(halveMip(mip(4, 1, [0, 0, 0, 0]))).toMatchObject({ width: 2, height: 1 });
  });

  it('completes a short chain down to 1×1', () => {
    const texture: DecodedTexture = {
      width: 8,
      height: 2,
      mips: [mip(8, 2, new Array(16).fill(90))],
      container: 'dds',
      encoding: '',
      warnings: [],
    };
    completeMipChain(texture);
    expect(texture.mips.map((level) => `${level.width}×${level.height}`)).toEqual(['8×2', '4×1', '2×1', '1×1']);
    expect(texture.mips[3]!.rgba[0]).toBe(90);
  });
});

import {
  LinearFilter,
  LinearMipmapLinearFilter,
  RepeatWrapping,
  SRGBColorSpace,
  NoColorSpace,
  ClampToEdgeWrapping,
} from 'three';
import { describe, expect, it } from 'vitest';
import { completeMipChain } from '../../shared/textures/mip-chain';
import type { DecodedTexture } from '../../shared/textures/types';
import { applyAlphaMode } from './alpha-modes';
import { createMipmappedTexture, mipUploads } from './three-texture';

function texture(width: number, height: number): DecodedTexture {
  const rgba = new Uint8Array(width * height * 4).map((_, index) => (index * 37) & 255);
  return completeMipChain({
    width,
    height,
    mips: [{ width, height, rgba }],
    container: 'blp1',
    encoding: 'test',
    warnings: [],
  });
}

describe('three.js upload', () => {
  it('hands three.js every level as mipmaps, sharing the decoded pixels', () => {
    const decoded = texture(8, 2);
    const uploads = mipUploads(decoded);
    expect(uploads.map((level) => [level.width, level.height])).toEqual([
      [8, 2],
      [4, 1],
      [2, 1],
      [1, 1],
    ]);
    expect(uploads.every((level, index) => level.data === decoded.mips[index]!.rgba)).toBe(true);
    const result = createMipmappedTexture(decoded, { name: 'Cape' });
    expect(result.mipmaps).toEqual(uploads);
    expect(result.image).toMatchObject({ width: 8, height: 2, data: decoded.mips[0]!.rgba });
    expect([result.generateMipmaps, result.flipY, result.premultiplyAlpha, result.unpackAlignment]).toEqual([
      false,
      false,
      false,
      1,
    ]);
    expect([result.minFilter, result.magFilter, result.wrapS, result.wrapT]).toEqual([
      LinearMipmapLinearFilter,
      LinearFilter,
      RepeatWrapping,
      RepeatWrapping,
    ]);
    expect(result.colorSpace).toBe(SRGBColorSpace);
    expect(result.name).toBe('Cape');
    expect(result.version).toBeGreaterThan(0); // needsUpdate set
  });

  it('uses plain linear filtering without mipmaps for a single level, and honours the options', () => {
    const single: DecodedTexture = {
      width: 2,
      height: 2,
      mips: [{ width: 2, height: 2, rgba: new Uint8Array(16) }],
      container: 'tga',
      encoding: '',
      warnings: [],
    };
    const result = createMipmappedTexture(single, {
      srgb: false,
      wrapS: ClampToEdgeWrapping,
      anisotropy: 4,
      flipY: true,
    });
    expect(result.mipmaps).toEqual([]);
    expect([result.minFilter, result.wrapS, result.wrapT, result.anisotropy, result.colorSpace, result.flipY]).toEqual([
      LinearFilter,
      ClampToEdgeWrapping,
      RepeatWrapping,
      4,
      NoColorSpace,
      true,
    ]);
  });
});

describe('alpha modes', () => {
  it(
    'black-transparent premultiplies colour by alpha and makes every pixel opaque; straight leaves pixels ' + 'alone',
    () => {
      const rgba = Uint8Array.from([200, 100, 50, 0, 200, 100, 50, 128, 200, 100, 50, 255]);
      const decoded: DecodedTexture = {
        width: 3,
        height: 1,
        mips: [{ width: 3, height: 1, rgba: rgba.slice() }],
        container: 'blp1',
        encoding: '',
        warnings: [],
      };
      expect(applyAlphaMode(decoded, 'straight').mips[0]!.rgba).toEqual(rgba);
      expect(Array.from(applyAlphaMode(decoded, 'black-transparent').mips[0]!.rgba)).toEqual([
        0, 0, 0, 255, 100, 50, 25, 255, 200, 100, 50, 255,
      ]);
    },
  );
});

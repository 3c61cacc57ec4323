import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { codecError } from '../testing/codec-error';
import { decodeTexture, detectTexture } from './decode-texture';
import {
  encodeBlp1Paletted,
  encodeDds,
  encodeTga,
  dxtFriendlyImage,
  noiseImage,
  randomPaletted,
} from './testing/encoders';

const ascii = (text: string) => new TextEncoder().encode(text);

describe('decodeTexture', () => {
  const blp = encodeBlp1Paletted(randomPaletted(4, 4, 1, 8, 1), 8);
  const dds = encodeDds({ kind: 'fourcc', fourCC: 'DXT1', mips: [dxtFriendlyImage('dxt1', 4, 4, 1)] });
  const tga = encodeTga(noiseImage(3, 3, 1), { kind: 'truecolour', bits: 24 });

  it('detects BLP and DDS by magic whatever the name, and TGA by name or a plausible header', () => {
    expect(detectTexture(blp, 'x.tga')).toBe('blp');
    expect(detectTexture(dds, 'x.blp')).toBe('dds');
    expect(detectTexture(tga, 'x.tga')).toBe('tga');
    expect(detectTexture(tga, 'no-extension')).toBe('tga');
    expect(decodeTexture(blp, 'Textures\\Cape.blp').container).toBe('blp1');
    expect(decodeTexture(dds, 'a.dds').container).toBe('dds');
    expect(decodeTexture(tga, 'a.TGA').container).toBe('tga');
  });

  it('decodes views into larger buffers (byteOffset ≠ 0) like whole arrays', () => {
    for (const [bytes, name] of [
      [blp, 'a.blp'],
      [dds, 'a.dds'],
      [tga, 'a.tga'],
    ] as const) {
      const padded = new Uint8Array(bytes.length + 7);
      padded.set(bytes, 3);
      expect(decodeTexture(padded.subarray(3, 3 + bytes.length), name).mips[0]!.rgba).toEqual(
        decodeTexture(bytes, name).mips[0]!.rgba,
      );
    }
  });

  it('refuses an MDX model saved as .blp, naming what it is and the file', () => {
    const error = codecError(() =>
      decodeTexture(ascii('MDLXVERS\x04\x00\x00\x00\x20\x03\x00\x00'), 'BTNPanicon64.blp'),
    );
    expect(error.detail).toBe('this is an MDX model, not a BLP texture');
    expect(error.message).toBe(
      'BTNPanicon64.blp: TEXTURE invalid at magic (byte 0): this is an MDX model, not a BLP texture',
    );
  });

  it('names other well-known files and unknown bytes', () => {
    expect(codecError(() => decodeTexture(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 13, 10]), 'a.blp')).detail).toBe(
      'this is a PNG image, not a BLP texture',
    );
    expect(codecError(() => decodeTexture(ascii('Version {\n\tFormatVersion 800,\n}'), 'a.dds')).detail).toBe(
      'this is an MDL model (text), not a DDS texture',
    );
    expect(codecError(() => decodeTexture(ascii('Morf'.padEnd(64, '\0')), 'cape.blp')).detail).toBe(
      'this is an MRF vertex animation, not a BLP texture',
    );
    expect(codecError(() => decodeTexture(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9]), 'x.bin')).detail).toMatch(
      /^not a texture \(BLP, TGA or DDS\): unrecognised first bytes 01 02 03/,
    );
    expect(codecError(() => decodeTexture(new Uint8Array(0), 'empty.blp'))).toMatchObject({
      kind: 'truncated',
      detail: 'the file is empty',
    });
    expect(codecError(() => decodeTexture(new Uint8Array(30), 'war3mapMap.b00')).detail).toMatch(
      /external mip level of a BLP0/,
    );
  });

  it('adds the file name to decoder errors', () => {
    const error = codecError(() => decodeTexture(blp.subarray(0, 100), 'Cape.blp'));
    expect(error.fileName).toBe('Cape.blp');
    expect(error.message).toMatch(/^Cape\.blp: BLP truncated at mipSizes\[2\] \(byte 100\)/);
  });

  it('refuses a 40-byte file claiming 65535 × 65535 without allocating for it', () => {
    for (const magic of ['BLP1', 'BLP2', 'DDS ']) {
      const bytes = new Uint8Array(40);
      bytes.set(ascii(magic));
      const view = new DataView(bytes.buffer);
      for (const offset of [12, 16]) view.setUint32(offset, 65535, true);
      expect(() => decodeTexture(bytes, 'big')).toThrow(CodecError);
    }
    const tga = new Uint8Array(40);
    tga.set([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 32, 8]);
    expect(codecError(() => decodeTexture(tga, 'big.tga')).kind).toBe('limit');
  });
});

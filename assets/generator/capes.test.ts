import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readMrf } from '../../shared/mrf/read';
import { mrfTiming } from '../../shared/mrf/sample';
import { firstDifference } from '../../shared/mrf/testing/fixtures';
import { validateMrf } from '../../shared/mrf/validate';
import { CAPE_TEXTURE_FILE, CAPE_TEXTURE_PATH, SAMPLE_DATA_FOLDER, capeAssets } from './capes';
import { TGA_HEADER_BYTE_SIZE } from './tga';

const root = join(import.meta.dirname, '..', '..');

afterEach(() => vi.restoreAllMocks());

describe('sample cape generator', () => {
  const random = vi.spyOn(Math, 'random').mockImplementation(() => {
    throw new Error('generators must not use Math.random');
  });
  const assets = capeAssets.generate();
  random.mockRestore();

  it('regenerates exactly the committed files (deterministic, and the commit is up to date)', () => {
    expect(assets).toHaveLength(7);
    for (const asset of assets) {
      const committed = new Uint8Array(readFileSync(join(root, asset.path)));
      expect(firstDifference(asset.bytes, committed), `${asset.path} differs: run npm run assets`).toBe(-1);
    }
  });

  it('writes six clean, lower-case arthascape MRFs of a few hundred vertices and 100–150 keyframes at 30 fps', () => {
    const capes = assets.filter((asset) => asset.path.endsWith('.mrf'));
    expect(capes.map((asset) => asset.path)).toEqual(
      ['0000', '0001', '0002', '0003', '0004', '0005'].map(
        (id) => `${SAMPLE_DATA_FOLDER}/doodads/cinematic/arthasillidanfight/arthascape${id}.mrf`,
      ),
    );
    const initialTimes = new Set<number>();
    for (const asset of capes) {
      const file = readMrf(asset.bytes);
      expect(validateMrf(file), asset.path).toEqual([]);
      expect(file.uvs.length / 2).toBeGreaterThanOrEqual(200);
      expect(file.uvs.length / 2).toBeLessThan(1000);
      expect(file.keyframes.length).toBeGreaterThanOrEqual(100);
      expect(file.keyframes.length).toBeLessThanOrEqual(150);
      expect(1 / file.header.frameInterval).toBeCloseTo(30, 4);
      expect(file.texturePath).toBe(CAPE_TEXTURE_PATH.slice(0, CAPE_TEXTURE_PATH.indexOf('.')));
      expect(mrfTiming(file).moveEndSeconds).toBeGreaterThan(3);
      initialTimes.add(file.header.initialTime);
    }
    expect([...initialTimes].some((time) => time !== 0)).toBe(true);
  });

  it('animates the cloth: the hem moves between keyframes while the collar stays put', () => {
    const file = readMrf(assets[0]!.bytes);
    const collar = 7 * 6;
    const hem = (file.uvs.length / 2 - 8) * 6;
    const first = file.keyframes[0]!;
    const middle = file.keyframes[60]!;
    expect(middle[collar + 2]).toBe(first[collar + 2]);
    expect(
      Math.hypot(middle[hem]! - first[hem]!, middle[hem + 1]! - first[hem + 1]!, middle[hem + 2]! - first[hem + 2]!),
    ).toBeGreaterThan(3);
  });

  it('writes the texture the capes point to: a 32-bit TGA of dark red cloth with gold trim', () => {
    const texture = assets.find((asset) => asset.path.endsWith('.tga'))!;
    expect(texture.path).toBe(`${SAMPLE_DATA_FOLDER}/${CAPE_TEXTURE_FILE}`);
    expect(CAPE_TEXTURE_FILE.replace('.tga', '')).toBe(
      CAPE_TEXTURE_PATH.replace('.blp', '').replace('\\', '/').toLowerCase(),
    );
    const view = new DataView(texture.bytes.buffer, texture.bytes.byteOffset);
    expect([view.getUint8(2), view.getUint16(12, true), view.getUint16(14, true), view.getUint8(16)]).toEqual([
      2, 256, 256, 32,
    ]);
    const pixel = (x: number, yFromTop: number) => {
      const at = TGA_HEADER_BYTE_SIZE + ((255 - yFromTop) * 256 + x) * 4;
      return {
        blue: texture.bytes[at]!,
        green: texture.bytes[at + 1]!,
        red: texture.bytes[at + 2]!,
        alpha: texture.bytes[at + 3]!,
      };
    };
    const cloth = pixel(40, 150);
    expect(cloth.red).toBeGreaterThan(cloth.green * 3);
    expect(cloth.alpha).toBe(255);
    const trim = pixel(2, 233);
    expect(trim.red).toBeGreaterThan(120);
    expect(trim.green).toBeGreaterThan(80);
    expect(trim.blue).toBeLessThan(trim.green);
  });
});

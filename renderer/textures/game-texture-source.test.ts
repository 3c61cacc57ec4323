import { describe, expect, it } from 'vitest';
import type { DataFileEntry, GamePathRead, GamePathResolution } from '../../shared/contract/contract';
import { encodeBlp1Paletted, palettedToRgba, randomPaletted } from '../../shared/textures/testing/encoders';
import { createGameTextureSource } from './game-texture-source';
import { createTextureDecoder } from './texture-decoder';

const image = randomPaletted(4, 4, 1, 8, 4);
const files: Record<string, Uint8Array> = {
  'textures\\cape': encodeBlp1Paletted(image, 8),
  'textures\\other': encodeBlp1Paletted(randomPaletted(2, 2, 1, 0, 1), 0),
};

const host = {
  async resolveGamePath({ gamePath }: { gamePath: string }): Promise<GamePathResolution> {
    const key = gamePath.toLowerCase().replace(/\.blp$/, '');
    const entry: DataFileEntry = { gamePath, path: `C:\\War3\\${key}.blp`, folder: 'C:\\War3', size: 0 };
    return files[key]
      ? { status: 'found', gamePath, entry }
      : { status: 'missing', gamePath, tried: [`${gamePath}.blp`] };
  },
  async readGamePath({ gamePath }: { gamePath: string }): Promise<GamePathRead> {
    const key = gamePath.toLowerCase().replace(/\.blp$/, '');
    const entry: DataFileEntry = { gamePath, path: `C:\\War3\\${key}.blp`, folder: 'C:\\War3', size: 0 };
    return { status: 'found', gamePath, entry, identity: {} as never, bytes: files[key]!.slice().buffer };
  },
};

describe('game texture source', () => {
  it('shares one GPU texture between spellings of a file, prepared for MRF meshes', async () => {
    const source = createGameTextureSource(host, { decoder: createTextureDecoder(null) });
    const a = await source('Textures\\Cape');
    const b = await source('textures\\cape.blp');
    expect(a.texture).not.toBeNull();
    expect(b.texture).toBe(a.texture);
    expect(a.status).toEqual({
      status: 'ready',
      resolvedPath: 'C:\\War3\\textures\\cape.blp',
      reason: null,
      width: 4,
      height: 4,
    });
    const expected = palettedToRgba(image, 0);
    const top = a.texture!.image.data as Uint8Array;
    for (let index = 0; index < expected.length; index += 4) {
      expect(top[index]).toBe(Math.round((expected[index]! * expected[index + 3]!) / 255));
      expect(top[index + 3]).toBe(255);
    }
    expect(a.texture!.mipmaps).toHaveLength(3);
  });

  it('reports a missing texture with a reason and no texture', async () => {
    const source = createGameTextureSource(host, { decoder: createTextureDecoder(null) });
    expect(await source('Textures\\Gone')).toEqual({
      texture: null,
      status: {
        status: 'missing',
        resolvedPath: null,
        reason: 'not in any data folder (looked for Textures\\Gone.blp)',
        width: 0,
        height: 0,
      },
    });
  });

  it('disposes the GPU texture of an evicted or invalidated file and uploads anew next time', async () => {
    const source = createGameTextureSource(host, { decoder: createTextureDecoder(null), maxEntries: 1 });
    const first = (await source('Textures\\Cape')).texture!;
    let disposed = 0;
    first.addEventListener('dispose', () => void (disposed += 1));
    await source('Textures\\Other'); // evicts the cape
    expect(disposed).toBe(1);
    const again = (await source('Textures\\Cape')).texture!;
    expect(again).not.toBe(first);
    again.addEventListener('dispose', () => void (disposed += 1));
    source.invalidate('C:\\War3\\textures\\cape.blp');
    expect(disposed).toBe(2);
    source.dispose();
  });
});

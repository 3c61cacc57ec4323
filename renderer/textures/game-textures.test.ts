import { describe, expect, it } from 'vitest';
import type { DataFileEntry, GamePathRead, GamePathResolution } from '../../shared/contract/contract';
import { encodeBlp1Paletted, randomPaletted } from '../../shared/textures/testing/encoders';
import { loadGameTexture } from './game-textures';
import { TextureCache } from './texture-cache';
import { createTextureDecoder } from './texture-decoder';

const cape = encodeBlp1Paletted(randomPaletted(4, 4, 1, 8, 1), 8);

/** A host whose data folder holds `files` (game path, lower-cased, without extension → file). */
function fakeHost(files: Record<string, { path: string; bytes: Uint8Array }>) {
  const calls = { resolve: 0, read: 0 };
  const find = (gamePath: string) => files[gamePath.toLowerCase().replace(/\.(blp|tga|dds)$/, '')];
  const entry = (gamePath: string, path: string): DataFileEntry => ({ gamePath, path, folder: 'C:\\War3', size: 0 });
  return {
    calls,
    host: {
      async resolveGamePath({ gamePath }: { gamePath: string }): Promise<GamePathResolution> {
        calls.resolve += 1;
        const file = find(gamePath);
        return file
          ? { status: 'found', gamePath, entry: entry(gamePath, file.path) }
          : { status: 'missing', gamePath, tried: [`${gamePath}.blp`, `${gamePath}.tga`, `${gamePath}.dds`] };
      },
      async readGamePath({ gamePath }: { gamePath: string }): Promise<GamePathRead> {
        calls.read += 1;
        const file = find(gamePath);
        if (!file) return { status: 'missing', gamePath, tried: [] };
        return {
          status: 'found',
          gamePath,
          entry: entry(gamePath, file.path),
          identity: { size: file.bytes.length, mtimeMs: 0, sha256: '' } as never,
          bytes: file.bytes.slice().buffer,
        };
      },
    },
  };
}

describe('game textures', () => {
  it('decodes a game path once for every spelling that resolves to the same file', async () => {
    const { host, calls } = fakeHost({ 'textures\\cape': { path: 'C:\\War3\\Textures\\Cape.blp', bytes: cape } });
    const cache = new TextureCache({ decoder: createTextureDecoder(null) });
    const first = await loadGameTexture(cache, host, 'Textures\\Cape');
    const second = await loadGameTexture(cache, host, 'textures\\CAPE.blp');
    expect(first).toMatchObject({ status: 'ready', resolvedPath: 'C:\\War3\\Textures\\Cape.blp' });
    expect(second.status === 'ready' && first.status === 'ready' && second.texture === first.texture).toBe(true);
    expect(calls).toEqual({ resolve: 2, read: 1 });
  });

  it('says where it looked for a missing texture, and why an unreadable one was refused', async () => {
    const { host } = fakeHost({
      'textures\\broken': { path: 'C:\\War3\\Textures\\Broken.blp', bytes: cape.subarray(0, 300) },
    });
    const cache = new TextureCache({ decoder: createTextureDecoder(null) });
    expect(await loadGameTexture(cache, host, 'Textures\\Gone')).toEqual({
      status: 'missing',
      gamePath: 'Textures\\Gone',
      resolvedPath: null,
      reason: 'not in any data folder (looked for Textures\\Gone.blp, Textures\\Gone.tga, Textures\\Gone.dds)',
    });
    const broken = await loadGameTexture(cache, host, 'Textures\\Broken');
    expect(broken).toMatchObject({ status: 'unreadable', resolvedPath: 'C:\\War3\\Textures\\Broken.blp' });
    expect(broken.status === 'unreadable' && broken.reason).toMatch(
      /^Broken\.blp: BLP truncated at palette \(byte 156\)/,
    );
  });
});

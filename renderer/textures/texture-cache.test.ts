import { describe, expect, it } from 'vitest';
import type { DecodedTexture } from '../../shared/textures/types';
import { TextureCache, textureByteSize } from './texture-cache';
import type { TextureDecoder, TexturePreparation } from './texture-decoder';

/** A decoder that makes a `size × size` one-level texture from the first byte, counting calls. */
function countingDecoder() {
  const calls: { fileName: string; preparation: TexturePreparation | undefined }[] = [];
  let fail = false;
  const decoder: TextureDecoder = {
    async decode(bytes, fileName, preparation) {
      calls.push({ fileName, preparation });
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (fail) throw new Error(`cannot decode ${fileName}`);
      const size = new Uint8Array(bytes)[0] ?? 1;
      return {
        width: size,
        height: size,
        mips: [{ width: size, height: size, rgba: new Uint8Array(size * size * 4) }],
        container: 'tga',
        encoding: 'test',
        warnings: [],
      } satisfies DecodedTexture;
    },
    dispose() {},
  };
  return { decoder, calls, failNext: (value: boolean) => void (fail = value) };
}

function loader(size: number) {
  const counter = { loads: 0, load: async () => (counter.loads++, Uint8Array.from([size]).buffer) };
  return counter;
}

describe('texture cache', () => {
  it('shares one load and one decode between concurrent requests, then serves the cached levels', async () => {
    const { decoder, calls } = countingDecoder();
    const cache = new TextureCache({ decoder });
    const bytes = loader(4);
    const [a, b] = await Promise.all([
      cache.request('C:\\War3\\Textures\\Cape.blp', bytes.load),
      cache.request('C:\\War3\\Textures\\Cape.blp', bytes.load),
    ]);
    expect(a).toBe(b);
    const c = await cache.request('C:\\War3\\Textures\\Cape.blp', bytes.load);
    expect(c).toBe(a);
    expect(bytes.loads).toBe(1);
    expect(calls).toEqual([{ fileName: 'Cape.blp', preparation: { alpha: 'straight', completeChain: true } }]);
    expect(cache.peek('C:\\War3\\Textures\\Cape.blp')).toBe(a);
    expect(cache.stats).toEqual({ entries: 1, bytes: 64 });
  });

  it('keeps each preparation of a path apart', async () => {
    const { decoder, calls } = countingDecoder();
    const cache = new TextureCache({ decoder });
    const straight = await cache.request('a.blp', loader(2).load);
    const black = await cache.request('a.blp', loader(2).load, { alpha: 'black-transparent', completeChain: true });
    expect(straight).not.toBe(black);
    expect(calls.map((call) => call.preparation?.alpha)).toEqual(['straight', 'black-transparent']);
  });

  it('does not cache failures, so a later request tries again', async () => {
    const { decoder, failNext } = countingDecoder();
    const cache = new TextureCache({ decoder });
    failNext(true);
    await expect(cache.request('bad.blp', loader(2).load)).rejects.toThrow(/cannot decode bad\.blp/);
    expect(cache.stats.entries).toBe(0);
    failNext(false);
    await expect(cache.request('bad.blp', loader(2).load)).resolves.toMatchObject({ width: 2 });
    const failingLoad = async (): Promise<ArrayBuffer> => {
      throw new Error('missing in every data folder');
    };
    await expect(cache.request('missing.blp', failingLoad)).rejects.toThrow(/missing/);
    expect(cache.peek('missing.blp')).toBeUndefined();
  });

  it('evicts the least recently used entries beyond the entry limit', async () => {
    const evicted: string[] = [];
    const cache = new TextureCache({
      decoder: countingDecoder().decoder,
      maxEntries: 2,
      onEvict: (path) => evicted.push(path),
    });
    await cache.request('a', loader(1).load);
    await cache.request('b', loader(1).load);
    await cache.request('a', loader(1).load); // touch a: b is now the least recently used
    await cache.request('c', loader(1).load);
    expect(evicted).toEqual(['b']);
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')].map(Boolean)).toEqual([true, false, true]);
  });

  it('evicts by pixel bytes, but never the texture just decoded', async () => {
    const cache = new TextureCache({ decoder: countingDecoder().decoder, maxBytes: 5000 });
    await cache.request('small-1', loader(16).load); // 1024 bytes
    await cache.request('small-2', loader(16).load);
    expect(cache.stats.bytes).toBe(2048);
    const big = await cache.request('big', loader(40).load); // 6400 bytes: over the budget alone
    expect(textureByteSize(big)).toBe(6400);
    expect(cache.peek('small-1')).toBeUndefined();
    expect(cache.peek('small-2')).toBeUndefined();
    expect(cache.peek('big')).toBe(big);
    expect(cache.stats).toEqual({ entries: 1, bytes: 6400 });
  });

  it('drops an invalidated path, including a load still in flight', async () => {
    const evicted: string[] = [];
    const cache = new TextureCache({ decoder: countingDecoder().decoder, onEvict: (path) => evicted.push(path) });
    await cache.request('a', loader(2).load);
    const inFlight = cache.request('b', loader(2).load);
    cache.invalidate('a');
    cache.invalidate('b');
    await inFlight;
    expect(evicted).toEqual(['a']);
    expect(cache.stats).toEqual({ entries: 0, bytes: 0 });
    const bytes = loader(2);
    await cache.request('b', bytes.load);
    expect(bytes.loads).toBe(1);
  });

  it('transfers a private copy when the loader returns a view, leaving the caller’s bytes intact', async () => {
    const seen: ArrayBuffer[] = [];
    const decoder: TextureDecoder = {
      async decode(bytes) {
        seen.push(bytes);
        return {
          width: 1,
          height: 1,
          mips: [{ width: 1, height: 1, rgba: new Uint8Array(4) }],
          container: 'tga',
          encoding: '',
          warnings: [],
        };
      },
      dispose() {},
    };
    const backing = new Uint8Array([9, 9, 1, 2, 3, 9]);
    await new TextureCache({ decoder }).request('v', async () => backing.subarray(2, 5));
    expect(Array.from(new Uint8Array(seen[0]!))).toEqual([1, 2, 3]);
    expect(seen[0]).not.toBe(backing.buffer);
  });
});

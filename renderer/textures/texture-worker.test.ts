import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeBlp1Paletted, palettedToRgba, randomPaletted } from '../../shared/textures/testing/encoders';
import type { TextureDecodeResponse } from './texture-decoder';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('texture worker entry', () => {
  it('answers a request by posting the decoded levels with their buffers in the transfer list', async () => {
    const posted: { message: TextureDecodeResponse; options: { transfer: ArrayBuffer[] } }[] = [];
    const scope: {
      onmessage: ((event: MessageEvent) => void) | null;
      postMessage: (message: TextureDecodeResponse, options: { transfer: ArrayBuffer[] }) => void;
    } = {
      onmessage: null,
      postMessage: (message, options) => void posted.push({ message, options }),
    };
    vi.stubGlobal('self', scope);
    await import('./texture-worker');
    const image = randomPaletted(4, 4, 1, 0, 2);
    scope.onmessage!({
      data: {
        id: 3,
        bytes: encodeBlp1Paletted(image, 0).slice().buffer,
        fileName: 'a.blp',
        preparation: { alpha: 'straight', completeChain: false },
      },
    } as MessageEvent);
    expect(posted).toHaveLength(1);
    const { message, options } = posted[0]!;
    expect(message.ok && message.id === 3).toBe(true);
    if (!message.ok) return;
    expect(message.texture.mips[0]!.rgba).toEqual(palettedToRgba(image, 0));
    expect(options.transfer).toEqual([message.texture.mips[0]!.rgba.buffer]);
  });
});

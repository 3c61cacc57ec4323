import { describe, expect, it } from 'vitest';
import { CodecError } from '../../shared/binary/codec-error';
import { encodeBlp1Paletted, palettedToRgba, randomPaletted } from '../../shared/textures/testing/encoders';
import {
  answerTextureRequest,
  createTextureDecoder,
  decodeAndPrepare,
  type TextureDecodeRequest,
  type TextureDecodeResponse,
} from './texture-decoder';

/**
 * A stand-in for a module Worker that runs the worker's code after a tick, moving messages with
 * structuredClone and the transfer list, so transferred buffers really are detached.
 */
class FakeWorker {
  onmessage: ((event: MessageEvent<TextureDecodeResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  requests = 0;
  crashNext = false;

  postMessage(message: TextureDecodeRequest, transfer: Transferable[]): void {
    this.requests += 1;
    const request = structuredClone(message, { transfer });
    setTimeout(() => {
      if (this.terminated) return;
      if (this.crashNext) {
        this.onerror?.({ message: 'out of memory' } as ErrorEvent);
        return;
      }
      const { response, transfer: back } = answerTextureRequest(request);
      this.onmessage?.({ data: structuredClone(response, { transfer: back }) } as MessageEvent<TextureDecodeResponse>);
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}

const image = randomPaletted(8, 4, 2, 8, 3);
const blp = () => encodeBlp1Paletted(image, 8).slice().buffer;

describe('texture decoder', () => {
  it('decodes in the worker, transferring the bytes there and the levels back', async () => {
    const worker = new FakeWorker();
    const decoder = createTextureDecoder(() => worker as unknown as Worker);
    const bytes = blp();
    const texture = await decoder.decode(bytes, 'Cape.blp', { alpha: 'straight', completeChain: false });
    expect(bytes.byteLength).toBe(0); // transferred, not copied
    expect(worker.requests).toBe(1);
    expect(texture.mips.map((mip) => mip.rgba)).toEqual([palettedToRgba(image, 0), palettedToRgba(image, 1)]);
    decoder.dispose();
    expect(worker.terminated).toBe(true);
  });

  it('lists each level’s buffer once for the transfer back', () => {
    const { response, transfer } = answerTextureRequest({
      id: 7,
      bytes: blp(),
      fileName: 'a.blp',
      preparation: { alpha: 'straight', completeChain: true },
    });
    expect(response.ok).toBe(true);
    if (!response.ok) return;
    expect(response.texture.mips).toHaveLength(4); // 8×4 → 4×2 stored, 2×1 and 1×1 completed
    expect(transfer).toHaveLength(4);
    expect(new Set(transfer).size).toBe(4);
  });

  it('brings a refusal back as a CodecError with the field and offset', async () => {
    const decoder = createTextureDecoder(() => new FakeWorker() as unknown as Worker);
    const truncated = new Uint8Array(blp()).slice(0, 1190).buffer;
    const error = await decoder.decode(truncated, 'Cape.blp').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CodecError);
    expect(error).toMatchObject({
      format: 'blp',
      kind: 'truncated',
      where: 'mips[0]',
      offset: 1180,
      fileName: 'Cape.blp',
    });
  });

  it('decodes inline when no worker can be started', async () => {
    const decoder = createTextureDecoder(() => {
      throw new Error('no workers here');
    });
    const texture = await decoder.decode(blp(), 'Cape.blp');
    expect(texture.mips[0]!.rgba).toEqual(palettedToRgba(image, 0));
    await expect(decoder.decode(new ArrayBuffer(4), 'x.blp')).rejects.toBeInstanceOf(CodecError);
  });

  it(
    'rejects pending decodes when the worker fails or the decoder is closed, and starts a new worker after a ' +
      'crash',
    async () => {
      const workers: FakeWorker[] = [];
      const decoder = createTextureDecoder(() => {
        workers.push(new FakeWorker());
        return workers.at(-1) as unknown as Worker;
      });
      workers.length = 0;
      const first = decoder.decode(blp(), 'a.blp');
      workers[0]!.crashNext = true;
      await expect(first).rejects.toThrow(/texture worker failed: out of memory/);
      expect(workers[0]!.terminated).toBe(true);
      await expect(decoder.decode(blp(), 'b.blp')).resolves.toMatchObject({ width: 8, height: 4 });
      expect(workers).toHaveLength(2);
      const pending = decoder.decode(blp(), 'c.blp');
      decoder.dispose();
      await expect(pending).rejects.toThrow(/closed/);
    },
  );

  it('prepares MRF textures with transparent pixels black', () => {
    const texture = decodeAndPrepare(new Uint8Array(blp()), 'Cape.blp', {
      alpha: 'black-transparent',
      completeChain: false,
    });
    const expected = palettedToRgba(image, 0);
    for (let index = 0; index < expected.length; index += 4) {
      const alpha = expected[index + 3]!;
      expect(texture.mips[0]!.rgba[index]).toBe(Math.round((expected[index]! * alpha) / 255));
      expect(texture.mips[0]!.rgba[index + 3]).toBe(255);
    }
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelCodec } from '../../shared/events';
import {
  answerParseRequest,
  createModelParser,
  ModelParseError,
  type ParseRequest,
  type ParseResponse,
} from './model-parser';

const sampleModel = join(import.meta.dirname, '..', '..', 'assets', 'sample', 'ArthasIllidanSample.mdx');
const sampleBytes = (length?: number): ArrayBuffer => new Uint8Array(readFileSync(sampleModel)).slice(0, length).buffer;

/** A stand-in Worker running model-worker.ts's answer after a tick, through structuredClone with the transfer list. */
class FakeWorker {
  onmessage: ((event: MessageEvent<ParseResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;

  postMessage(message: ParseRequest, transfer: Transferable[]): void {
    const request = structuredClone(message, { transfer });
    setTimeout(() => {
      if (!this.terminated)
        this.onmessage?.({
          data: structuredClone(answerParseRequest(modelCodec, request).response),
        } as MessageEvent<ParseResponse>);
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}

describe('model parser', () => {
  it('parses in the worker started by warm(), transferring the bytes', async () => {
    let starts = 0;
    const parser = createModelParser(() => {
      starts += 1;
      return new FakeWorker() as unknown as Worker;
    }, null);
    parser.warm();
    expect(starts).toBe(1);
    const bytes = sampleBytes();
    const document = await parser.parse(bytes, 'ArthasIllidanSample.mdx');
    expect(bytes.byteLength).toBe(0); // transferred, not copied
    expect(document.links.map((link) => link.id)).toEqual(['0000', '0001', '0002', '0003', '0004', '0005']);
    expect(starts).toBe(1);
    parser.dispose();
  });

  it('brings a refusal back as a ModelParseError naming the field and byte offset', async () => {
    const parser = createModelParser(() => new FakeWorker() as unknown as Worker, null);
    const error = await parser.parse(sampleBytes(200), 'Cut.mdx').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelParseError);
    expect(error).toMatchObject({
      causeName: 'CodecError',
      message: expect.stringMatching(/MODL chunk .*\(byte 16\)/),
    });
  });

  it('parses inline with the codec when no worker can be started, and refuses without a codec', async () => {
    const inline = createModelParser(null, modelCodec);
    await expect(inline.parse(sampleBytes(), 'ArthasIllidanSample.mdx')).resolves.toMatchObject({ format: 'mdx' });
    await expect(inline.parse(new Uint8Array([1, 2, 3, 4]).buffer, 'x.mdx')).rejects.toMatchObject({
      name: 'ModelParseError',
      causeName: 'CodecError',
    });
    const unavailable = createModelParser(() => {
      throw new Error('no workers here');
    }, null);
    await expect(unavailable.parse(sampleBytes(), 'a.mdx')).rejects.toMatchObject({
      name: 'ModelParseError',
      causeName: 'Unavailable',
    });
  });
});

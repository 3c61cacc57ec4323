import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelCodec } from '../../shared/events';
import { FakeModelWorker } from '../testing/fake-model-worker';
import { createModelParser, ModelParseError } from './model-parser';

const sampleModel = join(import.meta.dirname, '..', '..', 'assets', 'sample', 'ArthasIllidanSample.mdx');
const sampleBytes = (length?: number): ArrayBuffer => new Uint8Array(readFileSync(sampleModel)).slice(0, length).buffer;
const sampleMdl = sampleModel.replace(/\.mdx$/, '.mdl');
const sampleMdlBytes = (): ArrayBuffer => new Uint8Array(readFileSync(sampleMdl)).buffer;

describe('model parser', () => {
  it('parses MDL text over the inline size in the worker started by warm(), transferring the bytes', async () => {
    let starts = 0;
    const parser = createModelParser(
      () => {
        starts += 1;
        return new FakeModelWorker() as unknown as Worker;
      },
      modelCodec,
      0, // every MDL goes to the worker
    );
    parser.warm();
    expect(starts).toBe(1);
    const bytes = sampleMdlBytes();
    const { document, base } = await parser.parse(bytes, 'ArthasIllidanSample.mdl');
    expect(bytes.byteLength).toBe(0); // transferred, not copied
    expect(document.format).toBe('mdl');
    expect(document.links.map((link) => link.id)).toEqual(['0000', '0001', '0002', '0003', '0004', '0005']);
    expect(starts).toBe(1);
    // The buffer came back with the document.
    expect(base.buffer.byteLength).toBe(readFileSync(sampleMdl).byteLength);
    parser.dispose();
  });

  it('reads a binary MDX here (its chunks are views of the bytes), giving the worker a copy as its base', async () => {
    const worker = new FakeModelWorker();
    const parser = createModelParser(() => worker as unknown as Worker, modelCodec);
    const bytes = sampleBytes();
    const { document, base } = await parser.parse(bytes, 'ArthasIllidanSample.mdx');
    expect(base.buffer).toBe(bytes); // read where it is: never detached
    expect(base.id).not.toBeNull();
    expect(document.links.map((link) => link.id)).toEqual(['0000', '0001', '0002', '0003', '0004', '0005']);
    expect(
      modelCodec
        .modelPieces(document)
        .filter((piece) => piece.byteLength > 8)
        .every((piece) => piece.buffer === base.buffer),
    ).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(worker.requests).toEqual(['keep']);
    parser.dispose();
  });

  it('assembles an edited file in the worker from its copy of the file and the pieces the edit made', async () => {
    const worker = new FakeModelWorker();
    const parser = createModelParser(() => worker as unknown as Worker, modelCodec);
    const { document, base } = await parser.parse(sampleBytes(), 'ArthasIllidanSample.mdx');
    const edited = modelCodec.applyEdit(document, {
      kind: 'moveKeys',
      keys: [{ objectIndex: 0, frameIndex: 0 }],
      deltaMs: 250,
    });
    const assembled = await parser.assemble(edited, base);
    expect(Buffer.compare(assembled, modelCodec.writeModel(edited))).toBe(0);
    expect(Buffer.compare(assembled, modelCodec.writeModel(document))).not.toBe(0);
    parser.release(base);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(worker.requests).toEqual(['keep', 'assemble', 'release']);
    // After the release, the worker no longer holds the file.
    await expect(parser.assemble(edited, base)).rejects.toMatchObject({ message: /holds no file/ });
    parser.dispose();
  });

  it('brings a refusal back as a ModelParseError naming the field and byte offset', async () => {
    const parser = createModelParser(() => new FakeModelWorker() as unknown as Worker, modelCodec);
    const error = await parser.parse(sampleBytes(200), 'Cut.mdx').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelParseError);
    expect(error).toMatchObject({
      causeName: 'CodecError',
      message: expect.stringMatching(/MODL chunk .*\(byte 16\)/),
    });
  });

  it('parses inline with the codec when no worker can be started (or its factory throws)', async () => {
    const inline = createModelParser(null, modelCodec);
    const parsed = await inline.parse(sampleBytes(), 'ArthasIllidanSample.mdx');
    expect(parsed).toMatchObject({ document: { format: 'mdx' }, base: { id: null } });
    const edited = modelCodec.applyEdit(parsed.document, { kind: 'removeLink', id: '0003' });
    expect(Buffer.compare(await inline.assemble(edited, parsed.base), modelCodec.writeModel(edited))).toBe(0);
    await expect(inline.parse(new Uint8Array([1, 2, 3, 4]).buffer, 'x.mdx')).rejects.toMatchObject({
      name: 'ModelParseError',
      causeName: 'CodecError',
    });
    const failing = createModelParser(() => {
      throw new Error('no workers here');
    }, modelCodec);
    await expect(failing.parse(sampleBytes(), 'a.mdx')).resolves.toMatchObject({ base: { id: null } });
  });
});

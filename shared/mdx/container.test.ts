/**
 * The container on its own, with chunks it knows nothing about: the walk, the bytes a chunk's size leaves out (tracks
 * the caller names), the refusals, and edits of the chunk list. What chunks mean is the model's (shared/model).
 */
import { describe, expect, it } from 'vitest';
import { BinaryWriter } from '../binary/writer';
import { codecError } from '../testing/codec-error';
import {
  chunkPositions,
  findChunk,
  insertChunk,
  mdxPieces,
  newChunk,
  readMdxChunks,
  replaceChunkBody,
  writeMdx,
} from './container';

/** `MDLX`, then each chunk; `after` bytes follow a chunk without being counted in its size. */
function file(chunks: readonly { tag: string; body: number[]; after?: Uint8Array }[]): Uint8Array {
  const writer = new BinaryWriter();
  writer.tag('MDLX');
  for (const chunk of chunks) {
    writer.tag(chunk.tag).u32(chunk.body.length).bytes(Uint8Array.from(chunk.body));
    if (chunk.after) writer.bytes(chunk.after);
  }
  return writer.finish().slice();
}

/** A one-component track of `keys` linear keys. */
function track(tag: string, keys: number): Uint8Array {
  const writer = new BinaryWriter();
  writer.tag(tag).u32(keys).u32(1).i32(-1);
  for (let key = 0; key < keys; key += 1) writer.i32(key * 100).f32(key);
  return writer.finish().slice();
}

const noTracks = () => 0;
const oneComponent = (tag: string) => (tag === 'KXYZ' ? 1 : 0);

describe('the MDX container', () => {
  it('walks the chunk table, keeping every chunk (unknown, empty) as a view, and writes it back', () => {
    const bytes = file([
      { tag: 'AAAA', body: [1, 2, 3, 4] },
      { tag: 'BBBB', body: [] },
      { tag: 'zz99', body: [9, 9, 9] },
    ]);
    const chunks = readMdxChunks(bytes, noTracks);
    expect(chunks.map((chunk) => [chunk.tag, chunk.offset, chunk.body.byteLength])).toEqual([
      ['AAAA', 4, 4],
      ['BBBB', 16, 0],
      ['zz99', 24, 3],
    ]);
    expect(chunks[0]!.body.buffer).toBe(bytes.buffer);
    expect(writeMdx({ chunks })).toEqual(bytes);
    expect(mdxPieces({ chunks }).reduce((total, piece) => total + piece.byteLength, 0)).toBe(bytes.byteLength);
    expect(chunkPositions({ chunks })).toEqual([4, 16, 24]);
  });

  it('keeps the tracks a chunk size leaves out as its trailing bytes, for the tags the caller names', () => {
    const leftOut = track('KXYZ', 2);
    const bytes = file([
      { tag: 'AAAA', body: [1, 2, 3, 4], after: leftOut },
      { tag: 'BBBB', body: [] },
    ]);
    const chunks = readMdxChunks(bytes, oneComponent);
    expect(chunks.map((chunk) => chunk.tag)).toEqual(['AAAA', 'BBBB']);
    expect(chunks[0]!.trailing).toEqual(leftOut);
    expect(writeMdx({ chunks })).toEqual(bytes);
    // Without knowing the track, its tag is read as the next chunk's, and the walk cannot go on.
    expect(['truncated', 'invalid']).toContain(codecError(() => readMdxChunks(bytes, noTracks)).kind);
  });

  it('refuses what is not MDX, a cut header, a tag that is not one and a size past the end', () => {
    expect(codecError(() => readMdxChunks(new TextEncoder().encode('Version {}'), noTracks)).where).toBe('magic');
    const bytes = file([{ tag: 'AAAA', body: [1, 2, 3, 4] }]);
    const cut = new Uint8Array([...bytes, 0x41, 0x41]);
    expect(codecError(() => readMdxChunks(cut, noTracks)).where).toBe('chunk[1].header');
    const garbage = new Uint8Array([...bytes, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(codecError(() => readMdxChunks(garbage, noTracks)).where).toBe('chunk[1].tag');
    const short = codecError(() => readMdxChunks(bytes.subarray(0, bytes.byteLength - 1), noTracks));
    expect([short.kind, short.where, short.offset]).toEqual(['truncated', 'AAAA chunk (chunk[0]).size', 4]);
  });

  it('replaces a body and inserts a chunk at its place in an order, keeping the other chunks', () => {
    const model = {
      chunks: readMdxChunks(
        file([
          { tag: 'AAAA', body: [1] },
          { tag: 'CCCC', body: [3] },
        ]),
        noTracks,
      ),
    };
    const replaced = replaceChunkBody(model, 1, Uint8Array.from([7, 7]));
    expect(findChunk(replaced, 'CCCC')!.body).toEqual(Uint8Array.from([7, 7]));
    expect(replaced.chunks[0]).toBe(model.chunks[0]);
    const inserted = insertChunk(replaced, newChunk('BBBB', Uint8Array.from([2])), ['AAAA', 'BBBB', 'CCCC']);
    expect(inserted.chunks.map((chunk) => chunk.tag)).toEqual(['AAAA', 'BBBB', 'CCCC']);
    expect(Array.from(writeMdx(inserted).subarray(4))).toEqual([
      ...[0x41, 0x41, 0x41, 0x41, 1, 0, 0, 0, 1],
      ...[0x42, 0x42, 0x42, 0x42, 1, 0, 0, 0, 2],
      ...[0x43, 0x43, 0x43, 0x43, 2, 0, 0, 0, 7, 7],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { readMdx } from './mdx-file';
import { findParsedChunk, readMdxModel, writeMdxModel } from './mdx-model';
import { fullModelBytes } from './testing/fixture-bytes';
import { fullModelSpec } from './testing/fixtures';
import { typedChunkReads, typedModelOf } from './typed-chunks';

describe('typedModelOf', () => {
  it('reads the container’s chunks as readMdxModel does, once per chunk', () => {
    const bytes = fullModelBytes(fullModelSpec(1000));
    const container = readMdx(bytes);
    const before = typedChunkReads.count;
    const typed = typedModelOf(container);
    expect(typedChunkReads.count - before).toBe(container.chunks.length);
    expect(writeMdxModel(typed)).toEqual(writeMdxModel(readMdxModel(bytes)));
    expect(typedModelOf(container)).toBe(typed);
    // A new chunk list sharing all but one chunk reads that one only.
    const edited = { ...container, chunks: [...container.chunks.slice(0, -1), { ...container.chunks.at(-1)! }] };
    const again = typedModelOf(edited);
    expect(typedChunkReads.count - before).toBe(container.chunks.length + 1);
    expect(again.chunks.slice(0, -1)).toEqual(typed.chunks.slice(0, -1));
    expect(findParsedChunk(again, 'SEQS')).toBe(findParsedChunk(typed, 'SEQS'));
  });
});

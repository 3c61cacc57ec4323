/**
 * The typed model of an MDX container model (the document keeps the container's chunk list), read chunk by chunk
 * with the kind modules' codecs and memoized per chunk: an edit that replaces one chunk reads that chunk alone,
 * and the same chunk list gives the same typed model object. Nothing is read twice and the file is not re-read.
 */
import type { Diagnostic } from '../diagnostics';
import type { MdxChunk, MdxModel } from '../mdx/container';
import { readTypedChunk, type TypedMdxChunk, type TypedMdxModel } from './mdx-model';

interface ChunkMemo {
  readonly version: number;
  readonly chunk: TypedMdxChunk;
  readonly diagnostics: readonly Diagnostic[];
}

const chunkMemo = new WeakMap<MdxChunk, ChunkMemo>();
const modelMemo = new WeakMap<MdxModel, TypedMdxModel>();

/** How many chunks have been read by {@link typedModelOf} (for tests: memoization means reads, not lookups). */
export const typedChunkReads = { count: 0 };

/** The typed model of `container`: each chunk typed (or kept as bytes when unknown or damaged), memoized. */
export function typedModelOf(container: MdxModel): TypedMdxModel {
  const known = modelMemo.get(container);
  if (known) return known;
  const diagnostics: Diagnostic[] = [...container.diagnostics];
  const chunks = container.chunks.map((chunk) => {
    let memo = chunkMemo.get(chunk);
    if (!memo || memo.version !== container.version) {
      const found: Diagnostic[] = [];
      typedChunkReads.count += 1;
      memo = { version: container.version, chunk: readTypedChunk(chunk, container.version, found), diagnostics: found };
      chunkMemo.set(chunk, memo);
    }
    diagnostics.push(...memo.diagnostics);
    return memo.chunk;
  });
  const model: TypedMdxModel = { version: container.version, chunks, diagnostics };
  modelMemo.set(container, model);
  return model;
}

/**
 * The typed model of an MDX file opened as its chunk list (the document keeps it), read chunk by chunk with the
 * kinds' codecs and memoized per chunk: an edit that replaces one chunk reads that chunk alone, and the same chunk
 * list gives the same typed model object. Nothing is read twice and the file is not re-read: the events view, the
 * validation pass and the preview all ask here.
 */
import type { Diagnostic } from '../diagnostics';
import type { MdxChunk } from '../mdx/container';
import type { MdxModel } from './mdx-file';
import { readTypedChunk } from './mdx-model';
import type { MdxChunkTag, MdxChunkTypes } from './registry';
import { isParsedChunk, type TypedMdxChunk, type TypedMdxModel } from './typed-model';

interface ChunkMemo {
  readonly version: number;
  readonly chunk: TypedMdxChunk;
  readonly diagnostics: readonly Diagnostic[];
}

const chunkMemo = new WeakMap<MdxChunk, ChunkMemo>();
const modelMemo = new WeakMap<MdxModel, TypedMdxModel>();

/** How many chunks have been read by {@link typedChunkOf} (for tests: memoization means reads, not lookups). */
export const typedChunkReads = { count: 0 };

/** What reading one container chunk of a model of `version` gave: its typed chunk and findings (memoized). */
export function typedChunkOf(chunk: MdxChunk, version: number): ChunkMemo {
  let memo = chunkMemo.get(chunk);
  if (!memo || memo.version !== version) {
    const found: Diagnostic[] = [];
    typedChunkReads.count += 1;
    memo = { version, chunk: readTypedChunk(chunk, version, found), diagnostics: found };
    chunkMemo.set(chunk, memo);
  }
  return memo;
}

/**
 * The typed object of the model's first chunk with `tag` (read once per chunk), or undefined when the model has
 * none or it stayed bytes (damaged: see its diagnostics).
 */
export function parsedChunkOf<Tag extends MdxChunkTag>(model: MdxModel, tag: Tag): MdxChunkTypes[Tag] | undefined {
  const chunk = model.chunks.find((candidate) => candidate.tag === tag);
  if (!chunk) return undefined;
  const typed = typedChunkOf(chunk, model.version).chunk;
  return isParsedChunk(typed) ? (typed.parsed as MdxChunkTypes[Tag]) : undefined;
}

/** The typed model of `container`: each chunk typed (or kept as bytes when unknown or damaged), memoized. */
export function typedModelOf(container: MdxModel): TypedMdxModel {
  const known = modelMemo.get(container);
  if (known) return known;
  const diagnostics: Diagnostic[] = [...container.diagnostics];
  const chunks = container.chunks.map((chunk) => {
    const memo = typedChunkOf(chunk, container.version);
    diagnostics.push(...memo.diagnostics);
    return memo.chunk;
  });
  const model: TypedMdxModel = { version: container.version, chunks, diagnostics };
  modelMemo.set(container, model);
  return model;
}

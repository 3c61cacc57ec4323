/**
 * The typed model's shape, shared by both formats: a model is its chunks in MDX order, each read into its kind's
 * typed object (`parsed`) or kept as its bytes (unknown to the model, or damaged). MDX reads into it chunk by chunk
 * (mdx-model.ts), MDL block by block (mdl-model.ts).
 */
import type { Diagnostic } from '../diagnostics';
import type { MdxChunk } from '../mdx/container';
import type { MdxChunkTag, MdxChunkTypes } from './registry';
import { VERS_BYTES } from './kinds/version';
import { DEFAULT_MDX_VERSION } from './versions';

/** A chunk read into its typed object. */
export type ParsedMdxChunk = {
  readonly [Tag in MdxChunkTag]: {
    readonly tag: Tag;
    readonly parsed: MdxChunkTypes[Tag];
    /** Tracks after the chunk that its size leaves out (see MdxChunk.trailing); normally empty. */
    readonly trailing: Uint8Array;
    /**
     * The container chunk it was read from (a view of the file's bytes), while `parsed` is what was read from it;
     * absent for chunks an edit built or changed (make those with {@link withParsed}).
     */
    readonly source?: MdxChunk;
  };
}[MdxChunkTag];

/** A chunk kept as its bytes: unknown to this codec, or damaged. */
export interface RawMdxChunk {
  readonly tag: string;
  /** The chunk's body. */
  readonly bytes: Uint8Array;
  readonly trailing: Uint8Array;
  readonly source?: MdxChunk;
}

/** One top-level chunk of a typed model. */
export type TypedMdxChunk = ParsedMdxChunk | RawMdxChunk;

/** An MDX model with every chunk it understands typed, in file order. Immutable. */
export interface TypedMdxModel {
  /** The version its layouts follow: the first VERS chunk's, or 800 without one. */
  readonly version: number;
  readonly chunks: readonly TypedMdxChunk[];
  /** The container's diagnostics, then what reading the chunks found (chunks kept as bytes, bytes kept unparsed). */
  readonly diagnostics: readonly Diagnostic[];
}

/** The chunk `chunk` with `parsed` as its typed object (its trailing bytes kept, its source dropped), for edits. */
export function withParsed<Tag extends MdxChunkTag>(
  chunk: Pick<TypedMdxChunk, 'trailing'> & { readonly tag: Tag },
  parsed: MdxChunkTypes[Tag],
): ParsedMdxChunk {
  return { tag: chunk.tag, parsed, trailing: chunk.trailing } as ParsedMdxChunk;
}

/** True when the chunk was read into its typed object. */
export function isParsedChunk(chunk: TypedMdxChunk): chunk is ParsedMdxChunk {
  return 'parsed' in chunk;
}

/** The typed object of the first chunk with `tag`, or undefined when there is none or it stayed bytes. */
export function findParsedChunk<Tag extends MdxChunkTag>(
  model: Pick<TypedMdxModel, 'chunks'>,
  tag: Tag,
): MdxChunkTypes[Tag] | undefined {
  for (const chunk of model.chunks) {
    if (chunk.tag === tag) return isParsedChunk(chunk) ? (chunk.parsed as MdxChunkTypes[Tag]) : undefined;
  }
  return undefined;
}

/** The version of a chunk list, by the container's rule: the first VERS chunk of at least 4 bytes, else 800. */
export function mdxVersionOf(chunks: readonly TypedMdxChunk[]): number {
  for (const chunk of chunks) {
    if (chunk.tag !== 'VERS') continue;
    if (isParsedChunk(chunk)) return chunk.parsed as number;
    if (chunk.bytes.byteLength >= VERS_BYTES)
      return new DataView(chunk.bytes.buffer, chunk.bytes.byteOffset, VERS_BYTES).getUint32(0, true);
  }
  return DEFAULT_MDX_VERSION;
}

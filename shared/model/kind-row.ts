/**
 * The shape of a row of the registry of kinds (registry.ts) and the MDL sides most kinds share: one object per block,
 * one list block, one run of floats.
 */
import type { ChunkCodec } from './chunk-codec';
import type { MdlReadContext } from './mdl/reader';
import type { MdlWriter } from './mdl/writer';
import type { MdlStatement } from '../mdl/tree';
import type { MdxLayout } from './versions';

/**
 * A kind's MDL side: what one top-level block of it reads into (`read`), how the blocks of a model join into the
 * chunk's value (`join`: one object per block, or lists that follow each other), and the printer of the value.
 */
export interface KindMdl<Value, Part> {
  read(context: MdlReadContext, block: MdlStatement): Part;
  join(parts: readonly Part[]): Value;
  /** Prints the value; `chunks` is the whole model (the Model block prints the counts of the others). */
  print(writer: MdlWriter, value: Value, layout: MdxLayout, chunks: readonly CountedChunk[]): void;
}

/** A chunk as the Model block's counts see it: its tag, and its typed value when it was read. */
export interface CountedChunk {
  readonly tag: string;
  readonly parsed?: unknown;
}

/** One kind: a top-level MDX chunk and MDL block. */
export interface KindRow<Tag extends string = string, Value = unknown, Part = unknown> {
  /** The MDX chunk tag. */
  readonly tag: Tag;
  /** The version that introduced the chunk. */
  readonly since: number;
  /** The MDL top-level block keyword. */
  readonly keyword: string;
  /** The block's place in the order the community's tools write MDL (their order differs from MDX's twice). */
  readonly blockRank: number;
  /** True for a kind a model holds once (a second chunk or block is kept but not read). */
  readonly single?: boolean;
  /** The Model block's count statement (`NumBones`) and where it prints among the counts. */
  readonly count?: { readonly key: string; readonly rank: number };
  /** The node kind of its objects, for a chunk of nodes (objectIds in chunk order). */
  readonly node?: string;
  /** For a chunk of fixed-size entries: bytes of its header and of each entry (0: a header and nothing else). */
  readonly fixedSize?: readonly [header: number, entry: number];
  /** True for the kind whose objects have bind poses after the nodes' (BPOS: nodes, then cameras). */
  readonly posedAfterNodes?: true;
  readonly mdx: ChunkCodec<Value>;
  readonly mdl: KindMdl<Value, Part>;
}

/** A row, its tag and node kind kept as literal types. */
export function kind<const Tag extends string, Value, Part, const Node extends string = never>(
  row: KindRow<Tag, Value, Part> & { readonly node?: Node },
): KindRow<Tag, Value, Part> & { readonly node?: Node } {
  return row;
}

/** MDL of a kind written one object per block (`Bone "Arm" { … }`): the blocks' objects in text order. */
export function objectBlocks<T>(
  read: (context: MdlReadContext, block: MdlStatement) => T,
  print: (writer: MdlWriter, value: T, index: number, layout: MdxLayout) => void,
): KindMdl<T[], T> {
  return {
    read,
    join: (parts) => [...parts],
    print: (writer, values, layout) => values.forEach((value, index) => print(writer, value, index, layout)),
  };
}

/** MDL of a kind written as one list block (`Textures 2 { Bitmap { … } … }`): a second block's list follows. */
export function listBlock<T>(
  read: (context: MdlReadContext, block: MdlStatement) => T[],
  print: (writer: MdlWriter, values: T[], layout: MdxLayout) => void,
): KindMdl<T[], T[]> {
  return { read, join: (parts) => parts.flat(), print };
}

/** MDL of a kind held as one run of floats (`PivotPoints N { { x, y, z }, … }`): a second block's floats follow. */
export function floatBlock(
  read: (context: MdlReadContext, block: MdlStatement) => Float32Array,
  print: (writer: MdlWriter, values: Float32Array) => void,
): KindMdl<Float32Array, Float32Array> {
  return {
    read,
    join: (parts) => {
      if (parts.length === 1) return parts[0]!;
      const joined = new Float32Array(parts.reduce((total, part) => total + part.length, 0));
      let at = 0;
      for (const part of parts) {
        joined.set(part, at);
        at += part.length;
      }
      return joined;
    },
    print,
  };
}

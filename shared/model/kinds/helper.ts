/**
 * HELP: helpers, each just a Node (flags 0: a helper has no kind bit).
 */
import type { BinaryWriter } from '../../binary/writer';
import { readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../../mdx/cursor';
import { readNodeMdx, writeNodeMdx, type NodeObject } from './node';
import type { MdlStatement } from '../../mdl/tree';
import { NODE_FLAG } from './node';
import { blockRules } from '../mdl/fields';
import type { MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';
import { printNodeBlockMdl, readNodeBlockMdl, type NodeKindMdl } from './node';

/** A helper: a node that only carries transformations. */
export type Helper = NodeObject;

/** Reads the helper at the cursor. */
export function readHelperMdx(cursor: MdxCursor): Helper {
  return { node: readNodeMdx(cursor) };
}

/** Writes a helper. */
export function writeHelperMdx(writer: BinaryWriter, helper: Helper): void {
  writeNodeMdx(writer, helper.node);
}

/** The HELP chunk. */
export const helpersChunkMdx: ChunkCodec<Helper[]> = {
  read: (cursor) => readObjects(cursor, 'HELP', readHelperMdx),
  write: (writer, helpers) => helpers.forEach((helper) => writeHelperMdx(writer, helper)),
};

// MDL ---------------------------------------------------------------------------------------------

/** `Helper "name" { … }`: the node alone. */
export const HELPER_MDL = { keyword: 'Helper', kindBit: NODE_FLAG.helper, rules: blockRules([]) };

/** Reads a `Helper` block. */
export function readHelperMdl(context: MdlReadContext, block: MdlStatement): Helper {
  return { node: readNodeBlockMdl(context, block, HELPER_MDL).node };
}

/** Prints a `Helper` block. */
export function printHelperMdl(writer: MdlWriter, helper: Helper): void {
  printNodeBlockMdl(writer, HELPER_MDL, helper, () => undefined);
}

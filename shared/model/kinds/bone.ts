/**
 * BONE: bones, each a Node (flag 0x100) followed by int32 geosetId and int32 geosetAnimationId
 * (-1: none). A bone has no inclusive size of its own: its size is the node's + 8.
 */
import type { BinaryWriter } from '../../binary/writer';
import { readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../../mdx/cursor';
import { readNodeMdx, writeNodeMdx, type NodeObject } from './node';
import type { MdlStatement } from '../../mdl/tree';
import { NODE_FLAG } from './node';
import { blockRules, printRules } from '../mdl/fields';
import type { MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';
import { printNodeBlockMdl, readNodeBlockMdl, type NodeKindMdl } from './node';
import { mdlDefault } from '../mdl/defaults';

/** Bytes after a bone's node: int32 geosetId, int32 geosetAnimationId. */
export const BONE_FIELD_BYTES = 8;

/** A bone. */
export interface Bone extends NodeObject {
  /** The geoset the bone belongs to, or -1 (multiple). */
  readonly geosetId: number;
  /** The geoset animation that drives its visibility, or -1. */
  readonly geosetAnimationId: number;
}

/** Reads the bone at the cursor. */
export function readBoneMdx(cursor: MdxCursor): Bone {
  const node = readNodeMdx(cursor);
  return { node, geosetId: cursor.i32('geosetId'), geosetAnimationId: cursor.i32('geosetAnimationId') };
}

/** Writes a bone. */
export function writeBoneMdx(writer: BinaryWriter, bone: Bone): void {
  writeNodeMdx(writer, bone.node);
  writer.i32(bone.geosetId).i32(bone.geosetAnimationId);
}

/** The BONE chunk. */
export const bonesChunkMdx: ChunkCodec<Bone[]> = {
  read: (cursor) => readObjects(cursor, 'BONE', readBoneMdx),
  write: (writer, bones) => bones.forEach((bone) => writeBoneMdx(writer, bone)),
};

// MDL ---------------------------------------------------------------------------------------------

/** `Bone "name" { … }`: `GeosetId Multiple` and `GeosetAnimId None` stand for -1. */
export const BONE_MDL = {
  keyword: 'Bone',
  kindBit: NODE_FLAG.bone,
  rules: blockRules([
    {
      kind: 'scalar',
      keyword: 'GeosetId',
      field: 'geosetId',
      type: 'i32',
      ...mdlDefault('Bone.GeosetId'),
      print: 'always',
      words: [[-1, 'Multiple']],
    },
    {
      kind: 'scalar',
      keyword: 'GeosetAnimId',
      field: 'geosetAnimationId',
      type: 'i32',
      ...mdlDefault('Bone.GeosetAnimId'),
      print: 'always',
      words: [[-1, 'None']],
    },
  ]),
};

/** Reads a `Bone` block. */
export function readBoneMdl(context: MdlReadContext, block: MdlStatement): Bone {
  const { node, draft } = readNodeBlockMdl(context, block, BONE_MDL);
  return { node, geosetId: draft.geosetId, geosetAnimationId: draft.geosetAnimationId };
}

/** Prints a `Bone` block. */
export function printBoneMdl(writer: MdlWriter, bone: Bone): void {
  printNodeBlockMdl(writer, BONE_MDL, bone, (where) => printRules(writer, bone, [], BONE_MDL.rules, where));
}

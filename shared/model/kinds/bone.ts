/**
 * BONE: bones, each a Node (flag 0x100) followed by int32 geosetId and int32 geosetAnimationId
 * (-1: none). A bone has no inclusive size of its own: its size is the node's + 8.
 */
import type { BinaryWriter } from '../../binary/writer';
import { readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../mdx-cursor';
import { readNodeMdx, writeNodeMdx, type NodeObject } from './node';

export { BONE_FIELD_BYTES } from '../../mdx/node-objects';

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

/**
 * The Node every object with an objectId holds (bones, lights, helpers, attachments, emitters,
 * event objects, collision shapes), and the helpers the node kinds share.
 *
 * MDX: uint32 inclusiveSize (of the node, tracks included), char[80] name, int32 objectId, int32
 * parentId (-1: none), uint32 flags, then KGTR/KGRT/KGSC tracks. Lights, attachments and the
 * emitters wrap the node in an object with its own inclusive size:
 * uint32 inclusiveSize, Node, the kind's fields, the kind's tracks.
 */
import type { BinaryWriter } from '../../binary/writer';
import { encodeName } from '../../mdx/names';
import { NODE_FIXED_BYTES, NODE_NAME_BYTES } from '../../mdx/node';
import { OBJECT_SIZE_BYTES } from '../../mdx/node-objects';
import { beginSize, patchSize } from '../chunk-codec';
import type { MdxCursor } from '../mdx-cursor';
import { readTracksMdx, writeTracksMdx, type Track } from '../track';

export { NODE_FIXED_BYTES, NODE_NAME_BYTES, NODE_FLAG, NO_PARENT } from '../../mdx/node';

export { OBJECT_SIZE_BYTES };

/** The node part of an object: its place in the hierarchy and its transformation tracks. */
export interface Node {
  /** Latin1, one character per byte. */
  readonly name: string;
  /** The raw 80-byte name field when read from MDX (bytes after the NUL included); absent otherwise. */
  readonly nameBytes?: Uint8Array;
  readonly objectId: number;
  /** -1 when the node has no parent. */
  readonly parentId: number;
  /** Node flags (see NODE_FLAG): the kind bit, billboarding, inheritance, and kind-specific bits. */
  readonly flags: number;
  /** KGTR (translation), KGRT (rotation, quaternion), KGSC (scaling), in stored order. */
  readonly tracks: readonly Track[];
  /** Bytes at the end of the node that are not tracks (normally none), kept as they are. */
  readonly unparsedBytes: Uint8Array;
}

/** Fields every node object kind has. */
export interface NodeObject {
  readonly node: Node;
}

/** A node object whose kind has fields and tracks of its own after the node. */
export interface AnimatedNodeObject extends NodeObject {
  /** The kind's own tracks (KLAI, KATV, KP2V…), in stored order. */
  readonly tracks: readonly Track[];
  /** Bytes at the end of the object that are not tracks (normally none), kept as they are. */
  readonly unparsedBytes: Uint8Array;
}

/** Reads a node at the cursor. */
export function readNodeMdx(cursor: MdxCursor): Node {
  const { value, unparsedBytes } = cursor.sized(
    NODE_FIXED_BYTES,
    () => {
      const { name, nameBytes } = cursor.name(NODE_NAME_BYTES, 'node.name');
      const objectId = cursor.i32('node.objectId');
      const parentId = cursor.i32('node.parentId');
      const flags = cursor.u32('node.flags');
      return { name, nameBytes, objectId, parentId, flags, tracks: readTracksMdx(cursor) };
    },
    'node.inclusiveSize',
  );
  return { ...value, unparsedBytes };
}

/** Writes a node. Throws RangeError when its name does not fit 80 bytes or a track cannot be encoded. */
export function writeNodeMdx(writer: BinaryWriter, node: Node): void {
  const start = beginSize(writer);
  writer.bytes(encodeName(node.name, NODE_NAME_BYTES, node.nameBytes));
  writer.i32(node.objectId).i32(node.parentId).u32(node.flags);
  writeTracksMdx(writer, node.tracks);
  writer.bytes(node.unparsedBytes);
  patchSize(writer, start);
}

/**
 * Reads an object that wraps its node: inclusive size, node, the kind's fields (`readFields`, at
 * least `fieldBytes` bytes), then the kind's tracks to the object's end.
 */
export function readWrappedNodeObjectMdx<T>(
  cursor: MdxCursor,
  fieldBytes: number,
  readFields: (cursor: MdxCursor) => T,
): T & AnimatedNodeObject {
  const { value, unparsedBytes } = cursor.sized(OBJECT_SIZE_BYTES + NODE_FIXED_BYTES + fieldBytes, () => {
    const node = readNodeMdx(cursor);
    const fields = readFields(cursor);
    return { node, ...fields, tracks: readTracksMdx(cursor) };
  });
  return { ...value, unparsedBytes };
}

/** Writes an object that wraps its node (see {@link readWrappedNodeObjectMdx}). */
export function writeWrappedNodeObjectMdx<T extends AnimatedNodeObject>(
  writer: BinaryWriter,
  object: T,
  writeFields: (writer: BinaryWriter, object: T) => void,
): void {
  const start = beginSize(writer);
  writeNodeMdx(writer, object.node);
  writeFields(writer, object);
  writeTracksMdx(writer, object.tracks);
  writer.bytes(object.unparsedBytes);
  patchSize(writer, start);
}

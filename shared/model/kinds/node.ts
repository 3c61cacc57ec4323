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
import { beginSize, patchSize } from '../chunk-codec';
import type { MdxCursor } from '../../mdx/cursor';
import { readTracksMdx, writeTracksMdx, type Track } from '../track';
import { NO_BYTES } from '../../mdx/cursor';
import type { MdlStatement } from '../../mdl/tree';
import {
  blockRules,
  draftOf,
  fieldRules,
  finishRules,
  flagsDifference,
  blockName,
  nameField,
  printRules,
  readRule,
  RuleState,
  type BlockRules,
  type Draft,
  type FieldRule,
} from '../mdl/fields';
import type { MdlEntry, MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';
import { mdlDefault } from '../mdl/defaults';

/** Bytes of a node's name field. */
export const NODE_NAME_BYTES = 80;
/** Byte offsets of the node's fields from its start. */
export const NODE_FIELD_OFFSET = {
  inclusiveSize: 0,
  name: 4,
  objectId: 84,
  parentId: 88,
  flags: 92,
  tracks: 96,
} as const;
/** Bytes of a node without tracks. */
export const NODE_FIXED_BYTES = 96;
/** Bytes of an object's own inclusive size, before the node, for the kinds that wrap their node. */
export const OBJECT_SIZE_BYTES = 4;
/** parentId of a node without a parent (stored as 0xFFFFFFFF). */
export const NO_PARENT = -1;

/** Node flags (type bits and behaviour bits). */
export const NODE_FLAG = {
  helper: 0x0,
  dontInheritTranslation: 0x1,
  dontInheritRotation: 0x2,
  dontInheritScaling: 0x4,
  billboarded: 0x8,
  billboardedLockX: 0x10,
  billboardedLockY: 0x20,
  billboardedLockZ: 0x40,
  cameraAnchored: 0x80,
  bone: 0x100,
  light: 0x200,
  eventObject: 0x400,
  attachment: 0x800,
  particleEmitter: 0x1000,
  collisionShape: 0x2000,
  ribbonEmitter: 0x4000,
} as const;

/** The three tracks a node may carry. */
export const NODE_TRACK_TAGS = ['KGTR', 'KGRT', 'KGSC'] as const;
export type NodeTrackTag = (typeof NODE_TRACK_TAGS)[number];
/** What each node track animates (the names the model document uses). */
export const NODE_TRACK_KINDS: Readonly<Record<NodeTrackTag, 'translation' | 'rotation' | 'scaling'>> = {
  KGTR: 'translation',
  KGRT: 'rotation',
  KGSC: 'scaling',
};

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

// MDL ---------------------------------------------------------------------------------------------

/** Node flags MDL names (the kind bit comes from the block keyword). */
const NODE_FLAG_RULES = fieldRules([
  { kind: 'flag', keyword: 'BillboardedLockZ', aliases: ['BillboardLockZ'], field: 'flags', bit: 0x40 },
  { kind: 'flag', keyword: 'BillboardedLockY', aliases: ['BillboardLockY'], field: 'flags', bit: 0x20 },
  { kind: 'flag', keyword: 'BillboardedLockX', aliases: ['BillboardLockX'], field: 'flags', bit: 0x10 },
  { kind: 'flag', keyword: 'Billboarded', field: 'flags', bit: 0x8 },
  { kind: 'flag', keyword: 'CameraAnchored', field: 'flags', bit: 0x80 },
]);

/** `DontInherit { Rotation }` words and their bits (the specification's and Retera's Model Studio's). */
const DONT_INHERIT_BITS: readonly (readonly [string, number])[] = [
  ['Rotation', 0x2],
  ['Translation', 0x1],
  ['Scaling', 0x4],
];
const DONT_INHERIT_MASK = 0x7;

/** Statements every node block starts with. */
export const NODE_HEADER_MDL = blockRules([
  {
    kind: 'scalar',
    keyword: 'ObjectId',
    field: 'objectId',
    type: 'i32',
    ...mdlDefault('Node.ObjectId'),
    print: 'always',
  },
  {
    kind: 'scalar',
    keyword: 'Parent',
    field: 'parentId',
    type: 'i32',
    ...mdlDefault('Node.Parent'),
    print: 'nondefault',
  },
  ...NODE_FLAG_RULES,
]);

/** The node's tracks, printed last in a node block. */
export const NODE_TRACKS_MDL = blockRules([
  { kind: 'track', keyword: 'Translation', track: 'KGTR' },
  { kind: 'track', keyword: 'Rotation', track: 'KGRT' },
  { kind: 'track', keyword: 'Scaling', track: 'KGSC' },
]);

/**
 * A node object's kind as MDL knows it: its block keyword, its kind bit, the statements of its own fields (`Fields`:
 * the draft they read into).
 */
export interface NodeKindMdl<Fields = Draft> {
  readonly keyword: string;
  readonly kindBit: number;
  readonly rules: BlockRules<Fields>;
}

/** What reading a node block gives: the node, and the kind's fields and tracks as a draft. */
export interface NodeBlockMdl<Fields = Draft> {
  readonly node: Node;
  readonly draft: Fields & { flags: number } & Draft;
  readonly tracks: Track[];
}

/**
 * Reads a node block (`Bone "name" { … }`): the node's statements, then the kind's by its rules,
 * then `custom` (for statements the rules do not describe). A missing ObjectId reads as -1 (the
 * model reader reports it and numbers the node).
 */
export function readNodeBlockMdl<Fields>(
  context: MdlReadContext,
  block: MdlStatement,
  kind: NodeKindMdl<Fields>,
  custom?: (entry: MdlEntry, draft: Fields & { flags: number } & Draft, tracks: Track[]) => boolean,
): NodeBlockMdl<Fields> {
  const header = draftOf(NODE_HEADER_MDL, { flags: kind.kindBit });
  const headerState = new RuleState();
  const trackState = new RuleState();
  const draft = draftOf(kind.rules, { flags: 0 });
  const state = new RuleState();
  let exactFlags: number | undefined;
  context.entries(block, (entry) => {
    if (entry.key === 'DontInherit') {
      for (const word of context.groupWords(entry)) {
        const bit = DONT_INHERIT_BITS.find(([name]) => name === word)?.[1];
        if (bit === undefined) context.invalid(entry, `"${word}" is not Translation, Rotation or Scaling`);
        else header.flags = (header.flags | bit) >>> 0;
      }
      return true;
    }
    if (entry.key === 'Flags' && !entry.hasGroup) {
      exactFlags = context.integer(entry, 'u32') ?? exactFlags;
      return true;
    }
    return (
      readRule(context, entry, header, NODE_HEADER_MDL, headerState) ||
      readRule(context, entry, header, NODE_TRACKS_MDL, trackState) ||
      readRule(context, entry, draft, kind.rules, state) ||
      (custom?.(entry, draft, state.tracks) ?? false)
    );
  });
  finishRules(draft, kind.rules, state, context.buffers);
  const { name, bytes: nameBytes } = nameField(
    blockName(context, block, NODE_NAME_BYTES),
    NODE_NAME_BYTES,
    context.buffers,
  );
  const node: Node = {
    name,
    nameBytes,
    objectId: header.objectId,
    parentId: header.parentId,
    flags: exactFlags ?? (header.flags | draft.flags) >>> 0,
    tracks: trackState.tracks,
    unparsedBytes: NO_BYTES,
  };
  return { node, draft, tracks: state.tracks };
}

/** Prints a node block: the node's statements, `printKind` (the kind's own), then the node's tracks. */
export function printNodeBlockMdl(
  writer: MdlWriter,
  kind: NodeKindMdl,
  object: NodeObject & { readonly tracks?: readonly Track[] },
  printKind: (where: string) => void,
): void {
  const node = object.node;
  const where = `${kind.keyword} "${node.name}"`;
  if (node.unparsedBytes.byteLength > 0)
    writer.warn(where, `${where} has ${node.unparsedBytes.byteLength} bytes after its node that MDL cannot hold`);
  writer.open(kind.keyword, node.name);
  printRules(writer, node, [], NODE_HEADER_MDL, where);
  for (const [word, bit] of DONT_INHERIT_BITS) if ((node.flags & bit) !== 0) writer.flag(`DontInherit { ${word} }`);
  const named =
    (NODE_HEADER_MDL.namedBits.get('flags') ?? 0) | DONT_INHERIT_MASK | (kind.rules.namedBits.get('flags') ?? 0);
  const given = (kind.kindBit | (node.flags & named)) >>> 0;
  if (given !== node.flags) writer.unnamedStatement('Flags', node.flags, where, flagsDifference(node.flags, given));
  printKind(where);
  printRules(writer, {}, node.tracks, NODE_TRACKS_MDL, where);
  writer.close();
}

/** Tracks in the order of `tags` (the MDX order), for objects whose tracks MDL spreads over nested blocks. */
export function tracksInOrder(tracks: readonly Track[], tags: readonly string[]): Track[] {
  const rank = (track: Track) => {
    const index = tags.indexOf(track.tag);
    return index < 0 ? tags.length : index;
  };
  return [...tracks].sort((left, right) => rank(left) - rank(right));
}

/** True when `tracks` are in the order of `tags` (a warning otherwise: MDL cannot carry another order). */
export function checkTrackOrder(
  writer: MdlWriter,
  tracks: readonly Track[],
  tags: readonly string[],
  where: string,
): void {
  const sorted = tracksInOrder(tracks, tags);
  if (sorted.some((track, index) => track !== tracks[index]))
    writer.warn(where, `${where} stores its tracks in an order MDL does not carry; they come back in the usual order`);
}

/**
 * Prints the block of a node object with fields and tracks of its own: the node, the kind's
 * statements by its rules from `fields` (the object, with `flags` when the kind names flag bits),
 * then the node's tracks.
 */
export function printAnimatedNodeMdl(
  writer: MdlWriter,
  kind: NodeKindMdl,
  object: AnimatedNodeObject,
  fields: object = object,
): void {
  printNodeBlockMdl(writer, kind, object, (where) => {
    printRules(writer, fields, object.tracks, kind.rules, where);
    if (object.unparsedBytes.byteLength > 0)
      writer.warn(where, `${where} ends in ${object.unparsedBytes.byteLength} bytes MDL cannot hold`);
  });
}

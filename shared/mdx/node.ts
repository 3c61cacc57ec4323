/**
 * The Node block every object with an objectId starts with (or holds right after its own
 * inclusive size): reader and writer.
 *
 * Layout: uint32 inclusiveSize (of the node, tracks included), char[80] name, uint32 objectId,
 * uint32 parentId (0xFFFFFFFF: none), uint32 flags, then optional KGTR/KGRT/KGSC tracks.
 */
import { CodecError } from '../binary/codec-error';
import { int32At, uint32At } from '../binary/reader';
import { BinaryWriter } from '../binary/writer';
import { decodeName, encodeName } from './names';
import { NODE_TRACK_TAGS, readTag, readTrack, writeTrack, writtenTrackByteLength, type Track } from './tracks';

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
/** parentId of a node without a parent, as the reader returns it (stored as 0xFFFFFFFF). */
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

/** The fixed fields of a node. Names are latin1 strings (one character per byte). */
export interface NodeHeader {
  readonly inclusiveSize: number;
  readonly name: string;
  /** The raw 80-byte name field (a view), kept so that bytes after the NUL survive an edit. */
  readonly nameBytes: Uint8Array;
  readonly objectId: number;
  /** -1 when the node has no parent. */
  readonly parentId: number;
  readonly flags: number;
}

/** The node's tracks, and any bytes in its track area that are not a node track (kept verbatim). */
export interface NodeTracks {
  readonly tracks: readonly Track[];
  /** Bytes after the last parsed track up to the node's end; empty for every well-formed node. */
  readonly unparsedTrackBytes: Uint8Array;
  /** Why `unparsedTrackBytes` could not be read as tracks, when it is not empty. */
  readonly problem?: CodecError;
}

/**
 * Reads the node's fixed fields at `offset`. Throws CodecError when they do not fit before `end`
 * or the inclusive size is smaller than the fixed fields or runs past `end`.
 */
export function readNodeHeader(bytes: Uint8Array, offset: number, end: number, where: string): NodeHeader {
  if (offset + NODE_FIXED_BYTES > end) {
    throw new CodecError({
      format: 'mdx',
      kind: 'truncated',
      where: `${where}.node`,
      offset,
      detail: `a node needs ${NODE_FIXED_BYTES} bytes, ${end - offset} left`,
    });
  }
  const inclusiveSize = uint32At(bytes, offset);
  if (inclusiveSize < NODE_FIXED_BYTES) {
    throw new CodecError({
      format: 'mdx',
      kind: 'invalid',
      where: `${where}.node.inclusiveSize`,
      offset,
      detail: `node size ${inclusiveSize} is smaller than the node's ${NODE_FIXED_BYTES} fixed bytes`,
    });
  }
  if (inclusiveSize > end - offset) {
    throw new CodecError({
      format: 'mdx',
      kind: 'truncated',
      where: `${where}.node.inclusiveSize`,
      offset,
      detail: `node size ${inclusiveSize} runs past the object's end (${end - offset} bytes left)`,
    });
  }
  const nameBytes = bytes.subarray(offset + NODE_FIELD_OFFSET.name, offset + NODE_FIELD_OFFSET.name + NODE_NAME_BYTES);
  return {
    inclusiveSize,
    name: decodeName(nameBytes),
    nameBytes,
    objectId: int32At(bytes, offset + NODE_FIELD_OFFSET.objectId),
    parentId: int32At(bytes, offset + NODE_FIELD_OFFSET.parentId),
    flags: uint32At(bytes, offset + NODE_FIELD_OFFSET.flags),
  };
}

/**
 * Reads the KGTR/KGRT/KGSC tracks of the node at `offset` (whose header was read). Anything in the
 * track area that is not a well-formed node track is returned as `unparsedTrackBytes`, never lost.
 */
export function readNodeTracks(bytes: Uint8Array, offset: number, header: NodeHeader, where: string): NodeTracks {
  const end = offset + header.inclusiveSize;
  const tracks: Track[] = [];
  let at = offset + NODE_FIXED_BYTES;
  let problem: CodecError | undefined;
  while (at < end) {
    const tag = end - at >= 4 ? readTag(bytes, at) : '';
    if (!(NODE_TRACK_TAGS as readonly string[]).includes(tag)) {
      problem = new CodecError({
        format: 'mdx',
        kind: 'invalid',
        where: `${where}.node.tracks`,
        offset: at,
        detail: `${end - at} bytes in the node's track area are not a KGTR, KGRT or KGSC track`,
      });
      break;
    }
    try {
      const { track, byteLength } = readTrack(bytes, at, end, `${where}.node`);
      tracks.push(track);
      at += byteLength;
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      problem = error;
      break;
    }
  }
  const unparsedTrackBytes = bytes.subarray(at, end);
  return problem ? { tracks, unparsedTrackBytes, problem } : { tracks, unparsedTrackBytes };
}

/** What {@link writeNode} needs: the fixed fields and the tracks. */
export interface NodeFields {
  readonly name: string;
  readonly nameBytes?: Uint8Array;
  readonly objectId: number;
  readonly parentId: number;
  readonly flags: number;
  readonly tracks: readonly Track[];
  readonly unparsedTrackBytes?: Uint8Array;
}

/** Byte length of the node as {@link writeNode} writes it. */
export function nodeByteLength(node: NodeFields): number {
  let size = NODE_FIXED_BYTES + (node.unparsedTrackBytes?.byteLength ?? 0);
  for (const track of node.tracks) size += writtenTrackByteLength(track);
  return size;
}

/** Writes a node: fixed fields (the name from its original bytes when unchanged), tracks, kept bytes. */
export function writeNode(writer: BinaryWriter, node: NodeFields): void {
  writer.u32(nodeByteLength(node));
  writer.bytes(encodeName(node.name, NODE_NAME_BYTES, node.nameBytes));
  writer.i32(node.objectId).i32(node.parentId).u32(node.flags);
  for (const track of node.tracks) writeTrack(writer, track);
  if (node.unparsedTrackBytes) writer.bytes(node.unparsedTrackBytes);
}

/**
 * The objects of the node chunks (BONE, LITE, HELP, ATCH, PREM, PRE2, CORN, RIBB, EVTS, CLID),
 * walked with each kind's size rule to read every object's node header — and nothing more.
 *
 * Size rules: LITE, ATCH, PREM, PRE2, CORN and RIBB objects start with their own inclusive size
 * (the node follows it); a bone is its node + 8 bytes (geosetId, geosetAnimationId); a helper is
 * its node; an event object is its node + its KEVT block when one follows; a collision shape is
 * its node + a uint32 type + its vertices (and radius for spheres and cylinders).
 */
import { CodecError } from '../binary/codec-error';
import type { Diagnostic } from '../diagnostics';
import type { NodeKind } from '../model/node-kind';
import { CHUNK_HEADER_BYTES, type MdxChunk, type MdxModel } from './container';
import { readNodeHeader, type NodeHeader } from './node';
import { readTag } from './tracks';
import { uint32At } from '../binary/reader';

/** How an object's byte length is found. */
export type NodeSizeRule = 'inclusiveSize' | 'nodePlusBoneFields' | 'node' | 'nodePlusEventKeys' | 'nodePlusShape';

/** The node chunks in canonical objectId order, with their kind and size rule. */
export const NODE_CHUNKS: readonly {
  readonly tag: string;
  readonly kind: NodeKind;
  readonly sizeRule: NodeSizeRule;
}[] = [
  { tag: 'BONE', kind: 'bone', sizeRule: 'nodePlusBoneFields' },
  { tag: 'LITE', kind: 'light', sizeRule: 'inclusiveSize' },
  { tag: 'HELP', kind: 'helper', sizeRule: 'node' },
  { tag: 'ATCH', kind: 'attachment', sizeRule: 'inclusiveSize' },
  { tag: 'PREM', kind: 'particleEmitter', sizeRule: 'inclusiveSize' },
  { tag: 'PRE2', kind: 'particleEmitter2', sizeRule: 'inclusiveSize' },
  { tag: 'CORN', kind: 'particleEmitterPopcorn', sizeRule: 'inclusiveSize' },
  { tag: 'RIBB', kind: 'ribbonEmitter', sizeRule: 'inclusiveSize' },
  { tag: 'EVTS', kind: 'eventObject', sizeRule: 'nodePlusEventKeys' },
  { tag: 'CLID', kind: 'collisionShape', sizeRule: 'nodePlusShape' },
];

/** The node chunk description of `tag`, or undefined when `tag` is not a node chunk. */
export function nodeChunkSpec(tag: string): (typeof NODE_CHUNKS)[number] | undefined {
  return NODE_CHUNKS.find((spec) => spec.tag === tag);
}

/** Bytes of an object's own inclusive size (before the node) for the `inclusiveSize` rule. */
export const OBJECT_SIZE_BYTES = 4;
/** Bytes after a bone's node: uint32 geosetId, uint32 geosetAnimationId. */
export const BONE_FIELD_BYTES = 8;
/** KEVT header: tag, uint32 count, int32 globalSequenceId. */
export const KEVT_HEADER_BYTES = 12;
/** Bytes of one event key (a uint32 frame). */
export const KEVT_FRAME_BYTES = 4;
/** The tag of an event object's key block. */
export const KEVT_TAG = 'KEVT';
/** Bytes of a collision shape's type. */
export const COLLISION_SHAPE_TYPE_BYTES = 4;
/** Collision shape types. */
export const COLLISION_SHAPE_TYPE = { box: 0, plane: 1, sphere: 2, cylinder: 3 } as const;
/** Bytes after the type, per shape type: two vertices for boxes and planes, one vertex + radius for spheres, two +
 * radius for cylinders. */
export const COLLISION_SHAPE_DATA_BYTES: readonly number[] = [24, 24, 16, 28];

/** One object of a node chunk: where it is, and its node header. */
export interface NodeObjectEntry {
  readonly kind: NodeKind;
  /** Position in its chunk. */
  readonly index: number;
  /** Offset of the object in the chunk body. */
  readonly offset: number;
  readonly byteLength: number;
  /** Offset of the object's node in the chunk body. */
  readonly nodeOffset: number;
  readonly node: NodeHeader;
}

/** The objects of one node chunk. */
export interface NodeChunkRead {
  readonly chunkIndex: number;
  readonly tag: string;
  readonly kind: NodeKind;
  /** Every object read; when `damage` is set, only those before the damage. */
  readonly objects: readonly NodeObjectEntry[];
  /** Set when the objects do not add up to the chunk (bytes kept, the rest not read). */
  readonly damage?: Diagnostic;
}

/** Absolute offset of a chunk's body in the file it was read from (0 for chunks an edit built). */
export function bodyOffsetOf(chunk: MdxChunk): number {
  return chunk.offset >= 0 ? chunk.offset + CHUNK_HEADER_BYTES : 0;
}

/**
 * The byte length and node of the object at `offset` in a node chunk body, by `rule`. Throws
 * CodecError (offsets relative to the body) when the object does not fit or does not add up.
 */
export function readNodeObject(
  body: Uint8Array,
  offset: number,
  rule: NodeSizeRule,
  where: string,
): { byteLength: number; nodeOffset: number; node: NodeHeader } {
  const end = body.byteLength;
  if (rule === 'inclusiveSize') {
    if (end - offset < OBJECT_SIZE_BYTES) {
      throw new CodecError({
        format: 'mdx',
        kind: 'truncated',
        where: `${where}.inclusiveSize`,
        offset,
        detail: `${end - offset} bytes left, too few for an object`,
      });
    }
    const size = uint32At(body, offset);
    if (size > end - offset) {
      throw new CodecError({
        format: 'mdx',
        kind: 'truncated',
        where: `${where}.inclusiveSize`,
        offset,
        detail: `object size ${size} runs past the chunk's end (${end - offset} bytes left)`,
      });
    }
    const node = readNodeHeader(body, offset + OBJECT_SIZE_BYTES, offset + size, where);
    return { byteLength: size, nodeOffset: offset + OBJECT_SIZE_BYTES, node };
  }
  const node = readNodeHeader(body, offset, end, where);
  const nodeEnd = offset + node.inclusiveSize;
  let extra = 0;
  if (rule === 'nodePlusBoneFields') {
    extra = BONE_FIELD_BYTES;
  } else if (rule === 'nodePlusEventKeys') {
    if (end - nodeEnd >= 4 && readTag(body, nodeEnd) === KEVT_TAG) {
      if (end - nodeEnd < KEVT_HEADER_BYTES) {
        throw new CodecError({
          format: 'mdx',
          kind: 'truncated',
          where: `${where}.KEVT`,
          offset: nodeEnd,
          detail: 'the KEVT header does not fit in the chunk',
        });
      }
      const count = uint32At(body, nodeEnd + 4);
      if (count > (end - nodeEnd - KEVT_HEADER_BYTES) / KEVT_FRAME_BYTES) {
        throw new CodecError({
          format: 'mdx',
          kind: 'truncated',
          where: `${where}.KEVT.count`,
          offset: nodeEnd + 4,
          detail: `${count} keys do not fit in the ${end - nodeEnd - KEVT_HEADER_BYTES} bytes left in the chunk`,
        });
      }
      extra = KEVT_HEADER_BYTES + count * KEVT_FRAME_BYTES;
    }
  } else if (rule === 'nodePlusShape') {
    if (end - nodeEnd < COLLISION_SHAPE_TYPE_BYTES) {
      throw new CodecError({
        format: 'mdx',
        kind: 'truncated',
        where: `${where}.type`,
        offset: nodeEnd,
        detail: 'the shape type does not fit in the chunk',
      });
    }
    const type = uint32At(body, nodeEnd);
    const data = COLLISION_SHAPE_DATA_BYTES[type];
    if (data === undefined) {
      throw new CodecError({
        format: 'mdx',
        kind: 'invalid',
        where: `${where}.type`,
        offset: nodeEnd,
        detail: `collision shape type ${type} is not 0–3`,
      });
    }
    extra = COLLISION_SHAPE_TYPE_BYTES + data;
  }
  if (extra > end - nodeEnd) {
    throw new CodecError({
      format: 'mdx',
      kind: 'truncated',
      where,
      offset: nodeEnd,
      detail: `the object needs ${extra} bytes after its node, ${end - nodeEnd} left in the chunk`,
    });
  }
  return { byteLength: node.inclusiveSize + extra, nodeOffset: offset, node };
}

const walked = new WeakMap<MdxChunk, NodeChunkRead>();

/**
 * Walks a node chunk's objects (memoized per chunk). Never throws for damage: a chunk whose
 * objects do not add up gets a `damage` diagnostic and the objects read before it.
 */
export function walkNodeChunk(chunk: MdxChunk, chunkIndex: number): NodeChunkRead {
  const cached = walked.get(chunk);
  if (cached) return cached.chunkIndex === chunkIndex ? cached : Object.freeze({ ...cached, chunkIndex });
  const spec = nodeChunkSpec(chunk.tag);
  if (!spec) throw new RangeError(`${chunk.tag} is not a node chunk`);
  const objects: NodeObjectEntry[] = [];
  const body = chunk.body;
  const base = bodyOffsetOf(chunk);
  let offset = 0;
  let damage: Diagnostic | undefined;
  while (offset < body.byteLength) {
    const where = `${chunk.tag}[${objects.length}]`;
    try {
      const { byteLength, nodeOffset, node } = readNodeObject(body, offset, spec.sizeRule, where);
      objects.push({ kind: spec.kind, index: objects.length, offset, byteLength, nodeOffset, node });
      offset += byteLength;
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      damage = {
        severity: 'error',
        code: 'mdx.damaged-chunk',
        message:
          `The ${chunk.tag} chunk does not add up at ${error.where}: ${error.detail}. Its bytes are kept; ` +
          `its objects from there on are not read.`,
        where: error.where,
        offset: base + error.offset,
        target: { kind: 'chunk', tag: chunk.tag },
      };
      break;
    }
  }
  const read: NodeChunkRead = Object.freeze({
    chunkIndex,
    tag: chunk.tag,
    kind: spec.kind,
    objects: Object.freeze(objects),
    ...(damage ? { damage } : {}),
  });
  walked.set(chunk, read);
  return read;
}

/** Every node chunk of the model, walked, in file order. */
export function walkNodeChunks(model: MdxModel): NodeChunkRead[] {
  const reads: NodeChunkRead[] = [];
  model.chunks.forEach((chunk, index) => {
    if (nodeChunkSpec(chunk.tag)) reads.push(walkNodeChunk(chunk, index));
  });
  return reads;
}

/** A node for the parent dropdown and the outliner. */
export interface MdxNodeInfo {
  readonly kind: NodeKind;
  readonly name: string;
  readonly objectId: number;
  /** -1 when the node has no parent. */
  readonly parentId: number;
}

/** Every node of the model (kind, name, objectId, parentId) in file order; cheap (node headers only). */
export function listNodes(model: MdxModel): MdxNodeInfo[] {
  const nodes: MdxNodeInfo[] = [];
  for (const read of walkNodeChunks(model)) {
    for (const object of read.objects) {
      nodes.push({
        kind: object.kind,
        name: object.node.name,
        objectId: object.node.objectId,
        parentId: object.node.parentId,
      });
    }
  }
  return nodes;
}

/**
 * Keeping objectIds dense when a node is added or removed from an MDX model: every node after the slot is
 * renumbered, and every reference follows — parentIds in every node chunk, the PIVT entry, the Reforged BPOS matrix
 * (one per node in objectId order, then one per camera), and the geosets' MATS matrix indices. The chunks involved
 * are read with their kinds' codecs (typed-chunks.ts) and written back with them, so nothing else in them changes:
 * the codecs give a chunk's bytes back exactly.
 *
 * Reforged SKIN bone indices point into their geoset's MATS list (as Retera's Model Studio writes them), so they
 * follow MATS without change; and the nodes vertices are bound to (bones, helpers) come before EVTS, so inserting or
 * removing event objects never moves them.
 */
import { BinaryWriter } from '../binary/writer';
import { findChunk, insertChunk, newChunk, replaceChunkBody } from '../mdx/container';
import type { ChunkCodec } from './chunk-codec';
import { pivotBindPose, BIND_POSE_FLOATS } from './kinds/bind-pose';
import type { Geoset } from './kinds/geoset';
import type { NodeObject } from './kinds/node';
import { PIVOT_FLOATS } from './kinds/pivot';
import type { MdxModel } from './mdx-file';
import { CANONICAL_CHUNK_ORDER, kindOfTag, nodeKindOfTag, type MdxChunkTag, type MdxChunkTypes } from './registry';
import { typedChunkOf } from './typed-chunks';
import { isParsedChunk } from './typed-model';
import { mdxLayout } from './versions';

/** An edit the model cannot take (damaged chunk in the way, reference to a missing node…). */
export class MdxEditError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'MdxEditError';
  }
}

/** A chunk of the model read with its kind's codec, with where it is. */
export interface TypedChunkAt<Tag extends MdxChunkTag> {
  /** Index in the model's chunk list. */
  readonly index: number;
  readonly value: MdxChunkTypes[Tag];
}

/**
 * The first chunk with `tag`, typed (undefined when the model has none). Throws MdxEditError when it is damaged: it
 * stays bytes, and an edit cannot change what it cannot read.
 */
export function editableChunk<Tag extends MdxChunkTag>(
  model: MdxModel,
  tag: Tag,
  why: string,
): TypedChunkAt<Tag> | undefined {
  const index = model.chunks.findIndex((chunk) => chunk.tag === tag);
  if (index === -1) return undefined;
  const read = typedChunkOf(model.chunks[index]!, model.version);
  if (!isParsedChunk(read.chunk)) {
    const reason = read.diagnostics[0]?.message ?? 'it cannot be read';
    throw new MdxEditError(`the ${tag} chunk is damaged (${reason}); ${why}`);
  }
  return { index, value: read.chunk.parsed as MdxChunkTypes[Tag] };
}

/**
 * The body `value` encodes to with `tag`'s codec, in the layout of the model's version: exactly its bytes (the
 * writer's spare capacity, up to as much again, is not kept alive by the model and every undo entry that holds it).
 */
export function encodeChunk<Tag extends MdxChunkTag>(model: MdxModel, tag: Tag, value: MdxChunkTypes[Tag]): Uint8Array {
  const writer = new BinaryWriter(1024);
  (kindOfTag(tag)!.mdx as ChunkCodec<MdxChunkTypes[Tag]>).write(writer, value, mdxLayout(model.version));
  const body = writer.finish();
  return body.byteLength === body.buffer.byteLength ? body : body.slice();
}

/** The model with chunk `index` holding `value` (encoded with its kind's codec). */
export function replaceChunk<Tag extends MdxChunkTag>(
  model: MdxModel,
  index: number,
  tag: Tag,
  value: MdxChunkTypes[Tag],
): MdxModel {
  return replaceChunkBody(model, index, encodeChunk(model, tag, value));
}

/** A node chunk of the model, typed. */
interface NodeChunkAt {
  readonly index: number;
  readonly tag: MdxChunkTag;
  readonly objects: readonly NodeObject[];
}

/** Every node chunk of the model, typed; throws MdxEditError when one of them is damaged. */
export function editableNodeChunks(model: MdxModel): NodeChunkAt[] {
  const reads: NodeChunkAt[] = [];
  model.chunks.forEach((chunk, index) => {
    if (nodeKindOfTag(chunk.tag) === undefined) return;
    const read = typedChunkOf(chunk, model.version);
    if (!isParsedChunk(read.chunk)) {
      const reason = read.diagnostics[0]?.message ?? 'it cannot be read';
      throw new MdxEditError(`the ${chunk.tag} chunk is damaged (${reason}); objectIds cannot be renumbered`);
    }
    reads.push({ index, tag: chunk.tag as MdxChunkTag, objects: read.chunk.parsed as readonly NodeObject[] });
  });
  return reads;
}

/** The objectIds of every node of the model. */
export function nodeIds(model: MdxModel): Set<number> {
  const ids = new Set<number>();
  for (const read of editableNodeChunks(model)) for (const object of read.objects) ids.add(object.node.objectId);
  return ids;
}

/** Rewrites objectIds and parentIds of every node chunk (each map returns the new value, or the old one). */
function renumberNodes(
  model: MdxModel,
  reads: readonly NodeChunkAt[],
  mapObjectId: (id: number) => number,
  mapParentId: (id: number) => number,
): MdxModel {
  let result = model;
  for (const read of reads) {
    let changed = false;
    const objects = read.objects.map((object) => {
      const objectId = mapObjectId(object.node.objectId);
      const parentId = mapParentId(object.node.parentId);
      if (objectId === object.node.objectId && parentId === object.node.parentId) return object;
      changed = true;
      return { ...object, node: { ...object.node, objectId, parentId } };
    });
    if (changed) result = replaceChunk(result, read.index, read.tag, objects as never);
  }
  return result;
}

/**
 * Rewrites the geosets' MATS indices with `map`. When GEOS cannot be read, throws MdxEditError if `required`
 * (indices would have to move), and otherwise leaves it as it is.
 */
function renumberGeosets(model: MdxModel, map: (index: number) => number, required: boolean): MdxModel {
  const chunkIndex = model.chunks.findIndex((chunk) => chunk.tag === 'GEOS');
  if (chunkIndex === -1) return model;
  const read = typedChunkOf(model.chunks[chunkIndex]!, model.version);
  if (!isParsedChunk(read.chunk)) {
    if (!required) return model;
    const reason = read.diagnostics[0]?.message ?? 'it cannot be read';
    throw new MdxEditError(`the GEOS chunk is damaged (${reason}); its matrix indices cannot be renumbered`);
  }
  let changed = false;
  const geosets = (read.chunk.parsed as readonly Geoset[]).map((geoset) => {
    const indices = geoset.matrixIndices.map(map);
    if (indices.every((index, at) => index === geoset.matrixIndices[at])) return geoset;
    changed = true;
    return { ...geoset, matrixIndices: indices };
  });
  return changed ? replaceChunk(model, chunkIndex, 'GEOS', geosets) : model;
}

/** `values` with `insert` put in at `at` and `removeCount` values there taken out (a new array). */
function spliceFloats(values: Float32Array, at: number, removeCount: number, insert: readonly number[]): Float32Array {
  const result = new Float32Array(values.length - removeCount + insert.length);
  result.set(values.subarray(0, at), 0);
  result.set(insert, at);
  result.set(values.subarray(at + removeCount), at + insert.length);
  return result;
}

/**
 * Opens objectId `objectId` for a new node: every node with an objectId ≥ `objectId` moves up by one, every
 * parentId ≥ `objectId` follows, a pivot is inserted into PIVT at `objectId` (PIVT is created when the model has
 * none and `objectId` is 0), a bind pose (identity rotation, translation = pivot) is inserted into BPOS when BPOS
 * reaches that far, and MATS indices follow. The caller then adds the node itself with `objectId`. Throws
 * MdxEditError when a chunk in the way is damaged or PIVT has fewer points than `objectId`.
 */
export function insertObjectId(
  model: MdxModel,
  objectId: number,
  pivot: readonly [number, number, number] = [0, 0, 0],
): MdxModel {
  if (!Number.isInteger(objectId) || objectId < 0)
    throw new MdxEditError(`objectId ${objectId} is not a valid objectId`);
  const reads = editableNodeChunks(model);
  const shifts = reads.some((read) => read.objects.some((object) => object.node.objectId >= objectId));
  const up = (id: number): number => (id >= objectId ? id + 1 : id);
  let result = renumberNodes(model, reads, up, (id) => (id === -1 ? id : up(id)));
  result = renumberGeosets(result, up, shifts);

  const pivots = editableChunk(result, 'PIVT', 'a pivot cannot be inserted');
  if (pivots === undefined) {
    if (objectId !== 0)
      throw new MdxEditError(`the model has no PIVT chunk, so objectId ${objectId} has no pivot to follow`);
    result = insertChunk(result, newChunk('PIVT', encodeChunk(result, 'PIVT', Float32Array.from(pivot))), [
      ...CANONICAL_CHUNK_ORDER,
    ]);
  } else {
    const count = pivots.value.length / PIVOT_FLOATS;
    if (objectId > count)
      throw new MdxEditError(`the PIVT chunk has ${count} points, too few to insert one at objectId ${objectId}`);
    result = replaceChunk(result, pivots.index, 'PIVT', spliceFloats(pivots.value, objectId * PIVOT_FLOATS, 0, pivot));
  }

  const poses = editableChunk(result, 'BPOS', 'a bind pose cannot be inserted');
  if (poses !== undefined && objectId <= poses.value.length / BIND_POSE_FLOATS) {
    const matrices = spliceFloats(poses.value, objectId * BIND_POSE_FLOATS, 0, pivotBindPose(pivot));
    result = replaceChunk(result, poses.index, 'BPOS', matrices);
  }
  return result;
}

/**
 * Closes objectId `objectId` after its node was removed: every node above it moves down by one, parentIds naming
 * it become `reparentTo` (the removed node's own parent, in the numbering before the removal), parentIds above it
 * follow, and its PIVT point and BPOS matrix are removed. Throws MdxEditError when a node still has that objectId,
 * a geoset is bound to it, or a chunk in the way is damaged.
 */
export function removeObjectId(model: MdxModel, objectId: number, reparentTo = -1): MdxModel {
  const reads = editableNodeChunks(model);
  for (const read of reads) {
    const at = read.objects.findIndex((object) => object.node.objectId === objectId);
    if (at >= 0)
      throw new MdxEditError(`${read.tag}[${at}] "${read.objects[at]!.node.name}" still has objectId ${objectId}`);
  }
  if (reparentTo === objectId) reparentTo = -1;
  const down = (id: number): number => (id > objectId ? id - 1 : id);
  let result = renumberNodes(model, reads, down, (id) => {
    const parent = id === objectId ? reparentTo : id;
    return parent === -1 ? parent : down(parent);
  });
  const shifts = reads.some((read) => read.objects.some((object) => object.node.objectId > objectId));
  result = renumberGeosets(
    result,
    (index) => {
      if (index === objectId)
        throw new MdxEditError(`a geoset's vertices are bound to objectId ${objectId}; it cannot be removed`);
      return down(index);
    },
    shifts,
  );

  const pivots = editableChunk(result, 'PIVT', 'its pivot cannot be removed');
  if (pivots !== undefined && objectId < pivots.value.length / PIVOT_FLOATS) {
    result = replaceChunk(result, pivots.index, 'PIVT', spliceFloats(pivots.value, objectId * PIVOT_FLOATS, 3, []));
  }
  const poses = editableChunk(result, 'BPOS', 'its bind pose cannot be removed');
  if (poses !== undefined && objectId < poses.value.length / BIND_POSE_FLOATS) {
    const matrices = spliceFloats(poses.value, objectId * BIND_POSE_FLOATS, BIND_POSE_FLOATS, []);
    result = replaceChunk(result, poses.index, 'BPOS', matrices);
  }
  return result;
}

/** The pivot of the node with `objectId` in the model's PIVT, or null when it has none for it (or PIVT is damaged). */
export function pivotOf(model: MdxModel, objectId: number): [number, number, number] | null {
  const chunk = findChunk(model, 'PIVT');
  if (!chunk || objectId < 0) return null;
  const read = typedChunkOf(chunk, model.version);
  if (!isParsedChunk(read.chunk)) return null;
  const points = read.chunk.parsed as Float32Array;
  const at = objectId * PIVOT_FLOATS;
  return at + PIVOT_FLOATS <= points.length ? [points[at]!, points[at + 1]!, points[at + 2]!] : null;
}

/**
 * Keeping objectIds dense when a node is added or removed: every node after the slot is
 * renumbered, and every reference follows — parentIds in every node chunk, the PIVT entry, the
 * Reforged BPOS matrix (one per node in objectId order, then one per camera), and the geosets' MATS
 * matrix indices. Node chunks are patched in place (a copy of their bytes with the changed uint32s
 * rewritten), so nothing else in them changes.
 *
 * Reforged SKIN bone indices point into their geoset's MATS list (as Retera's Model Studio writes
 * them), so they follow MATS without change; and the nodes vertices are bound to (bones, helpers)
 * come before EVTS, so inserting or removing event objects never moves them.
 */
import { insertChunk, newChunk, replaceChunkBody, type MdxModel } from './container';
import { BIND_POSE_BYTES, BIND_POSE_COUNT_BYTES, pivotBindPose } from './chunks/bpos';
import { walkGeosets } from './chunks/geos';
import { PIVOT_BYTES } from './chunks/pivt';
import { NODE_FIELD_OFFSET } from './node';
import { walkNodeChunks, type NodeChunkRead } from './node-objects';
import { CANONICAL_CHUNK_ORDER } from './versions';

/** An edit the model cannot take (damaged chunk in the way, reference to a missing node…). */
export class MdxEditError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'MdxEditError';
  }
}

/** The node chunks, walked; throws MdxEditError when one of them is damaged. */
export function editableNodeChunks(model: MdxModel): NodeChunkRead[] {
  const reads = walkNodeChunks(model);
  for (const read of reads) {
    if (read.damage)
      throw new MdxEditError(
        `the ${read.tag} chunk is damaged (${read.damage.message}); objectIds cannot be renumbered`,
      );
  }
  return reads;
}

/** Rewrites objectIds and parentIds of every node chunk with `map` (which returns the new value, or the old one). */
function patchNodeChunks(
  model: MdxModel,
  reads: readonly NodeChunkRead[],
  mapObjectId: (id: number) => number,
  mapParentId: (id: number) => number,
): MdxModel {
  let result = model;
  for (const read of reads) {
    const chunk = model.chunks[read.chunkIndex]!;
    let body: Uint8Array | undefined;
    let view: DataView | undefined;
    for (const object of read.objects) {
      const objectId = mapObjectId(object.node.objectId);
      const parentId = mapParentId(object.node.parentId);
      if (objectId === object.node.objectId && parentId === object.node.parentId) continue;
      if (!body) {
        body = chunk.body.slice();
        view = new DataView(body.buffer);
      }
      view!.setInt32(object.nodeOffset + NODE_FIELD_OFFSET.objectId, objectId, true);
      view!.setInt32(object.nodeOffset + NODE_FIELD_OFFSET.parentId, parentId, true);
    }
    if (body) result = replaceChunkBody(result, read.chunkIndex, body);
  }
  return result;
}

/**
 * Rewrites the geosets' MATS indices with `map`. When GEOS cannot be walked, throws MdxEditError if
 * `required` (indices would have to move), and otherwise leaves it as it is.
 */
function patchGeosets(model: MdxModel, map: (index: number) => number, required: boolean): MdxModel {
  const chunkIndex = model.chunks.findIndex((chunk) => chunk.tag === 'GEOS');
  if (chunkIndex === -1) return model;
  const chunk = model.chunks[chunkIndex]!;
  const read = walkGeosets(chunk.body, model.version);
  if (read.damage) {
    if (!required) return model;
    throw new MdxEditError(
      `the GEOS chunk is damaged (${read.damage.message}); its matrix indices cannot be renumbered`,
    );
  }
  let body: Uint8Array | undefined;
  let view: DataView | undefined;
  const source = new DataView(chunk.body.buffer, chunk.body.byteOffset, chunk.body.byteLength);
  for (const geoset of read.geosets) {
    for (let index = 0; index < geoset.matrixIndexCount; index += 1) {
      const at = geoset.matrixIndicesOffset + index * 4;
      const old = source.getUint32(at, true);
      const next = map(old);
      if (next === old) continue;
      if (!body) {
        body = chunk.body.slice();
        view = new DataView(body.buffer);
      }
      view!.setUint32(at, next, true);
    }
  }
  return body ? replaceChunkBody(model, chunkIndex, body) : model;
}

/** A copy of `bytes` with `removeCount` bytes at `at` replaced by `insert`. */
export function spliceBytes(bytes: Uint8Array, at: number, removeCount: number, insert: Uint8Array): Uint8Array {
  const output = new Uint8Array(bytes.byteLength - removeCount + insert.byteLength);
  output.set(bytes.subarray(0, at), 0);
  output.set(insert, at);
  output.set(bytes.subarray(at + removeCount), at + insert.byteLength);
  return output;
}

function float32Bytes(values: readonly number[]): Uint8Array {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  values.forEach((value, index) => view.setFloat32(index * 4, value, true));
  return bytes;
}

function bindPoseCount(model: MdxModel, chunkIndex: number): number {
  const body = model.chunks[chunkIndex]!.body;
  if (body.byteLength < BIND_POSE_COUNT_BYTES) throw new MdxEditError('the BPOS chunk is damaged (no count)');
  const count = new DataView(body.buffer, body.byteOffset, body.byteLength).getUint32(0, true);
  if (body.byteLength !== BIND_POSE_COUNT_BYTES + count * BIND_POSE_BYTES)
    throw new MdxEditError(`the BPOS chunk is damaged (${count} matrices in ${body.byteLength} bytes)`);
  return count;
}

function withBindPoseCount(body: Uint8Array, count: number): Uint8Array {
  new DataView(body.buffer, body.byteOffset, body.byteLength).setUint32(0, count, true);
  return body;
}

/**
 * Opens objectId `objectId` for a new node: every node with an objectId ≥ `objectId` moves up by
 * one, every parentId ≥ `objectId` follows, a pivot is inserted into PIVT at `objectId` (PIVT is
 * created when the model has none and `objectId` is 0), a bind pose (identity rotation,
 * translation = pivot) is inserted into BPOS when BPOS reaches that far, and MATS indices follow.
 * The caller then adds the node itself with `objectId`. Throws MdxEditError when a chunk in the
 * way is damaged or PIVT has fewer points than `objectId`.
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
  let result = patchNodeChunks(model, reads, up, (id) => (id === -1 ? id : up(id)));
  result = patchGeosets(result, up, shifts);

  const pivotIndex = result.chunks.findIndex((chunk) => chunk.tag === 'PIVT');
  if (pivotIndex === -1) {
    if (objectId !== 0)
      throw new MdxEditError(`the model has no PIVT chunk, so objectId ${objectId} has no pivot to follow`);
    result = insertChunk(result, newChunk('PIVT', float32Bytes(pivot)), CANONICAL_CHUNK_ORDER);
  } else {
    const body = result.chunks[pivotIndex]!.body;
    if (body.byteLength % PIVOT_BYTES !== 0)
      throw new MdxEditError('the PIVT chunk is damaged (its size is not a multiple of 12)');
    if (objectId > body.byteLength / PIVOT_BYTES) {
      throw new MdxEditError(
        `the PIVT chunk has ${body.byteLength / PIVOT_BYTES} points, too few to insert one at objectId ${objectId}`,
      );
    }
    result = replaceChunkBody(result, pivotIndex, spliceBytes(body, objectId * PIVOT_BYTES, 0, float32Bytes(pivot)));
  }

  const bindPoseIndex = result.chunks.findIndex((chunk) => chunk.tag === 'BPOS');
  if (bindPoseIndex !== -1) {
    const count = bindPoseCount(result, bindPoseIndex);
    if (objectId <= count) {
      const body = spliceBytes(
        result.chunks[bindPoseIndex]!.body,
        BIND_POSE_COUNT_BYTES + objectId * BIND_POSE_BYTES,
        0,
        float32Bytes(pivotBindPose(pivot)),
      );
      result = replaceChunkBody(result, bindPoseIndex, withBindPoseCount(body, count + 1));
    }
  }
  return result;
}

/**
 * Closes objectId `objectId` after its node was removed: every node above it moves down by one,
 * parentIds naming it become `reparentTo` (the removed node's own parent, in the numbering before
 * the removal), parentIds above it follow, and its PIVT point and BPOS matrix are removed. Throws
 * MdxEditError when a node still has that objectId, a geoset is bound to it, or a chunk in the way
 * is damaged.
 */
export function removeObjectId(model: MdxModel, objectId: number, reparentTo = -1): MdxModel {
  const reads = editableNodeChunks(model);
  for (const read of reads) {
    const holder = read.objects.find((object) => object.node.objectId === objectId);
    if (holder)
      throw new MdxEditError(`${read.tag}[${holder.index}] "${holder.node.name}" still has objectId ${objectId}`);
  }
  if (reparentTo === objectId) reparentTo = -1;
  const down = (id: number): number => (id > objectId ? id - 1 : id);
  let result = patchNodeChunks(model, reads, down, (id) => {
    const parent = id === objectId ? reparentTo : id;
    return parent === -1 ? parent : down(parent);
  });
  const shifts = reads.some((read) => read.objects.some((object) => object.node.objectId > objectId));
  result = patchGeosets(
    result,
    (index) => {
      if (index === objectId)
        throw new MdxEditError(`a geoset's vertices are bound to objectId ${objectId}; it cannot be removed`);
      return down(index);
    },
    shifts,
  );

  const pivotIndex = result.chunks.findIndex((chunk) => chunk.tag === 'PIVT');
  if (pivotIndex !== -1) {
    const body = result.chunks[pivotIndex]!.body;
    if (body.byteLength % PIVOT_BYTES !== 0)
      throw new MdxEditError('the PIVT chunk is damaged (its size is not a multiple of 12)');
    if (objectId < body.byteLength / PIVOT_BYTES) {
      result = replaceChunkBody(
        result,
        pivotIndex,
        spliceBytes(body, objectId * PIVOT_BYTES, PIVOT_BYTES, new Uint8Array(0)),
      );
    }
  }
  const bindPoseIndex = result.chunks.findIndex((chunk) => chunk.tag === 'BPOS');
  if (bindPoseIndex !== -1) {
    const count = bindPoseCount(result, bindPoseIndex);
    if (objectId < count) {
      const body = spliceBytes(
        result.chunks[bindPoseIndex]!.body,
        BIND_POSE_COUNT_BYTES + objectId * BIND_POSE_BYTES,
        BIND_POSE_BYTES,
        new Uint8Array(0),
      );
      result = replaceChunkBody(result, bindPoseIndex, withBindPoseCount(body, count - 1));
    }
  }
  return result;
}

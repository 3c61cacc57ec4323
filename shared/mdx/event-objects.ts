/**
 * The model-level event API the events module builds on: read a model's event objects, replace
 * them, insert and remove them — each edit returns a new model and changes only what it must.
 * Inserting or removing keeps objectIds dense in canonical chunk order (see renumber.ts).
 */
import { bodyOffsetOf, walkNodeChunk, walkNodeChunks } from './node-objects';
import { insertChunk, newChunk, replaceChunkBody, type MdxChunk, type MdxModel } from './container';
import {
  encodeEventObject,
  newEventObject,
  readEventsChunk,
  writeEventsChunk,
  type EventsRead,
  type MdxEventObject,
  type NewEventObject,
} from './chunks/evts';
import { editableNodeChunks, insertObjectId, MdxEditError, removeObjectId, spliceBytes } from './renumber';
import { CANONICAL_CHUNK_ORDER } from './versions';

/** The tag of the event object chunk. */
export const EVTS_TAG = 'EVTS';

/** The model's event objects and where they live. */
export interface MdxEvents extends EventsRead {
  /** Index of the EVTS chunk in `model.chunks`, or -1 when the model has none. */
  readonly chunkIndex: number;
}

const reads = new WeakMap<MdxChunk, EventsRead>();

/** The event objects of an EVTS chunk (memoized per chunk; offsets count from its origin). Never throws. */
export function readEventsChunkOf(chunk: MdxChunk): EventsRead {
  let read = reads.get(chunk);
  if (!read) {
    read = readEventsChunk(chunk.body, bodyOffsetOf(chunk));
    reads.set(chunk, read);
  }
  return read;
}

/** The event objects of the model's (first) EVTS chunk, memoized per chunk. Never throws. */
export function readEvents(model: MdxModel): MdxEvents {
  const chunkIndex = model.chunks.findIndex((chunk) => chunk.tag === EVTS_TAG);
  if (chunkIndex === -1) return { chunkIndex, objects: [], diagnostics: [], damaged: false };
  return { chunkIndex, ...readEventsChunkOf(model.chunks[chunkIndex]!) };
}

function editableEvents(model: MdxModel): MdxEvents {
  const events = readEvents(model);
  if (events.damaged)
    throw new MdxEditError(
      `the EVTS chunk is damaged (${events.diagnostics[0]?.message ?? 'it does not add up'}); it cannot be edited`,
    );
  return events;
}

function nodeIds(model: MdxModel): Set<number> {
  const ids = new Set<number>();
  for (const read of walkNodeChunks(model)) for (const object of read.objects) ids.add(object.node.objectId);
  return ids;
}

function checkParent(object: MdxEventObject, ids: ReadonlySet<number>, where: string): void {
  if (object.parentId === -1) return;
  if (object.parentId === object.objectId) throw new MdxEditError(`${where} "${object.name}" cannot be its own parent`);
  if (!ids.has(object.parentId))
    throw new MdxEditError(`${where} "${object.name}" names parent ${object.parentId}, which no node has`);
}

/**
 * A new model whose EVTS chunk holds `objects`: the same number of objects with the same objectIds
 * in the same order as now (insert and remove objects with {@link insertEventObject} and
 * {@link removeEventObject}). Objects from the reader are written from their original bytes; new or
 * changed ones are encoded. Throws MdxEditError when the objectIds differ, a parent does not exist,
 * or the chunk is damaged; RangeError when an object cannot be encoded (a name over 80 bytes…).
 */
export function replaceEventObjects(model: MdxModel, objects: readonly MdxEventObject[]): MdxModel {
  const events = editableEvents(model);
  if (objects.length !== events.objects.length) {
    throw new MdxEditError(
      `the model has ${events.objects.length} event objects; replacing them with ${objects.length} would change ` +
        `objectIds (insert or remove objects instead)`,
    );
  }
  const ids = nodeIds(model);
  objects.forEach((object, index) => {
    const expected = events.objects[index]!.objectId;
    if (object.objectId !== expected)
      throw new MdxEditError(`event object ${index} must keep objectId ${expected}, not ${object.objectId}`);
    checkParent(object, ids, `event object ${index}`);
  });
  if (events.chunkIndex === -1) return model;
  if (objects.every((object, index) => object === events.objects[index])) return model;
  return replaceChunkBody(model, events.chunkIndex, writeEventsChunk(objects));
}

/**
 * The objectId a new event object at position `index` of EVTS gets: the objectId of the object it
 * is inserted before, one past the last event object, or — in a model without event objects — one
 * past the highest objectId of the node chunks that come before EVTS (0 when there are none).
 */
export function objectIdForNewEventObject(model: MdxModel, index: number): number {
  const events = readEvents(model);
  if (index < events.objects.length) return events.objects[index]!.objectId;
  if (events.objects.length > 0) return events.objects[events.objects.length - 1]!.objectId + 1;
  const evtsRank = CANONICAL_CHUNK_ORDER.indexOf(EVTS_TAG);
  let highest = -1;
  for (const read of walkNodeChunks(model)) {
    if (CANONICAL_CHUNK_ORDER.indexOf(read.tag) >= evtsRank) continue;
    for (const object of read.objects) highest = Math.max(highest, object.node.objectId);
  }
  return highest + 1;
}

/**
 * A new model with an event object inserted at position `index` of EVTS (0 … count; the chunk is
 * created at its canonical place when the model has none). The object gets
 * {@link objectIdForNewEventObject}; every node from that objectId on is renumbered and every
 * reference follows, and a pivot (and a Reforged bind pose) is inserted for it at `pivot`.
 * `fields.parentId` names a node in the model as it is before the insert. Throws MdxEditError when
 * `index` is out of range, the parent does not exist, or a chunk in the way is damaged.
 */
export function insertEventObject(
  model: MdxModel,
  index: number,
  fields: NewEventObject,
  pivot: readonly [number, number, number] = [0, 0, 0],
): MdxModel {
  const events = editableEvents(model);
  if (!Number.isInteger(index) || index < 0 || index > events.objects.length) {
    throw new MdxEditError(`event object position ${index} is outside 0–${events.objects.length}`);
  }
  editableNodeChunks(model);
  const objectId = objectIdForNewEventObject(model, index);
  const parentBefore = fields.parentId ?? -1;
  if (parentBefore !== -1 && !nodeIds(model).has(parentBefore)) {
    throw new MdxEditError(`the new event object "${fields.name}" names parent ${parentBefore}, which no node has`);
  }
  const parentId = parentBefore !== -1 && parentBefore >= objectId ? parentBefore + 1 : parentBefore;
  const bytes = encodeEventObject(newEventObject({ ...fields, parentId }, objectId));
  const renumbered = insertObjectId(model, objectId, pivot);
  // insertObjectId may have created PIVT, so look the EVTS chunk up again.
  const chunkIndex = renumbered.chunks.findIndex((chunk) => chunk.tag === EVTS_TAG);
  if (chunkIndex === -1) return insertChunk(renumbered, newChunk(EVTS_TAG, bytes), CANONICAL_CHUNK_ORDER);
  const chunk = renumbered.chunks[chunkIndex]!;
  const walked = walkNodeChunk(chunk, chunkIndex);
  const at = index < walked.objects.length ? walked.objects[index]!.offset : chunk.body.byteLength;
  return replaceChunkBody(renumbered, chunkIndex, spliceBytes(chunk.body, at, 0, bytes));
}

/**
 * A new model without the event object at position `index` of EVTS. Nodes above its objectId are
 * renumbered and every reference follows; nodes parented to it take its parent; its pivot (and
 * Reforged bind pose) is removed. The EVTS chunk stays, empty, when it was the last object. Throws
 * MdxEditError when `index` is out of range or a chunk in the way is damaged.
 */
export function removeEventObject(model: MdxModel, index: number): MdxModel {
  const events = editableEvents(model);
  const object = events.objects[index];
  if (!Number.isInteger(index) || !object)
    throw new MdxEditError(`there is no event object ${index} (the model has ${events.objects.length})`);
  const reads = editableNodeChunks(model);
  const chunk = model.chunks[events.chunkIndex]!;
  const entry = walkNodeChunk(chunk, events.chunkIndex).objects[index]!;
  const removed = replaceChunkBody(
    model,
    events.chunkIndex,
    spliceBytes(chunk.body, entry.offset, entry.byteLength, new Uint8Array(0)),
  );
  const sharedId = reads.some((read) =>
    read.objects.some(
      (other) => other.node.objectId === object.objectId && !(read.tag === EVTS_TAG && other.index === index),
    ),
  );
  if (sharedId) return removed;
  return removeObjectId(removed, object.objectId, object.parentId);
}

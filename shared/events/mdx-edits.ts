/**
 * The edit steps of the events module over an MDX model, through the EVTS kind (shared/model/kinds/event-object.ts):
 * keys, parents and names by replacing event objects (the kind's codec writes unchanged objects back as their
 * bytes); inserts and removals keep objectIds dense with every reference (parents, PIVT, BPOS, MATS) renumbered
 * (shared/model/mdx-renumber.ts).
 */
import { insertChunk, newChunk } from '../mdx/container';
import { NO_BYTES } from '../mdx/cursor';
import { NODE_FLAG } from '../model/kinds/node';
import type { EventKeyframes, EventObject } from '../model/kinds/event-object';
import type { MdxModel } from '../model/mdx-file';
import {
  editableChunk,
  editableNodeChunks,
  encodeChunk,
  insertObjectId,
  MdxEditError,
  nodeIds,
  pivotOf,
  removeObjectId,
  replaceChunk,
} from '../model/mdx-renumber';
import { CANONICAL_CHUNK_ORDER } from '../model/registry';
import { parsedChunkOf } from '../model/typed-chunks';
import type { ModelDocument } from './document';
import type { InsertStep, KeyChange, ModelEditor, Point } from './editor';
import { mdxDocumentOf } from './read';

/** The tag of the event object chunk. */
export const EVTS_TAG = 'EVTS';

/** The model's event objects (its first EVTS chunk's), or none; throws MdxEditError when the chunk is damaged. */
export function editableEvents(model: MdxModel): { index: number; objects: readonly EventObject[] } {
  const read = editableChunk(model, EVTS_TAG, 'it cannot be edited');
  return read === undefined ? { index: -1, objects: [] } : { index: read.index, objects: read.value };
}

function checkParent(object: EventObject, ids: ReadonlySet<number>, where: string): void {
  const { name, objectId, parentId } = object.node;
  if (parentId === -1) return;
  if (parentId === objectId) throw new MdxEditError(`${where} "${name}" cannot be its own parent`);
  if (!ids.has(parentId)) throw new MdxEditError(`${where} "${name}" names parent ${parentId}, which no node has`);
}

/**
 * A new model whose EVTS chunk holds `objects`: the same number of objects with the same objectIds in the same
 * order as now (insert and remove objects with {@link insertEventObject} and {@link removeEventObject}). Throws
 * MdxEditError when the objectIds differ, a parent does not exist, or the chunk is damaged; RangeError when an object
 * cannot be encoded (a name over 80 bytes…).
 */
export function replaceEventObjects(model: MdxModel, objects: readonly EventObject[]): MdxModel {
  const events = editableEvents(model);
  if (objects.length !== events.objects.length) {
    throw new MdxEditError(
      `the model has ${events.objects.length} event objects; replacing them with ${objects.length} would change ` +
        `objectIds (insert or remove objects instead)`,
    );
  }
  const ids = nodeIds(model);
  objects.forEach((object, index) => {
    const expected = events.objects[index]!.node.objectId;
    if (object.node.objectId !== expected)
      throw new MdxEditError(`event object ${index} must keep objectId ${expected}, not ${object.node.objectId}`);
    checkParent(object, ids, `event object ${index}`);
  });
  if (events.index === -1 || objects.every((object, index) => object === events.objects[index])) return model;
  return replaceChunk(model, events.index, EVTS_TAG, [...objects]);
}

/** What a new event object needs; everything else gets the defaults of {@link newEventObject}. */
export interface NewEventObject {
  readonly name: string;
  readonly parentId?: number;
  /** Defaults to no KEVT block. */
  readonly keys?: EventKeyframes | null;
}

/** A new event object with `objectId` (flags 0x400, no tracks). */
export function newEventObject(fields: NewEventObject, objectId: number): EventObject {
  return {
    node: {
      name: fields.name,
      objectId,
      parentId: fields.parentId ?? -1,
      flags: NODE_FLAG.eventObject,
      tracks: [],
      unparsedBytes: NO_BYTES,
    },
    keys: fields.keys ?? null,
  };
}

/**
 * The objectId a new event object at position `index` of EVTS gets: the objectId of the object it is inserted
 * before, one past the last event object, or — in a model without event objects — one past the highest objectId of
 * the node chunks that come before EVTS (0 when there are none).
 */
export function objectIdForNewEventObject(model: MdxModel, index: number): number {
  const events = parsedChunkOf(model, EVTS_TAG) ?? [];
  if (index < events.length) return events[index]!.node.objectId;
  if (events.length > 0) return events[events.length - 1]!.node.objectId + 1;
  const evtsRank = CANONICAL_CHUNK_ORDER.indexOf(EVTS_TAG);
  let highest = -1;
  for (const read of editableNodeChunks(model)) {
    if (CANONICAL_CHUNK_ORDER.indexOf(read.tag) >= evtsRank) continue;
    for (const object of read.objects) highest = Math.max(highest, object.node.objectId);
  }
  return highest + 1;
}

/**
 * A new model with an event object inserted at position `index` of EVTS (0 … count; the chunk is created at its
 * canonical place when the model has none). The object gets {@link objectIdForNewEventObject}; every node from that
 * objectId on is renumbered and every reference follows, and a pivot (and a Reforged bind pose) is inserted for it
 * at `pivot`. `fields.parentId` names a node in the model as it is before the insert. Throws MdxEditError when
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
  const object = newEventObject({ ...fields, parentId }, objectId);
  const renumbered = insertObjectId(model, objectId, pivot);
  // insertObjectId may have created PIVT, so look the EVTS chunk up again.
  const after = editableEvents(renumbered);
  if (after.index === -1) {
    const body = encodeChunk(renumbered, EVTS_TAG, [object]);
    return insertChunk(renumbered, newChunk(EVTS_TAG, body), CANONICAL_CHUNK_ORDER);
  }
  const objects = [...after.objects];
  objects.splice(index, 0, object);
  return replaceChunk(renumbered, after.index, EVTS_TAG, objects);
}

/**
 * A new model without the event object at position `index` of EVTS. Nodes above its objectId are renumbered and
 * every reference follows; nodes parented to it take its parent; its pivot (and Reforged bind pose) is removed. The
 * EVTS chunk stays, empty, when it was the last object. Throws MdxEditError when `index` is out of range or a chunk
 * in the way is damaged.
 */
export function removeEventObject(model: MdxModel, index: number): MdxModel {
  const events = editableEvents(model);
  const object = events.objects[index];
  if (!Number.isInteger(index) || !object)
    throw new MdxEditError(`there is no event object ${index} (the model has ${events.objects.length})`);
  const reads = editableNodeChunks(model);
  const objects = [...events.objects];
  objects.splice(index, 1);
  const removed = replaceChunk(model, events.index, EVTS_TAG, objects);
  const { objectId, parentId } = object.node;
  const sharedId = reads.some((read) =>
    read.objects.some((other) => other.node.objectId === objectId && other !== object),
  );
  if (sharedId) return removed;
  return removeObjectId(removed, objectId, parentId);
}

/** Edits an MDX model step by step; `finish` makes the document of the edited chunk list (nothing is written). */
export class MdxEditor implements ModelEditor {
  /** `document` is the document the edit starts from; `model` its MDX model. */
  constructor(
    private model: MdxModel,
    private readonly document: ModelDocument,
  ) {}

  private replace(change: (objects: EventObject[]) => void): void {
    const objects = [...editableEvents(this.model).objects];
    change(objects);
    this.model = replaceEventObjects(this.model, objects);
  }

  setKeys(changes: readonly KeyChange[]): void {
    this.replace((objects) => {
      for (const { index, frames, globalSequenceId } of changes) {
        objects[index] = {
          ...objects[index]!,
          keys: { globalSequenceId: globalSequenceId ?? -1, frames: Int32Array.from(frames) },
        };
      }
    });
  }

  setParent(index: number, parentId: number): void {
    this.replace((objects) => {
      const object = objects[index]!;
      objects[index] = { ...object, node: { ...object.node, parentId } };
    });
  }

  rename(index: number, name: string): void {
    this.replace((objects) => {
      const object = objects[index]!;
      objects[index] = { ...object, node: { ...object.node, name } };
    });
  }

  insert(step: InsertStep): void {
    const count = editableEvents(this.model).objects.length;
    const keys = { globalSequenceId: step.globalSequenceId ?? -1, frames: Int32Array.from(step.frames) };
    this.model = insertEventObject(this.model, count, { name: step.name, parentId: step.parentId, keys }, step.pivot);
  }

  remove(index: number): void {
    this.model = removeEventObject(this.model, index);
  }

  pivotOf(objectId: number): Point | null {
    return pivotOf(this.model, objectId);
  }

  finish(): ModelDocument {
    return mdxDocumentOf(this.model, this.document);
  }
}

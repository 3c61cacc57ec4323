/**
 * Test data for the editor's unit tests: small model documents built in memory, and an in-memory
 * ModelCodec over them that applies the key and link edits the way the contract describes
 * (frames kept sorted, links derived from MRFx/MRDx names by shared/events' own deriveLinks).
 * Used only by tests; the editor runs on the real codec from shared/events, whose applyEdit needs
 * the file's bytes.
 */
import { SAMPLE_LINKS } from '../../assets/generator/sample-cinematic';
import type { EventObject, KeyAddress, ModelCodec, ModelDocument, ModelEdit } from '../../shared/events/document';
import { deriveLinks } from '../../shared/events/links';
import { eventTypeOf } from '../../shared/events/names';

/** An event object with the given name and frames. */
export function fixtureObject(
  index: number,
  name: string,
  frames: readonly number[],
  extra: Partial<EventObject> = {},
): EventObject {
  return {
    index,
    name,
    type: eventTypeOf(name),
    id: name.slice(4),
    objectId: 100 + index,
    parentId: -1,
    globalSequenceId: null,
    frames,
    hasKeyBlock: true,
    tracks: [],
    ...extra,
  };
}

/** A document from event objects (indices and links derived). */
export function fixtureDocument(
  objects: readonly { name: string; frames: readonly number[]; globalSequenceId?: number | null }[],
  extra: Partial<ModelDocument> = {},
): ModelDocument {
  const eventObjects = objects.map((object, index) =>
    fixtureObject(index, object.name, object.frames, { globalSequenceId: object.globalSequenceId ?? null }),
  );
  return {
    format: 'mdx',
    version: 800,
    name: 'Fixture',
    sequences: [{ name: 'Cinematic', start: 0, end: 80_000, moveSpeed: 0, nonLooping: true, rarity: 0 }],
    globalSequences: [1000],
    nodes: eventObjects.map((object) => ({
      kind: 'eventObject' as const,
      name: object.name,
      objectId: object.objectId,
      parentId: -1,
    })),
    eventObjects,
    links: deriveLinks(eventObjects),
    readDiagnostics: [],
    source: null,
    ...extra,
  };
}

/** The sample cinematic's six links (show/hide frames of the original). */
export function sampleCinematicDocument(): ModelDocument {
  return fixtureDocument([
    ...SAMPLE_LINKS.flatMap(([id, show, hide]) => [
      { name: `MRFx${id}`, frames: [show] },
      { name: `MRDx${id}`, frames: [hide] },
    ]),
    { name: 'SNDxARTH', frames: [1000, 5000] },
  ]);
}

function withObjects(document: ModelDocument, objects: EventObject[]): ModelDocument {
  const eventObjects = objects.map((object, index) => ({
    ...object,
    index,
    type: eventTypeOf(object.name),
    id: object.name.slice(4),
  }));
  return { ...document, eventObjects, links: deriveLinks(eventObjects) };
}

function sorted(frames: readonly number[]): number[] {
  return [...frames].sort((a, b) => a - b);
}

function apply(document: ModelDocument, edit: ModelEdit): ModelDocument {
  const objects = [...document.eventObjects];
  const object = (index: number) => {
    const found = objects[index];
    if (!found) throw new RangeError(`no event object ${index}`);
    return found;
  };
  const byObject = (keys: readonly KeyAddress[]) => {
    const map = new Map<number, Set<number>>();
    for (const key of keys) {
      if (object(key.objectIndex).frames[key.frameIndex] === undefined)
        throw new RangeError(`no key ${key.objectIndex}:${key.frameIndex}`);
      map.set(key.objectIndex, (map.get(key.objectIndex) ?? new Set()).add(key.frameIndex));
    }
    return map;
  };
  switch (edit.kind) {
    case 'setFrames':
      objects[edit.objectIndex] = { ...object(edit.objectIndex), frames: sorted(edit.frames) };
      return withObjects(document, objects);
    case 'addKeys':
      objects[edit.objectIndex] = {
        ...object(edit.objectIndex),
        frames: sorted([...object(edit.objectIndex).frames, ...edit.frames]),
      };
      return withObjects(document, objects);
    case 'removeKeys':
      for (const [index, frames] of byObject(edit.keys))
        objects[index] = {
          ...object(index),
          frames: object(index).frames.filter((_, position) => !frames.has(position)),
        };
      return withObjects(document, objects);
    case 'moveKeys':
      for (const [index, frames] of byObject(edit.keys)) {
        const moved = object(index).frames.map((frame, position) =>
          frames.has(position) ? frame + edit.deltaMs : frame,
        );
        if (moved.some((frame) => frame < 0)) throw new RangeError('a key would move before 0');
        objects[index] = { ...object(index), frames: sorted(moved) };
      }
      return withObjects(document, objects);
    case 'setGlobalSequence':
      objects[edit.objectIndex] = { ...object(edit.objectIndex), globalSequenceId: edit.globalSequenceId };
      return withObjects(document, objects);
    case 'setParent':
      objects[edit.objectIndex] = { ...object(edit.objectIndex), parentId: edit.parentId };
      return withObjects(document, objects);
    case 'renameEventObject':
      objects[edit.objectIndex] = { ...object(edit.objectIndex), name: edit.name };
      return withObjects(document, objects);
    case 'addEventObject':
      return withObjects(document, [...objects, fixtureObject(objects.length, edit.name, sorted(edit.frames))]);
    case 'removeEventObject':
      object(edit.objectIndex);
      return withObjects(
        document,
        objects.filter((_, index) => index !== edit.objectIndex),
      );
    case 'renameLink':
      return withObjects(
        document,
        objects.map((item) =>
          (item.type === 'MRF' || item.type === 'MRD') && item.id.toUpperCase() === edit.id.toUpperCase()
            ? { ...item, name: `${item.name.slice(0, 4)}${edit.newId}` }
            : item,
        ),
      );
    case 'addLink':
      return withObjects(document, [
        ...objects,
        fixtureObject(0, `MRFx${edit.id}`, sorted(edit.showFrames)),
        fixtureObject(0, `MRDx${edit.id}`, sorted(edit.hideFrames)),
      ]);
    case 'removeLink':
      return withObjects(
        document,
        objects.filter(
          (item) => !((item.type === 'MRF' || item.type === 'MRD') && item.id.toUpperCase() === edit.id.toUpperCase()),
        ),
      );
    case 'batch':
      return edit.edits.reduce(apply, document);
  }
}

/** An in-memory codec over fixture documents (no bytes: readModel/writeModel use JSON). */
export const fixtureCodec: ModelCodec = {
  readModel(bytes) {
    return JSON.parse(new TextDecoder().decode(bytes)) as ModelDocument;
  },
  applyEdit: apply,
  writeModel(document) {
    return new TextEncoder().encode(JSON.stringify({ ...document, source: null }));
  },
  modelPieces(document) {
    return [fixtureCodec.writeModel(document)];
  },
  validateModel(document) {
    return document.eventObjects.flatMap((object) =>
      object.frames.some((frame, index) => index > 0 && frame === object.frames[index - 1])
        ? [
            {
              severity: 'warning' as const,
              code: 'events.duplicate-frame',
              message: `${object.name} has duplicate frames`,
              target: { kind: 'eventObject' as const, objectIndex: object.index },
            },
          ]
        : [],
    );
  },
};

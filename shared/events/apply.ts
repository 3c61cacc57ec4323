/**
 * `applyEdit`: every ModelEdit as pure steps over the document's model. Arguments are checked
 * against the document first (EditError names what is wrong); the steps then run on a working
 * copy of the MDX or MDL model and the new document is read from the result. Edits keep frames
 * sorted (a touched object's frames are sorted; `addKeys` skips times that already have a key);
 * keys moved onto other keys stay as two keys, as in a dope sheet.
 *
 * New event objects are appended after the last one. Decision: a new object takes the parent and
 * pivot of the model's first event object of its kind — for MRF links, the first `MRF`/`MRD`
 * object (a cinematic's capes share one anchor) — and without one, no parent and the origin.
 */
import { CodecError } from '../binary/codec-error';
import { MdxEditError } from '../model/mdx-renumber';
import type { EventObject, KeyAddress, ModelDocument, ModelEdit } from './document';
import { EditError } from './edit-error';
import type { KeyChange, ModelEditor, Point } from './editor';
import { findLink, linkObjectIndices } from './links';
import { MdlEditor } from './mdl-edits';
import { MdxEditor } from './mdx-edits';
import { eventTypeOf, isLinkType, linkIdProblem, MAX_FRAME, nameProblem } from './names';
import { mdlModelOf, mdxModelOf, sourceOf } from './source';

const ORIGIN: Point = [0, 0, 0];

function editorFor(document: ModelDocument): ModelEditor {
  const source = sourceOf(document);
  return source.format === 'mdx' ? new MdxEditor(mdxModelOf(source), document) : new MdlEditor(mdlModelOf(source));
}

function objectAt(document: ModelDocument, index: number): EventObject {
  const object = Number.isInteger(index) ? document.eventObjects[index] : undefined;
  if (!object) throw new EditError(`there is no event object ${index} (the model has ${document.eventObjects.length})`);
  return object;
}

function checkFrames(frames: readonly number[], what: string): void {
  for (const frame of frames) {
    if (!Number.isInteger(frame)) throw new EditError(`${what}: ${frame} is not a whole number of milliseconds`);
    if (frame < 0) throw new EditError(`${what}: frame ${frame} is before 0`);
    if (frame > MAX_FRAME)
      throw new EditError(`${what}: frame ${frame} is past the largest storable time (${MAX_FRAME} ms)`);
  }
}

function checkName(name: string): void {
  const problem = nameProblem(name);
  if (problem) throw new EditError(problem);
}

function checkLinkId(id: string): void {
  const problem = linkIdProblem(id);
  if (problem) throw new EditError(problem);
}

function sorted(frames: readonly number[]): number[] {
  return [...frames].sort((left, right) => left - right);
}

function sameFrames(left: readonly number[], right: readonly number[]): boolean {
  return left.length === right.length && left.every((frame, index) => frame === right[index]);
}

/** Groups key addresses by object, checking each; returns frame-index sets per object index. */
function keysByObject(document: ModelDocument, keys: readonly KeyAddress[]): Map<number, Set<number>> {
  const groups = new Map<number, Set<number>>();
  for (const key of keys) {
    const object = objectAt(document, key.objectIndex);
    if (!Number.isInteger(key.frameIndex) || key.frameIndex < 0 || key.frameIndex >= object.frames.length) {
      throw new EditError(`"${object.name}" has no key ${key.frameIndex} (it has ${object.frames.length})`);
    }
    let group = groups.get(key.objectIndex);
    if (!group) groups.set(key.objectIndex, (group = new Set()));
    group.add(key.frameIndex);
  }
  return groups;
}

/** The parent and pivot a new object named `name` takes (see the module comment). */
function templateOf(document: ModelDocument, editor: ModelEditor, name: string): { parentId: number; pivot: Point } {
  const type = eventTypeOf(name);
  const template = document.eventObjects.find((object) =>
    isLinkType(type) ? isLinkType(object.type) : object.type === type && type !== 'OTHER',
  );
  if (!template) return { parentId: -1, pivot: ORIGIN };
  const parentExists = template.parentId === -1 || document.nodes.some((node) => node.objectId === template.parentId);
  return { parentId: parentExists ? template.parentId : -1, pivot: editor.pivotOf(template.objectId) ?? ORIGIN };
}

/** The steps of one (non-batch) edit. Returns false when the edit changes nothing. */
function plan(document: ModelDocument, edit: Exclude<ModelEdit, { kind: 'batch' }>, editor: ModelEditor): boolean {
  const changes: KeyChange[] = [];
  /** Queues new keys for an object unless they are what it has. */
  const keys = (object: EventObject, frames: readonly number[], globalSequenceId: number | null) => {
    const unchanged = object.hasKeyBlock
      ? sameFrames(frames, object.frames) && globalSequenceId === object.globalSequenceId
      : frames.length === 0 && globalSequenceId === null;
    if (!unchanged) changes.push({ index: object.index, frames, globalSequenceId });
  };
  const flushKeys = () => {
    if (changes.length === 0) return false;
    editor.setKeys(changes);
    return true;
  };

  switch (edit.kind) {
    case 'setFrames': {
      const object = objectAt(document, edit.objectIndex);
      checkFrames(edit.frames, `keys of "${object.name}"`);
      keys(object, sorted(edit.frames), object.globalSequenceId);
      return flushKeys();
    }
    case 'addKeys': {
      const object = objectAt(document, edit.objectIndex);
      checkFrames(edit.frames, `keys of "${object.name}"`);
      const existing = new Set(object.frames);
      const added = edit.frames.filter((frame, index) => !existing.has(frame) && edit.frames.indexOf(frame) === index);
      if (added.length === 0) return false;
      keys(object, sorted([...object.frames, ...added]), object.globalSequenceId);
      return flushKeys();
    }
    case 'removeKeys': {
      for (const [index, positions] of keysByObject(document, edit.keys)) {
        const object = document.eventObjects[index]!;
        keys(object, sorted(object.frames.filter((_, position) => !positions.has(position))), object.globalSequenceId);
      }
      return flushKeys();
    }
    case 'moveKeys': {
      if (!Number.isInteger(edit.deltaMs)) throw new EditError(`keys move by whole milliseconds, not ${edit.deltaMs}`);
      for (const [index, positions] of keysByObject(document, edit.keys)) {
        const object = document.eventObjects[index]!;
        const moved = object.frames.map((frame, position) => (positions.has(position) ? frame + edit.deltaMs : frame));
        checkFrames(
          moved.filter((_, position) => positions.has(position)),
          `moving keys of "${object.name}"`,
        );
        keys(object, sorted(moved), object.globalSequenceId);
      }
      return flushKeys();
    }
    case 'setGlobalSequence': {
      const object = objectAt(document, edit.objectIndex);
      const id = edit.globalSequenceId;
      if (id !== null && (!Number.isInteger(id) || id < 0 || id >= document.globalSequences.length)) {
        throw new EditError(`there is no global sequence ${id} (the model has ${document.globalSequences.length})`);
      }
      keys(object, sorted(object.frames), id);
      return flushKeys();
    }
    case 'setParent': {
      const object = objectAt(document, edit.objectIndex);
      checkParent(document, object, edit.parentId);
      if (edit.parentId === object.parentId) return false;
      editor.setParent(object.index, edit.parentId);
      return true;
    }
    case 'renameEventObject': {
      const object = objectAt(document, edit.objectIndex);
      checkName(edit.name);
      if (edit.name === object.name) return false;
      editor.rename(object.index, edit.name);
      return true;
    }
    case 'addEventObject': {
      checkName(edit.name);
      checkFrames(edit.frames, `keys of "${edit.name}"`);
      editor.insert({
        name: edit.name,
        frames: sorted(edit.frames),
        globalSequenceId: null,
        ...templateOf(document, editor, edit.name),
      });
      return true;
    }
    case 'removeEventObject': {
      editor.remove(objectAt(document, edit.objectIndex).index);
      return true;
    }
    case 'renameLink': {
      const link = findLink(document.links, edit.id);
      if (!link) throw new EditError(`the model has no MRF link "${edit.id}"`);
      checkLinkId(edit.newId);
      const other = findLink(document.links, edit.newId);
      if (other && other !== link) throw new EditError(`the model already has an MRF link "${other.id}"`);
      let changed = false;
      for (const index of linkObjectIndices(document.eventObjects, edit.id)) {
        const object = document.eventObjects[index]!;
        const name = object.name.slice(0, 4) + edit.newId;
        checkName(name);
        if (name === object.name) continue;
        editor.rename(index, name);
        changed = true;
      }
      return changed;
    }
    case 'addLink': {
      checkLinkId(edit.id);
      const existing = findLink(document.links, edit.id);
      if (existing) throw new EditError(`the model already has an MRF link "${existing.id}"; set its keys instead`);
      checkFrames(edit.showFrames, `show keys of link "${edit.id}"`);
      checkFrames(edit.hideFrames, `hide keys of link "${edit.id}"`);
      const template = templateOf(document, editor, `MRFx${edit.id}`);
      editor.insert({ name: `MRFx${edit.id}`, frames: sorted(edit.showFrames), globalSequenceId: null, ...template });
      // The show object took the objectId after the last event object: a parent from there on moved up.
      const showId = Math.max(-1, ...document.eventObjects.map((object) => object.objectId)) + 1;
      const parentId = template.parentId >= showId ? template.parentId + 1 : template.parentId;
      editor.insert({
        name: `MRDx${edit.id}`,
        frames: sorted(edit.hideFrames),
        globalSequenceId: null,
        parentId,
        pivot: template.pivot,
      });
      return true;
    }
    case 'removeLink': {
      const indices = linkObjectIndices(document.eventObjects, edit.id);
      if (indices.length === 0) throw new EditError(`the model has no MRF link "${edit.id}"`);
      for (const index of indices.reverse()) editor.remove(index);
      return true;
    }
  }
}

/** Throws EditError unless `parentId` (-1 or a node's objectId) can be `object`'s parent. */
function checkParent(document: ModelDocument, object: EventObject, parentId: number): void {
  if (parentId === -1) return;
  if (!Number.isInteger(parentId)) throw new EditError(`parent ${parentId} is not an objectId`);
  if (parentId === object.objectId) throw new EditError(`"${object.name}" cannot be its own parent`);
  const parents = new Map(document.nodes.map((node) => [node.objectId, node.parentId] as const));
  if (!parents.has(parentId)) throw new EditError(`no node has objectId ${parentId}`);
  // Walk up from the new parent: reaching the object would close a loop.
  const seen = new Set<number>();
  for (let id = parentId; id !== -1 && !seen.has(id); id = parents.get(id) ?? -1) {
    if (id === object.objectId)
      throw new EditError(`node ${parentId} is a child of "${object.name}"; parenting to it would make a loop`);
    seen.add(id);
  }
}

/** Applies `edit` to `document` (pure: a new document; the same one when nothing changes). */
export function applyEdit(document: ModelDocument, edit: ModelEdit): ModelDocument {
  if (edit.kind === 'batch') return edit.edits.reduce(applyEdit, document);
  const editor = editorFor(document);
  try {
    return plan(document, edit, editor) ? editor.finish() : document;
  } catch (error) {
    if (error instanceof EditError) throw error;
    // The codec's typed refusals become EditErrors; any other error is a bug and stays what it is.
    if (error instanceof MdxEditError || error instanceof CodecError) throw new EditError(error.message);
    throw error;
  }
}

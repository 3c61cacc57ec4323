/**
 * Selection: which keys, event objects and links are selected, and which item is active (shown
 * in the properties). Keys are addressed by (object index, position in its frames) and stored as
 * one number each, so that drawing 10,000 keys asks a Set<number> and builds no strings.
 * Selection is not part of the document and not undoable (Blender's habit for the dope sheet).
 */
import type { KeyAddress, ModelDocument } from '../../shared/events/document';

/** Frames per object are capped far below this by the codec's size checks. */
const FRAME_RADIX = 16_777_216;

/** The number standing for one key. */
export function keyId(objectIndex: number, frameIndex: number): number {
  return objectIndex * FRAME_RADIX + frameIndex;
}

/** The key a number stands for. */
export function keyAddress(id: number): KeyAddress {
  return { objectIndex: Math.floor(id / FRAME_RADIX), frameIndex: id % FRAME_RADIX };
}

/** The item whose properties are shown. */
export type ActiveItem =
  | { kind: 'object'; objectIndex: number }
  | { kind: 'link'; id: string }
  | { kind: 'key'; objectIndex: number; frameIndex: number }
  | { kind: 'sequence'; sequenceIndex: number }
  | { kind: 'globalSequence'; globalSequenceIndex: number }
  | { kind: 'camera'; cameraIndex: number }
  | { kind: 'cape' };

/** Everything selected. */
export interface Selection {
  keys: ReadonlySet<number>;
  objects: ReadonlySet<number>;
  /** Link ids, upper-cased (ids compare case-insensitively). */
  links: ReadonlySet<string>;
  active: ActiveItem | null;
}

/** Nothing selected. */
export const EMPTY_SELECTION: Selection = { keys: new Set(), objects: new Set(), links: new Set(), active: null };

/**
 * How a link is lit — its Outliner row, its Dope Sheet row and bar, its cape in the viewport all ask this: 'active'
 * (the item the Properties show), 'selected', or ''. An item is lit only while selected, so every editor lights the
 * same links (issue 21: the Outliner lit an active link that a Shift-click had deselected, the other editors not).
 */
export function linkHighlight(selection: Selection, id: string): 'active' | 'selected' | '' {
  const upper = id.toUpperCase();
  if (!selection.links.has(upper)) return '';
  return selection.active?.kind === 'link' && selection.active.id.toUpperCase() === upper ? 'active' : 'selected';
}

/**
 * How an event object is lit — its Outliner row and its Dope Sheet row ask this: 'active' (it, or one of its keys, is
 * the item the Properties show), 'selected', or ''. Lit only while selected, as {@link linkHighlight}.
 */
export function objectHighlight(selection: Selection, objectIndex: number): 'active' | 'selected' | '' {
  if (!selection.objects.has(objectIndex)) return '';
  const active = selection.active;
  return (active?.kind === 'object' || active?.kind === 'key') && active.objectIndex === objectIndex
    ? 'active'
    : 'selected';
}

/**
 * The active item when it is still selected, else null: a Shift-click that deselects the active link, object or key
 * leaves nothing active (the Properties, F2 and the Outliner's X would otherwise act on an item no editor lights).
 * Items that are not links, objects or keys (sequences, cameras, the cape) stay active.
 */
export function keepActive(selection: Omit<Selection, 'active'> & { active: ActiveItem | null }): ActiveItem | null {
  const active = selection.active;
  if (active?.kind === 'link') return selection.links.has(active.id.toUpperCase()) ? active : null;
  if (active?.kind === 'object') return selection.objects.has(active.objectIndex) ? active : null;
  if (active?.kind === 'key') return selection.keys.has(keyId(active.objectIndex, active.frameIndex)) ? active : null;
  return active;
}

/** The selected keys as addresses, sorted by object then frame. */
export function selectedKeyAddresses(selection: Selection): KeyAddress[] {
  return [...selection.keys].sort((a, b) => a - b).map(keyAddress);
}

/** How a click combines with what is selected. */
export type SelectMode = 'replace' | 'extend' | 'toggle' | 'subtract';

/** Combines a set of ids with the current ones. */
export function combine<T>(current: ReadonlySet<T>, ids: Iterable<T>, mode: SelectMode): Set<T> {
  if (mode === 'replace') return new Set(ids);
  const next = new Set(current);
  for (const id of ids) {
    if (mode === 'subtract') next.delete(id);
    else if (mode === 'toggle' && next.has(id)) next.delete(id);
    else next.add(id);
  }
  return next;
}

/** Every key of the document. */
export function allKeyIds(document: ModelDocument): Set<number> {
  const ids = new Set<number>();
  for (const object of document.eventObjects)
    for (let frame = 0; frame < object.frames.length; frame += 1) ids.add(keyId(object.index, frame));
  return ids;
}

/** Drops addresses that no longer exist (after undo, delete or reload). */
export function sanitizeSelection(selection: Selection, document: ModelDocument | null): Selection {
  if (!document) return EMPTY_SELECTION;
  const objects = document.eventObjects;
  const keys = new Set<number>();
  for (const id of selection.keys) {
    const { objectIndex, frameIndex } = keyAddress(id);
    if (objectIndex < objects.length && frameIndex < objects[objectIndex]!.frames.length) keys.add(id);
  }
  const objectSet = new Set([...selection.objects].filter((index) => index < objects.length));
  const linkIds = new Set(document.links.map((link) => link.id.toUpperCase()));
  const links = new Set([...selection.links].filter((id) => linkIds.has(id)));
  let active = selection.active;
  if (active?.kind === 'object' && active.objectIndex >= objects.length) active = null;
  if (active?.kind === 'key' && !keys.has(keyId(active.objectIndex, active.frameIndex))) active = null;
  if (active?.kind === 'link' && !linkIds.has(active.id.toUpperCase())) active = null;
  if (active?.kind === 'sequence' && active.sequenceIndex >= document.sequences.length) active = null;
  if (active?.kind === 'globalSequence' && active.globalSequenceIndex >= document.globalSequences.length) active = null;
  if (
    keys.size === selection.keys.size &&
    objectSet.size === selection.objects.size &&
    links.size === selection.links.size &&
    active === selection.active
  )
    return selection;
  return { keys, objects: objectSet, links, active };
}

/** The index in `document` of the one event object named `name`, or -1 when none or several are. */
function onlyObjectNamed(document: ModelDocument, name: string): number {
  let found = -1;
  for (const object of document.eventObjects) {
    if (object.name !== name) continue;
    if (found >= 0) return -1;
    found = object.index;
  }
  return found;
}

/**
 * The selection carried from `before` to `after` across an undo or a redo (selection is not undone; it stays on the
 * same things, and nothing lights up that was not lit — issue 21: after undoing an inserted key, the key that took
 * its index lit up). An object is the same one at the same index while the objects are as many, else the one of the
 * same name (when that name is unique); a key is the same one at the same index while its object has as many keys
 * (a move undone brings it back, still selected), else the key at the same time; a link is the same by its ID.
 * Whatever has no counterpart is deselected.
 */
export function carrySelection(before: ModelDocument, after: ModelDocument, selection: Selection): Selection {
  if (before === after) return sanitizeSelection(selection, after);
  const sameObjects = before.eventObjects.length === after.eventObjects.length;
  const objectIn = (index: number): number => {
    const object = before.eventObjects[index];
    if (!object) return -1;
    if (sameObjects) return index;
    return onlyObjectNamed(before, object.name) === index ? onlyObjectNamed(after, object.name) : -1;
  };
  const keyIn = (id: number): number => {
    const { objectIndex, frameIndex } = keyAddress(id);
    const target = objectIn(objectIndex);
    if (target < 0) return -1;
    const from = before.eventObjects[objectIndex]!.frames;
    const to = after.eventObjects[target]!.frames;
    if (frameIndex >= from.length) return -1;
    if (from.length === to.length) return keyId(target, frameIndex);
    // The n-th key at this time before is the n-th at this time after.
    const time = from[frameIndex]!;
    let occurrence = 0;
    for (let index = 0; index < frameIndex; index += 1) if (from[index] === time) occurrence += 1;
    for (let index = 0; index < to.length; index += 1)
      if (to[index] === time && occurrence-- === 0) return keyId(target, index);
    return -1;
  };
  const keys = new Set<number>();
  for (const id of selection.keys) {
    const carried = keyIn(id);
    if (carried >= 0) keys.add(carried);
  }
  const objects = new Set<number>();
  for (const index of selection.objects) {
    const carried = objectIn(index);
    if (carried >= 0) objects.add(carried);
  }
  const linkIds = new Set(after.links.map((link) => link.id.toUpperCase()));
  const links = new Set([...selection.links].filter((id) => linkIds.has(id)));
  let active = selection.active;
  if (active?.kind === 'object') {
    const carried = objectIn(active.objectIndex);
    active = carried < 0 ? null : { kind: 'object', objectIndex: carried };
  } else if (active?.kind === 'key') {
    const carried = keyIn(keyId(active.objectIndex, active.frameIndex));
    active = carried < 0 ? null : { kind: 'key', ...keyAddress(carried) };
  }
  const carried = { keys, objects, links, active };
  return sanitizeSelection({ ...carried, active: keepActive(carried) }, after);
}

/**
 * Where keys went after their frames changed: an edit keeps each object's frames sorted, so a
 * moved key may change position. Each selected key is followed by value (its old frame + the
 * delta), matching duplicates one to one, so the same keys stay selected after a move.
 */
export function followKeys(
  before: ModelDocument,
  after: ModelDocument,
  keys: ReadonlySet<number>,
  deltaFor: (address: KeyAddress) => number,
): Set<number> {
  const wanted = new Map<number, number[]>();
  for (const id of keys) {
    const address = keyAddress(id);
    const frame = before.eventObjects[address.objectIndex]?.frames[address.frameIndex];
    if (frame === undefined) continue;
    const list = wanted.get(address.objectIndex) ?? [];
    list.push(frame + deltaFor(address));
    wanted.set(address.objectIndex, list);
  }
  const followed = new Set<number>();
  for (const [objectIndex, frames] of wanted) {
    const object = after.eventObjects[objectIndex];
    if (!object) continue;
    const positions = new Map<number, number[]>();
    for (let index = object.frames.length - 1; index >= 0; index -= 1) {
      const frame = object.frames[index]!;
      const list = positions.get(frame);
      if (list) list.push(index);
      else positions.set(frame, [index]);
    }
    for (const frame of frames) {
      const index = positions.get(frame)?.pop();
      if (index !== undefined) followed.add(keyId(objectIndex, index));
    }
  }
  return followed;
}

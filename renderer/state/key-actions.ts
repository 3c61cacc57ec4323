/**
 * Actions on keys: selecting, deleting, inserting, copy/paste, duplicating and moving (a drag is
 * previewed in ephemeral state and committed as one `moveKeys` edit — one undo step per gesture;
 * Esc cancels it without touching the document). The grab that drives a drag is a modal operator
 * (renderer/operators/transform-operators.ts).
 */
import type { KeyAddress, ModelDocument, ModelEdit } from '../../shared/events/document';
import { editDocument, finishGesture } from './document-actions';
import { type EditorStore, currentDocument } from './editor-store';
import {
  type ActiveItem,
  type SelectMode,
  type Selection,
  allKeyIds,
  combine,
  followKeys,
  keepActive,
  keyAddress,
  keyId,
  selectedKeyAddresses,
} from './selection';
import { notify } from './dialog-actions';
import { beyondGlobalSequence } from './key-insert';

/**
 * Selects keys (click, shift-click, box). The first key becomes the active one. A click that replaces the selection
 * replaces it in every editor: the keys' objects are what the Outliner highlights, and no link stays highlighted
 * (issue 21: Link 0000 stayed lit in the Outliner after a click on another link's key, and X there deleted it).
 */
export function selectKeys(store: EditorStore, keys: readonly KeyAddress[], mode: SelectMode): void {
  store.setState((state) => {
    const ids = keys.map((key) => keyId(key.objectIndex, key.frameIndex));
    const selected = combine(state.selection.keys, ids, mode);
    const first = keys[0];
    const active: ActiveItem | null =
      first && selected.has(ids[0]!)
        ? { kind: 'key', objectIndex: first.objectIndex, frameIndex: first.frameIndex }
        : mode === 'replace'
          ? null
          : state.selection.active;
    if (mode !== 'replace') {
      const selection = { ...state.selection, keys: selected, active };
      return { selection: { ...selection, active: keepActive(selection) } };
    }
    const objects = new Set(keys.map((key) => key.objectIndex));
    return { selection: { keys: selected, objects, links: new Set<string>(), active } };
  });
}

/** A / Alt+A / Ctrl+I over every key. */
export function selectAllKeys(store: EditorStore, action: 'select' | 'deselect' | 'invert' | 'toggle'): void {
  const state = store.getState();
  const document = currentDocument(state);
  if (!document) return;
  const all = allKeyIds(document);
  let keys: Set<number>;
  if (action === 'select' || (action === 'toggle' && state.selection.keys.size === 0)) keys = all;
  else if (action === 'invert') keys = new Set([...all].filter((id) => !state.selection.keys.has(id)));
  else keys = new Set();
  const active =
    state.selection.active?.kind === 'key' &&
    !keys.has(keyId(state.selection.active.objectIndex, state.selection.active.frameIndex))
      ? null
      : state.selection.active;
  store.setState({ selection: { ...state.selection, keys, active } });
}

/** Replaces the whole selection. */
export function setSelection(store: EditorStore, selection: Selection): void {
  store.setState({ selection });
}

/** X / Delete: removes the selected keys (one undo step). */
export function deleteSelectedKeys(store: EditorStore): boolean {
  const keys = selectedKeyAddresses(store.getState().selection);
  if (keys.length === 0) return false;
  const outcome = editDocument(
    store,
    { kind: 'removeKeys', keys },
    keys.length === 1 ? 'Delete Key' : `Delete ${keys.length} Keys`,
    {
      selectionAfter: (_before, _after, selection) => ({
        ...selection,
        keys: new Set(),
        active: selection.active?.kind === 'key' ? null : selection.active,
      }),
    },
  );
  return outcome.applied;
}

/** Ctrl+C: remembers the selected keys relative to the earliest one. */
export function copySelectedKeys(store: EditorStore): boolean {
  const state = store.getState();
  const document = currentDocument(state);
  const keys = selectedKeyAddresses(state.selection);
  if (!document || keys.length === 0) return false;
  const times = keys.map((key) => document.eventObjects[key.objectIndex]!.frames[key.frameIndex]!);
  const earliest = Math.min(...times);
  const entries = keys.map((key, index) => ({
    objectIndex: key.objectIndex,
    objectName: document.eventObjects[key.objectIndex]!.name,
    offsetMs: times[index]! - earliest,
  }));
  store.setState({ clipboard: { entries } });
  notify(store, `Copied ${keys.length} key${keys.length === 1 ? '' : 's'}`);
  return true;
}

/**
 * Ctrl+V: the copied keys at the playhead, on the objects they came from (matched by name when indices changed). A key
 * that would land past the length of its object's global sequence is left out (it would never fire), and the status
 * bar says which.
 */
export function pasteKeys(store: EditorStore): boolean {
  const state = store.getState();
  const document = currentDocument(state);
  const clipboard = state.clipboard;
  if (!document || !clipboard || clipboard.entries.length === 0) return false;
  const base = Math.max(0, Math.round(state.session.playback.playheadMs));
  const byObject = new Map<number, number[]>();
  const leftOut = new Set<string>();
  for (const entry of clipboard.entries) {
    const sameIndex = document.eventObjects[entry.objectIndex];
    const object =
      sameIndex?.name === entry.objectName
        ? sameIndex
        : document.eventObjects.find((candidate) => candidate.name === entry.objectName);
    if (!object) continue;
    const frame = base + entry.offsetMs;
    const beyond = beyondGlobalSequence(document, object.index, frame);
    if (beyond) leftOut.add(beyond);
    else byObject.set(object.index, [...(byObject.get(object.index) ?? []), frame]);
  }
  const edits: ModelEdit[] = [...byObject].map(([objectIndex, frames]) => ({ kind: 'addKeys', objectIndex, frames }));
  const reasons = leftOut.size > 0 ? `; ${[...leftOut].join('; ')}` : '';
  if (edits.length === 0) {
    if (reasons) notify(store, `Paste Keys: nothing pasted${reasons}`, 'warning');
    return false;
  }
  const applied = editDocument(store, { kind: 'batch', edits }, 'Paste Keys', {
    selectionAfter: (before, after) => ({ ...store.getState().selection, keys: addedKeys(before, after, byObject) }),
  }).applied;
  if (applied && reasons) {
    const count = [...byObject.values()].reduce((sum, frames) => sum + frames.length, 0);
    notify(store, `Pasted ${count} key${count === 1 ? '' : 's'}${reasons}`, 'warning');
  }
  return applied;
}

/** Keys that appear in `after` for the frames added per object (new positions, duplicates counted). */
function addedKeys(before: ModelDocument, after: ModelDocument, added: Map<number, number[]>): Set<number> {
  const keys = new Set<number>();
  for (const [objectIndex, frames] of added) {
    const old = before.eventObjects[objectIndex]!.frames;
    const now = after.eventObjects[objectIndex]!.frames;
    const remaining = new Map<number, number>();
    for (const frame of frames) remaining.set(frame, (remaining.get(frame) ?? 0) + 1);
    const existing = new Map<number, number>();
    for (const frame of old) existing.set(frame, (existing.get(frame) ?? 0) + 1);
    for (let index = 0; index < now.length; index += 1) {
      const frame = now[index]!;
      const skip = existing.get(frame) ?? 0;
      if (skip > 0) {
        existing.set(frame, skip - 1);
        continue;
      }
      const left = remaining.get(frame) ?? 0;
      if (left > 0) {
        remaining.set(frame, left - 1);
        keys.add(keyId(objectIndex, index));
      }
    }
  }
  return keys;
}

/** Starts moving the selected keys (a mouse drag or G); `anchor` is the key the snapping follows. */
export function beginKeyDrag(store: EditorStore, anchor: KeyAddress, gesture: string | null = null): boolean {
  const keys = selectedKeyAddresses(store.getState().selection);
  if (keys.length === 0 || !currentDocument(store.getState())) return false;
  store.setState({ drag: { keys, anchor, deltaMs: 0, gesture } });
  return true;
}

/** Updates the previewed delta (already snapped, whole ms). */
export function updateKeyDrag(store: EditorStore, deltaMs: number): void {
  const drag = store.getState().drag;
  if (drag && drag.deltaMs !== deltaMs) store.setState({ drag: { ...drag, deltaMs } });
}

/** Ends a drag: one `moveKeys` edit (joined to the duplicate step when the keys were duplicated). */
export function commitKeyDrag(store: EditorStore): boolean {
  const drag = store.getState().drag;
  store.setState({ drag: null });
  if (!drag || drag.deltaMs === 0) {
    if (drag?.gesture) finishGesture(store, drag.gesture);
    return false;
  }
  const label = drag.keys.length === 1 ? 'Move Key' : `Move ${drag.keys.length} Keys`;
  const outcome = editDocument(store, { kind: 'moveKeys', keys: drag.keys, deltaMs: drag.deltaMs }, label, {
    ...(drag.gesture ? { gesture: drag.gesture } : {}),
    selectionAfter: (before, after, selection) => {
      const keys = followKeys(before, after, selection.keys, () => drag.deltaMs);
      const active =
        selection.active?.kind === 'key'
          ? followKeys(
              before,
              after,
              new Set([keyId(selection.active.objectIndex, selection.active.frameIndex)]),
              () => drag.deltaMs,
            )
          : null;
      const activeKey = active && active.size > 0 ? keyAddress([...active][0]!) : null;
      return { ...selection, keys, active: activeKey ? { kind: 'key', ...activeKey } : selection.active };
    },
  });
  if (drag.gesture) finishGesture(store, drag.gesture);
  return outcome.applied;
}

/** Esc: drops the preview (the grab that duplicated keys rolls the copies back to its mark itself). */
export function cancelKeyDrag(store: EditorStore): void {
  if (store.getState().drag) store.setState({ drag: null });
}

/**
 * Ctrl+D / Shift+D, first half: copies the selected keys in place — two keys at one time until
 * the copies are moved — and selects the copies. The copy is recorded under `gesture`, so the move
 * that follows joins it as one undo step. Returns false when nothing is selected or the edit was
 * refused.
 */
export function duplicateSelectedKeys(store: EditorStore, gesture: string): boolean {
  const state = store.getState();
  const document = currentDocument(state);
  const keys = selectedKeyAddresses(state.selection);
  if (!document || keys.length === 0) return false;
  const copies = new Map<number, number[]>();
  for (const key of keys)
    copies.set(key.objectIndex, [
      ...(copies.get(key.objectIndex) ?? []),
      document.eventObjects[key.objectIndex]!.frames[key.frameIndex]!,
    ]);
  const edits: ModelEdit[] = [...copies].map(([objectIndex, times]) => ({
    kind: 'setFrames',
    objectIndex,
    frames: [...document.eventObjects[objectIndex]!.frames, ...times],
  }));
  const label = keys.length === 1 ? 'Duplicate Key' : `Duplicate ${keys.length} Keys`;
  return editDocument(store, edits.length === 1 ? edits[0]! : { kind: 'batch', edits }, label, {
    gesture,
    selectionAfter: (_before, after, selection) => {
      const copied = copiedKeys(after, copies);
      const first = [...copied][0];
      return { ...selection, keys: copied, active: first === undefined ? null : { kind: 'key', ...keyAddress(first) } };
    },
  }).applied;
}

/** The copies in the new document: of the keys at each copied time, the last ones (the originals sort first). */
function copiedKeys(after: ModelDocument, copies: Map<number, number[]>): Set<number> {
  const keys = new Set<number>();
  for (const [objectIndex, times] of copies) {
    const frames = after.eventObjects[objectIndex]!.frames;
    const counts = new Map<number, number>();
    for (const time of times) counts.set(time, (counts.get(time) ?? 0) + 1);
    for (const [time, count] of counts) {
      const last = frames.lastIndexOf(time);
      for (let offset = 0; offset < count && last - offset >= 0; offset += 1)
        keys.add(keyId(objectIndex, last - offset));
    }
  }
  return keys;
}

/** Sets one key's time (the properties' number field). */
export function setKeyTime(store: EditorStore, key: KeyAddress, timeMs: number): boolean {
  const document = currentDocument(store.getState());
  const frame = document?.eventObjects[key.objectIndex]?.frames[key.frameIndex];
  if (frame === undefined || !Number.isFinite(timeMs)) return false;
  const deltaMs = Math.round(timeMs) - frame;
  if (deltaMs === 0 || frame + deltaMs < 0) return false;
  return editDocument(store, { kind: 'moveKeys', keys: [key], deltaMs }, 'Set Key Time', {
    selectionAfter: (before, after, selection) => {
      const moved = followKeys(before, after, new Set([keyId(key.objectIndex, key.frameIndex)]), () => deltaMs);
      const address = moved.size > 0 ? keyAddress([...moved][0]!) : null;
      return { ...selection, keys: moved, active: address ? { kind: 'key', ...address } : null };
    },
  }).applied;
}

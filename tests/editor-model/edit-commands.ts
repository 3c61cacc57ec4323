/**
 * Gestures that edit keys, run through the registered operators as their keys run them: X over the Dope Sheet, X over
 * the Outliner, I, G and Shift+D with a mouse move and Enter, a click, Esc or a right-click, Ctrl+C and Ctrl+V, Ctrl+Z
 * and Ctrl+Shift+Z. Each checks that it acted on what the editors lit before it ran — the Dope Sheet's keys for X, G,
 * Shift+D and Ctrl+C, the Outliner's rows for its X, the lit rows for I — and on nothing else.
 */
import { expect } from 'vitest';
import type { ModelDocument } from '../../shared/events/document';
import { findLink, linkEndpointIndices } from '../../shared/events/links';
import { TRANSFORM_MODAL_KEYMAP } from '../../shared/keymap/default-keymap';
import { focusedHistory } from '../../renderer/state/document-focus';
import { type EditorState, currentDocument } from '../../renderer/state/editor-store';
import { canRedo, canUndo } from '../../renderer/state/history';
import {
  keyAddress,
  keyId,
  linkHighlight,
  objectHighlight,
  selectedKeyAddresses,
} from '../../renderer/state/selection';
import { modalEvent, type EditorHarness } from './editor-harness';
import type { EditorModel, HistoryMove } from './invariants';
import { type Before, Step, sortedTimes, withoutTimes } from './step';

/** Each object's key times (sorted), by index. */
function timesOf(document: ModelDocument): number[][] {
  return document.eventObjects.map((object) => sortedTimes(object.frames));
}

/** The Dope Sheet's lit keys as (object, time) pairs. */
function litKeys(state: EditorState, document: ModelDocument) {
  return selectedKeyAddresses(state.selection).map((key) => ({
    objectIndex: key.objectIndex,
    time: document.eventObjects[key.objectIndex]!.frames[key.frameIndex]!,
  }));
}

/** Expects the objects to be the same ones (names, in order) with these key times. */
function expectTimes(after: ModelDocument, before: ModelDocument, times: readonly number[][], what: string): void {
  expect(
    after.eventObjects.map((object) => object.name),
    `${what} keeps the objects`,
  ).toEqual(before.eventObjects.map((object) => object.name));
  expect(timesOf(after), what).toEqual(times.map((list) => sortedTimes(list)));
}

/** X over the Dope Sheet: deletes the lit keys and no other. */
export class DeleteKeys extends Step {
  readonly name = 'X dope sheet';

  protected async act(_model: EditorModel, harness: EditorHarness, { state, document }: Before) {
    harness.hover('timeline');
    const lit = litKeys(state, document);
    if (!(await harness.run('action.delete', 'timeline'))) {
      expect(lit, 'X over the Dope Sheet runs whenever keys are lit').toEqual([]);
      return 'none' as HistoryMove;
    }
    const expected = timesOf(document).map((times, objectIndex) =>
      withoutTimes(
        times,
        lit.filter((key) => key.objectIndex === objectIndex).map((key) => key.time),
      ),
    );
    expectTimes(currentDocument(harness.store.getState())!, document, expected, 'X deletes the lit keys');
    return 'edit' as HistoryMove;
  }

  toString(): string {
    return 'X over the Dope Sheet';
  }
}

/** What the Outliner lights (its rows ask linkHighlight and objectHighlight). */
export function outlinerLit(state: EditorState, document: ModelDocument): { links: Set<string>; objects: Set<number> } {
  const { selection } = state;
  return {
    links: new Set(document.links.filter((link) => linkHighlight(selection, link.id) !== '').map((link) => link.id)),
    objects: new Set(
      document.eventObjects
        .filter((object) => objectHighlight(selection, object.index) !== '')
        .map((object) => object.index),
    ),
  };
}

/** X over the Outliner: deletes the lit links (all their objects) and the lit objects, and nothing else. */
export class DeleteItems extends Step {
  readonly name = 'X outliner';

  protected async act(_model: EditorModel, harness: EditorHarness, { state, document }: Before) {
    harness.hover('outliner');
    const lit = outlinerLit(state, document);
    // A lit link is its row and its show and hide objects (a second MRDx of its ID is another row).
    const removed = new Set(lit.objects);
    for (const id of lit.links)
      for (const index of linkEndpointIndices(findLink(document.links, id)!)) removed.add(index);
    if (!(await harness.run('outliner.delete', 'outliner'))) {
      expect([...removed], 'X over the Outliner runs whenever rows are lit').toEqual([]);
      return 'none' as HistoryMove;
    }
    const after = currentDocument(harness.store.getState())!;
    const kept = document.eventObjects.filter((object) => !removed.has(object.index));
    expect(
      after.eventObjects.map((object) => [object.name, sortedTimes(object.frames)]),
      'X over the Outliner deletes the lit rows and no other',
    ).toEqual(kept.map((object) => [object.name, sortedTimes(object.frames)]));
    return 'edit' as HistoryMove;
  }

  toString(): string {
    return 'X over the Outliner';
  }
}

/** I over the Dope Sheet: one key at the playhead on lit rows only (rows of lit keys, objects and links). */
export class InsertKey extends Step {
  readonly name = 'I';

  protected async act(_model: EditorModel, harness: EditorHarness, { state, document }: Before) {
    harness.hover('timeline');
    const rows = new Set(state.selection.objects);
    for (const id of state.selection.keys) rows.add(keyAddress(id).objectIndex);
    for (const id of state.selection.links) {
      const link = findLink(document.links, id);
      for (const index of [link?.showIndex, link?.hideIndex]) if (index != null) rows.add(index);
    }
    await harness.run('action.keyframe_insert', 'timeline');
    const after = currentDocument(harness.store.getState())!;
    const playhead = Math.max(0, Math.round(state.session.playback.playheadMs));
    after.eventObjects.forEach((object, index) => {
      const times = sortedTimes(object.frames);
      const was = sortedTimes(document.eventObjects[index]!.frames);
      if (JSON.stringify(times) === JSON.stringify(was)) return;
      expect(rows.has(index), `I keyed ${object.name}, a row that was not lit`).toBe(true);
      expect(times, `I adds one key at the playhead to ${object.name}`).toEqual(sortedTimes([...was, playhead]));
    });
    return 'edit' as HistoryMove;
  }

  toString(): string {
    return 'I';
  }
}

const FINISH_EVENTS = {
  enter: modalEvent('keydown', 'enter'),
  click: modalEvent('pointerdown', 'leftmouse'),
  esc: modalEvent('keydown', 'esc'),
  rightclick: modalEvent('pointerdown', 'rightmouse'),
} as const;

/** How a grab ends: confirmed (Enter, a click) or cancelled (Esc, a right-click). */
export type GrabFinish = keyof typeof FINISH_EVENTS;

/** G or Shift+D over the Dope Sheet, a mouse move by `deltaMs` (Ctrl held: snapping inverted), then `finish`. */
export class Grab extends Step {
  readonly name: string;
  constructor(
    readonly duplicate: boolean,
    readonly deltaMs: number,
    readonly invertSnapping: boolean,
    readonly finish: GrabFinish,
  ) {
    super();
    this.name = duplicate ? 'Shift+D' : 'G';
    expect(TRANSFORM_MODAL_KEYMAP.some((item) => FINISH_EVENTS[finish].chord === item.chord)).toBe(true);
  }

  protected async act(_model: EditorModel, harness: EditorHarness, { state, document }: Before) {
    harness.hover('timeline');
    const lit = litKeys(state, document);
    const handler = harness.invoke(this.duplicate ? 'action.duplicate_move' : 'transform.transform');
    if (!handler) {
      expect(lit, `${this.name} starts whenever keys are lit`).toEqual([]);
      return 'none' as HistoryMove;
    }
    const pixels = this.deltaMs * harness.store.getState().session.timeline.view.pixelsPerMs;
    handler.modal(modalEvent('pointermove', null, pixels, this.invertSnapping));
    const previewed = harness.store.getState().drag?.deltaMs ?? 0;
    // A key of an object on a global sequence never moves past that sequence's length (it would never fire).
    for (const key of lit) {
      const object = document.eventObjects[key.objectIndex]!;
      const length = object.globalSequenceId === null ? undefined : document.globalSequences[object.globalSequenceId];
      if (length !== undefined)
        expect(previewed, `${this} keeps ${object.name}'s key at ${key.time} within ${length} ms`).toBeLessThanOrEqual(
          Math.max(0, length - key.time),
        );
    }
    handler.modal(FINISH_EVENTS[this.finish]);
    await harness.settle();
    const after = currentDocument(harness.store.getState())!;
    const confirmed = (this.finish === 'enter' || this.finish === 'click') && previewed !== 0;
    if (!confirmed) {
      expect(after, `${this} leaves the document as it was`).toBe(document);
      return 'none' as HistoryMove;
    }
    const expected = timesOf(document).map((times, objectIndex) => {
      const moved = lit.filter((key) => key.objectIndex === objectIndex).map((key) => key.time);
      const kept = this.duplicate ? times : withoutTimes(times, moved);
      return [...kept, ...moved.map((time) => time + previewed)];
    });
    expectTimes(after, document, expected, `${this} moves the lit keys by the ${previewed} ms previewed`);
    // The moved keys (or the copies) stay lit.
    const litAfter = litKeys(harness.store.getState(), after);
    expect(
      litAfter.map((key) => `${key.objectIndex}@${key.time}`).sort(),
      `${this}: the keys moved are the ones lit after`,
    ).toEqual(lit.map((key) => `${key.objectIndex}@${key.time + previewed}`).sort());
    return 'edit' as HistoryMove;
  }

  toString(): string {
    return `${this.name} ${this.deltaMs} ms${this.invertSnapping ? ' (Ctrl)' : ''} then ${this.finish}`;
  }
}

/** Ctrl+C over the Dope Sheet: the lit keys, by object name and offset from the earliest. */
export class CopyKeys extends Step {
  readonly name = 'Ctrl+C';

  protected async act(model: EditorModel, harness: EditorHarness, { state, document }: Before) {
    harness.hover('timeline');
    const lit = litKeys(state, document);
    if (!(await harness.run('action.copy', 'timeline'))) {
      expect(lit).toEqual([]);
      return 'none' as HistoryMove;
    }
    const earliest = Math.min(...lit.map((key) => key.time));
    model.clipboard = lit.map((key) => ({
      objectIndex: key.objectIndex,
      objectName: document.eventObjects[key.objectIndex]!.name,
      offsetMs: key.time - earliest,
    }));
    expect(
      harness.store.getState().clipboard?.entries.map((entry) => [entry.objectName, entry.offsetMs]),
      'Ctrl+C copies the lit keys',
    ).toEqual(model.clipboard.map((entry) => [entry.objectName, entry.offsetMs]));
    return 'none' as HistoryMove;
  }

  toString(): string {
    return 'Ctrl+C';
  }
}

/**
 * Ctrl+V over the Dope Sheet: the copied keys at the playhead, on the objects of their names — but none past the length
 * of its object's global sequence.
 */
export class PasteKeys extends Step {
  readonly name = 'Ctrl+V';

  protected async act(model: EditorModel, harness: EditorHarness, { state, document }: Before) {
    harness.hover('timeline');
    if (!(await harness.run('action.paste', 'timeline'))) {
      expect(model.clipboard, 'Ctrl+V runs whenever keys were copied').toBeNull();
      return 'none' as HistoryMove;
    }
    const base = Math.max(0, Math.round(state.session.playback.playheadMs));
    const after = currentDocument(harness.store.getState())!;
    const wanted = document.eventObjects.map(() => new Set<number>());
    for (const entry of model.clipboard ?? []) {
      // The object copied from while it keeps its name, else the first of that name.
      const object =
        document.eventObjects[entry.objectIndex]?.name === entry.objectName
          ? document.eventObjects[entry.objectIndex]
          : document.eventObjects.find((candidate) => candidate.name === entry.objectName);
      const length = object?.globalSequenceId == null ? undefined : document.globalSequences[object.globalSequenceId];
      if (object && (length === undefined || base + entry.offsetMs <= length))
        wanted[object.index]!.add(base + entry.offsetMs);
    }
    after.eventObjects.forEach((object, index) => {
      const was = document.eventObjects[index]!.frames;
      const added = withoutTimes(object.frames, was);
      expect(withoutTimes(object.frames, added), `Ctrl+V keeps ${object.name}'s keys`).toEqual(sortedTimes(was));
      expect(new Set(added), `Ctrl+V adds the copied keys to ${object.name}`).toEqual(
        new Set([...wanted[index]!].filter((time) => !was.includes(time))),
      );
    });
    return 'edit' as HistoryMove;
  }

  toString(): string {
    return 'Ctrl+V';
  }
}

/**
 * The selection an undo or a redo leaves, as the spec says: an object is the same one at the same index while the
 * objects are as many, else the one of the same (unique) name; a key the same at the same index while its object keeps
 * its count of keys, else the same occurrence of its time; a link the same by ID. What has no counterpart goes.
 */
function carriedSelection(before: ModelDocument, after: ModelDocument, state: EditorState) {
  const uniqueNames = (document: ModelDocument) => {
    const counts = new Map<string, number>();
    for (const object of document.eventObjects) counts.set(object.name, (counts.get(object.name) ?? 0) + 1);
    return new Map(
      document.eventObjects.filter((object) => counts.get(object.name) === 1).map((o) => [o.name, o.index]),
    );
  };
  const namesBefore = uniqueNames(before);
  const namesAfter = uniqueNames(after);
  const objectOf = (index: number): number | undefined => {
    if (before.eventObjects.length === after.eventObjects.length) return index;
    const name = before.eventObjects[index]!.name;
    return namesBefore.get(name) === index ? namesAfter.get(name) : undefined;
  };
  const objects = [...state.selection.objects].map(objectOf).filter((index) => index !== undefined);
  const keys: number[] = [];
  for (const id of state.selection.keys) {
    const { objectIndex, frameIndex } = keyAddress(id);
    const target = objectOf(objectIndex);
    if (target === undefined) continue;
    const from = before.eventObjects[objectIndex]!.frames;
    const to = after.eventObjects[target]!.frames;
    if (from.length === to.length) keys.push(keyId(target, frameIndex));
    else {
      const time = from[frameIndex]!;
      const occurrence = from.slice(0, frameIndex).filter((frame) => frame === time).length;
      const positions = to.flatMap((frame, index) => (frame === time ? [index] : []));
      if (positions[occurrence] !== undefined) keys.push(keyId(target, positions[occurrence]));
    }
  }
  const ids = new Set(after.links.map((link) => link.id.toUpperCase()));
  return {
    objects: [...new Set(objects)].sort((a, b) => a - b),
    keys: [...new Set(keys)].sort((a, b) => a - b),
    links: [...state.selection.links].filter((id) => ids.has(id)).sort(),
  };
}

/** Ctrl+Z or Ctrl+Shift+Z with the pointer over an area: the document in focus steps back or forth. */
export class UndoRedo extends Step {
  readonly name: string;
  constructor(
    readonly redo: boolean,
    readonly area: 'timeline' | 'outliner' | 'viewport',
  ) {
    super();
    this.name = redo ? 'Ctrl+Shift+Z' : 'Ctrl+Z';
  }

  protected async act(model: EditorModel, harness: EditorHarness, { state, document }: Before) {
    harness.hover(this.area);
    const history = model.focus === null ? model.model : model.capes.get(model.focus);
    const possible = history ? (this.redo ? history.index < history.steps.length - 1 : history.index > 0) : false;
    const focused = focusedHistory(state);
    expect(
      focused ? (this.redo ? canRedo(focused) : canUndo(focused)) : false,
      `${this.name} can run exactly when the focused document has a step to ${this.redo ? 'redo' : 'undo'}`,
    ).toBe(possible);
    const ran = await harness.run(this.redo ? 'ed.redo' : 'ed.undo', this.area);
    // The selection is not undone: it stays on the same things, and nothing lights up that was not lit.
    const after = harness.store.getState();
    const expected = carriedSelection(document, currentDocument(after)!, state);
    const actual = {
      objects: [...after.selection.objects].sort((a, b) => a - b),
      keys: [...after.selection.keys].sort((a, b) => a - b),
      links: [...after.selection.links].sort(),
    };
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      expect(actual, `${this.name} keeps the selection on the same things`).toEqual(expected);
    return (ran ? (this.redo ? 'redo' : 'undo') : 'none') as HistoryMove;
  }

  toString(): string {
    return `${this.name} over the ${this.area}`;
  }
}

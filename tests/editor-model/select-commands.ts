/**
 * Gestures that select or move the playhead, as the editors turn them into actions: a click on an Outliner row
 * (Outliner.tsx's `select`), on a key or a channel of the Dope Sheet (timeline-controller.ts: hit test, press and
 * release), on a cape in the viewport or on nothing there (CapeMesh.tsx, Viewport.tsx), A / Alt+A / Ctrl+I, and the
 * playhead set on a key, a sequence's bounds or anywhere. A click that replaces the selection must replace it in every
 * editor: the command checks the whole selection against what the click means.
 */
import { expect } from 'vitest';
import type { KeyAddress, ModelDocument } from '../../shared/events/document';
import { findLink, linkEndpointIndices } from '../../shared/events/links';
import { linkShowTime, playedSpanAt } from '../../shared/events/visibility';
import { capeKey } from '../../renderer/capes/cape-entry';
import { hitTestKeys, rowAt } from '../../renderer/editors/timeline/hit-test';
import { rowCentre, timeToScreenX } from '../../renderer/editors/timeline/layout';
import { buildModelRows, rowObjectIndices } from '../../renderer/editors/timeline/rows';
import { areaCommands } from '../../renderer/state/area-commands';
import { currentDocument, type EditorState } from '../../renderer/state/editor-store';
import { selectAllKeys, selectKeys } from '../../renderer/state/key-actions';
import { selectLink, selectObjects } from '../../renderer/state/outliner-actions';
import { EMPTY_SELECTION, type ActiveItem, keyId } from '../../renderer/state/selection';
import { setPlayhead } from '../../renderer/state/session-actions';
import type { EditorHarness } from './editor-harness';
import type { EditorModel, HistoryMove } from './invariants';
import { Step, pick } from './step';

/** The selection a replacing click means, in plain values. */
interface ExpectedSelection {
  keys: number[];
  objects: number[];
  links: string[];
  active: ActiveItem | null;
}

function allKeysOf(document: ModelDocument, objects: readonly number[]): number[] {
  return objects.flatMap((objectIndex) =>
    document.eventObjects[objectIndex]!.frames.map((_f, frame) => keyId(objectIndex, frame)),
  );
}

/** Checks the store's whole selection against what a replacing click means. */
function expectSelection(state: EditorState, expected: ExpectedSelection, what: string): void {
  const { selection } = state;
  expect(
    {
      keys: [...selection.keys].sort((a, b) => a - b),
      objects: [...selection.objects].sort((a, b) => a - b),
      links: [...selection.links].sort(),
      active: selection.active,
    },
    `after ${what}, every editor lights what the click selected and nothing else`,
  ).toEqual({
    keys: [...new Set(expected.keys)].sort((a, b) => a - b),
    objects: [...new Set(expected.objects)].sort((a, b) => a - b),
    links: [...expected.links].sort(),
    active: expected.active,
  });
}

function linkSelection(document: ModelDocument, id: string): ExpectedSelection {
  const link = findLink(document.links, id)!;
  const objects = linkEndpointIndices(link);
  return {
    keys: allKeysOf(document, objects),
    objects,
    links: [link.id.toUpperCase()],
    active: { kind: 'link', id: link.id },
  };
}

function objectsSelection(document: ModelDocument, objects: readonly number[]): ExpectedSelection {
  const active: ActiveItem | null = objects.length > 0 ? { kind: 'object', objectIndex: objects[0]! } : null;
  return { keys: allKeysOf(document, objects), objects: [...objects], links: [], active };
}

/** A click on an Outliner row: a link's, or an event object's (Shift/Ctrl: toggle). */
export class OutlinerClick extends Step {
  readonly name = 'outliner click';
  constructor(
    readonly target: 'link' | 'object',
    readonly random: number,
    readonly toggle: boolean,
  ) {
    super();
  }

  protected async act(model: EditorModel, harness: EditorHarness, { document }: { document: ModelDocument }) {
    harness.pointerDown({ area: 'outliner' });
    model.focus = null;
    const mode = this.toggle ? 'toggle' : 'replace';
    if (this.target === 'link') {
      const index = pick(this.random, document.links.length);
      if (index === null) return 'none';
      const id = document.links[index]!.id;
      selectLink(harness.store, id, mode);
      if (!this.toggle) expectSelection(harness.store.getState(), linkSelection(document, id), `a click on Link ${id}`);
    } else {
      const index = pick(this.random, document.eventObjects.length);
      if (index === null) return 'none';
      selectObjects(harness.store, [index], mode);
      if (!this.toggle)
        expectSelection(harness.store.getState(), objectsSelection(document, [index]), `a click on object ${index}`);
    }
    return 'none' as HistoryMove;
  }

  toString(): string {
    return `${this.toggle ? 'shift-' : ''}click Outliner ${this.target} #${this.random}`;
  }
}

/** The Dope Sheet's rows as drawn, its geometry and view. */
function dopeSheet(harness: EditorHarness) {
  const state = harness.store.getState();
  const document = currentDocument(state)!;
  const rows = buildModelRows(document, state.session.timeline.collapsed);
  const geometry = areaCommands(harness.store, 'timeline')!.geometry();
  return { state, document, rows, geometry, view: state.session.timeline.view };
}

/** A click on a key's diamond in the Dope Sheet, on a row that draws it (its object's, link's, group's, summary). */
export class DopeSheetKeyClick extends Step {
  readonly name = 'dope sheet key click';
  constructor(
    readonly rowRandom: number,
    readonly keyRandom: number,
    readonly shift: boolean,
  ) {
    super();
  }

  protected async act(model: EditorModel, harness: EditorHarness) {
    const { state, document, rows, geometry, view } = dopeSheet(harness);
    const keyed = rows
      .map((row, rowIndex) => ({
        rowIndex,
        times: rowObjectIndices(row).flatMap((index) => document.eventObjects[index]!.frames),
      }))
      .filter((row) => row.times.length > 0);
    const row = keyed[pick(this.rowRandom, keyed.length) ?? -1];
    harness.pointerDown({ area: 'timeline' });
    model.focus = null;
    if (!row) return 'none';
    const time = row.times[this.keyRandom % row.times.length]!;
    const hit = hitTestKeys(
      rows,
      document,
      timeToScreenX(time, view, geometry),
      rowCentre(row.rowIndex, geometry),
      view,
      geometry,
    );
    expect(hit, `a key is drawn at ${time} ms on row ${row.rowIndex}`).not.toBeNull();
    const keys: KeyAddress[] = hit!.keys;
    const ids = keys.map((key) => keyId(key.objectIndex, key.frameIndex));
    const wasSelected = ids.every((id) => state.selection.keys.has(id));
    // Press, then release (timeline-controller.ts): a press on a selected key keeps the selection for a drag, the
    // release makes it the only one.
    if (this.shift) selectKeys(harness.store, keys, wasSelected ? 'subtract' : 'extend');
    else selectKeys(harness.store, keys, 'replace');
    if (!this.shift)
      expectSelection(
        harness.store.getState(),
        {
          keys: ids,
          objects: keys.map((key) => key.objectIndex),
          links: [],
          active: { kind: 'key', objectIndex: keys[0]!.objectIndex, frameIndex: keys[0]!.frameIndex },
        },
        `a click on the key at ${time} ms`,
      );
    return 'none' as HistoryMove;
  }

  toString(): string {
    return `${this.shift ? 'shift-' : ''}click Dope Sheet key row #${this.rowRandom} key #${this.keyRandom}`;
  }
}

/** A click on a channel name in the Dope Sheet (a link, an object, a group or the summary). */
export class DopeSheetChannelClick extends Step {
  readonly name = 'dope sheet channel click';
  constructor(
    readonly random: number,
    readonly toggle: boolean,
  ) {
    super();
  }

  protected async act(model: EditorModel, harness: EditorHarness) {
    const { document, rows, geometry } = dopeSheet(harness);
    harness.pointerDown({ area: 'timeline' });
    model.focus = null;
    const index = pick(this.random, rows.length);
    if (index === null) return 'none';
    const target = rowAt(rows, rowCentre(index, geometry), geometry)!;
    const row = target.row;
    const mode = this.toggle ? 'toggle' : 'replace';
    let expected: ExpectedSelection | null = null;
    if (row.kind === 'link') {
      selectLink(harness.store, row.link.id, mode);
      expected = linkSelection(document, row.link.id);
    } else if (row.kind === 'object') {
      selectObjects(harness.store, [row.objectIndex], mode);
      expected = objectsSelection(document, [row.objectIndex]);
    } else if (row.kind === 'group') {
      selectObjects(harness.store, row.objectIndices, mode);
      expected = objectsSelection(document, row.objectIndices);
    } else if (row.kind === 'summary') selectAllKeys(harness.store, 'select');
    if (expected && !this.toggle) expectSelection(harness.store.getState(), expected, `a click on channel ${row.kind}`);
    return 'none' as HistoryMove;
  }

  toString(): string {
    return `${this.toggle ? 'shift-' : ''}click Dope Sheet channel #${this.random}`;
  }
}

/** A click in the viewport: on a cape drawn at the playhead (its link), or on nothing (everything deselected). */
export class ViewportClick extends Step {
  readonly name = 'viewport click';
  constructor(
    readonly random: number | null,
    readonly shift: boolean,
  ) {
    super();
  }

  protected async act(
    model: EditorModel,
    harness: EditorHarness,
    { document, state }: { document: ModelDocument; state: EditorState },
  ) {
    harness.pointerDown({ area: 'viewport' });
    model.focus = null;
    const timeMs = state.session.playback.playheadMs;
    const span = playedSpanAt(document.sequences, timeMs);
    const drawn = document.links.filter(
      (link) =>
        state.capes[capeKey(link.path)]?.status === 'found' &&
        !Number.isNaN(linkShowTime(document, link, timeMs, span)),
    );
    const index = this.random === null ? null : pick(this.random, drawn.length);
    if (index === null) {
      if (this.shift) return 'none';
      harness.store.setState({ selection: EMPTY_SELECTION });
      expectSelection(
        harness.store.getState(),
        { keys: [], objects: [], links: [], active: null },
        'a click on nothing',
      );
      return 'none';
    }
    const id = drawn[index]!.id;
    selectLink(harness.store, id, this.shift ? 'toggle' : 'replace');
    if (!this.shift)
      expectSelection(harness.store.getState(), linkSelection(document, id), `a click on Link ${id}'s cape`);
    return 'none' as HistoryMove;
  }

  toString(): string {
    return `${this.shift ? 'shift-' : ''}click viewport ${this.random === null ? 'nothing' : `cape #${this.random}`}`;
  }
}

/** A / Alt+A / Ctrl+I over the Dope Sheet, A / Alt+A over the Outliner. */
export class SelectAll extends Step {
  readonly name = 'select all';
  constructor(
    readonly where: 'timeline' | 'outliner',
    readonly action: 'select' | 'deselect' | 'invert',
  ) {
    super();
  }

  protected async act(_model: EditorModel, harness: EditorHarness) {
    harness.hover(this.where);
    const id = this.where === 'timeline' ? 'action.select_all' : 'outliner.select_all';
    const action = this.where === 'outliner' && this.action === 'invert' ? 'deselect' : this.action;
    await harness.run(id, this.where, { action });
    return 'none' as HistoryMove;
  }

  toString(): string {
    return `${this.action} all over the ${this.where}`;
  }
}

/** The playhead put on a key (±1 ms), on a sequence's start or end, or anywhere in the model's time line. */
export class SetPlayhead extends Step {
  readonly name = 'playhead';
  constructor(
    readonly target: 'key' | 'start' | 'end' | 'anywhere',
    readonly random: number,
    readonly offsetMs: -1 | 0 | 1,
  ) {
    super();
  }

  protected async act(model: EditorModel, harness: EditorHarness, { document }: { document: ModelDocument }) {
    harness.pointerDown({ area: 'timeline' });
    model.focus = null;
    const keys = document.eventObjects.flatMap((object) => object.frames);
    const sequence = document.sequences[this.random % Math.max(1, document.sequences.length)];
    const last = Math.max(1000, ...keys, ...document.sequences.map((item) => item.end));
    const base =
      this.target === 'key' && keys.length > 0
        ? keys[this.random % keys.length]!
        : this.target === 'start' && sequence
          ? sequence.start
          : this.target === 'end' && sequence
            ? sequence.end
            : this.random % (last + 1);
    setPlayhead(harness.store, Math.max(0, base + this.offsetMs));
    return 'none' as HistoryMove;
  }

  toString(): string {
    return `playhead at ${this.target} #${this.random} ${this.offsetMs >= 0 ? '+' : ''}${this.offsetMs}`;
  }
}

/**
 * The model of the editor the random sequences are checked against (issue 21), and the invariants checked after every
 * step:
 *  1. what is highlighted is what is acted on — checked by each command against what the editors lit before it ran
 *     (commands.ts); here: every editor reads its highlight from one selection, which points at things that exist;
 *  2. undo is exact — the model keeps the bytes of every step of each document's history (the model's and each edited
 *     cape's), so undo back to the start gives the bytes opened and redo to the end the bytes before the undos;
 *  3. saving is exact — checked by the save command (commands.ts);
 *  4. one rule for visibility — the viewport (linkShowTime), the Dope Sheet's bars (link-bars.ts) and the checker's
 *     diagnostics agree with the game's rule written out plainly here;
 *  5. no nonsense — keys are whole ms in [0, 2^31), no NaN, diagnostics are fresh and point at something, no dialog
 *     came unasked, no error was reported that the command did not expect.
 */
import { expect } from 'vitest';
import type { Diagnostic } from '../../shared/diagnostics';
import { modelCodec } from '../../shared/events';
import type { ModelDocument, MrfLink } from '../../shared/events/document';
import { linkShowTime, linkPreviewed, playedSpanAt } from '../../shared/events/visibility';
import { type MrfFile, writeMrf } from '../../shared/mrf';
import { visitLinkBars } from '../../renderer/editors/timeline/link-bars';
import { presentCape } from '../../renderer/state/cape-documents';
import { collectDiagnostics } from '../../renderer/state/document-actions';
import { type EditorState, currentDocument } from '../../renderer/state/editor-store';
import { keyAddress, keyId, linkHighlight, objectHighlight } from '../../renderer/state/selection';
import { isSelectedRow } from '../../renderer/editors/timeline/draw-timeline';
import { buildModelRows } from '../../renderer/editors/timeline/rows';
import { type EditorHarness, sameBytes } from './editor-harness';

/** Fails the step with `message` unless `condition` holds (cheaper than expect() in the loops run at every step). */
export function ensure(condition: boolean, message: string): void {
  if (!condition) expect.fail(message);
}

/** The largest key time the game's uint32 frames and the editor's integer ms keep: keys lie in [0, 2^31). */
export const KEY_TIME_LIMIT = 2 ** 31;

/** One document's undo history as the model sees it: the bytes of each step, and the present one. */
export interface BytesHistory {
  steps: Uint8Array[];
  index: number;
}

/** What the model knows of the editor. */
export interface EditorModel {
  /** The open model's history. */
  model: BytesHistory;
  /** Each edited cape's history, by cape key. */
  capes: Map<string, BytesHistory>;
  /** The document that has the focus (Save, Undo): a cape key, or null for the open file. */
  focus: string | null;
  /** Keys copied with Ctrl+C: their objects' names and offsets from the earliest. */
  clipboard: { objectIndex: number; objectName: string; offsetMs: number }[] | null;
}

/** The model of an editor that just opened a file. */
export function initialModel(harness: EditorHarness): EditorModel {
  return {
    model: { steps: [modelBytes(harness.store.getState())], index: 0 },
    capes: new Map(),
    focus: null,
    clipboard: null,
  };
}

const modelWritten = new WeakMap<ModelDocument, Uint8Array>();

/** The open model's bytes, as Save would write them (written once per document: documents never change). */
export function modelBytes(state: EditorState): Uint8Array {
  const document = currentDocument(state);
  if (!document) throw new Error('no model is open');
  let bytes = modelWritten.get(document);
  if (!bytes) modelWritten.set(document, (bytes = modelCodec.writeModel(document)));
  return bytes;
}

const written = new WeakMap<MrfFile, Uint8Array>();

/** A cape file's bytes as Save Cape writes them (written once per file: undo and redo bring back the same files). */
export function mrfBytes(file: MrfFile): Uint8Array {
  let bytes = written.get(file);
  if (!bytes) written.set(file, (bytes = writeMrf(file)));
  return bytes;
}

/** A cape's bytes as shown (its document's present when edited, else the file as loaded), or null when not loaded. */
export function capeBytes(state: EditorState, key: string): Uint8Array | null {
  const file = presentCape(state, key);
  return file ? mrfBytes(file) : null;
}

/** What a step did to the documents' histories, for the model to follow. */
export type HistoryMove = 'edit' | 'undo' | 'redo' | 'none';

/** A new step on a history when the bytes changed (dropping what could be redone); false when they did not. */
function record(history: BytesHistory, bytes: Uint8Array): boolean {
  if (sameBytes(history.steps[history.index]!, bytes)) return false;
  history.steps.splice(history.index + 1, history.steps.length, bytes);
  history.index += 1;
  return true;
}

/**
 * Follows a step in the model: an edit records new bytes (on the model, or on the cape it changed), an undo or a redo
 * moves the focused document's history. `capesBefore` are the capes' bytes before the step (a cape's history starts
 * with them at its first edit).
 */
export function followStep(
  model: EditorModel,
  harness: EditorHarness,
  move: HistoryMove,
  capesBefore: ReadonlyMap<string, MrfFile>,
): void {
  const state = harness.store.getState();
  if (move === 'edit') {
    record(model.model, modelBytes(state));
    for (const [key, file] of capesBefore) {
      const after = presentCape(state, key);
      if (!after || after === file) continue;
      const before = mrfBytes(file);
      const history = model.capes.get(key) ?? { steps: [before], index: 0 };
      model.capes.set(key, history);
      record(history, mrfBytes(after));
    }
  } else if (move === 'undo' || move === 'redo') {
    const history = model.focus === null ? model.model : model.capes.get(model.focus);
    if (history)
      history.index = Math.max(0, Math.min(history.steps.length - 1, history.index + (move === 'undo' ? -1 : 1)));
  }
}

/** Invariant 2: every document's present bytes are the model's. */
export function checkHistories(model: EditorModel, harness: EditorHarness): void {
  const state = harness.store.getState();
  ensure(
    sameBytes(modelBytes(state), model.model.steps[model.model.index]!),
    'the model’s bytes are its history’s step',
  );
  if (state.focusedDocument !== model.focus) expect(state.focusedDocument, 'the document in focus').toBe(model.focus);
  for (const [key, history] of model.capes) {
    const bytes = capeBytes(state, key);
    ensure(
      bytes !== null && sameBytes(bytes, history.steps[history.index]!),
      `cape ${key}’s bytes are its history’s step`,
    );
  }
}

/** The game's rule written out plainly: fire every key of the played span up to the time, by time then object order. */
export function gameShowsCape(document: ModelDocument, link: MrfLink, timeMs: number): boolean {
  if (!linkPreviewed(document, link)) return false;
  const span =
    document.sequences.length === 0
      ? { start: Number.NEGATIVE_INFINITY, end: Number.POSITIVE_INFINITY }
      : document.sequences.find((sequence) => timeMs >= sequence.start && timeMs <= sequence.end);
  if (!span) return false;
  const keys: { time: number; objectIndex: number; show: boolean }[] = [];
  for (const [objectIndex, show] of [
    [link.showIndex, true],
    [link.hideIndex, false],
  ] as const) {
    if (objectIndex === null) continue;
    for (const time of document.eventObjects[objectIndex]!.frames)
      if (time >= span.start && time <= timeMs) keys.push({ time, objectIndex, show });
  }
  keys.sort((a, b) => a.time - b.time || a.objectIndex - b.objectIndex);
  return keys.at(-1)?.show ?? false;
}

/** The link diagnostics the game's rule calls for, sequence by sequence, as `code@object/frame` strings. */
function expectedLinkFindings(document: ModelDocument, link: MrfLink): Set<string> {
  const found = new Set<string>();
  if (!linkPreviewed(document, link) || link.hideIndex === null) return found;
  const spans =
    document.sequences.length === 0
      ? [{ start: Number.NEGATIVE_INFINITY, end: Number.POSITIVE_INFINITY }]
      : document.sequences.filter((sequence) => sequence.start <= sequence.end);
  const showIndex = link.showIndex!;
  const hideIndex = link.hideIndex;
  const hideTimes = new Set(link.hideFrames);
  const showTimes = new Set(link.showFrames);
  for (const span of spans) {
    const keys: { time: number; objectIndex: number; frameIndex: number }[] = [];
    for (const objectIndex of [showIndex, hideIndex])
      document.eventObjects[objectIndex]!.frames.forEach((time, frameIndex) => {
        if (time >= span.start && time <= span.end) keys.push({ time, objectIndex, frameIndex });
      });
    keys.sort((a, b) => a.time - b.time || a.objectIndex - b.objectIndex || a.frameIndex - b.frameIndex);
    let shown = false;
    let lastShow = -1;
    for (const key of keys) {
      const show = key.objectIndex === showIndex;
      if (show && hideTimes.has(key.time)) found.add(`events.show-hide-same-time@${showIndex}`);
      if (!show && !shown && !showTimes.has(key.time))
        found.add(`events.hide-before-show@${hideIndex}/${key.frameIndex}`);
      if (show) lastShow = key.frameIndex;
      shown = show;
    }
    if (shown && link.hideFrames.length > 0) found.add(`events.show-without-hide@${showIndex}/${lastShow}`);
  }
  return found;
}

const RULE_CODES = new Set(['events.show-hide-same-time', 'events.hide-before-show', 'events.show-without-hide']);

/** Invariant 4: the viewport, the Dope Sheet's bars and the checker follow the game's rule. */
export function checkVisibility(state: EditorState): void {
  const document = currentDocument(state);
  if (!document) return;
  const sequences = document.sequences;
  const overlap = sequences.some((a, i) => sequences.some((b, j) => j > i && a.start <= b.end && b.start <= a.end));
  const boundaries = new Set(sequences.flatMap((sequence) => [sequence.start, sequence.end]));
  for (const link of document.links) {
    const times = new Set<number>([state.session.playback.playheadMs]);
    for (const objectIndex of [link.showIndex, link.hideIndex])
      for (const frame of objectIndex === null ? [] : document.eventObjects[objectIndex]!.frames)
        for (const time of [frame - 1, frame, frame + 1]) times.add(time);
    for (const sequence of sequences)
      for (const time of [sequence.start - 1, sequence.start, sequence.end, sequence.end + 1]) times.add(time);
    const bars: [number, number, string][] = [];
    visitLinkBars(document, link, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, (from, to, end) =>
      bars.push([from, to, end]),
    );
    for (const time of times) {
      if (overlap && boundaries.has(time)) continue;
      const game = gameShowsCape(document, link, time);
      const viewport = !Number.isNaN(linkShowTime(document, link, time, playedSpanAt(sequences, time)));
      const bar = bars.some(([from, to, end]) => time >= from && (time < to || (time === to && end === 'end')));
      if (viewport !== game || bar !== game)
        expect({ link: link.id, time, viewport, bar }).toEqual({ link: link.id, time, viewport: game, bar: game });
    }
  }
}

/** Invariant 4, the checker's part: the link diagnostics are the ones the game's rule calls for. */
export function checkLinkDiagnostics(document: ModelDocument, diagnostics: readonly Diagnostic[]): void {
  for (const link of document.links) {
    const where = `link ${link.id}`;
    const reported = new Set(
      diagnostics
        .filter(
          (diagnostic) =>
            diagnostic.where === where && RULE_CODES.has(diagnostic.code) && diagnostic.target?.kind === 'eventObject',
        )
        .map((diagnostic) => {
          const target = diagnostic.target as { objectIndex: number; frameIndex?: number };
          return diagnostic.code === 'events.show-hide-same-time'
            ? `${diagnostic.code}@${target.objectIndex}`
            : `${diagnostic.code}@${target.objectIndex}/${target.frameIndex}`;
        }),
    );
    const expected = [...expectedLinkFindings(document, link)].sort();
    const found = [...reported].sort();
    if (found.join() !== expected.join())
      expect({ link: link.id, findings: found }).toEqual({ link: link.id, findings: expected });
  }
}

/** Invariant 5 (and 1's premise): sound keys, a selection that points at what exists, fresh diagnostics. */
export function checkSound(harness: EditorHarness): void {
  const state = harness.store.getState();
  const document = currentDocument(state);
  expect(harness.unexpectedDialogs, 'dialogs no command asked for').toEqual([]);
  expect(Number.isFinite(state.session.playback.playheadMs), 'the playhead is a number').toBe(true);
  if (!document) return;
  for (const object of document.eventObjects)
    for (const frame of object.frames)
      ensure(
        Number.isInteger(frame) && frame >= 0 && frame < KEY_TIME_LIMIT,
        `${object.name} key ${frame} is whole ms in [0, 2^31)`,
      );
  // The selection points at what exists (every editor draws its highlight from it).
  const { selection } = state;
  for (const id of selection.keys) {
    const { objectIndex, frameIndex } = keyAddress(id);
    ensure(
      document.eventObjects[objectIndex]?.frames[frameIndex] !== undefined,
      `selected key ${objectIndex}/${frameIndex}`,
    );
  }
  for (const index of selection.objects) ensure(document.eventObjects[index] !== undefined, `selected object ${index}`);
  const linkIds = new Set(document.links.map((link) => link.id.toUpperCase()));
  for (const id of selection.links) ensure(linkIds.has(id), `selected link ${id}`);
  // Every editor lights the same rows (the Outliner's and the Dope Sheet's rows, the viewport's capes), and the
  // active item — what the Properties show, what F2 renames — is one of them.
  for (const row of buildModelRows(document, state.session.timeline.collapsed)) {
    if (row.kind === 'link') {
      const lit = linkHighlight(selection, row.link.id) !== '';
      ensure(isSelectedRow(row, selection) === lit, `Link ${row.link.id} is lit alike in the Outliner and Dope Sheet`);
    } else if (row.kind === 'object') {
      const lit = objectHighlight(selection, row.objectIndex) !== '';
      ensure(
        isSelectedRow(row, selection) === lit,
        `object ${row.objectIndex} is lit alike in the Outliner and Dope Sheet`,
      );
    }
  }
  const active = selection.active;
  if (active?.kind === 'link')
    ensure(linkHighlight(selection, active.id) === 'active', `the active Link ${active.id} is lit`);
  if (active?.kind === 'object')
    ensure(
      objectHighlight(selection, active.objectIndex) === 'active',
      `the active object ${active.objectIndex} is lit`,
    );
  if (active?.kind === 'key')
    ensure(selection.keys.has(keyId(active.objectIndex, active.frameIndex)), 'the active key is lit in the Dope Sheet');
  // Diagnostics are those of the present document and point at something.
  const fresh = collectDiagnostics(harness.store.services.codec, state, document);
  if (JSON.stringify(state.diagnostics) !== JSON.stringify(fresh))
    expect(state.diagnostics, 'the diagnostics shown are the present document’s').toEqual(fresh);
  for (const diagnostic of state.diagnostics) {
    const target = diagnostic.target;
    if (target?.kind === 'link') ensure(linkIds.has(target.id.toUpperCase()), `${diagnostic.code} → link ${target.id}`);
    if (target?.kind === 'eventObject') {
      const object = document.eventObjects[target.objectIndex];
      ensure(object !== undefined, `${diagnostic.code} → object ${target.objectIndex}`);
      if (target.frameIndex !== undefined)
        ensure(object!.frames[target.frameIndex] !== undefined, `${diagnostic.code} → key ${target.frameIndex}`);
    }
  }
  checkLinkDiagnostics(document, state.diagnostics);
}

/**
 * One step of a random sequence: a gesture of the user's, then the invariants (invariants.ts) checked on what it left.
 * Each command says what its gesture did to the histories, whether the editor may refuse it (an error in the status
 * bar that changed nothing), and checks what it acted on against what the editors lit before it ran.
 */
import type fc from 'fast-check';
import { expect } from 'vitest';
import type { ModelDocument } from '../../shared/events/document';
import type { MrfFile } from '../../shared/mrf';
import { presentCape } from '../../renderer/state/cape-documents';
import { type EditorState, currentDocument } from '../../renderer/state/editor-store';
import type { EditorHarness } from './editor-harness';
import {
  type EditorModel,
  type HistoryMove,
  checkHistories,
  checkSound,
  checkVisibility,
  followStep,
  modelBytes,
} from './invariants';

/** How many steps of each kind ran, and how many sequences (the figures of the closing note). */
export const figures = {
  sequences: 0,
  steps: 0,
  byCommand: new Map<string, number>(),
  timeMs: new Map<string, number>(),
};

/** The state before a step, for the command's own checks. */
export interface Before {
  state: EditorState;
  document: ModelDocument;
  bytes: Uint8Array;
  capes: Map<string, MrfFile>;
}

/** A step: the gesture (`act`), what it did to the histories, and the checks. */
export abstract class Step implements fc.AsyncCommand<EditorModel, EditorHarness> {
  /** A short name for the figures and the counterexamples. */
  abstract readonly name: string;
  /** Whether the editor may refuse it with an error in the status bar (the document then stays as it was). */
  protected mayBeRefused = false;

  check(): boolean {
    return true;
  }

  /** Does the gesture and checks what it acted on; returns what it did to the histories. */
  protected abstract act(model: EditorModel, harness: EditorHarness, before: Before): Promise<HistoryMove>;

  async run(model: EditorModel, harness: EditorHarness): Promise<void> {
    const t0 = performance.now();
    const state = harness.store.getState();
    const before: Before = {
      state,
      document: currentDocument(state)!,
      bytes: modelBytes(state),
      capes: capeFiles(state),
    };
    const messages = state.messages.length;
    const move = await this.act(model, harness, before);
    const after = harness.store.getState();
    const errors = after.messages.slice(messages).filter((message) => message.severity === 'error');
    if (errors.length > 0) {
      expect(this.mayBeRefused, `${this}: ${errors.map((message) => message.text).join('; ')}`).toBe(true);
      expect(currentDocument(after), `${this} was refused: nothing changed`).toBe(before.document);
    }
    // Any change to the model's history (an edit, an undo, a step a cancelled gesture rolled back) is work on the
    // model: the focus goes back to it (document-focus.ts, followDocumentFocus).
    if (after.history !== state.history) model.focus = null;
    const t1 = performance.now();
    followStep(model, harness, move, before.capes);
    checkHistories(model, harness);
    checkVisibility(after);
    checkSound(harness);
    figures.timeMs.set(this.name, (figures.timeMs.get(this.name) ?? 0) + t1 - t0);
    figures.timeMs.set('checks', (figures.timeMs.get('checks') ?? 0) + performance.now() - t1);
    figures.steps += 1;
    figures.byCommand.set(this.name, (figures.byCommand.get(this.name) ?? 0) + 1);
  }

  abstract toString(): string;
}

/** Every loaded cape's file as shown (its document's present when edited), by cape key. */
export function capeFiles(state: EditorState): Map<string, MrfFile> {
  const files = new Map<string, MrfFile>();
  for (const key of Object.keys(state.capes)) {
    const file = presentCape(state, key);
    if (file) files.set(key, file);
  }
  return files;
}

/** An index into a list of `length` items from a random number (null when the list is empty). */
export function pick(random: number, length: number): number | null {
  return length === 0 ? null : random % length;
}

/** A multiset of numbers as a sorted list (for comparing key times). */
export function sortedTimes(times: Iterable<number>): number[] {
  return [...times].sort((a, b) => a - b);
}

/** `times` without one occurrence of each of `removed`. */
export function withoutTimes(times: readonly number[], removed: readonly number[]): number[] {
  const left = [...times];
  for (const time of removed) {
    const index = left.indexOf(time);
    if (index >= 0) left.splice(index, 1);
  }
  return sortedTimes(left);
}

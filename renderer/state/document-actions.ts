/**
 * Writers of the document kind of state: opening a document, applying edits through the codec
 * (each edit one undo step, or one per gesture), undo and redo, marking a save. Selection is
 * kept valid after every change, but never restored by undo (it is not document state).
 */
import type { Diagnostic } from '../../shared/diagnostics';
import type { ModelCodec, ModelDocument, ModelEdit } from '../../shared/events/document';
import { tableDiagnostics } from '../../shared/game-tables/describe';
import { type CapeEntry, capeKey } from '../capes/cape-entry';
import { type EditorState, type EditorStore, type OpenFile, currentDocument } from './editor-store';
import {
  type CommitOptions,
  type History,
  type HistoryMark,
  bailToMark,
  commit,
  createHistory,
  endGesture,
  present,
  redo,
  undo,
} from './history';
import { EMPTY_SELECTION, type Selection, carrySelection, sanitizeSelection } from './selection';
import { notify } from './dialog-actions';

/** Diagnostics of a document and of the capes its links point at. */
export function collectDiagnostics(
  codec: ModelCodec,
  state: Pick<EditorState, 'capes' | 'standaloneCape'> & { gameTables?: EditorState['gameTables'] },
  document: ModelDocument | null,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  if (document) {
    diagnostics.push(...document.readDiagnostics);
    diagnostics.push(...codec.validateModel(document));
    if (state.gameTables) diagnostics.push(...tableDiagnostics(document.eventObjects, state.gameTables));
    for (const link of document.links) {
      const entry = state.capes[capeKey(link.path)];
      if (entry) diagnostics.push(...capeDiagnostics(entry, link.id));
    }
  } else if (state.standaloneCape) {
    diagnostics.push(...capeDiagnostics(state.standaloneCape, null));
  }
  return diagnostics;
}

function capeDiagnostics(entry: CapeEntry, linkId: string | null): Diagnostic[] {
  const target = linkId === null ? undefined : ({ kind: 'link', id: linkId } as const);
  const where = linkId === null ? entry.gamePath : `link ${linkId}`;
  if (entry.status === 'missing') {
    return [
      {
        severity: 'warning',
        code: 'editor.cape-missing',
        message: `${entry.gamePath} is not in any data folder${entry.reason ? ` (${entry.reason})` : ''}`,
        where,
        target,
      },
    ];
  }
  if (entry.status === 'unreadable') {
    return [
      {
        severity: 'error',
        code: 'editor.cape-unreadable',
        message: `${entry.gamePath} cannot be read: ${entry.reason ?? 'unknown error'}`,
        where,
        target,
      },
    ];
  }
  const found = entry.cape?.diagnostics ?? [];
  return found.map((diagnostic) => ({
    ...diagnostic,
    where: `${where}: ${diagnostic.where ?? entry.gamePath}`,
    target: target ?? diagnostic.target,
  }));
}

/** Opens a model document: a fresh history, nothing selected, saved state = this document. */
export function openModelDocument(store: EditorStore, document: ModelDocument, file: OpenFile): void {
  store.setState((state) => ({
    file,
    history: createHistory(document),
    savedDocument: document,
    standaloneCape: null,
    changedOnDisk: false,
    selection: EMPTY_SELECTION,
    drag: null,
    diagnostics: collectDiagnostics(store.services.codec, { ...state, standaloneCape: null }, document),
  }));
}

/** Opens a standalone cape (MRF-only mode): no model document, no history. */
export function openStandaloneCape(store: EditorStore, entry: CapeEntry, file: OpenFile): void {
  store.setState((state) => ({
    file,
    history: null,
    savedDocument: null,
    standaloneCape: entry,
    changedOnDisk: false,
    selection: { ...EMPTY_SELECTION, active: { kind: 'cape' } },
    drag: null,
    diagnostics: collectDiagnostics(store.services.codec, { ...state, standaloneCape: entry }, null),
  }));
}

/** Closes whatever is open. */
export function closeDocument(store: EditorStore): void {
  store.setState({
    file: null,
    history: null,
    savedDocument: null,
    standaloneCape: null,
    selection: EMPTY_SELECTION,
    diagnostics: [],
    drag: null,
    changedOnDisk: false,
    playing: 0,
  });
}

/** Why an edit was refused (the codec's EditError message), or null when it was applied. */
export type EditOutcome = { applied: true; document: ModelDocument } | { applied: false; reason: string };

/**
 * Applies an edit through the codec and records it: one undo step, or part of the open gesture
 * when `options.gesture` is given. `selectionAfter` computes the selection for the new document
 * (for example following moved keys); otherwise the old selection is kept where still valid.
 */
export function editDocument(
  store: EditorStore,
  edit: ModelEdit,
  label: string,
  options: CommitOptions & {
    selectionAfter?: (before: ModelDocument, after: ModelDocument, selection: Selection) => Selection;
  } = {},
): EditOutcome {
  const state = store.getState();
  const before = currentDocument(state);
  const codec = store.services.codec;
  if (!before || !state.history) return { applied: false, reason: 'No model is open' };
  let after: ModelDocument;
  try {
    after = codec.applyEdit(before, edit);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    notify(store, `${label}: ${reason}`, 'error');
    return { applied: false, reason };
  }
  const history = commit(state.history, after, label, options);
  const selection = options.selectionAfter ? options.selectionAfter(before, after, state.selection) : state.selection;
  store.setState({
    history,
    selection: sanitizeSelection(selection, after),
    diagnostics: collectDiagnostics(store.services.codec, state, after),
  });
  return { applied: true, document: after };
}

/** Closes a gesture so that the next edit is a new undo step. */
export function finishGesture(store: EditorStore, gesture: string): void {
  const { history } = store.getState();
  if (history) store.setState({ history: endGesture(history, gesture) });
}

function moveInHistory(store: EditorStore, step: (history: History<ModelDocument>) => History<ModelDocument>): boolean {
  const state = store.getState();
  if (!state.history) return false;
  const history = step(state.history);
  if (history === state.history) return false;
  const before = present(state.history);
  store.setState({ history, drag: null });
  const document = currentDocument(store.getState())!;
  store.setState((latest) => ({
    selection: carrySelection(before, document, latest.selection),
    diagnostics: collectDiagnostics(store.services.codec, latest, document),
  }));
  return true;
}

/**
 * Esc in a gesture: back to the document marked when it began, dropping what it did (no redo step
 * is left). Returns false when nothing was recorded since the mark.
 */
export function rollBackTo(store: EditorStore, mark: HistoryMark<ModelDocument>): boolean {
  return moveInHistory(store, (history) => bailToMark(history, mark));
}

/** Ctrl+Z: the previous document (selection and playhead untouched). */
export function undoDocument(store: EditorStore): boolean {
  return moveInHistory(store, undo);
}

/** Ctrl+Shift+Z: the next document. */
export function redoDocument(store: EditorStore): boolean {
  return moveInHistory(store, redo);
}

/** Records a successful save: the present document becomes the saved one. */
export function markSaved(store: EditorStore, document: ModelDocument, file: OpenFile): void {
  store.setState({ savedDocument: document, file, changedOnDisk: false });
}

/** Recomputes diagnostics (after capes were loaded). */
export function refreshDiagnostics(store: EditorStore): void {
  const state = store.getState();
  store.setState({ diagnostics: collectDiagnostics(store.services.codec, state, currentDocument(state)) });
}

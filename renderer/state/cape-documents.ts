/**
 * Capes as documents of their own (issue 14): a cape edited from a model's link, or a cape opened on its own, gets
 * its own undo history of immutable MrfFiles and its own saved state, beside the model's. Edits go through the pure
 * cape edits (shared/capes/edit); every change is one undo step, or one per gesture (a drag of a number), and a
 * gesture cancelled with Esc rolls back to the mark it took. The cape's entry in the asset cache follows the
 * document's present, so the viewport, the timeline and the outliner show the edited cape.
 *
 * Focus: Save, Undo/Redo and the window title act on the document whose editor has focus — a cape document while
 * the pointer or the keyboard focus went last into its Properties panel (`data-cape-document`), the open file once
 * they go into any other area. A standalone cape is the open file itself: it is always the one in focus.
 */
import type { FileIdentity } from '../../shared/contract/contract';
import { validateMrf } from '../../shared/mrf/validate';
import type { MrfFile } from '../../shared/mrf/types';
import { type CapeEntry, capeKey, capeStatistics } from '../capes/cape-entry';
import { notify } from './dialog-actions';
import { redoDocument, refreshDiagnostics, undoDocument } from './document-actions';
import { type EditorState, type EditorStore, isDirty } from './editor-store';
import {
  type CommitOptions,
  type History,
  type HistoryMark,
  bailToMark,
  canRedo,
  canUndo,
  commit,
  createHistory,
  endGesture,
  markHistory,
  present,
  redo,
  redoLabel,
  undo,
  undoLabel,
} from './history';

/** One cape being edited. */
export interface CapeDocument {
  /** The cape's key in the asset cache ({@link capeKey} of its game path). */
  key: string;
  /** The link's game path, or the standalone file's path. */
  gamePath: string;
  /** The file's base name, for the title and the prompts. */
  name: string;
  /** True for a cape opened on its own (the open file); false for a link's cape. */
  standalone: boolean;
  history: History<MrfFile>;
  /** The file as last read or saved: unsaved changes are `present(history) !== saved` (null: never saved). */
  saved: MrfFile | null;
  /** The bytes the cape was read from: their hash is its identity on disk until it is saved. */
  readBytes: Uint8Array;
  /** The identity on disk after a save (null until then). */
  identity: FileIdentity | null;
}

/** The base name of a game path or file path. */
function baseNameOf(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** The cape entry a key names: the standalone cape, or a link's cape in the asset cache. */
export function capeEntryOf(state: Pick<EditorState, 'capes' | 'standaloneCape'>, key: string): CapeEntry | null {
  if (state.standaloneCape && capeKey(state.standaloneCape.gamePath) === key) return state.standaloneCape;
  return state.capes[key] ?? null;
}

/** The key of the standalone cape, or null. */
export function standaloneCapeKey(state: Pick<EditorState, 'standaloneCape'>): string | null {
  return state.standaloneCape ? capeKey(state.standaloneCape.gamePath) : null;
}

/** The cape file shown for a key: the document's present when it is being edited, else the entry's file. */
export function presentCape(state: EditorState, key: string): MrfFile | null {
  const document = state.capeDocuments[key];
  if (document) return present(document.history);
  return capeEntryOf(state, key)?.cape?.file ?? null;
}

/** Whether a cape document has unsaved changes. */
export function isCapeDirty(document: CapeDocument): boolean {
  return present(document.history) !== document.saved;
}

/** The cape documents with unsaved changes, the standalone one first. */
export function unsavedCapeDocuments(state: Pick<EditorState, 'capeDocuments'>): CapeDocument[] {
  return Object.values(state.capeDocuments)
    .filter(isCapeDirty)
    .sort((a, b) => Number(b.standalone) - Number(a.standalone));
}

/** Whether anything open has unsaved changes: the model or any cape document. */
export function hasUnsavedChanges(state: EditorState): boolean {
  return isDirty(state) || unsavedCapeDocuments(state).length > 0;
}

/**
 * The key of the cape whose editor has focus, or null when the open file's model has it. A standalone cape is
 * always in focus.
 */
export function focusedCapeKey(state: EditorState): string | null {
  return standaloneCapeKey(state) ?? state.focusedDocument;
}

/** The focused key when it is a link's cape (saved on its own, not as the open file), else null. */
export function focusedLinkCapeKey(state: EditorState): string | null {
  return state.standaloneCape ? null : state.focusedDocument;
}

/** Gives the focus to a cape's editor (its key) or back to the open file (null). */
export function focusCapeDocument(store: EditorStore, key: string | null): void {
  if (store.getState().focusedDocument !== key) store.setState({ focusedDocument: key });
}

/**
 * The entry with `file` as its cape: statistics computed again, the bytes as read kept, and the diagnostics
 * validated again — or, while a gesture runs (`validate` false), kept until it ends (a drag over a large cape would
 * otherwise validate every keyframe at each pointer move).
 */
function withFile(entry: CapeEntry, file: MrfFile, validate = true): CapeEntry {
  if (!entry.cape || entry.cape.file === file) return entry;
  const diagnostics = validate ? validateMrf(file) : entry.cape.diagnostics;
  return { ...entry, cape: { bytes: entry.cape.bytes, file, statistics: capeStatistics(file), diagnostics } };
}

/** The state change that shows `file` as the cape of `key`. */
function showFile(state: EditorState, key: string, file: MrfFile, validate = true): Partial<EditorState> {
  if (state.standaloneCape && capeKey(state.standaloneCape.gamePath) === key)
    return { standaloneCape: withFile(state.standaloneCape, file, validate) };
  const entry = state.capes[key];
  return entry ? { capes: { ...state.capes, [key]: withFile(entry, file, validate) } } : {};
}

/** A new document over a loaded entry. */
function newDocument(key: string, entry: CapeEntry, standalone: boolean): CapeDocument {
  const file = entry.cape!.file;
  return {
    key,
    gamePath: entry.gamePath,
    name: baseNameOf(entry.resolvedPath ?? entry.gamePath),
    standalone,
    history: createHistory(file),
    saved: file,
    readBytes: entry.cape!.bytes,
    identity: null,
  };
}

/**
 * Applies a pure edit to a cape and records it in that cape's history: one undo step, or part of the open gesture
 * with `options.gesture`. The cape becomes a document at its first edit and takes the focus. A refused edit (its
 * error's message) is reported and changes nothing; an edit that returns the same file records nothing.
 */
export function editCape(
  store: EditorStore,
  key: string,
  edit: (file: MrfFile) => MrfFile,
  label: string,
  options: CommitOptions = {},
): boolean {
  const state = store.getState();
  const entry = capeEntryOf(state, key);
  if (!entry?.cape) {
    notify(store, `${label}: the cape is not loaded`, 'error');
    return false;
  }
  const standalone = standaloneCapeKey(state) === key;
  const document = state.capeDocuments[key] ?? newDocument(key, entry, standalone);
  const before = present(document.history);
  let after: MrfFile;
  try {
    after = edit(before);
  } catch (error) {
    notify(store, `${label}: ${error instanceof Error ? error.message : String(error)}`, 'error');
    return false;
  }
  if (after === before) return true;
  const history = commit(document.history, after, label, options);
  store.setState((latest) => ({
    capeDocuments: { ...latest.capeDocuments, [key]: { ...document, history } },
    focusedDocument: standalone ? latest.focusedDocument : key,
    ...showFile(latest, key, after, options.gesture === undefined),
  }));
  refreshDiagnostics(store);
  return true;
}

/** Moves a cape document through its history; false when nothing moved. */
function moveCape(store: EditorStore, key: string, step: (history: History<MrfFile>) => History<MrfFile>): boolean {
  const state = store.getState();
  const document = state.capeDocuments[key];
  if (!document) return false;
  const history = step(document.history);
  if (history === document.history) return false;
  const file = present(history);
  store.setState((latest) => ({
    capeDocuments: { ...latest.capeDocuments, [key]: { ...document, history } },
    ...showFile(latest, key, file),
  }));
  refreshDiagnostics(store);
  return true;
}

/** Ctrl+Z on a cape document. */
export function undoCape(store: EditorStore, key: string): boolean {
  return moveCape(store, key, undo);
}

/** Ctrl+Shift+Z on a cape document. */
export function redoCape(store: EditorStore, key: string): boolean {
  return moveCape(store, key, redo);
}

/** A mark to roll a cape gesture back to (the cape as it is now, edited or not). */
export function markCape(state: EditorState, key: string): HistoryMark<MrfFile> | null {
  const document = state.capeDocuments[key];
  if (document) return markHistory(document.history);
  const file = capeEntryOf(state, key)?.cape?.file;
  return file ? { value: file } : null;
}

/** Esc in a cape gesture: back to the mark, dropping what the gesture recorded (no redo step is left). */
export function rollBackCape(store: EditorStore, key: string, mark: HistoryMark<MrfFile>): boolean {
  return moveCape(store, key, (history) => bailToMark(history, mark));
}

/** Closes a cape gesture so that the next edit is a new undo step. */
export function finishCapeGesture(store: EditorStore, key: string, gesture: string): void {
  const document = store.getState().capeDocuments[key];
  if (!document) return;
  const history = endGesture(document.history, gesture);
  if (history === document.history) return;
  // The diagnostics the gesture left as they were are brought up to date.
  const revalidate = (entry: CapeEntry): CapeEntry =>
    entry.cape ? { ...entry, cape: { ...entry.cape, diagnostics: validateMrf(entry.cape.file) } } : entry;
  store.setState((latest) => {
    const patch: Partial<EditorState> = { capeDocuments: { ...latest.capeDocuments, [key]: { ...document, history } } };
    if (latest.standaloneCape && capeKey(latest.standaloneCape.gamePath) === key)
      patch.standaloneCape = revalidate(latest.standaloneCape);
    else if (latest.capes[key]) patch.capes = { ...latest.capes, [key]: revalidate(latest.capes[key]) };
    return patch;
  });
  refreshDiagnostics(store);
}

/** The history Undo and Redo act on: the focused cape's (null when it was never edited), or the model's. */
export function focusedHistory(state: EditorState): History<unknown> | null {
  const key = focusedCapeKey(state);
  if (key === null) return state.history;
  return state.capeDocuments[key]?.history ?? null;
}

/** Whether Undo has something to do in the focused document. */
export function canUndoFocused(state: EditorState): boolean {
  const history = focusedHistory(state);
  return history !== null && canUndo(history);
}

/** Whether Redo has something to do in the focused document. */
export function canRedoFocused(state: EditorState): boolean {
  const history = focusedHistory(state);
  return history !== null && canRedo(history);
}

/** Undo in the focused document; the label of the step undone, or null when nothing was. */
export function undoFocused(store: EditorStore): string | null {
  const state = store.getState();
  const history = focusedHistory(state);
  const label = history ? (undoLabel(history) ?? '') : '';
  const key = focusedCapeKey(state);
  return (key === null ? undoDocument(store) : undoCape(store, key)) ? label : null;
}

/** Redo in the focused document; the label of the step redone, or null when nothing was. */
export function redoFocused(store: EditorStore): string | null {
  const state = store.getState();
  const history = focusedHistory(state);
  const label = history ? (redoLabel(history) ?? '') : '';
  const key = focusedCapeKey(state);
  return (key === null ? redoDocument(store) : redoCape(store, key)) ? label : null;
}

/**
 * Makes the standalone cape a document that was never saved (a cape imported from another format): Save asks for
 * a path and closing asks first.
 */
export function markStandaloneCapeUnsaved(store: EditorStore): void {
  const state = store.getState();
  const key = standaloneCapeKey(state);
  if (key === null || !state.standaloneCape?.cape) return;
  const document = { ...newDocument(key, state.standaloneCape, true), saved: null };
  store.setState((latest) => ({ capeDocuments: { ...latest.capeDocuments, [key]: document } }));
}

/** Records a save of a cape document: its present becomes the saved file. */
export function markCapeSaved(store: EditorStore, key: string, saved: MrfFile, identity: FileIdentity | null): void {
  const document = store.getState().capeDocuments[key];
  if (!document) return;
  store.setState((latest) => ({
    capeDocuments: { ...latest.capeDocuments, [key]: { ...document, saved, identity } },
  }));
}

/**
 * Drops every cape document (the file was closed, another opened, or the user chose not to save). A cape whose
 * entry still shows the document's present is shown as last saved again, so the asset cache holds no unsaved edit.
 */
export function discardCapeDocuments(store: EditorStore): void {
  const state = store.getState();
  const documents = Object.values(state.capeDocuments);
  if (documents.length === 0 && state.focusedDocument === null) return;
  let patch: Partial<EditorState> = {};
  for (const document of documents) {
    const entry = capeEntryOf({ ...state, ...patch }, document.key);
    if (document.saved && entry?.cape?.file === present(document.history) && entry.cape.file !== document.saved)
      patch = { ...patch, ...showFile({ ...state, ...patch } as EditorState, document.key, document.saved) };
  }
  store.setState({ ...patch, capeDocuments: {}, focusedDocument: null });
  refreshDiagnostics(store);
}

/** Whether the document in focus (a cape, or the open file) has unsaved changes. */
export function focusedDocumentDirty(state: EditorState): boolean {
  const key = focusedCapeKey(state);
  const cape = key === null ? undefined : state.capeDocuments[key];
  if (cape) return isCapeDirty(cape);
  return key !== null && !state.standaloneCape ? false : isDirty(state);
}

/** The file name of the link's cape in focus, or null when the open file has the focus. */
export function focusedLinkCapeName(state: EditorState): string | null {
  const key = focusedLinkCapeKey(state);
  if (key === null) return null;
  const entry = state.capes[key];
  return state.capeDocuments[key]?.name ?? baseNameOf(entry?.resolvedPath ?? entry?.gamePath ?? key);
}

/** The window title: the focused document's name, a dot when it has unsaved changes. */
export function windowTitle(state: EditorState): string {
  const key = focusedCapeKey(state);
  const cape = key === null ? undefined : state.capeDocuments[key];
  if (key !== null && !state.standaloneCape) {
    const entry = state.capes[key];
    const name = cape?.name ?? baseNameOf(entry?.resolvedPath ?? entry?.gamePath ?? key);
    return `${cape && isCapeDirty(cape) ? '• ' : ''}${name} (cape) — ${state.file?.name ?? ''} — Morf Studio`;
  }
  const dirty = cape ? isCapeDirty(cape) : isDirty(state);
  return `${dirty ? '• ' : ''}${state.file?.name ?? 'Morf Studio'}${state.file ? ' — Morf Studio' : ''}`;
}

/**
 * Keeps the cape documents in step with the asset cache and the focus in step with the user: a pointer press or a
 * keyboard focus inside an element with `data-cape-document` focuses that cape, one inside any other editor area
 * (`data-area`) and any change to the model's history give the focus back to the open file; a cape reloaded from
 * disk (data folders changed) shows the document's unsaved edits again, or ends the document when it had none.
 * Returns the function that stops.
 */
export function followCapeDocuments(
  store: EditorStore,
  root: Pick<Document, 'addEventListener' | 'removeEventListener'>,
) {
  const onEvent = (event: Event) => {
    const target = event.target as Element | null;
    if (!target || typeof target.closest !== 'function') return;
    const cape = target.closest('[data-cape-document]');
    if (cape) focusCapeDocument(store, cape.getAttribute('data-cape-document'));
    else if (target.closest('[data-area]')) focusCapeDocument(store, null);
  };
  root.addEventListener('pointerdown', onEvent, true);
  root.addEventListener('focusin', onEvent, true);
  const unsubscribe = store.subscribe((state, previous) => {
    // A change to the model (an edit, an undo, another file) is work on the model: it takes the focus.
    if (state.history !== previous.history && state.focusedDocument !== null) focusCapeDocument(store, null);
    if (state.capes === previous.capes) return;
    for (const document of Object.values(state.capeDocuments)) {
      if (document.standalone) continue;
      const entry = state.capes[document.key];
      const shown = present(document.history);
      if (!entry || entry.status === 'loading' || entry.cape?.file === shown) continue;
      if (isCapeDirty(document)) {
        if (entry.cape) store.setState((latest) => showFile(latest, document.key, shown));
      } else {
        const { [document.key]: _dropped, ...rest } = store.getState().capeDocuments;
        store.setState({ capeDocuments: rest });
      }
    }
  });
  return () => {
    root.removeEventListener('pointerdown', onEvent, true);
    root.removeEventListener('focusin', onEvent, true);
    unsubscribe();
  };
}

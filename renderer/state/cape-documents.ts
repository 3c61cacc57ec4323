/**
 * Capes as documents of their own (issue 14): a cape edited from a model's link, or a cape opened on its own, gets
 * its own undo history of immutable MrfFiles and its own saved state, beside the model's. Edits go through the pure
 * cape edits (shared/capes/edit); every change is one undo step, or one per gesture (a drag of a number), and a
 * gesture cancelled with Esc rolls back to the mark it took. The cape's entry in the asset cache follows the
 * document's present, so the viewport, the timeline and the outliner show the edited cape.
 * Which document has the focus (and so takes Save, Undo and the title) is document-focus.ts' business.
 */
import type { FileIdentity } from '../../shared/contract/contract';
import { validateMrf } from '../../shared/mrf/validate';
import type { MrfFile } from '../../shared/mrf/types';
import { type CapeEntry, capeKey, capeStatistics } from '../capes/cape-entry';
import { notify } from './dialog-actions';
import { refreshDiagnostics } from './document-actions';
import type { CapeDocument, EditorState, EditorStore } from './editor-store';
import {
  type CommitOptions,
  type History,
  type HistoryMark,
  bailToMark,
  commit,
  createHistory,
  endGesture,
  markHistory,
  present,
  redo,
  undo,
} from './history';

/** The base name of a game path or file path. */
export function baseNameOf(path: string): string {
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

/**
 * Keeps the cape documents in step with the asset cache: a cape reloaded from disk (data folders changed) shows the
 * document's unsaved edits again, or ends the document when it had none. Returns the function that stops.
 */
export function followCapeCache(store: EditorStore): () => void {
  return store.subscribe((state, previous) => {
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
}

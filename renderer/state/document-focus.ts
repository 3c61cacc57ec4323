/**
 * The focus dispatch: Save, Undo/Redo and the window title act on the document whose editor has focus — a cape
 * document while the pointer or the keyboard focus went last into its Properties panel (`data-cape-document`), the
 * open file once they go into any other area or the model changes. A standalone cape is the open file itself: it is
 * always the one in focus. The cape documents themselves are cape-documents.ts'.
 */
import { baseNameOf, isCapeDirty, redoCape, standaloneCapeKey, undoCape, unsavedCapeDocuments } from './cape-documents';
import { redoDocument, undoDocument } from './document-actions';
import { type EditorState, type EditorStore, isDirty } from './editor-store';
import { type History, canRedo, canUndo, redoLabel, undoLabel } from './history';

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

/** Where the link's cape in focus was read from (a file path, or a path through a map), or null. */
export function focusedLinkCapePath(state: EditorState): string | null {
  const key = focusedLinkCapeKey(state);
  return key === null ? null : (state.capes[key]?.resolvedPath ?? null);
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
 * Moves the focus with the user: a pointer press or a keyboard focus inside an element with `data-cape-document`
 * focuses that cape, one inside any other editor area (`data-area`) and any change to the model's history give the
 * focus back to the open file. Returns the function that stops.
 */
export function followDocumentFocus(
  store: EditorStore,
  root: Pick<Document, 'addEventListener' | 'removeEventListener'>,
): () => void {
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
  });
  return () => {
    root.removeEventListener('pointerdown', onEvent, true);
    root.removeEventListener('focusin', onEvent, true);
    unsubscribe();
  };
}

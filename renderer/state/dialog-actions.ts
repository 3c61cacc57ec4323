/**
 * Modal prompts as promises: a confirmation with named actions, a text prompt, and choosing a
 * path — the host's native dialog in Electron, the in-app file browser in the browser shell.
 */
import type { SaveDialogPurpose } from '../../shared/contract/contract';
import { type Dialog, type EditorStore, MAX_LOG_MESSAGES, type RenderAnswer } from './editor-store';
import type { RenderKind } from './render-service';
import type { RenderSettings } from './render-settings';

/** What each answerable dialog answers when it is dismissed without a choice. */
function dismissAnswer(dialog: Dialog): string | null {
  return dialog.kind === 'confirm' ? 'cancel' : null;
}

/**
 * Shows a dialog and resolves with what it answers; the dialog closes as it answers. A dialog still on screen is
 * dismissed first (its promise resolves with its dismiss answer).
 */
function showDialog<T>(store: EditorStore, dialog: Dialog): Promise<T> {
  const previous = store.getState().dialog;
  if (previous && store.answerDialog) answerDialog(store, dismissAnswer(previous));
  return new Promise((resolve) => {
    store.answerDialog = (answer) => {
      store.answerDialog = null;
      store.setState({ dialog: null });
      resolve(answer as T);
    };
    store.setState({ dialog });
  });
}

/** Answers the dialog on screen (an action id for a confirmation, text or a path or null for the others). */
export function answerDialog(store: EditorStore, value: string | null): void {
  const answer = store.answerDialog;
  if (answer) answer(value);
  else store.setState({ dialog: null });
}

/** Shows a confirmation and resolves with the chosen action id ('cancel' when dismissed). */
export function askConfirm(
  store: EditorStore,
  title: string,
  message: string,
  actions: readonly { id: string; label: string; primary?: boolean; danger?: boolean }[],
): Promise<string> {
  return showDialog(store, { kind: 'confirm', title, message, actions });
}

/** Asks for a line of text; null when cancelled. */
export function askText(store: EditorStore, title: string, label: string, value: string): Promise<string | null> {
  return showDialog(store, { kind: 'prompt', title, label, value });
}

/** The fields of a form (see {@link askForm}). */
export type FormFields = Extract<Dialog, { kind: 'form' }>['fields'];

/** Shows a form of text fields; resolves with the texts typed by field key, or null when cancelled. */
export function askForm(
  store: EditorStore,
  title: string,
  message: string,
  fields: FormFields,
  submitLabel = 'OK',
): Promise<Record<string, string> | null> {
  return showDialog<unknown>(store, { kind: 'form', title, message, fields, submitLabel }).then((answer) =>
    answer && typeof answer === 'object' ? (answer as Record<string, string>) : null,
  );
}

/** Shows the render settings (Render ▸ Render Image / Animation); the answer, or null when cancelled. */
export function askRenderSettings(
  store: EditorStore,
  mode: RenderKind,
  settings: RenderSettings,
): Promise<RenderAnswer | null> {
  return showDialog<unknown>(store, { kind: 'render', mode, settings }).then((answer) =>
    answer && typeof answer === 'object' ? (answer as RenderAnswer) : null,
  );
}

/** What a path is chosen for. */
export type PathPurpose = 'open' | 'save' | 'dataFolder' | 'archive';

/**
 * Lets the user choose a path; null when cancelled. With `startPath` (a folder or an archive to look inside) the
 * in-app browser opens there, native dialogs or not.
 */
export async function askPath(
  store: EditorStore,
  purpose: PathPurpose,
  initialName = '',
  startPath?: string,
  title?: string,
  savePurpose: SaveDialogPurpose = 'any',
): Promise<string | null> {
  const { runtime } = store.getState();
  const host = store.services.host;
  if (host && runtime.nativeDialogs && startPath === undefined) {
    if (purpose === 'save') {
      const result = await host.showSaveDialog({ defaultPath: initialName || null, purpose: savePurpose });
      return result.canceled ? null : result.path;
    }
    const result = await host.showOpenDialog({
      purpose: purpose === 'dataFolder' ? 'data-folder' : purpose === 'archive' ? 'archive' : 'model',
      multiple: false,
    });
    return result.canceled ? null : (result.paths[0] ?? null);
  }
  const heading = title ?? (purpose === 'open' ? 'Open' : purpose === 'save' ? 'Save As' : 'Open Data Folder');
  return showDialog(store, {
    kind: 'fileBrowser',
    // The in-app browser's data-folder choice takes archives as well as folders.
    purpose: purpose === 'archive' ? 'dataFolder' : purpose,
    title: heading,
    initialName,
    ...(startPath ? { startPath } : {}),
  });
}

/** Shows a status-bar message. */
export function notify(store: EditorStore, text: string, severity: 'info' | 'warning' | 'error' = 'info'): void {
  store.setState((state) => {
    const last = state.messages[state.messages.length - 1];
    const message = { id: (last?.id ?? 0) + 1, text, severity, wallTimeMs: Date.now() };
    const kept = state.messages.length >= MAX_LOG_MESSAGES ? state.messages.slice(1) : state.messages;
    return { notice: { text, severity, at: performance.now() }, messages: [...kept, message] };
  });
}

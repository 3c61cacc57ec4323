/**
 * Modal prompts as promises: a confirmation with named actions, a text prompt, and choosing a
 * path — the host's native dialog in Electron, the in-app file browser in the browser shell.
 */
import type { DialogFilter } from '../../shared/contract/contract';
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

/** What a path is chosen for: a file to open, a file to save, a folder or archive (data source), a folder. */
export type PathPurpose = 'open' | 'save' | 'dataFolder' | 'archive' | 'folder';

/**
 * What an operation asks the user to choose, and how the dialog says so: its title (the operation's name), the file
 * types it offers (the first one chosen; none: every file) and the accept button. The native dialogs (Electron) and
 * the in-app browser show the same title and types. renderer/files/path-requests.ts holds each operation's.
 */
export interface PathRequest {
  purpose: PathPurpose;
  title: string;
  filters: readonly DialogFilter[];
  /** The file name a save starts with. */
  initialName?: string;
  /** Where the in-app browser starts (a folder or an archive to look inside); native dialogs or not, it is used. */
  startPath?: string;
  /** The accept button of a file choice ('Open', 'Import', 'Save', 'Export'). */
  acceptLabel?: string;
  /** The verb of a folder or archive choice's button: “Add” gives “Add This Folder”, “Add This Map”. */
  acceptVerb?: string;
}

/** Extensions the in-app browser shows as places to go into rather than files (maps and game archives). */
const ARCHIVE_EXTENSIONS = ['w3x', 'w3m', 'w3n', 'mpq'];

/** The in-app browser's wildcard filter for a request: its first file type ('*' when it has none or takes all). */
export function inAppFilter(filters: readonly DialogFilter[]): string {
  const first = filters[0];
  if (!first || first.extensions.includes('*')) return '*';
  const files = first.extensions.filter((extension) => !ARCHIVE_EXTENSIONS.includes(extension));
  return files.length ? files.map((extension) => `*.${extension}`).join(' ') : '*';
}

/** Lets the user choose a path for an operation; null when cancelled. */
export async function askPath(store: EditorStore, request: PathRequest): Promise<string | null> {
  const { runtime } = store.getState();
  const host = store.services.host;
  const { purpose, title } = request;
  const filters = [...request.filters];
  if (host && runtime.nativeDialogs && request.startPath === undefined) {
    if (purpose === 'save') {
      const result = await host.showSaveDialog({ title, defaultPath: request.initialName || null, filters });
      return result.canceled ? null : result.path;
    }
    const folder = purpose === 'dataFolder' || purpose === 'folder';
    const result = await host.showOpenDialog({ title, folder, filters, multiple: false });
    return result.canceled ? null : (result.paths[0] ?? null);
  }
  return showDialog(store, {
    kind: 'fileBrowser',
    // The in-app browser's data-folder choice takes archives as well as folders.
    purpose: purpose === 'archive' || purpose === 'folder' ? 'dataFolder' : purpose,
    title,
    initialName: request.initialName ?? '',
    filter: inAppFilter(filters),
    acceptLabel: request.acceptLabel ?? (purpose === 'save' ? 'Save' : 'Open'),
    acceptVerb: request.acceptVerb ?? 'Use',
    ...(request.startPath ? { startPath: request.startPath } : {}),
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

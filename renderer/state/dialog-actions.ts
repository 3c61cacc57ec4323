/**
 * Modal prompts as promises: a confirmation with named actions, a text prompt, and choosing a
 * path — the host's native dialog in Electron, the in-app file browser in the browser shell.
 */
import type { Dialog, EditorStore } from './editor-store';

/** Shows a dialog and resolves with what it answers; the dialog closes as it answers. */
function showDialog<T>(store: EditorStore, dialog: (resolve: (answer: T) => void) => Dialog): Promise<T> {
  return new Promise((resolve) => {
    store.setState({
      dialog: dialog((answer) => {
        store.setState({ dialog: null });
        resolve(answer);
      }),
    });
  });
}

/** Shows a confirmation and resolves with the chosen action id ('cancel' when dismissed). */
export function askConfirm(
  store: EditorStore,
  title: string,
  message: string,
  actions: readonly { id: string; label: string; primary?: boolean; danger?: boolean }[],
): Promise<string> {
  return showDialog(store, (resolve) => ({ kind: 'confirm', title, message, actions, resolve }));
}

/** Asks for a line of text; null when cancelled. */
export function askText(store: EditorStore, title: string, label: string, value: string): Promise<string | null> {
  return showDialog(store, (resolve) => ({ kind: 'prompt', title, label, value, resolve }));
}

/** What a path is chosen for. */
export type PathPurpose = 'open' | 'save' | 'dataFolder';

/** Lets the user choose a path; null when cancelled. */
export async function askPath(store: EditorStore, purpose: PathPurpose, initialName = ''): Promise<string | null> {
  const { runtime, services } = store.getState();
  const host = services.host;
  if (host && runtime.nativeDialogs) {
    if (purpose === 'save') {
      const result = await host.showSaveDialog({ defaultPath: initialName || null, purpose: 'any' });
      return result.canceled ? null : result.path;
    }
    const result = await host.showOpenDialog({
      purpose: purpose === 'dataFolder' ? 'data-folder' : 'any',
      multiple: false,
    });
    return result.canceled ? null : (result.paths[0] ?? null);
  }
  const title = purpose === 'open' ? 'Open' : purpose === 'save' ? 'Save As' : 'Open Data Folder';
  return showDialog(store, (resolve) => ({ kind: 'fileBrowser', purpose, title, initialName, resolve }));
}

/** Shows a status-bar message. */
export function notify(store: EditorStore, text: string, severity: 'info' | 'warning' | 'error' = 'info'): void {
  store.setState({ notice: { text, severity, at: performance.now() } });
}

/**
 * The contract operations only the Electron shell provides: native open and save dialogs titled and filtered as the
 * renderer's operation asks (their choices become granted roots), showing a file in the file manager, the window
 * title and the close confirmation.
 */
import type { BrowserWindow, OpenDialogOptions } from 'electron';
import { dialog, shell } from 'electron';
import { stat } from 'node:fs/promises';
import type { PathGuard } from '../host/confinement';
import type { ShellOperations } from '../host/operations';

/** The window's state the shell keeps for the close prompt. */
export interface WindowState {
  edited: boolean;
  /** Set by confirmClose: the next close goes through. */
  closeConfirmed: boolean;
}

/** Shell operations bound to the main window. */
export function electronShellOperations(
  window: () => BrowserWindow | null,
  guard: PathGuard,
  state: WindowState,
): ShellOperations {
  return {
    async showOpenDialog({ title, folder, filters, multiple }) {
      const owner = window();
      const options: OpenDialogOptions = {
        properties: folder ? ['openDirectory'] : multiple ? ['openFile', 'multiSelections'] : ['openFile'],
        filters: folder ? [] : filters,
        title,
      };
      const result = owner ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options);
      if (result.canceled) return { canceled: true, paths: [] };
      for (const path of result.filePaths) {
        const isDirectory = await stat(path).then(
          (info) => info.isDirectory(),
          () => false,
        );
        guard.grant(path, isDirectory ? 'directory' : 'file', 'dialog');
      }
      return { canceled: false, paths: result.filePaths };
    },
    async showSaveDialog({ title, defaultPath, filters }) {
      const owner = window();
      const options = { filters, title, ...(defaultPath ? { defaultPath } : {}) };
      const result = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
      if (result.canceled || !result.filePath) return { canceled: true, path: null };
      guard.grant(result.filePath, 'file', 'dialog');
      return { canceled: false, path: result.filePath };
    },
    async revealPath({ path }) {
      shell.showItemInFolder(await guard.check(path, 'read'));
      return null;
    },
    async setWindowState({ title, edited }) {
      state.edited = edited;
      const owner = window();
      owner?.setTitle(title.length > 0 ? title : 'Morf Studio');
      if (process.platform === 'darwin') owner?.setDocumentEdited(edited);
      return null;
    },
    async confirmClose() {
      state.closeConfirmed = true;
      const owner = window();
      // Close after the reply has gone back to the renderer.
      if (owner) setImmediate(() => owner.close());
      return null;
    },
  };
}

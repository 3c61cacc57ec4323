/**
 * The contract operations only the Electron shell provides: native open and save dialogs (whose
 * choices become granted roots), showing a file in the file manager, the window title and the
 * close confirmation.
 */
import type { BrowserWindow, FileFilter, OpenDialogOptions } from 'electron';
import { dialog, shell } from 'electron';
import { stat } from 'node:fs/promises';
import type { PathGuard } from '../host/confinement';
import type { ShellOperations } from '../host/operations';
import type { SaveDialogPurpose } from '../../shared/contract/contract';

const filters: Record<SaveDialogPurpose | 'archive', FileFilter[]> = {
  model: [
    { name: 'Warcraft III models, capes and maps', extensions: ['mdx', 'mdl', 'mrf', 'w3x', 'w3m', 'w3n', 'mpq'] },
    { name: 'Models and capes', extensions: ['mdx', 'mdl', 'mrf'] },
    // A map or game archive opens in the in-app browser, to choose a file inside it (read by range: no size cap).
    { name: 'Maps and game archives', extensions: ['w3x', 'w3m', 'w3n', 'mpq'] },
    { name: 'All files', extensions: ['*'] },
  ],
  mrf: [
    { name: 'MRF cape animations', extensions: ['mrf'] },
    { name: 'All files', extensions: ['*'] },
  ],
  any: [{ name: 'All files', extensions: ['*'] }],
  archive: [
    { name: 'Maps and game archives', extensions: ['w3x', 'w3m', 'w3n', 'mpq'] },
    { name: 'All files', extensions: ['*'] },
  ],
  png: [{ name: 'PNG image', extensions: ['png'] }],
  webm: [{ name: 'WebM video', extensions: ['webm'] }],
  mp4: [{ name: 'MP4 video', extensions: ['mp4'] }],
  gif: [{ name: 'Animated GIF', extensions: ['gif'] }],
  // A PNG sequence is a folder the render creates: its name is typed, no extension filtered.
  sequence: [],
};

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
    async showOpenDialog({ purpose, multiple }) {
      const owner = window();
      const options: OpenDialogOptions = {
        properties:
          purpose === 'data-folder' ? ['openDirectory'] : multiple ? ['openFile', 'multiSelections'] : ['openFile'],
        filters: purpose === 'data-folder' ? [] : filters[purpose],
        title: purpose === 'data-folder' ? 'Open Data Folder' : purpose === 'archive' ? 'Add Map or Archive' : 'Open',
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
    async showSaveDialog({ defaultPath, purpose }) {
      const owner = window();
      const title = ['model', 'mrf', 'any'].includes(purpose) ? 'Save As' : 'Render To';
      const options = { filters: filters[purpose], title, ...(defaultPath ? { defaultPath } : {}) };
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

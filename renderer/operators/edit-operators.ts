/**
 * Screen-wide operators: undo and redo (document changes only), the operator search, the sidebar,
 * maximising an area, the keymap and about windows, and the file operators over the FileService.
 */
import type { FileService } from '../files/file-service';
import { exportModelAs } from '../files/model-export';
import { canRedoFocused, canUndoFocused, redoFocused, undoFocused } from '../state/document-focus';
import { updateLayout } from '../state/session-actions';
import { defineOperator, hasFile, hasModel, notDragging, stateOf, withDefaults } from './define';
import type { Operator, OperatorContext } from './operator';
import { notify } from '../state/dialog-actions';

/**
 * Shows the hovered area alone (the viewport when that area cannot be shown alone), or restores the
 * layout; with `use_hide_panels` (Blender's Toggle Fullscreen Area) the top bar and status bar go too.
 */
const toggleMaximizedArea: Operator['execute'] = ({ store, area, properties }) => {
  const current = store.getState().maximizedArea;
  const hidePanels = properties.use_hide_panels === true;
  if (current && current.hidePanels === hidePanels) return store.setState({ maximizedArea: null });
  const shown = current?.area ?? (area === 'timeline' || area === 'outliner' ? area : 'viewport');
  store.setState({ maximizedArea: { area: shown, hidePanels } });
};

/** Undo, redo, search, sidebar, full area, keymap, about. */
export function editOperators(): Operator[] {
  return [
    defineOperator(
      'ed.undo',
      'Undo',
      'Undo the last change to the document in focus, the model or a cape (selection and playhead are not affected)',
      ({ store }) => {
        const label = undoFocused(store);
        if (label !== null) notify(store, `Undo ${label}`.trim());
      },
      (context) => notDragging(context) && canUndoFocused(stateOf(context)),
    ),
    defineOperator(
      'ed.redo',
      'Redo',
      'Redo the last undone change to the document in focus',
      ({ store }) => {
        const label = redoFocused(store);
        if (label !== null) notify(store, `Redo ${label}`.trim());
      },
      (context) => notDragging(context) && canRedoFocused(stateOf(context)),
    ),
    defineOperator('wm.search_menu', 'Operator Search', 'Search every operator by name and run it', ({ store }) =>
      store.setState({ dialog: { kind: 'operatorSearch' } }),
    ),
    defineOperator('view.toggle_sidebar', 'Toggle Sidebar', 'Show or hide the Properties sidebar', ({ store }) =>
      updateLayout(store, { propertiesOpen: !store.getState().session.layout.propertiesOpen }),
    ),
    defineOperator('view.info_log', 'Info Log', 'Show the Info log: every report with its time', ({ store }) =>
      updateLayout(store, { diagnosticsOpen: true, diagnosticsTab: 'log' }),
    ),
    defineOperator(
      'view.toggle_diagnostics',
      'Toggle Diagnostics',
      'Show or hide the diagnostics list under the outliner',
      ({ store }) => {
        const { diagnosticsOpen, diagnosticsTab } = store.getState().session.layout;
        // Open on the Info log, the first press shows the diagnostics instead of closing the area.
        if (diagnosticsOpen && diagnosticsTab === 'log') updateLayout(store, { diagnosticsTab: 'diagnostics' });
        else updateLayout(store, { diagnosticsOpen: !diagnosticsOpen, diagnosticsTab: 'diagnostics' });
      },
    ),
    withDefaults(
      defineOperator(
        'screen.screen_full_area',
        'Toggle Maximize Area',
        'Show the hovered area alone (with use_hide_panels, without the top and status bars), or restore the layout',
        toggleMaximizedArea,
      ),
      { use_hide_panels: false },
    ),
    defineOperator('wm.keymap', 'Keyboard Shortcuts', 'List every key binding by area', ({ store }) =>
      store.setState({ dialog: { kind: 'keymap' } }),
    ),
    defineOperator('wm.about', 'About Morf Studio', 'Version and license', ({ store }) =>
      store.setState({ dialog: { kind: 'about' } }),
    ),
  ];
}

/** Where the data folder named by the `path` property sits in the stack (index -1: not in it, or no path). */
function dataFolderPosition({ store, properties }: OperatorContext): { index: number; count: number } {
  const folders = store.getState().dataFolders;
  const index =
    typeof properties.path === 'string' ? folders.findIndex((folder) => folder.path === properties.path) : -1;
  return { index, count: folders.length };
}

/** File operators (open, save, save as, revert, the data folder stack, close, quit). */
export function fileOperators(files: FileService): Operator[] {
  return [
    defineOperator(
      'wm.open',
      'Open…',
      'Open a model (.mdx, .mdl) or a cape (.mrf)',
      async () => void (await files.open()),
    ),
    defineOperator(
      'wm.save',
      'Save',
      'Save the file in its own format (the original is kept as .bak on the first save)',
      async () => void (await files.save()),
      hasFile,
    ),
    defineOperator(
      'wm.save_as',
      'Save As…',
      'Save the file under a new name, in the same format',
      async () => void (await files.saveAs()),
      hasFile,
    ),
    defineOperator(
      'wm.export_model',
      'Export As…',
      'Write the model in the other format (MDX as MDL, MDL as MDX); the open file stays as it is',
      async ({ store }) => void (await exportModelAs(store, () => files.serialize())),
      hasModel,
    ),
    defineOperator(
      'wm.revert',
      'Revert',
      'Reload the file from disk, dropping unsaved changes',
      async () => void (await files.revert()),
      (context) => stateOf(context).file?.path != null,
    ),
    defineOperator(
      'wm.open_data_folder',
      'Open Data Folder…',
      'Add a folder extracted from the game (or a map’s imports) to resolve game paths',
      async () => void (await files.dataFolders.openDataFolder()),
    ),
    defineOperator(
      'wm.data_folder_move',
      'Move Data Folder',
      'Move the data folder up (searched before the folders below it: its files win) or down the stack',
      async ({ properties }) =>
        void (await files.dataFolders.moveDataFolder(String(properties.path), properties.direction === 'up' ? -1 : 1)),
      (context) => {
        const { index, count } = dataFolderPosition(context);
        return context.properties.direction === 'up'
          ? index > 0
          : context.properties.direction === 'down' && index >= 0 && index < count - 1;
      },
    ),
    defineOperator(
      'wm.data_folder_remove',
      'Remove Data Folder',
      'Take the folder out of the data folder stack (its files stay on disk); the capes resolve again without it',
      async ({ properties }) => void (await files.dataFolders.removeDataFolder(String(properties.path))),
      (context) => dataFolderPosition(context).index >= 0,
    ),
    defineOperator(
      'wm.reload_capes',
      'Reload Capes',
      'Resolve and read every linked cape again',
      async () => void (await files.dataFolders.reloadCapes()),
      hasFile,
    ),
    defineOperator(
      'wm.close',
      'Close',
      'Close the file (asks to save unsaved changes)',
      async () => void (await files.close()),
      hasFile,
    ),
    defineOperator('wm.quit', 'Quit', 'Close the window (asks to save unsaved changes)', async ({ store }) => {
      if (!(await files.confirmDiscard('quitting'))) return;
      const host = store.services.host;
      if (host?.runtime === 'electron') return void (await host.confirmClose());
      // A browser closes only tabs a script opened: say so when this one stays.
      window.close();
      await new Promise((resolve) => setTimeout(resolve, 250));
      if (!window.closed)
        store.setState({
          notice: {
            text:
              'Quit: the browser keeps this tab open — close it (the browser shell stops with Ctrl+C in its ' +
              'terminal)',
            severity: 'info',
            at: performance.now(),
          },
        });
    }),
  ];
}

/**
 * Archive operators: "Add Game Folder…" (the game's MPQ archives of an install folder, stacked in the order the
 * game reads them; a patch 1.30+ install says it keeps CASC storage instead), "Browse Archive…" (look inside a
 * map or game archive in the file browser and open a model or cape from it) and "Archive Listfile…" (names for
 * archives without a `(listfile)`).
 */
import type { FileService } from '../files/file-service';
import {
  addArchiveRequest,
  browseArchiveRequest,
  gameFolderRequest,
  listfileRequest,
  openDocumentRequest,
} from '../files/path-requests';
import { askConfirm, askPath, notify } from '../state/dialog-actions';
import type { EditorStore } from '../state/editor-store';
import { defineOperator } from './define';
import type { Operator } from './operator';

/** Finds the game's archives in a folder the user chooses and adds those not in the stack yet, below the others. */
export async function addGameFolder(store: EditorStore, files: FileService): Promise<boolean> {
  const host = store.services.host;
  if (!host) return false;
  const folder = await askPath(store, gameFolderRequest);
  if (!folder) return false;
  let search;
  try {
    search = await host.findGameArchives({ path: folder });
  } catch (error) {
    notify(store, `Cannot look for the game's archives: ${(error as Error).message}`, 'error');
    return false;
  }
  if (search.kind !== 'mpq') {
    const title = search.kind === 'casc' ? 'Warcraft III 1.30 or later' : 'No game archives found';
    await askConfirm(store, title, search.message, [{ id: 'ok', label: 'OK', primary: true }]);
    return false;
  }
  const known = new Set(store.getState().dataFolders.map((entry) => entry.path.toLowerCase()));
  const fresh = search.archives.filter((path) => !known.has(path.toLowerCase()));
  if (fresh.length === 0) {
    notify(store, `The game's archives in ${folder} are already data sources`);
    return false;
  }
  // Below what the user stacked before: a map added later goes above them, and wins.
  return files.dataFolders.addDataSources(fresh, -1, search.message);
}

/** Chooses a map or game archive and puts it first in the data folder stack (a map's files win over the game's). */
export async function addArchive(store: EditorStore, files: FileService): Promise<boolean> {
  const path = await askPath(store, addArchiveRequest);
  return path ? files.dataFolders.addDataFolder(path) : false;
}

/** Chooses a map or game archive and looks inside it in the file browser. */
export async function browseArchive(store: EditorStore, files: FileService): Promise<boolean> {
  // The native Open dialog offers maps and archives, and opens a chosen one in the in-app browser.
  if (store.getState().runtime.nativeDialogs) return files.open();
  if (!(await files.confirmDiscard('opening another file'))) return false;
  const archive = await askPath(store, browseArchiveRequest);
  if (!archive) return false;
  const path = await askPath(store, openDocumentRequest(archive));
  return path ? files.openPath(path, { skipPrompt: true }) : false;
}

/** Chooses the listfile (one game path a line) whose names are tried in archives without a (listfile), or none. */
export async function chooseListfile(store: EditorStore): Promise<boolean> {
  const host = store.services.host;
  if (!host) return false;
  const current = await host.getArchiveListfile();
  if (current.path) {
    const choice = await askConfirm(
      store,
      'Archive Listfile',
      `Archives without a (listfile) take names from ${current.path} (${current.names} names).`,
      [
        { id: 'cancel', label: 'Cancel' },
        { id: 'none', label: 'Stop Using It', danger: true },
        { id: 'choose', label: 'Choose Another…', primary: true },
      ],
    );
    if (choice === 'cancel') return false;
    if (choice === 'none') {
      await host.setArchiveListfile({ path: null });
      notify(store, 'Archives without a (listfile) list their files by number again');
      return true;
    }
  }
  const path = await askPath(store, listfileRequest);
  if (!path) return false;
  try {
    const listfile = await host.setArchiveListfile({ path });
    notify(store, `Archives without a (listfile) take names from ${path} (${listfile.names} names)`);
    return true;
  } catch (error) {
    notify(store, `Cannot use ${path} as a listfile: ${(error as Error).message}`, 'error');
    return false;
  }
}

/** The archive operators. */
export function archiveOperators(files: FileService): Operator[] {
  return [
    defineOperator(
      'wm.add_game_folder',
      'Add Game Folder…',
      "Add the game's archives (War3Patch, War3xLocal, War3x, War3Local, War3.mpq) of a Warcraft III folder as data " +
        'sources, in the order the game reads them',
      async ({ store }) => void (await addGameFolder(store, files)),
    ),
    defineOperator(
      'wm.add_archive',
      'Add Map or Archive…',
      'Add a map (.w3x, .w3m) or an MPQ archive to the data folders, first: its files win',
      async ({ store }) => void (await addArchive(store, files)),
    ),
    defineOperator(
      'wm.browse_archive',
      'Browse Archive…',
      'Look inside a map (.w3x, .w3m) or a game archive (.mpq) and open a model or cape from it',
      async ({ store }) => void (await browseArchive(store, files)),
    ),
    defineOperator(
      'wm.archive_listfile',
      'Archive Listfile…',
      'Choose a listfile (one game path a line) to name the files of archives that have no (listfile)',
      async ({ store }) => void (await chooseListfile(store)),
    ),
  ];
}

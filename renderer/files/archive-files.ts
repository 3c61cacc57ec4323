/**
 * Files inside MPQ archives, for the file service: a path through a map or one of the game's archives is read
 * with readArchiveFile and written back into a map with writeArchiveFile (atomic, `MAP.bak` kept by the host);
 * and the offer, when an opened model's capes are missing, to add the folder or map it sits in as a data folder.
 */
import type { FileIdentity, HostClient, OpenedFile, SaveResult } from '../../shared/contract/contract';
import { HostError } from '../../shared/contract/contract';
import { capeKey } from '../capes/cape-entry';
import { askConfirm } from '../state/dialog-actions';
import type { ModelDocument } from '../../shared/events/document';
import { currentDocument, type EditorStore } from '../state/editor-store';
import { archiveEntryOf, dataFolderFor, displayName } from './archive-paths';

type ArchiveHost = Pick<HostClient, 'openFile' | 'readArchiveFile' | 'writeArchiveFile' | 'saveFileAs'>;

/**
 * Reads a file the user chose: through its archive when the path goes through one (a folder merely named
 * `*.w3x` is read as the folder it is), else from disk. `fromArchive` says which.
 */
export async function readAnyFile(host: ArchiveHost, path: string): Promise<OpenedFile & { fromArchive: boolean }> {
  const entry = archiveEntryOf(path);
  if (!entry) return { ...(await host.openFile({ path })), fromArchive: false };
  try {
    const read = await host.readArchiveFile({ archive: entry.archive, gamePath: entry.gamePath });
    return { identity: { ...read.identity, path }, bytes: read.bytes, fromArchive: true };
  } catch (error) {
    // `Map.w3x` may be a folder extracted from a map: then the path is an ordinary file.
    const opened = await host.openFile({ path }).catch(() => null);
    if (opened) return { ...opened, fromArchive: false };
    throw error;
  }
}

/** Writes a file back into the map it was read from (see HostOperations.writeArchiveFile). */
export async function writeIntoArchive(
  host: ArchiveHost,
  path: string,
  bytes: ArrayBuffer,
  expected: FileIdentity | null,
  force: boolean,
): Promise<SaveResult> {
  const entry = archiveEntryOf(path);
  if (!entry) throw new HostError('invalid-argument', 'not a path inside an archive', path);
  const result = await host.writeArchiveFile({
    archive: entry.archive,
    gamePath: entry.gamePath,
    bytes,
    expected,
    force,
  });
  return result.status === 'saved' ? { ...result, identity: { ...result.identity, path } } : result;
}

/**
 * Save As to a path the user chose: into a map when the path goes through one (the in-app browser can browse
 * into maps), else to a file on disk. A path through a folder named like a map is saved as a file.
 */
export async function saveAnywhere(host: ArchiveHost, path: string, bytes: ArrayBuffer): Promise<SaveResult> {
  if (!archiveEntryOf(path)) return host.saveFileAs({ path, bytes });
  try {
    return await writeIntoArchive(host, path, bytes, null, true);
  } catch (error) {
    if (error instanceof HostError && error.code === 'invalid-argument' && /not an archive file/.test(error.message))
      return host.saveFileAs({ path, bytes });
    throw error;
  }
}

/** How long the offer waits for the capes to be found or missing. */
const CAPES_SETTLE_MS = 30_000;

/** Resolves once no linked cape of `document` is loading (or after {@link CAPES_SETTLE_MS}). */
function capesSettled(store: EditorStore, document: ModelDocument): Promise<void> {
  const pending = () =>
    document.links.some((link) => {
      const status = store.getState().capes[capeKey(link.path)]?.status;
      return status === undefined || status === 'loading';
    });
  if (!pending()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, CAPES_SETTLE_MS);
    const stop = store.subscribe(() => {
      if (!pending()) done();
    });
  });
}

/** “The cape that Model.mdx links is…”, “Both capes…”, “All 6 capes…”, “2 of the 6 capes … are in no data folder”. */
export function missingCapesText(missing: number, total: number, model: string): string {
  if (total === 1) return `The cape that ${model} links is in no data folder`;
  const which =
    missing === total ? (total === 2 ? 'Both capes' : `All ${total} capes`) : `${missing} of the ${total} capes`;
  return `${which} ${model} links ${missing === 1 ? 'is' : 'are'} in no data folder`;
}

/**
 * After a model opened: when some of its capes are in no data folder and the model sits in a map (an archive,
 * or a map or mod folder) or in a folder laid out as the game's that is not in the stack yet, offers to add
 * it — one click. Resolves with the folder to add, or null.
 */
export async function offerDataFolder(store: EditorStore, modelPath: string): Promise<string | null> {
  const opened = currentDocument(store.getState());
  if (!opened) return null;
  await capesSettled(store, opened);
  const state = store.getState();
  const document = currentDocument(state);
  // Another file opened meanwhile: not this one's offer any more.
  if (!document || state.file?.path !== modelPath) return null;
  const missing = document.links.filter((link) => state.capes[capeKey(link.path)]?.status === 'missing');
  if (missing.length === 0) return null;
  const folder = dataFolderFor(modelPath, missing[0]!.path);
  const known = (path: string) => path.replace(/[\\/]+$/, '').toLowerCase();
  if (!folder || state.dataFolders.some((entry) => known(entry.path) === known(folder))) return null;
  const choice = await askConfirm(
    store,
    'Capes not found',
    `${missingCapesText(missing.length, document.links.length, displayName(modelPath))} ` +
      `(${missing[0]!.path}${missing.length > 1 ? '…' : ''}).\n` +
      `The model sits in ${folder}: add it as a data folder?`,
    [
      { id: 'cancel', label: 'Not Now' },
      { id: 'add', label: 'Add as Data Folder', primary: true },
    ],
  );
  return choice === 'add' ? folder : null;
}

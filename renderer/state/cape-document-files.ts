/**
 * Saving cape documents and asking about unsaved ones. A link's cape is saved where it resolved through the data
 * sources — over its file in a data folder (saveFile) or into the map that holds it (writeArchiveFile) — with a
 * conflict prompt when it changed since it was read. A standalone cape is the open file: the FileService saves it.
 */
import { HostError } from '../../shared/contract/contract';
import { writeMrf } from '../../shared/mrf/write';
import { isCapeDirty, markCapeSaved, unsavedCapeDocuments } from './cape-documents';
import { askConfirm, notify } from './dialog-actions';
import type { CapeDocument, EditorStore } from './editor-store';
import { present } from './history';

/** Extensions of the data sources that are archives (a map or one of the game's archives). */
const ARCHIVE_SOURCE = /\.(w3x|w3m|w3n|mpq)$/i;

/** Lower-case hex SHA-256 (the host's identity hash). */
async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Exactly the bytes of a view, as an ArrayBuffer to send. */
function exactBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer)
    return bytes.buffer;
  return bytes.slice().buffer as ArrayBuffer;
}

function describe(error: unknown): string {
  if (error instanceof HostError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Saves a link's cape document where its game path resolves. True when saved (or when there was nothing to save);
 * false when cancelled or refused (the reason is reported).
 */
/** The backups a save kept (SaveResult's). */
export type KeptFiles = { backupPath: string | null; originalPath: string | null };

/** “ (previous version kept as X.bak, the original as X.orig)” for a save's notice, or ''. */
export function keptText(kept: KeptFiles): string {
  const name = (path: string) => path.split(/[\\/]/).pop();
  const parts = [
    kept.backupPath ? `previous version kept as ${name(kept.backupPath)}` : '',
    kept.originalPath ? `the original as ${name(kept.originalPath)}` : '',
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

export async function saveCapeDocument(store: EditorStore, key: string): Promise<boolean> {
  const document = store.getState().capeDocuments[key];
  const host = store.services.host;
  if (!document || !isCapeDirty(document)) {
    notify(store, `No changes to save in the cape ${document?.name ?? key}`);
    return true;
  }
  if (!host) return false;
  const file = present(document.history);
  try {
    const bytes = writeMrf(file);
    const resolution = await host.resolveGamePath({ gamePath: document.gamePath, kind: 'mrf' });
    if (resolution.status === 'missing')
      throw new Error(
        `${document.gamePath} is no longer in any data source (looked for ${resolution.tried.join(', ')})`,
      );
    const entry = resolution.entry;
    const expected = document.identity ?? {
      path: entry.path,
      size: document.readBytes.byteLength,
      mtimeMs: 0,
      sha256: await sha256(document.readBytes),
    };
    const inArchive = ARCHIVE_SOURCE.test(entry.folder) && entry.path !== entry.folder;
    const write = (force: boolean) =>
      inArchive
        ? host.writeArchiveFile({
            archive: entry.folder,
            gamePath: entry.gamePath,
            bytes: exactBuffer(bytes),
            expected: force ? null : expected,
            force,
          })
        : host.saveFile({ path: entry.path, bytes: exactBuffer(bytes), expected: force ? null : expected, force });
    let result = await write(false);
    if (result.status === 'conflict') {
      const choice = await askConfirm(
        store,
        'Cape changed on disk',
        `“${document.name}” was changed by another program since it was read.\nOverwrite it with your version?`,
        [
          { id: 'cancel', label: 'Cancel' },
          { id: 'overwrite', label: 'Overwrite', danger: true },
        ],
      );
      if (choice !== 'overwrite') return false;
      result = await write(true);
      if (result.status === 'conflict') throw new Error('the file is still in conflict');
    }
    markCapeSaved(store, key, file, result.identity);
    notify(store, `Saved the cape ${document.name}${keptText(result)}`);
    return true;
  } catch (error) {
    notify(store, `Cannot save the cape ${document.name}: ${describe(error)}`, 'error');
    return false;
  }
}

/**
 * Asks about each cape document with unsaved changes (Save, Don't Save, Cancel), saving the ones the user chooses:
 * `saveOpenFile` saves a standalone cape (the open file). True when it is fine to continue.
 */
export async function confirmUnsavedCapes(
  store: EditorStore,
  action: string,
  saveOpenFile: () => Promise<boolean>,
): Promise<boolean> {
  for (const document of unsavedCapeDocuments(store.getState())) {
    const choice = await askConfirm(
      store,
      'Unsaved cape',
      `Save changes to the cape “${document.name}” before ${action}?`,
      [
        { id: 'cancel', label: 'Cancel' },
        { id: 'discard', label: "Don't Save", danger: true },
        { id: 'save', label: 'Save', primary: true },
      ],
    );
    if (choice === 'discard') continue;
    if (choice !== 'save') return false;
    if (!(await (document.standalone ? saveOpenFile() : saveCapeDocument(store, document.key)))) return false;
  }
  return true;
}

/** The bytes to save for a standalone cape document, or null when the cape is not being edited. */
export function standaloneCapeBytes(document: CapeDocument | undefined): Uint8Array | null {
  return document ? writeMrf(present(document.history)) : null;
}

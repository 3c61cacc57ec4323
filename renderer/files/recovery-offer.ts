/**
 * Offers leftover recovery files back after a crash: the model's first (recovering it reopens the model, which
 * would end any cape document restored before it), then each cape's. A cape opened alone reopens as that file, a
 * link's cape becomes an unsaved document of the open model's link that resolves to the path it was saved for — at
 * once, or when a model with such a link opens — so that Save writes it where it belongs. Discard deletes the file,
 * Later keeps it for the next start.
 */
import type { RecoveryEntry } from '../../shared/contract/contract';
import { readMrf } from '../../shared/mrf/read';
import { editCape, markStandaloneCapeUnsaved } from '../state/cape-documents';
import { askConfirm, notify } from '../state/dialog-actions';
import type { EditorState, EditorStore } from '../state/editor-store';
import type { FileService } from './file-service';
import { baseName } from './file-names';
import { FILE_CAPE_PREFIX, LINK_CAPE_PREFIX, type RecoveryWriter } from './recovery-writer';

/** Whether a recovery file holds a cape (a link's or one opened alone). */
export function isCapeRecovery(entry: Pick<RecoveryEntry, 'id'>): boolean {
  return entry.id.startsWith(LINK_CAPE_PREFIX) || entry.id.startsWith(FILE_CAPE_PREFIX);
}

/** The key of the open model's loaded cape that resolved to `path`, or null. */
function capeResolvedTo(state: EditorState, path: string): string | null {
  for (const [key, entry] of Object.entries(state.capes))
    if (entry.status === 'found' && entry.cape && entry.resolvedPath === path) return key;
  return null;
}

/** Makes the recovered cape the unsaved present of the link's cape `key`; false when its bytes cannot be read. */
function applyLinkCape(
  store: EditorStore,
  writer: RecoveryWriter,
  entry: RecoveryEntry,
  key: string,
  bytes: ArrayBuffer,
): boolean {
  let file;
  try {
    file = readMrf(new Uint8Array(bytes));
  } catch (error) {
    notify(store, `Cannot recover ${entry.displayName}: ${error instanceof Error ? error.message : error}`, 'error');
    return false;
  }
  if (!editCape(store, key, () => file, 'Recover Cape')) return false;
  writer.adopt(entry.id);
  notify(store, `Recovered ${entry.displayName} from ${entry.documentPath}: save the cape to keep the changes`);
  return true;
}

/** Restores a link's cape now, or once a model whose link resolves to its path is open. */
function restoreLinkCape(store: EditorStore, writer: RecoveryWriter, entry: RecoveryEntry, bytes: ArrayBuffer): void {
  const path = entry.documentPath;
  if (path === null) {
    notify(store, `Cannot recover ${entry.displayName}: it was never found in a data source`, 'error');
    return;
  }
  const key = capeResolvedTo(store.getState(), path);
  if (key !== null) {
    applyLinkCape(store, writer, entry, key, bytes);
    return;
  }
  notify(store, `${entry.displayName} is recovered when a model whose link finds ${path} opens`, 'warning');
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.capes === previous.capes) return;
    const found = capeResolvedTo(state, path);
    if (found === null) return;
    unsubscribe();
    applyLinkCape(store, writer, entry, found, bytes);
  });
}

/** Reopens a cape opened alone as that file, unsaved. */
async function restoreFileCape(
  store: EditorStore,
  files: FileService,
  writer: RecoveryWriter,
  entry: RecoveryEntry,
  bytes: ArrayBuffer,
): Promise<void> {
  const host = store.services.host!;
  const path = entry.documentPath;
  const name = path ? baseName(path) : entry.displayName.replace(/ \(cape\)$/, '');
  // Opening it replaces the open file: its unsaved work (a model recovered just before, say) is asked about.
  if (!(await files.confirmDiscard(`recovering the cape ${name}`))) return;
  const identity = path ? await host.statFile({ path }).catch(() => null) : null;
  if (!(await files.openBytes(name, bytes, path, identity))) return;
  markStandaloneCapeUnsaved(store);
  writer.adopt(entry.id);
  files.updateWindowState();
  notify(store, `Recovered the cape ${name}${path ? ` (${path})` : ''}: save it to keep the changes`);
}

/** Offers each leftover recovery file (models first, at most one of them recovered, then capes). */
export async function offerRecovery(
  store: EditorStore,
  files: FileService,
  writer: RecoveryWriter,
  entries: readonly RecoveryEntry[],
): Promise<void> {
  const host = store.services.host!;
  const ordered = [...entries.filter((entry) => !isCapeRecovery(entry)), ...entries.filter(isCapeRecovery)];
  let modelRecovered = false;
  for (const entry of ordered) {
    const cape = isCapeRecovery(entry);
    if (!cape && modelRecovered) continue;
    const when = new Date(entry.savedAtMs).toLocaleString();
    const choice = await askConfirm(
      store,
      'Recover unsaved changes',
      `Morf Studio closed with unsaved changes to “${entry.displayName}” (saved for recovery ${when}).\nRecover them?`,
      [
        { id: 'discard', label: 'Discard', danger: true },
        { id: 'later', label: 'Later' },
        { id: 'recover', label: 'Recover', primary: true },
      ],
    );
    if (choice === 'discard') await host.discardRecovery({ id: entry.id }).catch(() => undefined);
    if (choice !== 'recover') continue;
    let bytes: ArrayBuffer;
    try {
      bytes = (await host.readRecovery({ id: entry.id })).bytes;
    } catch (error) {
      notify(store, `Cannot recover ${entry.displayName}: ${error instanceof Error ? error.message : error}`, 'error');
      continue;
    }
    if (entry.id.startsWith(LINK_CAPE_PREFIX)) restoreLinkCape(store, writer, entry, bytes);
    else if (cape) await restoreFileCape(store, files, writer, entry, bytes);
    else {
      const path = entry.documentPath;
      const identity = path ? await host.statFile({ path }).catch(() => null) : null;
      if (await files.openBytes(entry.displayName, bytes, path, identity)) {
        // The recovered document differs from the file on disk: it is unsaved work.
        store.setState({ savedDocument: null });
        writer.adopt(entry.id);
        files.updateWindowState();
        notify(store, `Recovered ${entry.displayName}: save it to keep the changes`, 'warning');
        modelRecovered = true;
      }
    }
  }
}

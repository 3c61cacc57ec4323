/**
 * Loads the capes a model links to through the host's data folders, and parses standalone MRF
 * bytes. Each link's file ends up found (parsed), missing (in no data folder) or unreadable (the
 * codec refused it, with the reason). Parsing is zero-copy over the bytes the host sent.
 */
import type { HostClient } from '../../shared/contract/contract';
import { readMrf, validateMrf } from '../../shared/mrf';
import type { ModelDocument } from '../../shared/events/document';
import { refreshDiagnostics } from './document-actions';
import { currentDocument, type EditorStore } from './editor-store';
import { type CapeEntry, capeKey, capeStatistics } from '../capes/cape-entry';

/** Parses MRF bytes into a cape entry (unreadable with the codec's message when it refuses them). */
export function parseCape(gamePath: string, resolvedPath: string | null, bytes: Uint8Array): CapeEntry {
  try {
    const file = readMrf(bytes);
    return {
      gamePath,
      status: 'found',
      resolvedPath,
      reason: null,
      cape: { bytes, file, statistics: capeStatistics(file), diagnostics: validateMrf(file) },
    };
  } catch (error) {
    return {
      gamePath,
      status: 'unreadable',
      resolvedPath,
      reason: error instanceof Error ? error.message : String(error),
      cape: null,
    };
  }
}

/** Reads one game path through the data folders. */
export async function loadCape(host: Pick<HostClient, 'readGamePath'>, gamePath: string): Promise<CapeEntry> {
  try {
    const read = await host.readGamePath({ gamePath, kind: 'mrf' });
    if (read.status === 'missing')
      return {
        gamePath,
        status: 'missing',
        resolvedPath: null,
        reason: `looked for ${read.tried.join(', ') || gamePath}`,
        cape: null,
      };
    return parseCape(gamePath, read.entry.path, new Uint8Array(read.bytes));
  } catch (error) {
    return {
      gamePath,
      status: 'unreadable',
      resolvedPath: null,
      reason: error instanceof Error ? error.message : String(error),
      cape: null,
    };
  }
}

/**
 * Loads every linked cape not yet in the cache (or all of them with `reload`), marking them
 * `loading` first so the outliner shows progress, then refreshes the diagnostics.
 */
export async function loadLinkedCapes(store: EditorStore, document: ModelDocument, reload = false): Promise<void> {
  const host = store.services.host;
  if (!host) return;
  const wanted = new Map<string, string>();
  for (const link of document.links) {
    const key = capeKey(link.path);
    if (reload || !store.getState().capes[key]) wanted.set(key, link.path);
  }
  if (wanted.size === 0) return;
  store.setState((state) => {
    const capes = { ...state.capes };
    for (const [key, gamePath] of wanted)
      capes[key] = { gamePath, status: 'loading', resolvedPath: null, reason: null, cape: capes[key]?.cape ?? null };
    return { capes };
  });
  let done = 0;
  await Promise.all(
    [...wanted].map(async ([key, gamePath]) => {
      const entry = await loadCape(host, gamePath);
      done += 1;
      store.setState((state) => ({
        capes: { ...state.capes, [key]: entry },
        // Progress in the status bar while the capes arrive.
        loading: state.loading
          ? { label: `Loading capes ${done}/${wanted.size}…`, progress: done / wanted.size }
          : null,
      }));
    }),
  );
  refreshDiagnostics(store);
}

/**
 * Keeps the capes in step with the document: whenever an edit, an undo or a newly opened file links a cape that is
 * not loaded yet — a new link, a link whose ID changed — it is loaded (found, missing or unreadable, with its
 * diagnostic), so that no link stays "loading". Data-folder changes reload every cape (FileService). Returns the
 * function that stops following.
 */
export function followLinkedCapes(store: EditorStore): () => void {
  return store.subscribe((state, previous) => {
    const document = currentDocument(state);
    if (!document || document === currentDocument(previous)) return;
    if (document.links.some((link) => !state.capes[capeKey(link.path)])) void loadLinkedCapes(store, document);
  });
}

/**
 * The game's tables in the editor: loaded through the host's data sources (folders and archives, first match wins)
 * at start-up and again whenever the data sources change, kept as ephemeral state (`gameTables`, null until the
 * first load ends), and each event object's meaning looked up from them (memoized per table set). The diagnostics
 * the tables give (unknown codes, unreadable tables, the one hint naming missing tables) join the document's.
 */
import type { HostClient } from '../../shared/contract/contract';
import type { EventObject } from '../../shared/events/document';
import { type EventResolution, type GameTableSet, loadGameTables, resolveEventObject } from '../../shared/game-tables';
import type { EditorStore } from './editor-store';
import { refreshDiagnostics } from './document-actions';

/** Reads the tables through the host: a found file's bytes and where it was found (its file, or archive entry). */
export function readTablesThroughHost(host: Pick<HostClient, 'readGamePath'>): Promise<GameTableSet> {
  return loadGameTables(async (gamePath) => {
    const read = await host.readGamePath({ gamePath, kind: 'any' }).catch(() => null);
    if (!read || read.status !== 'found') return null;
    return { bytes: new Uint8Array(read.bytes), source: read.entry.path };
  });
}

const loads = new WeakMap<EditorStore, number>();

/** Loads the tables now (again); a load overtaken by a newer one is dropped. */
export async function reloadGameTables(store: EditorStore): Promise<void> {
  const host = store.services.host;
  if (!host) return;
  const generation = (loads.get(store) ?? 0) + 1;
  loads.set(store, generation);
  const tables = await readTablesThroughHost(host);
  if (loads.get(store) !== generation) return;
  store.setState({ gameTables: tables });
  refreshDiagnostics(store);
}

/** Loads the tables now and whenever the data sources change (the texture generation is bumped). */
export function followGameTables(store: EditorStore): () => void {
  void reloadGameTables(store);
  return store.subscribe((state, previous) => {
    if (state.textureGeneration !== previous.textureGeneration) void reloadGameTables(store);
  });
}

const resolutions = new WeakMap<GameTableSet, Map<string, EventResolution>>();

/** What an event object means in `tables` (null while the tables have not loaded). */
export function meaningOf(tables: GameTableSet | null, object: Pick<EventObject, 'name'>): EventResolution | null {
  if (!tables) return null;
  let cache = resolutions.get(tables);
  if (!cache) {
    cache = new Map();
    resolutions.set(tables, cache);
  }
  let resolution = cache.get(object.name);
  if (!resolution) {
    resolution = resolveEventObject(object.name, tables);
    cache.set(object.name, resolution);
  }
  return resolution;
}

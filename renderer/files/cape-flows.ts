/**
 * The cape file flows of the editor: File ▸ Export ▸ Cape as glTF…, File ▸ Import ▸ Cape from glTF… (any row of the
 * importer table), and New Link from Cape… — a cape file (MRF, or any importer's format, baked) written to the
 * first writable data source as `Doodads\Cinematic\ArthasIllidanFight\ArthasCape<ID>.mrf` (asking before
 * overwriting) and linked by a new MRFx/MRDx pair at the playhead. Conversions run in the cape worker.
 */
import type { DataFolderStatus, HostClient, SaveResult } from '../../shared/contract/contract';
import { validateMrf } from '../../shared/mrf/validate';
import { writeMrf } from '../../shared/mrf/write';
import type { MrfFile } from '../../shared/mrf/types';
import type { FileService } from './file-service';
import { parseCape } from '../state/cape-actions';
import { capeEntryOf, markStandaloneCapeUnsaved, presentCape } from '../state/cape-documents';
import { askConfirm, askPath, askText, notify } from '../state/dialog-actions';
import { type EditorStore, currentDocument } from '../state/editor-store';
import { addLink, nextLinkId } from '../state/outliner-actions';
import { capeKey, capeStatistics } from '../capes/cape-entry';
import type { CapeConverter } from '../capes/cape-conversions';
import type { CapeImporter } from '../capes/cape-importer-types';
import { exportCapeRequest, importCapeRequest, newLinkFromCapeRequest } from './path-requests';
import { describe, host, readCapeSource } from './cape-sources';

/** Where New Link from Cape puts the cape, by link ID. */
export function linkCapeGamePath(id: string): string {
  return `Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape${id}.mrf`;
}

/** Maps and campaigns: archives the host writes into. */
const WRITABLE_ARCHIVE = /\.(w3x|w3m|w3n)$/i;
/** Archives that are never written (the game's own). */
const READ_ONLY_ARCHIVE = /\.mpq$/i;

/**
 * The first data source a cape can be written to: a folder, or a map, in stack order — the user's own first, then
 * those added for the session only (`--data`, the sample's folder); the game's archives are never written.
 */
export function firstWritableDataSource(
  folders: readonly DataFolderStatus[],
): { path: string; kind: 'folder' | 'map' } | null {
  const writable = folders.filter((folder) => folder.state === 'ready' && !READ_ONLY_ARCHIVE.test(folder.path));
  const folder = writable.find((candidate) => !candidate.transient) ?? writable[0];
  return folder ? { path: folder.path, kind: WRITABLE_ARCHIVE.test(folder.path) ? 'map' : 'folder' } : null;
}

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;
const folderOf = (path: string) => path.slice(0, path.length - baseName(path).length);
const stem = (name: string) => name.replace(/\.[^.]*$/, '');

/**
 * The cape the cape commands act on: the one the Properties show — the cape opened alone, else the active link's (or
 * the link's of the active MRF/MRD object or key) when it is loaded. Never a cape no editor shows (issue 21: after a
 * cape edit gave its cape the focus and Alt+A deselected everything, F3's Trim Cape trimmed that cape, shown nowhere).
 */
export function targetCapeKey(store: EditorStore): string | null {
  const state = store.getState();
  if (state.standaloneCape) return capeKey(state.standaloneCape.gamePath);
  const active = state.selection.active;
  const document = currentDocument(state);
  let id: string | null = null;
  if (active?.kind === 'link') id = active.id;
  else if ((active?.kind === 'object' || active?.kind === 'key') && document) {
    const object = document.eventObjects[active.objectIndex];
    if (object && (object.type === 'MRF' || object.type === 'MRD')) id = object.id;
  }
  const link = id === null ? undefined : document?.links.find((item) => item.id.toUpperCase() === id!.toUpperCase());
  return link && state.capes[capeKey(link.path)]?.cape ? capeKey(link.path) : null;
}

/** File ▸ Export ▸ Cape as glTF…: the target cape (as edited) as GLB or `.gltf`, its texture embedded when found. */
export async function exportCapeAsGltf(store: EditorStore, converter: CapeConverter): Promise<boolean> {
  const key = targetCapeKey(store);
  const state = store.getState();
  const file = key === null ? null : presentCape(state, key);
  const entry = key === null ? null : capeEntryOf(state, key);
  if (!file || !entry) {
    notify(store, 'Export Cape as glTF: select a link whose cape is loaded, or open a cape', 'warning');
    return false;
  }
  const path = await askPath(store, exportCapeRequest(`${stem(baseName(entry.resolvedPath ?? entry.gamePath))}.glb`));
  if (!path) return false;
  const lower = path.toLowerCase();
  if (!lower.endsWith('.glb') && !lower.endsWith('.gltf')) {
    notify(store, 'Export Cape as glTF: choose a name ending in .glb or .gltf', 'error');
    return false;
  }
  const client = host(store);
  try {
    store.setState({ loading: { label: `Exporting ${baseName(path)}…`, progress: null } });
    const texture = await readTexture(client, file);
    const result = await converter.run({
      kind: 'export',
      mrf: writeMrf(file).slice().buffer as ArrayBuffer,
      container: lower.endsWith('.glb') ? 'glb' : 'gltf',
      baseName: stem(baseName(path)),
      texture,
    });
    if (result.kind !== 'export') throw new Error('unexpected answer');
    const [main, ...siblings] = result.files;
    await client.saveFileAs({ path, bytes: main!.bytes });
    for (const sibling of siblings)
      await client.saveFileAs({ path: folderOf(path) + sibling.name, bytes: sibling.bytes });
    for (const warning of result.warnings) notify(store, `Export Cape as glTF: ${warning}`, 'warning');
    notify(store, `Exported ${baseName(path)}${texture && !result.warnings.length ? ' with its texture' : ''}`);
    return true;
  } catch (error) {
    notify(store, `Cannot export ${baseName(path)}: ${describe(error)}`, 'error');
    return false;
  } finally {
    store.setState({ loading: null });
  }
}

/** The cape's texture bytes through the data sources, or null when it does not resolve. */
async function readTexture(client: HostClient, file: MrfFile): Promise<{ bytes: ArrayBuffer; name: string } | null> {
  if (!file.texturePath) return null;
  const read = await client.readGamePath({ gamePath: file.texturePath, kind: 'texture' }).catch(() => null);
  return read?.status === 'found' ? { bytes: read.bytes, name: read.entry.path } : null;
}

/**
 * File ▸ Import ▸ Cape from …: bakes a file of the importer's format. With a model open, the baked cape is linked
 * into it (New Link from Cape's ID prompt) or opened alone — the user chooses, and opening alone asks about the
 * model's unsaved changes first; with none, it opens on its own, unsaved (Save asks where).
 */
export async function importCape(
  store: EditorStore,
  files: FileService,
  converter: CapeConverter,
  importer: CapeImporter,
): Promise<boolean> {
  const path = await askPath(store, importCapeRequest(importer));
  if (!path) return false;
  const bytes = await readCapeSource(store, converter, path);
  if (!bytes) return false;
  const name = `${stem(baseName(path))}.mrf`;
  const state = store.getState();
  const model = currentDocument(state) ? (state.file?.name ?? 'the model') : null;
  if (model) {
    const source = firstWritableDataSource(state.dataFolders);
    const choice = await askConfirm(
      store,
      `Import Cape from ${importer.label}`,
      `${name} is baked.\n` +
        (source
          ? `Link it into ${model} at the playhead (written to ${baseName(source.path)} as ArthasCape<ID>.mrf), ` +
            `or open it alone, closing ${model}?`
          : `${model} has no writable data source to link it from: open it alone, closing ${model}?`),
      [
        { id: 'cancel', label: 'Cancel' },
        { id: 'alone', label: 'Open Alone' },
        ...(source ? [{ id: 'link', label: 'Link into Model…', primary: true }] : []),
      ],
    );
    if (choice === 'link') return linkCapeBytes(store, bytes);
    if (choice !== 'alone') return false;
  }
  if (!(await files.confirmDiscard('opening the imported cape'))) return false;
  if (!(await files.openBytes(name, bytes.slice().buffer as ArrayBuffer, null, null))) return false;
  markStandaloneCapeUnsaved(store);
  files.updateWindowState();
  return true;
}

/** Writes the cape into a data source (asking before overwriting); the result, or null when cancelled. */
async function writeIntoSource(
  store: EditorStore,
  source: { path: string; kind: 'folder' | 'map' },
  gamePath: string,
  bytes: Uint8Array,
): Promise<Extract<SaveResult, { status: 'saved' }> | null> {
  const client = host(store);
  const data = () => bytes.slice().buffer as ArrayBuffer;
  const write = (force: boolean) =>
    source.kind === 'map'
      ? client.writeArchiveFile({ archive: source.path, gamePath, bytes: data(), expected: null, force })
      : client.writeDataFile({ folder: source.path, gamePath, bytes: data(), expected: null, force });
  const result = await write(false);
  if (result.status === 'saved') return result;
  const choice = await askConfirm(
    store,
    'Replace cape',
    `${gamePath} already exists in ${baseName(source.path)}.\nReplace it with the new cape?`,
    [
      { id: 'cancel', label: 'Cancel' },
      { id: 'replace', label: 'Replace', danger: true },
    ],
  );
  if (choice !== 'replace') return null;
  const forced = await write(true);
  if (forced.status !== 'saved') throw new Error('the file is still in conflict');
  return forced;
}

/**
 * New Link from Cape…: a cape file (MRF or any importer's format) written as ArthasCape<ID>.mrf into the first
 * writable data source and linked by a new MRFx/MRDx pair shown at the playhead and hidden when its animation ends
 * (a second at least). True when the link was added.
 */
export async function newLinkFromCape(store: EditorStore, converter: CapeConverter): Promise<boolean> {
  if (!currentDocument(store.getState())) return false;
  if (!firstWritableDataSource(store.getState().dataFolders)) {
    notify(
      store,
      'New Link from Cape: no writable data source — add a data folder (File ▸ Open Data Folder…) or a map first',
      'error',
    );
    return false;
  }
  const path = await askPath(store, newLinkFromCapeRequest());
  if (!path) return false;
  const bytes = await readCapeSource(store, converter, path);
  return bytes ? linkCapeBytes(store, bytes) : false;
}

/**
 * Links a cape's MRF bytes into the open model: asks the link's ID, writes the cape as ArthasCape<ID>.mrf into the
 * first writable data source (asking before replacing one) and adds the MRFx/MRDx pair at the playhead.
 */
async function linkCapeBytes(store: EditorStore, bytes: Uint8Array): Promise<boolean> {
  const document = currentDocument(store.getState());
  const source = firstWritableDataSource(store.getState().dataFolders);
  if (!document || !source) return false;
  const answer = await askText(store, 'New Link from Cape', 'Cape ID (ArthasCape<ID>.mrf)', nextLinkId(document));
  const id = answer?.trim();
  if (!id) return false;
  if (!/^[A-Za-z0-9_]+$/.test(id)) {
    notify(store, `New Link from Cape: the ID “${id}” may hold letters, digits and _ only`, 'error');
    return false;
  }
  if (document.links.some((link) => link.id.toUpperCase() === id.toUpperCase())) {
    notify(store, `New Link from Cape: the link ${id} exists already`, 'error');
    return false;
  }
  const gamePath = linkCapeGamePath(id);
  try {
    const written = await writeIntoSource(store, source, gamePath, bytes);
    if (!written) return false;
    // The cache gets the cape now, so the link plays at once (the folder's index catches up on its own).
    const entry = parseCape(gamePath, written.identity.path, bytes);
    store.setState((state) => ({ capes: { ...state.capes, [capeKey(gamePath)]: entry } }));
    const file = entry.cape?.file;
    const durationMs = file ? capeStatistics(file).durationSeconds * 1000 : 0;
    const showMs = Math.max(0, Math.round(store.getState().session.playback.playheadMs));
    if (!addLink(store, id, showMs, Math.max(1000, Math.ceil(durationMs)))) return false;
    const problems = file ? validateMrf(file).filter((diagnostic) => diagnostic.severity === 'error').length : 0;
    notify(
      store,
      `Linked ${gamePath} (written to ${baseName(source.path)}) at ${showMs} ms` +
        (problems ? `; the cape has ${problems} errors (see Diagnostics)` : ''),
      problems ? 'warning' : 'info',
    );
    return true;
  } catch (error) {
    notify(store, `New Link from Cape: cannot write ${gamePath}: ${describe(error)}`, 'error');
    return false;
  }
}

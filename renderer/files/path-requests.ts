/**
 * What each operation asks the user to choose (renderer/state/dialog-actions.ts' PathRequest): the dialog's title is
 * the operation's own name, and its file types are the ones the operation reads or writes — Import Cape from glTF
 * shows glTF files, Export As an MDL, Add Map or Archive the maps. The native dialogs and the in-app browser both
 * take them from here.
 */
import type { DialogFilter } from '../../shared/contract/contract';
import type { PathRequest } from '../state/dialog-actions';
import { CAPE_IMPORTERS } from '../capes/cape-importers';
import type { CapeImporter } from '../capes/cape-importer-types';

const withoutDot = (extensions: readonly string[]) => extensions.map((extension) => extension.replace(/^\./, ''));

/** Every file. */
const ALL_FILES: DialogFilter = { name: 'All files', extensions: ['*'] };
/** Models and capes the editor opens as documents. */
const DOCUMENTS: DialogFilter = { name: 'Models and capes', extensions: ['mdx', 'mdl', 'mrf'] };
/** Maps and the game's archives (the in-app browser goes into them as into folders). */
const ARCHIVES: DialogFilter = { name: 'Maps and game archives', extensions: ['w3x', 'w3m', 'w3n', 'mpq'] };

/** File ▸ Open…: a model or a cape, or a map or game archive to look inside. */
export function openDocumentRequest(startPath?: string): PathRequest {
  return {
    purpose: 'open',
    title: 'Open',
    filters: [
      { name: 'Models, capes and maps', extensions: [...DOCUMENTS.extensions, ...ARCHIVES.extensions] },
      DOCUMENTS,
      ARCHIVES,
      ALL_FILES,
    ],
    ...(startPath ? { startPath } : {}),
  };
}

/** The file type of one extension (`.mdx` → MDX). */
function formatFilter(extension: string): DialogFilter {
  const bare = extension.replace(/^\./, '').toLowerCase();
  const names: Record<string, string> = { mdx: 'MDX models', mdl: 'MDL models', mrf: 'MRF capes' };
  return { name: names[bare] ?? `${bare.toUpperCase()} files`, extensions: [bare] };
}

/** File ▸ Save As…: the same format under a new name. */
export function saveAsRequest(initialName: string, extension: string): PathRequest {
  return {
    purpose: 'save',
    title: 'Save As',
    filters: extension ? [formatFilter(extension), ALL_FILES] : [ALL_FILES],
    initialName,
    acceptLabel: 'Save',
  };
}

/** File ▸ Export As…: the model in the other format. */
export function exportModelRequest(initialName: string, format: 'mdx' | 'mdl'): PathRequest {
  return {
    purpose: 'save',
    title: `Export As ${format.toUpperCase()}`,
    filters: [formatFilter(format)],
    initialName,
    acceptLabel: 'Export',
  };
}

/** File ▸ Export Cape as glTF…. */
export function exportCapeRequest(initialName: string): PathRequest {
  return {
    purpose: 'save',
    title: 'Export Cape as glTF',
    filters: [{ name: 'glTF (GLB or .gltf)', extensions: ['glb', 'gltf'] }],
    initialName,
    acceptLabel: 'Export',
  };
}

/** The file type of an importer's files. */
function importerFilter(importer: CapeImporter): DialogFilter {
  return { name: `${importer.label} files`, extensions: withoutDot(importer.extensions) };
}

/** File ▸ Import Cape from {importer}…. */
export function importCapeRequest(importer: CapeImporter): PathRequest {
  return {
    purpose: 'open',
    title: `Import Cape from ${importer.label}`,
    filters: [importerFilter(importer), ALL_FILES],
    acceptLabel: 'Import',
  };
}

/** Edit ▸ New Link from Cape…: an MRF, or any importer's file to bake. */
export function newLinkFromCapeRequest(importers: readonly CapeImporter[] = CAPE_IMPORTERS): PathRequest {
  return {
    purpose: 'open',
    title: 'New Link from Cape',
    filters: [
      {
        name: 'Capes and files to bake',
        extensions: ['mrf', ...importers.flatMap((importer) => withoutDot(importer.extensions))],
      },
      formatFilter('mrf'),
      ...importers.map(importerFilter),
      ALL_FILES,
    ],
    acceptLabel: 'Link',
  };
}

/** What a render writes: a PNG, a WebM, MP4 or GIF video, or a sequence (the name of a folder of PNG files). */
export type RenderFormat = 'png' | 'webm' | 'mp4' | 'gif' | 'sequence';

/** Render ▸ Render Image / Animation…: where the render goes, as a file of its format (a sequence: a folder). */
export function renderRequest(initialName: string, format: RenderFormat): PathRequest {
  const names: Record<Exclude<RenderFormat, 'sequence'>, string> = {
    png: 'PNG image',
    webm: 'WebM video',
    mp4: 'MP4 video',
    gif: 'Animated GIF',
  };
  return {
    purpose: 'save',
    title: 'Render To',
    // A PNG sequence is a folder the render creates: its name is typed, no extension filtered.
    filters: format === 'sequence' ? [] : [{ name: names[format], extensions: [format] }],
    initialName,
    acceptLabel: 'Render',
  };
}

/** File ▸ Open Data Folder…: a folder (or, in the in-app browser, a map or archive) put first in the stack. */
export const dataFolderRequest: PathRequest = {
  purpose: 'dataFolder',
  title: 'Open Data Folder',
  filters: [],
  acceptVerb: 'Add',
};

/** File ▸ Add Game Folder…: a Warcraft III install folder. */
export const gameFolderRequest: PathRequest = {
  purpose: 'folder',
  title: 'Add Game Folder',
  filters: [],
  acceptVerb: 'Use',
};

/** Add Map or Archive…: a map or game archive put first in the stack. */
export const addArchiveRequest: PathRequest = {
  purpose: 'archive',
  title: 'Add Map or Archive',
  filters: [ARCHIVES, ALL_FILES],
  acceptVerb: 'Add',
};

/** Browse Archive…: the map or game archive to look inside. */
export const browseArchiveRequest: PathRequest = {
  purpose: 'archive',
  title: 'Browse Archive',
  filters: [ARCHIVES, ALL_FILES],
  acceptVerb: 'Browse',
};

/** Archive Listfile…: a text file of game paths. */
export const listfileRequest: PathRequest = {
  purpose: 'open',
  title: 'Archive Listfile',
  filters: [{ name: 'Listfiles (one game path a line)', extensions: ['txt'] }, ALL_FILES],
  acceptLabel: 'Use',
};

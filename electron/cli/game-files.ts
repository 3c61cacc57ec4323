/**
 * Game paths on the command line: `--data FOLDER` (repeatable) names folders extracted from the
 * game's archives or a map's imports, searched in order like the editor's data folders — first
 * folder first, case-insensitively, a texture also under its other extensions (.blp, .tga, .dds).
 * Only the folders on a path's way are listed, once each, instead of indexing whole trees.
 */
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { DataFileKind } from '../../shared/contract/contract';
import { candidateKeys } from '../host/game-paths';
import { readInputFile } from './files';
import type { GameFile } from './formats/format-handler';

/** Finds and reads game paths in `folders` (relative to `cwd`), in order. */
export function gameFileReader(
  folders: readonly string[],
  cwd: string,
): (gamePath: string, kind: DataFileKind) => Promise<GameFile | undefined> {
  const roots = folders.map((folder) => resolve(cwd, folder));
  // Folder path → its entries by lower-case name (the first spelling read wins), or null when unreadable.
  const listings = new Map<string, Promise<Map<string, { name: string; directory: boolean }> | null>>();
  const list = (folder: string) => {
    let listing = listings.get(folder);
    if (!listing) {
      listing = readdir(folder, { withFileTypes: true }).then(
        (entries) => {
          const byName = new Map<string, { name: string; directory: boolean }>();
          for (const entry of entries) {
            const key = entry.name.toLowerCase();
            if (!byName.has(key) && (entry.isFile() || entry.isDirectory())) {
              byName.set(key, { name: entry.name, directory: entry.isDirectory() });
            }
          }
          return byName;
        },
        () => null,
      );
      listings.set(folder, listing);
    }
    return listing;
  };
  const find = async (root: string, key: string): Promise<string | undefined> => {
    const parts = key.split('\\');
    let folder = root;
    for (const [index, part] of parts.entries()) {
      const entry = (await list(folder))?.get(part);
      const last = index === parts.length - 1;
      if (!entry || entry.directory === last) return undefined;
      folder = join(folder, entry.name);
    }
    return folder;
  };
  return async (gamePath, kind) => {
    const keys = candidateKeys(gamePath, kind);
    for (const root of roots) {
      for (const key of keys) {
        const path = await find(root, key);
        if (path) return { path, bytes: await readInputFile(path, cwd) };
      }
    }
    return undefined;
  };
}

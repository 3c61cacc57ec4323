/**
 * "Add Game Folder…": the game's MPQ archives in an install folder, in the order the game reads them,
 * and the patch 1.30+ installs that keep their data in CASC storage instead (recognised, so the
 * dialog can say why it finds no archive).
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { GameArchiveSearch } from '../../shared/contract/contract';

/** The game's archives, first read first: a patch overrides the expansion, which overrides the base game. */
export const GAME_ARCHIVE_ORDER: readonly string[] = [
  'War3Patch.mpq',
  'War3xLocal.mpq',
  'War3x.mpq',
  'War3Local.mpq',
  'War3.mpq',
];

/** The names in a folder by their lower-case spelling (none when it cannot be read). */
async function namesIn(folder: string): Promise<Map<string, { name: string; directory: boolean }>> {
  const names = new Map<string, { name: string; directory: boolean }>();
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries)
    names.set(entry.name.toLowerCase(), { name: entry.name, directory: entry.isDirectory() });
  return names;
}

/** Whether `folder` (an install, or its Data folder) holds CASC storage: `.build.info`, or `data/data.NNN` files. */
async function isCascInstall(
  folder: string,
  names: Map<string, { name: string; directory: boolean }>,
): Promise<boolean> {
  if (names.has('.build.info')) return true;
  for (const candidate of [folder, ...(names.get('data')?.directory ? [join(folder, names.get('data')!.name)] : [])]) {
    const inner = await namesIn(candidate);
    if (candidate !== folder && inner.has('.build.info')) return true;
    const data = inner.get('data');
    if (!data?.directory) continue;
    const storage = await namesIn(join(candidate, data.name));
    if ([...storage.keys()].some((name) => /^data\.\d{3}$/.test(name))) return true;
  }
  return false;
}

/** Finds the game's archives in `folder` (an absolute, already checked path). */
export async function findGameArchives(folder: string): Promise<GameArchiveSearch> {
  const names = await namesIn(folder);
  const archives = GAME_ARCHIVE_ORDER.flatMap((name) => {
    const found = names.get(name.toLowerCase());
    return found && !found.directory ? [join(folder, found.name)] : [];
  });
  if (archives.length > 0) {
    const list = archives.map((path) => path.slice(folder.length + 1)).join(', ');
    return { kind: 'mpq', archives, message: `Found ${archives.length} of the game's archives: ${list}.` };
  }
  if (await isCascInstall(folder, names)) {
    return {
      kind: 'casc',
      archives: [],
      message:
        'This is a Warcraft III install of patch 1.30 or later: its data is kept in CASC storage, not in MPQ ' +
        'archives, and cannot be read directly. Extract the files you need with a CASC tool and add that folder.',
    };
  }
  return {
    kind: 'none',
    archives: [],
    message: `No game archives here (looked for ${GAME_ARCHIVE_ORDER.join(', ')}). Choose the Warcraft III folder.`,
  };
}

/**
 * Loading the five tables through the data sources the host stacks (folders and archives, first match wins): the
 * caller's `read` finds a game path and says where; each table is read and checked on its own, so one unreadable
 * table leaves the others usable.
 */
import { isCodecError } from '../binary/codec-error';
import type { GameTableSet, TableState } from './meaning';
import { GAME_TABLE_NAMES, GAME_TABLES, type GameTableName, readGameTable } from './tables';

/** Finds a game path in the data sources: its bytes and where it was found, or null when none holds it. */
export type GamePathReader = (gamePath: string) => Promise<{ bytes: Uint8Array; source: string } | null>;

/** Every table missing (nothing loaded yet, or no data sources). */
export function noGameTables(): GameTableSet {
  const set = {} as Record<GameTableName, TableState>;
  for (const name of GAME_TABLE_NAMES) set[name] = { status: 'missing', path: GAME_TABLES[name].path };
  return set;
}

/** Reads one table's state from bytes found (or not) at its game path. */
export function tableStateOf(name: GameTableName, found: { bytes: Uint8Array; source: string } | null): TableState {
  const { path } = GAME_TABLES[name];
  if (!found) return { status: 'missing', path };
  try {
    return { status: 'loaded', table: readGameTable(name, found.bytes, path, found.source) };
  } catch (error) {
    if (isCodecError(error)) return { status: 'error', path, error: error.withFileName(found.source) };
    throw error;
  }
}

/** Loads every table through `read`. A read that fails with a CodecError (a damaged archive) marks that table. */
export async function loadGameTables(read: GamePathReader): Promise<GameTableSet> {
  const states = await Promise.all(
    GAME_TABLE_NAMES.map(async (name): Promise<TableState> => {
      const { path } = GAME_TABLES[name];
      try {
        return tableStateOf(name, await read(path));
      } catch (error) {
        if (isCodecError(error)) return { status: 'error', path, error };
        throw error;
      }
    }),
  );
  const set = {} as Record<GameTableName, TableState>;
  GAME_TABLE_NAMES.forEach((name, index) => (set[name] = states[index]!));
  return set;
}

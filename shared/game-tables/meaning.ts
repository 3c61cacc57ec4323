/**
 * What an event object means, looked up in the game's tables as the game does: SND through AnimLookups.slk (the
 * object's ID → a sound label) then AnimSounds.slk (the label → files, volume, pitch, distances); SPL and FPT in
 * SplatData.slk; UBR in UberSplatData.slk; SPN in SpawnData.slk. IDs and labels match case-insensitively (the game's
 * string hashes ignore case; mdx-m3-viewer matches exactly, which only differs for names spelt in lower case).
 *
 * Paths, as mdx-m3-viewer loads them: a sound file is `DirectoryBase\FileName` (each of FileNames, split on commas);
 * a splat texture is `Dir\file.blp`, with `ReplaceableTextures\Splats` when Dir is empty; a spawned model's `.mdl` is
 * read as `.mdx`. Times in the tables are seconds; colours 0–255; Volume 0–127 as the game stores it.
 */
import type { CodecError } from '../binary/codec-error';
import { eventIdOf, eventTypeOf } from '../events/names';
import { nearestKeys } from './nearest';
import { GAME_TABLES, type GameTable, type GameTableName } from './tables';

/** One table's state: loaded, not found in any data source, or unreadable. */
export type TableState =
  | { status: 'loaded'; table: GameTable }
  | { status: 'missing'; path: string }
  | { status: 'error'; path: string; error: CodecError };

/** The five tables as loaded from the data sources. */
export type GameTableSet = Readonly<Record<GameTableName, TableState>>;

/** Where one part of a meaning was found: the table's game path, the row (1-based, as the file numbers it), the
 * data source. */
export interface FoundIn {
  table: string;
  row: number;
  source: string;
}

/** A colour over a splat's life: start, middle, end, each [r, g, b, a] in 0–255. */
export type SplatColours = readonly [readonly number[], readonly number[], readonly number[]];

/** A sound (SND). */
export interface SoundMeaning {
  kind: 'sound';
  label: string;
  /** Game paths of the files, one picked at random each time it plays. */
  files: string[];
  directory: string;
  /** 0–127 as the table stores it. */
  volume: number;
  pitch: number;
  pitchVariance: number;
  minDistance: number;
  maxDistance: number;
  distanceCutoff: number;
  foundIn: FoundIn[];
}

/** A splat or footprint (SPL, FPT). */
export interface SplatMeaning {
  kind: 'splat';
  texturePath: string;
  rows: number;
  columns: number;
  /** 0 blend, 1 additive, 2 modulate, 3 modulate 2×, 4 alpha key. */
  blendMode: number;
  /** Half the quad's side, in model units. */
  scale: number;
  /** Seconds. */
  lifespan: number;
  decay: number;
  /** [first cell, last cell, repeats] during the lifespan and during the decay. */
  uvLifespan: readonly [number, number, number];
  uvDecay: readonly [number, number, number];
  colours: SplatColours;
  foundIn: FoundIn[];
}

/** An uber-splat (UBR). */
export interface UberSplatMeaning {
  kind: 'uberSplat';
  texturePath: string;
  blendMode: number;
  scale: number;
  /** Seconds: fading in, holding, fading out. */
  birthTime: number;
  pauseTime: number;
  decay: number;
  colours: SplatColours;
  foundIn: FoundIn[];
}

/** A spawned model (SPN). */
export interface SpawnMeaning {
  kind: 'spawn';
  /** The model as the game loads it (`.mdl` read as `.mdx`). */
  modelPath: string;
  /** The path the table gives. */
  tablePath: string;
  foundIn: FoundIn[];
}

/** What an event object means. */
export type EventMeaning = SoundMeaning | SplatMeaning | UberSplatMeaning | SpawnMeaning;

/** The outcome of looking an event object up. */
export type EventResolution =
  | { status: 'resolved'; type: string; id: string; meaning: EventMeaning }
  /** No row for the ID (or, for SND, no AnimSounds row for the label): the nearest known codes. */
  | { status: 'unknown'; type: string; id: string; table: string; label: string | null; nearest: string[] }
  /** The tables it needs are not in any data source. */
  | { status: 'missing-tables'; type: string; id: string; tables: string[] }
  /** A table it needs could not be read. */
  | { status: 'table-error'; type: string; id: string; error: CodecError }
  /** MRF/MRD links and other names mean nothing in the tables. */
  | { status: 'not-a-table-event'; type: string; id: string };

/** Event types looked up in the tables. */
export const TABLE_EVENT_TYPES = ['SND', 'SPL', 'FPT', 'UBR', 'SPN'] as const;

/** The tables each type needs. */
export const TABLES_OF_TYPE: Readonly<Record<(typeof TABLE_EVENT_TYPES)[number], readonly GameTableName[]>> = {
  SND: ['animLookups', 'animSounds'],
  SPL: ['splatData'],
  FPT: ['splatData'],
  UBR: ['uberSplatData'],
  SPN: ['spawnData'],
};

/** Where splat textures sit when a row's Dir is empty. */
export const SPLAT_TEXTURE_FOLDER = 'ReplaceableTextures\\Splats';

function foundIn(table: GameTable, row: number): FoundIn {
  return { table: table.schema.path, row: row + 1, source: table.foundIn };
}

function colours(table: GameTable, row: number): SplatColours {
  const stage = (name: string) => ['R', 'G', 'B', 'A'].map((part) => table.number(row, name + part));
  return [stage('Start'), stage('Middle'), stage('End')];
}

function texturePath(table: GameTable, row: number): string {
  const directory = table.text(row, 'Dir').replace(/[\\/]+$/, '');
  return `${directory || SPLAT_TEXTURE_FOLDER}\\${table.text(row, 'file')}.blp`;
}

/** The whole count in 1…256 a Rows/Columns cell stands for (0 or less draws the one cell). */
function cellCount(value: number): number {
  return Math.min(256, Math.max(1, Math.floor(value)));
}

function splatMeaning(table: GameTable, row: number): SplatMeaning {
  const decayRepeat = table.hasColumn('DecayRepeat') ? 'DecayRepeat' : 'UVDecayRepeat';
  return {
    kind: 'splat',
    texturePath: texturePath(table, row),
    rows: cellCount(table.number(row, 'Rows', 1)),
    columns: cellCount(table.number(row, 'Columns', 1)),
    blendMode: table.number(row, 'BlendMode'),
    scale: table.number(row, 'Scale'),
    lifespan: table.number(row, 'Lifespan'),
    decay: table.number(row, 'Decay'),
    uvLifespan: [
      table.number(row, 'UVLifespanStart'),
      table.number(row, 'UVLifespanEnd'),
      table.number(row, 'LifespanRepeat'),
    ],
    uvDecay: [table.number(row, 'UVDecayStart'), table.number(row, 'UVDecayEnd'), table.number(row, decayRepeat)],
    colours: colours(table, row),
    foundIn: [foundIn(table, row)],
  };
}

function uberSplatMeaning(table: GameTable, row: number): UberSplatMeaning {
  return {
    kind: 'uberSplat',
    texturePath: texturePath(table, row),
    blendMode: table.number(row, 'BlendMode'),
    scale: table.number(row, 'Scale'),
    birthTime: table.number(row, 'BirthTime'),
    pauseTime: table.number(row, 'PauseTime'),
    decay: table.number(row, 'Decay'),
    colours: colours(table, row),
    foundIn: [foundIn(table, row)],
  };
}

function spawnMeaning(table: GameTable, row: number): SpawnMeaning {
  const tablePath = table.text(row, 'Model');
  return {
    kind: 'spawn',
    modelPath: tablePath.replace(/\.mdl$/i, '.mdx'),
    tablePath,
    foundIn: [foundIn(table, row)],
  };
}

function soundMeaning(lookups: GameTable, lookupRow: number, sounds: GameTable, row: number): SoundMeaning {
  const directory = sounds.text(row, 'DirectoryBase').replace(/[\\/]+$/, '');
  const files = sounds
    .text(row, 'FileNames')
    .split(',')
    .map((file) => file.trim())
    .filter(Boolean)
    .map((file) => (directory ? `${directory}\\${file}` : file));
  return {
    kind: 'sound',
    label: lookups.text(lookupRow, 'SoundLabel'),
    files,
    directory,
    volume: sounds.number(row, 'Volume', 127),
    pitch: sounds.number(row, 'Pitch', 1),
    pitchVariance: sounds.number(row, 'PitchVariance'),
    minDistance: sounds.number(row, 'MinDistance'),
    maxDistance: sounds.number(row, 'MaxDistance'),
    distanceCutoff: sounds.number(row, 'DistanceCutoff'),
    foundIn: [foundIn(lookups, lookupRow), foundIn(sounds, row)],
  };
}

/** Looks up the event object named `name` in `tables`. */
export function resolveEventObject(name: string, tables: GameTableSet): EventResolution {
  const type = eventTypeOf(name);
  const id = eventIdOf(name);
  if (!(TABLE_EVENT_TYPES as readonly string[]).includes(type)) return { status: 'not-a-table-event', type, id };
  const needed = TABLES_OF_TYPE[type as (typeof TABLE_EVENT_TYPES)[number]];
  const missing: string[] = [];
  for (const tableName of needed) {
    const state = tables[tableName];
    if (state.status === 'error') return { status: 'table-error', type, id, error: state.error };
    if (state.status === 'missing') missing.push(state.path);
  }
  if (missing.length > 0) return { status: 'missing-tables', type, id, tables: missing };
  const first = (tables[needed[0]!] as { table: GameTable }).table;
  const row = first.find(id);
  const unknown = (table: GameTable, key: string, label: string | null): EventResolution => ({
    status: 'unknown',
    type,
    id,
    table: table.schema.path,
    label,
    nearest: nearestKeys(key, table),
  });
  if (row < 0) return unknown(first, id, null);
  switch (type) {
    case 'SND': {
      const sounds = (tables.animSounds as { table: GameTable }).table;
      const label = first.text(row, 'SoundLabel');
      const soundRow = sounds.find(label);
      if (soundRow < 0) return unknown(sounds, label, label);
      return { status: 'resolved', type, id, meaning: soundMeaning(first, row, sounds, soundRow) };
    }
    case 'SPL':
    case 'FPT':
      return { status: 'resolved', type, id, meaning: splatMeaning(first, row) };
    case 'UBR':
      return { status: 'resolved', type, id, meaning: uberSplatMeaning(first, row) };
    default:
      return { status: 'resolved', type, id, meaning: spawnMeaning(first, row) };
  }
}

/** The game paths of the tables the given event types need that are missing, each once, in load order. */
export function missingTablesFor(types: Iterable<string>, tables: GameTableSet): string[] {
  const needed = new Set<GameTableName>();
  for (const type of types)
    for (const name of TABLES_OF_TYPE[type as (typeof TABLE_EVENT_TYPES)[number]] ?? []) needed.add(name);
  return [...needed].filter((name) => tables[name].status === 'missing').map((name) => GAME_TABLES[name].path);
}

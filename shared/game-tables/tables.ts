/**
 * The five tables event objects look up, where the game keeps them and the columns read from each. Column layouts
 * are the game's (Warcraft III 1.2x): AnimLookups.slk (AnimSoundEvent, SoundLabel), AnimSounds.slk (SoundName,
 * FileNames, DirectoryBase, Volume, Pitch, PitchVariance, Priority, Channel, Flags, MinDistance, MaxDistance,
 * DistanceCutoff, …), SplatData.slk (Name, comment, Dir, file, Rows, Columns, BlendMode, Scale, Lifespan, Decay,
 * UVLifespanStart, UVLifespanEnd, LifespanRepeat, UVDecayStart, UVDecayEnd, DecayRepeat, Start/Middle/End R G B A,
 * Water, Sound), UberSplatData.slk (Name, comment, Dir, file, BlendMode, Scale, BirthTime, PauseTime, Decay,
 * Start/Middle/End R G B A, Sound) and SpawnData.slk (Name, Model). Columns are found by name (case-insensitive),
 * not position; a row's key is its first column, as the game and mdx-m3-viewer read it.
 *
 * A table is checked whole when it loads: a column the meaning needs missing from row 1, or a number column holding
 * text or a number out of range anywhere, is a {@link CodecError} naming the file, the row and the column — and
 * every event object of the table's types stays unresolved, showing that error.
 */
import { CodecError } from '../binary/codec-error';
import { cellWhere, readSlk, type SlkTable, type SlkValue } from './slk';

/** The tables, by name. */
export type GameTableName = 'animLookups' | 'animSounds' | 'splatData' | 'uberSplatData' | 'spawnData';

/** How a table is found and read. */
export interface GameTableSchema {
  name: GameTableName;
  /** The game path, as the game opens it. */
  path: string;
  /** Columns row 1 must name. */
  required: readonly string[];
  /** Columns read as numbers (when present): text there, or a number beyond {@link MAX_TABLE_NUMBER}, is an error. */
  numbers: readonly string[];
}

const COLOURS = ['Start', 'Middle', 'End'].flatMap((stage) => ['R', 'G', 'B', 'A'].map((part) => stage + part));

/** Every table, in the order they are loaded and listed. */
export const GAME_TABLES: Readonly<Record<GameTableName, GameTableSchema>> = {
  animLookups: {
    name: 'animLookups',
    path: 'UI\\SoundInfo\\AnimLookups.slk',
    required: ['SoundLabel'],
    numbers: [],
  },
  animSounds: {
    name: 'animSounds',
    path: 'UI\\SoundInfo\\AnimSounds.slk',
    required: ['FileNames'],
    numbers: ['Volume', 'Pitch', 'PitchVariance', 'MinDistance', 'MaxDistance', 'DistanceCutoff'],
  },
  splatData: {
    name: 'splatData',
    path: 'Splats\\SplatData.slk',
    required: ['file', 'Rows', 'Columns', 'BlendMode', 'Scale', 'Lifespan', 'Decay', ...COLOURS],
    numbers: [
      'Rows',
      'Columns',
      'BlendMode',
      'Scale',
      'Lifespan',
      'Decay',
      'UVLifespanStart',
      'UVLifespanEnd',
      'LifespanRepeat',
      'UVDecayStart',
      'UVDecayEnd',
      'DecayRepeat',
      'UVDecayRepeat',
      ...COLOURS,
    ],
  },
  uberSplatData: {
    name: 'uberSplatData',
    path: 'Splats\\UberSplatData.slk',
    required: ['file', 'BlendMode', 'Scale', 'BirthTime', 'PauseTime', 'Decay', ...COLOURS],
    numbers: ['BlendMode', 'Scale', 'BirthTime', 'PauseTime', 'Decay', ...COLOURS],
  },
  spawnData: { name: 'spawnData', path: 'Splats\\SpawnData.slk', required: ['Model'], numbers: [] },
};

/** Every table name, in load order. */
export const GAME_TABLE_NAMES: readonly GameTableName[] = [
  'animLookups',
  'animSounds',
  'splatData',
  'uberSplatData',
  'spawnData',
];

/** The largest magnitude a number column may hold (a scale or a lifespan beyond it is hostile, not data). */
export const MAX_TABLE_NUMBER = 1e7;

/** A number written as text (a quoted number). */
const NUMBER_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** Cells the game leaves for "no value" in number columns. */
const EMPTY_NUMBERS = new Set(['', '-', '_', ' ']);

/** A table read and checked, keyed by its rows' first column (case-insensitive). */
export class GameTable {
  /** Upper-case key → row index (the last row with a key wins, as in mdx-m3-viewer's MappedData). */
  readonly index = new Map<string, number>();
  /** Lower-case column name → column index. */
  private readonly columnIndex = new Map<string, number>();

  constructor(
    readonly schema: GameTableSchema,
    readonly slk: SlkTable,
    /** Where it was found: a data folder, or `ARCHIVE:inner\path`. */
    readonly foundIn: string,
  ) {
    slk.columns.forEach((name, column) => {
      const key = name.toLowerCase();
      if (name && !this.columnIndex.has(key)) this.columnIndex.set(key, column);
    });
    for (const required of schema.required)
      if (!this.columnIndex.has(required.toLowerCase()))
        throw new CodecError({
          format: 'slk',
          kind: 'invalid',
          where: cellWhere(1, slk.columns.length + 1),
          offset: 0,
          detail: `row 1 names no "${required}" column (it names ${slk.columns.filter(Boolean).join(', ') || 'none'})`,
          fileName: slk.fileName,
        });
    for (let row = 1; row < slk.rows.length; row += 1) {
      const cells = slk.rows[row];
      const key = cells?.[0];
      if (key === undefined || key === '' || key === '_') continue;
      for (const name of schema.numbers) this.checkNumber(row, name);
      this.index.set(String(key).toUpperCase(), row);
    }
  }

  /** The names of the rows (keys as the file spells them), for suggestions. */
  keys(): string[] {
    return [...this.index.values()].map((row) => String(this.slk.rows[row]![0]));
  }

  /** The row index of `key` (case-insensitive), or -1. */
  find(key: string): number {
    return this.index.get(key.toUpperCase()) ?? -1;
  }

  /** A cell as the file holds it, or undefined. */
  value(row: number, column: string): SlkValue | undefined {
    const index = this.columnIndex.get(column.toLowerCase());
    return index === undefined ? undefined : this.slk.rows[row]?.[index];
  }

  /** A cell as text ('' when empty). */
  text(row: number, column: string): string {
    const value = this.value(row, column);
    return value === undefined ? '' : String(value);
  }

  /** A number cell (checked when the table loaded); `fallback` when empty or the column is absent. */
  number(row: number, column: string, fallback = 0): number {
    const value = this.value(row, column);
    if (typeof value === 'number') return value;
    return value !== undefined && NUMBER_TEXT.test(value) ? Number(value) : fallback;
  }

  /** Whether the table has a column. */
  hasColumn(column: string): boolean {
    return this.columnIndex.has(column.toLowerCase());
  }

  private checkNumber(row: number, name: string): void {
    const column = this.columnIndex.get(name.toLowerCase());
    if (column === undefined) return;
    const value = this.slk.rows[row]?.[column];
    if (value === undefined || (typeof value === 'string' && EMPTY_NUMBERS.has(value))) return;
    const number = typeof value === 'number' ? value : NUMBER_TEXT.test(value) ? Number(value) : Number.NaN;
    const bad =
      typeof value === 'string' && Number.isNaN(number)
        ? `"${value.slice(0, 40)}" is not a number`
        : !Number.isFinite(number) || Math.abs(number) > MAX_TABLE_NUMBER
          ? `${value} is beyond ±${MAX_TABLE_NUMBER}`
          : null;
    if (bad)
      throw new CodecError({
        format: 'slk',
        kind: Number.isNaN(number) ? 'invalid' : 'limit',
        where: cellWhere(row + 1, column + 1, name),
        offset: this.slk.rowOffsets[row] ?? 0,
        detail: bad,
        fileName: this.slk.fileName,
      });
  }
}

/** Reads and checks one table from its bytes. */
export function readGameTable(
  name: GameTableName,
  bytes: Uint8Array | string,
  fileName: string,
  foundIn: string,
): GameTable {
  const schema = GAME_TABLES[name];
  return new GameTable(schema, readSlk(bytes, fileName), foundIn);
}

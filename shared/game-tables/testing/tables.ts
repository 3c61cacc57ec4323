/**
 * Tables for tests, written in the dialect the game's tools write (`ID;PWXL;N;E`, a `B` record, one `C` record per
 * cell naming its column, the row named on a row's first cell, CRLF line ends, `E` last): small ones with known rows,
 * and full-size ones with the real tables' row counts for the benchmark.
 */
import { GAME_TABLES, type GameTableName } from '../tables';

/** A cell: text is written quoted, numbers bare, undefined left out. */
export type Cell = string | number | undefined;

/** The SLK text of `rows` (row 0 is the header). */
export function writeSlk(rows: readonly (readonly Cell[])[]): string {
  const width = Math.max(0, ...rows.map((row) => row.length));
  const lines = ['ID;PWXL;N;E', `B;X${width};Y${rows.length};D0 0 ${rows.length - 1} ${width - 1}`];
  rows.forEach((row, y) => {
    let first = true;
    row.forEach((cell, x) => {
      if (cell === undefined) return;
      const value = typeof cell === 'number' ? String(cell) : `"${cell.replaceAll(';', ';;')}"`;
      lines.push(first ? `C;X${x + 1};Y${y + 1};K${value}` : `C;X${x + 1};K${value}`);
      first = false;
    });
  });
  lines.push('E', '');
  return lines.join('\r\n');
}

/** The columns the game's tables have, in their order. */
export const TABLE_COLUMNS: Readonly<Record<GameTableName, readonly string[]>> = {
  animLookups: ['AnimSoundEvent', 'SoundLabel'],
  animSounds: [
    'SoundName',
    'FileNames',
    'DirectoryBase',
    'Volume',
    'Pitch',
    'PitchVariance',
    'Priority',
    'Channel',
    'Flags',
    'MinDistance',
    'MaxDistance',
    'DistanceCutoff',
    'InsideAngle',
    'OutsideAngle',
    'OutsideVolume',
    'OrientationX',
    'OrientationY',
    'OrientationZ',
    'EAXFlags',
  ],
  splatData: [
    'Name',
    'comment',
    'Dir',
    'file',
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
    ...['Start', 'Middle', 'End'].flatMap((stage) => ['R', 'G', 'B', 'A'].map((part) => stage + part)),
    'Water',
    'Sound',
  ],
  uberSplatData: [
    'Name',
    'comment',
    'Dir',
    'file',
    'BlendMode',
    'Scale',
    'BirthTime',
    'PauseTime',
    'Decay',
    ...['Start', 'Middle', 'End'].flatMap((stage) => ['R', 'G', 'B', 'A'].map((part) => stage + part)),
    'Sound',
  ],
  spawnData: ['Name', 'Model'],
};

/** A table's text from rows given by column name. */
export function tableText(name: GameTableName, rows: readonly Readonly<Record<string, Cell>>[]): string {
  const columns = TABLE_COLUMNS[name];
  return writeSlk([columns, ...rows.map((row) => columns.map((column) => row[column]))]);
}

/** A sound row. */
export function soundRow(name: string, files: string, directory: string, extra: Record<string, Cell> = {}) {
  return {
    SoundName: name,
    FileNames: files,
    DirectoryBase: directory,
    Volume: 127,
    Pitch: 1,
    PitchVariance: 0,
    Priority: 5,
    Channel: 0,
    Flags: 'NOCUTOFF',
    MinDistance: 600,
    MaxDistance: 10000,
    DistanceCutoff: 3000,
    ...extra,
  };
}

/** A splat row: a 2 × 2-cell texture, blended, lifespan then decay. */
export function splatRow(name: string, file: string, extra: Record<string, Cell> = {}) {
  return {
    Name: name,
    comment: `${name} splat`,
    Dir: '',
    file,
    Rows: 2,
    Columns: 2,
    BlendMode: 0,
    Scale: 30,
    Lifespan: 1,
    Decay: 1,
    UVLifespanStart: 0,
    UVLifespanEnd: 1,
    LifespanRepeat: 1,
    UVDecayStart: 2,
    UVDecayEnd: 3,
    DecayRepeat: 1,
    StartR: 255,
    StartG: 255,
    StartB: 255,
    StartA: 255,
    MiddleR: 255,
    MiddleG: 255,
    MiddleB: 255,
    MiddleA: 255,
    EndR: 255,
    EndG: 255,
    EndB: 255,
    EndA: 0,
    ...extra,
  };
}

/** An uber-splat row. */
export function uberSplatRow(name: string, file: string, extra: Record<string, Cell> = {}) {
  return {
    Name: name,
    comment: `${name} uber-splat`,
    Dir: 'ReplaceableTextures\\Splats',
    file,
    BlendMode: 0,
    Scale: 60,
    BirthTime: 0.5,
    PauseTime: 1,
    Decay: 1,
    StartR: 255,
    StartG: 255,
    StartB: 255,
    StartA: 0,
    MiddleR: 255,
    MiddleG: 255,
    MiddleB: 255,
    MiddleA: 255,
    EndR: 255,
    EndG: 255,
    EndB: 255,
    EndA: 0,
    ...extra,
  };
}

/**
 * Row counts for the benchmark's full-size tables: the game's 1.26 tables hold a few hundred rows each (estimates,
 * rounded up: AnimLookups ~700 event codes, AnimSounds ~1100 labels, SplatData ~130, UberSplatData ~120, SpawnData
 * ~100 — the real files are not redistributable, so the counts are taken generously).
 */
export const FULL_SIZE_ROWS: Readonly<Record<GameTableName, number>> = {
  animLookups: 800,
  animSounds: 1200,
  splatData: 150,
  uberSplatData: 150,
  spawnData: 120,
};

/** A four-character code for row `index` (AAA0, AAA1, … ZZZ9), never one of `taken`. */
function code(index: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let rest = Math.floor(index / 10);
  let text = String(index % 10);
  for (let place = 0; place < 3; place += 1) {
    text = letters[rest % 26]! + text;
    rest = Math.floor(rest / 26);
  }
  return text;
}

/**
 * Full-size tables holding `codes` (by type: the IDs of the event objects to resolve) among generated rows, every
 * table at {@link FULL_SIZE_ROWS} rows. Returns each table's SLK text by game path.
 */
export function fullSizeTables(codes: Readonly<Record<'SND' | 'SPL' | 'UBR' | 'SPN', Iterable<string>>>) {
  const lookups: Record<string, Cell>[] = [];
  const sounds: Record<string, Cell>[] = [];
  const splats: Record<string, Cell>[] = [];
  const ubers: Record<string, Cell>[] = [];
  const spawns: Record<string, Cell>[] = [];
  for (const id of codes.SND) {
    lookups.push({ AnimSoundEvent: id, SoundLabel: `Label${id}` });
    sounds.push(soundRow(`Label${id}`, `${id}1.wav,${id}2.wav`, `Sound\\Units\\${id}`));
  }
  for (const id of codes.SPL) splats.push(splatRow(id, `Splat${id}`));
  for (const id of codes.UBR) ubers.push(uberSplatRow(id, `Uber${id}`));
  for (const id of codes.SPN) spawns.push({ Name: id, Model: `Objects\\Spawnmodels\\${id}\\${id}.mdl` });
  const fill = (rows: Record<string, Cell>[], count: number, make: (id: string) => Record<string, Cell>) => {
    for (let index = 0; rows.length < count; index += 1) rows.push(make(code(index)));
  };
  fill(lookups, FULL_SIZE_ROWS.animLookups, (id) => ({ AnimSoundEvent: id, SoundLabel: `Label${id}` }));
  fill(sounds, FULL_SIZE_ROWS.animSounds, (id) => soundRow(`Label${id}`, `${id}1.wav,${id}2.wav`, 'Sound\\Units'));
  fill(splats, FULL_SIZE_ROWS.splatData, (id) => splatRow(id, `Splat${id}`));
  fill(ubers, FULL_SIZE_ROWS.uberSplatData, (id) => uberSplatRow(id, `Uber${id}`));
  fill(spawns, FULL_SIZE_ROWS.spawnData, (id) => ({ Name: id, Model: `Objects\\Spawnmodels\\${id}.mdl` }));
  return {
    [GAME_TABLES.animLookups.path]: tableText('animLookups', lookups),
    [GAME_TABLES.animSounds.path]: tableText('animSounds', sounds),
    [GAME_TABLES.splatData.path]: tableText('splatData', splats),
    [GAME_TABLES.uberSplatData.path]: tableText('uberSplatData', ubers),
    [GAME_TABLES.spawnData.path]: tableText('spawnData', spawns),
  } as Record<string, string>;
}

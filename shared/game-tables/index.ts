/** The game's tables (SLK) and what they mean for event objects; see README.md. */
export { MAX_SLK_COLUMNS, MAX_SLK_ROWS, readSlk, type SlkTable, type SlkValue } from './slk';
export { GAME_TABLE_NAMES, GAME_TABLES, GameTable, type GameTableName, readGameTable } from './tables';
export {
  type EventMeaning,
  type EventResolution,
  type GameTableSet,
  missingTablesFor,
  resolveEventObject,
  type SoundMeaning,
  type SpawnMeaning,
  type SplatMeaning,
  TABLE_EVENT_TYPES,
  type TableState,
  type UberSplatMeaning,
} from './meaning';
export { type GamePathReader, loadGameTables, noGameTables, tableStateOf } from './load';
export { nearestKeys } from './nearest';
export { describeResolution, tableDiagnostics } from './describe';

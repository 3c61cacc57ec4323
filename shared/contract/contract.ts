/**
 * The host contract: every operation the renderer can ask of the host (the Electron main process
 * or the browser shell's server), with its argument and result types and one runtime validator
 * per argument (the value validators are in argument-validators.ts). Used by the preload (one
 * exposed function per operation), by main (IPC handlers validate every argument), by the
 * browser shell's server and by the renderer's client
 * (renderer/platform/). Pure TypeScript: no Node, Electron or DOM import.
 *
 * Conventions
 * - Every operation takes one argument object (or none) and resolves to a result; failures are
 *   thrown on the renderer side as {@link HostError} with a {@link HostErrorCode}.
 * - Expected outcomes are results, not errors: a save conflict (`status: 'conflict'`), a game
 *   path not found in any data folder (`status: 'missing'`), a cancelled dialog (`canceled`).
 * - File bytes travel as `ArrayBuffer` (structured clone over IPC; binary frames over HTTP, see
 *   shared/contract/wire.ts), never as JSON arrays.
 * - Paths are the operating system's absolute file paths; the host refuses any path outside the
 *   roots the user granted (data folders, files opened through a dialog, drag and drop, the
 *   command line). A `gamePath` is a game-relative path such as
 *   `Doodads\Cinematic\ArthasIllidanFight\ArthasCape0000.mrf` (either slash, any case).
 */

import type { WireResult } from './host-error';
import { HostError } from './host-error';
import type { Validator } from './validators';
import { arrayOf, bool, integer, nullable, oneOf, text } from './validators';

export type { HostErrorCode, WireResult } from './host-error';
export { fromWire, HostError, hostErrorCodes, httpStatusOfError, toWireError } from './host-error';
export type { Validator } from './validators';
export * from './contract-values';
export * from './argument-validators';
import type {
  FileIdentity,
  OpenedFile,
  DataFileKind,
  DataFolderStatus,
  DataFileEntry,
  GamePathResolution,
  GamePathRead,
  SaveResult,
  DirectoryListing,
  GrantedRoot,
  DialogFilter,
  JsonValue,
  SettingsSnapshot,
  RecoveryEntry,
  StartupRequest,
  HostEvent,
  ArchiveListfile,
  GameArchiveSearch,
  ArchiveListing,
  ArchiveFileRead,
} from './contract-values';
import { dataFileKinds, limits } from './contract-values';
import {
  filePath,
  gamePath,
  gamePathPrefix,
  bytes,
  fileIdentity,
  jsonValue,
  sessionKey,
  recoveryId,
  dialogFilter,
  renderOutputId,
  renderFileName,
} from './argument-validators';

// ─── Operations ──────────────────────────────────────────────────────────────────────────────

type NoArgs = Record<never, never>;

/**
 * Every host operation: `args` is the single argument object (NoArgs for none), `result` what it
 * resolves to. Menu command operator ids are listed in electron/shell/menu.ts.
 */
export interface HostOperations {
  /** What to open first, the runtime's capabilities, crash leftovers. Grants the startup files. */
  getStartup: { args: NoArgs; result: StartupRequest };

  /**
   * Read a granted file: bytes and identity; starts watching it (fileChanged events). It becomes a recent file only
   * when the editor says it opened it ({@link HostOperations.noteFileOpened}).
   */
  openFile: { args: { path: string }; result: OpenedFile };
  /**
   * The editor's verdict on a file it read: `opened` adds it to the recent files; a file that failed to open is
   * removed from them, stops being watched and loses its file grant (it leaves the file browser's places).
   */
  noteFileOpened: { args: { path: string; opened: boolean }; result: null };
  /** The identity of a granted file as it is now on disk, or null when it does not exist. */
  statFile: { args: { path: string }; result: FileIdentity | null };
  /**
   * Atomically overwrite an opened file. Refused with `status: 'conflict'` when the file on disk no
   * longer matches `expected` (unless `force`). Keeps `FILE.bak` of the original on the first save.
   */
  saveFile: {
    args: { path: string; bytes: ArrayBuffer; expected: FileIdentity | null; force: boolean };
    result: SaveResult;
  };
  /** Atomically write to a new path (chosen through showSaveDialog or inside a granted directory); starts watching it.
   * */
  saveFileAs: { args: { path: string; bytes: ArrayBuffer }; result: SaveResult };
  /** Stop watching a file the renderer closed. */
  closeFile: { args: { path: string }; result: null };

  /** Resolve a game path through the data folders (case-insensitive, either slash, textures with or without extension).
   * */
  resolveGamePath: { args: { gamePath: string; kind: DataFileKind }; result: GamePathResolution };
  /** Resolve and read a game path through the data folders. */
  readGamePath: { args: { gamePath: string; kind: DataFileKind }; result: GamePathRead };
  /** List data-folder files of a kind (the winning entry of each game path), optionally under a game-path prefix. */
  listDataFiles: {
    args: { kind: DataFileKind; prefix: string; limit: number };
    result: { files: DataFileEntry[]; total: number; truncated: boolean };
  };
  /** The data folder stack with each folder's index state. */
  listDataFolders: { args: NoArgs; result: DataFolderStatus[] };
  /** Add a granted directory to the stack at `position` (0 = first, highest priority; -1 = last). */
  addDataFolder: { args: { path: string; position: number }; result: DataFolderStatus[] };
  /** Remove a folder from the stack. */
  removeDataFolder: { args: { path: string }; result: DataFolderStatus[] };
  /** Reorder the stack: `paths` must be the current folders, each once, in the new order. */
  reorderDataFolders: { args: { paths: string[] }; result: DataFolderStatus[] };

  /** Persisted settings: recent files, data folders, session state. */
  getSettings: { args: NoArgs; result: SettingsSnapshot };
  /** Set (or with null, delete) one session value, e.g. 'layout.timelineHeight'. Persisted atomically (debounced). */
  setSessionValue: { args: { key: string; value: JsonValue }; result: null };
  /** Forget the recent files. */
  clearRecentFiles: { args: NoArgs; result: null };

  /** Write (replace) the recovery file of a document with its current unsaved bytes. */
  writeRecovery: {
    args: { id: string; documentPath: string | null; displayName: string; bytes: ArrayBuffer };
    result: RecoveryEntry;
  };
  /** Every recovery file, newest first. */
  listRecovery: { args: NoArgs; result: RecoveryEntry[] };
  /** A recovery file's bytes. */
  readRecovery: { args: { id: string }; result: { entry: RecoveryEntry; bytes: ArrayBuffer } };
  /** Delete a recovery file (after a save, a clean close, or when the user declines it). */
  discardRecovery: { args: { id: string }; result: null };

  /** The in-app file browser: list a directory inside the granted roots; with `path: null`, list the roots. */
  listDirectory: { args: { path: string | null }; result: DirectoryListing };
  /** The granted roots (what the in-app file browser may show). */
  listRoots: { args: NoArgs; result: GrantedRoot[] };

  /**
   * Native open dialog (Electron only; check StartupRequest.nativeDialogs), titled after the operation that asks
   * (Import Cape from glTF, Add Map or Archive…), choosing files of `filters` or, with `folder`, a folder. The chosen
   * paths are granted.
   */
  showOpenDialog: {
    args: { title: string; folder: boolean; filters: DialogFilter[]; multiple: boolean };
    result: { canceled: boolean; paths: string[] };
  };
  /** Native save dialog (Electron only), titled after the operation (Save As, Export As…). The path is granted. */
  showSaveDialog: {
    args: { title: string; defaultPath: string | null; filters: DialogFilter[] };
    result: { canceled: boolean; path: string | null };
  };
  /** Show a granted file in the system's file manager (Electron only). */
  revealPath: { args: { path: string }; result: null };

  /** The window title and unsaved-changes flag (close prompts, macOS' edited dot). */
  setWindowState: { args: { title: string; edited: boolean }; result: null };
  /** After a closeRequested event, the renderer confirms: the window closes (Electron). */
  confirmClose: { args: NoArgs; result: null };

  /**
   * "Add Game Folder…": the game's MPQ archives in a granted install folder, in the order the game
   * reads them (War3Patch, War3xLocal, War3x, War3Local, War3), to add to the data sources in that
   * order (a map the user adds goes above them); an install of patch 1.30 or later (CASC storage)
   * is recognised and said so.
   */
  findGameArchives: { args: { path: string }; result: GameArchiveSearch };
  /** The files of a granted archive (a map or one of the game's archives), by hash order, at most `limit`. */
  listArchive: { args: { path: string; limit: number }; result: ArchiveListing };
  /** One file of a granted archive, by its game path (case-insensitive, either slash). */
  readArchiveFile: { args: { archive: string; gamePath: string }; result: ArchiveFileRead };
  /**
   * Write (add or replace) one file in a map (.w3x, .w3m, .w3n; the game's own archives are refused
   * with `unsupported`: save to a file instead). Refused with `status: 'conflict'` when the file in
   * the map no longer matches `expected` (null: it must not exist yet), unless `force`. Every other
   * file is kept byte for byte; the map is replaced atomically, keeping `MAP.bak` on the first write.
   */
  writeArchiveFile: {
    args: { archive: string; gamePath: string; bytes: ArrayBuffer; expected: FileIdentity | null; force: boolean };
    result: SaveResult;
  };
  /**
   * Names for archives without a `(listfile)`: a granted text file of game paths (one a line) tried in every archive,
   * kept in the settings; null for none. The archives in the stack are indexed again.
   */
  setArchiveListfile: { args: { path: string | null }; result: ArchiveListfile };
  /** The user's listfile in use. */
  getArchiveListfile: { args: NoArgs; result: ArchiveListfile };
  /**
   * Write (add or replace) a file in a data folder of the stack by its game path: existing folders and the file are
   * matched in any letter case, missing folders are created inside it. Refused with `status: 'conflict'` when the
   * file no longer matches `expected` (null: it must not exist yet), unless `force`; atomic, FILE.bak kept of an
   * overwritten file. An archive data source is refused as unsupported (use writeArchiveFile).
   */
  writeDataFile: {
    args: { folder: string; gamePath: string; bytes: ArrayBuffer; expected: FileIdentity | null; force: boolean };
    result: SaveResult;
  };

  /**
   * Start writing a render (Render ▸ Render Image / Render Animation) to a granted path: a `file` (a video, a GIF, a
   * PNG) or a `sequence` (a folder of numbered PNG files, created by the render). Nothing appears at `path` until
   * {@link HostOperations.finishRenderOutput}: the bytes go to a temporary file or folder beside it. An existing
   * `path` answers `status: 'exists'` unless `replace` (the old file is kept as `PATH.bak`, an old folder moved to
   * `PATH.bak`). At most {@link limits.renderOutputs} at once; one left without writes for 10 minutes is abandoned.
   */
  beginRenderOutput: {
    args: { path: string; kind: RenderOutputKind; replace: boolean };
    result: { status: 'started'; id: string } | { status: 'exists'; path: string };
  };
  /**
   * Write bytes of a render at `position`: into the file (`name` empty), or into the sequence's file `name` (a plain
   * file name). Running out of disk fails with `no-space` and abandons the render (nothing is left).
   */
  writeRenderOutput: { args: { id: string; name: string; position: number; bytes: ArrayBuffer }; result: null };
  /** Make the render appear at its path (flushed to disk, renamed into place atomically). */
  finishRenderOutput: { args: { id: string }; result: RenderOutputResult };
  /** Abandon a render: its temporary file or folder is removed and nothing is left at its path. */
  abortRenderOutput: { args: { id: string }; result: null };
}

/** A render written to one file, or to a folder of numbered files. */
export type RenderOutputKind = 'file' | 'sequence';

/** A finished render. */
export interface RenderOutputResult {
  /** Where it now is. */
  path: string;
  /** Files written (1 for a file). */
  files: number;
  bytes: number;
  /** Where the file or folder it replaced was kept, else null. */
  backupPath: string | null;
}

/** Operation names. */
export type OperationName = keyof HostOperations;
/** The argument object of an operation. */
export type OperationArgs<K extends OperationName> = HostOperations[K]['args'];
/** The result of an operation. */
export type OperationResult<K extends OperationName> = HostOperations[K]['result'];

// ─── Validators ──────────────────────────────────────────────────────────────────────────────

/** One validator per argument of each operation. */
export type ArgumentValidators<A> = { [P in keyof A]-?: Validator<A[P]> };

/** The runtime side of the contract: each operation's argument validators. */
export const operationArguments: { [K in OperationName]: ArgumentValidators<OperationArgs<K>> } = {
  getStartup: {},
  openFile: { path: filePath },
  noteFileOpened: { path: filePath, opened: bool },
  statFile: { path: filePath },
  saveFile: { path: filePath, bytes, expected: nullable(fileIdentity), force: bool },
  saveFileAs: { path: filePath, bytes },
  closeFile: { path: filePath },
  resolveGamePath: { gamePath, kind: oneOf(dataFileKinds) },
  readGamePath: { gamePath, kind: oneOf(dataFileKinds) },
  listDataFiles: { kind: oneOf(dataFileKinds), prefix: gamePathPrefix, limit: integer(1, limits.listEntries) },
  listDataFolders: {},
  addDataFolder: { path: filePath, position: integer(-1, 1000) },
  removeDataFolder: { path: filePath },
  reorderDataFolders: { paths: arrayOf(filePath, 1000) },
  getSettings: {},
  setSessionValue: { key: sessionKey, value: jsonValue },
  clearRecentFiles: {},
  writeRecovery: { id: recoveryId, documentPath: nullable(filePath), displayName: text(256), bytes },
  listRecovery: {},
  readRecovery: { id: recoveryId },
  discardRecovery: { id: recoveryId },
  listDirectory: { path: nullable(filePath) },
  listRoots: {},
  showOpenDialog: { title: text(120), folder: bool, filters: arrayOf(dialogFilter, 8), multiple: bool },
  showSaveDialog: { title: text(120), defaultPath: nullable(filePath), filters: arrayOf(dialogFilter, 8) },
  revealPath: { path: filePath },
  setWindowState: { title: text(512, true), edited: bool },
  confirmClose: {},
  findGameArchives: { path: filePath },
  listArchive: { path: filePath, limit: integer(1, limits.listEntries) },
  readArchiveFile: { archive: filePath, gamePath },
  writeArchiveFile: { archive: filePath, gamePath, bytes, expected: nullable(fileIdentity), force: bool },
  setArchiveListfile: { path: nullable(filePath) },
  getArchiveListfile: {},
  writeDataFile: { folder: filePath, gamePath, bytes, expected: nullable(fileIdentity), force: bool },
  beginRenderOutput: { path: filePath, kind: oneOf(['file', 'sequence'] as const), replace: bool },
  writeRenderOutput: {
    id: renderOutputId,
    name: renderFileName,
    position: integer(0, limits.renderBytes),
    bytes,
  },
  finishRenderOutput: { id: renderOutputId },
  abortRenderOutput: { id: renderOutputId },
};

/** Every operation name, in declaration order. */
export const operationNames = Object.keys(operationArguments) as OperationName[];

/** Whether a string names an operation (own key, not an Object.prototype member). */
export function isOperationName(name: unknown): name is OperationName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(operationArguments, name);
}

/**
 * Validate an operation's raw argument object: a plain object with exactly the declared keys,
 * each passing its validator. Missing arguments may be given as `undefined` only for none.
 */
export function validateArguments<K extends OperationName>(operation: K, raw: unknown): OperationArgs<K> {
  const validators = operationArguments[operation] as Record<string, Validator<unknown>>;
  const names = Object.keys(validators);
  if (raw === undefined && names.length === 0) return {} as OperationArgs<K>;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || raw instanceof ArrayBuffer) {
    throw new HostError('invalid-argument', `${operation}: the arguments must be an object`);
  }
  const record = raw as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!names.includes(key)) throw new HostError('invalid-argument', `${operation}: unknown argument "${key}"`);
  }
  const result: Record<string, unknown> = {};
  for (const name of names) {
    if (!(name in record)) throw new HostError('invalid-argument', `${operation}: missing argument "${name}"`);
    result[name] = validators[name]!(record[name], name);
  }
  return result as OperationArgs<K>;
}

/** IPC channel of an operation (Electron). */
export function ipcChannel(operation: OperationName): string {
  return `morf:${operation}`;
}

/** IPC channel for host events pushed to the renderer (Electron). */
export const eventChannel = 'morf:event';

/** Internal IPC channel: paths of files the user dropped on the window, sent by the preload from trusted drop events
 * only (main validates them again). */
export const dropChannel = 'morf:dropped-files';

/** The global the preload exposes in the renderer (Electron). */
export const preloadGlobal = 'morfHost';

/** HTTP path of an operation (browser shell): POST with a JSON or binary-frame body. */
export function httpPath(operation: OperationName): string {
  return `/api/${operation}`;
}

/** HTTP path of the event stream (browser shell, Server-Sent Events). */
export const eventStreamPath = '/api/events';
/** The browser shell's startup file (GET, `openFile`'s reply), preloaded by a link in the page marked with: */
export const startupFilePath = '/api/startup-file';
export const startupFileAttribute = 'data-morf-startup-file';
/** …and holding the session settings (`getSettings().session`, JSON), for the boot frame to lay the page out. */
export const startupSessionAttribute = 'data-morf-session';

/** Header carrying the per-run token (the cookie does the same once the page has loaded). */
export const tokenHeader = 'x-morf-token';

// ─── The client ──────────────────────────────────────────────────────────────────────────────

/** A function calling one operation: no parameter for operations without arguments. */
export type OperationFunction<K extends OperationName> = keyof OperationArgs<K> extends never
  ? () => Promise<OperationResult<K>>
  : (args: OperationArgs<K>) => Promise<OperationResult<K>>;

/** What the renderer calls (renderer/platform's getHost()). Rejects with HostError. */
export type HostClient = { [K in OperationName]: OperationFunction<K> } & {
  readonly runtime: 'electron' | 'web';
  /** Subscribe to host events; returns the unsubscribe function. */
  onEvent(listener: (event: HostEvent) => void): () => void;
};

/**
 * What the preload exposes as `window.morfHost` (Electron): one function per operation resolving
 * to its WireResult, plus the event subscription.
 */
export type PreloadApi = {
  [K in OperationName]: (args?: OperationArgs<K>) => Promise<WireResult<OperationResult<K>>>;
} & {
  readonly runtime: 'electron';
  onEvent(listener: (event: HostEvent) => void): () => void;
};

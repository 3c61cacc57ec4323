/**
 * The values the host contract (contract.ts) carries: files and their identities, data folders and their files,
 * game paths, saves, listings, dialogs, settings, recovery, start-up, host events, the size limits both sides share,
 * and the archives' listings. Pure TypeScript: no Node, Electron or DOM import.
 */

// ─── Shared value types ──────────────────────────────────────────────────────────────────────

/** What identifies one version of a file on disk: used to detect changes made behind our back. */
export interface FileIdentity {
  /** Absolute file path as the host resolved it. */
  path: string;
  size: number;
  mtimeMs: number;
  /** Lower-case hex SHA-256 of the bytes. */
  sha256: string;
}

/** A file read by {@link HostOperations.openFile}. */
export interface OpenedFile {
  identity: FileIdentity;
  bytes: ArrayBuffer;
}

/** Kinds of file the data folders can list and resolve. */
export type DataFileKind = 'model' | 'mrf' | 'texture' | 'sound' | 'any';
export const dataFileKinds: readonly DataFileKind[] = ['model', 'mrf', 'texture', 'sound', 'any'];

/** Extensions (lower case, with the dot) that belong to each kind; 'any' accepts every file. */
export const dataFileExtensions: Record<Exclude<DataFileKind, 'any'>, readonly string[]> = {
  model: ['.mdx', '.mdl'],
  mrf: ['.mrf'],
  texture: ['.blp', '.tga', '.dds'],
  sound: ['.wav', '.mp3', '.flac', '.ogg'],
};

/** Extensions of the files the editor opens as documents (models and capes): the only ones Open Recent lists. */
export const documentExtensions: readonly string[] = ['.mdx', '.mdl', '.mrf'];

/**
 * Whether a path names a document the editor opens (a model or a cape, on disk or inside a map) — not a file it
 * imports or exports (glTF, EMF, KF2), which Open Recent leaves out.
 */
export function isDocumentPath(path: string): boolean {
  const lower = path.toLowerCase();
  return documentExtensions.some((extension) => lower.endsWith(extension));
}

/** One data folder in the stack; the first folder that holds a game path wins. */
export interface DataFolderStatus {
  path: string;
  /** `indexing` while the first walk runs; `missing` when the folder no longer exists. */
  state: 'indexing' | 'ready' | 'missing' | 'error';
  fileCount: number;
  /** How long the last full index took, in milliseconds. */
  indexMs: number;
  /** True for the sample cinematic's folder, added for this session only (never persisted). */
  transient: boolean;
  error: string | null;
}

/** One file found in the data folders. */
export interface DataFileEntry {
  /** The game path with backslashes, in the folder's own spelling. */
  gamePath: string;
  /** Absolute file path. */
  path: string;
  /** The data folder that provides it (the first in the stack that holds the game path). */
  folder: string;
  size: number;
}

/** Result of resolving a game path through the data folders. */
export type GamePathResolution =
  | { status: 'found'; gamePath: string; entry: DataFileEntry }
  | {
      status: 'missing';
      gamePath: string;
      /** Spellings looked for (e.g. with each texture extension). */ tried: string[];
    };

/** Result of reading a game path through the data folders. */
export type GamePathRead =
  | { status: 'found'; gamePath: string; entry: DataFileEntry; identity: FileIdentity; bytes: ArrayBuffer }
  | { status: 'missing'; gamePath: string; tried: string[] };

/** Result of a save: written, or refused because the file changed on disk since it was opened. */
export type SaveResult =
  | {
      status: 'saved';
      identity: FileIdentity;
      /** Path of the `.bak` this save wrote (the version it replaced), else null (a new file). */
      backupPath: string | null;
      /** Path of the `.orig` this save wrote (the untouched original, kept once: the first save ever), else null. */
      originalPath: string | null;
    }
  | {
      status: 'conflict';
      /** The file as it is on disk now (null when it was deleted). */
      current: FileIdentity | null;
    };

/** An entry of the in-app file browser. */
export interface DirectoryEntry {
  name: string;
  path: string;
  kind: 'file' | 'directory';
  size: number;
  mtimeMs: number;
}

/** A directory listing (or, with no path given, the granted roots). */
export interface DirectoryListing {
  /** The listed directory, or null when listing the roots. */
  path: string | null;
  /** The parent directory when it is still inside a granted root, else null. */
  parent: string | null;
  entries: DirectoryEntry[];
}

/** A granted root the in-app file browser may show. */
export interface GrantedRoot {
  path: string;
  kind: 'file' | 'directory';
  /** Why it is granted. */
  reason: 'data-folder' | 'command-line' | 'dialog' | 'drop' | 'recent' | 'sample' | 'root-option' | 'saved-files';
}

/** A file type a dialog offers: its name and extensions, lower case without the dot (`*` for every file). */
export interface DialogFilter {
  name: string;
  extensions: string[];
}

/** JSON values (settings and session state). */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** The persisted settings the renderer may read. */
export interface SettingsSnapshot {
  /** Most recent first; at most {@link limits.recentFiles}. */
  recentFiles: string[];
  /** The data folder stack, first match wins (persisted folders only). */
  dataFolders: string[];
  /** Session state owned by the renderer (panel sizes, playback speed…), by key. */
  session: Record<string, JsonValue>;
  /** Set once when the settings file was corrupt and was set aside (with where it went). */
  notice: string | null;
}

/** A recovery file: unsaved edits written by the renderer every few seconds. */
export interface RecoveryEntry {
  /** Stable id chosen by the renderer per document (e.g. derived from its path or 'untitled-1'). */
  id: string;
  /** The document's file path, null for a document never saved. */
  documentPath: string | null;
  /** A name to show (file name or 'Untitled'). */
  displayName: string;
  savedAtMs: number;
  size: number;
  /** True when written by this run (the current session); false for leftovers of a crash. */
  currentSession: boolean;
}

/** What the renderer should do first. */
export interface StartupRequest {
  runtime: 'electron' | 'web';
  platform: 'win32' | 'darwin' | 'linux' | 'other';
  /** Whether showOpenDialog/showSaveDialog/revealPath exist (false in the browser shell: use the in-app file browser).
   * */
  nativeDialogs: boolean;
  /** Files to open, in order (command line, OS file association); already granted. */
  openFiles: string[];
  /** True when {@link openFiles} is the embedded sample cinematic (no file was given). */
  isSample: boolean;
  /** Leftover recovery files from a crash, to offer back. */
  recovery: RecoveryEntry[];
  /** A message to show once (e.g. the settings file was corrupt and was set aside). */
  notice: string | null;
  appVersion: string;
}

/** Events the host pushes to the renderer. */
export type HostEvent =
  | {
      type: 'fileChanged';
      path: string;
      /** Null when the file was deleted or renamed away. */
      identity: FileIdentity | null;
    }
  | { type: 'openFile'; path: string; source: 'command-line' | 'second-instance' | 'drop' | 'os' | 'recent' }
  | {
      type: 'menuCommand';
      /** The renderer operator to run, e.g. 'wm.open', 'ed.undo'. */
      operatorId: string;
      /** The properties it runs with (e.g. `{ type: 'front' }` for a viewpoint). */
      properties?: Readonly<Record<string, string | number | boolean>>;
    }
  | {
      type: 'dataFoldersChanged';
      folders: DataFolderStatus[];
      /** Game paths (lower case, backslashes) added, removed or changed; empty after a reindex. */
      changedGamePaths: string[];
    }
  | { type: 'closeRequested' };

/** Event names, for validation and switch exhaustiveness. */
export const hostEventTypes: readonly HostEvent['type'][] = [
  'fileChanged',
  'openFile',
  'menuCommand',
  'dataFoldersChanged',
  'closeRequested',
];

/** Size limits shared by both sides. */
export const limits = {
  /** Largest file the host opens or saves. */
  fileBytes: 512 * 1024 * 1024,
  /** Longest path string accepted. */
  pathLength: 4096,
  /** Largest session value (JSON-encoded). */
  sessionValueBytes: 256 * 1024,
  /** Recent files kept. */
  recentFiles: 12,
  /** Most entries a listing returns. */
  listEntries: 20_000,
  /** Largest render output (a video, or a PNG sequence's files together). */
  renderBytes: 64 * 1024 * 1024 * 1024,
  /** Most files of one PNG sequence. */
  renderFiles: 100_000,
  /** Render outputs being written at once (a render that is never finished or aborted holds one). */
  renderOutputs: 4,
} as const;

// ─── Archives ────────────────────────────────────────────────────────────────────────────────

/** The user's listfile: its path (null for none) and how many names it gave. */
export interface ArchiveListfile {
  path: string | null;
  names: number;
}

/** What {@link HostOperations.findGameArchives} found in an install folder. */
export interface GameArchiveSearch {
  /** `mpq`: archives found; `casc`: a patch 1.30+ install (CASC storage, no MPQ archives); `none`: neither. */
  kind: 'mpq' | 'casc' | 'none';
  /** Absolute paths of the archives found, in the order the game reads them (the first wins). */
  archives: string[];
  /** One sentence for the dialog: what was found, or why nothing can be added. */
  message: string;
}

/** One file of an archive. */
export interface ArchiveListEntry {
  /** The game path, or null when no listfile names the entry. */
  gamePath: string | null;
  /** The game path, or `FileNNNNNNNN.xxx` (the block index) for an unnamed entry. */
  label: string;
  size: number;
  /** Bytes it takes in the archive. */
  storedSize: number;
  encrypted: boolean;
  compressed: boolean;
}

/** The files of an archive. */
export interface ArchiveListing {
  path: string;
  /** Whether files can be written into it: a map or campaign (.w3x, .w3m, .w3n), never the game's archives. */
  writable: boolean;
  entries: ArchiveListEntry[];
  total: number;
  truncated: boolean;
}

/** A file read from an archive: `entry.path` is the archive's path with the game path below it. */
export interface ArchiveFileRead {
  entry: DataFileEntry;
  /** The file's identity: `path` as in `entry`, its size and SHA-256, and the archive's modification time. */
  identity: FileIdentity;
  bytes: ArrayBuffer;
}

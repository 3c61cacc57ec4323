/**
 * The editor's store (zustand, vanilla so that operators, tests and the canvas views use it
 * without React). State comes in three kinds:
 *  - document: the open file and its undo history of immutable model documents — undoable, saved;
 *  - session: layout, timeline view, playhead, shading — persisted through the host, not undoable;
 *  - ephemeral: selection, hover, drag preview, playback, dialogs, the cape asset cache.
 * Writers live in the *-actions modules; views read through narrow selectors.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DataFolderStatus, FileIdentity, HostClient } from '../../shared/contract/contract';
import type { MrfFile } from '../../shared/mrf/types';
import type { Diagnostic } from '../../shared/diagnostics';
import type { GameTableSet } from '../../shared/game-tables';
import type { KeyAddress, ModelCodec, ModelDocument } from '../../shared/events/document';
import type { CapeEntry } from '../capes/cape-entry';
import { type History, present } from './history';
import { EMPTY_SELECTION, type Selection } from './selection';
import { defaultSession, type SessionState } from './session';
import type { RenderSettings } from './render-settings';
import type { RenderKind, RenderStatus } from './render-settings';

/** The editor areas; the keymap is looked up in the hovered area first, then `screen`. */
export type AreaKind = 'screen' | 'outliner' | 'viewport' | 'timeline' | 'properties' | 'diagnostics' | 'fileBrowser';

/** The file being edited: a model (events and links) or a standalone cape. */
export interface OpenFile {
  kind: 'model' | 'mrf';
  /** Absolute file path; null for a file not yet saved anywhere. */
  path: string | null;
  /** Base name shown in the header. */
  name: string;
  /** Identity on disk when it was opened or last saved (conflict detection). */
  identity: FileIdentity | null;
}

/** Where the editor gets its codec and host; injected so tests and workers can supply their own. */
export interface EditorServices {
  /** The model codec (shared/events). */
  codec: ModelCodec;
  /** The host client; null in unit tests that need no files. */
  host: HostClient | null;
}

/** A key drag (mouse drag or G) shown before it is committed as one edit. */
export interface DragPreview {
  keys: readonly KeyAddress[];
  /** The key the snapping follows (the one grabbed). */
  anchor: KeyAddress;
  deltaMs: number;
  /** The duplicate step's gesture when the keys were just duplicated: the move joins it, Esc undoes it. */
  gesture: string | null;
}

/** Keys copied with Ctrl+C: per object, times relative to the earliest copied key. */
export interface KeyClipboard {
  entries: readonly { objectIndex: number; objectName: string; offsetMs: number }[];
}

/** One cape being edited, a document beside the model (its edits and history: cape-documents.ts). */
export interface CapeDocument {
  /** The cape's key in the asset cache (capeKey of its game path). */
  key: string;
  /** The link's game path, or the standalone file's path. */
  gamePath: string;
  /** The file's base name, for the title and the prompts. */
  name: string;
  /** True for a cape opened on its own (the open file); false for a link's cape. */
  standalone: boolean;
  history: History<MrfFile>;
  /** The file as last read or saved: unsaved changes are `present(history) !== saved` (null: never saved). */
  saved: MrfFile | null;
  /** The bytes the cape was read from: their hash is its identity on disk until it is saved. */
  readBytes: Uint8Array;
  /** The identity on disk after a save (null until then). */
  identity: FileIdentity | null;
}

/**
 * A modal prompt (plain data). The confirm, prompt and file-browser kinds are answered through
 * `answerDialog` (renderer/state/dialog-actions.ts): a confirm with an action id, the others with text or null.
 */
export type Dialog =
  | {
      kind: 'confirm';
      title: string;
      message: string;
      actions: readonly { id: string; label: string; primary?: boolean; danger?: boolean }[];
    }
  | { kind: 'prompt'; title: string; label: string; value: string }
  | {
      kind: 'fileBrowser';
      purpose: 'open' | 'save' | 'dataFolder';
      title: string;
      initialName: string;
      /** The wildcards the file list starts filtered by (`*.glb *.gltf`; `*` for every file). */
      filter: string;
      /** The accept button of a file choice (Open, Import, Save, Export). */
      acceptLabel: string;
      /** The verb of a data-folder choice's button: “Add” makes “Add This Folder”, “Add This Map”. */
      acceptVerb: string;
      /** Where the in-app browser starts (a folder or an archive); else beside the open file. */
      startPath?: string;
    }
  | {
      /** Text fields answered with the texts typed by key, or null (askForm; editors/dialogs/FormDialog.tsx). */
      kind: 'form';
      title: string;
      message: string;
      fields: readonly { key: string; label: string; value: string; placeholder: string; hint: string }[];
      submitLabel: string;
    }
  | {
      /** Render ▸ Render Image / Animation's settings (editors/dialogs/RenderDialog.tsx), answered with a
       * {@link RenderAnswer} or null. */
      kind: 'render';
      mode: RenderKind;
      settings: RenderSettings;
    }
  | { kind: 'operatorSearch' }
  | { kind: 'keymap' }
  | { kind: 'about' };

/** What the render dialog answers: the settings, and whether the output downloads (else a path is asked for). */
export interface RenderAnswer {
  settings: RenderSettings;
  download: boolean;
}

/** Whether a cape's texture could be shown, and why not. */
export interface TextureStatus {
  status: 'loading' | 'ready' | 'missing' | 'unreadable';
  /** The file it resolved to. */
  resolvedPath: string | null;
  /** Why the checker pattern is shown instead. */
  reason: string | null;
  width: number;
  height: number;
}

/** A report in the Info log (Blender's Info editor): every status-bar message, with the wall-clock time. */
export interface LogMessage {
  /** Increasing per store. */
  id: number;
  text: string;
  severity: 'info' | 'warning' | 'error';
  /** Date.now() when reported. */
  wallTimeMs: number;
}

/** The most reports the Info log keeps (the oldest go first). */
export const MAX_LOG_MESSAGES = 500;

/** A status-bar message. */
export interface Notice {
  text: string;
  severity: 'info' | 'warning' | 'error';
  /** performance.now() when shown. */
  at: number;
}

/** Everything in the store. */
export interface EditorState {
  // ── document
  file: OpenFile | null;
  history: History<ModelDocument> | null;
  /** The document as last read or saved: unsaved changes are `present(history) !== savedDocument`. */
  savedDocument: ModelDocument | null;
  /** Validation of the present document and of the capes it links. */
  diagnostics: readonly Diagnostic[];
  /** In MRF-only mode, the cape that was opened. */
  standaloneCape: CapeEntry | null;
  /** True when the file changed on disk since it was opened or saved (reload prompt pending). */
  changedOnDisk: boolean;
  /** Capes being edited, each a document of its own (history, saved state), by cape key (cape-documents.ts). */
  capeDocuments: Readonly<Record<string, CapeDocument>>;
  /** The document whose editor has focus (Save, Undo and the title act on it): a cape document's key, or null for
   * the open file. */
  focusedDocument: string | null;
  // ── session
  session: SessionState;
  runtime: { kind: 'electron' | 'web'; nativeDialogs: boolean; platform: string };
  recentFiles: readonly string[];
  dataFolders: readonly DataFolderStatus[];
  // ── ephemeral
  selection: Selection;
  capes: Readonly<Record<string, CapeEntry>>;
  hoveredArea: AreaKind | null;
  /** Hint for the hovered control, shown in the status bar. */
  hint: string;
  drag: DragPreview | null;
  /** 0 stopped, 1 forwards, -1 backwards. */
  playing: 0 | 1 | -1;
  /** While playing: the frames per second shown, measured over the last second or so (null before a measure). */
  playbackFps: number | null;
  loading: { label: string; progress: number | null } | null;
  notice: Notice | null;
  /** The Info log: every report since start-up, oldest first (at most {@link MAX_LOG_MESSAGES}). */
  messages: readonly LogMessage[];
  dialog: Dialog | null;
  clipboard: KeyClipboard | null;
  /** Set once startup is done (the startup file and its capes opened, or failed): the viewport then creates its GL
   * context. */
  booted: boolean;
  /** The game's tables (SLK) from the data sources, for what event objects mean; null until first loaded. */
  gameTables: GameTableSet | null;
  /** Bumped when the data folders change: textures are resolved and read again. */
  textureGeneration: number;
  /** The render under way (Render ▸ Render Image / Animation), or null. */
  render: RenderStatus | null;
  /** The model camera the viewport looks through (its index in the model's cameras), or null for the free view. */
  viewCamera: number | null;
  /** Texture state by cape texture path (lower case), for the properties. */
  textures: Readonly<Record<string, TextureStatus>>;
  /** The area shown alone (Blender's Toggle Maximize Area), or null; `hidePanels` (Toggle Fullscreen Area) also
   * hides the top bar and the status bar. */
  maximizedArea: { area: AreaKind; hidePanels: boolean } | null;
}

/**
 * The store passed to actions, operators and views: the state, plus the services it was created with (not state:
 * never saved, never undone, never replaced) and the answer of the dialog on screen.
 */
export type EditorStore = StoreApi<EditorState> & {
  readonly services: EditorServices;
  /** Answers the dialog on screen (`state.dialog`): set by the dialog actions while one is shown. */
  answerDialog: ((answer: unknown) => void) | null;
};

/** A store with nothing open. */
export function createEditorStore(services: EditorServices, session: SessionState = defaultSession()): EditorStore {
  const store = createStore<EditorState>()(() => ({
    file: null,
    history: null,
    savedDocument: null,
    diagnostics: [],
    standaloneCape: null,
    changedOnDisk: false,
    capeDocuments: {},
    focusedDocument: null,
    session,
    runtime: { kind: 'web', nativeDialogs: false, platform: 'other' },
    recentFiles: [],
    dataFolders: [],
    selection: EMPTY_SELECTION,
    capes: {},
    hoveredArea: null,
    hint: '',
    drag: null,
    playing: 0,
    playbackFps: null,
    loading: null,
    notice: null,
    messages: [],
    dialog: null,
    clipboard: null,
    maximizedArea: null,
    textures: {},
    textureGeneration: 0,
    gameTables: null,
    viewCamera: null,
    render: null,
    booted: false,
  }));
  return Object.assign(store, { services, answerDialog: null });
}

/** The present model document, or null (nothing open, or a standalone cape). */
export function currentDocument(state: EditorState): ModelDocument | null {
  return state.history ? present(state.history) : null;
}

/** Whether the document differs from the saved one. */
export function isDirty(state: EditorState): boolean {
  return state.history !== null && present(state.history) !== state.savedDocument;
}

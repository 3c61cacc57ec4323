/**
 * The editor as the model-based test drives it (issue 21): a store, the operator registry and the file service over
 * the real host in this process (tests/testing/in-process-host.ts), following linked capes and the cape documents'
 * focus as the app does (renderer/app/boot.ts), and the user's gestures as the editors turn them into actions — a
 * pointer press in an area (which gives the focus back to the open file, or to a cape's Properties), keys over an
 * area, the grab's mouse moves and Enter, dialogs answered.
 *
 * A workspace is one model file in a folder of its own with a data folder holding the sample's capes cut to their
 * first 12 keyframes (so that links to ArthasCape0000–0005 find them, and each sequence reads little) and one host over
 * it; each sequence opens the file in a new editor, and the workspace puts back what a save changed before the next.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HostServices } from '../../electron/host/host';
import { trimCape } from '../../shared/capes/edit';
import { modelCodec } from '../../shared/events';
import { readMrf, writeMrf } from '../../shared/mrf';
import { ViewNavigator } from '../../renderer/editors/viewport/view-navigator';
import { FileService } from '../../renderer/files/file-service';
import {
  contextFor,
  type ModalEvent,
  type ModalHandler,
  type OperatorProperties,
} from '../../renderer/operators/operator';
import { createOperatorRegistry } from '../../renderer/operators';
import type { OperatorRegistry } from '../../renderer/operators/operator';
import { registerAreaCommands } from '../../renderer/state/area-commands';
import { followLinkedCapes } from '../../renderer/state/cape-actions';
import { followDocumentFocus } from '../../renderer/state/document-focus';
import { answerDialog } from '../../renderer/state/dialog-actions';
import { type AreaKind, type EditorStore, createEditorStore, currentDocument } from '../../renderer/state/editor-store';
import { capeKey } from '../../renderer/capes/cape-entry';
import { createModelParser } from '../../renderer/workers/model-parser';
import { inProcessClient } from '../testing/in-process-host';

const repositoryRoot = join(import.meta.dirname, '..', '..');
/** The sample's data folder: ArthasCape0000–0005. */
export const SAMPLE_DATA = join(repositoryRoot, 'assets', 'sample', 'data');
const CAPE_FOLDER = ['doodads', 'cinematic', 'arthasillidanfight'];

/** A model to run the test on, and capes to add to the data folder beside the sample's. */
export interface WorkspaceFile {
  /** A name for the reports (the corpus path, or the sample's). */
  label: string;
  /** The file name on disk (its extension tells MDX from MDL). */
  name: string;
  bytes: Uint8Array;
  /** Extra capes: the lower-case file name in Doodads\Cinematic\ArthasIllidanFight and its bytes. */
  capes?: readonly { name: string; bytes: Uint8Array }[];
}

/** One model file in a folder of its own with a data folder, and a host over it. */
export class EditorWorkspace {
  private constructor(
    readonly file: WorkspaceFile,
    readonly directory: string,
    readonly modelPath: string,
    readonly dataFolder: string,
    readonly host: HostServices,
    private readonly capeBytes: ReadonlyMap<string, Uint8Array>,
  ) {}

  /** Each restored file's modification time and size as last written (a file that kept them is as it was). */
  private readonly stamps = new Map<string, { mtimeMs: number; size: number }>();

  static async create(file: WorkspaceFile): Promise<EditorWorkspace> {
    const directory = mkdtempSync(join(tmpdir(), 'morf-editor-model-'));
    const modelPath = join(directory, file.name);
    writeFileSync(modelPath, file.bytes);
    const dataFolder = join(directory, 'data');
    const capes = join(dataFolder, ...CAPE_FOLDER);
    mkdirSync(capes, { recursive: true });
    // The capes cut to their first keyframes: every sequence reads (hashes, validates) each linked one again, and
    // the invariants do not depend on how long a cape is.
    for (const name of readdirSync(join(SAMPLE_DATA, ...CAPE_FOLDER)))
      writeFileSync(
        join(capes, name),
        shortCape(new Uint8Array(readFileSync(join(SAMPLE_DATA, ...CAPE_FOLDER, name)))),
      );
    for (const cape of file.capes ?? []) writeFileSync(join(capes, cape.name), shortCape(cape.bytes));
    const capeBytes = new Map(
      readdirSync(capes).map((name) => [name, new Uint8Array(readFileSync(join(capes, name)))]),
    );
    const host = new HostServices({
      runtime: 'web',
      appVersion: '0.0.0',
      configDirectory: join(directory, 'config'),
      startupFiles: [modelPath],
      sessionDataFolders: [dataFolder],
      sampleDirectory: null,
      nativeDialogs: false,
      grantStartupFolders: true,
    });
    await host.start();
    return new EditorWorkspace(file, directory, modelPath, dataFolder, host, capeBytes);
  }

  /** The cape file of a game path's lower-case base name, on disk. */
  capePath(name: string): string {
    return join(this.dataFolder, ...CAPE_FOLDER, name.toLowerCase());
  }

  /** Puts back the model and the capes as they were (a sequence may have saved them), and drops backups. */
  reset(): void {
    const restore = (path: string, bytes: Uint8Array) => {
      const stamp = statSync(path, { throwIfNoEntry: false });
      const known = this.stamps.get(path);
      if (stamp && known && stamp.mtimeMs === known.mtimeMs && stamp.size === known.size) return;
      if (!stamp || !sameBytes(new Uint8Array(readFileSync(path)), bytes)) writeFileSync(path, bytes);
      const written = statSync(path);
      this.stamps.set(path, { mtimeMs: written.mtimeMs, size: written.size });
    };
    restore(this.modelPath, this.file.bytes);
    for (const [name, bytes] of this.capeBytes) restore(this.capePath(name), bytes);
    for (const folder of [this.directory, join(this.dataFolder, ...CAPE_FOLDER)])
      for (const name of readdirSync(folder)) if (name.endsWith('.bak')) rmSync(join(folder, name), { force: true });
  }

  async close(): Promise<void> {
    await this.host.close();
    rmSync(this.directory, { recursive: true, force: true });
  }
}

/** The keyframes a cape of the workspace keeps (the first ones; the rest are cut). */
export const WORKSPACE_CAPE_KEYFRAMES = 12;

/** A cape's bytes with its first {@link WORKSPACE_CAPE_KEYFRAMES} keyframes only. */
function shortCape(bytes: Uint8Array): Uint8Array {
  const file = readMrf(bytes);
  return writeMrf(trimCape(file, 0, Math.min(file.keyframes.length, WORKSPACE_CAPE_KEYFRAMES) - 1));
}

/** Whether two byte arrays hold the same bytes. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.compare(a, b) === 0;
}

/** A dialog's answer: text (prompt), an action id (confirm), fields (form), or null (cancel). */
export type DialogAnswer = string | Record<string, string> | null;

/** An element-like target for the focus listener of followCapeDocuments: inside an area, or a cape's Properties. */
function pointerTarget(place: { area: AreaKind } | { capeKey: string }) {
  return {
    closest(selector: string) {
      if (selector === '[data-cape-document]') return 'capeKey' in place ? { getAttribute: () => place.capeKey } : null;
      return selector === '[data-area]' ? {} : null;
    },
  };
}

/** One editor over a workspace: what a user's session does, one gesture at a time. */
export class EditorHarness {
  readonly store: EditorStore;
  readonly operators: OperatorRegistry;
  readonly files: FileService;
  private readonly listeners = new Map<string, Set<(event: unknown) => void>>();
  private readonly stops: (() => void)[] = [];
  private answers: DialogAnswer[] = [];
  /** Dialogs that came with no answer queued (each is dismissed, and the test fails on it). */
  readonly unexpectedDialogs: string[] = [];
  private constructor(readonly workspace: EditorWorkspace) {
    this.store = createEditorStore({ codec: modelCodec, host: inProcessClient(workspace.host) });
    this.files = new FileService(this.store, createModelParser(null, modelCodec));
    this.operators = createOperatorRegistry(this.files);
    const root = {
      addEventListener: (type: string, listener: (event: unknown) => void) => {
        const set = this.listeners.get(type) ?? new Set();
        set.add(listener);
        this.listeners.set(type, set);
      },
      removeEventListener: (type: string, listener: (event: unknown) => void) =>
        this.listeners.get(type)?.delete(listener),
    };
    this.stops.push(followLinkedCapes(this.store));
    this.stops.push(followDocumentFocus(this.store, root as unknown as Document));
    this.stops.push(
      registerAreaCommands(this.store, 'timeline', {
        viewAll: () => undefined,
        viewSelected: () => undefined,
        geometry: () => ({ width: 1200, height: 4000, gutterWidth: 200, rulerHeight: 36, rowHeight: 20, scrollTop: 0 }),
        drawNow: () => undefined,
        rulerLabels: () => [],
      }),
    );
    this.stops.push(
      registerAreaCommands(this.store, 'viewport', {
        freeView: () => new ViewNavigator().view(),
        viewAll: () => undefined,
        viewSelected: () => undefined,
        frameOpenedFile: () => undefined,
        viewAxis: () => undefined,
        toggleOrthographic: () => undefined,
        orbitStep: () => undefined,
        zoomStep: () => undefined,
      }),
    );
    this.stops.push(
      this.store.subscribe((state, previous) => {
        const dialog = state.dialog;
        if (!dialog || dialog === previous.dialog) return;
        if (dialog.kind !== 'prompt' && dialog.kind !== 'confirm' && dialog.kind !== 'form') return;
        queueMicrotask(() => {
          if (this.store.getState().dialog !== dialog) return;
          if (this.answers.length === 0) {
            this.unexpectedDialogs.push(`${dialog.kind} “${dialog.title}”`);
            answerDialog(this.store, null);
            return;
          }
          const answer = this.answers.shift()!;
          const reply = this.store.answerDialog;
          if (reply && answer !== null && typeof answer === 'object') reply(answer);
          else answerDialog(this.store, answer as string | null);
        });
      }),
    );
  }

  /** A new editor with the workspace's model opened (as File ▸ Open does), its capes loaded. */
  static async open(workspace: EditorWorkspace): Promise<EditorHarness> {
    workspace.reset();
    const harness = new EditorHarness(workspace);
    harness.store.setState({ booted: true, dataFolders: await harness.store.services.host!.listDataFolders() });
    if (!(await harness.files.openPath(workspace.modelPath, { skipPrompt: true })))
      throw new Error(`cannot open ${workspace.file.label}: ${harness.store.getState().notice?.text}`);
    await harness.settle();
    return harness;
  }

  /** Stops following the store. */
  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  /** A pointer press in an area (the capture listener of the app sees it first) or in a cape's Properties. */
  pointerDown(place: { area: AreaKind } | { capeKey: string }): void {
    this.store.setState({ hoveredArea: 'area' in place ? place.area : 'properties' });
    for (const listener of this.listeners.get('pointerdown') ?? []) listener({ target: pointerTarget(place) });
  }

  /** Moves the pointer over an area (the keymap looks there first). */
  hover(area: AreaKind): void {
    this.store.setState({ hoveredArea: area });
  }

  /**
   * Runs an operator as a key or a button does (the registry's poll and defaults), awaiting what it does and answering
   * its dialogs with `answers` in turn. Returns false when it could not run. Throws what the operator throws (the
   * registry would report it in the status bar: here it fails the test).
   */
  async run(
    id: string,
    area: AreaKind,
    properties: OperatorProperties = {},
    answers: readonly DialogAnswer[] = [],
  ): Promise<boolean> {
    const operator = this.operators.get(id);
    if (!operator) throw new Error(`no operator ${id}`);
    const context = contextFor(this.store, area, { ...operator.defaults, ...properties });
    if (!this.operators.canRun(id, context)) return false;
    await this.answering(answers, async () => {
      await operator.execute(context);
      await this.settle();
    });
    return true;
  }

  /** Runs `action` with the dialogs it brings answered by `answers` in turn. */
  async answering<T>(answers: readonly DialogAnswer[], action: () => Promise<T>): Promise<T> {
    this.answers = [...answers];
    try {
      return await action();
    } finally {
      this.answers = [];
    }
  }

  /**
   * Starts a modal operator (the grab: G, Shift+D) from a key press over the Dope Sheet with the pointer at x = 0, and
   * returns its handler (null when it did not start).
   */
  invoke(id: string): ModalHandler | null {
    const operator = this.operators.get(id)!;
    const context = contextFor(this.store, 'timeline', { ...operator.defaults }, { x: 0, y: 0 });
    if (!this.operators.canRun(id, context) || !operator.invoke) return null;
    return operator.invoke(context, null);
  }

  /** Waits until no linked cape is loading and every pending dialog, save or load has had its turn. */
  async settle(): Promise<void> {
    // Host reads take turns of the event loop and real time: wait for them (a loaded machine may take long).
    const deadline = performance.now() + SETTLE_LIMIT_MS;
    while (performance.now() < deadline) {
      await new Promise((resolve) => setImmediate(resolve));
      const state = this.store.getState();
      const document = currentDocument(state);
      const loading =
        state.loading !== null ||
        state.dialog !== null ||
        (document?.links.some((link) => state.capes[capeKey(link.path)]?.status === 'loading') ?? false);
      if (!loading) return;
    }
    throw new Error(`the editor did not settle: ${JSON.stringify(this.store.getState().loading)}`);
  }
}

/** How long the editor may take to settle after a gesture before the step fails. */
const SETTLE_LIMIT_MS = 10_000;

/** A modal event (the grab reads the x of moves and the chord of keys). */
export function modalEvent(type: ModalEvent['type'], chord: string | null, x = 0, ctrlKey = false): ModalEvent {
  return { type, chord, x, y: 0, ctrlKey, shiftKey: false, altKey: false };
}

/**
 * Files: open (path, recent, drag and drop), save in the file's own format (atomic on the host,
 * with a conflict prompt when the file changed on disk), save as, revert, the unsaved-changes prompt and the reload
 * prompt; the data folder stack is its own service (data-folder-service.ts). The host moves bytes; the codec gives them
 * meaning; this module sequences the two and keeps the store's document state in step.
 */
import { takeBootRead } from './boot-read';
import { type FileIdentity, HostError, type OpenedFile } from '../../shared/contract/contract';
import { requestAreaCommand } from '../state/area-commands';
import { parseCape, loadLinkedCapes } from '../state/cape-actions';
import { closeDocument, markSaved, openModelDocument, openStandaloneCape } from '../state/document-actions';
import { type EditorStore, type OpenFile, currentDocument, isDirty } from '../state/editor-store';
import {
  discardCapeDocuments,
  isCapeDirty,
  markCapeSaved,
  markStandaloneCapeUnsaved,
  standaloneCapeKey,
} from '../state/cape-documents';
import { focusedLinkCapeKey, hasUnsavedChanges, windowTitle } from '../state/document-focus';
import {
  type KeptFiles,
  confirmUnsavedCapes,
  keptText,
  saveCapeDocument,
  standaloneCapeBytes,
} from '../state/cape-document-files';
import { present } from '../state/history';
import { askConfirm, askPath, notify } from '../state/dialog-actions';
import { offerDataFolder, readAnyFile, saveAnywhere, writeIntoArchive } from './archive-files';
import { archiveEntryOf, displayName, isArchiveName, isWritableArchive } from './archive-paths';
import { updateSession } from '../state/session-actions';
import { openDocumentRequest, saveAsRequest } from './path-requests';
import { readCapeSource } from './cape-sources';
import { DataFolderService } from './data-folder-service';
import { type CapeConverter, createCapeConverter, startCapeWorker } from '../capes/cape-conversions';
import { capeImporterFor } from '../capes/cape-importers';
import type { ModelParser, ParsedBase, ParsedModel } from '../workers/model-parser';
import { afterFirstViewportFrame } from '../state/first-frame-gate';
import { exactBuffer, sha256Hex } from './file-bytes';
import { baseName, extensionOf, recoveryId } from './file-names';

/** A file read ahead of its open: as read (its bytes handed to the parser when a model) and its parse. */
interface AheadRead {
  opened: OpenedFile & { fromArchive: boolean };
  parsed: Promise<ParsedModel> | null;
}

function describe(error: unknown): string {
  if (error instanceof HostError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Opening and saving, bound to one store. */
export class FileService {
  /** Hashes of the bytes this editor wrote: a change event carrying one of them is our own save. */
  private readonly written = new Set<string>();
  /** Versions on disk the user chose not to reload. */
  private readonly acknowledged = new Set<string>();
  /** The file the open model was read from (the parser's worker keeps a copy for recovery files). */
  private base: ParsedBase | null = null;
  /** Paths of the files read from inside an archive (saved back into it). */
  private readonly inArchive = new Set<string>();

  /** The data folder stack: adding, moving and removing folders, and resolving the capes again after each change. */
  readonly dataFolders: DataFolderService;
  /** The startup file, read and parsed ahead of its open while the editor first renders (see `readAhead`). */
  private ahead: { path: string; read: Promise<AheadRead> } | null = null;
  /** The cape worker's converter, started at its first use (importing a glTF chosen in Open). */
  private converter: CapeConverter | null;

  constructor(
    private readonly store: EditorStore,
    private readonly parser: ModelParser,
    converter?: CapeConverter,
  ) {
    this.converter = converter ?? null;
    this.dataFolders = new DataFolderService(store);
  }

  /** Converts capes from and to other formats (the cape worker; inline where no worker starts). */
  get capeConverter(): CapeConverter {
    return (this.converter ??= createCapeConverter(typeof Worker === 'undefined' ? null : startCapeWorker));
  }

  private get host() {
    const host = this.store.services.host;
    if (!host) throw new Error('no host is connected');
    return host;
  }

  /**
   * Asks what to do with unsaved changes — the open file's, then each edited cape's; true when it is fine to
   * continue. The cape documents end when another file opens or the file closes.
   */
  async confirmDiscard(action: string): Promise<boolean> {
    const state = this.store.getState();
    if (isDirty(state)) {
      const name = state.file?.name ?? 'Untitled';
      const choice = await askConfirm(this.store, 'Unsaved changes', `Save changes to “${name}” before ${action}?`, [
        { id: 'cancel', label: 'Cancel' },
        { id: 'discard', label: "Don't Save", danger: true },
        { id: 'save', label: 'Save', primary: true },
      ]);
      if (choice === 'save' ? !(await this.saveOpenFile()) : choice !== 'discard') return false;
    }
    return confirmUnsavedCapes(this.store, action, () => this.saveOpenFile());
  }

  /**
   * Reads a file the boot is about to open and starts parsing it when it is a model (a binary MDX is read at once;
   * MDL text goes on in the worker while the editor first renders); the next `openPath` of that path adopts both.
   * Resolves when the bytes are in. Only a plain file path (not inside an archive, not one to import) is read ahead.
   */
  async readAhead(path: string): Promise<void> {
    if (isArchiveName(path) || archiveEntryOf(path) || capeImporterFor(path)) return;
    if (this.ahead?.path === path)
      return this.ahead.read.then(
        () => undefined,
        () => undefined,
      );
    const name = displayName(path);
    // The boot frame (renderer/boot) may have read and parsed it already, to draw it before the editor loaded.
    const booted = takeBootRead(path);
    if (booted) {
      const { bytes } = booted.opened;
      const parsed = booted.document ? Promise.resolve(this.parser.adopt(bytes, booted.document)) : null;
      const opened = { ...booted.opened, fromArchive: false, bytes: parsed ? new ArrayBuffer(0) : bytes };
      this.ahead = { path, read: Promise.resolve({ opened, parsed }) };
      return;
    }
    const read = readAnyFile(this.host, path).then((opened): AheadRead => {
      if (extensionOf(name) === '.mrf') return { opened, parsed: null };
      const parsed = this.parser.parse(opened.bytes, name);
      parsed.catch(() => undefined); // reported by the open that adopts it
      return { opened: { ...opened, bytes: new ArrayBuffer(0) }, parsed };
    });
    this.ahead = { path, read };
    await read.then(
      () => undefined,
      () => undefined,
    );
  }

  /** Opens a file path the host granted. */
  async openPath(path: string, options: { skipPrompt?: boolean } = {}): Promise<boolean> {
    if (!options.skipPrompt && !(await this.confirmDiscard('opening another file'))) return false;
    // A map or game archive (chosen in a native dialog, dropped): look inside it in the in-app browser, by range.
    if (isArchiveName(path) && !archiveEntryOf(path)) {
      const inside = await askPath(this.store, openDocumentRequest(path));
      return inside !== null && !isArchiveName(inside) && this.openPath(inside, { skipPrompt: true });
    }
    // A file to bake (glTF, EMF, KF2…) is imported as a new cape, unsaved; it does not become a recent file.
    if (!archiveEntryOf(path) && capeImporterFor(path)) return this.openImported(path);
    const name = displayName(path);
    this.store.setState({ loading: { label: `Reading ${name}…`, progress: null } });
    const ahead = this.ahead?.path === path ? this.ahead.read : null;
    this.ahead = null;
    try {
      const { opened, parsed } = ahead ? await ahead : { opened: await readAnyFile(this.host, path), parsed: null };
      if (opened.fromArchive) this.inArchive.add(opened.identity.path);
      const previous = this.store.getState().file?.path;
      const ok = await this.openBytes(name, opened.bytes, opened.identity.path, opened.identity, parsed);
      // Only a file that opened becomes recent; one that failed leaves the recent files and the places.
      if (ok || this.store.getState().file?.path !== opened.identity.path)
        await this.host.noteFileOpened({ path: opened.identity.path, opened: ok }).catch(() => undefined);
      if (ok && previous && previous !== opened.identity.path)
        this.host.closeFile({ path: previous }).catch(() => undefined);
      // The recent files and the data folder offer follow the viewport's first frame, which does not need them.
      afterFirstViewportFrame(() => {
        void this.refreshSettings();
        if (ok) void this.offerDataFolder(opened.identity.path);
      });
      return ok;
    } catch (error) {
      notify(this.store, `Cannot open ${name}: ${describe(error)}`, 'error');
      this.store.setState({ loading: null });
      // A file that cannot be read is forgotten — unless it is the one open (a failed revert keeps it).
      if (this.store.getState().file?.path !== path)
        await this.host.noteFileOpened({ path, opened: false }).catch(() => undefined);
      void this.refreshSettings();
      return false;
    }
  }

  /** Bakes a file of an importer's format (asking its options) and opens the cape alone, never saved. */
  private async openImported(path: string): Promise<boolean> {
    const bytes = await readCapeSource(this.store, this.capeConverter, path);
    if (!bytes) return false;
    const name = `${baseName(path).replace(/\.[^.]*$/, '')}.mrf`;
    if (!(await this.openBytes(name, exactBuffer(bytes), null, null))) return false;
    markStandaloneCapeUnsaved(this.store);
    this.updateWindowState();
    return true;
  }

  /** Opens bytes (a dropped file, a recovery file or an opened path); `parsed`: their parse, already started. */
  async openBytes(
    name: string,
    bytes: ArrayBuffer,
    path: string | null,
    identity: FileIdentity | null,
    parsed: Promise<ParsedModel> | null = null,
  ): Promise<boolean> {
    const file: OpenFile = { kind: extensionOf(name) === '.mrf' ? 'mrf' : 'model', path, name, identity };
    try {
      if (file.kind === 'mrf') {
        const entry = parseCape(path ?? name, path, new Uint8Array(bytes));
        if (entry.status !== 'found') throw new Error(entry.reason ?? 'unreadable');
        discardCapeDocuments(this.store);
        openStandaloneCape(this.store, entry, file);
        this.replaceBase(null);
      } else {
        this.store.setState({ loading: { label: `Parsing ${name}…`, progress: null } });
        const { document, base } = await (parsed ?? this.parser.parse(bytes, name));
        discardCapeDocuments(this.store);
        this.replaceBase(base);
        // Every linked cape is marked loading before the document shows, so nothing loads it twice.
        const capes = loadLinkedCapes(this.store, document, true);
        openModelDocument(this.store, document, file);
        this.store.setState({ loading: { label: `Loading ${document.links.length} capes…`, progress: null } });
        await capes;
      }
      // A newly opened file starts at its first sequence's start, that sequence chosen, framed on what it shows —
      // never at the previous file's playhead.
      const first = currentDocument(this.store.getState())?.sequences[0];
      updateSession(this.store, (session) => ({
        ...session,
        timeline: { ...session.timeline, sequenceIndex: first ? 0 : -1 },
        playback: { ...session.playback, playheadMs: first ? first.start : 0 },
      }));
      this.store.setState({ loading: null, playing: 0 });
      requestAreaCommand(this.store, 'timeline', 'viewAll');
      requestAreaCommand(this.store, 'viewport', 'frameOpenedFile');
      this.updateWindowState();
      return true;
    } catch (error) {
      notify(this.store, `Cannot open ${name}: ${describe(error)}`, 'error');
      this.store.setState({ loading: null });
      return false;
    }
  }

  private replaceBase(base: ParsedBase | null): void {
    if (this.base) this.parser.release(this.base);
    this.base = base;
  }

  /**
   * The bytes of the open file for a recovery file: assembled in the parser's worker from its copy of the file as
   * read and the pieces the edits made, so that the main thread copies no more than those pieces.
   */
  async recoveryBytes(): Promise<Uint8Array | null> {
    const document = currentDocument(this.store.getState());
    if (document && this.base) return this.parser.assemble(document, this.base);
    return this.serialize();
  }

  /** The bytes of the open file in its own format. */
  serialize(): Uint8Array | null {
    const state = this.store.getState();
    const document = currentDocument(state);
    if (document) {
      return this.store.services.codec.writeModel(document);
    }
    // A cape opened alone is written from its document once edited, else exactly as it was read.
    const key = standaloneCapeKey(state);
    const edited = key === null ? null : standaloneCapeBytes(state.capeDocuments[key]);
    if (edited) return edited;
    if (state.standaloneCape?.cape) return state.standaloneCape.cape.bytes;
    return null;
  }

  /** Ctrl+S: saves the document whose editor has focus — a link's cape, or the open file. */
  async save(): Promise<boolean> {
    const key = focusedLinkCapeKey(this.store.getState());
    return key === null ? this.saveOpenFile() : saveCapeDocument(this.store, key);
  }

  /** Saves the open file in place (Save As when it has no path yet). */
  async saveOpenFile(): Promise<boolean> {
    const state = this.store.getState();
    const file = state.file;
    if (!file) return false;
    if (!file.path) return this.saveAs();
    const archive = this.inArchive.has(file.path) ? archiveEntryOf(file.path) : null;
    if (archive && !isWritableArchive(archive.archive)) {
      notify(this.store, `${baseName(archive.archive)} is one of the game's own archives: save ${file.name} to a file`);
      return this.saveAs();
    }
    const document = currentDocument(state);
    try {
      const bytes = this.serialize();
      if (!bytes) return false;
      this.written.add(await sha256Hex(bytes));
      let result = await this.writeFile(file.path, bytes, file.identity, false);
      if (result.status === 'conflict') {
        const choice = await askConfirm(
          this.store,
          'File changed on disk',
          `“${file.name}” was changed by another program since it was opened.\nOverwrite it with your version?`,
          [
            { id: 'cancel', label: 'Cancel' },
            { id: 'overwrite', label: 'Overwrite', danger: true },
          ],
        );
        if (choice !== 'overwrite') return false;
        result = await this.writeFile(file.path, bytes, null, true);
        if (result.status === 'conflict') throw new Error('the file is still in conflict');
      }
      this.afterSave(document, { ...file, identity: result.identity }, result);
      return true;
    } catch (error) {
      notify(this.store, `Cannot save ${file.name}: ${describe(error)}`, 'error');
      return false;
    }
  }

  /** Ctrl+Shift+S: saves to a new path, in the same format. */
  async saveAs(): Promise<boolean> {
    const state = this.store.getState();
    const file = state.file;
    if (!file) return false;
    const wanted = extensionOf(file.name);
    const path = await askPath(this.store, saveAsRequest(baseName(file.name), wanted));
    if (!path) return false;
    if (wanted && extensionOf(path) !== wanted) {
      notify(
        this.store,
        `Save As keeps the file's format: choose a name ending in ${wanted}, or File ▸ Export As… to convert it`,
        'error',
      );
      return false;
    }
    const document = currentDocument(state);
    try {
      const bytes = this.serialize();
      if (!bytes) return false;
      this.written.add(await sha256Hex(bytes));
      const result = await saveAnywhere(this.host, path, exactBuffer(bytes));
      if (result.status === 'conflict') throw new Error('the file exists and changed while saving');
      if (archiveEntryOf(path) && result.identity.path === path) {
        this.inArchive.add(path);
        await this.host.noteFileOpened({ path, opened: true }).catch(() => undefined);
      }
      if (file.path && file.path !== result.identity.path)
        this.host.closeFile({ path: file.path }).catch(() => undefined);
      this.afterSave(
        document,
        { ...file, path: result.identity.path, name: displayName(result.identity.path), identity: result.identity },
        result,
      );
      void this.refreshSettings();
      return true;
    } catch (error) {
      notify(this.store, `Cannot save ${baseName(path)}: ${describe(error)}`, 'error');
      return false;
    }
  }

  private afterSave(document: ReturnType<typeof currentDocument>, file: OpenFile, kept: KeptFiles): void {
    if (document) markSaved(this.store, document, file);
    else this.store.setState({ file, changedOnDisk: false });
    const cape = this.store.getState().capeDocuments[standaloneCapeKey(this.store.getState()) ?? ''];
    if (cape) markCapeSaved(this.store, cape.key, present(cape.history), file.identity);
    this.host.discardRecovery({ id: recoveryId(file.path ?? file.name) }).catch(() => undefined);
    notify(this.store, `Saved ${file.name}${keptText(kept)}`);
    this.updateWindowState();
  }

  /** File ▸ Revert: reloads the file from disk, dropping unsaved changes. */
  async revert(): Promise<boolean> {
    const file = this.store.getState().file;
    if (!file?.path) return false;
    const cape = this.store.getState().capeDocuments[standaloneCapeKey(this.store.getState()) ?? ''];
    if (isDirty(this.store.getState()) || (cape && isCapeDirty(cape))) {
      const choice = await askConfirm(
        this.store,
        'Revert',
        `Discard every unsaved change to “${file.name}” and reload it from disk?`,
        [
          { id: 'cancel', label: 'Cancel' },
          { id: 'revert', label: 'Revert', danger: true },
        ],
      );
      if (choice !== 'revert') return false;
    }
    // Reloading ends the links' cape documents too: each unsaved one is asked about.
    if (
      !this.store.getState().standaloneCape &&
      !(await confirmUnsavedCapes(this.store, 'reverting', async () => true))
    )
      return false;
    return this.openPath(file.path, { skipPrompt: true });
  }

  /** Ctrl+O: chooses a file and opens it. */
  async open(): Promise<boolean> {
    if (!(await this.confirmDiscard('opening another file'))) return false;
    const path = await askPath(this.store, openDocumentRequest());
    return path ? this.openPath(path, { skipPrompt: true }) : false;
  }

  /** When the opened model's capes are missing and it sits in a map or a game-laid-out folder, offers to add it. */
  private async offerDataFolder(path: string): Promise<void> {
    const folder = await offerDataFolder(this.store, path);
    if (folder) await this.dataFolders.addDataFolder(folder);
  }

  /** Writes the open file where it was read from: into its map, or over the file on disk. */
  private async writeFile(path: string, bytes: Uint8Array, expected: FileIdentity | null, force: boolean) {
    // A file not read here (a recovered one) whose path goes through a map that is no folder on disk: the map.
    const inArchive =
      this.inArchive.has(path) ||
      (archiveEntryOf(path) !== null && (await this.host.statFile({ path }).catch(() => null)) === null);
    return inArchive
      ? writeIntoArchive(this.host, path, exactBuffer(bytes), expected, force)
      : this.host.saveFile({ path, bytes: exactBuffer(bytes), expected, force });
  }

  /** The host says the open file changed on disk: offer to reload (unless it is our own save). */
  async fileChangedOnDisk(path: string, identity: FileIdentity | null): Promise<void> {
    const file = this.store.getState().file;
    if (!file?.path || file.path !== path) return;
    // Our own save (its change event may arrive before the save's answer) or the version we have.
    if (
      identity &&
      ((file.identity && identity.sha256 === file.identity.sha256) ||
        this.written.has(identity.sha256) ||
        this.acknowledged.has(identity.sha256))
    )
      return;
    if (this.store.getState().changedOnDisk) return;
    this.store.setState({ changedOnDisk: true });
    const dirty = isDirty(this.store.getState());
    const message = identity
      ? `“${file.name}” was changed on disk by another ` +
        `program.${dirty ? '\nReloading discards your unsaved changes.' : ''}`
      : `“${file.name}” was deleted or renamed on disk. Your version stays open; save it to write it back.`;
    const actions = identity
      ? [
          { id: 'keep', label: 'Keep Mine' },
          { id: 'reload', label: 'Reload', primary: true, danger: dirty },
        ]
      : [{ id: 'keep', label: 'OK', primary: true }];
    const choice = await askConfirm(this.store, 'File changed on disk', message, actions);
    this.store.setState({ changedOnDisk: false });
    if (choice === 'reload') await this.openPath(path, { skipPrompt: true });
    // Kept: that version is not asked about again (saving over it still asks, as a conflict).
    else if (identity) this.acknowledged.add(identity.sha256);
  }

  /** Settings the header shows: recent files and data folders. */
  async refreshSettings(): Promise<void> {
    try {
      const [settings, dataFolders] = await Promise.all([this.host.getSettings(), this.host.listDataFolders()]);
      this.store.setState({ recentFiles: settings.recentFiles, dataFolders });
    } catch {
      // The header keeps what it had.
    }
  }

  /** Title and edited flag for the window (and the close prompt in Electron). */
  updateWindowState(): void {
    const state = this.store.getState();
    // The focused document's name; `edited` (the close prompt, macOS' dot) for any unsaved document.
    const dirty = hasUnsavedChanges(state);
    const title = windowTitle(state);
    if (typeof document !== 'undefined') document.title = title;
    this.store.services.host?.setWindowState({ title, edited: dirty }).catch(() => undefined);
  }

  /** Closes the file (after the prompt). */
  async close(): Promise<boolean> {
    if (!(await this.confirmDiscard('closing it'))) return false;
    const path = this.store.getState().file?.path;
    if (path) this.host.closeFile({ path }).catch(() => undefined);
    discardCapeDocuments(this.store);
    closeDocument(this.store);
    this.replaceBase(null);
    this.updateWindowState();
    return true;
  }
}

/**
 * The host services behind the contract, shared by the Electron shell and the browser shell:
 * grants, files, data folders, settings, recovery and startup. Plain Node (no electron import).
 */
import { randomUUID } from 'node:crypto';
import { lstat, mkdir, readdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type {
  DirectoryEntry,
  DirectoryListing,
  GrantedRoot,
  HostEvent,
  StartupRequest,
} from '../../shared/contract/contract';
import { HostError, isDocumentPath, limits } from '../../shared/contract/contract';
import { isArchivePath, openArchiveFile } from './archive-file';
import { archiveOfEntryPath } from './archive-index';
import { ArchiveService } from './archive-service';
import { temporarySuffix } from './atomic-write';
import { PathGuard } from './confinement';
import { DataFolderStack } from './data-folders';
import { DiskFiles } from './files';
import { RecoveryStore, recoveryDirectory } from './recovery';
import { RenderOutputs } from './render-outputs';
import { SettingsStore } from './settings';
import { findSample } from './startup';

/** How a host is set up by its shell. */
export interface HostOptions {
  runtime: StartupRequest['runtime'];
  appVersion: string;
  configDirectory: string;
  /** Files to open first (absolute; command line or OS). Granted as files. */
  startupFiles: string[];
  /** Folders granted as roots for the in-app file browser (browser shell: `--root`, folder arguments). */
  rootDirectories?: string[];
  /** Data folders for this run only, added below the persisted ones (browser shell: `--data`). */
  sessionDataFolders?: string[];
  /** Where the sample cinematic lives (assets/sample or resources/sample); null for none. */
  sampleDirectory: string | null;
  /** Whether native dialogs exist (Electron). */
  nativeDialogs: boolean;
  /** Grant the folder of each startup file as a root (the browser shell's only way to Save As next to it). */
  grantStartupFolders?: boolean;
  /**
   * The "Saved files" folder, created when missing and always granted: wherever the open file came from (the sample,
   * an imported cape, a file inside the game's archives), Save As has a place to write. Null: none (tests).
   */
  saveDirectory?: string | null;
  /** Called when the recent files change (Electron rebuilds its menu). */
  onRecentFilesChanged?: (recentFiles: readonly string[]) => void;
}

/** The settings key of the user's listfile for archives (the host's own, beside the renderer's session values). */
const archiveListfileKey = 'host.archiveListfile';

function platformName(): StartupRequest['platform'] {
  return process.platform === 'win32' || process.platform === 'darwin' || process.platform === 'linux'
    ? process.platform
    : 'other';
}

/** Every host service, started once per run. */
export class HostServices {
  readonly guard = new PathGuard();
  readonly settings: SettingsStore;
  readonly recovery: RecoveryStore;
  readonly files: DiskFiles;
  readonly dataFolders: DataFolderStack;
  readonly archives: ArchiveService;
  readonly renders: RenderOutputs;
  private readonly listeners = new Set<(event: HostEvent) => void>();
  private startup: Omit<StartupRequest, 'recovery' | 'notice'> | null = null;

  constructor(readonly options: HostOptions) {
    this.settings = new SettingsStore(options.configDirectory);
    this.recovery = new RecoveryStore(recoveryDirectory(options.configDirectory), randomUUID());
    this.files = new DiskFiles(this.guard, (path, identity) => this.emit({ type: 'fileChanged', path, identity }));
    this.dataFolders = new DataFolderStack(this.guard, (folders, changedGamePaths) =>
      this.emit({ type: 'dataFoldersChanged', folders, changedGamePaths }),
    );
    this.archives = new ArchiveService(this.guard, this.dataFolders);
    this.renders = new RenderOutputs(this.guard);
  }

  /** Subscribe to host events (the shell forwards them to the renderer). */
  onEvent(listener: (event: HostEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Push an event to every subscriber. */
  emit(event: HostEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  /** Load settings, grant the startup files and recent files, index the data folders, find the sample. */
  async start(): Promise<void> {
    await this.settings.load();
    // Settings written before exports were left out of Open Recent may list a .glb: it cannot be opened from there.
    for (const path of this.settings.recentFiles) if (!isDocumentPath(path)) this.settings.removeRecent(path);
    for (const path of this.settings.recentFiles) {
      this.guard.grant(path, 'file', 'recent');
      // A recent file inside a map reads through the map.
      const archive = archiveOfEntryPath(path);
      if (archive) this.guard.grant(archive, 'file', 'recent');
    }
    const listfile = this.settings.snapshot().session[archiveListfileKey];
    if (typeof listfile === 'string') await this.archives.setListfile(listfile, true).catch(() => undefined);
    for (const path of this.options.rootDirectories ?? []) this.guard.grant(path, 'directory', 'root-option');
    if (this.options.saveDirectory) {
      const saved = this.options.saveDirectory;
      // A folder that cannot be made is left out (the places say nothing about it); saving elsewhere still works.
      if (
        await mkdir(saved, { recursive: true }).then(
          () => true,
          () => false,
        )
      )
        this.guard.grant(saved, 'directory', 'saved-files');
    }
    for (const path of this.options.startupFiles) {
      this.guard.grant(path, 'file', 'command-line');
      if (this.options.grantStartupFolders) this.guard.grant(dirname(path), 'directory', 'command-line');
    }
    for (const path of this.settings.dataFolders) await this.dataFolders.add(path, -1);
    for (const path of this.options.sessionDataFolders ?? []) await this.dataFolders.add(path, -1, true);
    let openFiles = [...this.options.startupFiles];
    let isSample = false;
    if (openFiles.length === 0 && this.options.sampleDirectory) {
      const sample = await findSample(this.options.sampleDirectory);
      if (sample) {
        this.guard.grant(sample.model, 'file', 'sample');
        if (sample.dataFolder) await this.dataFolders.add(sample.dataFolder, -1, true);
        openFiles = [sample.model];
        isSample = true;
      }
    }
    this.startup = {
      runtime: this.options.runtime,
      platform: platformName(),
      nativeDialogs: this.options.nativeDialogs,
      openFiles,
      isSample,
      appVersion: this.options.appVersion,
    };
  }

  /** The startup request (with crash leftovers and any notice). */
  async startupRequest(): Promise<StartupRequest> {
    if (!this.startup) throw new HostError('io', 'the host has not started');
    return { ...this.startup, recovery: await this.recovery.leftovers(), notice: this.settings.peekNotice() };
  }

  /** Grant a file the user handed over (second instance, OS open-file, drop) and tell the renderer to open it. */
  async handOver(
    path: string,
    source: 'command-line' | 'second-instance' | 'drop' | 'os' | 'recent',
  ): Promise<boolean> {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return false;
    this.guard.grant(path, 'file', source === 'drop' || source === 'recent' ? source : 'command-line');
    this.emit({ type: 'openFile', path, source });
    return true;
  }

  /** Remember a document (a model or a cape) as recently used; an exported glTF or the like is not one. */
  noteRecent(path: string): void {
    if (!isDocumentPath(path)) return;
    this.settings.addRecent(path);
    this.options.onRecentFilesChanged?.(this.settings.recentFiles);
  }

  /**
   * Forget a file that failed to open: out of the recent files, no longer watched, and its own file grant
   * withdrawn (a grant of its folder stays).
   */
  forgetFile(path: string): void {
    if (this.settings.recentFiles.includes(path)) {
      this.settings.removeRecent(path);
      this.options.onRecentFilesChanged?.(this.settings.recentFiles);
    }
    this.files.close(path);
    if (this.guard.grantFor(resolve(path))?.kind === 'file') this.guard.revoke(path, 'file');
  }

  /** Forget the recent files (and their grants). */
  clearRecent(): void {
    for (const path of this.settings.recentFiles) {
      if (this.guard.grantFor(path)?.reason === 'recent') this.guard.revoke(path, 'file');
    }
    this.settings.clearRecent();
    this.options.onRecentFilesChanged?.(this.settings.recentFiles);
  }

  /**
   * Add a renderer-named folder or MPQ archive (a map, or one of the game's archives; granted through a
   * dialog or inside a root) to the data source stack.
   */
  async addDataFolder(requested: string, position: number) {
    const path = await this.guard.check(requested, 'read');
    const info = await stat(path);
    if (info.isFile()) {
      const opened = await openArchiveFile(path).catch((error: unknown) => {
        const reason = isArchivePath(path) ? `: ${(error as Error).message}` : '';
        throw new HostError('invalid-argument', `a data source must be a folder or an MPQ archive${reason}`, path);
      });
      await opened.close();
    } else if (!info.isDirectory())
      throw new HostError('invalid-argument', 'a data source must be a folder or an MPQ archive', path);
    const statuses = await this.dataFolders.add(path, position);
    this.settings.setDataFolders(this.dataFolders.persistedPaths());
    return statuses;
  }

  removeDataFolder(path: string) {
    const statuses = this.dataFolders.remove(path);
    this.settings.setDataFolders(this.dataFolders.persistedPaths());
    return statuses;
  }

  reorderDataFolders(paths: string[]) {
    const statuses = this.dataFolders.reorder(paths);
    this.settings.setDataFolders(this.dataFolders.persistedPaths());
    return statuses;
  }

  /** {@link ArchiveService.setListfile}, kept in the settings. */
  async setArchiveListfile(path: string | null) {
    const listfile = await this.archives.setListfile(path);
    this.settings.setSession(archiveListfileKey, listfile.path);
    return listfile;
  }

  /** The granted roots. */
  roots(): GrantedRoot[] {
    return this.guard.roots();
  }

  /** List a directory inside the granted roots (or the roots themselves). Symlinks leading out are left out. */
  async listDirectory(requested: string | null): Promise<DirectoryListing> {
    if (requested === null) {
      const entries: DirectoryEntry[] = [];
      for (const root of this.guard.roots()) {
        const info = await stat(root.path).catch(() => null);
        if (!info) continue;
        entries.push({
          name: root.path,
          path: root.path,
          kind: info.isDirectory() ? 'directory' : 'file',
          size: info.size,
          mtimeMs: info.mtimeMs,
        });
      }
      return { path: null, parent: null, entries };
    }
    const path = await this.guard.check(requested, 'read');
    if (!(await stat(path)).isDirectory()) throw new HostError('invalid-argument', 'not a directory', path);
    const names = await readdir(path);
    const entries: DirectoryEntry[] = [];
    for (const name of names.slice(0, limits.listEntries)) {
      if (name.endsWith(temporarySuffix)) continue;
      const child = join(path, name);
      const link = await lstat(child).catch(() => null);
      if (!link) continue;
      if (link.isSymbolicLink() && !(await this.guard.allows(child, 'read'))) continue;
      const info = link.isSymbolicLink() ? await stat(child).catch(() => null) : link;
      if (!info || !(info.isFile() || info.isDirectory())) continue;
      entries.push({
        name,
        path: child,
        kind: info.isDirectory() ? 'directory' : 'file',
        size: info.isFile() ? info.size : 0,
        mtimeMs: info.mtimeMs,
      });
    }
    entries.sort((a, b) =>
      a.kind === b.kind
        ? a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true })
        : a.kind === 'directory'
          ? -1
          : 1,
    );
    const parentPath = dirname(path);
    const parent = parentPath !== path && this.guard.grantFor(parentPath)?.kind === 'directory' ? parentPath : null;
    return { path, parent, entries };
  }

  /** Abandon renders being written, stop watchers and write pending settings. */
  async close(): Promise<void> {
    await this.renders.dispose();
    this.files.closeAll();
    this.dataFolders.close();
    await this.settings.flush().catch(() => undefined);
  }
}

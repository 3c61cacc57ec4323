/**
 * Game data folders: folders extracted from the game's MPQ/CASC archives or a map's imports.
 * Each folder is indexed once (one recursive directory read; a file's key is its lower-case,
 * backslash game path) and kept current by a recursive watcher. Folders stack in order: the first
 * folder holding a game path wins (a map's imports over the game's data). Symbolic links inside a
 * folder are not indexed.
 */
import type { Dirent, FSWatcher } from 'node:fs';
import { watch } from 'node:fs';
import { lstat, readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { DataFileEntry, DataFileKind, DataFolderStatus, FileIdentity, GamePathRead, GamePathResolution } from '../contract';
import { HostError, limits } from '../contract';
import type { PathGuard } from './confinement';
import { candidateKeys, gamePathKey, isOfKind } from './game-paths';
import { identityOf, toArrayBuffer } from './identity';

/** How long file-system events are gathered before the index is updated (ms). */
const watchSettleMs = 150;

/** One indexed data folder. */
export class FolderIndex {
  /** Game path key → path relative to the folder, in the operating system's form. */
  readonly files = new Map<string, string>();
  state: DataFolderStatus['state'] = 'indexing';
  indexMs = 0;
  error: string | null = null;
  private watcher: FSWatcher | null = null;
  private pending = new Set<string>();
  private settleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    readonly path: string,
    readonly transient: boolean,
    private readonly onChange: (folder: FolderIndex, changedKeys: string[]) => void,
  ) {}

  /** The status the renderer sees. */
  status(): DataFolderStatus {
    return { path: this.path, state: this.state, fileCount: this.files.size, indexMs: this.indexMs, transient: this.transient, error: this.error };
  }

  private addEntry(entry: Dirent, parent: string): string | null {
    if (!entry.isFile()) return null;
    const relativePath = relative(this.path, join(parent, entry.name));
    const key = gamePathKey(relativePath);
    if (!this.files.has(key)) this.files.set(key, relativePath);
    return key;
  }

  /** Walk the whole folder (again) and start watching it. */
  async build(): Promise<void> {
    const started = performance.now();
    this.state = 'indexing';
    this.files.clear();
    try {
      if (!(await stat(this.path)).isDirectory()) throw new HostError('invalid-argument', 'not a directory', this.path);
      const entries = await readdir(this.path, { withFileTypes: true, recursive: true });
      for (const entry of entries) this.addEntry(entry, entry.parentPath ?? (entry as unknown as { path: string }).path);
      this.state = 'ready';
      this.error = null;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      this.state = code === 'ENOENT' ? 'missing' : 'error';
      this.error = code === 'ENOENT' ? 'the folder does not exist' : (error as Error).message;
    }
    this.indexMs = Math.round(performance.now() - started);
    if (this.state === 'ready') this.startWatching();
  }

  private startWatching(): void {
    if (this.watcher) return;
    try {
      this.watcher = watch(this.path, { recursive: true, persistent: false }, (_event, name) => {
        if (name === null) this.pending.add('');
        else this.pending.add(String(name));
        this.settleTimer ??= setTimeout(() => void this.applyPending(), watchSettleMs);
      });
      this.watcher.on('error', (error) => {
        this.error = `no longer watched: ${error.message}`;
        this.stopWatching();
      });
    } catch (error) {
      this.error = `not watched: ${(error as Error).message}`;
    }
  }

  /** Bring the index up to date with the paths the watcher reported. */
  async applyPending(): Promise<void> {
    this.settleTimer = null;
    const names = [...this.pending];
    this.pending.clear();
    if (names.includes('')) {
      this.stopWatching();
      await this.build();
      this.onChange(this, []);
      return;
    }
    const changed = new Set<string>();
    for (const name of names) {
      const key = gamePathKey(name);
      let info;
      try {
        info = await lstat(join(this.path, name));
      } catch {
        info = null;
      }
      if (info?.isFile()) {
        this.files.set(key, name.split(/[\\/]/).join(sep));
        changed.add(key);
      } else if (info?.isDirectory()) {
        const entries = await readdir(join(this.path, name), { withFileTypes: true, recursive: true }).catch(() => []);
        for (const entry of entries) {
          const added = this.addEntry(entry, entry.parentPath ?? (entry as unknown as { path: string }).path);
          if (added) changed.add(added);
        }
      } else {
        // Removed (or replaced by a symlink): drop the file and anything that was below it.
        if (this.files.delete(key)) changed.add(key);
        const prefix = `${key}\\`;
        for (const existing of this.files.keys()) {
          if (existing.startsWith(prefix)) {
            this.files.delete(existing);
            changed.add(existing);
          }
        }
      }
    }
    if (changed.size > 0) this.onChange(this, [...changed]);
  }

  /** Stop watching (the folder was removed from the stack, or the host shuts down). */
  stopWatching(): void {
    this.watcher?.close();
    this.watcher = null;
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = null;
  }
}

/** The stack of data folders and game-path resolution through it. */
export class DataFolderStack {
  private folders: FolderIndex[] = [];

  constructor(
    private readonly guard: PathGuard,
    private readonly onChange: (folders: DataFolderStatus[], changedKeys: string[]) => void,
  ) {}

  /** Statuses in stack order. */
  statuses(): DataFolderStatus[] {
    return this.folders.map((folder) => folder.status());
  }

  /** Persisted (non-transient) folder paths in stack order. */
  persistedPaths(): string[] {
    return this.folders.filter((folder) => !folder.transient).map((folder) => folder.path);
  }

  private indexOf(path: string): number {
    const wanted = path.toLowerCase();
    return this.folders.findIndex((folder) => folder.path.toLowerCase() === wanted || folder.path === path);
  }

  /**
   * Add a folder (already checked or trusted) at a position (0 first, -1 last) and index it.
   * A folder already in the stack is moved there instead.
   */
  async add(path: string, position: number, transient = false): Promise<DataFolderStatus[]> {
    const existing = this.indexOf(path);
    if (existing >= 0) {
      const [folder] = this.folders.splice(existing, 1);
      this.insert(folder!, position);
      this.onChange(this.statuses(), []);
      return this.statuses();
    }
    this.guard.grant(path, 'directory', transient ? 'sample' : 'data-folder');
    const folder = new FolderIndex(path, transient, (_folder, keys) => this.onChange(this.statuses(), keys));
    this.insert(folder, position);
    await folder.build();
    this.onChange(this.statuses(), []);
    return this.statuses();
  }

  private insert(folder: FolderIndex, position: number): void {
    if (position < 0 || position >= this.folders.length) {
      // Transient folders (the sample's) stay below the user's own.
      const firstTransient = this.folders.findIndex((candidate) => candidate.transient);
      if (!folder.transient && firstTransient >= 0 && position < 0) this.folders.splice(firstTransient, 0, folder);
      else this.folders.push(folder);
    } else this.folders.splice(position, 0, folder);
  }

  /** Remove a folder from the stack and withdraw its grant. */
  remove(path: string): DataFolderStatus[] {
    const index = this.indexOf(path);
    if (index < 0) throw new HostError('not-found', 'not in the data folder stack', path);
    const [folder] = this.folders.splice(index, 1);
    folder!.stopWatching();
    this.guard.revoke(folder!.path, 'directory');
    this.onChange(this.statuses(), []);
    return this.statuses();
  }

  /** Put the folders in a new order; `paths` must name each current folder exactly once. */
  reorder(paths: string[]): DataFolderStatus[] {
    const indices = paths.map((path) => this.indexOf(path));
    if (indices.some((index) => index < 0) || new Set(indices).size !== this.folders.length || paths.length !== this.folders.length) {
      throw new HostError('invalid-argument', 'the new order must list every data folder exactly once');
    }
    this.folders = indices.map((index) => this.folders[index]!);
    this.onChange(this.statuses(), []);
    return this.statuses();
  }

  /** Resolve a game path: first folder in the stack, then the path itself before texture alternatives. */
  async resolve(gamePath: string, kind: DataFileKind): Promise<GamePathResolution> {
    const resolution = this.locate(gamePath, kind);
    if (resolution.status === 'missing') return resolution;
    const size = await stat(resolution.entry.path).then((info) => info.size, () => -1);
    return { ...resolution, entry: { ...resolution.entry, size } };
  }

  /** {@link resolve} without touching the disk (size -1). */
  locate(gamePath: string, kind: DataFileKind): GamePathResolution {
    const tried = candidateKeys(gamePath, kind);
    for (const folder of this.folders) {
      if (folder.state !== 'ready') continue;
      for (const key of tried) {
        const relativePath = folder.files.get(key);
        if (relativePath !== undefined) {
          return { status: 'found', gamePath, entry: { gamePath: relativePath.split(sep).join('\\'), path: join(folder.path, relativePath), folder: folder.path, size: -1 } };
        }
      }
    }
    return { status: 'missing', gamePath, tried };
  }

  /** Resolve and read a game path (the file is checked against the roots again: it may have become a symlink). */
  async read(gamePath: string, kind: DataFileKind): Promise<GamePathRead> {
    const resolution = this.locate(gamePath, kind);
    if (resolution.status === 'missing') return resolution;
    const path = await this.guard.check(resolution.entry.path, 'read');
    const info = await stat(path);
    if (info.size > limits.fileBytes) throw new HostError('too-large', `larger than ${limits.fileBytes} bytes`, path);
    const buffer = await readFile(path);
    const identity: FileIdentity = identityOf(path, buffer, info);
    const bytes = toArrayBuffer(buffer);
    return { status: 'found', gamePath, entry: { ...resolution.entry, size: info.size }, identity, bytes };
  }

  /** The winning entry of each game path of a kind under a prefix, sorted by game path. */
  async list(kind: DataFileKind, prefix: string, limit: number): Promise<{ files: DataFileEntry[]; total: number; truncated: boolean }> {
    const prefixKey = gamePathKey(prefix);
    const seen = new Set<string>();
    const matches: { key: string; folder: FolderIndex; relativePath: string }[] = [];
    for (const folder of this.folders) {
      if (folder.state !== 'ready') continue;
      for (const [key, relativePath] of folder.files) {
        if (seen.has(key) || !isOfKind(key, kind)) continue;
        if (prefixKey && key !== prefixKey && !key.startsWith(`${prefixKey}\\`)) continue;
        seen.add(key);
        matches.push({ key, folder, relativePath });
      }
    }
    matches.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const chosen = matches.slice(0, limit);
    const files: DataFileEntry[] = new Array(chosen.length);
    const batch = 64;
    for (let start = 0; start < chosen.length; start += batch) {
      await Promise.all(
        chosen.slice(start, start + batch).map(async ({ folder, relativePath }, offset) => {
          const path = join(folder.path, relativePath);
          const size = await stat(path).then((info) => info.size, () => -1);
          files[start + offset] = { gamePath: relativePath.split(sep).join('\\'), path, folder: folder.path, size };
        }),
      );
    }
    return { files, total: matches.length, truncated: matches.length > chosen.length };
  }

  /** Stop every watcher. */
  close(): void {
    for (const folder of this.folders) folder.stopWatching();
  }
}

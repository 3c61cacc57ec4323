/**
 * The index of one game data folder: every regular file by its game path key (lower case,
 * backslashes), built by a parallel directory walk and kept current by watchers. Symbolic links
 * are neither indexed nor followed. On Linux, where Node's recursive watch walks and stats the
 * whole tree again (seconds for 100,000 files), each indexed directory gets its own watcher; other
 * platforms use the system's recursive watch.
 */
import type { FSWatcher } from 'node:fs';
import { watch } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { DataFolderStatus } from '../../shared/contract/contract';
import { HostError } from '../../shared/contract/contract';
import { indexStatus } from './data-source-status';
import { gamePathKey } from './game-paths';

/** How long file-system events are gathered before the index is updated (ms). */
const watchSettleMs = 150;
/** Directory reads in flight at once during a walk. */
const walkConcurrency = 16;
/** Whether each directory needs its own watcher (no efficient recursive watch). */
const watchPerDirectory = process.platform === 'linux';

/** One indexed data folder. */
export class FolderIndex {
  /** Game path key → path relative to the folder, in the operating system's form. */
  readonly files = new Map<string, string>();
  /** Relative paths of the indexed directories ('' is the folder itself). */
  private readonly directories = new Set<string>();
  state: DataFolderStatus['state'] = 'indexing';
  indexMs = 0;
  error: string | null = null;
  private readonly watchers = new Map<string, FSWatcher>();
  private pending = new Set<string>();
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    readonly path: string,
    readonly transient: boolean,
    private readonly onChange: (folder: FolderIndex, changedKeys: string[]) => void,
  ) {}

  /** The status the renderer sees. */
  status(): DataFolderStatus {
    return indexStatus(this);
  }

  /**
   * Walk `start` (relative; '' for the whole folder) with several directory reads in flight,
   * adding files (first spelling wins) and directories. Returns the keys of the files found.
   */
  private async walk(start: string): Promise<string[]> {
    const found: string[] = [];
    const queue: [relative: string, keyPrefix: string][] = [[start, start === '' ? '' : `${gamePathKey(start)}\\`]];
    let active = 0;
    await new Promise<void>((resolve) => {
      const pump = () => {
        if (queue.length === 0 && active === 0) return resolve();
        while (queue.length > 0 && active < walkConcurrency) {
          const [relativeDirectory, keyPrefix] = queue.pop()!;
          active += 1;
          this.directories.add(relativeDirectory);
          readdir(relativeDirectory === '' ? this.path : join(this.path, relativeDirectory), { withFileTypes: true })
            .then((entries) => {
              for (const entry of entries) {
                const relativePath = relativeDirectory === '' ? entry.name : `${relativeDirectory}${sep}${entry.name}`;
                const key = keyPrefix + entry.name.toLowerCase();
                if (entry.isDirectory()) queue.push([relativePath, `${key}\\`]);
                else if (entry.isFile()) {
                  if (!this.files.has(key)) this.files.set(key, relativePath);
                  found.push(key);
                }
              }
            })
            .catch(() => this.directories.delete(relativeDirectory)) // vanished or unreadable: skipped
            .finally(() => {
              active -= 1;
              pump();
            });
        }
      };
      pump();
    });
    return found;
  }

  /** Walk the whole folder (again) and start watching it. */
  async build(): Promise<void> {
    const started = performance.now();
    this.state = 'indexing';
    this.files.clear();
    this.directories.clear();
    try {
      if (!(await stat(this.path)).isDirectory()) throw new HostError('invalid-argument', 'not a directory', this.path);
      await this.walk('');
      this.state = 'ready';
      this.error = null;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      this.state = code === 'ENOENT' ? 'missing' : 'error';
      this.error = code === 'ENOENT' ? 'the folder does not exist' : (error as Error).message;
    }
    if (this.state === 'ready' && !this.closed) this.startWatching();
    this.indexMs = Math.round(performance.now() - started);
  }

  private noteChange(relativePath: string | null): void {
    this.pending.add(relativePath ?? '');
    this.settleTimer ??= setTimeout(() => void this.applyPending(), watchSettleMs);
  }

  private watchDirectory(relativeDirectory: string): void {
    if (this.watchers.has(relativeDirectory) || this.closed) return;
    const absolute = relativeDirectory === '' ? this.path : join(this.path, relativeDirectory);
    try {
      const watcher = watch(absolute, { persistent: false, recursive: !watchPerDirectory }, (_event, name) => {
        if (name === null) return this.noteChange(null);
        const changed = String(name);
        this.noteChange(relativeDirectory === '' ? changed : `${relativeDirectory}${sep}${changed}`);
      });
      watcher.on('error', () => {
        watcher.close();
        this.watchers.delete(relativeDirectory);
        if (relativeDirectory === '') this.error = 'the folder is no longer watched';
      });
      this.watchers.set(relativeDirectory, watcher);
    } catch (error) {
      if (relativeDirectory === '' || (error as NodeJS.ErrnoException).code === 'ENOSPC')
        this.error = `changes are not watched: ${(error as Error).message}`;
    }
  }

  private startWatching(): void {
    if (!watchPerDirectory) return this.watchDirectory('');
    for (const directory of this.directories) this.watchDirectory(directory);
  }

  /** Bring the index up to date with the paths the watchers reported. */
  async applyPending(): Promise<void> {
    this.settleTimer = null;
    const names = [...this.pending];
    this.pending.clear();
    if (this.closed) return;
    if (names.includes('')) {
      this.stopWatching();
      this.closed = false;
      await this.build();
      this.onChange(this, []);
      return;
    }
    const changed = new Set<string>();
    for (const name of names) {
      const key = gamePathKey(name);
      const info = await lstat(join(this.path, name)).catch(() => null);
      if (info?.isFile()) {
        this.files.set(key, name);
        changed.add(key);
      } else if (info?.isDirectory()) {
        const before = new Set(this.directories);
        for (const added of await this.walk(name)) changed.add(added);
        if (watchPerDirectory)
          for (const directory of this.directories) if (!before.has(directory)) this.watchDirectory(directory);
      } else {
        // Removed (or replaced by a symlink): drop the file and anything that was below it.
        if (this.files.delete(key)) changed.add(key);
        const prefix = `${key}\\`;
        for (const existing of [...this.files.keys()]) {
          if (existing.startsWith(prefix)) {
            this.files.delete(existing);
            changed.add(existing);
          }
        }
        for (const directory of [...this.directories]) {
          if (directory === name || directory.startsWith(`${name}${sep}`)) {
            this.directories.delete(directory);
            this.watchers.get(directory)?.close();
            this.watchers.delete(directory);
          }
        }
      }
    }
    if (changed.size > 0) this.onChange(this, [...changed]);
  }

  /** Stop watching (the folder was removed from the stack, or the host shuts down). */
  stopWatching(): void {
    this.closed = true;
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = null;
  }
}

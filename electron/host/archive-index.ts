/**
 * An MPQ archive (a map or one of the game's archives) as a data source of the stack, beside the
 * folders: its named files indexed by game path key, read by range through an open handle (so the
 * 512 MB file cap does not apply), and opened again when the file changes on disk (watched through
 * its folder, since an atomic save replaces the file).
 */
import type { FSWatcher } from 'node:fs';
import { watch } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { MpqEntry } from '../../shared/archives/mpq/archive';
import type { DataFolderStatus } from '../../shared/contract/contract';
import { HostError } from '../../shared/contract/contract';
import { isArchivePath, openArchiveFile, type OpenArchive } from './archive-file';
import { indexStatus } from './data-source-status';
import { gamePathKey } from './game-paths';

/** How long file-system events are gathered before the archive is opened again (ms). */
const watchSettleMs = 150;

/**
 * The path shown for a file inside an archive: the archive's path with the game path's parts below
 * it (`/maps/Cape.w3x/Doodads/Cape.mrf`), as if the archive were a folder.
 */
export function archiveEntryPath(archivePath: string, gamePath: string): string {
  return join(archivePath, ...gamePath.split(/[\\/]+/).filter((part) => part && part !== '.' && part !== '..'));
}

/**
 * The archive a path inside one goes through (lexically: the left-most part with an archive's extension that is
 * not the last part), or null. Used to grant a recent file's archive again at startup.
 */
export function archiveOfEntryPath(path: string): string | null {
  const pattern = /[^\\/]+/g;
  for (let match = pattern.exec(path); match; match = pattern.exec(path)) {
    const end = match.index + match[0].length;
    if (isArchivePath(match[0]) && match[0].length > 4 && /[^\\/]/.test(path.slice(end))) return path.slice(0, end);
  }
  return null;
}

/** One archive in the data source stack. */
export class ArchiveIndex {
  /** Game path key → the entry's name as the archive spells it (backslashes). */
  readonly files = new Map<string, string>();
  private readonly entries = new Map<string, MpqEntry>();
  state: DataFolderStatus['state'] = 'indexing';
  indexMs = 0;
  error: string | null = null;
  /** The archive file's modification time when it was last opened. */
  mtimeMs = 0;
  private opened: OpenArchive | null = null;
  private watcher: FSWatcher | null = null;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    readonly path: string,
    readonly transient: boolean,
    private readonly onChange: (archive: ArchiveIndex, changedKeys: string[]) => void,
  ) {}

  /** The status the renderer sees. */
  status(): DataFolderStatus {
    return indexStatus(this);
  }

  /** Opens (or opens again) the archive and indexes its named files. */
  async build(): Promise<void> {
    const started = performance.now();
    await this.opened?.close().catch(() => undefined);
    this.opened = null;
    this.files.clear();
    this.entries.clear();
    try {
      const opened = await openArchiveFile(this.path);
      this.opened = opened;
      this.mtimeMs = opened.mtimeMs;
      for (const entry of opened.archive.entries()) {
        if (entry.name === null) continue;
        const key = gamePathKey(entry.name);
        if (this.files.has(key)) continue;
        this.files.set(key, entry.name.replace(/\//g, '\\'));
        this.entries.set(key, entry);
      }
      this.state = 'ready';
      this.error = opened.archive.warnings[0] ?? null;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      this.state = code === 'ENOENT' ? 'missing' : 'error';
      this.error = code === 'ENOENT' ? 'the archive does not exist' : (error as Error).message;
    }
    if (!this.closed) this.startWatching();
    this.indexMs = Math.round(performance.now() - started);
  }

  /** The size of a file by its key (-1 when the archive does not hold it). */
  sizeOf(key: string): number {
    return this.entries.get(key)?.fileSize ?? -1;
  }

  /** The bytes of a file by its key; a damaged entry is a HostError naming the archive, entry and offset. */
  async read(key: string): Promise<Uint8Array> {
    const entry = this.entries.get(key);
    if (!entry || !this.opened) throw new HostError('not-found', 'the archive does not hold this file', this.path);
    try {
      return await this.opened.archive.read(entry);
    } catch (error) {
      throw new HostError('io', `the archive is damaged: ${(error as Error).message}`, this.path);
    }
  }

  private startWatching(): void {
    if (this.watcher) return;
    const name = basename(this.path);
    try {
      this.watcher = watch(dirname(this.path), { persistent: false }, (_event, changed) => {
        if (changed !== null && String(changed) !== name) return;
        this.settleTimer ??= setTimeout(() => void this.reload(), watchSettleMs);
      });
      this.watcher.on('error', () => {
        this.watcher?.close();
        this.watcher = null;
      });
    } catch (error) {
      this.error = `changes are not watched: ${(error as Error).message}`;
    }
  }

  /** Opens the archive again if it changed on disk, and reports the keys that changed. */
  async reload(force = false): Promise<void> {
    this.settleTimer = null;
    if (this.closed) return;
    const info = await stat(this.path).catch(() => null);
    if (!force && info && info.mtimeMs === this.mtimeMs && this.state === 'ready') return;
    const before = new Map([...this.entries].map(([key, entry]) => [key, entryStamp(entry)]));
    await this.build();
    const changed = new Set<string>();
    for (const [key, stamp] of before) if (entryStamp(this.entries.get(key)) !== stamp) changed.add(key);
    for (const key of this.entries.keys()) if (!before.has(key)) changed.add(key);
    this.onChange(this, [...changed]);
  }

  /** Stops watching and closes the archive (removed from the stack, or the host shuts down). */
  stopWatching(): void {
    this.closed = true;
    this.watcher?.close();
    this.watcher = null;
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = null;
    void this.opened?.close().catch(() => undefined);
    this.opened = null;
  }
}

/** What tells one version of an entry from another without reading it. */
function entryStamp(entry: MpqEntry | undefined): string {
  return entry ? `${entry.offset}:${entry.storedSize}:${entry.fileSize}:${entry.flags}` : '';
}

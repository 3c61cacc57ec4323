/**
 * Opened files: read with identity, atomic save keeping the replaced version as `FILE.bak` and the untouched
 * original once as `FILE.orig` (backups.ts), conflict detection (the file changed on disk since it was opened), and
 * watching so the renderer is told when an open file changes behind its back.
 */
import type { FSWatcher } from 'node:fs';
import { watch } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { FileIdentity, OpenedFile, SaveResult } from '../../shared/contract/contract';
import { HostError, limits } from '../../shared/contract/contract';
import { writeFileAtomic } from './atomic-write';
import { backupSuffix, keepBackups, originalSuffix } from './backups';
import type { PathGuard } from './confinement';
import { readWithIdentity, sha256Of, toArrayBuffer } from './identity';

/** How long file-system events on a watched file settle before it is re-read (ms). */
const watchSettleMs = 120;

interface WatchedFile {
  /** What we last read or wrote; a change event with the same content is not reported. */
  known: FileIdentity | null;
  watcher: FSWatcher | null;
  timer: ReturnType<typeof setTimeout> | null;
}

/** File operations for the renderer's documents. */
export class DiskFiles {
  private readonly watched = new Map<string, WatchedFile>();

  constructor(
    private readonly guard: PathGuard,
    private readonly onChanged: (path: string, identity: FileIdentity | null) => void,
  ) {}

  /** Read a granted file and start watching it. */
  async open(requested: string): Promise<OpenedFile> {
    const path = await this.guard.check(requested, 'read');
    const read = await readWithIdentity(path);
    if (!read) throw new HostError('not-found', 'the file does not exist', path);
    this.watchFile(path, read.identity);
    return { identity: read.identity, bytes: toArrayBuffer(read.bytes) };
  }

  /** The identity of a granted file now, or null when it is gone. */
  async stat(requested: string): Promise<FileIdentity | null> {
    const path = await this.guard.check(requested, 'write');
    return (await readWithIdentity(path))?.identity ?? null;
  }

  /** Save over an opened file (see SaveResult); `expected` null means "the file should not exist yet". */
  async save(
    requested: string,
    bytes: ArrayBuffer,
    expected: FileIdentity | null,
    force: boolean,
  ): Promise<SaveResult> {
    const path = await this.guard.check(requested, 'write');
    if (bytes.byteLength > limits.fileBytes)
      throw new HostError('too-large', `larger than ${limits.fileBytes} bytes`, path);
    // Write through a symlink the user opened, not over it.
    const target = await realpath(path).catch(() => path);
    const current = await readWithIdentity(target);
    if (!force) {
      const unchanged =
        expected === null
          ? current === null
          : current !== null && current.identity.sha256 === expected.sha256 && current.identity.size === expected.size;
      if (!unchanged) return { status: 'conflict', current: current ? { ...current.identity, path } : null };
    }
    // Named after the path asked for (a symlink's backups sit beside its target).
    const kept = current ? await keepBackups(target, current.bytes) : null;
    const backupPath = kept?.backupPath ? `${path}${backupSuffix}` : null;
    const originalPath = kept?.originalPath ? `${path}${originalSuffix}` : null;
    const data = new Uint8Array(bytes);
    const entry = this.watched.get(path);
    // Known before the rename, so the watcher's event for our own write is not reported.
    if (entry) entry.known = { path, size: data.byteLength, mtimeMs: 0, sha256: sha256Of(data) };
    await writeFileAtomic(target, data);
    const written = await readWithIdentity(target);
    if (!written) throw new HostError('io', 'the file vanished right after it was written', path);
    const identity = { ...written.identity, path };
    this.watchFile(path, identity);
    return { status: 'saved', identity, backupPath, originalPath };
  }

  /** Save to a new path (granted by a save dialog, or inside a granted folder): overwrites after keeping backups. */
  async saveAs(requested: string, bytes: ArrayBuffer): Promise<SaveResult> {
    return this.save(requested, bytes, null, true);
  }

  /** Stop watching a file. */
  close(requested: string): void {
    for (const [path, entry] of this.watched) {
      if (path === requested || path.toLowerCase() === requested.toLowerCase()) {
        entry.watcher?.close();
        if (entry.timer) clearTimeout(entry.timer);
        this.watched.delete(path);
      }
    }
  }

  /** Watch a file's folder for changes to it (a folder watch survives atomic replacement by other editors). */
  private watchFile(path: string, known: FileIdentity): void {
    const existing = this.watched.get(path);
    if (existing) {
      existing.known = known;
      return;
    }
    const entry: WatchedFile = { known, watcher: null, timer: null };
    this.watched.set(path, entry);
    const name = basename(path);
    try {
      entry.watcher = watch(dirname(path), { persistent: false }, (_event, changed) => {
        if (changed !== null && String(changed) !== name) return;
        if (entry.timer) clearTimeout(entry.timer);
        entry.timer = setTimeout(() => void this.recheck(path, entry), watchSettleMs);
      });
      entry.watcher.on('error', () => {
        entry.watcher?.close();
        entry.watcher = null;
      });
    } catch {
      entry.watcher = null; // unwatchable folder: saves still detect conflicts
    }
  }

  private async recheck(path: string, entry: WatchedFile): Promise<void> {
    entry.timer = null;
    if (this.watched.get(path) !== entry) return;
    let now: FileIdentity | null;
    try {
      now = (await readWithIdentity(path))?.identity ?? null;
    } catch {
      now = null;
    }
    const before = entry.known;
    if (now?.sha256 === before?.sha256 && (now === null) === (before === null)) {
      if (now) entry.known = now;
      return;
    }
    entry.known = now;
    this.onChanged(path, now);
  }

  /** Stop every watcher. */
  closeAll(): void {
    for (const path of [...this.watched.keys()]) this.close(path);
  }
}

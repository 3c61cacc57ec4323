/**
 * Game data sources: folders (extracted from the game's archives, or a map's imports) and MPQ
 * archives themselves (a map, or the game's War3*.mpq). Each is indexed once and kept current by
 * watchers (folder-index.ts, archive-index.ts). They stack in the user's order: the first one
 * holding a game path wins, case-insensitively (a map over the game's data).
 */
import { stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type {
  DataFileEntry,
  DataFileKind,
  DataFolderStatus,
  GamePathRead,
  GamePathResolution,
} from '../../shared/contract/contract';
import { HostError } from '../../shared/contract/contract';
import type { PathGuard } from './confinement';
import { ArchiveIndex, archiveEntryPath } from './archive-index';
import { FolderIndex } from './folder-index';
import { candidateKeys, gamePathKey, isOfKind } from './game-paths';
import { readWithIdentity, sha256Of, toArrayBuffer } from './identity';

/** A data source of the stack: a folder or an archive. */
type DataSource = FolderIndex | ArchiveIndex;

export { FolderIndex } from './folder-index';

/** The stack of data folders and game-path resolution through it. */
export class DataFolderStack {
  private folders: DataSource[] = [];

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
   * Add a folder or an archive file (already checked or trusted) at a position (0 first, -1 last)
   * and index it. One already in the stack is moved there instead.
   */
  async add(path: string, position: number, transient = false): Promise<DataFolderStatus[]> {
    const existing = this.indexOf(path);
    if (existing >= 0) {
      const [folder] = this.folders.splice(existing, 1);
      this.insert(folder!, position);
      this.onChange(this.statuses(), []);
      return this.statuses();
    }
    const isArchive = (await stat(path).catch(() => null))?.isFile() ?? false;
    this.guard.grant(path, isArchive ? 'file' : 'directory', transient ? 'sample' : 'data-folder');
    const changed = (_source: DataSource, keys: string[]) => this.onChange(this.statuses(), keys);
    const folder = isArchive ? new ArchiveIndex(path, transient, changed) : new FolderIndex(path, transient, changed);
    this.insert(folder, position);
    await folder.build();
    this.onChange(this.statuses(), []);
    return this.statuses();
  }

  private insert(folder: DataSource, position: number): void {
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
    this.guard.revoke(folder!.path, folder instanceof ArchiveIndex ? 'file' : 'directory');
    this.onChange(this.statuses(), []);
    return this.statuses();
  }

  /** Put the folders in a new order; `paths` must name each current folder exactly once. */
  reorder(paths: string[]): DataFolderStatus[] {
    const indices = paths.map((path) => this.indexOf(path));
    if (
      indices.some((index) => index < 0) ||
      new Set(indices).size !== this.folders.length ||
      paths.length !== this.folders.length
    ) {
      throw new HostError('invalid-argument', 'the new order must list every data folder exactly once');
    }
    this.folders = indices.map((index) => this.folders[index]!);
    this.onChange(this.statuses(), []);
    return this.statuses();
  }

  /** Resolve a game path: first folder in the stack, then the path itself before texture alternatives. */
  async resolve(gamePath: string, kind: DataFileKind): Promise<GamePathResolution> {
    const resolution = this.locate(gamePath, kind);
    if (resolution.status === 'missing' || resolution.entry.size >= 0) return resolution;
    const size = await stat(resolution.entry.path).then(
      (info) => info.size,
      () => -1,
    );
    return { ...resolution, entry: { ...resolution.entry, size } };
  }

  /** {@link resolve} without touching the disk (size -1). */
  locate(gamePath: string, kind: DataFileKind): GamePathResolution {
    const tried = candidateKeys(gamePath, kind);
    for (const folder of this.folders) {
      if (folder.state !== 'ready') continue;
      for (const key of tried) {
        const relativePath = folder.files.get(key);
        if (relativePath !== undefined && folder instanceof ArchiveIndex) {
          const entry = {
            gamePath: relativePath,
            path: archiveEntryPath(folder.path, relativePath),
            folder: folder.path,
            size: folder.sizeOf(key),
          };
          return { status: 'found', gamePath, entry };
        }
        if (relativePath !== undefined) {
          return {
            status: 'found',
            gamePath,
            entry: {
              gamePath: relativePath.split(sep).join('\\'),
              path: join(folder.path, relativePath),
              folder: folder.path,
              size: -1,
            },
          };
        }
      }
    }
    return { status: 'missing', gamePath, tried };
  }

  /** Resolve and read a game path (the file is checked against the roots again: it may have become a symlink). */
  async read(gamePath: string, kind: DataFileKind): Promise<GamePathRead> {
    const resolution = this.locate(gamePath, kind);
    if (resolution.status === 'missing') return resolution;
    const archive = this.folders.find(
      (folder): folder is ArchiveIndex => folder instanceof ArchiveIndex && folder.path === resolution.entry.folder,
    );
    if (archive) {
      const bytes = await archive.read(gamePathKey(resolution.entry.gamePath));
      const identity = {
        path: resolution.entry.path,
        size: bytes.length,
        mtimeMs: archive.mtimeMs,
        sha256: sha256Of(bytes),
      };
      return { status: 'found', gamePath, entry: resolution.entry, identity, bytes: toArrayBuffer(bytes) };
    }
    const path = await this.guard.check(resolution.entry.path, 'read');
    const read = await readWithIdentity(path);
    if (!read) throw new HostError('not-found', 'the file does not exist', path);
    return {
      status: 'found',
      gamePath,
      entry: { ...resolution.entry, size: read.identity.size },
      identity: read.identity,
      bytes: toArrayBuffer(read.bytes),
    };
  }

  /** The winning entry of each game path of a kind under a prefix, sorted by game path. */
  async list(
    kind: DataFileKind,
    prefix: string,
    limit: number,
  ): Promise<{ files: DataFileEntry[]; total: number; truncated: boolean }> {
    const prefixKey = gamePathKey(prefix);
    const seen = new Set<string>();
    const matches: { key: string; folder: DataSource; relativePath: string }[] = [];
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
        chosen.slice(start, start + batch).map(async ({ key, folder, relativePath }, offset) => {
          if (folder instanceof ArchiveIndex) {
            const path = archiveEntryPath(folder.path, relativePath);
            files[start + offset] = { gamePath: relativePath, path, folder: folder.path, size: folder.sizeOf(key) };
            return;
          }
          const path = join(folder.path, relativePath);
          const size = await stat(path).then(
            (info) => info.size,
            () => -1,
          );
          files[start + offset] = { gamePath: relativePath.split(sep).join('\\'), path, folder: folder.path, size };
        }),
      );
    }
    return { files, total: matches.length, truncated: matches.length > chosen.length };
  }

  /** The archive of the stack at `path`, or null. */
  archiveAt(path: string): ArchiveIndex | null {
    const index = this.indexOf(path);
    const source = index >= 0 ? this.folders[index]! : null;
    return source instanceof ArchiveIndex ? source : null;
  }

  /** Stop every watcher. */
  close(): void {
    for (const folder of this.folders) folder.stopWatching();
  }
}

/**
 * The archive operations of the contract: listing and reading a granted archive (through the data
 * source stack's open index when the archive is in it, else opened for the call), and writing a
 * file back into a map with a conflict check, atomically, keeping `MAP.bak` (and the original `MAP.orig`, once).
 */
import { readFile, stat } from 'node:fs/promises';
import { parseListfile } from '../../shared/archives/mpq/listfile';
import type { MpqArchive, MpqEntry } from '../../shared/archives/mpq/archive';
import { FILE_COMPRESS, FILE_ENCRYPTED, FILE_IMPLODE } from '../../shared/archives/mpq/constants';
import type {
  ArchiveFileRead,
  ArchiveListfile,
  ArchiveListing,
  FileIdentity,
  GameArchiveSearch,
  SaveResult,
} from '../../shared/contract/contract';
import { HostError } from '../../shared/contract/contract';
import {
  editArchiveFile,
  isArchivePath,
  openArchiveFile,
  setUserListfile,
  writableArchiveExtensions,
} from './archive-file';
import { archiveEntryPath } from './archive-index';
import type { PathGuard } from './confinement';
import type { DataFolderStack } from './data-folders';
import { findGameArchives } from './game-archives';
import { sha256Of, toArrayBuffer } from './identity';

/** The largest user listfile read (a complete Warcraft III listfile is about 4 MB). */
export const LISTFILE_BYTES = 64 * 1024 * 1024;

/** Archive operations over the granted roots and the data source stack. */
export class ArchiveService {
  constructor(
    private readonly guard: PathGuard,
    private readonly stack: DataFolderStack,
  ) {}

  /** The user's listfile in use. */
  listfile: ArchiveListfile = { path: null, names: 0 };

  /**
   * Uses a listfile (one game path a line) for names the archives' own `(listfile)` lacks, or none with null; every
   * archive of the stack is indexed again. `trusted`: the path comes from the host's own settings (startup).
   */
  async setListfile(requested: string | null, trusted = false): Promise<ArchiveListfile> {
    let names: string[] = [];
    let path: string | null = null;
    if (requested !== null) {
      path = trusted ? requested : await this.guard.check(requested, 'read');
      const info = await stat(path);
      if (!info.isFile()) throw new HostError('invalid-argument', 'a listfile must be a text file', path);
      if (info.size > LISTFILE_BYTES)
        throw new HostError('too-large', `a listfile is at most ${LISTFILE_BYTES} bytes`, path);
      names = parseListfile(await readFile(path, 'utf8'));
    }
    setUserListfile(names);
    this.listfile = { path, names: names.length };
    for (const status of this.stack.statuses()) await this.stack.archiveAt(status.path)?.reload(true);
    return this.listfile;
  }

  /** {@link findGameArchives} in a granted folder. */
  async findGameArchives(requested: string): Promise<GameArchiveSearch> {
    const folder = await this.guard.check(requested, 'read');
    if (!(await stat(folder)).isDirectory()) throw new HostError('invalid-argument', 'not a folder', folder);
    return findGameArchives(folder);
  }

  /** Runs `action` on the archive at a checked path, opened for the call; codec errors become HostErrors. */
  private async withArchive<T>(path: string, action: (archive: MpqArchive, mtimeMs: number) => Promise<T>): Promise<T> {
    const info = await stat(path);
    if (!info.isFile()) throw new HostError('invalid-argument', 'not an archive file', path);
    let opened;
    try {
      opened = await openArchiveFile(path);
    } catch (error) {
      throw new HostError('invalid-argument', `not a readable MPQ archive: ${(error as Error).message}`, path);
    }
    try {
      return await action(opened.archive, opened.mtimeMs);
    } catch (error) {
      if (error instanceof HostError) throw error;
      throw new HostError('io', `the archive is damaged: ${(error as Error).message}`, path);
    } finally {
      await opened.close();
    }
  }

  /** The files of a granted archive. */
  async list(requested: string, limit: number): Promise<ArchiveListing> {
    const path = await this.guard.check(requested, 'read');
    return this.withArchive(path, async (archive) => {
      const all = archive.entries();
      const entries = all.slice(0, limit).map((entry) => ({
        gamePath: entry.name,
        label: entry.label,
        size: entry.fileSize,
        storedSize: entry.storedSize,
        encrypted: (entry.flags & FILE_ENCRYPTED) !== 0,
        compressed: (entry.flags & (FILE_COMPRESS | FILE_IMPLODE)) !== 0,
      }));
      return { path, writable: isWritable(path), entries, total: all.length, truncated: all.length > limit };
    });
  }

  /** One file of a granted archive. */
  async read(requested: string, gamePath: string): Promise<ArchiveFileRead> {
    const path = await this.guard.check(requested, 'read');
    return this.withArchive(path, async (archive, mtimeMs) => {
      const entry = archive.find(gamePath);
      if (!entry) throw new HostError('not-found', `the archive holds no ${gamePath}`, path);
      const bytes = await archive.read(entry);
      return {
        entry: {
          gamePath: entry.name ?? gamePath,
          path: archiveEntryPath(path, gamePath),
          folder: path,
          size: bytes.length,
        },
        identity: identityOf(path, gamePath, bytes, mtimeMs),
        bytes: toArrayBuffer(bytes),
      };
    });
  }

  /** Writes one file into a map (see HostOperations.writeArchiveFile). */
  async write(
    requested: string,
    gamePath: string,
    bytes: ArrayBuffer,
    expected: FileIdentity | null,
    force: boolean,
  ): Promise<SaveResult> {
    const path = await this.guard.check(requested, 'write');
    if (!isWritable(path))
      throw new HostError(
        'unsupported',
        "the game's own archives are never written: save the file outside the archive instead",
        path,
      );
    const current = await this.withArchive(path, async (archive, mtimeMs) => {
      const entry: MpqEntry | null = archive.find(gamePath);
      return entry ? identityOf(path, gamePath, await archive.read(entry), mtimeMs) : null;
    });
    if (!force && !sameContent(current, expected)) return { status: 'conflict', current };
    let result;
    try {
      result = await editArchiveFile(path, [{ kind: 'put', name: gamePath, bytes: new Uint8Array(bytes) }], {
        backup: true,
      });
    } catch (error) {
      throw new HostError('io', `the map could not be written: ${(error as Error).message}`, path);
    }
    await this.stack.archiveAt(path)?.reload(true);
    const written = new Uint8Array(bytes);
    const identity = identityOf(path, gamePath, written, (await stat(path)).mtimeMs);
    return { status: 'saved', identity, backupPath: result.backupPath, originalPath: result.originalPath };
  }
}

function isWritable(path: string): boolean {
  return isArchivePath(path, writableArchiveExtensions);
}

function identityOf(archive: string, gamePath: string, bytes: Uint8Array, mtimeMs: number): FileIdentity {
  return { path: archiveEntryPath(archive, gamePath), size: bytes.length, mtimeMs, sha256: sha256Of(bytes) };
}

/** Whether the file in the map is still the one the editor read (by content: the map's time changes with any edit). */
function sameContent(current: FileIdentity | null, expected: FileIdentity | null): boolean {
  if (current === null || expected === null) return current === expected;
  return current.size === expected.size && current.sha256 === expected.sha256;
}

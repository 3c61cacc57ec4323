/**
 * MPQ archives on disk for the host and the CLI: opened through a file handle's positional reads
 * (an archive is read by range, never whole, so the 512 MB file cap does not apply), and maps
 * edited through shared/archives/mpq's writer, written atomically keeping `MAP.bak` and the original `MAP.orig`.
 */
import { open, stat, type FileHandle } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { MpqArchive, type MpqOpenOptions } from '../../shared/archives/mpq/archive';
import type { Inflater } from '../../shared/archives/mpq/zlib';
import type { ByteSource } from '../../shared/archives/mpq/source';
import { writeMpq, type MpqEdit, type MpqWriteResult } from '../../shared/archives/mpq/writer';
import { writeFileAtomic } from './atomic-write';
import { type KeptBackups, keepBackups } from './backups';

/** Extensions of the archives a data folder may be (maps, campaigns, the game's archives). */
export const archiveExtensions: readonly string[] = ['.mpq', '.w3x', '.w3m', '.w3n'];
/** Extensions of archives the host writes into: maps and campaigns, never the game's own archives. */
export const writableArchiveExtensions: readonly string[] = ['.w3x', '.w3m', '.w3n'];

/** Whether a file name has an archive's extension. */
export function isArchivePath(path: string, extensions = archiveExtensions): boolean {
  const lower = path.toLowerCase();
  return extensions.some((extension) => lower.endsWith(extension));
}

/** Names tried in every archive the host opens besides its own `(listfile)`: the user's listfile. */
let userListfile: readonly string[] = [];

/** Sets the names of the user's listfile, tried in every archive opened from now on (empty: none). */
export function setUserListfile(names: readonly string[]): void {
  userListfile = names;
}

/** Node's native zlib, bounded to `limit` bytes of output: about twice as fast as fflate on 4 KB sectors. */
export const nodeInflater: Inflater = (input, limit) => inflateSync(input, { maxOutputLength: Math.max(1, limit) });

/** A byte source over an open file handle. */
export function fileSource(handle: FileHandle, size: number): ByteSource {
  return {
    size,
    async read(offset, length) {
      // Not zero-filled first (the writer reads 8 MB windows): a plain Uint8Array over its own memory, only the
      // part read handed out. Not a Buffer, whose slice() would share the bytes instead of copying them.
      const capacity = Math.max(0, Math.min(length, size - offset));
      const bytes = new Uint8Array(Buffer.allocUnsafeSlow(capacity).buffer, 0, capacity);
      let done = 0;
      while (done < bytes.length) {
        const { bytesRead } = await handle.read(bytes, done, bytes.length - done, offset + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return done === bytes.length ? bytes : bytes.subarray(0, done);
    },
  };
}

/** An archive opened on disk; close it when done. */
export interface OpenArchive {
  path: string;
  archive: MpqArchive;
  /** The file's modification time when it was opened. */
  mtimeMs: number;
  close(): Promise<void>;
}

/** Opens the archive at `path` (an absolute or working-directory path), inflating with Node's zlib. */
export async function openArchiveFile(path: string, options: MpqOpenOptions = {}): Promise<OpenArchive> {
  const handle = await open(path, 'r');
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw Object.assign(new Error(`${path}: not a regular file`), { code: 'EISDIR' });
    const archive = await MpqArchive.open(fileSource(handle, info.size), {
      inflater: nodeInflater,
      ...(userListfile.length > 0 ? { listfile: userListfile } : {}),
      ...options,
    });
    return { path, archive, mtimeMs: info.mtimeMs, close: () => handle.close() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Applies `edits` to the map at `path`: the new archive is written to a temporary file beside it and
 * renamed over it; with `backup` the map as it was is first kept as `path.bak`, and the first time ever as
 * `path.orig` (backups.ts). Returns what changed and the backups' paths (null when none was made).
 */
export async function editArchiveFile(
  path: string,
  edits: readonly MpqEdit[],
  options: { backup: boolean; fileTimeMs?: number; compressionLevel?: number },
): Promise<MpqWriteResult & KeptBackups> {
  const opened = await openArchiveFile(path);
  let result: MpqWriteResult;
  try {
    result = await writeMpq(opened.archive, edits, {
      fileTimeMs: options.fileTimeMs,
      compressionLevel: options.compressionLevel,
    });
  } finally {
    await opened.close();
  }
  const kept: KeptBackups = options.backup ? await keepBackups(path) : { backupPath: null, originalPath: null };
  const mode = (await stat(path)).mode & 0o7777;
  await writeFileAtomic(path, result.parts, { mode });
  return { ...result, ...kept };
}

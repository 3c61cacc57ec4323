/**
 * The command line's file access: reading an input with one clear error line for every way it
 * can fail, and writing outputs atomically through the host's writer, keeping backups as the editor does
 * (`FILE.bak`, and the untouched original once as `FILE.orig`: electron/host/backups.ts). The editor's full file
 * service (watching, recovery) lives in electron/host/.
 */
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { writeFileAtomic as replaceFileAtomically } from '../host/atomic-write';
import { keepBackups } from '../host/backups';

/** A file problem, told in one line that names the file. */
export class CliFileError extends Error {
  override name = 'CliFileError';
}

/** Reads `path` (relative to `cwd`); throws {@link CliFileError} naming `path` when it cannot. */
export async function readInputFile(path: string, cwd: string): Promise<Uint8Array> {
  const absolute = resolve(cwd, path);
  try {
    const info = await stat(absolute);
    if (info.isDirectory()) throw new CliFileError(`${path}: is a directory, not a file`);
    if (!info.isFile()) throw new CliFileError(`${path}: is not a regular file`);
    if (info.size === 0) throw new CliFileError(`${path}: the file is empty`);
    const buffer = await readFile(absolute);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  } catch (error) {
    throw toCliFileError(error, path);
  }
}

/**
 * Writes `bytes` to `path` atomically with the host's writer (temporary file beside it, fsync,
 * rename, folder fsync; see electron/host/atomic-write.ts), so a crash never leaves a half-written
 * file. With `backup`, an existing target is first kept as `path.bak` (and, the first time, as `path.orig`).
 */
export async function writeFileAtomic(
  path: string,
  bytes: Uint8Array,
  cwd: string,
  options: { backup?: boolean } = {},
): Promise<void> {
  const absolute = resolve(cwd, path);
  try {
    if (options.backup) {
      const existing = await stat(absolute).catch(() => undefined);
      if (existing?.isDirectory()) throw new CliFileError(`${path}: is a directory, not a file`);
      if (existing) await keepBackups(absolute);
    }
    await replaceFileAtomically(absolute, bytes);
  } catch (error) {
    throw toCliFileError(error, path);
  }
}

const reasons: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'is a directory, not a file',
  ENOTDIR: 'a part of the path is not a folder',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  ERR_FS_FILE_TOO_LARGE: 'the file is too large to read',
};

function toCliFileError(error: unknown, path: string): Error {
  if (error instanceof CliFileError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && reasons[code]) return new CliFileError(`${path}: ${reasons[code]}`);
  if (error instanceof RangeError) return new CliFileError(`${path}: the file is too large to read`);
  return new CliFileError(`${path}: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * The command line's file access: reading an input with one clear error line for every way it
 * can fail, and writing outputs atomically (a temporary file in the same folder, then rename).
 * The editor's full file service (backups, watching, recovery) lives in electron/host/.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';

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
 * Writes `bytes` to `path` atomically: a temporary file beside it is written and flushed, then
 * renamed over the target, so a crash never leaves a half-written file. With `backup`, an
 * existing target is first copied to `path.bak`.
 */
export async function writeFileAtomic(path: string, bytes: Uint8Array, cwd: string, options: { backup?: boolean } = {}): Promise<void> {
  const absolute = resolve(cwd, path);
  const temporary = resolve(dirname(absolute), `.${basename(absolute)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.backup) {
      const existing = await stat(absolute).catch(() => undefined);
      if (existing?.isDirectory()) throw new CliFileError(`${path}: is a directory, not a file`);
      if (existing) await copyFile(absolute, `${absolute}.bak`);
    }
    await rename(temporary, absolute);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
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

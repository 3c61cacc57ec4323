/**
 * Atomic file replacement: write to a temporary file in the same folder, fsync it, rename it over
 * the target, fsync the folder. A writer killed at any point leaves either the old file or the new
 * one, never a mix; its temporary file is cleaned up by the next write to the same target.
 */
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Suffix of temporary files, so leftovers are recognisable. */
export const temporarySuffix = '.morf-tmp';
/** Bytes written per call (large files are written in slices so progress can be reported). */
const sliceBytes = 4 * 1024 * 1024;

/** Options for {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
  /** File mode for a new file (an existing file's mode is kept). */
  mode?: number;
  /** Called after each slice is written (before fsync and rename). */
  onProgress?: (writtenBytes: number, totalBytes: number) => void | Promise<void>;
}

/** The temporary file name used for `target` by this process. */
export function temporaryPathFor(target: string): string {
  return join(
    dirname(target),
    `.${basename(target)}.${process.pid}-${randomBytes(6).toString('hex')}${temporarySuffix}`,
  );
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Remove temporary files for `target` left by writers that no longer run (killed mid-write). */
export async function removeStaleTemporaries(target: string): Promise<string[]> {
  const prefix = `.${basename(target)}.`;
  const removed: string[] = [];
  let names: string[];
  try {
    names = await readdir(dirname(target));
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(temporarySuffix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (!Number.isInteger(pid) || pid === process.pid || processIsAlive(pid)) continue;
    await unlink(join(dirname(target), name)).catch(() => undefined);
    removed.push(name);
  }
  return removed;
}

async function syncDirectory(directory: string): Promise<void> {
  if (process.platform === 'win32') return; // directories cannot be opened for fsync on Windows
  const handle = await open(directory, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on directories; the rename is still atomic.
  } finally {
    await handle.close();
  }
}

/** Replace `target` with `bytes` atomically (see module comment). */
export async function writeFileAtomic(
  target: string,
  bytes: Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  await removeStaleTemporaries(target);
  let mode = options.mode ?? 0o666;
  try {
    mode = (await stat(target)).mode & 0o7777;
  } catch {
    // a new file
  }
  const temporary = temporaryPathFor(target);
  const handle = await open(temporary, 'wx', mode);
  let renamed = false;
  try {
    let written = 0;
    while (written < bytes.byteLength) {
      const end = Math.min(bytes.byteLength, written + sliceBytes);
      const { bytesWritten } = await handle.write(bytes, written, end - written, written);
      written += bytesWritten;
      await options.onProgress?.(written, bytes.byteLength);
    }
    await handle.sync();
    await handle.close();
    await rename(temporary, target);
    renamed = true;
    await syncDirectory(dirname(target));
  } finally {
    if (!renamed) {
      await handle.close().catch(() => undefined);
      await unlink(temporary).catch(() => undefined);
    }
  }
}

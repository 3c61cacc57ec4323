/**
 * Atomic file replacement: write to a temporary file in the same folder, fsync it, rename it over
 * the target, fsync the folder. A writer killed at any point leaves either the old file or the new
 * one, never a mix; its temporary file is cleaned up by the next write to the same target.
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
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

/** A writer writes its temporary file at least this often (every slice): older ones are left-overs. */
const abandonedAfterMs = 60 * 60 * 1000;

/**
 * Whether the process that named a temporary file still runs. A killed process not yet reaped by its parent (a
 * zombie, after `kill -9` of a child) answers signal 0 but writes nothing more: Linux tells it by its state.
 */
async function processIsAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  const status = await readFile(`/proc/${pid}/stat`, 'latin1').catch(() => null);
  // "pid (comm) S …": the state follows the last ')'.
  return status === null || status.slice(status.lastIndexOf(')') + 2, status.lastIndexOf(')') + 3) !== 'Z';
}

/**
 * Remove temporaries for `target` left by writers that no longer run (killed mid-write) — files, and the folders a
 * PNG sequence render writes (electron/host/render-outputs.ts names them the same way): their process is gone,
 * or a zombie, or the temporary has not been written for an hour (its process id taken by another program since).
 */
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
    const rest = name.slice(prefix.length, -temporarySuffix.length);
    // `.NAME.PID-HEX.morf-tmp` only: `.NAME.bak.PID-HEX.morf-tmp` belongs to NAME.bak.
    const match = /^(\d+)-[0-9a-f]+$/.exec(rest);
    if (!match) continue;
    const pid = Number(match[1]);
    const path = join(dirname(target), name);
    if (pid === process.pid) continue;
    const modified = (await stat(path).catch(() => null))?.mtimeMs ?? 0;
    if ((await processIsAlive(pid)) && Date.now() - modified < abandonedAfterMs) continue;
    await rm(path, { recursive: true, force: true }).catch(() => undefined);
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

/** Most buffers given to one writev call (the POSIX minimum of IOV_MAX). */
const maxBuffersPerWrite = 1024;

/** Groups the parts into batches of at most `sliceBytes` and `maxBuffersPerWrite` buffers, splitting large parts. */
function slices(parts: readonly Uint8Array[]): Uint8Array[][] {
  const batches: Uint8Array[][] = [];
  let batch: Uint8Array[] = [];
  let size = 0;
  for (const part of parts) {
    for (let at = 0; at < part.byteLength;) {
      const piece = part.subarray(at, at + Math.min(part.byteLength - at, sliceBytes - size));
      batch.push(piece);
      size += piece.byteLength;
      at += piece.byteLength;
      if (size >= sliceBytes || batch.length >= maxBuffersPerWrite) {
        batches.push(batch);
        batch = [];
        size = 0;
      }
    }
  }
  if (batch.length) batches.push(batch);
  return batches;
}

/** The buffers of `batch` after its first `skip` bytes. */
function remainder(batch: readonly Uint8Array[], skip: number): Uint8Array[] {
  const rest: Uint8Array[] = [];
  for (const slice of batch) {
    if (skip >= slice.byteLength) skip -= slice.byteLength;
    else {
      rest.push(skip ? slice.subarray(skip) : slice);
      skip = 0;
    }
  }
  return rest;
}

/**
 * Replace `target` with `bytes` atomically (see module comment). `bytes` may be given as parts written
 * one after another (a rewritten archive: kept ranges and new pieces, never joined in memory).
 */
export async function writeFileAtomic(
  target: string,
  bytes: Uint8Array | readonly Uint8Array[],
  options: AtomicWriteOptions = {},
): Promise<void> {
  const parts = bytes instanceof Uint8Array ? [bytes] : bytes;
  const total = parts.reduce((sum, part) => sum + part.byteLength, 0);
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
    for (const batch of slices(parts)) {
      let done = 0;
      const size = batch.reduce((sum: number, slice) => sum + slice.byteLength, 0);
      while (done < size) {
        // writev may write less than asked: go on from where it stopped.
        const { bytesWritten } = await handle.writev(remainder(batch, done), written);
        done += bytesWritten;
        written += bytesWritten;
      }
      await options.onProgress?.(written, total);
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

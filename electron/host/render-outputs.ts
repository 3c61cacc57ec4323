/**
 * Renders being written (the contract's begin/write/finish/abortRenderOutput): a video, GIF or PNG still goes to a
 * temporary file beside its path, a PNG sequence to a temporary folder beside the folder it becomes, and only
 * `finish` makes it appear — flushed to disk, then renamed into place (atomic on one file system). An existing file
 * is kept as `PATH.bak` (hard-linked, else copied, before the rename replaces it); an existing folder is moved to
 * `PATH.bak`. Abandoning a render (cancelled, failed, out of disk, its writer gone quiet for 10 minutes, the host
 * stopping) removes its temporary file or folder, so nothing partial is ever left at the path. Temporaries of
 * processes that died mid-render are removed when the next render starts beside them.
 */
import { randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { copyFile, link, lstat, mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { RenderOutputKind, RenderOutputResult } from '../../shared/contract/contract';
import { HostError, limits } from '../../shared/contract/contract';
import { removeStaleTemporaries, temporarySuffix } from './atomic-write';
import type { PathGuard } from './confinement';

/** How long a render may go without a write before it is abandoned (ms). */
export const renderIdleMs = 10 * 60 * 1000;

/** Errors that mean the disk or the user's quota is full. */
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);

interface SequenceFile {
  size: number;
}

interface Output {
  id: string;
  kind: RenderOutputKind;
  /** Where it appears on finish. */
  target: string;
  /** The temporary file or folder. */
  temporary: string;
  replace: boolean;
  /** The file output's handle. */
  handle: FileHandle | null;
  /** A file output's size so far; a sequence's files by name. */
  size: number;
  files: Map<string, SequenceFile>;
  timer: ReturnType<typeof setTimeout> | null;
  /** Writes run one after another (a write's position may be before an earlier one's end). */
  queue: Promise<unknown>;
}

/** The file-system calls a render makes while writing (replaced in tests to fail like a full disk). */
export interface RenderFileSystem {
  write(handle: FileHandle, bytes: Uint8Array, position: number): Promise<void>;
  sync(handle: FileHandle): Promise<void>;
}

const nodeFileSystem: RenderFileSystem = {
  async write(handle, bytes, position) {
    for (let done = 0; done < bytes.byteLength;) {
      const { bytesWritten } = await handle.write(bytes, done, bytes.byteLength - done, position + done);
      done += bytesWritten;
    }
  },
  sync: (handle) => handle.sync(),
};

/** The temporary name beside `target` for this process (recognised by its suffix and pid). */
function temporaryFor(target: string, id: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}-${id.slice(0, 12)}${temporarySuffix}`);
}

function isNoSpace(error: unknown): boolean {
  return NO_SPACE.has((error as NodeJS.ErrnoException | null)?.code ?? '');
}

/** The renders being written by one host. */
export class RenderOutputs {
  private readonly outputs = new Map<string, Output>();

  constructor(
    private readonly guard: PathGuard,
    private readonly fileSystem: RenderFileSystem = nodeFileSystem,
    private readonly idleMs = renderIdleMs,
  ) {}

  /** Renders being written now. */
  get count(): number {
    return this.outputs.size;
  }

  /** See HostOperations.beginRenderOutput. */
  async begin(
    requested: string,
    kind: RenderOutputKind,
    replace: boolean,
  ): Promise<{ status: 'started'; id: string } | { status: 'exists'; path: string }> {
    const target = await this.guard.check(requested, 'write');
    if (this.outputs.size >= limits.renderOutputs)
      throw new HostError(
        'invalid-argument',
        `${limits.renderOutputs} renders are being written already: finish or cancel one first`,
        target,
      );
    const existing = await lstat(target).catch(() => null);
    if (existing) {
      if (kind === 'file' && !existing.isFile())
        throw new HostError('invalid-argument', 'a folder has that name: choose a file name', target);
      if (kind === 'sequence' && !existing.isDirectory())
        throw new HostError('invalid-argument', 'a file has that name: a PNG sequence makes a folder', target);
      if (!replace) return { status: 'exists', path: target };
      if (kind === 'sequence' && (await lstat(`${target}.bak`).catch(() => null)))
        throw new HostError(
          'invalid-argument',
          `${basename(target)}.bak is in the way of keeping the folder being replaced: move or remove it first`,
          target,
        );
    }
    await removeStaleTemporaries(target);
    const id = randomBytes(16).toString('hex');
    const temporary = temporaryFor(target, id);
    let handle: FileHandle | null = null;
    try {
      if (kind === 'file') handle = await open(temporary, 'wx', 0o666);
      else await mkdir(temporary);
    } catch (error) {
      throw this.failure(error, target, 'cannot start writing the render');
    }
    const output: Output = {
      id,
      kind,
      target,
      temporary,
      replace,
      handle,
      size: 0,
      files: new Map(),
      timer: null,
      queue: Promise.resolve(),
    };
    this.outputs.set(id, output);
    this.touch(output);
    return { status: 'started', id };
  }

  /** See HostOperations.writeRenderOutput. */
  async write(id: string, name: string, position: number, bytes: ArrayBuffer): Promise<null> {
    const output = this.find(id);
    const run = output.queue.then(() => this.writeNow(output, name, position, new Uint8Array(bytes)));
    output.queue = run.catch(() => undefined);
    return run;
  }

  private async writeNow(output: Output, name: string, position: number, bytes: Uint8Array): Promise<null> {
    if (!this.outputs.has(output.id)) throw new HostError('not-found', 'the render was abandoned', output.target);
    this.touch(output);
    const end = position + bytes.byteLength;
    if (output.kind === 'file' ? name !== '' : name === '')
      throw new HostError(
        'invalid-argument',
        output.kind === 'file' ? 'a file render takes no file name' : 'a sequence file needs a name',
        output.target,
      );
    const total = output.kind === 'file' ? Math.max(output.size, end) : this.sequenceBytes(output, name, end);
    if (total > limits.renderBytes) {
      await this.abort(output.id);
      throw new HostError('too-large', `a render may not be larger than ${limits.renderBytes} bytes`, output.target);
    }
    if (output.kind === 'sequence' && !output.files.has(name) && output.files.size >= limits.renderFiles) {
      await this.abort(output.id);
      throw new HostError(
        'too-large',
        `a PNG sequence may not have more than ${limits.renderFiles} files`,
        output.target,
      );
    }
    try {
      if (output.kind === 'file') {
        await this.fileSystem.write(output.handle!, bytes, position);
        output.size = total;
      } else {
        const file = await open(join(output.temporary, name), output.files.has(name) ? 'r+' : 'wx', 0o666);
        try {
          await this.fileSystem.write(file, bytes, position);
          await this.fileSystem.sync(file);
        } finally {
          await file.close();
        }
        const known = output.files.get(name);
        output.files.set(name, { size: Math.max(known?.size ?? 0, end) });
      }
    } catch (error) {
      await this.abort(output.id);
      throw this.failure(error, output.target, 'cannot write the render');
    }
    return null;
  }

  /** See HostOperations.finishRenderOutput. */
  async finish(id: string): Promise<RenderOutputResult> {
    const output = this.find(id);
    await output.queue;
    if (!this.outputs.has(id)) throw new HostError('not-found', 'the render was abandoned', output.target);
    this.stopTimer(output);
    let backupPath: string | null = null;
    try {
      if (output.handle) {
        await this.fileSystem.sync(output.handle);
        await output.handle.close();
        output.handle = null;
      }
      const existing = await lstat(output.target).catch(() => null);
      if (existing && !output.replace)
        throw new HostError('invalid-argument', 'something was created at the path meanwhile', output.target);
      if (existing) {
        backupPath = `${output.target}.bak`;
        if (output.kind === 'file') await keepBackup(output.target, backupPath);
        else await rename(output.target, backupPath);
      }
      await rename(output.temporary, output.target);
      this.outputs.delete(id);
    } catch (error) {
      await this.abort(id);
      throw this.failure(error, output.target, 'cannot finish the render');
    }
    await syncDirectory(dirname(output.target));
    const files = output.kind === 'file' ? 1 : output.files.size;
    const bytes =
      output.kind === 'file' ? output.size : [...output.files.values()].reduce((sum, file) => sum + file.size, 0);
    return { path: output.target, files, bytes, backupPath };
  }

  /** See HostOperations.abortRenderOutput; an unknown or finished id is nothing to do. */
  async abort(id: string): Promise<null> {
    const output = this.outputs.get(id);
    if (!output) return null;
    this.outputs.delete(id);
    this.stopTimer(output);
    await output.handle?.close().catch(() => undefined);
    output.handle = null;
    await rm(output.temporary, { recursive: true, force: true }).catch(() => undefined);
    return null;
  }

  /** Abandons every render (the host is stopping). */
  async dispose(): Promise<void> {
    await Promise.all([...this.outputs.keys()].map((id) => this.abort(id)));
  }

  private find(id: string): Output {
    const output = this.outputs.get(id);
    if (!output) throw new HostError('not-found', 'no render is being written with that id (finished or abandoned)');
    return output;
  }

  private sequenceBytes(output: Output, name: string, end: number): number {
    let total = 0;
    for (const [file, { size }] of output.files) total += file === name ? Math.max(size, end) : size;
    return output.files.has(name) ? total : total + end;
  }

  private touch(output: Output): void {
    this.stopTimer(output);
    output.timer = setTimeout(() => void this.abort(output.id), this.idleMs);
    output.timer.unref?.();
  }

  private stopTimer(output: Output): void {
    if (output.timer) clearTimeout(output.timer);
    output.timer = null;
  }

  /** A host error for a failed file-system call: out of disk says so and that nothing was left. */
  private failure(error: unknown, target: string, what: string): HostError {
    if (error instanceof HostError) return error;
    if (isNoSpace(error))
      return new HostError('no-space', `the disk is full: ${what}; nothing was left at ${basename(target)}`, target);
    const code = (error as NodeJS.ErrnoException | null)?.code;
    return new HostError('io', `${what} (${code ?? (error as Error).message})`, target);
  }
}

/** Keeps the file at `path` as `backup` (a hard link when the file system allows one, else a copy). */
async function keepBackup(path: string, backup: string): Promise<void> {
  const temporary = `${backup}.${process.pid}-${randomBytes(6).toString('hex')}${temporarySuffix}`;
  try {
    await link(path, temporary);
  } catch {
    await copyFile(path, temporary);
  }
  await rename(temporary, backup).catch(async (error: unknown) => {
    await unlink(temporary).catch(() => undefined);
    throw error;
  });
}

async function syncDirectory(directory: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(directory, 'r').catch(() => null);
  await handle?.sync().catch(() => undefined);
  await handle?.close();
}

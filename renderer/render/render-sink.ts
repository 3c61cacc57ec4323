/**
 * Where a render's bytes go: a host render output (a place the user chose: written beside it and renamed into
 * place when finished, removed when aborted — see the contract's beginRenderOutput), or, in the browser shell, a
 * download assembled in memory (a PNG sequence downloads as one .zip of its files, stored uncompressed).
 */
import { zipSync } from 'fflate';
import type { HostClient, RenderOutputKind } from '../../shared/contract/contract';

/** What a finished render left: where, how many files, how many bytes, the .bak of what it replaced. */
export interface RenderSinkResult {
  /** The file or folder path, or the downloaded file's name. */
  where: string;
  files: number;
  bytes: number;
  backupPath: string | null;
}

/** Takes a render's bytes; finish makes them appear, abort leaves nothing. */
export interface RenderSink {
  /** Bytes at `position` of the file (`name` '') or of the sequence's file `name`. */
  write(name: string, position: number, bytes: Uint8Array): Promise<void>;
  finish(): Promise<RenderSinkResult>;
  abort(): Promise<void>;
}

/** A buffer exactly holding `bytes` (the contract takes whole ArrayBuffers). */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
    ? bytes.buffer
    : (bytes.slice().buffer as ArrayBuffer);
}

/**
 * Starts a host render output at `path`; 'exists' when something is there and `replace` is false (the caller asks,
 * then starts again with `replace`).
 */
export async function startHostSink(
  host: Pick<HostClient, 'beginRenderOutput' | 'writeRenderOutput' | 'finishRenderOutput' | 'abortRenderOutput'>,
  path: string,
  kind: RenderOutputKind,
  replace: boolean,
): Promise<RenderSink | 'exists'> {
  const started = await host.beginRenderOutput({ path, kind, replace });
  if (started.status === 'exists') return 'exists';
  const { id } = started;
  let open = true;
  return {
    async write(name, position, bytes) {
      await host.writeRenderOutput({ id, name, position, bytes: ownBuffer(bytes) });
    },
    async finish() {
      const result = await host.finishRenderOutput({ id });
      open = false;
      return { where: result.path, files: result.files, bytes: result.bytes, backupPath: result.backupPath };
    },
    async abort() {
      if (!open) return;
      open = false;
      await host.abortRenderOutput({ id }).catch(() => undefined);
    },
  };
}

/** Most bytes a download is assembled from in memory. */
export const MAX_DOWNLOAD_BYTES = 1024 * 1024 * 1024;

/** A file assembled from positioned writes. */
class GrowingFile {
  private data = new Uint8Array(64 * 1024);
  size = 0;

  write(position: number, bytes: Uint8Array): void {
    const end = position + bytes.byteLength;
    if (end > MAX_DOWNLOAD_BYTES)
      throw new Error(
        `the render is larger than ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB: render to a folder instead of a download`,
      );
    if (end > this.data.byteLength) {
      const grown = new Uint8Array(Math.min(MAX_DOWNLOAD_BYTES, Math.max(end, this.data.byteLength * 2)));
      grown.set(this.data.subarray(0, this.size));
      this.data = grown;
    }
    this.data.set(bytes, position);
    this.size = Math.max(this.size, end);
  }

  bytes(): Uint8Array {
    return this.data.subarray(0, this.size);
  }
}

/**
 * A render offered as a download named `name` (a sequence as `name`.zip); `save` hands the finished bytes to the
 * browser (an object URL and a link with `download`).
 */
export function downloadSink(
  name: string,
  kind: RenderOutputKind,
  save: (bytes: Uint8Array, name: string) => void,
): RenderSink {
  const files = new Map<string, GrowingFile>();
  let total = 0;
  return {
    async write(file, position, bytes) {
      const key = kind === 'file' ? '' : file;
      let target = files.get(key);
      if (!target) files.set(key, (target = new GrowingFile()));
      const before = target.size;
      target.write(position, bytes);
      total += target.size - before;
      if (total > MAX_DOWNLOAD_BYTES)
        throw new Error(`the render is larger than ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB: render to a folder instead`);
    },
    async finish() {
      if (kind === 'file') {
        const bytes = files.get('')?.bytes() ?? new Uint8Array(0);
        save(bytes, name);
        return { where: name, files: 1, bytes: bytes.byteLength, backupPath: null };
      }
      const entries = Object.fromEntries([...files].map(([file, data]) => [file, data.bytes()]));
      const zipped = zipSync(entries, { level: 0 });
      save(zipped, `${name}.zip`);
      return { where: `${name}.zip`, files: files.size, bytes: zipped.byteLength, backupPath: null };
    },
    async abort() {
      files.clear();
    },
  };
}

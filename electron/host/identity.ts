/** File identities: what a file looked like when we read or wrote it. */
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { FileIdentity } from '../../shared/contract/contract';
import { HostError, limits } from '../../shared/contract/contract';

/** Lower-case hex SHA-256 of some bytes. */
export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The identity of bytes just read from (or written to) `path`. */
function identityOf(path: string, bytes: Uint8Array, info: Stats): FileIdentity {
  return { path, size: bytes.byteLength, mtimeMs: info.mtimeMs, sha256: sha256Of(bytes) };
}

/** Read a file with its identity; null when it does not exist. Refuses files over limits.fileBytes. */
export async function readWithIdentity(path: string): Promise<{ bytes: Buffer; identity: FileIdentity } | null> {
  let info: Stats;
  try {
    info = await stat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new HostError(
      'io',
      `cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      path,
    );
  }
  if (!info.isFile()) throw new HostError('invalid-argument', 'not a regular file', path);
  if (info.size > limits.fileBytes)
    throw new HostError('too-large', `the file is larger than ${limits.fileBytes} bytes`, path);
  const bytes = await readFile(path);
  return { bytes, identity: identityOf(path, bytes, info) };
}

/** Copy a Node Buffer's bytes into an ArrayBuffer of exactly its length (what crosses IPC/HTTP). */
export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer)
    return bytes.buffer;
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/**
 * Recovery files: the renderer writes each document's unsaved bytes every few seconds; after a
 * crash they are offered back. Stored in `<config>/recovery/` as `<id>.bin` plus `<id>.json`
 * (written atomically, metadata last). Entries written by this run are marked `currentSession`.
 */
import { mkdir, readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { RecoveryEntry } from '../../shared/contract/contract';
import { HostError, limits } from '../../shared/contract/contract';
import { writeFileAtomic } from './atomic-write';
import { toArrayBuffer } from './identity';

interface StoredMeta {
  id: string;
  documentPath: string | null;
  displayName: string;
  savedAtMs: number;
  size: number;
  sessionId: string;
}

function isStoredMeta(value: unknown): value is StoredMeta {
  if (typeof value !== 'object' || value === null) return false;
  const meta = value as Record<string, unknown>;
  return (
    typeof meta.id === 'string' &&
    /^[a-z0-9][a-z0-9-]*$/.test(meta.id) &&
    (meta.documentPath === null || typeof meta.documentPath === 'string') &&
    typeof meta.displayName === 'string' &&
    typeof meta.savedAtMs === 'number' &&
    typeof meta.size === 'number' &&
    typeof meta.sessionId === 'string'
  );
}

/** The recovery folder of a config folder. */
export function recoveryDirectory(configDirectory: string): string {
  return join(configDirectory, 'recovery');
}

/** Recovery files of one config folder. */
export class RecoveryStore {
  constructor(
    readonly directory: string,
    /** Identifies this run: entries written by it are `currentSession`. */
    private readonly sessionId: string,
  ) {}

  private entryOf(meta: StoredMeta): RecoveryEntry {
    return {
      id: meta.id,
      documentPath: meta.documentPath,
      displayName: meta.displayName,
      savedAtMs: meta.savedAtMs,
      size: meta.size,
      currentSession: meta.sessionId === this.sessionId,
    };
  }

  /** Replace a document's recovery file. The id is validated by the contract (no separators). */
  async write(
    id: string,
    documentPath: string | null,
    displayName: string,
    bytes: ArrayBuffer,
  ): Promise<RecoveryEntry> {
    if (bytes.byteLength > limits.fileBytes)
      throw new HostError('too-large', `recovery data larger than ${limits.fileBytes} bytes`);
    await mkdir(this.directory, { recursive: true });
    const meta: StoredMeta = {
      id,
      documentPath,
      displayName,
      savedAtMs: Date.now(),
      size: bytes.byteLength,
      sessionId: this.sessionId,
    };
    await writeFileAtomic(join(this.directory, `${id}.bin`), new Uint8Array(bytes));
    await writeFileAtomic(join(this.directory, `${id}.json`), new TextEncoder().encode(JSON.stringify(meta)));
    return this.entryOf(meta);
  }

  private async readMeta(id: string): Promise<StoredMeta | null> {
    try {
      const meta: unknown = JSON.parse(await readFile(join(this.directory, `${id}.json`), 'utf8'));
      return isStoredMeta(meta) && meta.id === id ? meta : null;
    } catch {
      return null;
    }
  }

  /** Every complete recovery file, newest first (a .bin without its .json, or a damaged .json, is skipped). */
  async list(): Promise<RecoveryEntry[]> {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch {
      return [];
    }
    const entries: RecoveryEntry[] = [];
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      const meta = await this.readMeta(name.slice(0, -'.json'.length));
      if (meta && names.includes(`${meta.id}.bin`)) entries.push(this.entryOf(meta));
    }
    return entries.sort((a, b) => b.savedAtMs - a.savedAtMs);
  }

  /** Leftovers of earlier runs (what to offer after a crash). */
  async leftovers(): Promise<RecoveryEntry[]> {
    return (await this.list()).filter((entry) => !entry.currentSession);
  }

  /** A recovery file's bytes. */
  async read(id: string): Promise<{ entry: RecoveryEntry; bytes: ArrayBuffer }> {
    const meta = await this.readMeta(id);
    if (!meta) throw new HostError('not-found', `no recovery file "${id}"`);
    const bytes = await readFile(join(this.directory, `${id}.bin`)).catch(() => null);
    if (!bytes) throw new HostError('not-found', `the data of recovery file "${id}" is missing`);
    return { entry: { ...this.entryOf(meta), size: bytes.byteLength }, bytes: toArrayBuffer(bytes) };
  }

  /** Delete a recovery file (missing is fine). */
  async discard(id: string): Promise<void> {
    await unlink(join(this.directory, `${id}.json`)).catch(() => undefined);
    await unlink(join(this.directory, `${id}.bin`)).catch(() => undefined);
  }
}

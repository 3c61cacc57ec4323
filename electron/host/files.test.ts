import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileIdentity } from '../../shared/contract/contract';
import { HostError } from '../../shared/contract/contract';
import { PathGuard } from './confinement';
import { DiskFiles } from './files';

const encode = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const decode = (bytes: ArrayBuffer) => new TextDecoder().decode(bytes);

function waitFor<T>(take: () => T | undefined, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const value = take();
      if (value !== undefined) resolve(value);
      else if (Date.now() - started > timeoutMs) reject(new Error('timed out waiting'));
      else setTimeout(poll, 20);
    };
    poll();
  });
}

describe('file service', () => {
  let folder: string;
  let path: string;
  let changes: { path: string; identity: FileIdentity | null }[];
  let files: DiskFiles;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'morf-files-'));
    path = join(folder, 'Cinematic.mdl');
    writeFileSync(path, 'version 1');
    const guard = new PathGuard();
    guard.grant(path, 'file', 'dialog');
    changes = [];
    files = new DiskFiles(guard, (changed, identity) => changes.push({ path: changed, identity }));
  });
  afterEach(() => {
    files.closeAll();
    rmSync(folder, { recursive: true, force: true });
  });

  it('opens a file with its bytes and identity', async () => {
    const opened = await files.open(path);
    expect(decode(opened.bytes)).toBe('version 1');
    expect(opened.identity).toMatchObject({ path, size: 9 });
    expect(opened.identity.sha256).toBe(createHash('sha256').update('version 1').digest('hex'));
  });

  it('keeps the version each save replaces as FILE.bak and the untouched original once as FILE.orig', async () => {
    const opened = await files.open(path);
    const first = await files.save(path, encode('version 2'), opened.identity, false);
    expect(first).toMatchObject({ status: 'saved', backupPath: `${path}.bak`, originalPath: `${path}.orig` });
    expect(readFileSync(`${path}.bak`, 'utf8')).toBe('version 1');
    expect(readFileSync(`${path}.orig`, 'utf8')).toBe('version 1');
    expect(readFileSync(path, 'utf8')).toBe('version 2');
    if (first.status !== 'saved') throw new Error('not saved');
    // A later run (a fresh service) saving again: .bak moves on, .orig stays the original.
    const grants = new PathGuard();
    grants.grant(path, 'file', 'dialog');
    const later = new DiskFiles(grants, () => undefined);
    const second = await later.save(path, encode('version 3'), first.identity, false);
    expect(second).toMatchObject({ status: 'saved', backupPath: `${path}.bak`, originalPath: null });
    expect(readFileSync(`${path}.bak`, 'utf8')).toBe('version 2');
    expect(readFileSync(`${path}.orig`, 'utf8')).toBe('version 1');
    expect(readFileSync(path, 'utf8')).toBe('version 3');
    later.closeAll();
  });

  it('refuses to overwrite a file changed on disk since it was opened, unless forced', async () => {
    const opened = await files.open(path);
    writeFileSync(path, 'changed by another program');
    const refused = await files.save(path, encode('mine'), opened.identity, false);
    expect(refused.status).toBe('conflict');
    if (refused.status === 'conflict') expect(refused.current?.size).toBe('changed by another program'.length);
    expect(readFileSync(path, 'utf8')).toBe('changed by another program');
    expect(existsSync(`${path}.bak`)).toBe(false);

    const forced = await files.save(path, encode('mine'), opened.identity, true);
    expect(forced.status).toBe('saved');
    expect(readFileSync(path, 'utf8')).toBe('mine');
    expect(readFileSync(`${path}.bak`, 'utf8')).toBe('changed by another program');
  });

  it('reports a conflict when the file was deleted, or when a new file already exists', async () => {
    const opened = await files.open(path);
    rmSync(path);
    expect(await files.save(path, encode('x'), opened.identity, false)).toEqual({ status: 'conflict', current: null });
    writeFileSync(path, 'appeared');
    expect((await files.save(path, encode('x'), null, false)).status).toBe('conflict');
  });

  it('tells the renderer when an open file changes on disk, but not about its own saves', async () => {
    const opened = await files.open(path);
    const saved = await files.save(path, encode('saved by us'), opened.identity, false);
    expect(saved.status).toBe('saved');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(changes).toEqual([]);

    writeFileSync(path, 'edited elsewhere');
    const change = await waitFor(() => changes[0]);
    expect(change.path).toBe(path);
    expect(change.identity?.size).toBe('edited elsewhere'.length);

    rmSync(path);
    const removal = await waitFor(() => changes.find((entry) => entry.identity === null));
    expect(removal.path).toBe(path);
  });

  it('refuses paths outside the granted roots without reading or writing them', async () => {
    const other = join(folder, 'other.mdl');
    writeFileSync(other, 'untouched');
    await expect(files.open(other)).rejects.toBeInstanceOf(HostError);
    await expect(files.save(other, encode('overwritten'), null, true)).rejects.toMatchObject({ code: 'denied' });
    expect(readFileSync(other, 'utf8')).toBe('untouched');
  });
});

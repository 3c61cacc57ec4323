import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HostError, validateArguments } from '../../shared/contract/contract';
import { PathGuard } from './confinement';
import { type DataFileWriter, writeDataFile } from './data-file-write';
import { DiskFiles } from './files';

const encode = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

describe('writeDataFile', () => {
  let root: string;
  let folder: string;
  let writer: DataFileWriter;
  let archives: Set<string>;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'morf-data-write-'));
    folder = join(root, 'data');
    mkdirSync(join(folder, 'doodads', 'cinematic'), { recursive: true });
    const guard = new PathGuard();
    guard.grant(folder, 'directory', 'data-folder');
    const files = new DiskFiles(guard, () => undefined);
    archives = new Set();
    writer = {
      guard,
      dataSources: () => [folder, join(root, 'Map.w3x')],
      isArchive: (path) => archives.has(path),
      save: (path, bytes, expected, force) => files.save(path, bytes, expected, force),
    };
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reuses folders of another letter case and creates the missing ones', async () => {
    const gamePath = 'Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0042.mrf';
    const result = await writeDataFile(writer, folder, gamePath, encode('cape'), null, false);
    const expected = join(folder, 'doodads', 'cinematic', 'ArthasIllidanFight', 'ArthasCape0042.mrf');
    expect(result).toMatchObject({ status: 'saved', backupPath: null, identity: { path: expected, size: 4 } });
    expect(readFileSync(expected, 'utf8')).toBe('cape');
    expect(readdirSync(folder)).toEqual(['doodads']);
  });

  it('refuses to replace a file unless its identity is given or the write is forced; keeps FILE.bak', async () => {
    const existing = join(folder, 'doodads', 'cinematic', 'arthascape0001.mrf');
    writeFileSync(existing, 'old');
    const gamePath = 'Doodads\\Cinematic\\ArthasCape0001.mrf';
    const refused = await writeDataFile(writer, folder, gamePath, encode('new'), null, false);
    expect(refused).toMatchObject({ status: 'conflict', current: { path: existing, size: 3 } });
    expect(readFileSync(existing, 'utf8')).toBe('old');
    const forced = await writeDataFile(writer, folder, gamePath, encode('new'), null, true);
    expect(forced).toMatchObject({ status: 'saved', backupPath: `${existing}.bak` });
    expect(readFileSync(existing, 'utf8')).toBe('new');
  });

  it('refuses a folder outside the stack, an archive source and a folder link leading out', async () => {
    await expect(writeDataFile(writer, root, 'a.mrf', encode('x'), null, false)).rejects.toMatchObject({
      code: 'not-found',
    });
    archives.add(join(root, 'Map.w3x'));
    await expect(writeDataFile(writer, join(root, 'Map.w3x'), 'a.mrf', encode('x'), null, false)).rejects.toThrow(
      /writeArchiveFile/,
    );
    const outside = join(root, 'outside');
    mkdirSync(outside);
    symlinkSync(outside, join(folder, 'escape'));
    await expect(writeDataFile(writer, folder, 'escape\\sub\\a.mrf', encode('x'), null, false)).rejects.toBeInstanceOf(
      HostError,
    );
    expect(existsSync(join(outside, 'sub'))).toBe(false);
  });

  it('has its arguments validated by the contract', () => {
    const args = { folder, gamePath: 'Doodads\\A.mrf', bytes: encode('x'), expected: null, force: false };
    expect(validateArguments('writeDataFile', args)).toMatchObject({ gamePath: 'Doodads\\A.mrf' });
    expect(() => validateArguments('writeDataFile', { ...args, gamePath: '..\\A.mrf' })).toThrow(HostError);
    expect(() => validateArguments('writeDataFile', { ...args, gamePath: 'C:\\A.mrf' })).toThrow(HostError);
    expect(() => validateArguments('writeDataFile', { ...args, force: 'yes' })).toThrow(HostError);
  });
});

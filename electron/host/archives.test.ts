/**
 * Archives as data sources, on real temp folders: a map and a folder stacked in the user's order
 * (first match wins, case-insensitive), reads through the archive with identities, an archive
 * changed on disk indexed again, "Add Game Folder…" finding the game's archives in the game's order
 * or recognising a CASC install, and writing a file back into a map (conflicts, `.bak` on the first
 * write, the game's own archives refused). Also Node's zlib path against smpq on a corpus map.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodecError } from '../../shared/binary/codec-error';
import { HostError, type DataFolderStatus } from '../../shared/contract/contract';
import { byteDifference } from '../../shared/archives/mpq/testing/bytes';
import { mapCorpus } from '../../tests/testing/corpus-folder';
import { extractWithSmpq, smpqSkipReason } from '../../tests/testing/smpq';
import { editArchiveFile, openArchiveFile } from './archive-file';
import { ArchiveService } from './archive-service';
import { writeFileAtomic } from './atomic-write';
import { PathGuard } from './confinement';
import { DataFolderStack } from './data-folders';
import { findGameArchives } from './game-archives';
import { gameArchiveBytes, mapBytes } from './testing/maps';

const CAPE = 'Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0001.mrf';
const text = (bytes: ArrayBuffer | Uint8Array) => new TextDecoder().decode(bytes);

describe('archives in the data source stack', () => {
  let base: string;
  let mapPath: string;
  let folder: string;
  let guard: PathGuard;
  let stack: DataFolderStack;
  let events: { folders: DataFolderStatus[]; changed: string[] }[];

  beforeEach(async () => {
    base = mkdtempSync(join(tmpdir(), 'morf-archives-'));
    mapPath = join(base, 'Cape.w3x');
    writeFileSync(mapPath, await mapBytes({ [CAPE]: 'map cape 1', 'war3mapImported\\Cape.blp': 'map texture' }));
    folder = join(base, 'game');
    mkdirSync(join(folder, 'doodads', 'cinematic', 'arthasillidanfight'), { recursive: true });
    writeFileSync(join(folder, 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0001.mrf'), 'game cape 1');
    writeFileSync(join(folder, 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0002.mrf'), 'game cape 2');
    guard = new PathGuard();
    events = [];
    stack = new DataFolderStack(guard, (folders, changed) => events.push({ folders, changed }));
  });

  afterEach(() => {
    stack.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('stacks a map and a folder in the user’s order: first match wins, case-insensitive', async () => {
    await stack.add(folder, -1);
    await stack.add(mapPath, 0);
    expect(stack.statuses().map((status) => [status.path, status.state, status.fileCount])).toEqual([
      [mapPath, 'ready', 3],
      [folder, 'ready', 2],
    ]);
    const fromMap = await stack.read(CAPE.toLowerCase().replace(/\\/g, '/'), 'mrf');
    expect(fromMap.status).toBe('found');
    if (fromMap.status !== 'found') return;
    expect(text(fromMap.bytes)).toBe('map cape 1');
    expect(fromMap.entry).toMatchObject({ folder: mapPath, gamePath: CAPE, size: 10 });
    expect(fromMap.entry.path).toBe(join(mapPath, 'Doodads', 'Cinematic', 'ArthasIllidanFight', 'ArthasCape0001.mrf'));
    expect(fromMap.identity).toMatchObject({ path: fromMap.entry.path, size: 10 });
    const fromFolder = await stack.read('Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0002.mrf', 'mrf');
    expect(fromFolder.status === 'found' && text(fromFolder.bytes)).toBe('game cape 2');
    stack.reorder([folder, mapPath]);
    const reordered = await stack.read(CAPE, 'mrf');
    expect(reordered.status === 'found' && text(reordered.bytes)).toBe('game cape 1');
    const textures = await stack.list('texture', '', 100);
    expect(textures.files.map((file) => [file.gamePath, file.folder, file.size])).toEqual([
      ['war3mapImported\\Cape.blp', mapPath, 11],
    ]);
    expect((await stack.resolve('war3mapimported\\cape', 'texture')).status).toBe('found');
    expect(guard.grantFor(mapPath)?.kind).toBe('file');
    stack.remove(mapPath);
    expect(guard.grantFor(mapPath)).toBeNull();
  });

  it('indexes an archive again when it changes on disk, reporting the changed game paths', async () => {
    await stack.add(mapPath, -1);
    await editArchiveFile(mapPath, [{ kind: 'put', name: 'Units\\New.mdx', bytes: new Uint8Array([1, 2, 3]) }], {
      backup: false,
    });
    await stack.archiveAt(mapPath)!.reload();
    expect(events.at(-1)!.changed).toContain('units\\new.mdx');
    expect((await stack.resolve('units\\new.mdx', 'model')).status).toBe('found');
  });

  it('shows a damaged archive as an error state, and a damaged entry as an io error naming it', async () => {
    const broken = join(base, 'Broken.w3x');
    writeFileSync(broken, new Uint8Array(4096));
    await stack.add(broken, -1);
    expect(stack.statuses()[0]).toMatchObject({ state: 'error', fileCount: 0 });
    expect(stack.statuses()[0]!.error).toMatch(/MPQ invalid at header/);
  });

  it('writes a file back into a map: conflict check, .bak at each write, .orig once, game archives never', async () => {
    guard.grant(base, 'directory', 'root-option');
    await stack.add(mapPath, -1);
    const service = new ArchiveService(guard, stack);
    const original = readFileSync(mapPath);
    const read = await service.read(mapPath, CAPE);
    expect(text(read.bytes)).toBe('map cape 1');
    const conflict = await service.write(mapPath, CAPE, new TextEncoder().encode('x').buffer, null, false);
    expect(conflict).toMatchObject({ status: 'conflict', current: { sha256: read.identity.sha256 } });
    const saved = await service.write(mapPath, CAPE, new TextEncoder().encode('edited').buffer, read.identity, false);
    expect(saved).toMatchObject({
      status: 'saved',
      backupPath: `${mapPath}.bak`,
      originalPath: `${mapPath}.orig`,
      identity: { size: 6 },
    });
    expect(readFileSync(`${mapPath}.bak`).equals(original)).toBe(true);
    expect(readFileSync(`${mapPath}.orig`).equals(original)).toBe(true);
    const edited = readFileSync(mapPath);
    const fromStack = await stack.read(CAPE, 'mrf');
    expect(fromStack.status === 'found' && text(fromStack.bytes)).toBe('edited');
    const again = await service.write(mapPath, 'Units\\Added.mdx', new Uint8Array([9]).buffer, null, false);
    expect(again).toMatchObject({ status: 'saved', backupPath: `${mapPath}.bak`, originalPath: null });
    expect(readFileSync(`${mapPath}.bak`).equals(edited)).toBe(true);
    expect(readFileSync(`${mapPath}.orig`).equals(original)).toBe(true);
    const listing = await service.list(mapPath, 10);
    expect(listing).toMatchObject({ writable: true, total: 4, truncated: false });
    expect(listing.entries.map((entry) => entry.gamePath).sort()).toEqual(
      ['(listfile)', CAPE, 'Units\\Added.mdx', 'war3mapImported\\Cape.blp'].sort(),
    );
    const game = join(base, 'War3.mpq');
    writeFileSync(game, await gameArchiveBytes({ 'Units\\Footman.mdx': 'model' }));
    await expect(service.write(game, 'x.txt', new Uint8Array(1).buffer, null, true)).rejects.toMatchObject({
      code: 'unsupported',
    });
    await expect(service.read(game, 'missing.txt')).rejects.toBeInstanceOf(HostError);
    expect((await service.list(game, 10)).writable).toBe(false);
  });
});

describe('Add Game Folder…', () => {
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'morf-game-'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('finds the game’s archives in the game’s order, whatever their case', async () => {
    for (const name of ['war3.mpq', 'War3x.mpq', 'WAR3PATCH.MPQ', 'War3xLocal.mpq', 'Other.mpq'])
      writeFileSync(join(base, name), await gameArchiveBytes({ 'a.txt': name }));
    const found = await findGameArchives(base);
    expect(found.kind).toBe('mpq');
    expect(found.archives).toEqual(
      ['WAR3PATCH.MPQ', 'War3xLocal.mpq', 'War3x.mpq', 'war3.mpq'].map((name) => join(base, name)),
    );
    expect(found.message).toMatch(/4 of the game's archives/);
  });

  it('recognises a CASC install (patch 1.30+) and says so, and says when it finds nothing', async () => {
    expect((await findGameArchives(base)).kind).toBe('none');
    mkdirSync(join(base, 'Data', 'data'), { recursive: true });
    writeFileSync(join(base, 'Data', 'data', 'data.000'), '');
    const casc = await findGameArchives(base);
    expect(casc).toMatchObject({ kind: 'casc', archives: [] });
    expect(casc.message).toMatch(/CASC/);
    const other = mkdtempSync(join(tmpdir(), 'morf-game-'));
    writeFileSync(join(other, '.build.info'), 'Branch!STRING:0');
    expect((await findGameArchives(other)).kind).toBe('casc');
    rmSync(other, { recursive: true, force: true });
  });
});

describe('archives on disk through Node’s zlib', () => {
  it('writes parts atomically (more parts than one writev takes, larger than one slice)', async () => {
    const base = mkdtempSync(join(tmpdir(), 'morf-parts-'));
    const parts = Array.from({ length: 3000 }, (_, index) => new Uint8Array(1500).fill(index & 0xff));
    await writeFileAtomic(join(base, 'out.bin'), parts);
    const written = readFileSync(join(base, 'out.bin'));
    expect(written.length).toBe(3000 * 1500);
    expect(written[1500 * 2999]).toBe(2999 & 0xff);
    rmSync(base, { recursive: true, force: true });
  });

  const skip = mapCorpus.present ? smpqSkipReason() : mapCorpus.absence;
  it.skipIf(skip !== null)(`reads a corpus map as smpq extracts it${skip ? ` (skipped: ${skip})` : ''}`, async () => {
    const row = mapCorpus.manifest()[0]!;
    const path = join(mapCorpus.directory, row.file!);
    const opened = await openArchiveFile(path);
    try {
      for (const [name, bytes] of extractWithSmpq(path))
        expect(byteDifference(await opened.archive.read(name), bytes), name).toBe('same');
    } finally {
      await opened.close();
    }
  });

  it('refuses a sector that inflates past its declared size with a CodecError naming the entry', async () => {
    const base = mkdtempSync(join(tmpdir(), 'morf-inflate-'));
    const path = join(base, 'Big.w3x');
    const content = new Uint8Array(3000).fill(65);
    writeFileSync(path, await mapBytes({ 'war3map.j': content }));
    const opened = await openArchiveFile(path);
    const entry = opened.archive.find('war3map.j')!;
    const lying = { ...entry, fileSize: 2000 };
    const error = await opened.archive.read(lying).catch((caught: unknown) => caught);
    await opened.close();
    rmSync(base, { recursive: true, force: true });
    expect(error).toBeInstanceOf(CodecError);
    expect(error).toMatchObject({ kind: 'limit', where: 'file war3map.j sector 0' });
  });
});

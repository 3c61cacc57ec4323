import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataFolderStatus } from '../../shared/contract/contract';
import { PathGuard } from './confinement';
import { DataFolderStack } from './data-folders';
import { candidateKeys, gamePathKey } from './game-paths';

function put(root: string, relativePath: string, content: string): void {
  const path = join(root, relativePath);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

describe('game path keys', () => {
  it('ignores case and slash direction', () => {
    expect(gamePathKey('Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0000.mrf')).toBe(
      gamePathKey('doodads/cinematic//arthasillidanfight/arthascape0000.MRF'),
    );
  });
  it('tries every texture extension for a texture, the path alone for anything else', () => {
    expect(candidateKeys('Textures\\Cape.blp', 'any')).toEqual([
      'textures\\cape.blp',
      'textures\\cape.tga',
      'textures\\cape.dds',
    ]);
    expect(candidateKeys('Textures\\Cape', 'texture')).toEqual([
      'textures\\cape',
      'textures\\cape.blp',
      'textures\\cape.tga',
      'textures\\cape.dds',
    ]);
    expect(candidateKeys('Units\\Hero.mdx', 'model')).toEqual(['units\\hero.mdx']);
  });
});

describe('data folder stack', () => {
  let base: string;
  let game: string;
  let map: string;
  let events: { folders: DataFolderStatus[]; changed: string[] }[];
  let stack: DataFolderStack;

  beforeEach(async () => {
    base = mkdtempSync(join(tmpdir(), 'morf-data-'));
    game = join(base, 'game');
    map = join(base, 'map');
    put(game, 'doodads/cinematic/arthasillidanfight/arthascape0000.mrf', 'game cape 0');
    put(game, 'doodads/cinematic/arthasillidanfight/arthascape0001.mrf', 'game cape 1');
    put(game, 'Textures/Cape.dds', 'dds texture');
    put(game, 'Units/Human/Arthas/Arthas.mdx', 'model');
    put(game, 'Sound/Cape.wav', 'sound');
    put(map, 'Doodads/Cinematic/ArthasIllidanFight/ArthasCape0001.mrf', 'map cape 1');
    put(map, 'war3mapImported/Cape.blp', 'blp texture');
    mkdirSync(join(base, 'secret'));
    writeFileSync(join(base, 'secret', 'key.txt'), 'secret');
    symlinkSync(join(base, 'secret'), join(game, 'linked'));
    events = [];
    const guard = new PathGuard();
    stack = new DataFolderStack(guard, (folders, changed) => events.push({ folders, changed }));
    await stack.add(game, -1);
  });
  afterEach(() => {
    stack.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('resolves game paths case-insensitively with either slash', async () => {
    const found = await stack.resolve('Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0000.mrf', 'mrf');
    expect(found).toMatchObject({
      status: 'found',
      entry: { path: join(game, 'doodads/cinematic/arthasillidanfight/arthascape0000.mrf'), folder: game, size: 11 },
    });
    expect((await stack.resolve('DOODADS/CINEMATIC/ARTHASILLIDANFIGHT/ARTHASCAPE0000.MRF', 'any')).status).toBe(
      'found',
    );
    const missing = await stack.resolve('Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0009.mrf', 'mrf');
    expect(missing).toEqual({
      status: 'missing',
      gamePath: 'Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0009.mrf',
      tried: ['doodads\\cinematic\\arthasillidanfight\\arthascape0009.mrf'],
    });
  });

  it('finds textures with or without their extension', async () => {
    expect(await stack.resolve('Textures\\Cape.blp', 'texture')).toMatchObject({
      status: 'found',
      entry: { gamePath: 'Textures\\Cape.dds' },
    });
    expect(await stack.resolve('textures\\cape', 'texture')).toMatchObject({
      status: 'found',
      entry: { gamePath: 'Textures\\Cape.dds' },
    });
  });

  it('stacks folders: the first folder holding a path wins', async () => {
    await stack.add(map, 0);
    const read = await stack.read('doodads\\cinematic\\arthasillidanfight\\arthascape0001.mrf', 'mrf');
    expect(read.status).toBe('found');
    if (read.status === 'found') {
      expect(new TextDecoder().decode(read.bytes)).toBe('map cape 1');
      expect(read.entry.folder).toBe(map);
      expect(read.identity.size).toBe(10);
    }
    const fromGame = await stack.read('doodads\\cinematic\\arthasillidanfight\\arthascape0000.mrf', 'mrf');
    expect(fromGame.status === 'found' && new TextDecoder().decode(fromGame.bytes)).toBe('game cape 0');

    stack.reorder([game, map]);
    const after = await stack.read('doodads\\cinematic\\arthasillidanfight\\arthascape0001.mrf', 'mrf');
    expect(after.status === 'found' && new TextDecoder().decode(after.bytes)).toBe('game cape 1');
    expect(() => stack.reorder([game])).toThrow(/exactly once/);

    stack.remove(game);
    expect((await stack.resolve('Units\\Human\\Arthas\\Arthas.mdx', 'model')).status).toBe('missing');
  });

  it('lists files by kind with the winning entry of each path', async () => {
    await stack.add(map, 0);
    const mrfs = await stack.list('mrf', '', 100);
    expect(mrfs.total).toBe(2);
    expect(mrfs.files.map((file) => [file.gamePath, file.folder])).toEqual([
      ['doodads\\cinematic\\arthasillidanfight\\arthascape0000.mrf', game],
      ['Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0001.mrf', map],
    ]);
    expect((await stack.list('texture', '', 100)).files.map((file) => file.gamePath)).toEqual([
      'Textures\\Cape.dds',
      'war3mapImported\\Cape.blp',
    ]);
    expect((await stack.list('model', '', 100)).files.map((file) => file.size)).toEqual([5]);
    expect((await stack.list('sound', 'sound', 100)).total).toBe(1);
    const limited = await stack.list('any', '', 2);
    expect(limited).toMatchObject({ total: 6, truncated: true });
    expect(limited.files).toHaveLength(2);
  });

  it('does not index symlinks, so nothing outside the folder is reachable', async () => {
    expect((await stack.resolve('linked\\key.txt', 'any')).status).toBe('missing');
    expect((await stack.list('any', 'linked', 10)).total).toBe(0);
  });

  it('keeps the index current as files appear and disappear', async () => {
    events.length = 0;
    put(game, 'Doodads/New/Added.mrf', 'new');
    rmSync(join(game, 'Sound'), { recursive: true });
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      const changed = events.flatMap((event) => event.changed);
      if (changed.includes('doodads\\new\\added.mrf') && changed.includes('sound\\cape.wav')) break;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect((await stack.resolve('doodads/new/added.mrf', 'mrf')).status).toBe('found');
    expect((await stack.resolve('Sound\\Cape.wav', 'sound')).status).toBe('missing');
  });

  it('watches folders created after indexing, and forgets removed ones', async () => {
    const waitFor = async (check: () => Promise<boolean>) => {
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline && !(await check())) await new Promise((resolve) => setTimeout(resolve, 30));
    };
    mkdirSync(join(game, 'maps', 'imports'), { recursive: true });
    await new Promise((resolve) => setTimeout(resolve, 400)); // the new folders get their watchers
    put(game, 'maps/imports/Late.mrf', 'late');
    await waitFor(async () => (await stack.resolve('Maps\\Imports\\Late.mrf', 'mrf')).status === 'found');
    expect((await stack.resolve('Maps\\Imports\\Late.mrf', 'mrf')).status).toBe('found');
    rmSync(join(game, 'maps'), { recursive: true });
    await waitFor(async () => (await stack.resolve('Maps\\Imports\\Late.mrf', 'mrf')).status === 'missing');
    expect((await stack.resolve('Maps\\Imports\\Late.mrf', 'mrf')).status).toBe('missing');
  });

  it('reports a folder that does not exist instead of failing', async () => {
    const statuses = await stack.add(join(base, 'nowhere'), -1);
    expect(statuses.at(-1)).toMatchObject({ state: 'missing', fileCount: 0 });
  });
});

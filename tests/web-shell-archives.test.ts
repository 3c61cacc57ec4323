/**
 * Archives through the browser shell's HTTP API with the renderer's web client: a map given as a
 * `--data` source above a folder (first match wins), the archive operations (find the game's
 * archives, list, read, write back into the map with a conflict check) and their refusals.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebShell } from '../electron/web/web-shell';
import { startWebShell } from '../electron/web/web-shell';
import { gameArchiveBytes, mapBytes } from '../electron/host/testing/maps';
import { createWebClient } from '../renderer/platform/web-client';

const CAPE = 'Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0000.mrf';
const text = (bytes: ArrayBuffer) => new TextDecoder().decode(bytes);

function put(path: string, content: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

let base: string;
let shell: WebShell;
let map: string;
let install: string;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'morf-web-archives-'));
  put(join(base, 'renderer', 'index.html'), '<!doctype html><title>Morf Studio</title>');
  map = join(base, 'maps', 'Cape.w3x');
  put(map, await mapBytes({ [CAPE]: 'cape in the map' }));
  const data = join(base, 'data');
  put(join(data, 'Doodads', 'Cinematic', 'ArthasIllidanFight', 'ArthasCape0000.mrf'), 'cape in the folder');
  put(join(data, 'Doodads', 'Cinematic', 'ArthasIllidanFight', 'ArthasCape0001.mrf'), 'cape 1 in the folder');
  install = join(base, 'Warcraft III');
  put(join(install, 'War3.mpq'), await gameArchiveBytes({ 'Units\\Footman.mdx': 'footman' }));
  put(join(install, 'War3x.mpq'), await gameArchiveBytes({ 'Units\\Footman.mdx': 'expansion footman' }));
  shell = await startWebShell({
    appVersion: '0.0.0-test',
    configDirectory: join(base, 'config'),
    startupFiles: [],
    rootDirectories: [join(base, 'maps'), install],
    sessionDataFolders: [map, data],
    sampleDirectory: null,
    rendererDirectory: join(base, 'renderer'),
  });
});

afterAll(async () => {
  await shell?.close();
  rmSync(base, { recursive: true, force: true });
});

describe('archives through the browser shell', () => {
  const client = () => createWebClient({ baseUrl: shell.origin, token: shell.token });

  it('stacks a map given as a data source above a folder: first match wins', async () => {
    const folders = await client().listDataFolders();
    expect(folders.map((folder) => folder.path)).toEqual([map, join(base, 'data')]);
    const cape = await client().readGamePath({ gamePath: CAPE.toLowerCase(), kind: 'mrf' });
    expect(cape.status === 'found' && text(cape.bytes)).toBe('cape in the map');
    const other = await client().readGamePath({ gamePath: CAPE.replace('0000', '0001'), kind: 'mrf' });
    expect(other.status === 'found' && text(other.bytes)).toBe('cape 1 in the folder');
  });

  it('finds the game’s archives in the game’s order and adds them as data sources', async () => {
    const found = await client().findGameArchives({ path: install });
    expect(found).toMatchObject({ kind: 'mpq', archives: [join(install, 'War3x.mpq'), join(install, 'War3.mpq')] });
    for (const archive of found.archives) await client().addDataFolder({ path: archive, position: -1 });
    const footman = await client().readGamePath({ gamePath: 'units\\footman.mdx', kind: 'model' });
    expect(footman.status === 'found' && text(footman.bytes)).toBe('expansion footman');
    const listing = await client().listArchive({ path: join(install, 'War3.mpq'), limit: 100 });
    expect(listing).toMatchObject({ writable: false, total: 2 });
  });

  it('reads from an archive and writes back into the map, refusing stale identities and game archives', async () => {
    const read = await client().readArchiveFile({ archive: map, gamePath: CAPE });
    expect(text(read.bytes)).toBe('cape in the map');
    const bytes = new TextEncoder().encode('edited cape').buffer;
    const stale = await client().writeArchiveFile({
      archive: map,
      gamePath: CAPE,
      bytes,
      expected: { ...read.identity, sha256: '0'.repeat(64) },
      force: false,
    });
    expect(stale.status).toBe('conflict');
    const saved = await client().writeArchiveFile({
      archive: map,
      gamePath: CAPE,
      bytes,
      expected: read.identity,
      force: false,
    });
    expect(saved).toMatchObject({ status: 'saved', backupPath: `${map}.bak` });
    const after = await client().readGamePath({ gamePath: CAPE, kind: 'mrf' });
    expect(after.status === 'found' && text(after.bytes)).toBe('edited cape');
    await expect(
      client().writeArchiveFile({
        archive: join(install, 'War3.mpq'),
        gamePath: 'a.txt',
        bytes,
        expected: null,
        force: true,
      }),
    ).rejects.toMatchObject({ code: 'unsupported' });
    await expect(
      client().readArchiveFile({ archive: join(base, 'config', 'x.w3x'), gamePath: CAPE }),
    ).rejects.toMatchObject({
      code: 'denied',
    });
  });
});

/**
 * The archive operations through the one dispatch both shells use (every argument validated against the
 * contract, every path confined to the granted roots): bad arguments and paths refused with typed errors, the
 * game's archives never written, a recent file inside a map readable again after a restart (its map granted
 * with it), and the user's listfile naming the entries of an archive that has no (listfile), kept in the settings.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MpqArchive } from '../../shared/archives/mpq/archive';
import { memorySource } from '../../shared/archives/mpq/source';
import { emptyMpq, writeMpq } from '../../shared/archives/mpq/writer';
import type { ArchiveListing, WireResult } from '../../shared/contract/contract';
import { archiveOfEntryPath } from './archive-index';
import { HostServices } from './host';
import { createHandlers, dispatch, headlessShell } from './operations';
import { gameArchiveBytes, mapBytes } from './testing/maps';

describe('archive operations through the dispatch', () => {
  let base: string;
  let work: string;
  let hosts: HostServices[];
  const start = async (roots: string[]) => {
    const host = new HostServices({
      runtime: 'web',
      appVersion: '1.0.0',
      configDirectory: join(base, 'config'),
      startupFiles: [],
      rootDirectories: roots,
      sampleDirectory: null,
      nativeDialogs: false,
    });
    hosts.push(host);
    await host.start();
    const handlers = createHandlers(host, headlessShell);
    return { host, call: (name: string, args: unknown) => dispatch(handlers, name, args) };
  };
  const errorOf = (result: WireResult<unknown>) => (result.ok ? null : result.error);

  beforeEach(async () => {
    base = mkdtempSync(join(tmpdir(), 'morf-archive-ops-'));
    work = join(base, 'work');
    mkdirSync(work);
    mkdirSync(join(base, 'private'));
    writeFileSync(join(work, 'Cape.w3x'), await mapBytes({ 'Doodads\\Cape.mrf': 'cape', 'war3map.j': 'main' }));
    writeFileSync(join(work, 'War3.mpq'), await gameArchiveBytes({ 'Units\\Footman.mdx': 'model' }));
    writeFileSync(join(base, 'private', 'Secret.w3x'), await mapBytes({ 'a.txt': 'secret' }));
    hosts = [];
  });
  afterEach(async () => {
    for (const host of hosts) await host.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('refuses bad arguments before any handler runs', async () => {
    const { call } = await start([work]);
    const archive = join(work, 'Cape.w3x');
    const refused = [
      ['readArchiveFile', { archive, gamePath: '..\\..\\etc\\passwd' }],
      ['readArchiveFile', { archive, gamePath: '/etc/passwd' }],
      ['readArchiveFile', { archive, gamePath: 'C:\\war3map.j' }],
      ['readArchiveFile', { archive: 42, gamePath: 'war3map.j' }],
      ['readArchiveFile', { archive, gamePath: 'war3map.j', extra: true }],
      ['readArchiveFile', { archive }],
      ['listArchive', { path: archive, limit: 0 }],
      ['listArchive', { path: archive, limit: 20_001 }],
      ['listArchive', { path: archive, limit: 1.5 }],
      ['writeArchiveFile', { archive, gamePath: 'a.mdx', bytes: [1, 2], expected: null, force: false }],
      ['writeArchiveFile', { archive, gamePath: 'a.mdx', bytes: new ArrayBuffer(1), expected: {}, force: false }],
      ['writeArchiveFile', { archive, gamePath: 'a.mdx', bytes: new ArrayBuffer(1), expected: null, force: 'yes' }],
      ['findGameArchives', { path: ['a'] }],
      ['setArchiveListfile', { path: 7 }],
      ['getArchiveListfile', { path: 'x' }],
    ] as const;
    for (const [name, args] of refused) {
      expect(errorOf(await call(name, args))?.code, `${name} ${JSON.stringify(args)}`).toBe('invalid-argument');
    }
  });

  it('confines archives to the granted roots and never writes the game’s archives', async () => {
    const { call } = await start([work]);
    const secret = join(base, 'private', 'Secret.w3x');
    expect(errorOf(await call('listArchive', { path: secret, limit: 10 }))?.code).toBe('denied');
    expect(errorOf(await call('readArchiveFile', { archive: secret, gamePath: 'a.txt' }))?.code).toBe('denied');
    expect(errorOf(await call('findGameArchives', { path: join(base, 'private') }))?.code).toBe('denied');
    const bytes = new ArrayBuffer(3);
    const game = await call('writeArchiveFile', {
      archive: join(work, 'War3.mpq'),
      gamePath: 'Units\\Footman.mdx',
      bytes,
      expected: null,
      force: true,
    });
    expect(errorOf(game)?.code).toBe('unsupported');
    const missing = await call('readArchiveFile', { archive: join(work, 'Cape.w3x'), gamePath: 'No\\Such.mdx' });
    expect(errorOf(missing)?.code).toBe('not-found');
  });

  it('reads a recent file inside a map again after a restart, through its map', async () => {
    const entry = join(work, 'Cape.w3x', 'Doodads', 'Cape.mrf');
    expect(archiveOfEntryPath(entry)).toBe(join(work, 'Cape.w3x'));
    expect(archiveOfEntryPath(join(work, 'Cape.w3x'))).toBeNull();
    const first = await start([work]);
    expect((await first.call('noteFileOpened', { path: entry, opened: true })).ok).toBe(true);
    await first.host.close();
    // No root this time: only the recent file (and so its map) is granted.
    const second = await start([]);
    const read = await second.call('readArchiveFile', {
      archive: join(work, 'Cape.w3x'),
      gamePath: 'Doodads\\Cape.mrf',
    });
    expect(read.ok).toBe(true);
    expect(new TextDecoder().decode((read as { value: { bytes: ArrayBuffer } }).value.bytes)).toBe('cape');
    expect(errorOf(await second.call('listArchive', { path: join(work, 'War3.mpq'), limit: 10 }))?.code).toBe('denied');
  });

  it('names the entries of an archive without a (listfile) from the user’s listfile, kept', async () => {
    const base0 = await MpqArchive.open(memorySource(emptyMpq()));
    const edits = [
      { kind: 'put' as const, name: 'Units\\Human\\Footman.mdx', bytes: new TextEncoder().encode('footman') },
      { kind: 'put' as const, name: 'Units\\Orc\\Grunt.mdx', bytes: new TextEncoder().encode('grunt') },
    ];
    const unnamed = join(work, 'War3x.mpq');
    writeFileSync(unnamed, (await writeMpq(base0, edits, { createListfile: false })).bytes);
    writeFileSync(join(work, 'names.txt'), 'units\\human\\footman.mdx\r\nUnits\\Orc\\Grunt.mdx\r\nNot\\There.mdx\r\n');
    const { call } = await start([work]);
    const list = async () =>
      ((await call('listArchive', { path: unnamed, limit: 100 })) as { value: ArchiveListing }).value.entries;
    expect((await list()).map((entry) => entry.gamePath)).toEqual([null, null]);
    expect((await call('addDataFolder', { path: unnamed, position: 0 })).ok).toBe(true);
    const before = await call('readGamePath', { gamePath: 'Units\\Orc\\Grunt.mdx', kind: 'model' });
    expect((before as { value: { status: string } }).value.status).toBe('missing');

    const set = await call('setArchiveListfile', { path: join(work, 'names.txt') });
    expect(set).toEqual({ ok: true, value: { path: join(work, 'names.txt'), names: 3 } });
    expect((await list()).map((entry) => entry.gamePath?.toLowerCase()).sort()).toEqual([
      'units\\human\\footman.mdx',
      'units\\orc\\grunt.mdx',
    ]);
    const after = await call('readGamePath', { gamePath: 'Units\\Orc\\Grunt.mdx', kind: 'model' });
    expect((after as { value: { status: string } }).value.status).toBe('found');
    expect(errorOf(await call('setArchiveListfile', { path: join(base, 'private', 'Secret.w3x') }))?.code).toBe(
      'denied',
    );
    await hosts[0]!.close();

    // Kept in the settings: the next run names them too; null forgets it.
    const again = await start([work]);
    expect(await again.call('getArchiveListfile', {})).toEqual({
      ok: true,
      value: { path: join(work, 'names.txt'), names: 3 },
    });
    expect(await again.call('setArchiveListfile', { path: null })).toEqual({
      ok: true,
      value: { path: null, names: 0 },
    });
    const cleared = ((await again.call('listArchive', { path: unnamed, limit: 100 })) as { value: ArchiveListing })
      .value;
    expect(cleared.entries.map((entry) => entry.gamePath)).toEqual([null, null]);
  });
});

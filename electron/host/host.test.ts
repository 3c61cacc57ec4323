import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSaveDirectory } from './config-dir';
import type { HostOptions } from './host';
import { HostServices } from './host';
import { createHandlers, dispatch, headlessShell } from './operations';

function put(path: string, content = 'x'): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

describe('host services', () => {
  let base: string;
  let hosts: HostServices[];
  const start = async (options: Partial<HostOptions>) => {
    const host = new HostServices({
      runtime: 'web',
      appVersion: '1.0.0',
      configDirectory: join(base, 'config'),
      startupFiles: [],
      sampleDirectory: null,
      nativeDialogs: false,
      ...options,
    });
    hosts.push(host);
    await host.start();
    return host;
  };

  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'morf-host-'));
    hosts = [];
    put(join(base, 'sample', 'ArthasIllidanSample.mdx'), 'MDLX sample');
    put(join(base, 'sample', 'data', 'Doodads', 'Cinematic', 'ArthasIllidanFight', 'ArthasCape0000.mrf'), 'cape');
    put(join(base, 'work', 'Model.mdl'), 'model');
    put(join(base, 'work', 'sub', 'Other.mdx'), 'other');
    put(join(base, 'private', 'secret.txt'), 'secret');
    symlinkSync(join(base, 'private'), join(base, 'work', 'link-out'));
  });
  afterEach(async () => {
    for (const host of hosts) await host.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('opens the sample cinematic with its data folder when no file is given', async () => {
    const host = await start({ sampleDirectory: join(base, 'sample') });
    const startup = await host.startupRequest();
    expect(startup).toMatchObject({
      openFiles: [join(base, 'sample', 'ArthasIllidanSample.mdx')],
      isSample: true,
      runtime: 'web',
    });
    expect((await host.files.open(startup.openFiles[0]!)).identity.size).toBe(11);
    expect(host.dataFolders.statuses()).toEqual([
      expect.objectContaining({ path: join(base, 'sample', 'data'), transient: true, state: 'ready', fileCount: 1 }),
    ]);
    expect(
      (await host.dataFolders.resolve('Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0000.mrf', 'mrf')).status,
    ).toBe('found');
    expect(host.settings.snapshot().dataFolders).toEqual([]);
  });

  it('opens nothing (gracefully) while the sample has not been generated', async () => {
    const host = await start({ sampleDirectory: join(base, 'no-sample-yet') });
    expect(await host.startupRequest()).toMatchObject({ openFiles: [], isSample: false });
  });

  it('opens the given files instead of the sample', async () => {
    const host = await start({
      sampleDirectory: join(base, 'sample'),
      startupFiles: [join(base, 'work', 'Model.mdl')],
    });
    expect(await host.startupRequest()).toMatchObject({
      openFiles: [join(base, 'work', 'Model.mdl')],
      isSample: false,
    });
    expect(host.dataFolders.statuses()).toEqual([]);
  });

  it('browses only the granted roots and leaves out symlinks leading elsewhere', async () => {
    const host = await start({ startupFiles: [join(base, 'work', 'Model.mdl')], grantStartupFolders: true });
    const roots = await host.listDirectory(null);
    expect(roots.entries.map((entry) => entry.path)).toEqual([join(base, 'work', 'Model.mdl'), join(base, 'work')]);
    const work = await host.listDirectory(join(base, 'work'));
    expect(work.entries.map((entry) => [entry.name, entry.kind])).toEqual([
      ['sub', 'directory'],
      ['Model.mdl', 'file'],
    ]);
    expect(work.parent).toBeNull();
    expect((await host.listDirectory(join(base, 'work', 'sub'))).parent).toBe(join(base, 'work'));
    await expect(host.listDirectory(join(base, 'private'))).rejects.toMatchObject({ code: 'denied' });
    await expect(host.listDirectory(join(base, 'work', 'link-out'))).rejects.toMatchObject({ code: 'denied' });
  });

  it('adds a data folder the renderer names only inside the granted roots, and remembers it', async () => {
    const host = await start({ rootDirectories: [join(base, 'sample')] });
    await expect(host.addDataFolder(join(base, 'private'), -1)).rejects.toMatchObject({ code: 'denied' });
    const statuses = await host.addDataFolder(join(base, 'sample', 'data'), 0);
    expect(statuses.map((status) => status.path)).toEqual([join(base, 'sample', 'data')]);
    await host.settings.flush();
    const next = await start({});
    expect(next.dataFolders.statuses().map((status) => [status.path, status.transient])).toEqual([
      [join(base, 'sample', 'data'), false],
    ]);
    expect(next.settings.snapshot().dataFolders).toEqual([join(base, 'sample', 'data')]);
  });

  it('grants recent files on the next run and forgets them when cleared', async () => {
    const model = join(base, 'work', 'Model.mdl');
    const first = await start({ startupFiles: [model] });
    await first.files.open(model);
    first.noteRecent(model);
    await first.settings.flush();
    const next = await start({});
    expect((await next.files.open(model)).identity.size).toBe(5);
    next.clearRecent();
    await expect(next.files.open(model)).rejects.toMatchObject({ code: 'denied' });
  });

  it('always grants the Saved files folder, made when missing, for writing', async () => {
    const saved = join(base, 'documents', 'Morf Studio');
    const host = await start({ saveDirectory: saved });
    expect(host.roots()).toContainEqual({ path: saved, kind: 'directory', reason: 'saved-files' });
    expect(await host.guard.check(join(saved, 'Sample.mdx'), 'write')).toBe(join(saved, 'Sample.mdx'));
    expect(defaultSaveDirectory({ MORF_SAVE_DIR: '/x/saved' })).toBe('/x/saved');
    expect(defaultSaveDirectory({}, join(base, 'documents'))).toBe(join(base, 'documents', 'Morf Studio'));
    expect(defaultSaveDirectory({}, join(base, 'no-documents'))).toBe(join(homedir(), 'Morf Studio'));
  });

  it('keeps exports and imports (glTF, EMF, KF2) out of the recent files, also those an older run listed', async () => {
    const model = join(base, 'work', 'Model.mdl');
    const first = await start({ startupFiles: [model] });
    const exported = join(base, 'work', 'Cape.glb');
    first.noteRecent(exported);
    first.noteRecent(model);
    expect(first.settings.recentFiles).toEqual([model]);
    first.settings.addRecent(exported);
    await first.settings.flush();
    const next = await start({});
    expect(next.settings.recentFiles).toEqual([model]);
  });

  it('dispatches by name, validating the arguments', async () => {
    const host = await start({ startupFiles: [join(base, 'work', 'Model.mdl')] });
    const handlers = createHandlers(host, headlessShell);
    expect(await dispatch(handlers, 'constructor', {})).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
    expect(await dispatch(handlers, 'openFile', { path: join(base, 'private', 'secret.txt') })).toMatchObject({
      ok: false,
      error: { code: 'denied' },
    });
    expect(
      await dispatch(handlers, 'showSaveDialog', { title: 'Save As', defaultPath: null, filters: [] }),
    ).toMatchObject({
      ok: false,
      error: { code: 'unsupported' },
    });
    const model = join(base, 'work', 'Model.mdl');
    const opened = await dispatch(handlers, 'openFile', { path: model });
    expect(opened.ok).toBe(true);
    // Read is not opened: the file becomes recent only when the editor says it opened it.
    expect(host.settings.recentFiles).toEqual([]);
    expect(await dispatch(handlers, 'noteFileOpened', { path: model, opened: true })).toEqual({
      ok: true,
      value: null,
    });
    expect(host.settings.recentFiles).toEqual([model]);
    expect(host.roots().some((root) => root.path === model && root.kind === 'file')).toBe(true);
    // A file the editor could not open leaves the recent files and the places.
    await dispatch(handlers, 'noteFileOpened', { path: model, opened: false });
    expect(host.settings.recentFiles).toEqual([]);
    expect(host.roots().some((root) => root.path === model && root.kind === 'file')).toBe(false);
    expect(await dispatch(handlers, 'noteFileOpened', { path: model, opened: 'yes' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
  });
});

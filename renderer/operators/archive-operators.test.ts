/**
 * The archive operators run by id (as F3 runs them) over the real host in process, dialogs answered as the user
 * would: 'wm.browse_archive' opens a model from inside a map (the in-app browser starting in the map), the capes'
 * offer adds the map, 'wm.save' writes the edit back into the map (MAP.bak kept, every other file unchanged), Save
 * As puts a copy into the map, and a file from the game's own archive is saved through Save As;
 * 'wm.add_game_folder' stacks the game's archives in the game's order and answers a CASC install with a dialog,
 * 'wm.add_archive' puts a map above them; 'wm.archive_listfile' names the files of an archive without a
 * (listfile), and stops doing so.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gameArchiveBytes, mapBytes } from '../../electron/host/testing/maps';
import { HostServices } from '../../electron/host/host';
import { MpqArchive } from '../../shared/archives/mpq/archive';
import { memorySource } from '../../shared/archives/mpq/source';
import { emptyMpq, writeMpq } from '../../shared/archives/mpq/writer';
import { modelCodec } from '../../shared/events';
import { inProcessClient } from '../../tests/testing/in-process-host';
import { capeKey } from '../capes/cape-entry';
import { FileService } from '../files/file-service';
import { viewportDrew } from '../state/first-frame-gate';
import { answerDialog } from '../state/dialog-actions';
import { createEditorStore, currentDocument, isDirty, type EditorStore } from '../state/editor-store';
import { insertKeyAtPlayhead } from '../state/key-insert';
import { selectLink } from '../state/outliner-actions';
import { setPlayhead } from '../state/session-actions';
import { createModelParser } from '../workers/model-parser';
import { createOperatorRegistry } from './index';
import { contextFor } from './operator';

const sample = join(import.meta.dirname, '..', '..', 'assets', 'sample');
const capes = join(sample, 'data', 'doodads', 'cinematic', 'arthasillidanfight');
const fight = 'Doodads\\Cinematic\\ArthasIllidanFight';

/** Waits for a dialog of the kind and answers it; returns the dialog. */
async function answerWhen(store: EditorStore, kind: string, reply: string | null) {
  await vi.waitFor(() => expect(store.getState().dialog?.kind).toBe(kind));
  const dialog = store.getState().dialog!;
  answerDialog(store, reply);
  return dialog;
}

/** Every named file of an archive on disk. */
async function filesOf(path: string): Promise<Map<string, string>> {
  const archive = await MpqArchive.open(memorySource(new Uint8Array(readFileSync(path))));
  const files = new Map<string, string>();
  for (const entry of archive.entries())
    if (entry.name) files.set(entry.name.toLowerCase(), Buffer.from(await archive.read(entry)).toString('hex'));
  return files;
}

describe('archive operators over the real host', () => {
  let work: string;
  let host: HostServices;
  let store: EditorStore;
  let files: FileService;
  let run: (id: string) => boolean;

  beforeEach(async () => {
    // As in the app once its viewport has drawn: the data-folder offer and the recent files follow the first frame.
    viewportDrew();
    work = mkdtempSync(join(tmpdir(), 'morf-archive-operators-'));
    host = new HostServices({
      runtime: 'web',
      appVersion: '0.0.0',
      configDirectory: join(work, 'config'),
      startupFiles: [],
      rootDirectories: [work],
      sampleDirectory: null,
      nativeDialogs: false,
    });
    await host.start();
    store = createEditorStore({ codec: modelCodec, host: inProcessClient(host) });
    files = new FileService(store, createModelParser(null, modelCodec));
    const operators = createOperatorRegistry(files);
    run = (id) => operators.run(id, contextFor(store));
  });

  afterEach(async () => {
    await host.close();
    await host.archives.setListfile(null);
    rmSync(work, { recursive: true, force: true });
  });

  it("'wm.browse_archive' opens a model from a map, and 'wm.save' writes the edit back into the map", async () => {
    const content: Record<string, Uint8Array | string> = {
      [`${fight}\\ArthasIllidanSample.mdx`]: new Uint8Array(readFileSync(join(sample, 'ArthasIllidanSample.mdx'))),
      'war3map.j': 'main',
    };
    for (const name of readdirSync(capes))
      content[`${fight}\\${name}`] = new Uint8Array(readFileSync(join(capes, name)));
    const map = join(work, 'Cinematic.w3x');
    writeFileSync(map, await mapBytes(content));
    const before = await filesOf(map);

    expect(run('wm.browse_archive')).toBe(true);
    expect((await answerWhen(store, 'fileBrowser', map)) as { purpose: string }).toMatchObject({
      purpose: 'dataFolder',
      title: 'Browse Archive',
    });
    const entry = join(map, ...fight.split('\\'), 'ArthasIllidanSample.mdx');
    expect(await answerWhen(store, 'fileBrowser', entry)).toMatchObject({ purpose: 'open', startPath: map });
    // The capes are missing until the offered map is added.
    await answerWhen(store, 'confirm', 'add');
    await vi.waitFor(() => expect(store.getState().dataFolders.map((folder) => folder.path)).toEqual([map]));
    const link = () => store.getState().capes[capeKey(currentDocument(store.getState())!.links[0]!.path)];
    await vi.waitFor(() => expect(link()?.status).toBe('found'));
    expect(store.getState().file).toMatchObject({
      path: entry,
      name: `Cinematic.w3x\\${fight}\\ArthasIllidanSample.mdx`,
    });

    selectLink(store, '0000');
    setPlayhead(store, 20_000);
    expect(insertKeyAtPlayhead(store)).toBe(true);
    const written = files.serialize()!;
    expect(run('wm.save')).toBe(true);
    await vi.waitFor(() => expect(isDirty(store.getState())).toBe(false), { timeout: 10_000 });
    expect(readFileSync(`${map}.bak`).length).toBeGreaterThan(0);
    const after = await filesOf(map);
    const modelKey = `${fight}\\ArthasIllidanSample.mdx`.toLowerCase();
    expect(after.get(modelKey)).toBe(Buffer.from(written).toString('hex'));
    for (const [name, bytes] of before)
      if (name !== modelKey && name !== '(attributes)') expect(after.get(name), name).toBe(bytes);

    // Save As into the map from the in-app browser: a new file inside it.
    expect(run('wm.save_as')).toBe(true);
    const copy = join(map, 'Copies', 'Sample2.mdx');
    await answerWhen(store, 'fileBrowser', copy);
    await vi.waitFor(() => expect(store.getState().file?.path).toBe(copy), { timeout: 10_000 });
    expect(store.getState().file?.name).toBe('Cinematic.w3x\\Copies\\Sample2.mdx');
    const copied = await filesOf(map);
    expect(copied.get('copies\\sample2.mdx')).toBe(Buffer.from(written).toString('hex'));
    expect(copied.get(modelKey)).toBe(after.get(modelKey));
  });

  it("'wm.save' writes a recovered file whose path is inside a map back into the map", async () => {
    const model = new Uint8Array(readFileSync(join(sample, 'ArthasIllidanSample.mdx')));
    const map = join(work, 'Recovered.w3x');
    writeFileSync(map, await mapBytes({ 'Units\\Sample.mdx': model, 'war3map.j': 'main' }));
    const entry = join(map, 'Units', 'Sample.mdx');
    // As a recovery file is opened: its bytes and its document path, never read from the map.
    expect(await files.openBytes('Sample.mdx', model.slice().buffer, entry, null)).toBe(true);
    selectLink(store, '0000');
    setPlayhead(store, 20_000);
    expect(insertKeyAtPlayhead(store)).toBe(true);
    const written = files.serialize()!;
    expect(run('wm.save')).toBe(true);
    // The map holds a version the editor never read: asked first, as for a file on disk.
    expect(await answerWhen(store, 'confirm', 'overwrite')).toMatchObject({ title: 'File changed on disk' });
    await vi.waitFor(() => expect(isDirty(store.getState())).toBe(false), { timeout: 10_000 });
    expect((await filesOf(map)).get('units\\sample.mdx')).toBe(Buffer.from(written).toString('hex'));
  });

  it('a map handed over to open (dropped, chosen in a native dialog) is looked inside, never read whole', async () => {
    const model = new Uint8Array(readFileSync(join(sample, 'ArthasIllidanSample.mdx')));
    const map = join(work, 'Dropped.w3x');
    writeFileSync(map, await mapBytes({ 'Units\\Sample.mdx': model }));
    const opened = files.openPath(map);
    expect(await answerWhen(store, 'fileBrowser', join(map, 'Units', 'Sample.mdx'))).toMatchObject({
      purpose: 'open',
      startPath: map,
    });
    expect(await opened).toBe(true);
    expect(store.getState().file?.name).toBe('Dropped.w3x\\Units\\Sample.mdx');
  });

  it("saves a file from the game's own archive through Save As", async () => {
    const game = join(work, 'War3.mpq');
    const model = new Uint8Array(readFileSync(join(sample, 'ArthasIllidanSample.mdx')));
    // The game's archives have no map header block in front.
    writeFileSync(game, (await mapBytes({ 'Units\\Sample.mdx': model })).subarray(512));
    expect(await files.openPath(join(game, 'Units', 'Sample.mdx'))).toBe(true);
    selectLink(store, '0000');
    setPlayhead(store, 20_000);
    expect(insertKeyAtPlayhead(store)).toBe(true);
    const original = readFileSync(game);
    expect(run('wm.save')).toBe(true);
    const saveAs = await answerWhen(store, 'fileBrowser', join(work, 'Sample.mdx'));
    expect(saveAs).toMatchObject({ purpose: 'save', initialName: 'Sample.mdx' });
    await vi.waitFor(() => expect(store.getState().file?.path).toBe(join(work, 'Sample.mdx')));
    expect(readFileSync(game).equals(original)).toBe(true);
    expect(readFileSync(join(work, 'Sample.mdx')).length).toBeGreaterThan(0);
  });

  it("'wm.add_game_folder' stacks the game's archives in order; 'wm.add_archive' puts a map on top", async () => {
    const install = join(work, 'Warcraft III');
    mkdirSync(install);
    for (const name of ['war3.mpq', 'War3x.mpq', 'War3xLocal.mpq', 'War3Patch.mpq', 'War3Local.mpq'])
      writeFileSync(join(install, name), await gameArchiveBytes({ 'a.txt': name }));
    const casc = join(work, 'Reforged');
    mkdirSync(join(casc, 'Data', 'data'), { recursive: true });
    writeFileSync(join(casc, 'Data', 'data', 'data.000'), 'casc');

    expect(run('wm.add_game_folder')).toBe(true);
    expect(await answerWhen(store, 'fileBrowser', casc)).toMatchObject({ title: 'Add Game Folder' });
    const told = await answerWhen(store, 'confirm', 'ok');
    expect(told).toMatchObject({ title: 'Warcraft III 1.30 or later' });
    expect((told as { message: string }).message).toContain('CASC');
    expect(store.getState().dataFolders).toEqual([]);

    expect(run('wm.add_game_folder')).toBe(true);
    await answerWhen(store, 'fileBrowser', install);
    const order = ['War3Patch.mpq', 'War3xLocal.mpq', 'War3x.mpq', 'War3Local.mpq', 'war3.mpq'];
    await vi.waitFor(() =>
      expect(store.getState().dataFolders.map((folder) => folder.path)).toEqual(
        order.map((name) => join(install, name)),
      ),
    );
    expect(store.getState().notice?.text).toContain("Found 5 of the game's archives");

    // A map added afterwards goes above them.
    const map = join(work, 'Mine.w3x');
    writeFileSync(map, await mapBytes({ 'war3map.j': 'main' }));
    expect(run('wm.add_archive')).toBe(true);
    expect(await answerWhen(store, 'fileBrowser', map)).toMatchObject({ purpose: 'dataFolder' });
    await vi.waitFor(() => expect(store.getState().dataFolders[0]?.path).toBe(map));
    expect(store.getState().dataFolders).toHaveLength(6);
  });

  it("'wm.archive_listfile' names the files of an archive without a (listfile), and stops", async () => {
    const unnamed = join(work, 'War3x.mpq');
    const edits = [{ kind: 'put' as const, name: 'Units\\Grunt.mdx', bytes: new Uint8Array([1, 2, 3]) }];
    writeFileSync(unnamed, (await writeMpq(await MpqArchive.open(memorySource(emptyMpq())), edits)).bytes);
    writeFileSync(join(work, 'names.txt'), 'Units\\Grunt.mdx\n');
    const listed = async () =>
      (await store.services.host!.listArchive({ path: unnamed, limit: 10 })).entries.map((entry) => entry.gamePath);
    expect(await listed()).toEqual([null]);

    expect(run('wm.archive_listfile')).toBe(true);
    await answerWhen(store, 'fileBrowser', join(work, 'names.txt'));
    await vi.waitFor(async () => expect(await listed()).toEqual(['Units\\Grunt.mdx']));
    expect(store.getState().notice?.text).toContain('(1 names)');

    expect(run('wm.archive_listfile')).toBe(true);
    await answerWhen(store, 'confirm', 'none');
    await vi.waitFor(async () => expect(await listed()).toEqual([null]));
  });
});

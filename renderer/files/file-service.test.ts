/**
 * The file service against the real host services in this process (temporary folders, no mocked
 * file system) and the real model codec: open the sample cinematic with its capes, edit, save
 * (identical bytes outside the edit, a .bak), conflicts, Save As keeping the format, revert,
 * a cape opened alone, the unsaved-changes prompt; reordering and removing data folders (through
 * the operators' polls and the file service).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HostServices } from '../../electron/host/host';
import { modelCodec } from '../../shared/events';
import { createOperatorRegistry } from '../operators';
import { contextFor } from '../operators/operator';
import { capeKey } from '../capes/cape-entry';
import { followLinkedCapes } from '../state/cape-actions';
import { editDocument, openModelDocument } from '../state/document-actions';
import { renameLink } from '../state/outliner-actions';
import { createEditorStore, currentDocument, isDirty, type EditorStore } from '../state/editor-store';
import { selectKeys, beginKeyDrag, updateKeyDrag, commitKeyDrag } from '../state/key-actions';
import { createModelParser } from '../workers/model-parser';
import { answerDialog } from '../state/dialog-actions';
import { FileService } from './file-service';
import { keepBootRead, takeBootRead } from './boot-read';
import { answerNextDialog, inProcessClient } from '../../tests/testing/in-process-host';

const sampleDirectory = join(import.meta.dirname, '..', '..', 'assets', 'sample');
const sampleModel = join(sampleDirectory, 'ArthasIllidanSample.mdx');
const sampleData = join(sampleDirectory, 'data');

describe('file service over the real host', () => {
  let work: string;
  let model: string;
  let host: HostServices;
  let store: EditorStore;
  let files: FileService;

  beforeEach(async () => {
    work = mkdtempSync(join(tmpdir(), 'morf-files-'));
    model = join(work, 'ArthasIllidanSample.mdx');
    copyFileSync(sampleModel, model);
    host = new HostServices({
      runtime: 'web',
      appVersion: '0.0.0',
      configDirectory: join(work, 'config'),
      startupFiles: [model],
      sessionDataFolders: [sampleData],
      sampleDirectory: null,
      nativeDialogs: false,
      grantStartupFolders: true,
    });
    await host.start();
    store = createEditorStore({ codec: modelCodec, host: inProcessClient(host) });
    files = new FileService(store, createModelParser(null, modelCodec));
  });

  afterEach(async () => {
    await host.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('opens the sample cinematic with its six capes found through the data folder', async () => {
    expect(await files.openPath(model)).toBe(true);
    const state = store.getState();
    expect(state.file).toMatchObject({ kind: 'model', name: 'ArthasIllidanSample.mdx' });
    expect(currentDocument(state)!.links.map((link) => link.id)).toEqual([
      '0000',
      '0001',
      '0002',
      '0003',
      '0004',
      '0005',
    ]);
    expect(Object.values(state.capes).map((entry) => entry.status)).toEqual([
      'found',
      'found',
      'found',
      'found',
      'found',
      'found',
    ]);
    expect(state.loading).toBeNull();
  });

  it('takes the boot frame’s read and parse of the startup file: not read again, and saved as read', async () => {
    const opened = await inProcessClient(host).openFile({ path: model });
    const document = modelCodec.readModel(new Uint8Array(opened.bytes), 'ArthasIllidanSample.mdx');
    keepBootRead({ path: model, opened, document });
    const openFile = vi.spyOn(store.services.host!, 'openFile');
    await files.readAhead(model);
    expect(await files.openPath(model, { skipPrompt: true })).toBe(true);
    expect(openFile).not.toHaveBeenCalled();
    expect(currentDocument(store.getState())).toBe(document);
    // Taken once: the next open reads the file.
    expect(takeBootRead(model)).toBeNull();
    // The handed-over bytes are the save's base: a save without edits writes the file as it was.
    const before = readFileSync(model);
    expect(await files.saveOpenFile()).toBe(true);
    expect(readFileSync(model).equals(before)).toBe(true);
  });

  it('loads the cape of a link whose ID changed and of a new link, so that no link stays loading', async () => {
    const stop = followLinkedCapes(store);
    // A data folder of the map's own with ArthasCape0007.mrf (the sample's 0001 under another ID).
    const imports = join(work, 'imports');
    const capes = join(imports, 'Doodads', 'Cinematic', 'ArthasIllidanFight');
    mkdirSync(capes, { recursive: true });
    copyFileSync(
      join(sampleData, 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0001.mrf'),
      join(capes, 'ArthasCape0007.mrf'),
    );
    await host.dataFolders.add(imports, 0, true);
    await files.openPath(model);
    const status = (id: string) =>
      store.getState().capes[capeKey(`Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape${id}.mrf`)]?.status;
    renameLink(store, '0005', '0007');
    await vi.waitFor(() => expect(status('0007')).toBe('found'));
    editDocument(store, { kind: 'addLink', id: '0042', showFrames: [1000], hideFrames: [2000] }, 'Add Link');
    await vi.waitFor(() => expect(status('0042')).toBe('missing'));
    expect(store.getState().diagnostics).toContainEqual(
      expect.objectContaining({ code: 'editor.cape-missing', target: { kind: 'link', id: '0042' } }),
    );
    stop();
  });

  it('saves an edit in place: only the event frames change, the original is kept as .bak', async () => {
    await files.openPath(model);
    const original = readFileSync(model);
    const link = currentDocument(store.getState())!.links.find((candidate) => candidate.id === '0001')!;
    selectKeys(store, [{ objectIndex: link.showIndex!, frameIndex: 0 }], 'replace');
    beginKeyDrag(store, { objectIndex: link.showIndex!, frameIndex: 0 });
    updateKeyDrag(store, 500);
    commitKeyDrag(store);
    expect(isDirty(store.getState())).toBe(true);
    expect(await files.save()).toBe(true);
    expect(isDirty(store.getState())).toBe(false);
    const saved = readFileSync(model);
    expect(saved.length).toBe(original.length);
    expect(readFileSync(`${model}.bak`).equals(original)).toBe(true);
    const reread = modelCodec.readModel(new Uint8Array(saved), 'ArthasIllidanSample.mdx');
    expect(reread.links.find((candidate) => candidate.id === '0001')!.showFrames).toEqual([28_633]);
    let differing = 0;
    for (let index = 0; index < saved.length; index += 1) if (saved[index] !== original[index]) differing += 1;
    expect(differing).toBeGreaterThan(0);
    expect(differing).toBeLessThanOrEqual(4);
  });

  it('does not take its own save for a change on disk, even when the change event comes first', async () => {
    await files.openPath(model);
    const before = store.getState().file!.identity!;
    const link = currentDocument(store.getState())!.links[0]!;
    selectKeys(store, [{ objectIndex: link.showIndex!, frameIndex: 0 }], 'replace');
    beginKeyDrag(store, { objectIndex: link.showIndex!, frameIndex: 0 });
    updateKeyDrag(store, 100);
    commitKeyDrag(store);
    await files.save();
    const after = store.getState().file!.identity!;
    store.setState({ file: { ...store.getState().file!, identity: before } });
    await files.fileChangedOnDisk(model, after);
    expect(store.getState().dialog).toBeNull();
    expect(store.getState().changedOnDisk).toBe(false);
  });

  it('offers to reload a file changed by another program', async () => {
    await files.openPath(model);
    /** Another program moves the first show key by `deltaMs` and writes the file. */
    const editOnDisk = (deltaMs: number) => {
      const onDisk = modelCodec.readModel(new Uint8Array(readFileSync(model)), 'ArthasIllidanSample.mdx');
      writeFileSync(
        model,
        modelCodec.writeModel(
          modelCodec.applyEdit(onDisk, {
            kind: 'moveKeys',
            keys: [{ objectIndex: onDisk.links[0]!.showIndex!, frameIndex: 0 }],
            deltaMs,
          }),
        ),
      );
    };
    editOnDisk(10);
    const identity = await host.files.stat(model);
    const answered = answerNextDialog(store, 'keep');
    await files.fileChangedOnDisk(model, identity);
    await answered;
    // Kept: not asked again for the same version, but saving over it is a conflict.
    await files.fileChangedOnDisk(model, identity);
    expect(store.getState().dialog).toBeNull();
    const reloaded = answerNextDialog(store, 'reload');
    editOnDisk(10);
    await files.fileChangedOnDisk(model, await host.files.stat(model));
    await reloaded;
    expect(currentDocument(store.getState())!.links[0]!.showFrames).toEqual([19_320]);
  });

  it('asks before overwriting a file changed on disk, and does not overwrite when cancelled', async () => {
    await files.openPath(model);
    const document = currentDocument(store.getState())!;
    openModelDocument(
      store,
      modelCodec.applyEdit(document, {
        kind: 'moveKeys',
        keys: [{ objectIndex: document.links[0]!.showIndex!, frameIndex: 0 }],
        deltaMs: 10,
      }),
      store.getState().file!,
    );
    store.setState({ savedDocument: document });
    writeFileSync(model, Buffer.concat([readFileSync(model), Buffer.from([0])]));
    const changed = readFileSync(model);
    const answered = answerNextDialog(store, 'cancel');
    expect(await files.save()).toBe(false);
    await answered;
    expect(readFileSync(model).equals(changed)).toBe(true);
    const overwrite = answerNextDialog(store, 'overwrite');
    expect(await files.save()).toBe(true);
    await overwrite;
    expect(readFileSync(model).equals(changed)).toBe(false);
  });

  it('Save As keeps the file’s own format', async () => {
    await files.openPath(model);
    const target = join(work, 'Copy.mdl');
    const pathChosen = new Promise<void>((resolve) => {
      const unsubscribe = store.subscribe((state) => {
        if (state.dialog?.kind === 'fileBrowser') {
          unsubscribe();
          answerDialog(store, target);
          resolve();
        }
      });
    });
    expect(await files.saveAs()).toBe(false);
    await pathChosen;
    expect(existsSync(target)).toBe(false);
    expect(store.getState().notice?.text).toMatch(/ending in \.mdx, or File ▸ Export As… to convert it$/);
  });

  it('asks to save unsaved changes before opening another file, and keeps them when cancelled', async () => {
    await files.openPath(model);
    const document = currentDocument(store.getState())!;
    store.setState({ savedDocument: null });
    const cancelled = answerNextDialog(store, 'cancel');
    expect(
      await files.openPath(join(sampleData, 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0000.mrf')),
    ).toBe(false);
    await cancelled;
    expect(currentDocument(store.getState())).toBe(document);
    const discarded = answerNextDialog(store, 'discard');
    expect(
      await files.openPath(join(sampleData, 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0000.mrf')),
    ).toBe(true);
    await discarded;
    expect(store.getState().file?.kind).toBe('mrf');
    expect(store.getState().standaloneCape?.cape?.statistics.vertexCount).toBeGreaterThan(0);
  });

  it('saves a cape opened alone byte for byte', async () => {
    const cape = join(work, 'arthascape0002.mrf');
    copyFileSync(join(sampleData, 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0002.mrf'), cape);
    host.guard.grant(cape, 'file', 'dialog');
    expect(await files.openPath(cape)).toBe(true);
    expect(await files.save()).toBe(true);
    expect(readFileSync(cape).equals(readFileSync(`${cape}.bak`))).toBe(true);
  });

  it('reports a file that is not a model by name, and keeps what was open', async () => {
    const bogus = join(work, 'Bogus.mdx');
    writeFileSync(bogus, 'MDLX then nothing that adds up');
    host.guard.grant(bogus, 'file', 'dialog');
    expect(await files.openPath(bogus)).toBe(false);
    expect(store.getState().notice?.text).toMatch(/Cannot open Bogus\.mdx/);
    expect(store.getState().file).toBeNull();
  });
});

describe('data folder stack through the file service', () => {
  let work: string;
  let model: string;
  let override: string;
  let host: HostServices;
  let store: EditorStore;
  let files: FileService;
  const capeFolder = ['doodads', 'cinematic', 'arthasillidanfight'];
  /** Where cape 0000 resolved (null: not found). */
  const cape0000 = () =>
    Object.values(store.getState().capes).find((entry) => entry.gamePath.toLowerCase().endsWith('0000.mrf'))!;
  const order = () => store.getState().dataFolders.map((folder) => folder.path);

  beforeEach(async () => {
    work = mkdtempSync(join(tmpdir(), 'morf-folders-'));
    model = join(work, 'ArthasIllidanSample.mdx');
    copyFileSync(sampleModel, model);
    // A map's imports: one cape of its own, stacked over the game's data.
    override = join(work, 'imports');
    mkdirSync(join(override, ...capeFolder), { recursive: true });
    copyFileSync(
      join(sampleData, ...capeFolder, 'arthascape0000.mrf'),
      join(override, ...capeFolder, 'arthascape0000.mrf'),
    );
    host = new HostServices({
      runtime: 'web',
      appVersion: '0.0.0',
      configDirectory: join(work, 'config'),
      startupFiles: [model],
      sessionDataFolders: [override, sampleData],
      sampleDirectory: null,
      nativeDialogs: false,
      grantStartupFolders: true,
    });
    await host.start();
    store = createEditorStore({ codec: modelCodec, host: inProcessClient(host) });
    files = new FileService(store, createModelParser(null, modelCodec));
    await files.openPath(model);
    await files.refreshSettings();
  });

  afterEach(async () => {
    await host.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('moves a folder down and up: the first folder holding a cape wins, capes and textures reload', async () => {
    expect(order()).toEqual([override, sampleData]);
    expect(cape0000().resolvedPath).toBe(join(override, ...capeFolder, 'arthascape0000.mrf'));
    const generation = store.getState().textureGeneration;
    expect(await files.dataFolders.moveDataFolder(override, 1)).toBe(true);
    expect(order()).toEqual([sampleData, override]);
    expect(host.dataFolders.statuses().map((folder) => folder.path)).toEqual([sampleData, override]);
    expect(cape0000()).toMatchObject({
      status: 'found',
      resolvedPath: join(sampleData, ...capeFolder, 'arthascape0000.mrf'),
    });
    expect(store.getState().textureGeneration).toBe(generation + 1);
    expect(store.getState().notice).toMatchObject({
      severity: 'info',
      text: `Data folder ${override} moved down (now 2 of 2)`,
    });
    expect(await files.dataFolders.moveDataFolder(override, -1)).toBe(true);
    expect(order()).toEqual([override, sampleData]);
    expect(cape0000().resolvedPath).toBe(join(override, ...capeFolder, 'arthascape0000.mrf'));
    // Already at the top: nothing to do, nothing asked of the host.
    expect(await files.dataFolders.moveDataFolder(override, -1)).toBe(false);
    expect(store.getState().textureGeneration).toBe(generation + 2);
  });

  it('removes a folder: capes only it provided go missing, the others resolve through the rest', async () => {
    expect(await files.dataFolders.removeDataFolder(sampleData)).toBe(true);
    expect(order()).toEqual([override]);
    const statuses = Object.values(store.getState().capes)
      .map((entry) => `${entry.gamePath.slice(-8)} ${entry.status}`)
      .sort();
    expect(statuses).toEqual([
      '0000.mrf found',
      '0001.mrf missing',
      '0002.mrf missing',
      '0003.mrf missing',
      '0004.mrf missing',
      '0005.mrf missing',
    ]);
    expect(await files.dataFolders.removeDataFolder(override)).toBe(true);
    expect(order()).toEqual([]);
    expect(cape0000().status).toBe('missing');
  });

  it('runs queued changes one after another, each from the order the previous one left', async () => {
    const down = files.dataFolders.moveDataFolder(override, 1);
    const up = files.dataFolders.moveDataFolder(override, -1);
    expect(await Promise.all([down, up])).toEqual([true, true]);
    expect(order()).toEqual([override, sampleData]);
    expect(host.dataFolders.statuses().map((folder) => folder.path)).toEqual([override, sampleData]);
  });

  it('names the folder and the host’s reason when the list was out of date, and shows the current list', async () => {
    host.removeDataFolder(override); // changed behind the editor's back (another window)
    expect(order()).toEqual([override, sampleData]);
    expect(await files.dataFolders.moveDataFolder(sampleData, -1)).toBe(false);
    expect(store.getState().notice).toMatchObject({
      severity: 'error',
      text: expect.stringMatching(
        new RegExp(
          '^Cannot move the data folder .*data: the new order must list every data folder exactly once ' +
            '\\(the list had changed elsewhere',
        ),
      ),
    });
    expect(order()).toEqual([sampleData]);
    store.setState({
      dataFolders: [...store.getState().dataFolders, { ...store.getState().dataFolders[0]!, path: override }],
    });
    expect(await files.dataFolders.removeDataFolder(override)).toBe(false);
    expect(store.getState().notice).toMatchObject({
      severity: 'error',
      text:
        `Cannot remove the data folder ${override}: not in the data folder stack (the list had changed ` +
        `elsewhere; it now shows the current folders)`,
    });
    expect(order()).toEqual([sampleData]);
    expect(store.getState().loading).toBeNull();
  });

  it('offers Move Up, Move Down and Remove only where they apply', () => {
    const operators = createOperatorRegistry(files);
    const can = (id: string, properties: Record<string, string>) =>
      operators.canRun(id, contextFor(store, 'screen', properties));
    expect(can('wm.data_folder_move', { path: override, direction: 'up' })).toBe(false);
    expect(can('wm.data_folder_move', { path: override, direction: 'down' })).toBe(true);
    expect(can('wm.data_folder_move', { path: sampleData, direction: 'up' })).toBe(true);
    expect(can('wm.data_folder_move', { path: sampleData, direction: 'down' })).toBe(false);
    expect(can('wm.data_folder_remove', { path: sampleData })).toBe(true);
    expect(can('wm.data_folder_remove', { path: join(work, 'elsewhere') })).toBe(false);
    // Without a folder (the operator search) neither is offered.
    expect(can('wm.data_folder_move', { direction: 'down' })).toBe(false);
    expect(can('wm.data_folder_remove', {})).toBe(false);
  });
});

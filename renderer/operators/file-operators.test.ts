/**
 * The file operators run by id (as F3 and the menus run them) against the real host in this
 * process: 'wm.open', 'wm.save', 'wm.save_as', 'wm.revert', 'wm.open_data_folder',
 * 'wm.reload_capes' and 'wm.close', each asserting what it did to the files or the editor.
 */
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HostServices } from '../../electron/host/host';
import { modelCodec } from '../../shared/events';
import { FileService } from '../files/file-service';
import { answerDialog } from '../state/dialog-actions';
import { createEditorStore, currentDocument, isDirty, type EditorStore } from '../state/editor-store';
import { selectLink } from '../state/outliner-actions';
import { insertKeyAtPlayhead } from '../state/key-insert';
import { setPlayhead } from '../state/session-actions';
import { inProcessClient } from '../../tests/testing/in-process-host';
import { createModelParser } from '../workers/model-parser';
import { createOperatorRegistry } from './index';
import { contextFor } from './operator';

const sampleDirectory = join(import.meta.dirname, '..', '..', 'assets', 'sample');
const sampleData = join(sampleDirectory, 'data');

/** Waits for a dialog of the kind and answers it. */
async function answerWhen(store: EditorStore, kind: string, reply: string | null): Promise<void> {
  await vi.waitFor(() => expect(store.getState().dialog?.kind).toBe(kind));
  answerDialog(store, reply);
}

describe('file operators over the real host', () => {
  let work: string;
  let model: string;
  let host: HostServices;
  let store: EditorStore;
  let run: (id: string) => boolean;

  beforeEach(async () => {
    work = mkdtempSync(join(tmpdir(), 'morf-file-operators-'));
    model = join(work, 'ArthasIllidanSample.mdx');
    copyFileSync(join(sampleDirectory, 'ArthasIllidanSample.mdx'), model);
    host = new HostServices({
      runtime: 'web',
      appVersion: '0.0.0',
      configDirectory: join(work, 'config'),
      startupFiles: [model],
      sessionDataFolders: [],
      sampleDirectory: null,
      nativeDialogs: false,
      grantStartupFolders: true,
    });
    await host.start();
    store = createEditorStore({ codec: modelCodec, host: inProcessClient(host) });
    const operators = createOperatorRegistry(new FileService(store, createModelParser(null, modelCodec)));
    run = (id) => operators.run(id, contextFor(store));
  });

  afterEach(async () => {
    await host.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** Opens the sample through 'wm.open' and the in-app file browser. */
  async function openSample(): Promise<void> {
    expect(run('wm.open')).toBe(true);
    await answerWhen(store, 'fileBrowser', model);
    await vi.waitFor(() => expect(currentDocument(store.getState())?.links).toHaveLength(6));
  }

  /** One edit: a hide key for link 0000 at 20,000 ms. */
  function edit(): void {
    selectLink(store, '0000');
    setPlayhead(store, 20_000);
    expect(insertKeyAtPlayhead(store)).toBe(true);
  }

  it("'wm.open' opens the chosen model; 'wm.save' writes the edit in place and keeps a .bak", async () => {
    await openSample();
    expect(store.getState().file).toMatchObject({ kind: 'model', name: 'ArthasIllidanSample.mdx' });
    const original = readFileSync(model);
    edit();
    expect(run('wm.save')).toBe(true);
    await vi.waitFor(() => expect(isDirty(store.getState())).toBe(false));
    expect(readFileSync(`${model}.bak`)).toEqual(original);
    const saved = modelCodec.readModel(new Uint8Array(readFileSync(model)), 'saved.mdx');
    expect(saved.links.find((link) => link.id === '0000')?.hideFrames).toEqual([20_000, 22_300]);
  });

  it("'wm.save_as' writes another file in the same format and the editor follows it", async () => {
    await openSample();
    edit();
    const target = join(work, 'Copy.mdx');
    expect(run('wm.save_as')).toBe(true);
    await answerWhen(store, 'fileBrowser', target);
    await vi.waitFor(() => expect(existsSync(target)).toBe(true));
    expect(readFileSync(target).subarray(0, 4).toString('latin1')).toBe('MDLX');
    await vi.waitFor(() => expect(store.getState().file?.path).toBe(target));
    expect(isDirty(store.getState())).toBe(false);
  });

  it("'wm.export_model' writes the MDX as MDL (read back the same), the open file stays as it is", async () => {
    await openSample();
    edit();
    const target = join(work, 'Exported.mdl');
    expect(run('wm.export_model')).toBe(true);
    await answerWhen(store, 'fileBrowser', target);
    await vi.waitFor(() => expect(existsSync(target)).toBe(true));
    const text = readFileSync(target);
    expect(text.subarray(0, 200).toString('latin1')).toMatch(/Version \{/);
    const exported = modelCodec.readModel(new Uint8Array(text), 'Exported.mdl');
    expect(exported.format).toBe('mdl');
    expect(exported.links.find((link) => link.id === '0000')?.hideFrames).toEqual([20_000, 22_300]);
    expect(store.getState().file?.path).toBe(model);
    expect(isDirty(store.getState())).toBe(true);
    // The file appears (renamed into place) before the export reports it in the Info log.
    await vi.waitFor(() =>
      expect(store.getState().messages.at(-1)?.text).toMatch(/^Exported ArthasIllidanSample\.mdx as MDL/),
    );
    // Back again: the MDL opened and exported as MDX gives the saved MDX's bytes.
    const saved = join(work, 'Saved.mdx');
    expect(run('wm.save_as')).toBe(true);
    await answerWhen(store, 'fileBrowser', saved);
    await vi.waitFor(() => expect(store.getState().file?.path).toBe(saved));
    expect(run('wm.open')).toBe(true);
    await answerWhen(store, 'fileBrowser', target);
    await vi.waitFor(() => expect(currentDocument(store.getState())?.format).toBe('mdl'));
    const back = join(work, 'Back.mdx');
    expect(run('wm.export_model')).toBe(true);
    await answerWhen(store, 'fileBrowser', back);
    await vi.waitFor(() => expect(existsSync(back)).toBe(true));
    expect(readFileSync(back)).toEqual(readFileSync(saved));
    await vi.waitFor(() =>
      expect(store.getState().messages.at(-1)?.text).toMatch(/comments and layout do not carry over/),
    );
  });

  it("'wm.revert' drops unsaved changes by reading the file again", async () => {
    await openSample();
    edit();
    expect(isDirty(store.getState())).toBe(true);
    expect(run('wm.revert')).toBe(true);
    await answerWhen(store, 'confirm', 'revert');
    await vi.waitFor(() => expect(isDirty(store.getState())).toBe(false));
    expect(currentDocument(store.getState())!.links[0]!.hideFrames).toEqual([22_300]);
  });

  it("'wm.open_data_folder' adds the folder, the capes resolve; 'wm.reload_capes' reads them again", async () => {
    await openSample();
    const status = () => Object.values(store.getState().capes).map((entry) => entry.status);
    await vi.waitFor(() => expect(status()).toEqual(Array(6).fill('missing')));
    // A folder beside the model (the web shell reaches the folders of the files it was started with).
    const data = join(work, 'data');
    cpSync(sampleData, data, { recursive: true });
    expect(run('wm.open_data_folder')).toBe(true);
    await answerWhen(store, 'fileBrowser', data);
    await vi.waitFor(() => expect(store.getState().dataFolders.map((folder) => folder.path)).toContain(data));
    await vi.waitFor(() => expect(status()).toEqual(Array(6).fill('found')));
    const before = store.getState().capes;
    expect(run('wm.reload_capes')).toBe(true);
    await vi.waitFor(() => expect(store.getState().capes).not.toBe(before));
    await vi.waitFor(() => expect(status()).toEqual(Array(6).fill('found')));
  });

  it("'wm.close' asks about unsaved changes and closes when they are discarded", async () => {
    await openSample();
    edit();
    expect(run('wm.close')).toBe(true);
    await vi.waitFor(() => expect(store.getState().dialog?.kind).toBe('confirm'));
    answerDialog(store, 'discard');
    await vi.waitFor(() => expect(store.getState().file).toBeNull());
  });
});

/**
 * Cape documents over the real host in this process (a temporary copy of the sample's data folder) and the real
 * model codec: a link's cape edited as a document of its own (history, dirty state, focus), gestures and their
 * roll-back, saving where it resolved (only the edited header bytes change), the close prompt asking for the model
 * and the cape, and a cape opened alone edited and saved.
 */
import { cpSync, copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HostClient, type OperationName, operationNames, validateArguments } from '../../shared/contract/contract';
import { HostServices } from '../../electron/host/host';
import { createHandlers, headlessShell } from '../../electron/host/operations';
import { modelCodec } from '../../shared/events';
import { readMrf, writeMrf } from '../../shared/mrf';
import { setCapeFps, setCapeHeader } from '../../shared/capes/edit';
import { capeKey } from '../capes/cape-entry';
import { FileService } from '../files/file-service';
import { createModelParser } from '../workers/model-parser';
import { editCape, finishCapeGesture, isCapeDirty, markCape, presentCape, rollBackCape } from './cape-documents';
import { canRedoFocused, focusCapeDocument, hasUnsavedChanges, undoFocused, windowTitle } from './document-focus';
import { answerDialog } from './dialog-actions';
import { editDocument } from './document-actions';
import { createEditorStore, currentDocument, isDirty, type EditorStore } from './editor-store';

const sample = join(import.meta.dirname, '..', '..', 'assets', 'sample');
const capePath = (id: string) => `Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape${id}.mrf`;
const key1 = capeKey(capePath('0001'));

function inProcessClient(host: HostServices): HostClient {
  const handlers = createHandlers(host, headlessShell) as unknown as Record<OperationName, (args: unknown) => unknown>;
  const client: Record<string, unknown> = { runtime: 'web', onEvent: () => () => undefined };
  for (const name of operationNames)
    client[name] = (args?: unknown) => handlers[name](validateArguments(name, args ?? {}));
  return client as unknown as HostClient;
}

/** Answers the confirmations in turn with `answers`, recording each message. */
function answerConfirms(store: EditorStore, answers: string[]): string[] {
  const asked: string[] = [];
  const unsubscribe = store.subscribe((state) => {
    if (state.dialog?.kind !== 'confirm') return;
    asked.push(state.dialog.message);
    const answer = answers.shift() ?? 'cancel';
    if (answers.length === 0) unsubscribe();
    queueMicrotask(() => answerDialog(store, answer));
  });
  return asked;
}

describe('cape documents', () => {
  let work: string;
  let data: string;
  let model: string;
  let host: HostServices;
  let store: EditorStore;
  let files: FileService;

  beforeEach(async () => {
    work = mkdtempSync(join(tmpdir(), 'morf-cape-docs-'));
    data = join(work, 'data');
    cpSync(join(sample, 'data'), data, { recursive: true });
    model = join(work, 'ArthasIllidanSample.mdx');
    copyFileSync(join(sample, 'ArthasIllidanSample.mdx'), model);
    host = new HostServices({
      runtime: 'web',
      appVersion: '0.0.0',
      configDirectory: join(work, 'config'),
      startupFiles: [model],
      sessionDataFolders: [data],
      sampleDirectory: null,
      nativeDialogs: false,
      grantStartupFolders: true,
    });
    await host.start();
    store = createEditorStore({ codec: modelCodec, host: inProcessClient(host) });
    files = new FileService(store, createModelParser(null, modelCodec));
    expect(await files.openPath(model)).toBe(true);
  });

  afterEach(async () => {
    await host.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('edits a link’s cape with its own history and dirty state, shown in the cache, undone where the focus is', () => {
    const original = store.getState().capes[key1]!.cape!.file;
    editDocument(store, { kind: 'addLink', id: '0042', showFrames: [0], hideFrames: [10] }, 'Add Link');
    expect(editCape(store, key1, (file) => setCapeFps(file, 15), 'Set FPS')).toBe(true);
    let state = store.getState();
    expect(state.focusedDocument).toBe(key1);
    expect(state.capes[key1]!.cape!.statistics.frameInterval).toBe(1 / 15);
    expect(isCapeDirty(state.capeDocuments[key1]!)).toBe(true);
    expect(windowTitle(state)).toBe('• arthascape0001.mrf (cape) — ArthasIllidanSample.mdx — Morf Studio');
    // Undo acts on the cape in focus, not on the model's newer-looking Add Link.
    expect(undoFocused(store)).toBe('Set FPS');
    state = store.getState();
    expect(state.capes[key1]!.cape!.file).toBe(original);
    expect(currentDocument(state)!.links.some((link) => link.id === '0042')).toBe(true);
    expect(canRedoFocused(state)).toBe(true);
    focusCapeDocument(store, null);
    expect(undoFocused(store)).toBe('Add Link');
    expect(currentDocument(store.getState())!.links.some((link) => link.id === '0042')).toBe(false);
    expect(windowTitle(store.getState())).toBe('ArthasIllidanSample.mdx — Morf Studio');
  });

  it('makes a gesture one step and rolls it back without a redo step', () => {
    const original = store.getState().capes[key1]!.cape!.file;
    const mark = markCape(store.getState(), key1)!;
    for (const radius of [10, 20, 30])
      editCape(store, key1, (file) => setCapeHeader(file, { boundsRadius: radius }), 'Bounds Radius', {
        gesture: 'drag',
      });
    expect(store.getState().capeDocuments[key1]!.history.entries).toHaveLength(2);
    expect(presentCape(store.getState(), key1)!.header.boundsRadius).toBe(30);
    expect(rollBackCape(store, key1, mark)).toBe(true);
    expect(presentCape(store.getState(), key1)).toBe(original);
    expect(canRedoFocused(store.getState())).toBe(false);
  });

  it('validates a dragged cape once the drag ends, not at every step', () => {
    const codes = () => store.getState().capes[key1]!.cape!.diagnostics.map((diagnostic) => diagnostic.code);
    expect(codes()).not.toContain('mrf.frame-interval-zero');
    editCape(store, key1, (file) => setCapeHeader(file, { frameInterval: 0 }), 'Interval', { gesture: 'drag' });
    expect(presentCape(store.getState(), key1)!.header.frameInterval).toBe(0);
    expect(codes()).not.toContain('mrf.frame-interval-zero');
    finishCapeGesture(store, key1, 'drag');
    expect(codes()).toContain('mrf.frame-interval-zero');
    expect(store.getState().diagnostics.map((diagnostic) => diagnostic.code)).toContain('mrf.frame-interval-zero');
  });

  it('saves the focused cape where it resolved: only the edited field’s bytes change, the model stays', async () => {
    const onDisk = join(data, 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0001.mrf');
    const before = readFileSync(onDisk);
    const modelBefore = readFileSync(model);
    editCape(store, key1, (file) => setCapeHeader(file, { initialTime: -0.5 }), 'Initial Time');
    expect(await files.save()).toBe(true);
    const after = readFileSync(onDisk);
    expect(readMrf(new Uint8Array(after)).header.initialTime).toBe(-0.5);
    const changed = [...after.keys()].filter((index) => after[index] !== before[index]);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((index) => index >= 36 && index < 40)).toBe(true);
    expect(readFileSync(`${onDisk}.bak`).equals(before)).toBe(true);
    expect(readFileSync(model).equals(modelBefore)).toBe(true);
    expect(hasUnsavedChanges(store.getState())).toBe(false);
  });

  it('asks about the model and then the cape when closing, and closes when both are discarded', async () => {
    editDocument(store, { kind: 'addLink', id: '0042', showFrames: [0], hideFrames: [10] }, 'Add Link');
    editCape(store, key1, (file) => setCapeFps(file, 10), 'Set FPS');
    expect(isDirty(store.getState())).toBe(true);
    const cancelAtCape = answerConfirms(store, ['discard', 'cancel']);
    expect(await files.close()).toBe(false);
    expect(cancelAtCape).toEqual([
      'Save changes to “ArthasIllidanSample.mdx” before closing it?',
      'Save changes to the cape “arthascape0001.mrf” before closing it?',
    ]);
    expect(store.getState().file).not.toBeNull();
    const asked = answerConfirms(store, ['discard', 'discard']);
    expect(await files.close()).toBe(true);
    expect(asked).toHaveLength(2);
    expect(store.getState().file).toBeNull();
    expect(store.getState().capeDocuments).toEqual({});
    // The cache shows the cape as saved again.
    expect(store.getState().capes[key1]!.cape!.statistics.frameInterval).not.toBe(0.1);
  });

  it('asks about an edited link cape before Revert reloads the model; discarding ends its document', async () => {
    editCape(store, key1, (file) => setCapeFps(file, 10), 'Set FPS');
    const cancelled = answerConfirms(store, ['cancel']);
    expect(await files.revert()).toBe(false);
    expect(cancelled).toEqual(['Save changes to the cape “arthascape0001.mrf” before reverting?']);
    expect(isCapeDirty(store.getState().capeDocuments[key1]!)).toBe(true);
    answerConfirms(store, ['discard']);
    expect(await files.revert()).toBe(true);
    expect(store.getState().capeDocuments).toEqual({});
    expect(store.getState().capes[key1]!.cape!.statistics.frameInterval).toBe(Math.fround(1 / 30));
  });

  it('edits and saves a cape opened alone; the reopened bytes are the codec’s', async () => {
    const path = join(data, 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0002.mrf');
    expect(await files.openPath(path)).toBe(true);
    const key = capeKey(path);
    editCape(store, key, (file) => setCapeFps(file, 12), 'Set FPS');
    expect(store.getState().focusedDocument).toBeNull();
    expect(windowTitle(store.getState())).toBe('• arthascape0002.mrf — Morf Studio');
    const expected = writeMrf(presentCape(store.getState(), key)!);
    expect(await files.save()).toBe(true);
    expect(readFileSync(path).equals(expected)).toBe(true);
    expect(hasUnsavedChanges(store.getState())).toBe(false);
    expect(await files.openPath(path)).toBe(true);
    expect(store.getState().standaloneCape!.cape!.statistics.frameInterval).toBe(Math.fround(1 / 12));
  });
});

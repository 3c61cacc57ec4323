/**
 * The cape operators run by id as F3 runs them, over the real host in this process (a temporary copy of the
 * sample's data, added as a persisted data folder) and the real codecs: 'cape.retime', 'cape.trim',
 * 'cape.reverse', 'cape.recompute_normals', 'cape.recompute_bounds' on a link's cape (each one step of that
 * cape's own history), 'cape.export_gltf' (GLB read back by the glTF import), 'cape.import' (opens the baked cape
 * unsaved) and 'cape.new_link' (writes ArthasCape<ID>.mrf into the data folder and links it at the playhead).
 */
import { cpSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HostServices } from '../../electron/host/host';
import { gltfToMrf, readGltf } from '../../shared/capes/gltf';
import { modelCodec } from '../../shared/events';
import { mrfPivotAndRadius, readMrf } from '../../shared/mrf';
import { inProcessClient } from '../../tests/testing/in-process-host';
import { capeKey } from '../capes/cape-entry';
import { createCapeConverter } from '../capes/cape-conversions';
import { FileService } from '../files/file-service';
import { presentCape } from '../state/cape-documents';
import { hasUnsavedChanges, windowTitle } from '../state/document-focus';
import { type EditorStore, createEditorStore, currentDocument, isDirty } from '../state/editor-store';
import { selectLink } from '../state/outliner-actions';
import { createModelParser } from '../workers/model-parser';
import { createOperatorRegistry } from './index';
import { type OperatorProperties, contextFor } from './operator';
import { capeOperators } from './cape-operators';

const sample = join(import.meta.dirname, '..', '..', 'assets', 'sample');
const key1 = capeKey('Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0001.mrf');

/** Answers dialogs as they come: a file browser with a path, a form with texts, a prompt with text. */
function answerDialogs(store: EditorStore, answers: unknown[]): void {
  const unsubscribe = store.subscribe((state, previous) => {
    if (!state.dialog || state.dialog === previous.dialog) return;
    const answer = answers.shift();
    if (answers.length === 0) unsubscribe();
    queueMicrotask(() => store.answerDialog?.(answer));
  });
}

describe('cape operators', () => {
  let work: string;
  let data: string;
  let host: HostServices;
  let store: EditorStore;
  let files: FileService;
  let run: (id: string, properties?: OperatorProperties) => Promise<void>;

  beforeEach(async () => {
    work = mkdtempSync(join(tmpdir(), 'morf-cape-ops-'));
    data = join(work, 'data');
    cpSync(join(sample, 'data'), data, { recursive: true });
    const model = join(work, 'ArthasIllidanSample.mdx');
    copyFileSync(join(sample, 'ArthasIllidanSample.mdx'), model);
    host = new HostServices({
      runtime: 'web',
      appVersion: '0.0.0',
      configDirectory: join(work, 'config'),
      startupFiles: [model],
      sampleDirectory: null,
      nativeDialogs: false,
      grantStartupFolders: true,
    });
    await host.start();
    await host.addDataFolder(data, 0);
    store = createEditorStore({ codec: modelCodec, host: inProcessClient(host) });
    files = new FileService(store, createModelParser(null, modelCodec));
    const registry = createOperatorRegistry(files);
    // The registry's cape operators, with conversions inline (no worker in Node).
    const operators = new Map(capeOperators(files, createCapeConverter(null)).map((item) => [item.id, item]));
    run = async (id, properties = {}) => {
      const context = contextFor(store, 'properties', properties);
      const operator = operators.get(id) ?? registry.get(id)!;
      expect(operator.poll(context)).toBe(true);
      await operator.execute(context);
    };
    expect(await files.openPath(model)).toBe(true);
    await files.refreshSettings();
    selectLink(store, '0001');
  });

  afterEach(async () => {
    await host.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('retimes, trims, reverses and recomputes the active link’s cape, each one step of its own history', async () => {
    const original = presentCape(store.getState(), key1)!;
    const count = original.keyframes.length;
    const duration = (count - 1) * original.header.frameInterval;
    await run('cape.retime', { fps: 10 });
    const retimed = presentCape(store.getState(), key1)!;
    // The duration is kept (issue 21): 4.467 s is 45 intervals of 0.0993 s, the fps nearest 10 that fits it.
    expect(retimed.keyframes.length).toBe(Math.round(duration * 10) + 1);
    expect((retimed.keyframes.length - 1) * retimed.header.frameInterval).toBeCloseTo(duration, 5);
    expect(isDirty(store.getState())).toBe(false);
    await run('ed.undo');
    expect(presentCape(store.getState(), key1)).toBe(original);
    await run('ed.redo');
    expect(presentCape(store.getState(), key1)).toBe(retimed);

    await run('cape.trim', { first: 1, last: 3 });
    expect(presentCape(store.getState(), key1)!.keyframes).toEqual(retimed.keyframes.slice(1, 4));
    await run('cape.reverse');
    const reversed = presentCape(store.getState(), key1)!;
    expect(reversed.keyframes[0]).toBe(retimed.keyframes[3]);

    await run('cape.recompute_normals');
    const normals = presentCape(store.getState(), key1)!.keyframes[0]!;
    const length = Math.hypot(normals[3]!, normals[4]!, normals[5]!);
    expect(length).toBeCloseTo(1, 5);
    expect(normals[0]).toBe(reversed.keyframes[0]![0]);

    await run('cape.recompute_bounds');
    const bounded = presentCape(store.getState(), key1)!;
    const expected = mrfPivotAndRadius(bounded);
    expect(bounded.header.pivot.map(Math.fround)).toEqual(expected.pivot.map(Math.fround));
    expect(bounded.header.boundsRadius).toBe(expected.radius);
    expect(store.getState().capeDocuments[key1]!.history.entries).toHaveLength(6);
    expect(windowTitle(store.getState())).toMatch(/^• arthascape0001\.mrf \(cape\)/);
  });

  it('exports the cape as GLB that bakes back to the same keyframes', async () => {
    const target = join(work, 'cape.glb');
    answerDialogs(store, [target]);
    await run('cape.export_gltf');
    expect(existsSync(target)).toBe(true);
    const original = presentCape(store.getState(), key1)!;
    const baked = gltfToMrf(await readGltf(new Uint8Array(readFileSync(target)))).mrf;
    expect(baked.keyframes.length).toBe(original.keyframes.length);
    expect(baked.texturePath).toBe(original.texturePath);
    expect(baked.keyframes[3]![0]).toBeCloseTo(original.keyframes[3]![0]!, 3);
  });

  it('links a baked glTF as ArthasCape0042.mrf at the playhead; imports one into the model or alone', async () => {
    const glb = join(work, 'cape.glb');
    answerDialogs(store, [glb]);
    await run('cape.export_gltf');

    store.setState((state) => ({
      session: { ...state.session, playback: { ...state.session.playback, playheadMs: 1234 } },
    }));
    answerDialogs(store, [glb, { fps: '10' }, '0042']);
    await run('cape.new_link');
    const written = join(data, 'doodads', 'cinematic', 'arthasillidanfight', 'ArthasCape0042.mrf');
    expect(existsSync(written)).toBe(true);
    const cape = readMrf(new Uint8Array(readFileSync(written)));
    expect(cape.header.frameInterval).toBe(Math.fround(0.1));
    const link = currentDocument(store.getState())!.links.find((item) => item.id === '0042')!;
    expect(link.showFrames).toEqual([1234]);
    expect(link.hideFrames[0]).toBeGreaterThan(1234);
    const entry = store.getState().capes[capeKey(link.path)]!;
    expect(entry.status).toBe('found');
    expect(entry.resolvedPath).toBe(written);

    // Linking the same ID again is refused before anything is written.
    answerDialogs(store, [glb, {}, '0042']);
    await run('cape.new_link');
    expect(store.getState().notice?.text).toMatch(/the link 0042 exists already/);

    // With a model open, Import Cape links the baked cape into it (the model stays open)…
    const model = store.getState().file;
    answerDialogs(store, [glb, { fps: '5' }, 'link', '0043']);
    await run('cape.import', { importer: 'gltf' });
    expect(store.getState().file).toBe(model);
    expect(currentDocument(store.getState())!.links.map((item) => item.id)).toContain('0043');
    expect(existsSync(join(data, 'doodads', 'cinematic', 'arthasillidanfight', 'ArthasCape0043.mrf'))).toBe(true);

    // …or opens it alone, after asking about the model's unsaved changes.
    answerDialogs(store, [glb, { fps: '5', scale: '2' }, 'alone', 'discard']);
    await run('cape.import', { importer: 'gltf' });
    const state = store.getState();
    expect(state.file).toMatchObject({ kind: 'mrf', name: 'cape.mrf', path: null });
    expect(state.standaloneCape!.cape!.statistics.frameInterval).toBe(Math.fround(0.2));
    expect(hasUnsavedChanges(state)).toBe(true);
    expect(windowTitle(state)).toBe('• cape.mrf — Morf Studio');
  });
});

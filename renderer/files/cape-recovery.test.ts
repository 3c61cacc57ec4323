/**
 * Recovery files of cape documents over the real host in this process (a temporary copy of the sample's data folder
 * and model): a link's cape edited, the timer advanced, its recovery file beside the model's holds the edited bytes
 * (not rewritten unchanged, not written while a drag runs); a fresh host and store (the crash) offer it back,
 * recovering gives the same bytes as an unsaved document and Save writes it where it resolved and deletes the
 * recovery file. Declining deletes it; a cape opened alone recovers as that file.
 */
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostClient } from '../../shared/contract/contract';
import { HostServices } from '../../electron/host/host';
import { modelCodec } from '../../shared/events';
import { readMrf, writeMrf } from '../../shared/mrf';
import { setCapeFps, setCapeHeader } from '../../shared/capes/edit';
import { capeKey } from '../capes/cape-entry';
import { editCape, finishCapeGesture, isCapeDirty, presentCape, standaloneCapeKey } from '../state/cape-documents';
import { saveCapeDocument } from '../state/cape-document-files';
import { answerDialog } from '../state/dialog-actions';
import { type EditorStore, createEditorStore } from '../state/editor-store';
import { createModelParser } from '../workers/model-parser';
import { inProcessClient } from '../../tests/testing/in-process-host';
import { FileService } from './file-service';
import { offerRecovery } from './recovery-offer';
import { RecoveryWriter, fileCapeRecoveryId, linkCapeRecoveryId } from './recovery-writer';

const sample = join(import.meta.dirname, '..', '..', 'assets', 'sample');
const key1 = capeKey('Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0001.mrf');

/** One editor run: a host over the config folder, a store, its file service and its recovery writer. */
interface Run {
  host: HostServices;
  client: HostClient;
  store: EditorStore;
  files: FileService;
  writer: RecoveryWriter;
  writes: string[];
  stop(): void;
}

/**
 * The same bytes: compared as buffers (a deep toEqual over a megabyte cape took 10 s a comparison under load, and
 * the test went past its time), the first differing offset named when they differ.
 */
function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  const first = actual.findIndex((byte, index) => byte !== expected[index]);
  expect({ length: actual.length, firstDifference: actual.length === expected.length ? first : null }).toEqual({
    length: expected.length,
    firstDifference: -1,
  });
}

describe('cape recovery files', () => {
  let work: string;
  let data: string;
  let model: string;
  let runs: Run[];

  async function startRun(startupFile: string): Promise<Run> {
    const host = new HostServices({
      runtime: 'web',
      appVersion: '0.0.0',
      configDirectory: join(work, 'config'),
      startupFiles: [startupFile],
      sessionDataFolders: [data],
      sampleDirectory: null,
      nativeDialogs: false,
      grantStartupFolders: true,
    });
    await host.start();
    const client = inProcessClient(host);
    const writes: string[] = [];
    const writeRecovery = client.writeRecovery;
    client.writeRecovery = (args) => {
      writes.push(args.id);
      return writeRecovery(args);
    };
    const store = createEditorStore({ codec: modelCodec, host: client });
    const files = new FileService(store, createModelParser(null, modelCodec));
    const writer = new RecoveryWriter(store, files);
    const stop = writer.start(5000);
    expect(await files.openPath(startupFile, { skipPrompt: true })).toBe(true);
    const run = { host, client, store, files, writer, writes, stop };
    runs.push(run);
    return run;
  }

  /** Answers the recovery offers in turn, recording each message. */
  function answerOffers(store: EditorStore, answers: string[]): string[] {
    const asked: string[] = [];
    store.subscribe((state) => {
      if (state.dialog?.kind !== 'confirm') return;
      asked.push(state.dialog.message);
      const answer = answers.shift() ?? 'later';
      queueMicrotask(() => answerDialog(store, answer));
    });
    return asked;
  }

  async function tick(run: Run): Promise<void> {
    await vi.advanceTimersByTimeAsync(5000);
    await run.writer.settled();
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    work = mkdtempSync(join(tmpdir(), 'morf-cape-recovery-'));
    data = join(work, 'data');
    cpSync(join(sample, 'data'), data, { recursive: true });
    model = join(work, 'ArthasIllidanSample.mdx');
    copyFileSync(join(sample, 'ArthasIllidanSample.mdx'), model);
    runs = [];
  });

  afterEach(async () => {
    vi.useRealTimers();
    for (const run of runs) {
      run.stop();
      await run.host.close();
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('writes a link cape’s edits, offers them after a crash and deletes them once saved', async () => {
    const first = await startRun(model);
    const resolved = first.store.getState().capes[key1]!.resolvedPath!;
    const id = linkCapeRecoveryId(resolved);
    await tick(first);
    expect(first.writes).toEqual([]);

    // A drag of a number writes nothing until it ends.
    editCape(first.store, key1, (file) => setCapeHeader(file, { boundsRadius: 77 }), 'Radius', { gesture: 'drag' });
    await tick(first);
    expect(first.writes).toEqual([]);
    finishCapeGesture(first.store, key1, 'drag');
    editCape(first.store, key1, (file) => setCapeFps(file, 15), 'Set FPS');
    await tick(first);
    expect(first.writes).toEqual([id]);
    await tick(first);
    expect(first.writes).toEqual([id]);
    const edited = writeMrf(presentCape(first.store.getState(), key1)!);
    const [entry] = await first.client.listRecovery();
    expect(entry).toMatchObject({
      id,
      documentPath: resolved,
      displayName: 'arthascape0001.mrf (cape of link 0001 in ArthasIllidanSample.mdx)',
    });
    expectSameBytes(new Uint8Array((await first.client.readRecovery({ id })).bytes), edited);
    expect(readFileSync(resolved).equals(edited)).toBe(false);

    // The crash: a new host over the same config folder offers it; recovering restores it unsaved.
    const second = await startRun(model);
    const offered = (await second.client.getStartup()).recovery;
    expect(offered.map((item) => item.id)).toEqual([id]);
    const asked = answerOffers(second.store, ['recover']);
    await offerRecovery(second.store, second.files, second.writer, offered);
    expect(asked[0]).toContain('“arthascape0001.mrf (cape of link 0001 in ArthasIllidanSample.mdx)”');
    let state = second.store.getState();
    expect(isCapeDirty(state.capeDocuments[key1]!)).toBe(true);
    expectSameBytes(writeMrf(presentCape(state, key1)!), edited);
    expect(state.capes[key1]!.cape!.statistics.frameInterval).toBeCloseTo(1 / 15, 6);
    expect(state.messages.at(-1)!.text).toBe(
      `Recovered arthascape0001.mrf (cape of link 0001 in ArthasIllidanSample.mdx) from ${resolved}: ` +
        'save the cape to keep the changes',
    );

    // Saved where it resolved: the recovery file goes at once.
    expect(await saveCapeDocument(second.store, key1)).toBe(true);
    await second.writer.settled();
    expectSameBytes(new Uint8Array(readFileSync(resolved)), edited);
    expect(await second.client.listRecovery()).toEqual([]);
    state = second.store.getState();
    expect(isCapeDirty(state.capeDocuments[key1]!)).toBe(false);
  });

  it('deletes a cape’s recovery file when it is declined, and when its edits are undone', async () => {
    const first = await startRun(model);
    const id = linkCapeRecoveryId(first.store.getState().capes[key1]!.resolvedPath!);
    editCape(first.store, key1, (file) => setCapeFps(file, 12), 'Set FPS');
    await tick(first);
    expect((await first.client.listRecovery()).map((entry) => entry.id)).toEqual([id]);

    const second = await startRun(model);
    const offered = (await second.client.getStartup()).recovery;
    answerOffers(second.store, ['discard']);
    await offerRecovery(second.store, second.files, second.writer, offered);
    expect(await second.client.listRecovery()).toEqual([]);
    expect(second.store.getState().capeDocuments[key1]).toBeUndefined();

    // Back to the saved cape (an undo): nothing unsaved is left to recover.
    editCape(second.store, key1, (file) => setCapeFps(file, 20), 'Set FPS');
    await tick(second);
    expect((await second.client.listRecovery()).map((entry) => entry.id)).toEqual([id]);
    const saved = second.store.getState().capeDocuments[key1]!.saved!;
    editCape(second.store, key1, () => saved, 'Back');
    await second.writer.settled();
    expect(await second.client.listRecovery()).toEqual([]);
  });

  it('recovers a cape opened alone as that file, unsaved, and Save writes it there', async () => {
    const alone = join(work, 'Alone.mrf');
    copyFileSync(join(data, 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0002.mrf'), alone);
    const first = await startRun(alone);
    const key = standaloneCapeKey(first.store.getState())!;
    editCape(first.store, key, (file) => setCapeFps(file, 24), 'Set FPS');
    await tick(first);
    const id = fileCapeRecoveryId(alone);
    const [entry] = await first.client.listRecovery();
    expect(entry).toMatchObject({ id, documentPath: alone, displayName: 'Alone.mrf (cape)' });
    const edited = writeMrf(presentCape(first.store.getState(), key)!);

    // The next run starts on the model; recovering reopens the cape alone.
    const second = await startRun(model);
    const offered = (await second.client.getStartup()).recovery;
    answerOffers(second.store, ['recover']);
    await offerRecovery(second.store, second.files, second.writer, offered);
    const state = second.store.getState();
    expect(state.file?.path).toBe(alone);
    const document = state.capeDocuments[standaloneCapeKey(state)!]!;
    expect(isCapeDirty(document)).toBe(true);
    expectSameBytes(writeMrf(presentCape(state, document.key)!), edited);
    expect(state.messages.map((message) => message.text)).toContain(
      `Recovered the cape Alone.mrf (${alone}): save it to keep the changes`,
    );
    expect(await second.files.save()).toBe(true);
    await second.writer.settled();
    expect(readMrf(new Uint8Array(readFileSync(alone))).header.frameInterval).toBeCloseTo(1 / 24, 6);
    expect(await second.client.listRecovery()).toEqual([]);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostClient } from '../../shared/contract/contract';
import { FileService } from './file-service';
import { openModelDocument, editDocument, undoDocument } from '../state/document-actions';
import { createEditorStore } from '../state/editor-store';
import { fixtureCodec, sampleCinematicDocument } from '../testing/fixture-model';
import { createModelParser } from '../workers/model-parser';
import { startRecoveryWriter } from './recovery-writer';

describe('recovery files', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes unsaved work every few seconds, once per change, and nothing while the document is saved', async () => {
    const writeRecovery = vi.fn(async () => ({
      id: 'x',
      documentPath: null,
      displayName: 'x',
      savedAtMs: 0,
      size: 0,
      currentSession: true,
    }));
    const store = createEditorStore({ codec: fixtureCodec, host: { writeRecovery } as unknown as HostClient });
    const files = new FileService(store, createModelParser(null, fixtureCodec));
    openModelDocument(store, sampleCinematicDocument(), {
      kind: 'model',
      path: '/models/Sample.mdx',
      name: 'Sample.mdx',
      identity: null,
    });
    const stop = startRecoveryWriter(store, files, 5000);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(writeRecovery).not.toHaveBeenCalled();
    editDocument(store, { kind: 'setFrames', objectIndex: 0, frames: [1] }, 'Edit');
    await vi.advanceTimersByTimeAsync(5000);
    expect(writeRecovery).toHaveBeenCalledTimes(1);
    expect(writeRecovery).toHaveBeenCalledWith(
      expect.objectContaining({
        documentPath: '/models/Sample.mdx',
        displayName: 'Sample.mdx',
        id: expect.stringMatching(/^doc-[0-9a-f]{8}$/),
      }),
    );
    await vi.advanceTimersByTimeAsync(20_000);
    expect(writeRecovery).toHaveBeenCalledTimes(1);
    editDocument(store, { kind: 'setFrames', objectIndex: 0, frames: [2] }, 'Edit');
    await vi.advanceTimersByTimeAsync(5000);
    expect(writeRecovery).toHaveBeenCalledTimes(2);
    stop();
  });

  it('writes nothing while a key drag previews, and deletes the file once the model is back to saved', async () => {
    const writeRecovery = vi.fn(async () => ({}));
    const discardRecovery = vi.fn(async () => null);
    const host = { writeRecovery, discardRecovery } as unknown as HostClient;
    const store = createEditorStore({ codec: fixtureCodec, host });
    const files = new FileService(store, createModelParser(null, fixtureCodec));
    openModelDocument(store, sampleCinematicDocument(), {
      kind: 'model',
      path: '/models/Sample.mdx',
      name: 'Sample.mdx',
      identity: null,
    });
    const stop = startRecoveryWriter(store, files, 5000);
    editDocument(store, { kind: 'setFrames', objectIndex: 0, frames: [1] }, 'Edit');
    const anchor = { objectIndex: 0, keyIndex: 0 } as never;
    store.setState({ drag: { keys: [anchor], anchor, deltaMs: 10, gesture: null } });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(writeRecovery).not.toHaveBeenCalled();
    store.setState({ drag: null });
    await vi.advanceTimersByTimeAsync(5000);
    expect(writeRecovery).toHaveBeenCalledTimes(1);
    const [{ id }] = writeRecovery.mock.calls[0] as unknown as [{ id: string }];
    expect(discardRecovery).not.toHaveBeenCalled();
    undoDocument(store);
    await vi.advanceTimersByTimeAsync(0);
    expect(discardRecovery).toHaveBeenCalledWith({ id });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(writeRecovery).toHaveBeenCalledTimes(1);
    stop();
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelCodec } from '../../shared/events';
import { mdxReadCount } from '../../shared/model/mdx-file';
import { FakeModelWorker } from '../testing/fake-model-worker';
import { createModelParser } from '../workers/model-parser';
import { editDocument, openModelDocument, redoDocument, undoDocument } from './document-actions';
import { createEditorStore, currentDocument } from './editor-store';

const sampleModel = join(import.meta.dirname, '..', '..', 'assets', 'sample', 'ArthasIllidanSample.mdx');

describe('the document the store keeps', () => {
  it('is the model the worker parsed: editing, validating, undoing and saving never read the file again', async () => {
    const parser = createModelParser(() => new FakeModelWorker() as unknown as Worker, modelCodec);
    const store = createEditorStore({ codec: modelCodec, host: null });
    const readsBefore = mdxReadCount();
    const { document, base } = await parser.parse(new Uint8Array(readFileSync(sampleModel)).buffer, 'Sample.mdx');
    openModelDocument(store, document, { kind: 'model', path: null, name: 'Sample.mdx', identity: null });
    expect(mdxReadCount() - readsBefore).toBe(1); // the worker's read

    const show = document.links.find((link) => link.id === '0001')!.showIndex!;
    for (let step = 0; step < 20; step += 1) {
      const outcome = editDocument(
        store,
        { kind: 'moveKeys', keys: [{ objectIndex: show, frameIndex: 0 }], deltaMs: step % 2 === 0 ? 100 : -50 },
        'Move Keys',
      );
      expect(outcome.applied).toBe(true);
    }
    editDocument(store, { kind: 'addLink', id: '0042', showFrames: [1000], hideFrames: [2000] }, 'Add Link');
    editDocument(store, { kind: 'renameLink', id: '0042', newId: '0043' }, 'Rename Link');
    editDocument(store, { kind: 'removeLink', id: '0002' }, 'Remove Link');
    undoDocument(store);
    redoDocument(store);
    const edited = currentDocument(store.getState())!;
    const written = modelCodec.writeModel(edited);
    const assembled = await parser.assemble(edited, base);
    expect(mdxReadCount() - readsBefore).toBe(1);

    // The edits are real: the written file reads back as the edited document (that read is the test's own).
    const reread = modelCodec.readModel(written, 'Sample.mdx');
    expect(Buffer.compare(assembled, written)).toBe(0);
    expect(reread.links.map((link) => link.id)).toEqual(['0000', '0001', '0003', '0004', '0005', '0043']);
    expect(reread.eventObjects[show]!.frames[0]).toBe(document.eventObjects[show]!.frames[0]! + 500);
    expect(store.getState().diagnostics).toEqual([...reread.readDiagnostics, ...modelCodec.validateModel(reread)]);
    parser.dispose();
  });
});

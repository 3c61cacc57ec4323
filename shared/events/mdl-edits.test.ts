/**
 * MDL documents are their block model: opening scans the file once, the structured clone from the worker is
 * revived without a scan, each edit scans only the blocks it changes (never the whole file again), and the
 * edited document — its text, events, links, nodes and diagnostics — is the one a fresh read of its text gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mdlScanCount, mdlScannedBytes, type MdlText } from '../mdl/index';
import { blockOf } from '../mdl/blocks';
import { mdlBlockReadCount, mdlEventObjects } from '../model/mdl-parts';
import { findParsedChunk } from '../model/typed-model';
import { typedModelOfDocument } from './source';
import { FIXTURE_MDL } from '../mdl/testing/fixtures';
import type { ModelDocument, ModelEdit } from './document';
import { applyEdit, modelPieces, readModel, validateModel, writeModel } from './index';
import { attempt, materialize, seed } from './testing/edit-seeds';
import { documentView, TWINS } from './testing/twins';

const fixture = { name: 'fixture', mdl: new Uint8Array([...FIXTURE_MDL].map((character) => character.charCodeAt(0))) };
const models = [fixture, ...TWINS];

const diagnosticsOf = (document: ModelDocument) => [...document.readDiagnostics, ...validateModel(document)];

/** What a fresh read of the document's text says. */
const fresh = (document: ModelDocument) => readModel(writeModel(document), 'fresh.mdl');

/** The length of the block holding event object `index`. */
function blockLengthOf(document: ModelDocument, index: number): number {
  const { model } = document.source as { model: MdlText };
  const block = blockOf(mdlEventObjects(model)[index]!.statement);
  return block.end - block.start;
}

/** Scans made and bytes scanned while `run` runs. */
function scansDuring<T>(run: () => T): { result: T; scans: number; bytes: number } {
  const [scans, bytes] = [mdlScanCount(), mdlScannedBytes()];
  const result = run();
  return { result, scans: mdlScanCount() - scans, bytes: mdlScannedBytes() - bytes };
}

describe('MDL documents', () => {
  for (const model of models) {
    it(`open with one scan and edit, after the worker's clone, without scanning the file again (${model.name})`, () => {
      const { result: opened, scans } = scansDuring(() => readModel(model.mdl, 'model.mdl'));
      expect(scans).toBe(1);
      const show = opened.links[0]?.showIndex ?? 0;
      const edits: ModelEdit[] = [
        ...Array.from({ length: 20 }, (_, step): ModelEdit => ({
          kind: 'moveKeys',
          keys: [{ objectIndex: show, frameIndex: 0 }],
          deltaMs: step % 2 === 0 ? 100 : -50,
        })),
        { kind: 'addLink', id: '0042', showFrames: [1000], hideFrames: [2000] },
        { kind: 'renameLink', id: '0042', newId: '0043' },
        { kind: 'setParent', objectIndex: show, parentId: opened.nodes[0]!.objectId },
        { kind: 'removeLink', id: '0043' },
      ];
      const run = (start: ModelDocument) => edits.reduce((document, edit) => applyEdit(document, edit), start);
      const original = run(opened);
      let cloned = structuredClone(opened);
      for (const edit of edits) {
        const { result, scans, bytes } = scansDuring(() => applyEdit(cloned, edit));
        cloned = result;
        // A key move scans the one block it changes; no edit scans the file again.
        if (edit.kind === 'moveKeys') expect([scans, bytes]).toEqual([1, blockLengthOf(cloned, show)]);
        expect(bytes).toBeLessThan(model.mdl.length);
      }
      const written = writeModel(cloned);
      expect(Buffer.from(written).equals(Buffer.from(writeModel(original)))).toBe(true);
      expect(documentView(cloned)).toEqual(documentView(fresh(cloned)));
      expect(diagnosticsOf(cloned)).toEqual(diagnosticsOf(fresh(cloned)));
      // The pieces are views of the file as read wherever the edits left it alone.
      expect(modelPieces(original).filter((piece) => piece.buffer === model.mdl.buffer).length).toBeGreaterThan(0);
    });

    it(`equal a fresh read after random edits, diagnostics and offsets included (${model.name})`, () => {
      const start = readModel(model.mdl, 'model.mdl');
      fc.assert(
        fc.property(fc.array(seed, { minLength: 1, maxLength: 8 }), fc.boolean(), (seeds, cloneFirst) => {
          let document = cloneFirst ? structuredClone(start) : start;
          for (const choice of seeds) {
            const edit = materialize(choice, document);
            if (!edit) continue;
            const result = attempt(document, edit);
            if (result instanceof Error) continue;
            document = result;
            const reread = fresh(document);
            expect(documentView(document)).toEqual(documentView(reread));
            expect(diagnosticsOf(document)).toEqual(diagnosticsOf(reread));
          }
        }),
        { numRuns: 40, seed: 11 },
      );
    });
  }

  it('read again only the block an edit made: the events, the validation and the typed model share the rest', () => {
    const sample = TWINS.find((twin) => twin.name === 'ArthasIllidanSample')!;
    const opened = readModel(sample.mdl, 'sample.mdl');
    validateModel(opened);
    const model = typedModelOfDocument(opened);
    const show = opened.links[0]!.showIndex!;
    const before = mdlBlockReadCount();
    const moved = applyEdit(opened, { kind: 'moveKeys', keys: [{ objectIndex: show, frameIndex: 0 }], deltaMs: 10 });
    validateModel(moved);
    const movedModel = typedModelOfDocument(moved);
    expect(mdlBlockReadCount() - before).toBe(1);
    expect(moved.eventObjects[show]!.frames[0]).toBe(opened.eventObjects[show]!.frames[0]! + 10);
    // The chunks of the blocks it did not touch are the same objects: the preview keeps their GPU data.
    for (const tag of ['SEQS', 'BONE', 'HELP', 'PIVT'] as const) {
      expect(findParsedChunk(model, tag), tag).toBeDefined();
      expect(findParsedChunk(movedModel, tag), tag).toBe(findParsedChunk(model, tag));
    }
    expect(findParsedChunk(movedModel, 'EVTS')).not.toBe(findParsedChunk(model, 'EVTS'));
  });
});

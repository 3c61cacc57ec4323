/**
 * MDL blocks against the real files of ../shared/corpus (skipped, saying so, when it is absent) and the repository's
 * sample models: every file laid out as blocks that give back its bytes and read the same on their own, block edits
 * equal to whole-text edits and a fresh read, and 100 key moves on the largest file sharing what they do not touch.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusModels, describeCorpus, modelCorpus } from '../../tests/testing/corpus';
import { blockBytes, readTextBlocks } from '../mdl/blocks';
import { mdlPieces, readMdlText } from '../mdl/mdl-text';
import { applySpanEdits, type MdlEdit } from '../mdl/span-edits';
import type { MdlText } from '../mdl/types';
import { blockRead, mdlVersionOf, type MdlBlockRead } from './mdl-parts';
import { eventTrackEdits } from './mdl/edit-events';
import { insertEventObjectEdits, nodeParentEdits, removeNodeEdits, renameEdits } from './mdl/edit-nodes';
import { keyMoveHistory, retainedBytes, scansDuring } from './testing/mdl-sharing';
import { viewed, type ViewedText } from './testing/mdl-view';
import { applyWholeText, modelView } from './testing/mdl-whole-text';

const readMdl = readMdlText;

const samples = join(import.meta.dirname, '..', '..', 'assets', 'sample');

/** What a block's read says, its offsets from the block's start (wherever the block lies). */
function readOf(read: MdlBlockRead, start: number) {
  return {
    parts: read.parts.map((part) => [part.tag, (part.value as { node?: { name: string } } | undefined)?.node?.name]),
    diagnostics: read.diagnostics.map((diagnostic) => ({ ...diagnostic, offset: diagnostic.offset! - start })),
    parentComments: read.parentComments,
  };
}

/** Checks that `bytes` read as blocks that give them back and each read the same on its own. */
function checkBlocks(label: string, bytes: Uint8Array): void {
  const model = readMdl(bytes);
  const pieces = mdlPieces(model);
  expect(
    pieces.every((piece) => piece.buffer === bytes.buffer),
    label,
  ).toBe(true);
  expect(Buffer.concat(model.blocks.map(blockBytes)).equals(bytes), label).toBe(true);
  const { version } = mdlVersionOf(model);
  for (const block of model.blocks) {
    const alone = readTextBlocks(blockBytes(block));
    expect(alone.length, label).toBe(1);
    const [own, theirs] = [alone[0]!, block];
    expect(own.statements.map((statement) => statement.keyword)).toEqual(
      theirs.statements.map((statement) => statement.keyword),
    );
    expect(readOf(blockRead(own, version), 0), label).toEqual(readOf(blockRead(theirs, version), theirs.start));
  }
}

/** The edits the corpus test makes, one step each: on `model`, as a function of it (both ways get the same). */
const STEPS: readonly ((model: ViewedText) => MdlEdit[])[] = [
  (model) =>
    model.eventObjects.flatMap((event) =>
      eventTrackEdits(model, event, { frames: event.frames.map((frame) => frame + 33), globalSequenceId: null }),
    ),
  (model) => renameEdits(model, model.nodes[0]!, 'Renamed'),
  (model) => insertEventObjectEdits(model, { name: 'MRFx0042', frames: [100, 200], parentId: 0 }),
  (model) => nodeParentEdits(model, model.eventObjects[0]!, model.nodes[1]?.objectId ?? -1),
  (model) => removeNodeEdits(model, model.nodes[0]!),
  (model) => removeNodeEdits(model, model.eventObjects[model.eventObjects.length - 1]!),
];

describe('MDL sample models, by blocks', () => {
  it('lay out as blocks that give back their bytes and read the same on their own', () => {
    const files = readdirSync(samples).filter((file) => file.endsWith('.mdl'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) checkBlocks(file, new Uint8Array(readFileSync(join(samples, file))));
  });
});

describeCorpus(modelCorpus, 'MDL corpus, by blocks', () => {
  const rows = corpusModels('MDL');

  it('lays every corpus MDL out as blocks that give back its bytes and read the same on their own', () => {
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) checkBlocks(row.file, modelCorpus.bytes(row.file));
  });

  it('edits corpus MDLs by blocks as whole-text edits and a fresh read do', () => {
    for (const row of rows.filter((candidate) => candidate.eventNames.length > 0)) {
      let blocks: MdlText = readMdl(modelCorpus.bytes(row.file));
      let whole = blocks;
      STEPS.forEach((step, index) => {
        const view = viewed(blocks, false);
        if (view.nodes.length < 2 || view.eventObjects.length === 0) return;
        blocks = applySpanEdits(blocks, step(view));
        whole = applyWholeText(whole, step(viewed(whole, false)));
        expect(modelView(blocks, false), `${row.file}, step ${index}`).toEqual(modelView(whole, false));
      });
      // The typed model and the diagnostics need every block read: compared once, after the last step.
      expect(modelView(blocks), row.file).toEqual(modelView(whole));
    }
    // Every node block of every corpus MDL read again at each step (the oracle reads the whole text each time).
  }, 120_000);

  it('keeps 100 key moves of the largest corpus MDL within twice its size, sharing the untouched blocks', () => {
    const largest = rows
      .filter((row) => row.eventNames.length > 0)
      .map((row) => modelCorpus.bytes(row.file))
      .sort((left, right) => right.length - left.length)[0]!;
    const model = readMdl(largest);
    const { result, scans, bytes } = scansDuring(() => keyMoveHistory(model, 100));
    expect(result.replaced).toEqual(result.replaced.map(() => 1));
    expect(scans).toBe(100);
    expect(bytes).toBeLessThan(largest.length / 10);
    expect(retainedBytes(result.history)).toBeLessThan(2 * largest.length);
  });
});

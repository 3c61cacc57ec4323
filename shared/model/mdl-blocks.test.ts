/**
 * An MDL text's blocks as the model reads them: how a text splits into blocks, what an edit shares and scans, the
 * structured clone, and the memory a history of key edits holds.
 */
import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { blockBytes } from '../mdl/blocks';
import { mdlPieces, parseMdlText, readMdlText, reviveMdlText, writeMdl } from '../mdl/mdl-text';
import { applySpanEdits, editAt } from '../mdl/span-edits';
import { decodeMdlBytes, encodeMdlText } from '../mdl/text';
import { generatedMdl } from '../mdl/testing/generate';
import { FIXTURE_MDL } from '../mdl/testing/fixtures';
import type { MdlText } from '../mdl/types';
import { mdlTypedModel } from './mdl-model';
import { mdlEventObjects, mdlNodes, partsOf } from './mdl-parts';
import { eventTrackOf, setEventFrames } from './mdl/edit-events';
import { insertEventObject, removeNode, renameNode, setNodeParent } from './mdl/edit-nodes';
import { keyMoveHistory, retainedBytes, scansDuring } from './testing/mdl-sharing';
import { applyWholeText, modelView } from './testing/mdl-whole-text';

const parseMdl = parseMdlText;
const readMdl = readMdlText;
const texts = (model: MdlText) => model.blocks.map((block) => decodeMdlBytes(blockBytes(block)));
const frames = (model: MdlText, index: number) => Array.from(mdlEventObjects(model)[index]!.value.keys!.frames);

describe('MDL blocks', () => {
  it("run from each statement's line to the next one's, statements sharing a line sharing a block", () => {
    const text =
      '\xEF\xBB\xBF// header\nBone "A" {\n\tObjectId 0,\n}\n// about B\n\nHelper "B" { ObjectId 1, } Helper "C" ' +
      '{ ObjectId 2, }\n/* spans\nlines */ Helper "D" {\n\tObjectId 3,\n} // trailing\r\nHelper "E" { ObjectId 4, }';
    const model = parseMdl(text);
    expect(texts(model)).toEqual([
      '\xEF\xBB\xBF// header\nBone "A" {\n\tObjectId 0,\n}\n// about B\n\n',
      'Helper "B" { ObjectId 1, } Helper "C" { ObjectId 2, }\n',
      '/* spans\nlines */ Helper "D" {\n\tObjectId 3,\n} // trailing\r\n',
      'Helper "E" { ObjectId 4, }',
    ]);
    expect(model.blocks.map((block) => block.statements.map((statement) => statement.keyword))).toEqual([
      ['Bone'],
      ['Helper', 'Helper'],
      ['Helper'],
      ['Helper'],
    ]);
    const lengths = texts(model).map((block) => block.length);
    expect(model.blockOffsets).toEqual(lengths.map((_, index) => lengths.slice(0, index).reduce((a, b) => a + b, 0)));
    // Each block reads the same on its own.
    for (const block of model.blocks) {
      const alone = readMdl(blockBytes(block));
      expect(mdlNodes(alone).map(({ value }) => value.node.name)).toEqual(
        mdlNodes(model)
          .filter((node) => node.block === block)
          .map(({ value }) => value.node.name),
      );
    }
    expect(parseMdl('').blocks).toHaveLength(1);
    expect(texts(parseMdl('// only a comment\n'))).toEqual(['// only a comment\n']);
  });

  it('an edit shares every block it does not change and scans only the one it changes', () => {
    const model = parseMdl(FIXTURE_MDL);
    const event = mdlEventObjects(model)[1]!;
    const { result: edited, scans, bytes } = scansDuring(() => setEventFrames(model, event, [1, 2, 3]));
    const changed = edited.blocks.filter((block) => !model.blocks.includes(block));
    expect(changed).toHaveLength(1);
    expect(edited.blocks).toHaveLength(model.blocks.length);
    expect(changed[0]!.source.bytes.buffer).not.toBe(model.blocks[0]!.source.bytes.buffer);
    expect([scans, bytes]).toEqual([1, changed[0]!.end - changed[0]!.start]);
    expect(frames(edited, 1)).toEqual([1, 2, 3]);
    const before = mdlNodes(model).map((node) => node.value);
    expect(
      mdlNodes(edited)
        .filter((node) => !before.includes(node.value))
        .map(({ value }) => value.node.name),
    ).toEqual(['MRDx0000']);
    const sequences = (text: MdlText) => partsOf(text, new Set(['SEQS']))[0]!.value;
    expect(sequences(edited)).toBe(sequences(model));
  });

  it('gives the lines left by a removed statement to the block before (or after) it, as a fresh read would', () => {
    const text =
      '// header\nEventObject "A" {\n\tObjectId 0,\n}\n// about B\nEventObject "B" {\n\tObjectId 1,\n}\n// about C\n' +
      'EventObject "C" {\n\tObjectId 2,\n}\n';
    const model = parseMdl(text);
    for (const index of [0, 1, 2]) {
      const removed = removeNode(model, mdlNodes(model)[index]!);
      expect(modelView(removed)).toEqual(modelView(readMdl(writeMdl(removed))));
    }
    expect(texts(removeNode(model, mdlNodes(model)[0]!))).toEqual([
      '// header\n// about B\nEventObject "B" {\n\tObjectId 0,\n}\n// about C\n',
      'EventObject "C" {\n\tObjectId 1,\n}\n',
    ]);
    const single = parseMdl('EventObject "A" { ObjectId 0, }\n// the end\n');
    expect(texts(removeNode(single, mdlNodes(single)[0]!))).toEqual(['// the end\n']);
  });

  it('places a refusal of an edited block in the whole text, as a fresh read of the edited text does', () => {
    const model = parseMdl(FIXTURE_MDL);
    const track = eventTrackOf(mdlEventObjects(model)[2]!.statement)!;
    const edits = [editAt(track, track.start, track.start, 'Broken { "unclosed ')];
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof CodecError ? { ...error, message: error.message } : error;
      }
      return null;
    };
    const expected = refusal(() => applyWholeText(model, edits));
    expect(expected).toMatchObject({ format: 'mdl', kind: 'truncated' });
    expect(refusal(() => applySpanEdits(model, edits))).toEqual(expected);
  });

  it('survives a structured clone: revived without a scan, it edits and writes as the original does', () => {
    const original = parseMdl(FIXTURE_MDL);
    const edited = renameNode(original, mdlNodes(original)[1]!, 'Cloak');
    for (const model of [original, edited]) {
      const { result: clone, scans } = scansDuring(() => reviveMdlText(structuredClone(model)));
      expect(scans).toBe(0);
      expect(modelView(clone)).toEqual(modelView(model));
      expect(new Set(clone.blocks.map((block) => block.source)).size).toBe(
        new Set(model.blocks.map((block) => block.source)).size,
      );
      const steps = [
        (from: MdlText) => setEventFrames(from, mdlEventObjects(from)[2]!, [7, 8]),
        (from: MdlText) => insertEventObject(from, { name: 'MRFx0009', frames: [5], parentId: 0 }),
        (from: MdlText) => setNodeParent(from, mdlEventObjects(from)[0]!, 3),
        (from: MdlText) => removeNode(from, mdlNodes(from)[2]!),
      ];
      let [left, right] = [model, clone];
      for (const step of steps) {
        [left, right] = [step(left), step(right)];
        expect(decodeMdlBytes(writeMdl(right))).toBe(decodeMdlBytes(writeMdl(left)));
      }
      expect(modelView(right)).toEqual(modelView(left));
    }
  });

  it('writes views of the bytes as read wherever edits left the text alone', () => {
    const bytes = encodeMdlText(FIXTURE_MDL);
    const model = readMdl(bytes);
    expect(writeMdl(model)).toBe(bytes);
    const [whole] = mdlPieces(model);
    expect([mdlPieces(model).length, whole!.buffer, whole!.byteOffset, whole!.length]).toEqual([
      1,
      bytes.buffer,
      0,
      bytes.length,
    ]);
    const edited = setEventFrames(model, mdlEventObjects(model)[1]!, [5]);
    const pieces = mdlPieces(edited);
    expect(pieces.map((piece) => piece.buffer === bytes.buffer)).toEqual([true, false, true]);
    const track = 'EventTrack 2 {\n\t\tGlobalSeqId 0,\n\t\t22300,\n\t\t22400,\n';
    expect(FIXTURE_MDL).toContain(track);
    expect(decodeMdlBytes(writeMdl(edited))).toBe(
      FIXTURE_MDL.replace(track, 'EventTrack 1 {\n\t\tGlobalSeqId 0,\n\t\t5,\n'),
    );
  });

  it('keeps 100 key edits of a generated multi-MB model within twice its size, sharing the untouched blocks', () => {
    const bytes = generatedMdl(4_000_000);
    const { result: model, scans } = scansDuring(() => readMdl(bytes));
    expect(scans).toBe(1);
    expect(mdlTypedModel(model).diagnostics).toEqual([]);
    const { result: moves, bytes: scanned } = scansDuring(() => keyMoveHistory(model, 100));
    const { history, replaced } = moves;
    expect(replaced).toEqual(replaced.map(() => 1));
    expect(scanned).toBeLessThan(100 * 200);
    expect(retainedBytes(history)).toBeLessThan(2 * bytes.length);
    const final = history[history.length - 1]!;
    expect(modelView(final)).toEqual(modelView(readMdl(writeMdl(final))));
  });
});

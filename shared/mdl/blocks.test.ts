import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { blockBytes } from './blocks';
import { setEventFrames } from './edit-events';
import { insertEventObject, removeNode, renameNode, setNodeParent } from './edit-nodes';
import { mdlPieces, parseMdl, readMdl, reviveMdl, writeMdl } from './model';
import { applySpanEdits, editAt } from './span-edits';
import { decodeMdlBytes, encodeMdlText } from './text';
import { generatedMdl } from './testing/generate';
import { FIXTURE_MDL } from './testing/fixtures';
import { keyMoveHistory, retainedBytes, scansDuring } from './testing/sharing';
import { applyWholeText, modelView } from './testing/whole-text';
import type { MdlModel } from './types';

const texts = (model: MdlModel) => model.blocks.map((block) => decodeMdlBytes(blockBytes(block)));

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
    expect(model.blocks.map((block) => block.parts.map((part) => part.keyword))).toEqual([
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
      expect(alone.nodes.map((node) => node.name)).toEqual(
        block.parts.map((part) => (part.kind === 'node' ? part.node.name : '')),
      );
    }
    expect(parseMdl('').blocks).toHaveLength(1);
    expect(texts(parseMdl('// only a comment\n'))).toEqual(['// only a comment\n']);
  });

  it('an edit shares every block it does not change and scans only the one it changes', () => {
    const model = parseMdl(FIXTURE_MDL);
    const event = model.eventObjects[1]!;
    const { result: edited, scans, bytes } = scansDuring(() => setEventFrames(model, event, [1, 2, 3]));
    const changed = edited.blocks.filter((block) => !model.blocks.includes(block));
    expect(changed).toHaveLength(1);
    expect(edited.blocks).toHaveLength(model.blocks.length);
    expect(changed[0]!.source.bytes.buffer).not.toBe(model.blocks[0]!.source.bytes.buffer);
    expect([scans, bytes]).toEqual([1, changed[0]!.end - changed[0]!.start]);
    expect(edited.eventObjects[1]!.frames).toEqual([1, 2, 3]);
    expect(edited.nodes.filter((node) => !model.nodes.includes(node)).map((node) => node.name)).toEqual(['MRDx0000']);
    expect(edited.sequences).toBe(model.sequences);
  });

  it('gives the lines left by a removed statement to the block before (or after) it, as a fresh read would', () => {
    const text =
      '// header\nEventObject "A" {\n\tObjectId 0,\n}\n// about B\nEventObject "B" {\n\tObjectId 1,\n}\n// about C\n' +
      'EventObject "C" {\n\tObjectId 2,\n}\n';
    const model = parseMdl(text);
    for (const index of [0, 1, 2]) {
      const removed = removeNode(model, model.nodes[index]!);
      expect(modelView(removed)).toEqual(modelView(readMdl(writeMdl(removed))));
    }
    expect(texts(removeNode(model, model.nodes[0]!))).toEqual([
      '// header\n// about B\nEventObject "B" {\n\tObjectId 0,\n}\n// about C\n',
      'EventObject "C" {\n\tObjectId 1,\n}\n',
    ]);
    const single = parseMdl('EventObject "A" { ObjectId 0, }\n// the end\n');
    expect(texts(removeNode(single, single.nodes[0]!))).toEqual(['// the end\n']);
  });

  it('places a refusal of an edited block in the whole text, as a fresh read of the edited text does', () => {
    const model = parseMdl(FIXTURE_MDL);
    const track = model.eventObjects[2]!.eventTrack!;
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
    const edited = renameNode(original, original.nodes[1]!, 'Cloak');
    for (const model of [original, edited]) {
      const { result: clone, scans } = scansDuring(() => reviveMdl(structuredClone(model)));
      expect(scans).toBe(0);
      expect(modelView(clone)).toEqual(modelView(model));
      expect(new Set(clone.blocks.map((block) => block.source)).size).toBe(
        new Set(model.blocks.map((block) => block.source)).size,
      );
      const steps = [
        (from: MdlModel) => setEventFrames(from, from.eventObjects[2]!, [7, 8]),
        (from: MdlModel) => insertEventObject(from, { name: 'MRFx0009', frames: [5], parentId: 0 }),
        (from: MdlModel) => setNodeParent(from, from.eventObjects[0]!, 3),
        (from: MdlModel) => removeNode(from, from.nodes[2]!),
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
    const edited = setEventFrames(model, model.eventObjects[1]!, [5]);
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
    expect(model.diagnostics).toEqual([]);
    const { result: moves, bytes: scanned } = scansDuring(() => keyMoveHistory(model, 100));
    const { history, replaced } = moves;
    expect(replaced).toEqual(replaced.map(() => 1));
    expect(scanned).toBeLessThan(100 * 200);
    expect(retainedBytes(history)).toBeLessThan(2 * bytes.length);
    const final = history[history.length - 1]!;
    expect(modelView(final)).toEqual(modelView(readMdl(writeMdl(final))));
  });
});

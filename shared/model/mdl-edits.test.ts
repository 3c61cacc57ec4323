/**
 * The model's MDL edits of event objects and nodes: each rewrites only the spans it must, in the text's own layout,
 * and keeps ObjectIds, pivots, bind poses and the Model block's counts right.
 */
import { describe, expect, it } from 'vitest';
import { parseMdlText } from '../mdl/mdl-text';
import { spliceBytes } from '../mdl/span-edits';
import { decodeMdlBytes, encodeMdlText } from '../mdl/text';
import { FIXTURE_MDL, FRAGMENT_MDL } from '../mdl/testing/fixtures';
import type { MdlText } from '../mdl/types';
import { setEventFrames, setEventGlobalSequence, setEventTrack } from './mdl/edit-events';
import { insertEventObject, newEventObjectId, removeNode, renameNode, setNodeParent } from './mdl/edit-nodes';
import { viewed, type ViewedText } from './testing/mdl-view';

/** A text read, with what the model reads from it as fields. */
const parseMdl = (source: string) => viewed(parseMdlText(source));
const fixture = parseMdl(FIXTURE_MDL);
const text = (result: Uint8Array | MdlText) => (result instanceof Uint8Array ? decodeMdlBytes(result) : result.text);
/** The codes of what reading a text finds (the fixture's one: a later-version keyword it keeps, ShaderTypeId). */
const codes = (model: MdlText) => viewed(model).diagnostics.map((diagnostic) => diagnostic.code);

/** The one region where two texts differ: `before[start, beforeEnd)` became `after[start, afterEnd)`. */
function changedRegion(before: string, after: string): { start: number; beforeEnd: number; afterEnd: number } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let tail = 0;
  while (
    tail < before.length - start &&
    tail < after.length - start &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail += 1;
  return { start, beforeEnd: before.length - tail, afterEnd: after.length - tail };
}

/** ObjectIds of the model's nodes in file order, and the counts that follow them. */
function structure(model: ViewedText) {
  return {
    objectIds: model.nodes.map((node) => node.objectId),
    pivots: model.pivotPoints?.points.length ?? null,
    declaredPivots: model.pivotPoints?.declaredCount ?? null,
    matrices: model.bindPose?.entries.length ?? null,
    declaredMatrices: model.bindPose?.declaredCount ?? null,
    numEvents: model.info?.counts['NumEvents'] ?? null,
  };
}

describe('spliceBytes', () => {
  const bytes = encodeMdlText('abcdef');

  it('applies edits given in any order, insertions at one offset in the order given', () => {
    const result = spliceBytes(bytes, [
      { start: 4, end: 5, text: 'E' },
      { start: 1, end: 1, text: '1' },
      { start: 1, end: 1, text: '2' },
      { start: 1, end: 3, text: '' },
    ]);
    expect(text(result)).toBe('a12dEf');
  });

  it('refuses overlapping edits and spans outside the text', () => {
    expect(() =>
      spliceBytes(bytes, [
        { start: 0, end: 3, text: '' },
        { start: 2, end: 4, text: '' },
      ]),
    ).toThrow(RangeError);
    expect(() => spliceBytes(bytes, [{ start: 5, end: 9, text: '' }])).toThrow(RangeError);
  });
});

describe('EventTrack edits', () => {
  it('rewrites only the EventTrack span, GlobalSeqId written inside as its first line', () => {
    const event = fixture.eventObjects[0]!;
    const after = text(setEventTrack(fixture, event, { frames: [100, 200], globalSequenceId: 1 }));
    const region = changedRegion(FIXTURE_MDL, after);
    expect(region.start).toBeGreaterThanOrEqual(event.eventTrack!.start);
    expect(region.beforeEnd).toBeLessThanOrEqual(event.eventTrack!.close + 1);
    const expected = 'EventTrack 2 {\n\t\tGlobalSeqId 1,\n\t\t100,\n\t\t200,\n\t}\n}\n';
    expect(after.slice(event.eventTrack!.start, event.eventTrack!.start + expected.length)).toBe(expected);
    expect(after.slice(event.eventTrack!.start + expected.length)).toBe(FIXTURE_MDL.slice(event.eventTrack!.close + 4));
    const reread = parseMdl(after).eventObjects[0]!;
    expect([reread.frames, reread.globalSequenceId]).toEqual([[100, 200], 1]);
  });

  it('writes an empty track as an empty block, never as a fake frame 0', () => {
    const after = text(setEventFrames(fixture, fixture.eventObjects[0]!, []));
    expect(after).toContain('\tEventTrack 0 {\n\t}\n');
    const reread = parseMdl(after).eventObjects[0]!;
    expect([reread.frames, reread.hasKeyBlock, reread.declaredFrameCount]).toEqual([[], true, 0]);
    expect(codes(parseMdlText(after))).toEqual(codes(fixture));
  });

  it('moves a GlobalSeqId written after the EventTrack inside it, removing the old line', () => {
    const event = fixture.eventObjects[2]!;
    const after = text(setEventGlobalSequence(fixture, event, 0));
    expect(after.slice(event.statement.start)).toMatch(
      new RegExp(
        '^EventObject "SNDxFOOT" \\{\\n\\tObjectId 6,\\n\\t// the global sequence [^\\n]*\\n' +
          '\\tEventTrack 1 \\{\\n\\t\\tGlobalSeqId 0,\\n\\t\\t500,\\n\\t\\}\\n\\tTranslation 2 \\{',
      ),
    );
    const reread = parseMdl(after).eventObjects[2]!;
    expect([reread.globalSequenceId, reread.outerGlobalSequence, reread.frames]).toEqual([0, null, [500]]);
    expect(after.slice(0, event.statement.start)).toBe(FIXTURE_MDL.slice(0, event.statement.start));
  });

  it('clears a global sequence', () => {
    const after = parseMdl(text(setEventGlobalSequence(fixture, fixture.eventObjects[1]!, null)));
    expect([after.eventObjects[1]!.globalSequenceId, after.eventObjects[1]!.frames]).toEqual([null, [22300, 22400]]);
    expect(after.eventObjects[1]!.innerGlobalSequence).toBeNull();
  });

  it('adds an EventTrack to an event object that has none', () => {
    const after = text(setEventFrames(fixture, fixture.eventObjects[3]!, [10]));
    expect(after).toContain('EventObject "UBRxNOKEYS" {\n\tObjectId 7,\n\tEventTrack 1 {\n\t\t10,\n\t}\n}\n');
    expect(parseMdl(after).eventObjects[3]!.hasKeyBlock).toBe(true);
  });

  it('adds an EventTrack before the node tracks of an event object that has tracks but no keys', () => {
    const model = parseMdl(
      'EventObject "E" {\n\tObjectId 0,\n\tTranslation 1 {\n\t\tLinear,\n\t\t0: { 0, 0, 0 },\n\t}\n}\n',
    );
    const after = text(setEventFrames(model, model.eventObjects[0]!, [5]));
    expect(after).toBe(
      'EventObject "E" {\n\tObjectId 0,\n\tEventTrack 1 {\n\t\t5,\n\t}\n\tTranslation 1 {\n\t\tLinear,\n\t\t0: { ' +
        '0, 0, 0 },\n\t}\n}\n',
    );
  });

  it('adds after a last statement that lacks its comma and shares its line with the closing brace', () => {
    const model = parseMdl('EventObject "E" {\n\tObjectId 0,\n\tFlagWithoutComma}\n');
    const after = text(setEventFrames(model, model.eventObjects[0]!, [3]));
    expect(after).toBe('EventObject "E" {\n\tObjectId 0,\n\tFlagWithoutComma,\n\tEventTrack 1 {\n\t\t3,\n\t}}\n');
    expect(parseMdl(after).eventObjects[0]!.frames).toEqual([3]);
    const bones = parseMdl('Bone "B" { ObjectId 0 }\nBone "C" { ObjectId 1 }');
    const parented = parseMdl(text(setNodeParent(bones, bones.nodes[1]!, 0)));
    expect(parented.text).toBe('Bone "B" { ObjectId 0 }\nBone "C" { ObjectId 1, Parent 0, }');
    expect(parented.nodes[1]!.parentId).toBe(0);
  });

  it('adds a top-level block after a block that shares its line with the next one', () => {
    const model = parseMdl('EventObject "A" { ObjectId 0, } CollisionShape "C" { ObjectId 1, }\n');
    const after = viewed(insertEventObject(model, { name: 'B', frames: [] }));
    expect(after.nodes.map((node) => [node.name, node.objectId])).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 2],
    ]);
  });

  it('keeps a track written on one line on one line', () => {
    const fragment = parseMdl(FRAGMENT_MDL);
    const after = text(setEventTrack(fragment, fragment.eventObjects[0]!, { frames: [1, 2], globalSequenceId: 3 }));
    expect(after.split('\n')[0]).toBe('EventObject "MRFx0001" { ObjectId 0, EventTrack 2 { GlobalSeqId 3, 1, 2, } }');
    const emptied = text(setEventFrames(fragment, fragment.eventObjects[1]!, []));
    expect(emptied.split('\n')[1]).toBe('EventObject "MRDx0001" { ObjectId 1, EventTrack 0 { } }');
    const keyless = parseMdl('EventObject "E" { ObjectId 0, }');
    expect(text(setEventFrames(keyless, keyless.eventObjects[0]!, [5]))).toBe(
      'EventObject "E" { ObjectId 0, EventTrack 1 { 5, } }',
    );
  });

  it("writes new lines with the file's line ending and indentation", () => {
    const model = parseMdl(
      'EventObject "E" {\r\n    ObjectId 0,\r\n    EventTrack 1 {\r\n        7,\r\n    }\r\n}\r\n',
    );
    expect(text(setEventFrames(model, model.eventObjects[0]!, [7, 8]))).toBe(
      'EventObject "E" {\r\n    ObjectId 0,\r\n    EventTrack 2 {\r\n        7,\r\n        8,\r\n    }\r\n}\r\n',
    );
  });

  it('refuses frames and ids MDL cannot hold', () => {
    expect(() => setEventFrames(fixture, fixture.eventObjects[0]!, [1.5])).toThrow(RangeError);
    expect(() => setEventGlobalSequence(fixture, fixture.eventObjects[0]!, -2)).toThrow(RangeError);
    expect(() => setEventFrames(fixture, parseMdl(FRAGMENT_MDL).eventObjects[0]!, [1])).toThrow(
      /not a node of this model/,
    );
  });
});

describe('node header edits', () => {
  it('adds a Parent line after ObjectId, with the file\'s "// name" comment', () => {
    const after = text(setNodeParent(fixture, fixture.eventObjects[1]!, 0));
    expect(after).toContain('EventObject "MRDx0000" {\n\tObjectId 5,\n\tParent 0,\t// "Root"\n\tEventTrack 2 {');
    expect(parseMdl(after).eventObjects[1]!.parentId).toBe(0);
  });

  it('changes a Parent value and the name in its comment, keeping the comment spacing', () => {
    const event = fixture.eventObjects[0]!;
    const after = text(setNodeParent(fixture, event, 3));
    const region = changedRegion(FIXTURE_MDL, after);
    expect(region.start).toBeGreaterThanOrEqual(event.parentStatement!.start);
    expect(after.slice(event.parentStatement!.start, region.afterEnd + 1)).toBe('Parent 3,\t// "Dust"');
    const attachment = fixture.nodes[2]!;
    expect(text(setNodeParent(fixture, attachment, 0))).toContain('\tParent 0, // "Root"\n\tPath "",');
  });

  it('removes the Parent line (and its comment) for parent -1', () => {
    const after = text(setNodeParent(fixture, fixture.eventObjects[0]!, -1));
    expect(after).toContain('EventObject "MRFx0000" {\n\tObjectId 4,\n\tEventTrack 1 {');
    expect(after.length).toBe(FIXTURE_MDL.length - '\tParent 1,\t// "Cape"\n'.length);
  });

  it('refuses an unknown parent and a node as its own parent', () => {
    expect(() => setNodeParent(fixture, fixture.eventObjects[0]!, 42)).toThrow(/no node has ObjectId 42/);
    expect(() => setNodeParent(fixture, fixture.eventObjects[0]!, 4)).toThrow(/own parent/);
  });

  it('renames a node and the comments that name it as a parent', () => {
    const after = text(renameNode(fixture, fixture.nodes[1]!, 'Cloak'));
    expect(after).toContain('Helper "Cloak" {');
    expect(after).toContain('\tParent 1, // "Cloak"\n');
    expect(after).toContain('\tParent 1,\t// "Cloak"\n\tEventTrack 1 {');
    expect(after.length).toBe(FIXTURE_MDL.length + 3 * ('Cloak'.length - 'Cape'.length));
    expect(() => renameNode(fixture, fixture.nodes[1]!, 'a"b')).toThrow(RangeError);
    expect(() => renameNode(fixture, fixture.nodes[1]!, 'line\nbreak')).toThrow(RangeError);
  });
});

describe('inserting and removing nodes', () => {
  it('inserts an EventObject after the last one, renumbering the nodes that follow', () => {
    expect(newEventObjectId(fixture)).toBe(8);
    const after = viewed(
      insertEventObject(fixture, { name: 'MRFx0005', frames: [72867], parentId: 8, pivot: [1, 2, 3] }),
    );
    expect(codes(after)).toEqual(codes(fixture));
    expect(structure(after)).toEqual({
      objectIds: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      pivots: 10,
      declaredPivots: 10,
      matrices: 10,
      declaredMatrices: 10,
      numEvents: 5,
    });
    const inserted = after.eventObjects[4]!;
    expect([inserted.name, inserted.objectId, inserted.parentId, inserted.frames]).toEqual(['MRFx0005', 8, 9, [72867]]);
    expect(after.nodes[9]!.name).toBe('Collision');
    expect(after.pivotPoints!.points[8]).toEqual([1, 2, 3]);
    expect(after.pivotPoints!.points[9]).toEqual([8, 8, 8]);
    expect(after.text).toContain(
      '\t\t{ 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 2, 3 },\n\t\t{ 1, 0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0 },\n',
    );
    expect(after.text).toContain(
      'EventObject "MRFx0005" {\n\tObjectId 8,\n\tParent 9,\t// "Collision"\n\tEventTrack 1 {\n\t\t72867,\n\t}\n}\n' +
        'CollisionShape',
    );
  });

  it('removing what it inserted gives back the original bytes', () => {
    const inserted = viewed(insertEventObject(fixture, { name: 'MRDx0005', frames: [1, 2], globalSequenceId: 0 }));
    const removed = removeNode(inserted, inserted.eventObjects[4]!);
    expect(text(removed)).toBe(FIXTURE_MDL);
  });

  it('removes a node with its pivot and bind pose matrix, renumbering the nodes after it', () => {
    const after = viewed(removeNode(fixture, fixture.eventObjects[0]!));
    expect(codes(after)).toEqual(codes(fixture));
    expect(structure(after)).toEqual({
      objectIds: [0, 1, 2, 3, 4, 5, 6, 7],
      pivots: 8,
      declaredPivots: 8,
      matrices: 8,
      declaredMatrices: 8,
      numEvents: 3,
    });
    expect(after.pivotPoints!.points.map((point) => point[0])).toEqual([0, 0, 0, 3, 5, 6, 7, 8]);
    expect(after.eventObjects.map((event) => event.name)).toEqual(['MRDx0000', 'SNDxFOOT', 'UBRxNOKEYS']);
    expect(after.text).not.toContain('1, 4, 0, 0 }');
  });

  it("moves a removed node's children to its parent, their comments following", () => {
    const after = viewed(removeNode(fixture, fixture.nodes[1]!));
    expect(codes(after)).toEqual(codes(fixture));
    expect(after.nodes.map((node) => [node.name, node.objectId, node.parentId])).toEqual([
      ['Root', 0, -1],
      ['Origin Ref', 1, 0],
      ['Dust', 2, 0],
      ['MRFx0000', 3, 0],
      ['MRDx0000', 4, -1],
      ['SNDxFOOT', 5, -1],
      ['UBRxNOKEYS', 6, -1],
      ['Collision', 7, -1],
    ]);
    expect(after.text).toContain('\tParent 0, // "Root"\n');
    expect(after.text).not.toContain('NumHelpers');
  });

  it('inserts into an empty file: a PivotPoints block and the EventObject', () => {
    const first = viewed(insertEventObject(parseMdl(''), { name: 'MRFx0000', frames: [] }));
    expect(first.text).toBe(
      'PivotPoints 1 {\n\t{ 0, 0, 0 },\n}\nEventObject "MRFx0000" {\n\tObjectId 0,\n\tEventTrack 0 {\n\t}\n}\n',
    );
    const second = viewed(insertEventObject(first, { name: 'MRDx0000', frames: [3] }));
    expect(structure(second)).toMatchObject({ objectIds: [0, 1], pivots: 2 });
  });

  it('inserts into a fragment without touching pivots it does not have', () => {
    const fragment = parseMdl(FRAGMENT_MDL);
    const after = viewed(insertEventObject(fragment, { name: 'MRFx0002', frames: [49833] }));
    expect(after.text.startsWith(FRAGMENT_MDL)).toBe(true);
    expect(after.eventObjects.map((event) => event.objectId)).toEqual([0, 1, 2]);
    expect(after.pivotPoints).toBeNull();
  });

  it('adds NumEvents only to files that write Num counts', () => {
    const counted = parseMdl(
      'Version { FormatVersion 800, }\nModel "M" {\n\tNumBones 1,\n\tBlendTime 150,\n}\nBone "B" {\n\tObjectId 0,\n' +
        '}\nPivotPoints 1 {\n\t{ 0, 0, 0 },\n}\n',
    );
    expect(insertEventObject(counted, { name: 'E', frames: [] }).text).toContain(
      '\tNumBones 1,\n\tNumEvents 1,\n\tBlendTime 150,',
    );
    const uncounted = parseMdl(
      'Version { FormatVersion 800, }\nModel "M" {\n\tBlendTime 150,\n}\nBone "B" {\n\tObjectId 0,\n}\nPivotPoints ' +
        '1 {\n\t{ 0, 0, 0 },\n}\n',
    );
    expect(insertEventObject(uncounted, { name: 'E', frames: [] }).text).not.toContain('NumEvents');
  });

  it('refuses a name that cannot be quoted and a parent that does not exist', () => {
    expect(() => insertEventObject(fixture, { name: 'a"b', frames: [] })).toThrow(RangeError);
    expect(() => insertEventObject(fixture, { name: 'ok', frames: [], parentId: 99 })).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { readMdlText } from '../mdl/mdl-text';
import { mdlJoined } from '../model/mdl-parts';
import { FIXTURE_MDL } from '../mdl/testing/fixtures';
import { readMdx } from '../model/mdx-file';
import { parsedChunkOf } from '../model/typed-chunks';
import { testModelBytes } from '../model/testing/mdx-bytes';
import type { ModelDocument, ModelEdit, ModelFormat } from './document';
import { applyEdit, EditError, readModel, writeModel } from './index';
import { EVENTS_FIXTURE, twinFiles } from './testing/twins';

const fixture = twinFiles(EVENTS_FIXTURE);
const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
const open = (format: ModelFormat) => readModel(fixture[format], `fixture.${format}`);
const named = (document: ModelDocument, name: string) => document.eventObjects.find((object) => object.name === name)!;
const summary = (document: ModelDocument) =>
  document.eventObjects.map((object) => [
    object.name,
    object.objectId,
    object.parentId,
    object.globalSequenceId,
    [...object.frames],
    object.hasKeyBlock,
  ]);
const nodeIds = (document: ModelDocument) => document.nodes.map((node) => [node.name, node.objectId, node.parentId]);

/** The pivot of `objectId` in the written file, from PIVT or PivotPoints. */
function pivotOf(document: ModelDocument, objectId: number): number[] {
  const bytes = writeModel(document);
  if (document.format === 'mdl')
    return Array.from(mdlJoined(readMdlText(bytes), 'PIVT')!.subarray(objectId * 3, objectId * 3 + 3));
  const points = parsedChunkOf(readMdx(bytes), 'PIVT')!;
  return [...points.subarray(objectId * 3, objectId * 3 + 3)];
}

describe.each(['mdx', 'mdl'] as const)('applyEdit (%s)', (format) => {
  const original = open(format);

  it('sets frames sorted, writes an edited file, and leaves the input document as it was', () => {
    const edited = applyEdit(original, { kind: 'setFrames', objectIndex: 0, frames: [2500, 2050, 2500] });
    expect(edited.eventObjects[0]!.frames).toEqual([2050, 2500, 2500]);
    expect(edited.links[0]!.showFrames).toEqual([2050, 2500, 2500]);
    expect(original.eventObjects[0]!.frames).toEqual([2100]);
    expect(writeModel(original)).toEqual(fixture[format]);
    expect(readModel(writeModel(edited), `edited.${format}`).eventObjects[0]!.frames).toEqual([2050, 2500, 2500]);
  });

  it('changes only the event object it edits: other chunks or text spans stay byte-identical', () => {
    const edited = writeModel(applyEdit(original, { kind: 'setFrames', objectIndex: 1, frames: [2950] }));
    if (format === 'mdx') {
      const before = readMdx(fixture.mdx).chunks;
      const after = readMdx(edited).chunks;
      expect(after.map((chunk) => chunk.tag)).toEqual(before.map((chunk) => chunk.tag));
      after.forEach((chunk, index) => {
        if (chunk.tag !== 'EVTS') expect(chunk.body, chunk.tag).toEqual(before[index]!.body);
      });
    } else {
      expect(decode(edited)).toBe(
        decode(fixture.mdl).replace('EventTrack 1 {\n\t\t2900,', 'EventTrack 1 {\n\t\t2950,'),
      );
    }
  });

  it('adds keys, skipping times that have one, and gives an object without keys a key block', () => {
    const added = applyEdit(original, { kind: 'addKeys', objectIndex: 0, frames: [2100, 2000, 2000] });
    expect(added.eventObjects[0]!.frames).toEqual([2000, 2100]);
    expect(applyEdit(original, { kind: 'addKeys', objectIndex: 0, frames: [2100] })).toBe(original);
    const keyed = named(applyEdit(original, { kind: 'addKeys', objectIndex: 3, frames: [700] }), 'UBRxNOKY');
    expect(keyed).toMatchObject({ hasKeyBlock: true, frames: [700], globalSequenceId: null });
  });

  it('removes keys, leaving an empty key block rather than none', () => {
    const removed = applyEdit(original, {
      kind: 'removeKeys',
      keys: [
        { objectIndex: 2, frameIndex: 0 },
        { objectIndex: 2, frameIndex: 1 },
        { objectIndex: 0, frameIndex: 0 },
      ],
    });
    expect(named(removed, 'SNDxFOOT')).toMatchObject({ frames: [], hasKeyBlock: true, globalSequenceId: 1 });
    expect(named(removed, 'MRFx0001')).toMatchObject({ frames: [], hasKeyBlock: true });
    expect(readModel(writeModel(removed), 'again').eventObjects[2]).toMatchObject({
      frames: [],
      hasKeyBlock: true,
      globalSequenceId: 1,
    });
  });

  it('moves keys keeping frames sorted, keeps two keys moved onto one time, and refuses a move before 0', () => {
    const moved = applyEdit(original, { kind: 'moveKeys', keys: [{ objectIndex: 2, frameIndex: 0 }], deltaMs: 400 });
    expect(named(moved, 'SNDxFOOT').frames).toEqual([400, 500]);
    const stacked = applyEdit(original, { kind: 'moveKeys', keys: [{ objectIndex: 2, frameIndex: 0 }], deltaMs: 300 });
    expect(named(stacked, 'SNDxFOOT').frames).toEqual([400, 400]);
    expect(() =>
      applyEdit(original, { kind: 'moveKeys', keys: [{ objectIndex: 2, frameIndex: 0 }], deltaMs: -101 }),
    ).toThrow(EditError);
    expect(() =>
      applyEdit(original, { kind: 'moveKeys', keys: [{ objectIndex: 2, frameIndex: 5 }], deltaMs: 1 }),
    ).toThrow(/has no key 5/);
    expect(() =>
      applyEdit(original, { kind: 'moveKeys', keys: [{ objectIndex: 2, frameIndex: 0 }], deltaMs: 0.5 }),
    ).toThrow(EditError);
  });

  it('sets and clears a global sequence, creating a key block when there is none', () => {
    const cleared = applyEdit(original, { kind: 'setGlobalSequence', objectIndex: 2, globalSequenceId: null });
    expect(named(cleared, 'SNDxFOOT')).toMatchObject({ globalSequenceId: null, frames: [100, 400] });
    const set = applyEdit(original, { kind: 'setGlobalSequence', objectIndex: 3, globalSequenceId: 0 });
    expect(named(set, 'UBRxNOKY')).toMatchObject({ globalSequenceId: 0, frames: [], hasKeyBlock: true });
    expect(() => applyEdit(original, { kind: 'setGlobalSequence', objectIndex: 0, globalSequenceId: 2 })).toThrow(
      /no global sequence 2/,
    );
  });

  it('sets a parent, or none, and refuses itself and nodes that do not exist', () => {
    expect(named(applyEdit(original, { kind: 'setParent', objectIndex: 0, parentId: 0 }), 'MRFx0001').parentId).toBe(0);
    expect(named(applyEdit(original, { kind: 'setParent', objectIndex: 0, parentId: -1 }), 'MRFx0001').parentId).toBe(
      -1,
    );
    expect(named(applyEdit(original, { kind: 'setParent', objectIndex: 3, parentId: 9 }), 'UBRxNOKY').parentId).toBe(9);
    expect(() => applyEdit(original, { kind: 'setParent', objectIndex: 0, parentId: 3 })).toThrow(/its own parent/);
    expect(() => applyEdit(original, { kind: 'setParent', objectIndex: 0, parentId: 42 })).toThrow(
      /no node has objectId 42/,
    );
  });

  it('renames an event object (its type and link follow) and refuses names either format cannot write', () => {
    const renamed = applyEdit(original, { kind: 'renameEventObject', objectIndex: 2, name: 'MRDx0002' });
    expect(named(renamed, 'MRDx0002')).toMatchObject({ type: 'MRD', id: '0002', frames: [100, 400] });
    expect(renamed.links[1]).toMatchObject({ id: '0002', showIndex: 4, hideIndex: 2 });
    expect(() =>
      applyEdit(original, { kind: 'renameEventObject', objectIndex: 0, name: `MRFx${'9'.repeat(77)}` }),
    ).toThrow(/at most 80/);
    expect(() => applyEdit(original, { kind: 'renameEventObject', objectIndex: 0, name: 'SND"x' })).toThrow(
      /double quote/,
    );
    expect(() => applyEdit(original, { kind: 'renameEventObject', objectIndex: 0, name: 'SNDx\u0100' })).toThrow(
      EditError,
    );
    expect(() => applyEdit(original, { kind: 'renameEventObject', objectIndex: 0, name: '' })).toThrow(/empty/);
    expect(applyEdit(original, { kind: 'renameEventObject', objectIndex: 0, name: 'MRFx0001' })).toBe(original);
  });

  it(
    'appends an event object with the parent and pivot of the first of its kind, renumbering the nodes after ' + 'it',
    () => {
      const added = applyEdit(original, { kind: 'addEventObject', name: 'SNDxHORN', frames: [600, 300] });
      expect(named(added, 'SNDxHORN')).toMatchObject({
        index: 5,
        objectId: 8,
        parentId: 0,
        frames: [300, 600],
        hasKeyBlock: true,
        globalSequenceId: null,
      });
      expect(nodeIds(added).slice(-2)).toEqual([
        ['Ball', 9, 0],
        ['Ball2', 10, 9],
      ]);
      expect(pivotOf(added, 8)).toEqual([0, 0, 0]);
      expect(pivotOf(added, 9)).toEqual([0, 0, 40]);
      const other = applyEdit(original, { kind: 'addEventObject', name: 'Marker', frames: [] });
      expect(named(other, 'Marker')).toMatchObject({ type: 'OTHER', parentId: -1, frames: [], hasKeyBlock: true });
      const removed = applyEdit(other, { kind: 'removeEventObject', objectIndex: 5 });
      expect(writeModel(removed)).toEqual(fixture[format]);
    },
  );

  it('removes an event object, renumbering following nodes and their parents', () => {
    const removed = applyEdit(original, { kind: 'removeEventObject', objectIndex: 0 });
    expect(summary(removed).map((row) => row.slice(0, 3))).toEqual([
      ['MRDx0001', 3, 2],
      ['SNDxFOOT', 4, 0],
      ['UBRxNOKY', 5, -1],
      ['MRFx0002', 6, 2],
    ]);
    expect(nodeIds(removed).slice(-2)).toEqual([
      ['Ball', 7, 0],
      ['Ball2', 8, 7],
    ]);
    expect(removed.links).toMatchObject([
      { id: '0001', showIndex: null, hideIndex: 0 },
      { id: '0002', showIndex: 3 },
    ]);
    expect(pivotOf(removed, 7)).toEqual([0, 0, 40]);
    expect(() => applyEdit(original, { kind: 'removeEventObject', objectIndex: 5 })).toThrow(/no event object 5/);
  });

  it(
    'adds a link as a show and a hide object anchored like the existing links, and removes it again to the same ' +
      'bytes',
    () => {
      const linked = applyEdit(original, { kind: 'addLink', id: '0003', showFrames: [6000], hideFrames: [7000] });
      expect(summary(linked).slice(-2)).toEqual([
        ['MRFx0003', 8, 2, null, [6000], true],
        ['MRDx0003', 9, 2, null, [7000], true],
      ]);
      expect(pivotOf(linked, 8)).toEqual([0, -8, 100]);
      expect(pivotOf(linked, 9)).toEqual([0, -8, 100]);
      expect(nodeIds(linked).slice(-2)).toEqual([
        ['Ball', 10, 0],
        ['Ball2', 11, 10],
      ]);
      expect(linked.links[2]).toMatchObject({
        id: '0003',
        showIndex: 5,
        hideIndex: 6,
        showFrames: [6000],
        hideFrames: [7000],
      });
      expect(writeModel(applyEdit(linked, { kind: 'removeLink', id: '0003' }))).toEqual(fixture[format]);
      expect(() => applyEdit(original, { kind: 'addLink', id: '0001', showFrames: [], hideFrames: [] })).toThrow(
        /already has an MRF link "0001"/,
      );
      expect(() => applyEdit(original, { kind: 'addLink', id: 'cape.mrf', showFrames: [], hideFrames: [] })).toThrow(
        /only letters, digits/,
      );
    },
  );

  it('renames a link (both objects, IDs matched case-insensitively) and refuses a clash', () => {
    const renamed = applyEdit(original, { kind: 'renameLink', id: '0001', newId: 'Arthas' });
    expect(renamed.eventObjects.slice(0, 2).map((object) => object.name)).toEqual(['MRFxArthas', 'MRDxArthas']);
    expect(renamed.links[0]).toMatchObject({
      id: 'Arthas',
      path: 'Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCapeArthas.mrf',
    });
    expect(
      applyEdit(renamed, { kind: 'renameLink', id: 'ARTHAS', newId: '0001' })
        .eventObjects.slice(0, 2)
        .map((object) => object.name),
    ).toEqual(['MRFx0001', 'MRDx0001']);
    expect(() => applyEdit(original, { kind: 'renameLink', id: '0001', newId: '0002' })).toThrow(
      /already has an MRF link "0002"/,
    );
    expect(() => applyEdit(original, { kind: 'renameLink', id: '0009', newId: '0010' })).toThrow(/no MRF link "0009"/);
  });

  it('removes a link with both objects, or the one it has', () => {
    const removed = applyEdit(original, { kind: 'removeLink', id: '0001' });
    expect(removed.eventObjects.map((object) => object.name)).toEqual(['SNDxFOOT', 'UBRxNOKY', 'MRFx0002']);
    expect(nodeIds(removed).slice(-2)).toEqual([
      ['Ball', 6, 0],
      ['Ball2', 7, 6],
    ]);
    expect(applyEdit(removed, { kind: 'removeLink', id: '0002' }).links).toEqual([]);
    expect(() => applyEdit(original, { kind: 'removeLink', id: '0009' })).toThrow(EditError);
  });

  it('applies a batch in order, all or nothing', () => {
    const batch: ModelEdit = {
      kind: 'batch',
      edits: [
        { kind: 'addLink', id: '0003', showFrames: [6000], hideFrames: [7000] },
        { kind: 'moveKeys', keys: [{ objectIndex: 5, frameIndex: 0 }], deltaMs: 500 },
        { kind: 'removeEventObject', objectIndex: 3 },
      ],
    };
    const edited = applyEdit(original, batch);
    expect(edited.eventObjects.map((object) => object.name)).toEqual([
      'MRFx0001',
      'MRDx0001',
      'SNDxFOOT',
      'MRFx0002',
      'MRFx0003',
      'MRDx0003',
    ]);
    expect(named(edited, 'MRFx0003').frames).toEqual([6500]);
    expect(() =>
      applyEdit(original, { kind: 'batch', edits: [batch, { kind: 'removeEventObject', objectIndex: 40 }] }),
    ).toThrow(EditError);
    expect(applyEdit(original, { kind: 'batch', edits: [] })).toBe(original);
  });

  it('refuses frames either format cannot store', () => {
    expect(() => applyEdit(original, { kind: 'setFrames', objectIndex: 0, frames: [-1] })).toThrow(/before 0/);
    expect(() => applyEdit(original, { kind: 'setFrames', objectIndex: 0, frames: [2 ** 31] })).toThrow(
      /largest storable/,
    );
    expect(() => applyEdit(original, { kind: 'addKeys', objectIndex: 0, frames: [1.5] })).toThrow(/whole number/);
    expect(() => applyEdit(original, { kind: 'setFrames', objectIndex: -1, frames: [] })).toThrow(EditError);
  });
});

describe('applyEdit on Reforged models', () => {
  it('adds and removes a link in an MDX 1000 model, a bind pose following each object', () => {
    const bytes = testModelBytes({ version: 1000 });
    const original = readModel(bytes, 'reforged.mdx');
    const linked = applyEdit(original, { kind: 'addLink', id: '0007', showFrames: [100], hideFrames: [900] });
    const bindPoses = (document: ModelDocument) => parsedChunkOf(readMdx(writeModel(document)), 'BPOS')!.length / 12;
    expect(bindPoses(linked)).toBe(bindPoses(original) + 2);
    expect(linked.nodes.map((node) => node.objectId)).toEqual(linked.nodes.map((_, index) => index));
    expect(writeModel(applyEdit(linked, { kind: 'removeLink', id: '0007' }))).toEqual(bytes);
  });

  it('adds and removes a link in an MDL 1000 model, a BindPose matrix following each object', () => {
    const bytes = encode(FIXTURE_MDL);
    const original = readModel(bytes, 'reforged.mdl');
    const linked = applyEdit(original, { kind: 'addLink', id: '0007', showFrames: [100], hideFrames: [900] });
    const matrices = (bytes: Uint8Array) => mdlJoined(readMdlText(bytes), 'BPOS')!.length / 12;
    expect(matrices(writeModel(linked))).toBe(matrices(bytes) + 2);
    expect(linked.readDiagnostics).toEqual([]);
    expect(writeModel(applyEdit(linked, { kind: 'removeLink', id: '0007' }))).toEqual(bytes);
  });

  it('refuses to make a node its own ancestor', () => {
    const looped = readModel(
      encode('Helper "Child" { ObjectId 0, Parent 1, }\nEventObject "SNDxLOOP" { ObjectId 1, EventTrack 1 { 10, } }\n'),
      'loop.mdl',
    );
    expect(() => applyEdit(looped, { kind: 'setParent', objectIndex: 0, parentId: 0 })).toThrow(/loop/);
  });
});

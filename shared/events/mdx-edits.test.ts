import { describe, expect, it } from 'vitest';
import { writeMdx } from '../mdx/container';
import { readMdx, type MdxModel } from '../model/mdx-file';
import { insertObjectId, MdxEditError, removeObjectId } from '../model/mdx-renumber';
import { validateMdx } from '../model/mdx-validate';
import { listNodes } from '../model/testing/mdx-nodes';
import {
  boneBytes,
  collisionShapeBytes,
  concat,
  mdxBytes,
  pivtBody,
  testModelBytes,
  testPivot,
  versBody,
} from '../model/testing/mdx-bytes';
import { parsedChunkOf } from '../model/typed-chunks';
import { insertEventObject, objectIdForNewEventObject, removeEventObject, replaceEventObjects } from './mdx-edits';

function chunkBody(model: MdxModel, tag: string): Uint8Array {
  return model.chunks.find((chunk) => chunk.tag === tag)!.body;
}

function events(model: MdxModel) {
  return parsedChunkOf(model, 'EVTS') ?? [];
}

function nodeTable(model: MdxModel): [string, number, number][] {
  return listNodes(model).map((node) => [node.name, node.objectId, node.parentId]);
}

function pivots(model: MdxModel): number[][] {
  const points = parsedChunkOf(model, 'PIVT')!;
  return Array.from({ length: points.length / 3 }, (_, index) => Array.from(points.subarray(index * 3, index * 3 + 3)));
}

function bindPoseTranslations(model: MdxModel): number[][] {
  const matrices = parsedChunkOf(model, 'BPOS')!;
  return Array.from({ length: matrices.length / 12 }, (_, index) =>
    Array.from(matrices.subarray(index * 12 + 9, index * 12 + 12)),
  );
}

function matrixIndices(model: MdxModel): number[] {
  return parsedChunkOf(model, 'GEOS')!.flatMap((geoset) => Array.from(geoset.matrixIndices));
}

function problems(model: MdxModel): string[] {
  return validateMdx(model)
    .filter((diagnostic) => diagnostic.severity !== 'info')
    .map((diagnostic) => diagnostic.message);
}

describe('inserting and removing event objects', () => {
  it('inserts an event object before the collision shapes: CLID objectIds shift, parentIds and PIVT follow', () => {
    const model = readMdx(testModelBytes());
    const inserted = insertEventObject(
      model,
      2,
      { name: 'MRDx0001', parentId: 1, keys: { globalSequenceId: -1, frames: Int32Array.of(900) } },
      [7, 8, 9],
    );
    expect(nodeTable(inserted)).toEqual([
      ['Root', 0, -1],
      ['Arm', 1, 0],
      ['Lamp', 2, 0],
      ['Helper', 3, 1],
      ['SNDxABCD', 4, 0],
      ['MRFx0001', 5, -1],
      ['MRDx0001', 6, 1],
      ['Box', 7, 0],
      ['Ball', 8, 7],
    ]);
    expect(pivots(inserted)).toEqual([...[0, 1, 2, 3, 4, 5].map(testPivot), [7, 8, 9], ...[6, 7].map(testPivot)]);
    expect(events(inserted)[2]).toMatchObject({
      node: { name: 'MRDx0001', objectId: 6, parentId: 1, flags: 0x400 },
      keys: { frames: Int32Array.of(900) },
    });
    expect(problems(inserted)).toEqual([]);
    // Only what had to change did: the chunks before EVTS are the same bytes.
    const tags = model.chunks.map((chunk) => chunk.tag);
    for (const tag of ['VERS', 'MODL', 'SEQS', 'GLBS', 'GEOS', 'BONE', 'LITE', 'HELP', 'CAMS']) {
      expect(chunkBody(inserted, tag), tag).toBe(chunkBody(model, tag));
    }
    expect(inserted.chunks.map((chunk) => chunk.tag)).toEqual(tags);
  });

  it('removes what it inserted, giving back the original bytes', () => {
    for (const version of [800, 1200]) {
      const bytes = testModelBytes({ version });
      const model = readMdx(bytes);
      for (let index = 0; index <= 2; index += 1) {
        const inserted = insertEventObject(
          model,
          index,
          { name: `SNDxNEW${index}`, keys: { globalSequenceId: 0, frames: Int32Array.of(1, 2) } },
          [1, 1, 1],
        );
        expect(problems(inserted)).toEqual([]);
        expect(writeMdx(removeEventObject(inserted, index))).toEqual(bytes);
      }
    }
  });

  it('renumbers the Reforged bind poses: one matrix per node, then the cameras', () => {
    const model = readMdx(testModelBytes({ version: 1200 }));
    expect(bindPoseTranslations(model)).toEqual([...[0, 1, 2, 3, 4, 5, 6, 7].map(testPivot), [1, 2, 3]]);
    const inserted = insertEventObject(model, 0, { name: 'FPTxNEW' }, [5, 5, 5]);
    expect(bindPoseTranslations(inserted)).toEqual([
      ...[0, 1, 2, 3].map(testPivot),
      [5, 5, 5],
      ...[4, 5, 6, 7].map(testPivot),
      [1, 2, 3],
    ]);
    const removed = removeEventObject(model, 1);
    expect(bindPoseTranslations(removed)).toEqual([...[0, 1, 2, 3, 4, 6, 7].map(testPivot), [1, 2, 3]]);
    expect(nodeTable(removed).slice(-3)).toEqual([
      ['SNDxABCD', 4, 0],
      ['Box', 5, 0],
      ['Ball', 6, 5],
    ]);
    expect(problems(removed)).toEqual([]);
  });

  it('renumbers geoset matrix indices that name a renumbered node', () => {
    const model = readMdx(testModelBytes({ geosetMatrixIndices: [0, 1, 6, 7] }));
    const inserted = insertEventObject(model, 2, { name: 'SPLxNEW' });
    expect(matrixIndices(inserted)).toEqual([0, 1, 7, 8]);
    expect(matrixIndices(removeEventObject(model, 0))).toEqual([0, 1, 5, 6]);
  });

  it('refuses to remove a node a geoset is bound to', () => {
    const model = readMdx(testModelBytes({ geosetMatrixIndices: [0, 4] }));
    expect(() => removeEventObject(model, 0)).toThrow(MdxEditError);
    expect(() => removeEventObject(model, 0)).toThrow(/geoset/);
  });

  it('reparents the children of a removed event object to its parent', () => {
    const model = readMdx(testModelBytes());
    // Make the box a child of the first event object (objectId 4), then remove that object.
    const box = insertObjectId(model, 8);
    expect(() => removeObjectId(box, 4)).toThrow(/still has objectId 4/);
    const removed = removeEventObject(model, 0);
    expect(nodeTable(removed)).toEqual([
      ['Root', 0, -1],
      ['Arm', 1, 0],
      ['Lamp', 2, 0],
      ['Helper', 3, 1],
      ['MRFx0001', 4, -1],
      ['Box', 5, 0],
      ['Ball', 6, 5],
    ]);
  });

  it("shifts a new object's parent given in the numbering before the insert", () => {
    const model = readMdx(testModelBytes());
    const inserted = insertEventObject(model, 0, { name: 'SNDxKID', parentId: 6 });
    expect(events(inserted)[0]).toMatchObject({ node: { objectId: 4, parentId: 7 } });
    expect(nodeTable(inserted).find(([name]) => name === 'Box')).toEqual(['Box', 7, 0]);
    expect(() => insertEventObject(model, 0, { name: 'SNDxORPHAN', parentId: 42 })).toThrow(/no node has/);
    expect(() => insertEventObject(model, 3, { name: 'SNDxFAR' })).toThrow(MdxEditError);
  });

  it('creates the EVTS chunk at its canonical place in a model without one', () => {
    const model = readMdx(testModelBytes({ withoutEvents: true }));
    expect(objectIdForNewEventObject(model, 0)).toBe(4);
    const inserted = insertEventObject(model, 0, {
      name: 'MRFx0000',
      keys: { globalSequenceId: -1, frames: Int32Array.of(19300) },
    });
    expect(inserted.chunks.map((chunk) => chunk.tag)).toEqual([
      'VERS',
      'MODL',
      'SEQS',
      'GLBS',
      'GEOS',
      'BONE',
      'LITE',
      'HELP',
      'PIVT',
      'EVTS',
      'CAMS',
      'CLID',
    ]);
    expect(nodeTable(inserted).slice(-3)).toEqual([
      ['MRFx0000', 4, -1],
      ['Box', 5, 0],
      ['Ball', 6, 5],
    ]);
    expect(problems(inserted)).toEqual([]);
  });

  it('creates PIVT for the first node of a model without nodes', () => {
    const model = readMdx(mdxBytes([['VERS', versBody(800)]]));
    const inserted = insertEventObject(model, 0, { name: 'SNDxONLY' }, [1, 2, 3]);
    expect(inserted.chunks.map((chunk) => chunk.tag)).toEqual(['VERS', 'PIVT', 'EVTS']);
    expect(pivots(inserted)).toEqual([[1, 2, 3]]);
    expect(problems(inserted)).toEqual([]);
  });

  it('adds the first event object to an empty EVTS chunk of a model without nodes or pivots', () => {
    const model = readMdx(
      mdxBytes([
        ['VERS', versBody(800)],
        ['EVTS', concat()],
      ]),
    );
    const inserted = insertEventObject(model, 0, {
      name: 'SNDxFIRST',
      keys: { globalSequenceId: -1, frames: Int32Array.of(0) },
    });
    expect(inserted.chunks.map((chunk) => [chunk.tag, chunk.body.byteLength])).toEqual([
      ['VERS', 4],
      ['PIVT', 12],
      ['EVTS', 96 + 16],
    ]);
    expect(events(inserted).map(({ node }) => [node.name, node.objectId])).toEqual([['SNDxFIRST', 0]]);
  });

  it('keeps an emptied EVTS chunk, with 0 bytes', () => {
    const model = readMdx(
      mdxBytes([
        ['VERS', versBody(800)],
        ['BONE', boneBytes({ name: 'B', objectId: 0 })],
        [
          'PIVT',
          pivtBody([
            [0, 0, 0],
            [1, 1, 1],
          ]),
        ],
        ['EVTS', concat()],
      ]),
    );
    const inserted = insertEventObject(model, 0, { name: 'X' });
    const removed = removeEventObject(inserted, 0);
    expect(removed.chunks.map((chunk) => [chunk.tag, chunk.body.byteLength])).toEqual([
      ['VERS', 4],
      ['BONE', 104],
      ['PIVT', 24],
      ['EVTS', 0],
    ]);
  });

  it('refuses edits through a damaged node chunk and a PIVT without room', () => {
    const damaged = readMdx(
      mdxBytes([
        ['VERS', versBody(800)],
        ['CLID', collisionShapeBytes({ name: 'Odd', objectId: 0 }, 9, [])],
      ]),
    );
    expect(() => insertEventObject(damaged, 0, { name: 'X' })).toThrow(/CLID chunk is damaged/);
    const noRoom = readMdx(
      mdxBytes([
        ['VERS', versBody(800)],
        ['BONE', concat(boneBytes({ name: 'A', objectId: 0 }), boneBytes({ name: 'B', objectId: 1 }))],
        ['PIVT', pivtBody([[0, 0, 0]])],
      ]),
    );
    expect(() => insertEventObject(noRoom, 0, { name: 'X' })).toThrow(/PIVT chunk has 1 points/);
  });

  it('replaces event objects only with the same objectIds and existing parents', () => {
    const model = readMdx(testModelBytes());
    const objects = events(model);
    const second = (node: { objectId?: number; parentId?: number }) => ({
      ...objects[1]!,
      node: { ...objects[1]!.node, ...node },
    });
    expect(replaceEventObjects(model, objects)).toBe(model);
    expect(() => replaceEventObjects(model, [objects[0]!])).toThrow(MdxEditError);
    expect(() => replaceEventObjects(model, [objects[0]!, second({ objectId: 9 })])).toThrow(/must keep objectId 5/);
    expect(() => replaceEventObjects(model, [objects[0]!, second({ parentId: 99 })])).toThrow(/no node has/);
    expect(() => replaceEventObjects(model, [objects[0]!, second({ parentId: 5 })])).toThrow(/own parent/);
    const reparented = replaceEventObjects(model, [objects[0]!, second({ parentId: 3 })]);
    expect(nodeTable(reparented)[5]).toEqual(['MRFx0001', 5, 3]);
    // The untouched object keeps its exact bytes; the model keeps its other chunks as they were.
    expect(chunkBody(reparented, 'EVTS').subarray(0, 116)).toEqual(chunkBody(model, 'EVTS').subarray(0, 116));
    expect(chunkBody(reparented, 'CLID')).toBe(chunkBody(model, 'CLID'));
  });

  it('keeps static values beside tracks in other nodes through event edits', () => {
    const model = readMdx(testModelBytes());
    const objects = events(model);
    const edited = replaceEventObjects(model, [
      { ...objects[0]!, keys: { globalSequenceId: 0, frames: Int32Array.of(150) } },
      objects[1]!,
    ]);
    const inserted = insertEventObject(edited, 2, { name: 'MRDx0001' });
    // The light's static intensity (3) and its KLAI track are untouched.
    expect(chunkBody(inserted, 'LITE')).toBe(chunkBody(model, 'LITE'));
    const lite = chunkBody(model, 'LITE');
    expect(new DataView(lite.buffer, lite.byteOffset).getFloat32(4 + 96 + 24, true)).toBe(3);
    expect(String.fromCharCode(...lite.subarray(4 + 96 + 44, 4 + 96 + 48))).toBe('KLAI');
  });
});

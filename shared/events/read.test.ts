import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { FIXTURE_MDL, FRAGMENT_MDL } from '../mdl/testing/fixtures';
import { eventObjectBytes, mdxBytes, modlBody, testModelBytes, versBody } from '../model/testing/mdx-bytes';
import { applyEdit, modelCodec, readModel, writeModel } from './index';
import { documentView, EVENTS_FIXTURE, twinFiles } from './testing/twins';

const fixture = twinFiles(EVENTS_FIXTURE);
const encode = (text: string) => new TextEncoder().encode(text);

describe('readModel', () => {
  it('decides the format by content, the file name being only a hint', () => {
    expect(readModel(fixture.mdx, 'model.mdx').format).toBe('mdx');
    expect(readModel(fixture.mdl, 'model.mdl').format).toBe('mdl');
    expect(readModel(fixture.mdx, 'misnamed.mdl').format).toBe('mdx');
    expect(readModel(fixture.mdl, 'misnamed.mdx').format).toBe('mdl');
  });

  it('refuses bytes neither codec reads with a CodecError naming the field and offset', () => {
    const binary = Uint8Array.from({ length: 64 }, (_, index) => (index * 37) & 0xff);
    expect(() => readModel(binary, 'model.mdx')).toThrow(CodecError);
    expect(() => readModel(binary, 'model.mdx')).toThrow(/MDX invalid at file \(byte 0\): not an MDX or MDL model/);
    // Binary noise without a NUL in its first kilobyte is still not MDL text.
    const noise = Uint8Array.from({ length: 512 }, (_, index) => 1 + ((index * 151 + 7) % 255));
    expect(() => readModel(noise, 'noise.mdx')).toThrow(/MDX invalid at file \(byte 0\): not an MDX or MDL model/);
    // Text is MDL only when its first word is an MDL block: a text file renamed .mdx is neither.
    const text = new TextEncoder().encode('hello, world\n');
    expect(() => readModel(text, 'notes.mdx')).toThrow(
      /MDX invalid at file \(byte 0\): not an MDX or MDL model: its text starts with "hello"/,
    );
    expect(() => readModel(new Uint8Array(0), 'empty.mdx')).toThrow(
      /MDX truncated at file \(byte 0\): the file is empty/,
    );
    expect(() => readModel(new Uint8Array(0), 'empty.mdl')).toThrow(
      /MDL truncated at file \(character 0\): the file is empty/,
    );
    // Comments before the first block are fine.
    expect(
      readModel(
        new TextEncoder().encode('// made by hand\n/* v1 */ EventObject "SNDxABCD" { ObjectId 0, }\n'),
        'a.mdx',
      ),
    ).toMatchObject({ format: 'mdl' });
    const random = Uint8Array.from({ length: 256 }, (_, index) => (index * 97 + 13) & 0xff);
    const mdlx = new Uint8Array([0x4d, 0x44, 0x4c, 0x58, ...random]);
    expect(() => readModel(mdlx, 'noise.mdx')).toThrow(CodecError);
    expect(() => readModel(fixture.mdx.subarray(0, Math.floor(fixture.mdx.length / 2)), 'half.mdx')).toThrow(
      CodecError,
    );
    expect(() => readModel(fixture.mdl.subarray(0, Math.floor(fixture.mdl.length / 2)), 'half.mdl')).toThrow(
      CodecError,
    );
  });

  it(
    'reads event objects without a key block, keys on a global sequence and node tracks of every interpolation ' +
      '(MDX)',
    () => {
      const document = readModel(fixture.mdx, 'fixture.mdx');
      const byName = new Map(document.eventObjects.map((object) => [object.name, object]));
      expect(byName.get('UBRxNOKY')).toMatchObject({
        type: 'UBR',
        id: 'NOKY',
        hasKeyBlock: false,
        frames: [],
        globalSequenceId: null,
        parentId: -1,
      });
      expect(byName.get('SNDxFOOT')).toMatchObject({
        type: 'SND',
        id: 'FOOT',
        hasKeyBlock: true,
        frames: [100, 400],
        globalSequenceId: 1,
      });
      expect(byName.get('MRFx0001')!.tracks).toEqual([
        { kind: 'translation', interpolation: 'linear', globalSequenceId: 0, frames: [0, 500] },
        { kind: 'rotation', interpolation: 'bezier', globalSequenceId: null, frames: [0] },
        { kind: 'scaling', interpolation: 'none', globalSequenceId: null, frames: [250] },
      ]);
      expect(byName.get('SNDxFOOT')!.tracks).toEqual([
        { kind: 'translation', interpolation: 'hermite', globalSequenceId: null, frames: [0, 200] },
      ]);
      expect(document.globalSequences).toEqual([1000, 500]);
      expect(
        document.sequences.map((sequence) => [
          sequence.name,
          sequence.start,
          sequence.end,
          sequence.nonLooping,
          sequence.rarity,
        ]),
      ).toEqual([
        ['Stand', 0, 1000, false, 0],
        ['Attack', 2000, 3000, true, 2],
        ['Cinematic', 5000, 80000, true, 0],
      ]);
    },
  );

  it('reads the same document from the MDL twin', () => {
    const mdx = documentView(readModel(fixture.mdx, 'fixture.mdx'));
    const mdl = documentView(readModel(fixture.mdl, 'fixture.mdl'));
    expect({ ...mdl, format: 'mdx' }).toEqual(mdx);
  });

  it('derives MRF links by ID, keeping a show object without its hide object', () => {
    const document = readModel(fixture.mdx, 'fixture.mdx');
    expect(document.links).toEqual([
      {
        id: '0001',
        path: 'Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0001.mrf',
        showIndex: 0,
        hideIndex: 1,
        showFrames: [2100],
        hideFrames: [2900],
      },
      {
        id: '0002',
        path: 'Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0002.mrf',
        showIndex: 4,
        hideIndex: null,
        showFrames: [5500],
        hideFrames: [],
      },
    ]);
  });

  it('matches link objects case-insensitively, with any letter as the fourth character', () => {
    const document = readModel(
      encode(
        `EventObject "mrdY00ab" { ObjectId 0, EventTrack 1 { 900, } }\nEventObject "MRFz00AB" { ObjectId 1, ` +
          `EventTrack 1 { 100, } }\n`,
      ),
      'fragment.mdl',
    );
    expect(document.eventObjects.map((object) => [object.type, object.id])).toEqual([
      ['MRD', '00ab'],
      ['MRF', '00AB'],
    ]);
    expect(document.links).toEqual([
      {
        id: '00AB',
        path: 'Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape00AB.mrf',
        showIndex: 1,
        hideIndex: 0,
        showFrames: [100],
        hideFrames: [900],
      },
    ]);
  });

  it('reads a Reforged MDX and an MDL fragment without Version, Model or PivotPoints', () => {
    const reforged = readModel(testModelBytes({ version: 1000 }), 'reforged.mdx');
    expect(reforged.version).toBe(1000);
    expect(reforged.eventObjects.map((object) => [object.name, object.objectId, object.hasKeyBlock])).toEqual([
      ['SNDxABCD', 4, true],
      ['MRFx0001', 5, false],
    ]);
    const fragment = readModel(encode(FRAGMENT_MDL), 'fragment.mdl');
    expect(fragment).toMatchObject({ format: 'mdl', version: 800, name: '', sequences: [] });
    expect(fragment.links).toMatchObject([{ id: '0001', showFrames: [28133], hideFrames: [36067] }]);
    expect(readModel(encode(FIXTURE_MDL), 'fixture.mdl').eventObjects.map((object) => object.name)).toEqual([
      'MRFx0000',
      'MRDx0000',
      'SNDxFOOT',
      'UBRxNOKEYS',
    ]);
  });

  it('reads an event object whose KEVT the game would read as a huge frame as a negative frame', () => {
    const bytes = mdxBytes([
      ['VERS', versBody(800)],
      ['MODL', modlBody({ name: 'Negative' })],
      ['EVTS', eventObjectBytes({ name: 'SNDxNEGA', objectId: 0 }, { frames: [-5, 10] })],
    ]);
    expect(readModel(bytes, 'negative.mdx').eventObjects[0]!.frames).toEqual([-5, 10]);
  });

  it('writes the bytes it read, as a copy', () => {
    const document = readModel(fixture.mdx, 'fixture.mdx');
    const written = writeModel(document);
    expect(written).toEqual(fixture.mdx);
    written[0] = 0;
    expect(writeModel(document)[0]).toBe(0x4d);
  });

  it('lists nodes lazily and the list survives a structured clone, as does editing the clone', () => {
    const document = readModel(fixture.mdx, 'fixture.mdx');
    const clone = structuredClone(document);
    expect(clone.nodes.map((node) => [node.kind, node.name, node.objectId, node.parentId])).toEqual([
      ['bone', 'Root', 0, -1],
      ['bone', 'Arm', 1, 0],
      ['helper', 'Cape', 2, 1],
      ['eventObject', 'MRFx0001', 3, 2],
      ['eventObject', 'MRDx0001', 4, 2],
      ['eventObject', 'SNDxFOOT', 5, 0],
      ['eventObject', 'UBRxNOKY', 6, -1],
      ['eventObject', 'MRFx0002', 7, 2],
      ['collisionShape', 'Ball', 8, 0],
      ['collisionShape', 'Ball2', 9, 8],
    ]);
    for (const files of [fixture.mdx, fixture.mdl]) {
      const cloned = structuredClone(readModel(files, 'cloned'));
      const edited = applyEdit(cloned, { kind: 'setFrames', objectIndex: 0, frames: [2200] });
      expect(readModel(modelCodec.writeModel(edited), 'edited').eventObjects[0]!.frames).toEqual([2200]);
    }
  });

  it('refuses to edit a document it did not read', () => {
    const document = { ...readModel(fixture.mdx, 'fixture.mdx'), source: null };
    expect(() => applyEdit(document, { kind: 'removeLink', id: '0001' })).toThrow(TypeError);
  });
});

import { describe, expect, it } from 'vitest';
import { codecError } from '../testing/codec-error';
import { encodeMdlText } from './text';
import { FIXTURE_MDL, FRAGMENT_MDL } from './testing/fixtures';
import { parseMdl, readMdl, writeMdl } from './model';

const fixture = parseMdl(FIXTURE_MDL);

describe('MDL model reader', () => {
  it('writes back the exact bytes it read', () => {
    const bytes = encodeMdlText(FIXTURE_MDL);
    expect(writeMdl(readMdl(bytes))).toEqual(bytes);
    expect(fixture.text).toBe(FIXTURE_MDL);
  });

  it('reads Version, Model, Sequences, GlobalSequences and Textures', () => {
    expect(fixture.version).toBe(1000);
    expect(fixture.info).toMatchObject({
      name: 'Fixture',
      blendTime: 150,
      minimumExtent: [-1, -2.5, -300],
      maximumExtent: [1, 2.5, 300],
      boundsRadius: 12.5,
      animationFile: null,
      counts: { NumGeosets: 1, NumBones: 1, NumHelpers: 1, NumAttachments: 1, NumParticleEmitters2: 1, NumEvents: 4 },
    });
    expect(fixture.sequences.map(({ statement: _statement, ...sequence }) => sequence)).toEqual([
      {
        name: 'Stand',
        start: 0,
        end: 1000,
        moveSpeed: 0,
        nonLooping: false,
        rarity: 0,
        syncPoint: 0,
        minimumExtent: [-1, -1, -1],
        maximumExtent: [1, 1, 1],
        boundsRadius: null,
      },
      {
        name: 'Cinematic',
        start: 1000,
        end: 80000,
        moveSpeed: 270,
        nonLooping: true,
        rarity: 2,
        syncPoint: 0,
        minimumExtent: null,
        maximumExtent: null,
        boundsRadius: null,
      },
    ]);
    expect(fixture.globalSequences).toEqual([2000, 500]);
    expect(fixture.textures.map(({ statement: _statement, ...texture }) => texture)).toEqual([
      {
        image: 'Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape.blp',
        replaceableId: 0,
        wrapWidth: true,
        wrapHeight: false,
      },
    ]);
    expect(fixture.diagnostics).toEqual([]);
  });

  it('reads the ObjectId and Parent of every node kind, comments after values notwithstanding', () => {
    expect(fixture.nodes.map((node) => [node.kind, node.name, node.objectId, node.parentId])).toEqual([
      ['bone', 'Root', 0, -1],
      ['helper', 'Cape', 1, 0],
      ['attachment', 'Origin Ref', 2, 1],
      ['particleEmitter2', 'Dust', 3, 0],
      ['eventObject', 'MRFx0000', 4, 1],
      ['eventObject', 'MRDx0000', 5, -1],
      ['eventObject', 'SNDxFOOT', 6, -1],
      ['eventObject', 'UBRxNOKEYS', 7, -1],
      ['collisionShape', 'Collision', 8, -1],
    ]);
    expect(fixture.pivotPoints?.points).toHaveLength(9);
    expect(fixture.pivotPoints?.points[1]).toEqual([0, 0, 50]);
    expect(fixture.bindPose?.entries).toHaveLength(9);
  });

  it('reads event frames and GlobalSeqId both inside the EventTrack and after it', () => {
    expect(
      fixture.eventObjects.map((event) => [event.name, event.frames, event.globalSequenceId, event.hasKeyBlock]),
    ).toEqual([
      ['MRFx0000', [19300], null, true],
      ['MRDx0000', [22300, 22400], 0, true],
      ['SNDxFOOT', [500], 1, true],
      ['UBRxNOKEYS', [], null, false],
    ]);
    expect(fixture.eventObjects[1]!.innerGlobalSequence).not.toBeNull();
    expect(fixture.eventObjects[2]!.outerGlobalSequence).not.toBeNull();
  });

  it('summarises Translation, Rotation and Scaling tracks with every interpolation', () => {
    const tracks = fixture.eventObjects[2]!.tracks.map(({ statement: _statement, ...track }) => track);
    expect(tracks).toEqual([
      { kind: 'translation', interpolation: 'linear', globalSequenceId: null, frames: [0, 1000], declaredCount: 2 },
      { kind: 'rotation', interpolation: 'bezier', globalSequenceId: 1, frames: [0], declaredCount: 1 },
      { kind: 'scaling', interpolation: 'none', globalSequenceId: null, frames: [250], declaredCount: 1 },
    ]);
    const hermite = parseMdl(
      'EventObject "E" { ObjectId 0, Rotation 1 { Hermite, 5: { 0, 0, 0, 1 }, InTan { 0, 0, 0, 1 }, OutTan { 0, 0, ' +
        '0, 1 }, } }',
    );
    expect(hermite.eventObjects[0]!.tracks[0]).toMatchObject({ interpolation: 'hermite', frames: [5] });
  });

  it('keeps later-version keywords and unknown blocks as they are', () => {
    const text = `${FIXTURE_MDL}FaceFX "Face" {\n\tPath "x.facefx",\n}\nSomethingNew 3 {\n\tWhatever { 1, 2 },\n}\n`;
    const model = parseMdl(text);
    expect(model.text).toBe(text);
    expect(model.tree.statements.map((statement) => statement.keyword).slice(-3)).toEqual([
      'BindPose',
      'FaceFX',
      'SomethingNew',
    ]);
    const emitter = model.nodes[3]!.statement;
    expect(emitter.children.map((child) => child.keyword)).toEqual(['ObjectId', 'Parent', 'static', 'ShaderTypeId']);
    expect(
      model.tree.statements.find((statement) => statement.keyword === 'Geoset')!.child('SkinWeights')?.hasBlock,
    ).toBe(true);
  });

  it('reads an empty file as an empty model', () => {
    for (const text of ['', '\r\n \t', '// nothing but a comment\n/* and another */']) {
      const model = parseMdl(text);
      expect(model.version).toBeNull();
      expect(model.info).toBeNull();
      expect(model.nodes).toEqual([]);
      expect(model.diagnostics).toEqual([]);
    }
  });

  it('reads fragments without a Version block', () => {
    const model = parseMdl(FRAGMENT_MDL);
    expect(model.version).toBeNull();
    expect(model.eventObjects.map((event) => [event.name, event.objectId, event.frames])).toEqual([
      ['MRFx0001', 0, [28133]],
      ['MRDx0001', 1, [36067]],
    ]);
  });

  it('detects the file style: line ending, indentation, Parent comments', () => {
    expect(fixture.style).toEqual({ newline: '\n', indent: '\t', parentComments: true });
    const spaced = parseMdl('Version {\r\n    FormatVersion 800,\r\n}\r\nModel "M" {\r\n}\r\n');
    expect(spaced.style).toEqual({ newline: '\r\n', indent: '    ', parentComments: false });
    expect(parseMdl('Model "M" {\r  BlendTime 150,\r}\r').style).toEqual({
      newline: '\r',
      indent: '  ',
      parentComments: false,
    });
  });

  it('reports count mismatches, conflicting global sequences and duplicate objectIds as diagnostics', () => {
    const model = parseMdl(
      'Sequences 3 { Anim "A" { Interval { 0, 10 }, } }\n' +
        'EventObject "A" { ObjectId 0, EventTrack 2 { GlobalSeqId 0, 5, } GlobalSeqId 1, }\n' +
        'EventObject "B" { ObjectId 0, Translation 1 { 0: { 0, 0, 0 }, } }\n',
    );
    expect(model.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      'mdl.count-mismatch',
      'mdl.count-mismatch',
      'mdl.global-sequence-conflict',
      'mdl.track-without-interpolation',
      'mdl.duplicate-object-id',
    ]);
    expect(model.diagnostics[1]!.where).toBe('EventObject "A" > EventTrack');
    expect(model.eventObjects[0]!.globalSequenceId).toBe(0);
  });
});

describe('MDL model reader refusals', () => {
  it('refuses a frame that is not an integer, naming the EventTrack', () => {
    const error = codecError(() =>
      parseMdl('EventObject "MRFx0001" {\n\tObjectId 0,\n\tEventTrack 1 {\n\t\t1x0,\n\t}\n}\n'),
    );
    expect(error.kind).toBe('invalid');
    expect(error.where).toBe('EventObject "MRFx0001" > EventTrack');
    expect(error.offset).toBe(56);
    expect(error.detail).toMatch(/expected a number, found "1x0" \(line 4, column 3\)/);
  });

  it('refuses an ObjectId that is not an integer', () => {
    const error = codecError(() => parseMdl('Bone "B" { ObjectId 1.5, }'));
    expect(error.where).toBe('Bone "B" > ObjectId');
    expect(error.detail).toMatch(/expected an integer/);
  });

  it('refuses top-level statements that are not blocks', () => {
    expect(codecError(() => parseMdl('Version { }\nFormatVersion 800,')).kind).toBe('invalid');
    expect(codecError(() => parseMdl('{ 1, 2 }')).detail).toMatch(/expected a block keyword/);
    const cut = codecError(() => parseMdl('Version { FormatVersion 800, }\nGeo'));
    expect(cut.kind).toBe('truncated');
    expect(cut.where).toBe('Geo');
  });

  it('refuses a Version block without a Model block (a text cut after its first block)', () => {
    const error = codecError(() => parseMdl('Version {\n\tFormatVersion 800,\n}\n'));
    expect(error.kind).toBe('truncated');
    expect(error.detail).toMatch(/no Model block/);
  });

  it('refuses a model whose declared blocks are missing at its end', () => {
    const cut = FIXTURE_MDL.slice(0, FIXTURE_MDL.indexOf('Bone "Root"'));
    const error = codecError(() => parseMdl(cut));
    expect(error.kind).toBe('truncated');
    expect(error.where).toBe('Model "Fixture"');
    expect(error.detail).toMatch(/NumBones 1 but the text holds 0 Bone block/);
  });

  it('refuses pivots for nodes that are missing at the end, and nodes without their pivots', () => {
    const afterEvents = FIXTURE_MDL.slice(0, FIXTURE_MDL.indexOf('CollisionShape'));
    expect(codecError(() => parseMdl(afterEvents)).detail).toMatch(/PivotPoints holds 9 pivots .* 8 node block/);
    const uncounted = FIXTURE_MDL.replace('\tNumParticleEmitters2 1,\n', '').replace('\tNumEvents 4,\n', '');
    const beforePivots = uncounted.slice(0, uncounted.indexOf('PivotPoints'));
    expect(codecError(() => parseMdl(beforePivots)).detail).toMatch(/3 node block\(s\) but no PivotPoints block/);
  });

  it('only warns about counts that a cut cannot explain (a stale count in a complete file)', () => {
    const stale = parseMdl(FIXTURE_MDL.replace('NumBones 1,', 'NumBones 2,'));
    expect(stale.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['mdl.count-mismatch']);
    const extra = parseMdl(FIXTURE_MDL.replace('NumHelpers 1,', 'NumHelpers 0,'));
    expect(extra.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'the Model block declares NumHelpers 0 but the text holds 1 Helper block(s)',
    ]);
  });
});

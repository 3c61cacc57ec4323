/**
 * Reading an MDL text with the kinds, block by block: what each block reads into, the text's style, and what a
 * complete text says of itself — counts, ObjectIds, pivots, a Version block alone — as diagnostics, never a refusal.
 * Only text the block tree cannot split is refused. (The same assertions the events module's own MDL reader was
 * held to, now made of the one reader; its refusals of complete texts became diagnostics: item 4 of issue 19.)
 */
import { describe, expect, it } from 'vitest';
import { parseMdlText, readMdlText, writeMdl } from '../mdl/mdl-text';
import { encodeMdlText } from '../mdl/text';
import { FIXTURE_MDL, FRAGMENT_MDL } from '../mdl/testing/fixtures';
import type { MdlText } from '../mdl/types';
import { codecError } from '../testing/codec-error';
import { interpolationName } from '../mdx/tracks';
import { mdlTypedModel } from './mdl-model';
import { mdlEventObjects, mdlJoined, mdlModelBlock, mdlNodes, mdlStyleOf, mdlVersionOf } from './mdl-parts';
import { eventTrackOf, outerGlobalSequenceOf } from './mdl/edit-events';
import { trackFrames } from './track';
import { findParsedChunk } from './typed-model';

const fixture = parseMdlText(FIXTURE_MDL);

/** The codes of a text's diagnostics, in order. */
function codes(text: MdlText): string[] {
  return mdlTypedModel(text).diagnostics.map((diagnostic) => diagnostic.code);
}

describe('an MDL text read by the kinds', () => {
  it('writes back the exact bytes it read', () => {
    const bytes = encodeMdlText(FIXTURE_MDL);
    expect(writeMdl(readMdlText(bytes))).toEqual(bytes);
    expect(fixture.text).toBe(FIXTURE_MDL);
  });

  it('reads Version, Model, Sequences, GlobalSequences and Textures', () => {
    expect(mdlVersionOf(fixture)).toEqual({ version: 1000, hasVersion: true });
    const { info, counts } = mdlModelBlock(fixture)!.value;
    expect(info).toMatchObject({
      name: 'Fixture',
      blendTime: 150,
      extent: { minimum: [-1, -2.5, -300], maximum: [1, 2.5, 300], boundsRadius: 12.5 },
      animationFileName: '',
    });
    expect(Object.fromEntries(counts.map((count) => [count.key, count.declared]))).toEqual({
      NumGeosets: 1,
      NumBones: 1,
      NumHelpers: 1,
      NumAttachments: 1,
      NumParticleEmitters2: 1,
      NumEvents: 4,
    });
    const sequences = mdlJoined(fixture, 'SEQS')!;
    expect(
      sequences.map((sequence) => [
        sequence.name,
        sequence.start,
        sequence.end,
        sequence.moveSpeed,
        sequence.nonLooping,
        sequence.rarity,
        sequence.syncPoint,
        sequence.extent.minimum,
        sequence.extent.maximum,
      ]),
    ).toEqual([
      ['Stand', 0, 1000, 0, false, 0, 0, [-1, -1, -1], [1, 1, 1]],
      ['Cinematic', 1000, 80000, 270, true, 2, 0, [0, 0, 0], [0, 0, 0]],
    ]);
    expect(mdlJoined(fixture, 'GLBS')).toEqual([2000, 500]);
    const textures = findParsedChunk(mdlTypedModel(fixture).model, 'TEXS')!;
    expect(textures.map((texture) => [texture.fileName, texture.replaceableId, texture.flags])).toEqual([
      ['Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape.blp', 0, 1],
    ]);
    // A later-version keyword is kept in the text and named, not read.
    expect(codes(fixture)).toEqual(['mdl.unknown-statement']);
  });

  it('reads the ObjectId and Parent of every node kind, comments after values notwithstanding', () => {
    expect(
      mdlNodes(fixture).map(({ kind, value: { node } }) => [kind, node.name, node.objectId, node.parentId]),
    ).toEqual([
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
    const pivots = mdlJoined(fixture, 'PIVT')!;
    expect(pivots.length / 3).toBe(9);
    expect(Array.from(pivots.subarray(3, 6))).toEqual([0, 0, 50]);
    expect(mdlJoined(fixture, 'BPOS')!.length / 12).toBe(9);
  });

  it('reads event frames and GlobalSeqId both inside the EventTrack and after it', () => {
    const events = mdlEventObjects(fixture);
    expect(
      events.map(({ value: { node, keys } }) => [
        node.name,
        keys === null ? [] : Array.from(keys.frames),
        keys === null || keys.globalSequenceId < 0 ? null : keys.globalSequenceId,
        keys !== null,
      ]),
    ).toEqual([
      ['MRFx0000', [19300], null, true],
      ['MRDx0000', [22300, 22400], 0, true],
      ['SNDxFOOT', [500], 1, true],
      ['UBRxNOKEYS', [], null, false],
    ]);
    expect(eventTrackOf(events[1]!.statement)!.children[0]!.keyword).toBe('GlobalSeqId');
    expect(outerGlobalSequenceOf(events[2]!.statement)).not.toBeNull();
  });

  it('reads Translation, Rotation and Scaling tracks with every interpolation', () => {
    const tracks = mdlEventObjects(fixture)[2]!.value.node.tracks.map((track) => ({
      tag: track.tag,
      interpolation: interpolationName(track.interpolation),
      globalSequenceId: track.globalSequenceId,
      frames: trackFrames(track),
    }));
    expect(tracks).toEqual([
      { tag: 'KGTR', interpolation: 'linear', globalSequenceId: -1, frames: [0, 1000] },
      { tag: 'KGRT', interpolation: 'bezier', globalSequenceId: 1, frames: [0] },
      { tag: 'KGSC', interpolation: 'none', globalSequenceId: -1, frames: [250] },
    ]);
    const hermite = parseMdlText(
      'EventObject "E" { ObjectId 0, Rotation 1 { Hermite, 5: { 0, 0, 0, 1 }, InTan { 0, 0, 0, 1 }, OutTan { 0, 0, ' +
        '0, 1 }, } }',
    );
    const rotation = mdlEventObjects(hermite)[0]!.value.node.tracks[0]!;
    expect([interpolationName(rotation.interpolation), trackFrames(rotation)]).toEqual(['hermite', [5]]);
  });

  it('keeps later-version keywords and unknown blocks as they are, naming what it does not read', () => {
    const text = `${FIXTURE_MDL}FaceFX "Face" {\n\tPath "x.facefx",\n}\nSomethingNew 3 {\n\tWhatever { 1, 2 },\n}\n`;
    const model = parseMdlText(text);
    expect(model.text).toBe(text);
    expect(model.statements.map((statement) => statement.keyword).slice(-3)).toEqual([
      'BindPose',
      'FaceFX',
      'SomethingNew',
    ]);
    const emitter = mdlNodes(model)[3]!.statement;
    expect(emitter.children.map((child) => child.keyword)).toEqual(['ObjectId', 'Parent', 'static', 'ShaderTypeId']);
    expect(model.statements.find((statement) => statement.keyword === 'Geoset')!.child('SkinWeights')?.hasBlock).toBe(
      true,
    );
    expect(codes(model)).toContain('mdl.unknown-block');
  });

  it('reads an empty file as an empty model', () => {
    for (const text of ['', '\r\n \t', '// nothing but a comment\n/* and another */']) {
      const model = parseMdlText(text);
      expect(mdlVersionOf(model).hasVersion).toBe(false);
      expect(mdlModelBlock(model)).toBeNull();
      expect(mdlNodes(model)).toEqual([]);
      expect(mdlTypedModel(model).model.chunks).toEqual([]);
    }
  });

  it('reads fragments without a Version block', () => {
    const model = parseMdlText(FRAGMENT_MDL);
    expect(mdlVersionOf(model).hasVersion).toBe(false);
    expect(
      mdlEventObjects(model).map(({ value: { node, keys } }) => [node.name, node.objectId, Array.from(keys!.frames)]),
    ).toEqual([
      ['MRFx0001', 0, [28133]],
      ['MRDx0001', 1, [36067]],
    ]);
    expect(codes(model)).toEqual(['mdl.no-version', 'mdl.missing-pivot-points']);
  });

  it('detects the file style: line ending, indentation, Parent comments', () => {
    expect(mdlStyleOf(fixture)).toEqual({ newline: '\n', indent: '\t', parentComments: true });
    const spaced = parseMdlText('Version {\r\n    FormatVersion 800,\r\n}\r\nModel "M" {\r\n}\r\n');
    expect(mdlStyleOf(spaced)).toEqual({ newline: '\r\n', indent: '    ', parentComments: false });
    expect(mdlStyleOf(parseMdlText('Model "M" {\r  BlendTime 150,\r}\r'))).toEqual({
      newline: '\r',
      indent: '  ',
      parentComments: false,
    });
  });

  it('reports count mismatches, conflicting global sequences and duplicate objectIds as diagnostics', () => {
    const model = parseMdlText(
      'Sequences 3 { Anim "A" { Interval { 0, 10 }, } }\n' +
        'EventObject "A" { ObjectId 0, EventTrack 2 { GlobalSeqId 0, 5, } GlobalSeqId 1, }\n' +
        'EventObject "B" { ObjectId 0, Translation 1 { 0: { 0, 0, 0 }, } }\n',
    );
    const diagnostics = mdlTypedModel(model).diagnostics;
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      'mdl.no-version',
      'mdl.count-mismatch',
      'mdl.count-mismatch',
      'mdl.global-sequence-conflict',
      'mdl.track-without-interpolation',
      'mdl.object-id',
      'mdl.missing-pivot-points',
    ]);
    expect(diagnostics[2]!.where).toBe('EventObject "A" > EventTrack');
    expect(mdlEventObjects(model)[0]!.value.keys!.globalSequenceId).toBe(0);
  });
});

describe('what an MDL text is', () => {
  it('opens a frame that is not an integer with an error naming the EventTrack, its line and column', () => {
    const model = parseMdlText('EventObject "MRFx0001" {\n\tObjectId 0,\n\tEventTrack 1 {\n\t\t1x0,\n\t}\n}\n');
    const error = mdlTypedModel(model).diagnostics.find((diagnostic) => diagnostic.severity === 'error')!;
    expect(error.where).toBe('EventObject "MRFx0001" > EventTrack');
    expect(error.offset).toBe(56);
    expect(error.message).toMatch(/"1x0" is not a frame \(line 4, column 3\)/);
  });

  it('opens an ObjectId that is not an integer with an error', () => {
    const model = parseMdlText('Bone "B" { ObjectId 1.5, }');
    const error = mdlTypedModel(model).diagnostics.find((diagnostic) => diagnostic.severity === 'error')!;
    expect(error.where).toBe('Bone "B" > ObjectId');
    expect(error.message).toMatch(/expected a 32-bit integer/);
  });

  it('refuses top-level statements that are not blocks', () => {
    expect(codecError(() => parseMdlText('Version { }\nFormatVersion 800,')).kind).toBe('invalid');
    expect(codecError(() => parseMdlText('{ 1, 2 }')).detail).toMatch(/expected a block keyword/);
    const cut = codecError(() => parseMdlText('Version { FormatVersion 800, }\nGeo'));
    expect(cut.kind).toBe('truncated');
    expect(cut.where).toBe('Geo');
  });

  it('opens a Version block and no other with a warning, and a text without a Model block as it is', () => {
    const model = parseMdlText('Version {\n\tFormatVersion 800,\n}\n');
    const { model: typed, diagnostics } = mdlTypedModel(model);
    expect([typed.version, typed.chunks.map((chunk) => chunk.tag)]).toEqual([800, ['VERS']]);
    expect(diagnostics.map(({ severity, code }) => [severity, code])).toEqual([['warning', 'mdl.version-only']]);
    // As an MDX without MODL: nothing is missing from a model without a Model block.
    const noModel = parseMdlText('Version {\n\tFormatVersion 800,\n}\nGlobalSequences 1 {\n\tDuration 100,\n}\n');
    expect(mdlTypedModel(noModel).diagnostics).toEqual([]);
  });

  it('opens a model whose declared blocks are missing at its end, with an error naming the count', () => {
    const cut = FIXTURE_MDL.slice(0, FIXTURE_MDL.indexOf('Bone "Root"'));
    const found = mdlTypedModel(parseMdlText(cut)).diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    expect(found.map((diagnostic) => [diagnostic.code, diagnostic.where])).toEqual([
      ['mdl.count-mismatch', 'Model "Fixture" > NumBones'],
      ['mdl.count-mismatch', 'Model "Fixture" > NumHelpers'],
      ['mdl.count-mismatch', 'Model "Fixture" > NumAttachments'],
      ['mdl.count-mismatch', 'Model "Fixture" > NumParticleEmitters2'],
      ['mdl.count-mismatch', 'Model "Fixture" > NumEvents'],
    ]);
    expect(found[0]!.message).toMatch(/NumBones declares 1 Bone blocks but holds 0/);
  });

  it('opens pivots for nodes that are missing at the end, and nodes without their pivots, with diagnostics', () => {
    const afterEvents = FIXTURE_MDL.slice(0, FIXTURE_MDL.indexOf('CollisionShape'));
    const pivots = mdlTypedModel(parseMdlText(afterEvents)).diagnostics.find((item) => item.code === 'mdl.pivot-count');
    expect(pivots!.message).toMatch(/PivotPoints holds 9 points for 8 nodes/);
    const uncounted = FIXTURE_MDL.replace('\tNumParticleEmitters2 1,\n', '').replace('\tNumEvents 4,\n', '');
    const beforePivots = uncounted.slice(0, uncounted.indexOf('PivotPoints'));
    expect(codes(parseMdlText(beforePivots))).toContain('mdl.missing-pivot-points');
  });

  it('names a stale count in a complete file', () => {
    const stale = parseMdlText(FIXTURE_MDL.replace('NumBones 1,', 'NumBones 2,'));
    expect(codes(stale)).toEqual(['mdl.unknown-statement', 'mdl.count-mismatch']);
    const extra = parseMdlText(FIXTURE_MDL.replace('NumHelpers 1,', 'NumHelpers 0,'));
    expect(mdlTypedModel(extra).diagnostics.at(-1)!.message).toBe(
      'NumHelpers declares 0 Helper blocks but holds 1 (line 8, column 2)',
    );
  });
});

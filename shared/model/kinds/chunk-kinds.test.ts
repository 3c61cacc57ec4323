/**
 * The kinds' MDX codecs on chunk bodies built from the specification (testing/mdx-bytes.ts): each reads its chunk
 * and writes it back exactly, names the bytes after a NUL, refuses what does not add up — and the node kinds' objects
 * are listed across their chunks. (These were the events module's own chunk readers' tests: the kinds are now the
 * one reader, so the same assertions are made of them.)
 */
import { describe, expect, it } from 'vitest';
import { BinaryWriter } from '../../binary/writer';
import { CodecError } from '../../binary/codec-error';
import { newChunk, writeMdx } from '../../mdx/container';
import { MdxCursor } from '../../mdx/cursor';
import type { ChunkCodec } from '../chunk-codec';
import { readMdx } from '../mdx-file';
import { readTypedChunk } from '../mdx-model';
import { modelNodes } from '../model-nodes';
import { kindOfTag, type MdxChunkTag, type MdxChunkTypes } from '../registry';
import {
  attachmentBytes,
  boneBytes,
  bposBody,
  cameraBytes,
  collisionShapeBytes,
  concat,
  eventObjectBytes,
  geosetBytes,
  glbsBody,
  helperBytes,
  inclusiveObjectBytes,
  lightBytes,
  mdxBytes,
  modlBody,
  patternFields,
  pivtBody,
  seqsBody,
  texsBody,
  versBody,
} from '../testing/mdx-bytes';
import { trackFrame, trackValue } from '../track';
import { typedModelOf } from '../typed-chunks';
import { isParsedChunk } from '../typed-model';
import { mdxLayout } from '../versions';
import { readBindPoses, writeBindPoses } from './bind-pose';
import { readGlobalSequences, writeGlobalSequences } from './global-sequence';
import { readModelInfo, writeModelInfo } from './model-info';
import { PARTICLE_EMITTER_FIELD_BYTES } from './particle-emitter';
import { readPivots, writePivots } from './pivot';
import { readSequences, writeSequences } from './sequence';
import { readTextures, writeTextures } from './texture';
import { readVersion, writeVersion } from './version';

/** Reads a chunk body with its kind's codec in the layout of `version`. */
function readAs<Tag extends MdxChunkTag>(tag: Tag, body: Uint8Array, version = 800): MdxChunkTypes[Tag] {
  const codec = kindOfTag(tag)!.mdx as ChunkCodec<MdxChunkTypes[Tag]>;
  return codec.read(new MdxCursor(body, 0, tag), mdxLayout(version));
}

/** Writes a chunk body with its kind's codec in the layout of `version`. */
function writeAs<Tag extends MdxChunkTag>(tag: Tag, value: MdxChunkTypes[Tag], version = 800): Uint8Array {
  const writer = new BinaryWriter();
  (kindOfTag(tag)!.mdx as ChunkCodec<MdxChunkTypes[Tag]>).write(writer, value, mdxLayout(version));
  return writer.finish().slice();
}

describe('the kinds’ chunk codecs', () => {
  it('read VERS and write it back', () => {
    expect(readVersion(versBody(1100))).toBe(1100);
    expect(writeVersion(1100)).toEqual(versBody(1100));
    expect(() => readVersion(new Uint8Array(3), 12)).toThrow(CodecError);
  });

  it('keep the bytes after the NUL of MODL names, also when another field changes', () => {
    const animationFileName = [0x61, 0x2e, 0x6d, 0x64, 0x6c, 0, 0xcd, 0xcd, 0x12]; // "a.mdl", NUL, leftovers
    const body = modlBody({
      name: [0x48, 0x65, 0x72, 0x6f, 0, 0x99],
      animationFileName,
      extent: { radius: 5, minimum: [-1, -2, -3], maximum: [1, 2, 3] },
      blendTime: 150,
    });
    const info = readModelInfo(body);
    expect(info.name).toBe('Hero');
    expect(info.animationFileName).toBe('a.mdl');
    expect(info.extent).toEqual({ boundsRadius: 5, minimum: [-1, -2, -3], maximum: [1, 2, 3] });
    expect(info.blendTime).toBe(150);
    expect(writeModelInfo(info)).toEqual(body);
    const renamed = writeModelInfo({ ...info, name: 'Villain', blendTime: 300 });
    expect(renamed.subarray(80, 340)).toEqual(body.subarray(80, 340));
    expect(readModelInfo(renamed)).toMatchObject({ name: 'Villain', blendTime: 300 });
    expect(renamed.subarray(0, 80)).toEqual(modlBody({ name: 'Villain' }).subarray(0, 80));
  });

  it('read 132-byte sequences with every field and write them back', () => {
    const body = seqsBody([
      {
        name: 'Stand 1',
        start: 100,
        end: 1100,
        moveSpeed: 0,
        flags: 0,
        rarity: 0.5,
        syncPoint: 2,
        extent: { radius: 30 },
      },
      { name: 'Death', start: 2000, end: 4500, moveSpeed: 270, flags: 1, rarity: 0, syncPoint: 0 },
    ]);
    const sequences = readSequences(body);
    expect(
      sequences.map((sequence) => [
        sequence.name,
        sequence.start,
        sequence.end,
        sequence.moveSpeed,
        sequence.nonLooping,
        sequence.rarity,
        sequence.syncPoint,
        sequence.extent.boundsRadius,
      ]),
    ).toEqual([
      ['Stand 1', 100, 1100, 0, false, 0.5, 2, 30],
      ['Death', 2000, 4500, 270, true, 0, 0, 0],
    ]);
    expect(writeSequences(sequences)).toEqual(body);
    let error: unknown;
    try {
      readSequences(body.subarray(0, 200), 40);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CodecError);
    expect(error).toMatchObject({ kind: 'invalid', where: 'SEQS chunk', offset: 40 });
  });

  it('read GLBS, TEXS and PIVT and write them back', () => {
    expect(readGlobalSequences(glbsBody([1000, 33]))).toEqual([1000, 33]);
    expect(writeGlobalSequences([1000, 33])).toEqual(glbsBody([1000, 33]));
    const textures = texsBody([
      { replaceableId: 1, fileName: '' },
      { fileName: [0x61, 0x2e, 0x62, 0x6c, 0x70, 0, 0xee], flags: 3 },
    ]);
    const read = readTextures(textures);
    expect(read.map((texture) => [texture.replaceableId, texture.fileName, texture.flags])).toEqual([
      [1, '', 0],
      [0, 'a.blp', 3],
    ]);
    expect(writeTextures(read)).toEqual(textures);
    const pivots = pivtBody([
      [1, 2, 3],
      [-4, 5.5, 6],
    ]);
    expect(Array.from(readPivots(pivots))).toEqual([1, 2, 3, -4, 5.5, 6]);
    expect(writePivots(readPivots(pivots))).toEqual(pivots);
  });

  it('read cameras in order with their tracks, and write them back in any order', () => {
    const tracks = [
      {
        tag: 'KCTR',
        interpolation: 1,
        keys: [
          { frame: 0, value: [0, 0, 0] },
          { frame: 100, value: [1, 1, 1] },
        ],
      },
    ];
    const body = concat(
      cameraBytes({
        name: 'Portrait',
        position: [1, 2, 3],
        fieldOfView: 0.5,
        far: 1000,
        near: 4,
        target: [7, 8, 9],
        tracks,
      }),
      cameraBytes({ name: 'Second' }),
    );
    const cameras = readAs('CAMS', body);
    expect(cameras.map((camera) => camera.name)).toEqual(['Portrait', 'Second']);
    expect(cameras[0]).toMatchObject({
      position: [1, 2, 3],
      fieldOfView: 0.5,
      farClippingPlane: 1000,
      nearClippingPlane: 4,
      targetPosition: [7, 8, 9],
    });
    const track = cameras[0]!.tracks[0]!;
    expect([track.tag, track.keyCount, trackFrame(track, 1), trackValue(track, 1, 2)]).toEqual(['KCTR', 2, 100, 1]);
    expect(writeAs('CAMS', cameras)).toEqual(body);
    expect(writeAs('CAMS', [{ ...cameras[0]! }, cameras[1]!])).toEqual(body);
    expect(writeAs('CAMS', [cameras[1]!, cameras[0]!])).toEqual(concat(body.subarray(168), body.subarray(0, 168)));
  });

  it('read and write BPOS matrices and refuse a count that does not fit', () => {
    const body = bposBody([[1, 0, 0, 0, 1, 0, 0, 0, 1, 5, 6, 7]]);
    expect(Array.from(readBindPoses(body))).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1, 5, 6, 7]);
    expect(writeBindPoses(readBindPoses(body))).toEqual(body);
    const lying = body.slice();
    new DataView(lying.buffer).setUint32(0, 0x10000000, true);
    expect(() => readBindPoses(lying)).toThrow(/do not fit/);
  });

  it('read geosets of classic and Reforged layouts to their matrix indices, and only in their own layout', () => {
    for (const [version, tangentsAndSkin] of [
      [800, false],
      [1000, true],
      [1200, false],
    ] as const) {
      const lod = version !== 800;
      const body = concat(
        geosetBytes({ vertexCount: 6, matrixIndices: [0, 4, 9], lod, tangentsAndSkin }),
        geosetBytes({ vertexCount: 3, matrixIndices: [2], lod }),
      );
      const geosets = readAs('GEOS', body, version);
      expect(geosets.map((geoset) => Array.from(geoset.matrixIndices))).toEqual([[0, 4, 9], [2]]);
      expect(writeAs('GEOS', geosets, version)).toEqual(body);
      // Read with the wrong version's layout, the same bytes do not add up.
      const diagnostics: { code: string }[] = [];
      const wrong = readTypedChunk(newChunk('GEOS', body), version === 800 ? 1000 : 800, diagnostics as never);
      expect(isParsedChunk(wrong)).toBe(false);
      expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['model.unread-chunk']);
    }
  });
});

describe('the node kinds', () => {
  it('read every node chunk by its own size rule and list the nodes across them', () => {
    // A particle emitter's own fields: four floats, the 260-byte spawn model path, two floats.
    const emitterFields = patternFields(PARTICLE_EMITTER_FIELD_BYTES);
    const bytes = mdxBytes([
      ['VERS', versBody(1000)],
      [
        'BONE',
        concat(
          boneBytes({
            name: 'Bone',
            objectId: 0,
            tracks: [{ tag: 'KGRT', interpolation: 1, keys: [{ frame: 0, value: [0, 0, 0, 1] }] }],
          }),
          boneBytes({ name: 'Bone2', objectId: 1, parentId: 0 }),
        ),
      ],
      [
        'LITE',
        lightBytes({ name: 'Light', objectId: 2, parentId: 1 }, { intensity: 1 }, [
          { tag: 'KLAV', interpolation: 0, keys: [{ frame: 0, value: [1] }] },
        ]),
      ],
      [
        'HELP',
        concat(
          helperBytes({ name: 'Helper', objectId: 3 }),
          helperBytes({
            name: 'Helper2',
            objectId: 4,
            tracks: [{ tag: 'KGTR', interpolation: 2, keys: [{ frame: 1, value: [1, 2, 3] }] }],
          }),
        ),
      ],
      ['ATCH', attachmentBytes({ name: 'Origin Ref', objectId: 5 }, '', 0)],
      ['PREM', inclusiveObjectBytes({ name: 'Emitter', objectId: 6, flags: 0x1000 }, emitterFields)],
      ['PRE2', inclusiveObjectBytes({ name: 'Emitter2', objectId: 7, flags: 0x1000 }, patternFields(175))],
      ['CORN', inclusiveObjectBytes({ name: 'Popcorn', objectId: 8 }, patternFields(556))],
      ['RIBB', inclusiveObjectBytes({ name: 'Ribbon', objectId: 9, flags: 0x4000 }, patternFields(56))],
      [
        'EVTS',
        concat(
          eventObjectBytes({ name: 'SNDxA', objectId: 10 }, null),
          eventObjectBytes({ name: 'SNDxB', objectId: 11 }, { frames: [1] }),
        ),
      ],
      [
        'CLID',
        concat(
          collisionShapeBytes({ name: 'Box', objectId: 12 }, 0, [
            [0, 0, 0],
            [1, 1, 1],
          ]),
          collisionShapeBytes({ name: 'Plane', objectId: 13 }, 1, [
            [0, 0, 0],
            [1, 1, 0],
          ]),
          collisionShapeBytes({ name: 'Sphere', objectId: 14 }, 2, [[0, 0, 0]], 3),
          collisionShapeBytes(
            { name: 'Cylinder', objectId: 15 },
            3,
            [
              [0, 0, 0],
              [0, 0, 4],
            ],
            2,
          ),
        ),
      ],
    ]);
    const model = readMdx(bytes);
    const typed = typedModelOf(model);
    const nodes = modelNodes(typed).map(({ kind, object: { node } }) => [
      kind,
      node.name,
      node.objectId,
      node.parentId,
    ]);
    expect(nodes).toEqual([
      ['bone', 'Bone', 0, -1],
      ['bone', 'Bone2', 1, 0],
      ['light', 'Light', 2, 1],
      ['helper', 'Helper', 3, -1],
      ['helper', 'Helper2', 4, -1],
      ['attachment', 'Origin Ref', 5, -1],
      ['particleEmitter', 'Emitter', 6, -1],
      ['particleEmitter2', 'Emitter2', 7, -1],
      ['particleEmitterPopcorn', 'Popcorn', 8, -1],
      ['ribbonEmitter', 'Ribbon', 9, -1],
      ['eventObject', 'SNDxA', 10, -1],
      ['eventObject', 'SNDxB', 11, -1],
      ['collisionShape', 'Box', 12, -1],
      ['collisionShape', 'Plane', 13, -1],
      ['collisionShape', 'Sphere', 14, -1],
      ['collisionShape', 'Cylinder', 15, -1],
    ]);
    const shapes = readAs('CLID', model.chunks.at(-1)!.body, 1000);
    expect(shapes.map((shape) => writeAs('CLID', [shape], 1000).byteLength)).toEqual([
      96 + 28,
      96 + 28,
      96 + 20,
      96 + 32,
    ]);
    expect(writeMdx(model)).toEqual(bytes);
  });

  it('keep a node chunk that does not add up as bytes, reporting where, and read the chunks after it', () => {
    const bones = concat(
      boneBytes({ name: 'Ok', objectId: 0 }),
      boneBytes({ name: 'Cut', objectId: 1 }).subarray(0, 90),
    );
    const model = readMdx(
      mdxBytes([
        ['VERS', versBody(800)],
        ['BONE', bones],
        ['HELP', helperBytes({ name: 'After', objectId: 2 })],
      ]),
    );
    const typed = typedModelOf(model);
    expect(isParsedChunk(typed.chunks[1]!)).toBe(false);
    expect(typed.diagnostics).toMatchObject([
      { severity: 'error', code: 'model.unread-chunk', where: 'BONE[1].node.inclusiveSize', offset: 4 + 12 + 8 + 104 },
    ]);
    expect(modelNodes(typed).map((entry) => entry.object.node.name)).toEqual(['After']);
  });

  it('refuse a collision shape of an unknown type as damage', () => {
    const shape = collisionShapeBytes({ name: 'Odd', objectId: 0 }, 7, [[0, 0, 0]]);
    const typed = typedModelOf(readMdx(mdxBytes([['CLID', shape]])));
    expect(typed.diagnostics.find((diagnostic) => diagnostic.severity === 'error')?.message).toContain(
      'collision shape type 7',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { CodecError } from '../../binary/codec-error';
import { readMdx, writeMdx } from '../container';
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
} from '../testing/fixtures';
import { listNodes, walkNodeChunk } from '../node-objects';
import { readBindPoses, writeBindPoses } from './bpos';
import { readCameras, writeCameras } from './cams';
import { walkGeosets } from './geos';
import { readGlobalSequences, writeGlobalSequences } from './glbs';
import { readModelInfo, writeModelInfo } from './modl';
import { readPivots, writePivots } from './pivt';
import { readSequences, writeSequences } from './seqs';
import { readTextures, writeTextures } from './texs';
import { readVersion, writeVersion } from './vers';

describe('MDX chunk readers and writers', () => {
  it('reads VERS and writes it back', () => {
    expect(readVersion(versBody(1100))).toBe(1100);
    expect(writeVersion(1100)).toEqual(versBody(1100));
    expect(() => readVersion(new Uint8Array(3), 12)).toThrow(CodecError);
  });

  it('keeps the bytes after the NUL of MODL names, also when another field changes', () => {
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

  it('reads 132-byte sequences with every field and writes them back', () => {
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
    const error = (() => {
      try {
        readSequences(body.subarray(0, 200), 40);
      } catch (caught) {
        return caught as CodecError;
      }
      throw new Error('expected an error');
    })();
    expect(error).toMatchObject({ kind: 'invalid', where: 'SEQS chunk', offset: 40 });
  });

  it('reads GLBS, TEXS and PIVT and writes them back', () => {
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

  it('reads cameras in order with their tracks kept as bytes, and writes them back', () => {
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
    const cameras = readCameras(body);
    expect(cameras.map((camera) => camera.name)).toEqual(['Portrait', 'Second']);
    expect(cameras[0]).toMatchObject({
      position: [1, 2, 3],
      fieldOfView: 0.5,
      farClippingPlane: 1000,
      nearClippingPlane: 4,
      targetPosition: [7, 8, 9],
    });
    expect(cameras[0]!.trackBytes.byteLength).toBe(16 + 2 * 16);
    expect(writeCameras(cameras)).toEqual(body);
    expect(writeCameras([{ ...cameras[0]! }, cameras[1]!])).toEqual(body);
    expect(writeCameras([cameras[1]!, cameras[0]!])).toEqual(concat(body.subarray(168), body.subarray(0, 168)));
  });

  it('reads and writes BPOS matrices and refuses a count that does not fit', () => {
    const body = bposBody([[1, 0, 0, 0, 1, 0, 0, 0, 1, 5, 6, 7]]);
    expect(Array.from(readBindPoses(body))).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1, 5, 6, 7]);
    expect(writeBindPoses(readBindPoses(body))).toEqual(body);
    const lying = body.slice();
    new DataView(lying.buffer).setUint32(0, 0x10000000, true);
    expect(() => readBindPoses(lying)).toThrow(/do not fit/);
  });

  it('walks geosets of classic and Reforged layouts to their matrix indices', () => {
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
      const read = walkGeosets(body, version);
      expect(read.damage).toBeUndefined();
      const view = new DataView(body.buffer);
      const indices = read.geosets.map((geoset) =>
        Array.from({ length: geoset.matrixIndexCount }, (_, index) =>
          view.getUint32(geoset.matrixIndicesOffset + index * 4, true),
        ),
      );
      expect(indices).toEqual([[0, 4, 9], [2]]);
      // Read with the wrong version's layout, the same bytes do not add up.
      expect(walkGeosets(body, version === 800 ? 1000 : 800).damage?.code).toBe('mdx.damaged-chunk');
    }
  });
});

describe('MDX node chunks', () => {
  it('walks every node chunk with its own size rule and lists the nodes', () => {
    const emitterFields = patternFields(24);
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
    const nodes = listNodes(model);
    expect(nodes.map((node) => [node.kind, node.name, node.objectId, node.parentId])).toEqual([
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
    const clid = walkNodeChunk(model.chunks.at(-1)!, model.chunks.length - 1);
    expect(clid.objects.map((object) => object.byteLength)).toEqual([96 + 28, 96 + 28, 96 + 20, 96 + 32]);
    expect(writeMdx(model)).toEqual(bytes);
  });

  it('reports a node chunk that does not add up, with the objects before the damage', () => {
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
    const walked = walkNodeChunk(model.chunks[1]!, 1);
    expect(walked.objects.map((object) => object.node.name)).toEqual(['Ok']);
    expect(walked.damage).toMatchObject({
      severity: 'error',
      code: 'mdx.damaged-chunk',
      where: 'BONE[1].node',
      offset: 4 + 12 + 8 + 104,
    });
    expect(listNodes(model).map((node) => node.name)).toEqual(['Ok', 'After']);
  });

  it('refuses a collision shape of an unknown type as damage', () => {
    const shape = collisionShapeBytes({ name: 'Odd', objectId: 0 }, 7, [[0, 0, 0]]);
    const model = readMdx(mdxBytes([['CLID', shape]]));
    expect(walkNodeChunk(model.chunks[0]!, 0).damage?.message).toContain('collision shape type 7');
  });
});

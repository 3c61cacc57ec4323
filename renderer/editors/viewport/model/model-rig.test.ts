import { describe, expect, it } from 'vitest';
import type { Geoset } from '../../../../shared/model/kinds/geoset';
import type { TypedMdxChunk, TypedMdxModel } from '../../../../shared/model/mdx-model';
import { findParsedChunk, readMdxModel } from '../../../../shared/model/mdx-model';
import { boneModel, constantTrack } from '../../../../shared/model/sampling/testing/node-models';
import { createTrack, INTERPOLATION } from '../../../../shared/model/track';
import { corpusModels, describeCorpus, modelCorpus } from '../../../../tests/testing/corpus';
import { ModelAnimator, trackVaries } from './model-animator';
import { createModelRig } from './model-rig';

const empty = new Uint8Array(0);
const extent = {
  boundsRadius: 0,
  minimum: [0, 0, 0] as [number, number, number],
  maximum: [0, 0, 0] as [number, number, number],
};

function geoset(overrides: Partial<Geoset>): Geoset {
  return {
    vertices: new Float32Array(6 * 3),
    normals: new Float32Array(6 * 3),
    faceTypeGroups: Uint32Array.of(4),
    faceGroups: Uint32Array.of(3),
    faces: Uint16Array.of(0, 1, 2),
    vertexGroups: new Uint8Array(6),
    matrixGroups: new Uint32Array(0),
    matrixIndices: new Uint32Array(0),
    materialId: 0,
    selectionGroup: 0,
    selectionFlags: 0,
    lod: 0,
    lodName: '',
    extent,
    sequenceExtents: [],
    tangents: null,
    skin: null,
    textureCoordinateSets: [new Float32Array(12)],
    unparsedBytes: empty,
    ...overrides,
  } as Geoset;
}

/** Six bones (objectIds 0–5) moved along x by their index, and geosets. */
function model(geosets: Geoset[], extra: TypedMdxChunk[] = []): TypedMdxModel {
  const bones = boneModel(
    Array.from({ length: 6 }, (_, index) => ({ tracks: [constantTrack('KGTR', [index * 10, 0, 0])] })),
  );
  return {
    version: 800,
    diagnostics: [],
    chunks: [...bones.chunks, { tag: 'GEOS', parsed: geosets, trailing: empty }, ...extra] as TypedMdxChunk[],
  };
}

describe('createModelRig: skinning', () => {
  it('gives each vertex its matrix group’s nodes with equal weights, and a slot per group larger than four', () => {
    const rig = createModelRig(
      model([
        geoset({
          // Groups: {5}, {1, 2}, {0, 1, 2, 3, 4}, {9 (no such node)}; vertices in groups 0, 1, 2, 3, 7 (none), 1.
          vertexGroups: Uint8Array.of(0, 1, 2, 3, 7, 1),
          matrixGroups: Uint32Array.of(1, 2, 5, 1),
          matrixIndices: Uint32Array.of(5, 1, 2, 0, 1, 2, 3, 4, 9),
        }),
      ]),
    );
    const [mesh] = rig.geosets;
    expect(rig.paletteSize).toBe(1 + 6 + 1);
    expect([...mesh!.boneSlots]).toEqual([7, 0, 0, 0, 3, 4, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 4, 0, 0]);
    expect([...mesh!.boneWeights]).toEqual([
      1, 0, 0, 0, 0.5, 0.5, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0.5, 0.5, 0, 0,
    ]);
    const animator = new ModelAnimator(rig);
    animator.update(0, 0, 1000, 0, null);
    // Slot 1 averages bones 0–4 (x + 20); nodes follow from slot 2, so slot 7 is bone 5 (x + 50).
    expect(rig.nodeSlotBase).toBe(2);
    expect(animator.palette[7 * 16 + 12]).toBe(50);
    expect(animator.palette[1 * 16 + 12]).toBe(20);
    expect(animator.palette[12]).toBe(0);
    expect(animator.palette[15]).toBe(1);
  });

  it('uses skin weights where the geoset has them', () => {
    const skin = new Uint8Array(6 * 8);
    skin.set([0, 1, 0, 0, 128, 127, 0, 0], 0);
    skin.set([2, 0, 0, 0, 0, 0, 0, 0], 8);
    const rig = createModelRig(model([geoset({ skin, matrixIndices: Uint32Array.of(3, 4, 99) })]));
    const [mesh] = rig.geosets;
    expect([...mesh!.boneSlots.subarray(0, 8)]).toEqual([4, 5, 4, 4, 0, 4, 4, 4]);
    expect(mesh!.boneWeights[0]).toBeCloseTo(128 / 255, 6);
    expect(mesh!.boneWeights[1]).toBeCloseTo(127 / 255, 6);
    // No weight at all: the identity.
    expect([...mesh!.boneWeights.subarray(4, 8)]).toEqual([1, 0, 0, 0]);
  });

  it('turns strips and fans into triangles and drops indices past the vertices', () => {
    const rig = createModelRig(
      model([
        geoset({
          faceTypeGroups: Uint32Array.of(5, 6, 4),
          faceGroups: Uint32Array.of(4, 4, 3),
          faces: Uint16Array.of(0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 9),
        }),
      ]),
    );
    expect([...rig.geosets[0]!.triangles]).toEqual([0, 1, 2, 2, 1, 3, 0, 1, 2, 0, 2, 3]);
    expect(rig.triangleCount).toBe(4);
    expect(rig.vertexCount).toBe(6);
  });
});

describe('ModelAnimator', () => {
  it('samples geoset colours, layer alpha, texture ids and texture transforms', () => {
    const layer = {
      filterMode: 2,
      shadingFlags: 0,
      textureId: 0,
      textureAnimationId: 0,
      coordId: 0,
      alpha: 1,
      emissiveGain: 1,
      fresnelColor: [1, 1, 1] as const,
      fresnelOpacity: 0,
      fresnelTeamColor: 0,
      shaderTypeId: 0,
      textures: [],
      tracks: [
        createTrack('KMTA', INTERPOLATION.linear, -1, [
          { frame: 0, value: [0] },
          { frame: 100, value: [1] },
        ]),
        createTrack('KMTF', INTERPOLATION.none, -1, [{ frame: 50, value: [1] }]),
      ],
      unparsedBytes: empty,
    };
    const rig = createModelRig(
      model([geoset({})], [
        {
          tag: 'MTLS',
          parsed: [{ priorityPlane: 0, flags: 0, shader: '', layers: [layer], unparsedBytes: empty }],
          trailing: empty,
        },
        {
          tag: 'TXAN',
          parsed: [
            {
              tracks: [createTrack('KTAT', INTERPOLATION.none, -1, [{ frame: 0, value: [0.5, 0, 0] }])],
              unparsedBytes: empty,
            },
          ],
          trailing: empty,
        },
        {
          tag: 'GEOA',
          parsed: [{ alpha: 0.25, flags: 2, color: [1, 0.5, 0], geosetId: 0, tracks: [], unparsedBytes: empty }],
          trailing: empty,
        },
      ] as TypedMdxChunk[]),
    );
    const animator = new ModelAnimator(rig);
    animator.update(75, 0, 100, 75, null);
    expect([...animator.geosetColors]).toEqual([1, 0.5, 0, 0.25]);
    expect(animator.layerAlphas[0]).toBeCloseTo(0.75, 6);
    expect(animator.layerTextures[0]).toBe(1);
    expect(animator.textureTransforms[6]).toBeCloseTo(0.5, 6);
    animator.update(25, 0, 100, 25, null);
    expect(animator.layerTextures[0]).toBe(0);
  });
});

const files = corpusModels('MDX').map((entry) => entry.file);

describeCorpus(modelCorpus, 'The preview rig over the corpus', () => {
  it('prepares and animates every corpus MDX with finite matrices and in-range triangles', () => {
    let vertices = 0;
    for (const file of files) {
      const rig = createModelRig(readMdxModel(modelCorpus.bytes(file)));
      const animator = new ModelAnimator(rig);
      const sequences = rig.model.chunks.find((chunk) => chunk.tag === 'SEQS');
      const sequence =
        sequences && 'parsed' in sequences ? (sequences.parsed as { start: number; end: number }[])[0] : undefined;
      const middle = sequence ? (sequence.start + sequence.end) / 2 : 0;
      animator.update(middle, sequence?.start ?? Number.NaN, sequence?.end ?? Number.NaN, middle, null);
      expect(animator.palette.every(Number.isFinite), file).toBe(true);
      for (const mesh of rig.geosets) {
        expect(
          mesh.triangles.every((index) => index < mesh.vertexCount),
          file,
        ).toBe(true);
        expect(
          mesh.boneSlots.every((slot) => slot < rig.paletteSize),
          file,
        ).toBe(true);
      }
      vertices += rig.vertexCount;
    }
    expect(files.length).toBe(78);
    expect(vertices).toBeGreaterThan(80_000);
  });
});

describe('ModelAnimator: nodes that do not vary in a sequence', () => {
  it('tells a track that holds one value in the sequence from one that moves', () => {
    const held = createTrack('KGTR', INTERPOLATION.linear, -1, [
      { frame: 0, value: [1, 2, 3] },
      { frame: 500, value: [1, 2, 3] },
      { frame: 2000, value: [9, 9, 9] },
    ]);
    expect(trackVaries(held, 0, 1000, [0, 0, 0])).toBe(false);
    expect(trackVaries(held, 0, 3000, [0, 0, 0])).toBe(true);
    // The first key after the start: the default holds before it.
    expect(trackVaries(held, -100, 1000, [0, 0, 0])).toBe(true);
    expect(trackVaries(held, 1000, 1500, [0, 0, 0])).toBe(false);
    const global = createTrack('KGTR', INTERPOLATION.linear, 0, [{ frame: 0, value: [1, 2, 3] }]);
    expect(trackVaries(global, 0, 1000, [0, 0, 0])).toBe(true);
  });

  it('gives every corpus MDX the same palette as sampling every node each frame', () => {
    if (!modelCorpus.present) return;
    for (const file of files) {
      const model = readMdxModel(modelCorpus.bytes(file));
      const rig = createModelRig(model);
      const skipping = new ModelAnimator(rig);
      const sequences = findParsedChunk(model, 'SEQS') ?? [];
      for (const sequence of sequences.slice(0, 3)) {
        for (let step = 0; step <= 4; step += 1) {
          const time = sequence.start + ((sequence.end - sequence.start) * step) / 4;
          skipping.update(time, sequence.start, sequence.end, time, null);
          // A fresh animator samples every node (its first update in a sequence).
          const full = new ModelAnimator(createModelRig(model));
          full.update(time, sequence.start, sequence.end, time, null);
          expect(skipping.palette, `${file} ${sequence.name} ${time}`).toEqual(full.palette);
        }
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { GeosetAnimation } from '../kinds/geoset-animation';
import type { Layer } from '../kinds/material';
import { createTrack, INTERPOLATION } from '../track';
import {
  createGeosetLook,
  layerTexture,
  sampleGeosetAnimation,
  sampleLayerAlpha,
  sampleLayerTextureId,
  sampleTextureAnimation,
} from './appearance';
import { createSampleTime, setSampleTime } from './sample-time';

const empty = new Uint8Array(0);
const time = setSampleTime(createSampleTime(), 50, 0, 100);

function geosetAnimation(flags: number, tracks: GeosetAnimation['tracks'] = []): GeosetAnimation {
  return { alpha: 0.5, flags, color: [0.1, 0.2, 0.3], geosetId: 0, tracks, unparsedBytes: empty };
}

function layer(overrides: Partial<Layer> = {}): Layer {
  return {
    filterMode: 2,
    shadingFlags: 0,
    textureId: 3,
    textureAnimationId: -1,
    coordId: 0,
    alpha: 0.75,
    emissiveGain: 1,
    fresnelColor: [1, 1, 1],
    fresnelOpacity: 0,
    fresnelTeamColor: 0,
    shaderTypeId: 0,
    textures: [],
    tracks: [],
    unparsedBytes: empty,
    ...overrides,
  };
}

describe('geoset animations', () => {
  it('gives the static alpha, and white unless the colour flag or a colour track says otherwise', () => {
    const look = sampleGeosetAnimation(geosetAnimation(0), time, createGeosetLook());
    expect(look.alpha).toBe(0.5);
    expect([...look.color]).toEqual([1, 1, 1]);
    sampleGeosetAnimation(geosetAnimation(0x2), time, look);
    expect([...look.color].map((value) => Math.fround(value))).toEqual([0.1, 0.2, 0.3].map(Math.fround));
    sampleGeosetAnimation(null, time, look);
    expect(look.alpha).toBe(1);
  });

  it('samples KGAO, and KGAC as blue, green, red', () => {
    const animated = geosetAnimation(0, [
      createTrack('KGAO', INTERPOLATION.linear, -1, [
        { frame: 0, value: [0] },
        { frame: 100, value: [1] },
      ]),
      createTrack('KGAC', INTERPOLATION.none, -1, [{ frame: 0, value: [0.75, 0.5, 0.25] }]),
    ]);
    const look = sampleGeosetAnimation(animated, time, createGeosetLook());
    expect(look.alpha).toBeCloseTo(0.5, 6);
    expect([...look.color]).toEqual([0.25, 0.5, 0.75]);
  });
});

describe('layers', () => {
  it('samples alpha and texture id, with the static values as defaults', () => {
    expect(sampleLayerAlpha(layer(), time)).toBe(0.75);
    expect(sampleLayerTextureId(layer(), time)).toBe(3);
    const animated = layer({
      tracks: [
        createTrack('KMTA', INTERPOLATION.linear, -1, [
          { frame: 0, value: [1] },
          { frame: 100, value: [0] },
        ]),
        createTrack('KMTF', INTERPOLATION.none, -1, [
          { frame: 0, value: [4] },
          { frame: 40, value: [5] },
        ]),
      ],
    });
    expect(sampleLayerAlpha(animated, time)).toBeCloseTo(0.5, 6);
    expect(sampleLayerTextureId(animated, time)).toBe(5);
  });

  it('draws a 1100+ layer’s first texture slot with its own track', () => {
    const reforged = layer({
      textures: [
        {
          textureId: 7,
          slot: 0,
          textureIdTrack: createTrack('KMTF', INTERPOLATION.none, -1, [{ frame: 10, value: [8] }]),
        },
        { textureId: 9, slot: 1, textureIdTrack: null },
      ],
    });
    expect(layerTexture(reforged).textureId).toBe(7);
    expect(sampleLayerTextureId(reforged, time)).toBe(8);
    expect(sampleLayerTextureId(reforged, setSampleTime(createSampleTime(), 5, 0, 100))).toBe(7);
  });
});

describe('texture animations', () => {
  function apply(matrix: Float32Array, u: number, v: number): number[] {
    return [matrix[0]! * u + matrix[3]! * v + matrix[6]!, matrix[1]! * u + matrix[4]! * v + matrix[7]!];
  }
  const half = Math.SQRT1_2;
  const cases: [string, number[], number[], number[]][] = [
    ['KTAT', [0.25, -0.5, 0], [0.1, 0.2], [0.35, -0.3]],
    // A quarter turn about the centre: (1, 0.5) is ½ right of it, and goes ½ above.
    ['KTAR', [0, 0, half, half], [1, 0.5], [0.5, 1]],
    ['KTAS', [2, 3, 1], [0.75, 0.25], [1, -0.25]],
  ];
  for (const [tag, value, from, to] of cases) {
    it(`applies ${tag}`, () => {
      const matrix = new Float32Array(9);
      const animation = {
        tracks: [createTrack(tag, INTERPOLATION.none, -1, [{ frame: 0, value }])],
        unparsedBytes: empty,
      };
      expect(sampleTextureAnimation(animation, time, matrix)).toBe(true);
      apply(matrix, from[0]!, from[1]!).forEach((coordinate, axis) => expect(coordinate).toBeCloseTo(to[axis]!, 6));
    });
  }

  it('is the identity without an animation', () => {
    const matrix = new Float32Array(9);
    expect(sampleTextureAnimation(null, time, matrix)).toBe(false);
    expect([...matrix]).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });
});

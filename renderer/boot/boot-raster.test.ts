import { describe, expect, it } from 'vitest';
import type { ModelAnimator } from '../editors/viewport/model/model-animator';
import { FILTER_MODE, SHADING_FLAG } from '../editors/viewport/model/model-layers';
import type { ModelRig } from '../editors/viewport/model/model-rig';
import { type BootFrameScene, rasterBootFrame } from './boot-raster';

const SIZE = 8;
const BACKGROUND = 0x3d;

/** A triangle in clip space (x, y, z with w = 1: the view-projection is the identity). */
type Triangle = readonly [number, number, number, number, number, number, number, number, number];

interface Part {
  triangle: Triangle;
  /** The geoset's colour (red, green, blue, alpha). */
  color: readonly [number, number, number, number];
  filterMode?: number;
  shadingFlags?: number;
}

/**
 * A rig of one geoset per part (each one triangle, one unshaded layer: the checker's texel at (0, 0) times its
 * colour), its animator sampled with every vertex on the identity matrix, seen through the identity.
 */
function scene(parts: readonly Part[]): BootFrameScene {
  const geosets = parts.map(({ triangle }) => ({
    geoset: {
      vertices: Float32Array.from(triangle),
      normals: Float32Array.of(0, 0, 1, 0, 0, 1, 0, 0, 1),
      textureCoordinateSets: [new Float32Array(6)],
    },
    vertexCount: 3,
    triangles: Uint16Array.of(0, 1, 2),
    boneSlots: new Uint16Array(12),
    boneWeights: Float32Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0),
  }));
  const layers = parts.map((part, geoset) => {
    const layer = {
      filterMode: part.filterMode ?? FILTER_MODE.none,
      shadingFlags: part.shadingFlags ?? SHADING_FLAG.unshaded,
    };
    return { geoset, material: { layers: [layer] }, layerIndex: 0, layer, priorityPlane: 0, textureAnimation: null };
  });
  const rig = { geometry: { geosets }, layers, textures: [] } as unknown as ModelRig;
  const animator = {
    palette: Float32Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1),
    geosetColors: Float32Array.from(parts.flatMap((part) => part.color)),
    layerAlphas: new Float32Array(parts.length).fill(1),
    layerTextures: new Int32Array(parts.length),
    textureTransforms: Float32Array.from(parts.flatMap(() => [1, 0, 0, 0, 1, 0, 0, 0, 1])),
  } as unknown as ModelAnimator;
  const identity = Float32Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
  return { rig, animator, shading: 'textured', showGeosets: true, viewProjection: identity };
}

/** Red, green, blue, alpha of pixel (x, y) from the top left. */
function pixel(pixels: Uint8ClampedArray, x: number, y: number): number[] {
  const at = (y * SIZE + x) * 4;
  return [...pixels.subarray(at, at + 4)];
}

/** An sRGB byte as the shader reads it from an sRGB texture (a linear value, as a byte). */
function linear(byte: number): number {
  const value = byte / 255;
  return Math.round((value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4) * 255);
}

/** The checker's texel at texture coordinates (0, 0) (checker-pixels.ts: a light one, 210, 60, 210) as drawn. */
const LIGHT = [linear(210), linear(60), linear(210)] as const;

// Counter-clockwise on screen (a front face): covers the lower left half of the frame.
const FRONT: Triangle = [-1, -1, 0, 1, -1, 0, -1, 1, 0];
const BACK: Triangle = [-1, -1, 0, -1, 1, 0, 1, -1, 0];

describe('the boot frame drawn on the CPU', () => {
  it('draws a front face and culls a back face unless the layer is two-sided', () => {
    const front = rasterBootFrame(scene([{ triangle: FRONT, color: [1, 1, 1, 1] }]), SIZE, SIZE);
    expect(pixel(front, 1, 6)).toEqual([...LIGHT, 255]);
    expect(pixel(front, 6, 1)).toEqual([BACKGROUND, BACKGROUND, BACKGROUND, 255]);
    const back = rasterBootFrame(scene([{ triangle: BACK, color: [1, 1, 1, 1] }]), SIZE, SIZE);
    expect(pixel(back, 1, 6)).toEqual([BACKGROUND, BACKGROUND, BACKGROUND, 255]);
    const twoSided = SHADING_FLAG.unshaded | SHADING_FLAG.twoSided;
    const both = rasterBootFrame(scene([{ triangle: BACK, color: [1, 1, 1, 1], shadingFlags: twoSided }]), SIZE, SIZE);
    expect(pixel(both, 1, 6)).toEqual([...LIGHT, 255]);
  });

  it('keeps the nearer of two overlapping faces, whichever is drawn first', () => {
    const full = (z: number): Triangle => [-1, -1, z, 3, -1, z, -1, 3, z];
    const near = { triangle: full(-0.5), color: [1, 0, 0, 1] } as const;
    const far = { triangle: full(0.5), color: [0, 1, 0, 1] } as const;
    for (const parts of [
      [near, far],
      [far, near],
    ]) {
      const pixels = rasterBootFrame(scene(parts), SIZE, SIZE);
      expect(pixel(pixels, 4, 4)).toEqual([LIGHT[0], 0, 0, 255]);
    }
  });

  it('shows the face drawn later where two faces coincide, as a 24-bit depth buffer does', () => {
    // The same sloped face twice, its corners in another order the second time (a two-sided sheet modelled as two
    // faces): unrounded depths differ in their last bits and the faces would interleave.
    const twoSided = SHADING_FLAG.unshaded | SHADING_FLAG.twoSided;
    const first = { triangle: [-1, -1, 0.1, 1, -1, 0.37, -1, 1, -0.52] as Triangle, color: [1, 0, 0, 1] as const };
    const second = {
      triangle: [1, -1, 0.37, -1, 1, -0.52, -1, -1, 0.1] as Triangle,
      color: [0, 1, 0, 1] as const,
      shadingFlags: twoSided,
    };
    const size = 64;
    const pixels = rasterBootFrame(scene([first, second]), size, size);
    let covered = 0;
    let red = 0;
    // The first face's pixels are the checker's red channel alone, the second's its green alone.
    for (let at = 0; at < pixels.length; at += 4) {
      if (pixels[at] !== BACKGROUND || pixels[at + 1] !== BACKGROUND) covered += 1;
      if (pixels[at]! > 0 && pixels[at + 1] === 0) red += 1;
    }
    expect(covered).toBeGreaterThan(size * size * 0.3);
    expect(red).toBe(0);
  });

  it('averages the four samples of a pixel an edge runs through', () => {
    // A vertical edge at x = 4.5 pixels: the samples at 0.375 and 0.125 across are covered, those at 0.875 and 0.625
    // are not, so pixel 4 is half the checker and half the background.
    const edge = (4.5 / SIZE) * 2 - 1;
    const pixels = rasterBootFrame(
      scene([{ triangle: [-1, -1, 0, edge, -1, 0, edge, 3, 0], color: [1, 1, 1, 1] }]),
      SIZE,
      SIZE,
    );
    expect(pixel(pixels, 3, 4)[0]).toBe(LIGHT[0]);
    expect(pixel(pixels, 4, 4)[0]).toBe((2 * LIGHT[0] + 2 * BACKGROUND + 2) >> 2);
    expect(pixel(pixels, 5, 4)[0]).toBe(BACKGROUND);
  });

  it('blends a blended layer over what is drawn, keeping the frame opaque', () => {
    const pixels = rasterBootFrame(
      scene([{ triangle: [-1, -1, 0, 3, -1, 0, -1, 3, 0], color: [1, 1, 1, 0.5], filterMode: FILTER_MODE.blend }]),
      SIZE,
      SIZE,
    );
    const expected = Math.round(LIGHT[0] * 0.5 + BACKGROUND * 0.5);
    const [red, , , alpha] = pixel(pixels, 4, 4);
    expect(Math.abs(red! - expected)).toBeLessThanOrEqual(1);
    expect(alpha).toBe(255);
  });

  it('draws the part of a face in front of the near plane, without a corner behind the camera spoiling it', () => {
    // One corner behind the near plane (z < -w): the face is clipped, the rest drawn as it lies.
    const pixels = rasterBootFrame(
      scene([{ triangle: [-1, -1, 0, 1, -1, 0, -1, 1, -3], color: [1, 1, 1, 1] }]),
      SIZE,
      SIZE,
    );
    expect(pixel(pixels, 0, 7)).toEqual([...LIGHT, 255]);
    for (let index = 0; index < pixels.length; index += 1) expect(Number.isNaN(pixels[index])).toBe(false);
    expect(pixel(pixels, 7, 0)).toEqual([BACKGROUND, BACKGROUND, BACKGROUND, 255]);
  });
});

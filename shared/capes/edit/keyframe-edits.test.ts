import { describe, expect, it } from 'vitest';
import { type MrfFile, createMrf, readMrf, writeMrf } from '../../mrf';
import { gridMrf } from '../../mrf/testing/fixtures';
import { CapeEditError, recomputeCapeNormals, retimeCape, reverseCape, trimCape } from './index';

/** Vertex 0's x in each keyframe (the grid puts the keyframe index there). */
const firstXs = (keyframes: Float32Array[]) => keyframes.map((keyframe) => keyframe[0]);

/** One vertex, two keyframes: x 0 → 10, normal +X → +Y. */
function turningVertex(frameInterval: number) {
  return createMrf({
    texturePath: 'Textures\\T',
    faces: new Uint16Array(0),
    uvs: new Float32Array(2),
    keyframes: [Float32Array.of(0, 0, 0, 1, 0, 0), Float32Array.of(10, 0, 0, 0, 1, 0)],
    header: { frameInterval },
  });
}

describe('retime', () => {
  it('resamples to a finer grid, sharing the keyframes that fall on the old ones', () => {
    const grid = gridMrf({ keyframeCount: 4, frameInterval: 0.1 }); // 0.3 s
    const retimed = retimeCape(grid, 20);
    expect(retimed.header.frameInterval).toBe(Math.fround(0.05));
    expect(firstXs(retimed.keyframes)).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3]);
    // y = 2 × keyframe: halfway between keyframes 0 and 1 is 1.
    expect(retimed.keyframes[1]![1]).toBe(1);
    expect(retimed.keyframes[2]).toBe(grid.keyframes[1]);
    expect(grid.keyframes).toHaveLength(4); // untouched
  });

  it('keeps the duration: 120 keyframes at 30 fps stay 120 at 30 fps (the same file) and become 239 at 60', () => {
    const cape = readMrf(writeMrf(gridMrf({ keyframeCount: 120, frameInterval: 1 / 30 })));
    const duration = (file: MrfFile) => (file.keyframes.length - 1) * Math.fround(file.header.frameInterval);
    expect(retimeCape(cape, 30)).toBe(cape);
    const sixty = readMrf(writeMrf(retimeCape(cape, 60)));
    expect(sixty.keyframes).toHaveLength(239);
    expect(sixty.header.frameInterval).toBe(Math.fround(1 / 60));
    expect(duration(sixty)).toBeCloseTo(duration(cape), 6);
    expect(firstXs(sixty.keyframes).slice(0, 3)).toEqual([0, 0.5, 1]);
    expect(sixty.keyframes[238]![0]).toBe(119);
    const back = retimeCape(sixty, 30);
    expect(back.keyframes).toHaveLength(120);
    expect(back.keyframes.every((keyframe, index) => keyframe === sixty.keyframes[index * 2])).toBe(true);
  });

  it('keeps the duration when it is no whole number of new intervals: the interval fits it instead', () => {
    const retimed = retimeCape(gridMrf({ keyframeCount: 4, frameInterval: 0.1 }), 4);
    // 0.3 s at 4 fps is 1.2 intervals: one interval of 0.3 s (3.33 fps), the end kept.
    expect(firstXs(retimed.keyframes)).toEqual([0, 3]);
    expect(retimed.header.keyframeCount).toBe(2);
    expect(retimed.header.frameInterval).toBe(Math.fround(0.3));
    const back = readMrf(writeMrf(retimed));
    expect(back.keyframes.map((keyframe) => keyframe[0])).toEqual([0, 3]);
    // One keyframe: no duration to keep, the interval is 1 / fps.
    const single = retimeCape(readMrf(writeMrf(gridMrf({ keyframeCount: 1, frameInterval: 0.1 }))), 20);
    expect([single.keyframes.length, single.header.frameInterval]).toEqual([1, Math.fround(0.05)]);
  });

  it('blends normals and makes them unit again', () => {
    const retimed = retimeCape(turningVertex(1), 2);
    expect(retimed.keyframes).toHaveLength(3);
    const middle = retimed.keyframes[1]!;
    expect(middle[0]).toBe(5);
    expect(middle[3]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(middle[4]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(middle[5]).toBe(0);
  });

  it('refuses a cape without a positive interval, a bad fps and a result past the byte cap', () => {
    expect(() => retimeCape(turningVertex(0), 30)).toThrow(/set a positive frame interval/);
    expect(() => retimeCape(turningVertex(-1), 30)).toThrow(CapeEditError);
    expect(() => retimeCape(turningVertex(1), 0)).toThrow(/fps must be positive/);
    expect(() => retimeCape(turningVertex(1000), 1e6)).toThrow(/choose a lower fps/);
  });
});

describe('trim and reverse', () => {
  it('keeps an inclusive keyframe range, the same arrays, and writes the same faces, UVs and texture', () => {
    const grid = readMrf(writeMrf(gridMrf({ keyframeCount: 5 })));
    const trimmed = trimCape(grid, 1, 3);
    expect(firstXs(trimmed.keyframes)).toEqual([1, 2, 3]);
    expect(trimmed.keyframes[0]).toBe(grid.keyframes[1]);
    expect(trimmed.layout).toBeUndefined();
    const back = readMrf(writeMrf(trimmed));
    expect(back.header.keyframeCount).toBe(3);
    expect(back.faces).toEqual(grid.faces);
    expect(back.uvs).toEqual(grid.uvs);
    expect(back.textureBytes).toEqual(grid.textureBytes);
    expect(back.headerBytes.subarray(16)).toEqual(grid.headerBytes.subarray(16));
    expect(trimCape(grid, 0, 4)).toBe(grid);
  });

  it('refuses a range outside the keyframes', () => {
    const grid = gridMrf({ keyframeCount: 5 });
    expect(() => trimCape(grid, 3, 2)).toThrow(/not within the keyframes 0–4/);
    expect(() => trimCape(grid, 0, 5)).toThrow(CapeEditError);
    expect(() => trimCape(grid, -1, 2)).toThrow(CapeEditError);
    expect(() => trimCape(grid, 0.5, 2)).toThrow(CapeEditError);
  });

  it('reverses the keyframes, and a second reverse gives the same bytes back', () => {
    const bytes = writeMrf(gridMrf({ keyframeCount: 4 }));
    const grid = readMrf(bytes);
    const reversed = reverseCape(grid);
    expect(firstXs(reversed.keyframes)).toEqual([3, 2, 1, 0]);
    expect(writeMrf(reverseCape(reversed))).toEqual(bytes);
  });

  it('moves a keyframe’s kept padding with it', () => {
    const grid = gridMrf({ keyframeCount: 3 });
    const padding = Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8);
    const padded = { ...grid, padding: new Map([['keyframes[0]', padding]]) };
    expect(reverseCape(padded).padding?.get('keyframes[2]')).toBe(padding);
    expect(trimCape(padded, 1, 2).padding).toBeUndefined();
  });
});

describe('recompute normals', () => {
  it('gives a counter-clockwise triangle in the XY plane the normal +Z, positions unchanged', () => {
    const keyframe = Float32Array.of(0, 0, 0, 9, 9, 9, 2, 0, 0, 9, 9, 9, 0, 3, 0, 9, 9, 9, 5, 5, 5, 1, 0, 0);
    const cape = createMrf({
      texturePath: 'Textures\\T',
      faces: Uint16Array.of(0, 1, 2),
      uvs: new Float32Array(8),
      keyframes: [keyframe],
      header: { frameInterval: 0.1 },
    });
    const fixed = recomputeCapeNormals(cape).keyframes[0]!;
    expect(Array.from(fixed.subarray(0, 18))).toEqual([0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 1, 0, 3, 0, 0, 0, 1]);
    // Vertex 3 is in no face: its normal is zero, its position kept.
    expect(Array.from(fixed.subarray(18))).toEqual([5, 5, 5, 0, 0, 0]);
    expect(keyframe[3]).toBe(9); // the source is untouched
  });
});

import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { mrfPivotAndRadius } from '../mrf/bounds';
import { readMrf } from '../mrf/read';
import { writeMrf } from '../mrf/write';
import { bakeCape, bakeTimes, type BakeSource } from './bake';

/** One triangle that slides along +X by `speed` units per second, its normal leaning (0, 0, 2) un-normalised. */
function slidingTriangle(speed = 1): BakeSource & { calls: number[] } {
  const calls: number[] = [];
  return {
    calls,
    vertexCount: 3,
    faces: new Uint16Array([0, 1, 2]),
    uvs: new Float32Array([0, 0, 1, 0, 0, 1]),
    texturePath: 'Textures\\Cape.blp',
    sample(time, positions, normals) {
      calls.push(time);
      positions.set([time * speed, 0, 0, 1 + time * speed, 0, 0, time * speed, 1, 0]);
      normals.set([0, 0, 2, 0, 0, 2, 0, 0, 2]);
    },
  };
}

describe('bakeTimes', () => {
  it('puts keyframes at start + k / fps and the end on the grid', () => {
    const times = bakeTimes(0, 1, 1 / 30);
    expect(times).toHaveLength(31);
    expect(times[15]).toBeCloseTo(0.5, 12);
    expect(times[30]).toBe(1);
  });

  it('gives an end off the grid its own keyframe at the exact end', () => {
    expect(Array.from(bakeTimes(0.5, 0.55, 1 / 30))).toEqual([0.5, 0.5 + 1 / 30, 0.55]);
  });

  it('counts an end a float32 rounding away from the grid as on it', () => {
    const interval = Math.fround(1 / 30);
    const end = Math.fround(99 * interval);
    const times = bakeTimes(0, end, interval);
    expect(times).toHaveLength(100);
    expect(times[99]).toBe(end);
  });

  it('bakes a single keyframe for an empty range and refuses a reversed or endless one', () => {
    expect(Array.from(bakeTimes(2, 2, 0.1))).toEqual([2]);
    expect(() => bakeTimes(2, 1, 0.1)).toThrow(/ends \(1 s\) before it starts \(2 s\)/);
    expect(() => bakeTimes(0, Infinity, 0.1)).toThrow(CodecError);
    expect(() => bakeTimes(0, 1, 0)).toThrow(/positive/);
    expect(() => bakeTimes(0, 1e6, 1 / 30)).toThrow(/lower the rate/);
  });
});

describe('bakeCape', () => {
  it('samples the source at each keyframe time into interleaved positions and unit normals', () => {
    const source = slidingTriangle(2);
    const file = bakeCape(source, { startSeconds: 0, endSeconds: 0.25, fps: 10 });
    expect(source.calls).toEqual([0, 0.1, 0.2, 0.25]);
    expect(file.keyframes).toHaveLength(4);
    expect(file.header.frameInterval).toBe(0.1);
    const last = Array.from(file.keyframes[3]!);
    expect(last).toEqual([0.5, 0, 0, 0, 0, 1, 1.5, 0, 0, 0, 0, 1, 0.5, 1, 0, 0, 0, 1]);
    expect(file.texturePath).toBe('Textures\\Cape');
    expect(Array.from(file.faces)).toEqual([0, 1, 2]);
    // The pivot is the centre of all positions' bounds (x 0…1.5, y 0…1), the radius reaches the farthest.
    expect(file.header.pivot).toEqual([0.75, 0.5, 0]);
    expect(file.header.boundsRadius).toBeCloseTo(Math.hypot(0.75, 0.5), 12);
    // The result is a canonical file that reads back the same.
    const again = readMrf(writeMrf(file));
    expect(Array.from(again.keyframes[2]!)).toEqual(Array.from(file.keyframes[2]!.map((value) => Math.fround(value))));
  });

  it('keeps the header fields and unused bytes it is given, and an exact interval', () => {
    const unused = new Uint8Array(20).map((_, index) => index + 1);
    const file = bakeCape(slidingTriangle(), {
      startSeconds: 0,
      endSeconds: 0,
      frameInterval: Math.fround(1 / 30),
      header: { initialTime: -0.5, debugFlag: 3, pivot: [1, 2, 3], boundsRadius: 9 },
      unusedHeaderBytes: unused,
    });
    const bytes = writeMrf(file);
    const read = readMrf(bytes);
    expect(read.header.frameInterval).toBe(Math.fround(1 / 30));
    expect(read.header).toMatchObject({ initialTime: -0.5, debugFlag: 3, pivot: [1, 2, 3], boundsRadius: 9 });
    expect(Array.from(bytes.subarray(44, 64))).toEqual(Array.from(unused));
  });

  it('refuses meshes an MRF cannot hold, saying what to change', () => {
    const big: BakeSource = { ...slidingTriangle(), vertexCount: 65_537, uvs: new Float32Array(2 * 65_537) };
    expect(() => bakeCape(big, { startSeconds: 0, endSeconds: 1 })).toThrow(/65537 vertices.*at most 65536/);
    const pastEnd: BakeSource = { ...slidingTriangle(), faces: new Uint16Array([0, 1, 3]) };
    expect(() => bakeCape(pastEnd, { startSeconds: 0, endSeconds: 1 })).toThrow(/faces\[2\].*vertex 3/);
    expect(() => bakeCape(slidingTriangle(), { startSeconds: 0, endSeconds: 1, fps: -5 })).toThrow(/positive/);
  });

  it('computes the pivot and radius as mrfPivotAndRadius does, leaving out non-finite positions', () => {
    const wobbly: BakeSource = {
      ...slidingTriangle(),
      sample(time, positions, normals) {
        positions.set([Math.sin(time * 7) * 3, time, -2, 5, Math.cos(time) * 4, 1, Number.NaN, 0, 0]);
        normals.set([0, 0, 1, 0, 0, 1, 0, 0, 1]);
      },
    };
    const file = bakeCape(wobbly, { startSeconds: 0, endSeconds: 2, fps: 7 });
    const expected = mrfPivotAndRadius(file);
    expect(file.header.pivot).toEqual(expected.pivot);
    expect(file.header.boundsRadius).toBe(expected.radius);
    expect(expected.radius).toBeGreaterThan(0);
  });
});

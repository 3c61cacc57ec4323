import { describe, expect, it } from 'vitest';
import { keyIndexAt, sampleTrack, trackTimeRange, type KeyframeTrack } from './interpolation';

function track(partial: Partial<KeyframeTrack> & Pick<KeyframeTrack, 'times' | 'values'>): KeyframeTrack {
  return { components: 1, interpolation: 'LINEAR', quaternion: false, ...partial };
}

function at(source: KeyframeTrack, time: number): number[] {
  const out = new Float64Array(source.components);
  sampleTrack(source, time, out);
  return Array.from(out);
}

describe('keyIndexAt', () => {
  const times = new Float32Array([0, 1, 2, 4]);
  it('finds the last key at or before a time, -1 before the first', () => {
    expect([-1, 0, 0.5, 1, 3.9, 4, 9].map((time) => keyIndexAt(times, time))).toEqual([-1, 0, 0, 1, 2, 3, 3]);
    expect(keyIndexAt(new Float32Array(0), 1)).toBe(-1);
  });
});

describe('sampleTrack', () => {
  const times = new Float32Array([1, 2, 4]);
  const values = new Float32Array([10, 20, 0, 1, 2, 3]);

  it('LINEAR interpolates each component and clamps outside the keys', () => {
    const linear = track({ times, values, components: 2 });
    expect(at(linear, 0)).toEqual([10, 20]);
    expect(at(linear, 1.25)).toEqual([7.5, 15.25]);
    expect(at(linear, 3)).toEqual([1, 2]);
    expect(at(linear, 4)).toEqual([2, 3]);
    expect(at(linear, 100)).toEqual([2, 3]);
  });

  it('STEP holds each key until the next', () => {
    const step = track({ times, values, components: 2, interpolation: 'STEP' });
    expect(at(step, 1.99)).toEqual([10, 20]);
    expect(at(step, 2)).toEqual([0, 1]);
    expect(at(step, 3.99)).toEqual([0, 1]);
  });

  it('CUBICSPLINE follows the Hermite basis with tangents scaled by the key span', () => {
    // Keys at 0 s (value 0, out-tangent 2) and 2 s (value 1, in-tangent 1); at 1 s (s = ½, span 2):
    // ½·0 + 2·(⅛ − ½ + ½)·2 + ½·1 + 2·(⅛ − ¼)·1 = 0.5 + 0.5 − 0.25 = 0.75.
    const cubic = track({
      times: new Float32Array([0, 2]),
      values: new Float32Array([9, 0, 2, 1, 1, 9]),
      interpolation: 'CUBICSPLINE',
    });
    expect(at(cubic, 1)[0]).toBeCloseTo(0.75, 12);
    expect(at(cubic, 0)).toEqual([0]);
    expect(at(cubic, 2)).toEqual([1]);
    expect(at(cubic, 5)).toEqual([1]);
  });

  it('LINEAR slerps rotations and CUBICSPLINE normalises them', () => {
    const h = Math.SQRT1_2;
    const rotation = track({
      times: new Float32Array([0, 1]),
      values: new Float32Array([0, 0, 0, 1, 0, 0, h, h]),
      components: 4,
      quaternion: true,
    });
    const half = at(rotation, 0.5);
    expect(half[2]).toBeCloseTo(Math.sin(Math.PI / 8), 6);
    expect(half[3]).toBeCloseTo(Math.cos(Math.PI / 8), 6);
    const cubic = track({
      times: new Float32Array([0, 1]),
      values: new Float32Array([0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, h, h, 0, 0, 0, 0]),
      components: 4,
      quaternion: true,
      interpolation: 'CUBICSPLINE',
    });
    const mid = at(cubic, 0.5);
    expect(Math.hypot(...mid)).toBeCloseTo(1, 12);
    // Zero tangents: the Hermite blend is ½/½, normalised: 45° about Z.
    expect(mid[2]).toBeCloseTo(Math.sin(Math.PI / 8), 6);
  });

  it('reports the time range over several tracks', () => {
    expect(trackTimeRange([track({ times, values }), track({ times: new Float32Array([0.5, 3]), values })])).toEqual([
      0.5, 4,
    ]);
    expect(trackTimeRange([])).toEqual([0, 0]);
  });
});

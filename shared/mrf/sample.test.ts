import { describe, expect, it } from 'vitest';
import { createMrfPlayhead, mrfPlayhead, mrfTiming, sampleMrf } from './sample';
import { gridMrf } from './testing/fixtures';

// gridMrf: vertex 0's x is the keyframe index, its y twice that; normals (0, -1, 0).
function sampleAt(file: ReturnType<typeof gridMrf>, seconds: number) {
  const positions = new Float32Array((file.uvs.length / 2) * 3);
  const normals = new Float32Array(positions.length);
  const rendered = sampleMrf(file, seconds, positions, normals);
  return { rendered, x: positions[0]!, y: positions[1]!, normalY: normals[1]!, positions, normals };
}

describe('sampleMrf (game playback rules)', () => {
  it('shows the first keyframe at the show event and interpolates linearly', () => {
    const file = gridMrf({ keyframeCount: 4, frameInterval: 0.1 });
    expect(sampleAt(file, 0)).toMatchObject({ rendered: true, x: 0, y: 0, normalY: -1 });
    expect(sampleAt(file, 0.15).x).toBeCloseTo(1.5, 5);
    expect(sampleAt(file, 0.15).y).toBeCloseTo(3, 5);
    expect(sampleAt(file, 0.2).x).toBeCloseTo(2, 5);
  });

  it('holds the last keyframe after the end', () => {
    const file = gridMrf({ keyframeCount: 4, frameInterval: 0.1 });
    expect(sampleAt(file, 0.3).x).toBe(3);
    expect(sampleAt(file, 100).x).toBe(3);
  });

  it('adds initialTime: a positive one starts part-way in, a negative one holds the first keyframe', () => {
    expect(sampleAt(gridMrf({ initialTime: 0.2 }), 0).x).toBeCloseTo(2, 5);
    expect(sampleAt(gridMrf({ initialTime: 0.2 }), 0.05).x).toBeCloseTo(2.5, 5);
    expect(sampleAt(gridMrf({ initialTime: -0.5 }), 0.3).x).toBe(0);
    expect(sampleAt(gridMrf({ initialTime: -0.5 }), 0.6).x).toBeCloseTo(1, 5);
  });

  it('does not render with a frame interval of 0, and leaves the arrays alone', () => {
    const file = gridMrf({ frameInterval: 0 });
    const positions = new Float32Array(18).fill(7);
    expect(sampleMrf(file, 0.1, positions, new Float32Array(18))).toBe(false);
    expect(positions.every((value) => value === 7)).toBe(true);
  });

  it('shows only the last keyframe with a negative frame interval', () => {
    const file = gridMrf({ frameInterval: -0.1 });
    expect(sampleAt(file, 0)).toMatchObject({ rendered: true, x: 3 });
    expect(sampleAt(file, 0.15).x).toBe(3);
  });

  it('writes every vertex, deinterleaving positions and normals', () => {
    const file = gridMrf({ columns: 3, rows: 2 });
    const { positions, normals } = sampleAt(file, 0.1);
    expect(Array.from(positions)).toEqual([1, 2, -0, 11, 2, -0, 21, 2, -0, 1, 2, -10, 11, 2, -10, 21, 2, -10]);
    expect(Array.from(normals.subarray(15))).toEqual([0, -1, 0]);
  });

  it('refuses output arrays that are too small', () => {
    expect(() => sampleMrf(gridMrf(), 0, new Float32Array(3), new Float32Array(18))).toThrow(RangeError);
  });

  it('fills a caller-provided playhead with the keyframes and blend', () => {
    const playhead = createMrfPlayhead();
    const returned = mrfPlayhead(gridMrf({ initialTime: 0.05 }), 0.1, playhead);
    expect(returned).toBe(playhead);
    expect(playhead.rendered).toBe(true);
    expect(playhead.animationSeconds).toBeCloseTo(0.15, 6);
    expect(playhead).toMatchObject({ keyframeIndex: 1, nextKeyframeIndex: 2 });
    expect(playhead.blend).toBeCloseTo(0.5, 5);
  });
});

describe('mrfTiming', () => {
  it('gives (keyframes − 1) × interval and the moving window after the show event', () => {
    expect(mrfTiming(gridMrf({ keyframeCount: 4, frameInterval: 0.1 }))).toMatchObject({
      rendered: true,
      moveStartSeconds: 0,
    });
    const timing = mrfTiming(gridMrf({ keyframeCount: 4, frameInterval: 0.1 }));
    expect(timing.durationSeconds).toBeCloseTo(0.3, 6);
    expect(timing.moveEndSeconds).toBeCloseTo(0.3, 6);
  });

  it('shifts the window by initialTime', () => {
    const delayed = mrfTiming(gridMrf({ keyframeCount: 4, frameInterval: 0.1, initialTime: -0.5 }));
    expect(delayed.moveStartSeconds).toBeCloseTo(0.5, 6);
    expect(delayed.moveEndSeconds).toBeCloseTo(0.8, 6);
    const partWay = mrfTiming(gridMrf({ keyframeCount: 4, frameInterval: 0.1, initialTime: 0.1 }));
    expect(partWay.moveStartSeconds).toBe(0);
    expect(partWay.moveEndSeconds).toBeCloseTo(0.2, 6);
    const pastEnd = mrfTiming(gridMrf({ keyframeCount: 4, frameInterval: 0.1, initialTime: 5 }));
    expect(pastEnd.moveEndSeconds).toBe(0);
  });

  it('has no moving window for a 0 or negative interval, and 0 is not rendered', () => {
    expect(mrfTiming(gridMrf({ frameInterval: 0 }))).toEqual({
      rendered: false,
      durationSeconds: 0,
      moveStartSeconds: 0,
      moveEndSeconds: 0,
    });
    expect(mrfTiming(gridMrf({ frameInterval: -0.1 }))).toEqual({
      rendered: true,
      durationSeconds: 0,
      moveStartSeconds: 0,
      moveEndSeconds: 0,
    });
  });
});

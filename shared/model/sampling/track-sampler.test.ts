import { describe, expect, it } from 'vitest';
import { createTrack, INTERPOLATION, type TrackKeyInit } from '../track';
import { createSampleTime, setSampleTime } from './sample-time';
import { bezier, hermite, isAnimatedAt, sampleScalar, sampleTrack } from './track-sampler';

const { none, linear, hermite: HERMITE, bezier: BEZIER } = INTERPOLATION;

function scalar(tag: string, interpolation: number, keys: [number, number, number?, number?][], global = -1) {
  return createTrack(
    tag,
    interpolation,
    global,
    keys.map(([frame, value, inTangent, outTangent]): TrackKeyInit => ({
      frame,
      value: [value],
      ...(inTangent === undefined ? {} : { inTangent: [inTangent], outTangent: [outTangent!] }),
    })),
  );
}

/** A time inside the sequence [start, end]. */
function at(frameMs: number, start = 0, end = 1000, globalSequences: number[] = []) {
  return setSampleTime(createSampleTime(globalSequences), frameMs, start, end);
}

describe('sampleTrack: interpolation kinds', () => {
  it('steps with no interpolation: the earlier key until the next one', () => {
    const track = scalar('KMTA', none, [
      [0, 1],
      [100, 2],
    ]);
    expect(sampleScalar(track, at(0), -1)).toBe(1);
    expect(sampleScalar(track, at(99), -1)).toBe(1);
    expect(sampleScalar(track, at(100), -1)).toBe(2);
  });

  it('interpolates linearly between keys and holds the last key to the interval end', () => {
    const track = scalar('KMTA', linear, [
      [0, 0],
      [100, 10],
      [300, 30],
    ]);
    expect(sampleScalar(track, at(50), -1)).toBe(5);
    expect(sampleScalar(track, at(200), -1)).toBe(20);
    expect(sampleScalar(track, at(250), -1)).toBe(25);
    expect(sampleScalar(track, at(900), -1)).toBe(30);
  });

  it('uses the cubic Hermite basis with the earlier out-tangent and the later in-tangent', () => {
    // p0 = 0, out-tangent 2 (key 0's); in-tangent 4 (key 1's), p1 = 1. At t = ½: ½·0 + ⅛·2 − ⅛·4 + ½·1 = 0.25.
    const track = scalar('KMTA', HERMITE, [
      [0, 0, 99, 2],
      [100, 1, 4, -99],
    ]);
    expect(sampleScalar(track, at(50), -1)).toBeCloseTo(0.25, 6);
    // t = ¼: h1 = 27/32, h2 = 9/64, h3 = −3/64, h4 = 5/32 → 2·9/64 − 4·3/64 + 1·10/64 = 16/64.
    expect(sampleScalar(track, at(25), -1)).toBeCloseTo(0.25, 6);
    expect(hermite(0, 2, 4, 1, 0)).toBe(0);
    expect(hermite(0, 2, 4, 1, 1)).toBe(1);
  });

  it('uses the cubic Bezier basis with the tangents as control points', () => {
    // At t = ½: (p0 + 3·c0 + 3·c1 + p1) / 8 = (0 + 6 + 12 + 1) / 8.
    const track = scalar('KMTA', BEZIER, [
      [0, 0, 99, 2],
      [100, 1, 4, -99],
    ]);
    expect(sampleScalar(track, at(50), -1)).toBeCloseTo(19 / 8, 6);
    // t = ¼: weights 27/64, 27/64, 9/64, 1/64 → (2·27 + 4·9 + 1) / 64.
    expect(bezier(0, 2, 4, 1, 0.25)).toBeCloseTo(91 / 64, 6);
  });

  it('interpolates every component of a vector track', () => {
    const track = createTrack('KGTR', linear, -1, [
      { frame: 0, value: [0, 10, -4] },
      { frame: 100, value: [2, 20, 4] },
    ]);
    const out = new Float32Array(3);
    expect(sampleTrack(track, at(25), [9, 9, 9], out)).toBe(true);
    expect([...out]).toEqual([0.5, 12.5, -2]);
  });

  it('slerps quaternion tracks along the shorter arc', () => {
    const half = Math.SQRT1_2;
    const quarterTurn = [0, 0, half, half];
    for (const end of [quarterTurn, quarterTurn.map((value) => -value)]) {
      const track = createTrack('KGRT', linear, -1, [
        { frame: 0, value: [0, 0, 0, 1] },
        { frame: 100, value: end },
      ]);
      const out = new Float64Array(4);
      sampleTrack(track, at(50), [0, 0, 0, 1], out);
      const eighth = Math.PI / 8;
      expect(out[0]).toBeCloseTo(0, 6);
      expect(out[1]).toBeCloseTo(0, 6);
      expect(Math.abs(out[2]!)).toBeCloseTo(Math.sin(eighth), 6);
      expect(Math.abs(out[3]!)).toBeCloseTo(Math.cos(eighth), 6);
      expect(Math.sign(out[2]!)).toBe(Math.sign(out[3]!));
    }
  });

  it('interpolates quaternion Hermite and Bezier tracks with squad', () => {
    const half = Math.SQRT1_2;
    const identity = [0, 0, 0, 1];
    // Tangents equal to the keys: squad reduces to slerp.
    for (const interpolation of [HERMITE, BEZIER]) {
      const same = createTrack('KGRT', interpolation, -1, [
        { frame: 0, value: identity, inTangent: identity, outTangent: identity },
        { frame: 100, value: [0, 0, half, half], inTangent: [0, 0, half, half], outTangent: [0, 0, half, half] },
      ]);
      const out = new Float64Array(4);
      sampleTrack(same, at(50), identity, out);
      expect(out[2]).toBeCloseTo(Math.sin(Math.PI / 8), 6);
      // Identity tangents between identity and a quarter turn: slerp(slerp(a, d, ½) = 45°, identity, 2·½·½ = ½)
      // = 22.5° about Z.
      const flat = createTrack('KGRT', interpolation, -1, [
        { frame: 0, value: identity, inTangent: identity, outTangent: identity },
        { frame: 100, value: [0, 0, half, half], inTangent: identity, outTangent: identity },
      ]);
      sampleTrack(flat, at(50), identity, out);
      expect(out[2]).toBeCloseTo(Math.sin(Math.PI / 16), 6);
      expect(out[3]).toBeCloseTo(Math.cos(Math.PI / 16), 6);
    }
  });
});

describe('sampleTrack: sequences, defaults and global sequences', () => {
  const track = scalar('KMTA', linear, [
    [100, 1],
    [200, 2],
    [1100, 11],
    [1200, 12],
  ]);

  it('ignores keys outside the playing sequence', () => {
    // Sequence [1000, 2000]: keys 1100 and 1200 only.
    expect(sampleScalar(track, at(1150, 1000, 2000), -1)).toBe(11.5);
    expect(sampleScalar(track, at(1500, 1000, 2000), -1)).toBe(12);
    // Sequence [150, 1150]: keys 200 and 1100: never 1 or 12.
    expect(sampleScalar(track, at(650, 150, 1150), -1)).toBe(6.5);
  });

  it('gives the default value before the first key of the sequence, with no key in it, or with no sequence', () => {
    expect(sampleScalar(track, at(1050, 1000, 2000), -1)).toBe(-1);
    expect(sampleScalar(track, at(175, 150, 1150), -1)).toBe(-1);
    expect(sampleScalar(track, at(2500, 2000, 3000), -1)).toBe(-1);
    expect(sampleScalar(track, setSampleTime(createSampleTime(), 150, Number.NaN, Number.NaN), -1)).toBe(-1);
    expect(sampleScalar(null, at(150), 0.5)).toBe(0.5);
  });

  it('holds a single key of the sequence from its frame on', () => {
    const single = scalar('KGAO', linear, [
      [500, 0.25],
      [5000, 1],
    ]);
    expect(sampleScalar(single, at(400, 0, 1000), 1)).toBe(1);
    expect(sampleScalar(single, at(800, 0, 1000), 1)).toBe(0.25);
  });

  it('lets the later of two keys at one frame win', () => {
    const doubled = scalar('KMTA', linear, [
      [0, 0],
      [100, 1],
      [100, 5],
      [200, 7],
    ]);
    expect(sampleScalar(doubled, at(100), -1)).toBe(5);
    expect(sampleScalar(doubled, at(150), -1)).toBe(6);
  });

  it('reads global sequence tracks at the global clock modulo the duration, whatever sequence plays', () => {
    const global = scalar(
      'KMTA',
      linear,
      [
        [0, 0],
        [1000, 10],
      ],
      1,
    );
    const time = setSampleTime(createSampleTime([400, 1000]), 5000, 0, 100, 2500);
    expect(sampleScalar(global, time, -1)).toBe(5);
    setSampleTime(time, 5000, Number.NaN, Number.NaN, -250);
    expect(sampleScalar(global, time, -1)).toBe(7.5);
    // A zero duration holds frame 0; a missing global sequence gives the default.
    expect(sampleScalar(global, setSampleTime(createSampleTime([400, 0]), 0, 0, 0, 777), -1)).toBe(0);
    expect(sampleScalar(global, setSampleTime(createSampleTime([400]), 0, 0, 0, 777), -1)).toBe(-1);
  });

  it('steps visibility and texture id tracks whatever they declare', () => {
    const visibility = scalar('KATV', linear, [
      [0, 0],
      [100, 1],
    ]);
    expect(sampleScalar(visibility, at(99), -1)).toBe(0);
    const textureIds = createTrack('KMTF', linear, -1, [
      { frame: 0, value: [3] },
      { frame: 100, value: [7] },
    ]);
    expect(sampleScalar(textureIds, at(90), -1)).toBe(3);
    expect(sampleScalar(textureIds, at(100), -1)).toBe(7);
  });

  it('says whether a track moves inside the interval', () => {
    expect(isAnimatedAt(track, at(0, 1000, 2000))).toBe(true);
    expect(isAnimatedAt(track, at(0, 150, 250))).toBe(false);
    expect(isAnimatedAt(track, createSampleTime())).toBe(false);
  });
});

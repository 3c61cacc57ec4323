import { describe, expect, it } from 'vitest';
import { createTrack, INTERPOLATION, type Track, type TrackKeyInit } from '../track';
import { createSampleTime, setSampleTime } from './sample-time';
import { TrackCursors } from './track-cursor';
import { sampleOrderedTrack, timeOrdered } from './track-sampler';

/** A small deterministic generator (the same tracks every run). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function unitQuaternion(random: () => number): number[] {
  const q = [random() - 0.5, random() - 0.5, random() - 0.5, random() - 0.5];
  const length = Math.hypot(...q);
  return q.map((value) => value / length);
}

/** Keys at random frames in [0, 1000], some sharing a frame, some equal or opposite to the previous one. */
function randomTrack(random: () => number, tag: string, interpolation: number, global: number): Track {
  const components = tag === 'KGRT' ? 4 : 3;
  const value = () => (components === 4 ? unitQuaternion(random) : [random() * 10, random(), -random()]);
  const keys: TrackKeyInit[] = [];
  let frame = Math.floor(random() * 50);
  let previous = value();
  for (let key = 0; key < 12; key += 1) {
    const roll = random();
    const next =
      roll < 0.2
        ? previous
        : roll < 0.3
          ? previous.map((v) => -v)
          : roll < 0.35
            ? previous.map((v) => v + 1e-5)
            : value();
    keys.push({ frame, value: next, inTangent: value(), outTangent: value() });
    previous = next;
    frame += random() < 0.15 ? 0 : Math.floor(random() * 120);
  }
  return timeOrdered(createTrack(tag, interpolation, global, keys));
}

describe('TrackCursors', () => {
  const random = generator(12);
  const tracks: (Track | null)[] = [null];
  for (const tag of ['KGTR', 'KGRT', 'KGSC'])
    for (const interpolation of Object.values(INTERPOLATION))
      for (const global of [-1, 0, 1, 2]) tracks.push(randomTrack(random, tag, interpolation, global));
  // Global sequence 1 lasts 0 ms; 2 has no entry (the default value).
  const time = createSampleTime([700, 0]);
  const fallback = new Float64Array([7, 8, 9, 10]);
  const expected = new Float64Array(4);
  const actual = new Float64Array(4);

  function expectSame(cursors: TrackCursors, label: string): void {
    tracks.forEach((track, slot) => {
      const components = track ? track.components : 4;
      const expectedFromKeys = sampleOrderedTrack(track, time, fallback.subarray(0, components), expected);
      const actualFromKeys = cursors.sample(slot, time, fallback.subarray(0, components), actual);
      expect(actualFromKeys, `${label} slot ${slot}`).toBe(expectedFromKeys);
      // Bit for bit: the cursors must not change what the preview shows.
      expect(Array.from(actual.subarray(0, components)), `${label} slot ${slot}`).toEqual(
        Array.from(expected.subarray(0, components)),
      );
    });
  }

  it('gives sampleOrderedTrack’s values to the bit, playing forwards, looping, jumping and changing sequence', () => {
    const cursors = new TrackCursors(tracks);
    const sequences: [number, number][] = [
      [0, 1000],
      [200, 640],
      [650, 651],
      [Number.NaN, Number.NaN],
      [0, 1000],
    ];
    for (const [start, end] of sequences) {
      // Forwards at 60 frames a second, past the end and round again (frames outside the interval included).
      for (let frame = start - 20; frame <= end + 20; frame += 1000 / 60) {
        setSampleTime(time, frame, start, end, frame * 1.7);
        expectSame(cursors, `${start}–${end} at ${frame}`);
      }
      // Forwards over every key's own frame (keys sharing a frame included).
      const keyFrames = new Set<number>();
      for (const track of tracks)
        for (let key = 0; track && key < track.keyCount; key += 1) keyFrames.add(track.keyWords[key * track.stride]!);
      for (const frame of [...keyFrames].sort((left, right) => left - right)) {
        setSampleTime(time, frame, start, end, frame);
        expectSame(cursors, `${start}–${end} at key frame ${frame}`);
      }
      // Jumps back and forth.
      for (let jump = 0; jump < 60; jump += 1) {
        const frame = Number.isNaN(start) ? random() * 1000 : start + Math.floor(random() * (end - start + 1));
        setSampleTime(time, frame, start, end, random() * 5000);
        expectSame(cursors, `${start}–${end} jump to ${frame}`);
      }
    }
  });

  it('walks over many keys at once (a large step) as bisection finds them', () => {
    const cursors = new TrackCursors(tracks);
    for (let frame = 0; frame <= 1000; frame += 333) {
      setSampleTime(time, frame, 0, 1000, frame);
      expectSame(cursors, `step to ${frame}`);
    }
  });
});

describe('TrackCursors.sampleSequenced', () => {
  it('holds the last key in the interval frame after frame, to the bit (its −0 too)', () => {
    // Opposite neighbours: the arc before the last key negates it; a slerp at t = 0 would turn −0 into +0.
    const track = timeOrdered(
      createTrack('KGRT', INTERPOLATION.linear, -1, [
        { frame: 0, value: [0, -0.6, 0, -0.8] },
        { frame: 100, value: [-0, 0.6, 0, 0.8] },
      ]),
    );
    const cursors = new TrackCursors([track]);
    const time = createSampleTime();
    const fallback = new Float64Array([0, 0, 0, 1]);
    const expected = new Float64Array(4);
    const actual = new Float64Array(4);
    for (const frame of [50, 150, 160, 170]) {
      setSampleTime(time, frame, 0, 300, frame);
      expect(cursors.varies(0, time)).toBe(true);
      cursors.frame[0] = frame;
      expect(cursors.sampleSequenced(0, fallback, actual)).toBe(sampleOrderedTrack(track, time, fallback, expected));
      expect(Object.is(actual[0], -0) || frame < 100, `x at ${frame}: ${actual[0]}`).toBe(true);
      expect(Array.from(actual), `at ${frame}`).toEqual(Array.from(expected));
    }
  });
});

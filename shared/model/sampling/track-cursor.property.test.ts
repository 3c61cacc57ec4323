/**
 * Property-based playback (fast-check) of TrackCursors.sampleSequenced, the node update's per-frame path: random
 * time-ordered tracks (every interpolation, quaternions and vectors, keys sharing a frame, equal and opposite
 * neighbours, a last key before the interval's end) played through a random interval by random steps — frame after
 * frame, large steps, jumps back, holds at one frame, the interval's bounds — must give at every frame, to the bit,
 * what the plain sampler (track-sampler.ts sampleOrderedTrack) gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTrack, INTERPOLATION, type Track } from '../track';
import { createSampleTime, setSampleTime } from './sample-time';
import { TrackCursors } from './track-cursor';
import { sampleOrderedTrack, timeOrdered } from './track-sampler';

/** A float value, often zero of either sign (a sum with −0 is where a shortcut shows). */
const component = fc.oneof(fc.float({ min: -4, max: 4, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0));

/** A key's value: a random vector, the previous value again, or its opposite. */
const keySpec = fc.record({
  gap: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 41, max: 300 })),
  repeat: fc.constantFrom('new', 'new', 'new', 'same', 'opposite'),
  value: fc.array(component, { minLength: 4, maxLength: 4 }),
  inTangent: fc.array(component, { minLength: 4, maxLength: 4 }),
  outTangent: fc.array(component, { minLength: 4, maxLength: 4 }),
});

interface TrackSpec {
  readonly tag: string;
  readonly interpolation: number;
  readonly start: number;
  readonly keys: readonly {
    readonly gap: number;
    readonly repeat: string;
    readonly value: number[];
    readonly inTangent: number[];
    readonly outTangent: number[];
  }[];
}

const trackSpec: fc.Arbitrary<TrackSpec> = fc.record({
  tag: fc.constantFrom('KGTR', 'KGRT', 'KGSC'),
  interpolation: fc.constantFrom(...Object.values(INTERPOLATION)),
  start: fc.integer({ min: -50, max: 200 }),
  keys: fc.array(keySpec, { minLength: 1, maxLength: 14 }),
});

function makeTrack(spec: TrackSpec): Track {
  const components = spec.tag === 'KGRT' ? 4 : 3;
  let frame = spec.start;
  let previous: number[] | null = null;
  const keys = spec.keys.map((key) => {
    frame += key.gap;
    const fresh = key.value.slice(0, components);
    const value =
      previous && key.repeat === 'same'
        ? previous
        : previous && key.repeat === 'opposite'
          ? previous.map((v) => -v)
          : fresh;
    previous = value;
    return {
      frame,
      value,
      inTangent: key.inTangent.slice(0, components),
      outTangent: key.outTangent.slice(0, components),
    };
  });
  return timeOrdered(createTrack(spec.tag, spec.interpolation, -1, keys));
}

/** A step of the playhead: forwards by a frame at 60 or 30 fps, a large step, a jump, a hold, to a bound. */
const stepSpec: fc.Arbitrary<number | 'start' | 'end'> = fc.oneof(
  fc.constantFrom<number | 'start' | 'end'>(1000 / 60, 1000 / 60, 1000 / 60, 1000 / 30, 0, 'start', 'end'),
  fc.double({ min: 0, max: 400, noNaN: true }),
  fc.double({ min: -400, max: 0, noNaN: true }),
);

describe('TrackCursors.sampleSequenced', () => {
  it('gives sampleOrderedTrack’s values to the bit at every frame of random playback', () => {
    fc.assert(
      fc.property(
        fc.array(trackSpec, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: -20, max: 300 }),
        fc.integer({ min: 0, max: 900 }),
        fc.array(stepSpec, { minLength: 1, maxLength: 80 }),
        (specs, start, length, steps) => {
          const tracks = specs.map(makeTrack);
          const cursors = new TrackCursors(tracks);
          const end = start + length;
          const time = createSampleTime();
          const expected = new Float64Array(4);
          const actual = new Float64Array(4);
          const fallback = new Float64Array([0.5, 0.25, 0.125, 1]);
          let frame = start;
          for (const step of steps) {
            if (step === 'start') frame = start;
            else if (step === 'end') frame = end;
            else frame = Math.min(end, Math.max(start, frame + step));
            setSampleTime(time, frame, start, end, frame);
            cursors.frame[0] = frame;
            tracks.forEach((track, slot) => {
              // The node update's promise: the track has keys in the interval and the frame is inside it.
              if (!cursors.varies(slot, time)) return;
              const values = fallback.subarray(0, track.components);
              const fromKeys = sampleOrderedTrack(track, time, values, expected);
              expect(cursors.sampleSequenced(slot, values, actual)).toBe(fromKeys);
              expect(Array.from(actual.subarray(0, track.components)), `slot ${slot} at ${frame}`).toEqual(
                Array.from(expected.subarray(0, track.components)),
              );
            });
          }
        },
      ),
      { numRuns: Number(process.env.TRACK_CURSOR_PROPERTY_RUNS ?? 1000) },
    );
  });
});

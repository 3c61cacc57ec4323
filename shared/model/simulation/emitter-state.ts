/**
 * What every simulated emitter shares: its particle pool, the scalar state a step carries to the next (the
 * fractional emission left over, the last visibility), the step context it is advanced with, and saving and
 * restoring its whole state for the cache (model-simulation.ts). Also the track helpers the kinds use: scalar
 * tracks sampled with their hostile values capped, and the keys a step crossed (squirt).
 */
import type { NodeTransforms, SampleTime, Track } from '../index';
import { findTrack, sampleTrack, timeOrdered } from '../index';
import type { ParticleLevel } from './particle-level';
import type { ParticlePool } from './particle-pool';
import type { StepRandom } from './step-random';

/** The kinds simulated. */
export type EmitterKind = 'PRE2' | 'PREM' | 'RIBB';

/** What a step is taken with (one object, filled in place for every step). */
export interface StepContext {
  /** The step's end: the frame sampled (tracks, nodes) and the sequence it is in. */
  readonly time: SampleTime;
  /** The frame at the step's start. */
  previousFrameMs: number;
  /** True for the step leaving the sequence start: keys at the start itself count as crossed. */
  firstStep: boolean;
  /** The step's length in seconds. */
  dtSeconds: number;
  /** The node world matrices at the step's end (the emitters' nodes and their parents are up to date). */
  nodes: NodeTransforms;
  random: StepRandom;
  seed: number;
  /** The step's index from the sequence start (the random numbers are drawn from it). */
  stepIndex: number;
  level: ParticleLevel;
  /** Live particles the model may still add this step (all emitters share it). */
  budget: number;
}

/** Floats of scalar state every emitter keeps (its kind may use fewer). */
export const EMITTER_SCALARS = 8;
/** Scalar slots: the fractional emission carried to the next step, and kind-specific values after it. */
export const SCALAR = { carry: 0 } as const;

/** One simulated emitter. */
export abstract class EmitterState {
  /** Carried between steps (saved with the pool): see {@link SCALAR}. */
  readonly scalars = new Float64Array(EMITTER_SCALARS);
  /** The factor the Particles level applied to the last emission (1 when none applied). */
  emissionScale = 1;
  /** True when the live-particle cap stopped an emission since {@link clearCapped}. */
  capped = false;

  constructor(
    readonly kind: EmitterKind,
    /** Its position among the model's simulated emitters (its random numbers depend on it). */
    readonly index: number,
    readonly name: string,
    /** Its node's index in the model's node order (NodeTransforms). */
    readonly nodeIndex: number,
    readonly pool: ParticlePool,
  ) {}

  /** Live particles (ribbons: segments; PREM: spawned models). */
  get alive(): number {
    return this.pool.count;
  }

  /** The longest a particle of this emitter can live, in seconds (how far back a pre-roll must reach). */
  abstract maxLifespanSeconds(): number;

  /** Advances every particle by the step and emits what the step emits. */
  abstract step(context: StepContext): void;

  /** No particles, nothing carried. */
  reset(): void {
    this.pool.clear();
    this.scalars.fill(0);
  }

  clearCapped(): void {
    this.capped = false;
  }

  /** Floats {@link save} writes into the particle arena. */
  get savedFloats(): number {
    return this.pool.liveFloats;
  }

  /** Saves the state: particles into `floats` at `at`, the count and scalars into `scalars` at `scalarAt`. */
  save(floats: Float32Array, at: number, scalars: Float64Array, scalarAt: number): void {
    this.pool.save(floats, at);
    scalars[scalarAt] = this.pool.count;
    scalars.set(this.scalars, scalarAt + 1);
  }

  /** Restores what {@link save} wrote. */
  restore(floats: Float32Array, at: number, scalars: Float64Array, scalarAt: number): void {
    this.pool.restore(floats, at, scalars[scalarAt]!);
    this.scalars.set(scalars.subarray(scalarAt + 1, scalarAt + 1 + EMITTER_SCALARS));
  }
}

/** Float64s one emitter's scalar state takes in a snapshot (its count, then its scalars). */
export const SAVED_SCALARS = 1 + EMITTER_SCALARS;

/** The emitter's track `tag` in time order, or null. */
export function orderedTrack(tracks: readonly Track[], tag: string): Track | null {
  const track = findTrack(tracks, tag);
  return track && track.keyCount > 0 ? timeOrdered(track) : null;
}

const fallback = new Float64Array(1);
const sampled = new Float64Array(1);
/** Whether the last {@link sampleValue} came from the track's keys. */
export const lastSample = { fromKeys: false };

/** A scalar track's value at `time` (or `value` when the track does not apply), NaN passed through. */
export function sampleValue(track: Track | null, time: SampleTime, value: number): number {
  if (!track) {
    lastSample.fromKeys = false;
    return value;
  }
  fallback[0] = value;
  lastSample.fromKeys = sampleTrack(track, time, fallback, sampled);
  return sampled[0]!;
}

/** The first key of a time-ordered track whose frame is ≥ `frame` (keyCount when none). */
function firstKeyAtOrAfter(track: Track, frame: number): number {
  const words = track.keyWords;
  const stride = track.stride;
  let low = 0;
  let high = track.keyCount;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle * stride]! < frame) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The keys of a time-ordered, sequence-following track a step crossed: those in (from, to] — [from, to] for the
 * step leaving the sequence start — inside the sequence [start, end]. Calls `visit(key, frame)` for each, in time
 * order; returns how many. A track on a global sequence is crossed on the global clock (wrapping at its duration).
 */
export function forEachCrossedKey(
  track: Track,
  time: SampleTime,
  fromMs: number,
  toMs: number,
  includeFrom: boolean,
  visit: (key: number, frameMs: number) => void,
): number {
  const stride = track.stride;
  const words = track.keyWords;
  if (track.globalSequenceId >= 0) {
    const duration = time.globalSequences[track.globalSequenceId];
    if (duration === undefined || !(duration > 0)) return 0;
    const span = toMs - fromMs;
    if (!(span >= 0) || span >= duration) return 0;
    const from = fromMs - Math.floor(fromMs / duration) * duration;
    const to = from + span;
    let crossed = 0;
    // The interval may run past the duration once: its part after the wrap starts again at 0.
    for (let lap = 0; lap < 2; lap += 1) {
      const low = lap === 0 ? from : 0;
      const high = lap === 0 ? Math.min(to, duration) : to - duration;
      if (lap === 1 && high < 0) break;
      const inclusive = lap === 1 || includeFrom;
      for (let key = firstKeyAtOrAfter(track, low); key < track.keyCount; key += 1) {
        const frame = words[key * stride]!;
        if (frame > high || frame > duration) break;
        if (frame === low && !inclusive) continue;
        visit(key, toMs - (to - (lap === 0 ? frame : frame + duration)));
        crossed += 1;
      }
    }
    return crossed;
  }
  const start = time.sequenceStartMs;
  const end = time.sequenceEndMs;
  if (!(start <= end)) return 0;
  const low = Math.max(fromMs, start);
  const high = Math.min(toMs, end);
  let crossed = 0;
  for (let key = firstKeyAtOrAfter(track, low); key < track.keyCount; key += 1) {
    const frame = words[key * stride]!;
    if (frame > high) break;
    if (frame === fromMs && !includeFrom) continue;
    visit(key, frame);
    crossed += 1;
  }
  return crossed;
}

/** A key's first value component. */
export function keyValue(track: Track, key: number): number {
  return track.keyValues[key * track.stride + 1]!;
}

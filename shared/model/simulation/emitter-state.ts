/**
 * What every simulated emitter shares: its particle pool, the scalar state a step carries to the next (the
 * fractional emission left over, the last visibility), the step context it is advanced with, and saving and
 * restoring its whole state for the cache (model-simulation.ts). Also the track helpers the kinds use: scalar
 * tracks sampled with their hostile values capped, and the keys a step crossed (squirt).
 */
import type { NodeTransforms, SampleTime, Track } from '../index';
import { findTrack, sampleTrack, timeOrdered } from '../index';
import { lowerBound } from '../sampling/track-sampler';
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
  /** The simulation's random numbers under its seed (reseeded by each emitter for its step). */
  random: StepRandom;
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

/** The first floats of a PRE2 or PREM particle: position, velocity, age, gravity (the kinds add their own). */
export const MOTION = { x: 0, y: 1, z: 2, vx: 3, vy: 4, vz: 5, age: 6, gravity: 7 } as const;

/** Moves a just-born PRE2 or PREM particle (its floats at `at`) on by its own age, as a step moves it. */
export function moveByAge(data: Float32Array, at: number): void {
  const dt = data[at + MOTION.age]!;
  const vz = data[at + MOTION.vz]!;
  const fallen = vz - data[at + MOTION.gravity]! * dt;
  data[at] = data[at]! + data[at + MOTION.vx]! * dt;
  data[at + 1] = data[at + 1]! + data[at + MOTION.vy]! * dt;
  data[at + 2] = data[at + 2]! + (vz + fallen) * 0.5 * dt;
  data[at + MOTION.vz] = fallen;
}

/** One simulated emitter. */
export abstract class EmitterState {
  /** Carried between steps (saved with the pool): see {@link SCALAR}. */
  readonly scalars = new Float64Array(EMITTER_SCALARS);
  /** The factor the Particles level applied to the last emission (1 when none applied). */
  emissionScale = 1;
  /**
   * The emitter's static values, by its kind's indices (index {@link VISIBLE} holds 1), where the samplers read a
   * track's default from.
   */
  readonly statics: Float64Array;
  /** Numbers a step hands between its parts (see {@link sampled}): the kinds' own indices. */
  protected readonly work = new Float64Array(8);
  /** True when the live-particle cap stopped an emission since {@link clearCapped}. */
  capped = false;
  /** Every particle's lifespan in seconds, for the kinds that have one (PRE2, RIBB; PREM: 0, each has its own). */
  readonly lifespan: number = 0;

  constructor(
    readonly kind: EmitterKind,
    /** Its position among the model's simulated emitters (its random numbers depend on it). */
    readonly index: number,
    readonly name: string,
    /** Its node's index in the model's node order (NodeTransforms). */
    readonly nodeIndex: number,
    readonly pool: ParticlePool,
    statics: readonly number[],
  ) {
    this.statics = Float64Array.from([1, ...statics]);
  }

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

  /**
   * A new particle's offset in the pool for the step (the model's budget and the pool's cap allowing; else −1,
   * and the emitter says it was capped). The caller has already drawn its random numbers and checked its age.
   */
  protected claim(context: StepContext): number {
    if (context.budget <= 0) {
      this.capped = true;
      return -1;
    }
    const at = this.pool.add();
    if (at < 0) {
      this.capped = true;
      return -1;
    }
    context.budget -= 1;
    return at;
  }

  /**
   * Moves every particle of a PRE2 or PREM pool on by the step — straight at its velocity, falling at its gravity
   * (exact under constant gravity) — and removes those it takes to their lifespan: the particle's own float at
   * `lifespanOffset`, or {@link lifespan} when that is −1. (Written out, not a call per particle, and the lifespan
   * read from a field: a fractional number passed to a call that is not inlined is boxed.)
   */
  protected advanceParticles(context: StepContext, lifespanOffset: number): void {
    const fixedLifespan = this.lifespan;
    const dt = context.dtSeconds;
    const pool = this.pool;
    const stride = pool.stride;
    for (let index = 0; index < pool.count; index += 1) {
      const data = pool.data;
      const at = index * stride;
      const age = data[at + MOTION.age]! + dt;
      if (!(age < (lifespanOffset < 0 ? fixedLifespan : data[at + lifespanOffset]!))) {
        pool.removeAt(index);
        index -= 1;
        continue;
      }
      data[at + MOTION.age] = age;
      const vz = data[at + MOTION.vz]!;
      const fallen = vz - data[at + MOTION.gravity]! * dt;
      data[at] = data[at]! + data[at + MOTION.vx]! * dt;
      data[at + 1] = data[at + 1]! + data[at + MOTION.vy]! * dt;
      data[at + 2] = data[at + 2]! + (vz + fallen) * 0.5 * dt;
      data[at + MOTION.vz] = fallen;
    }
  }

  /** Floats {@link save} writes into the particle arena. */
  get savedFloats(): number {
    return this.pool.liveFloats;
  }

  /** Saves the state: particles into `floats` at `at`, the count and scalars into `scalars` at `scalarAt`. */
  save(floats: Float32Array, at: number, scalars: Float64Array, scalarAt: number): void {
    this.pool.save(floats, at);
    scalars[scalarAt] = this.pool.count;
    for (let index = 0; index < EMITTER_SCALARS; index += 1) scalars[scalarAt + 1 + index] = this.scalars[index]!;
  }

  /** Restores what {@link save} wrote. */
  restore(floats: Float32Array, at: number, scalars: Float64Array, scalarAt: number): void {
    this.pool.restore(floats, at, scalars[scalarAt]!);
    for (let index = 0; index < EMITTER_SCALARS; index += 1) this.scalars[index] = scalars[scalarAt + 1 + index]!;
  }
}

/** Float64s one emitter's scalar state takes in a snapshot (its count, then its scalars). */
export const SAVED_SCALARS = 1 + EMITTER_SCALARS;

/** The emitter's track `tag` in time order, or null. */
export function orderedTrack(tracks: readonly Track[], tag: string): Track | null {
  const track = findTrack(tracks, tag);
  return track && track.keyCount > 0 ? timeOrdered(track) : null;
}

/**
 * Where {@link sampleInto} leaves its value. The samplers pass numbers through typed arrays, never as arguments or
 * return values: a fractional number crossing a call V8 does not inline is boxed, one heap object per call (the
 * same finding as TrackCursors.frame's in shared/model/sampling).
 */
export const sampled = new Float64Array(1);
const fallback = new Float64Array(1);

/**
 * Samples a scalar track at `time` into `sampled[0]`: its keys' value, or `statics[index]` when the track does not
 * apply (NaN passed through). Returns true when the value came from the track's keys.
 */
export function sampleInto(track: Track | null, time: SampleTime, statics: Float64Array, index: number): boolean {
  if (!track) {
    sampled[0] = statics[index]!;
    return false;
  }
  fallback[0] = statics[index]!;
  return sampleTrack(track, time, fallback, sampled);
}

/** Statics index 0 of every emitter: 1, the default of a visibility track. */
export const VISIBLE = 0;

/**
 * The keys of a time-ordered, sequence-following track a step crossed: those in (from, to] — [from, to] for the
 * step leaving the sequence start — inside the sequence [start, end], from the step's previous frame to its time's
 * frame. Calls `visit(key, frame)` for each, in time order; returns how many. A track on a global sequence is
 * crossed on the global clock (wrapping at its duration). (The step's frames are read from `step`, not passed:
 * fractional numbers passed to a call that is not inlined are boxed, an allocation per emitter per step.)
 */
export function forEachCrossedKey(
  track: Track,
  step: Pick<StepContext, 'time' | 'previousFrameMs' | 'firstStep'>,
  visit: (key: number, frameMs: number) => void,
): number {
  const time = step.time;
  const fromMs = step.previousFrameMs;
  const toMs = time.frameMs;
  const includeFrom = step.firstStep;
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
      for (let key = lowerBound(track, Math.ceil(low)); key < track.keyCount; key += 1) {
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
  for (let key = lowerBound(track, Math.ceil(low)); key < track.keyCount; key += 1) {
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

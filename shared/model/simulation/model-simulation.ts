/**
 * Every particle emitter 2, particle emitter and ribbon of a model, simulated deterministically: the particles at a
 * frame are those of the sequence containing it, played from its start in fixed steps of {@link STEP_MS} with
 * random numbers drawn from (seed, emitter, step), so scrubbing to a time gives exactly what playing to it gives.
 *
 * - A sequence that loops starts with what its previous passes left: a pre-roll plays the sequence's end (over as
 *   many passes back as the longest lifespan reaches) before its start, as the game's loop carries particles over.
 *   A sequence that plays once (non-looping) starts empty. A frame in no sequence shows no particles (nothing plays).
 * - Each step samples the emitters' nodes (and their parents) and tracks at the step's end; see the kinds' modules.
 * - The state is cached: a snapshot every few steps of the playing sequence, in one arena, so a scrub backwards
 *   restores the nearest snapshot before the time and steps on from it. Changing sequence, level or seed starts the
 *   cache again.
 * - An update does a bounded amount of work (steps × (emitters + live particles)); when a jump needs more (a first
 *   visit deep into a long sequence), it stops short and says so, and the next update goes on from there (the
 *   viewport asks for another frame; a render's frame may do {@link RENDER_UPDATE_WORK}): never a hang, whatever the
 *   file says.
 * - Live particles are capped per emitter and per model (limits.ts); an emitter the cap stopped says so
 *   (`capped`), until the sequence or level changes.
 */
import type { BillboardCamera, NodeTransforms, SampleTime, Sequence, TypedMdxModel } from '../index';
import { createNodeTransforms, createSampleTime, findParsedChunk, modelNodes, setSampleTime } from '../index';
import { updateNodeTransforms } from '../index';
import { type EmitterState, SAVED_SCALARS, type StepContext } from './emitter-state';
import { MAX_LIVE_PER_MODEL, STEP_MS } from './limits';
import { ParticleEmitterState } from './particle-emitter-state';
import { Particle2State } from './particle-emitter2-state';
import { DEFAULT_PARTICLE_LEVEL, type ParticleLevel } from './particle-level';
import { RibbonState } from './ribbon-state';
import { StepRandom } from './step-random';

/** The seed of a simulation made without one. */
export const DEFAULT_SEED = 0x6d6f7266;
/** Work one update may do by default: steps × (emitters + live particles) — some 20–50 ms of one core at most. */
export const DEFAULT_UPDATE_WORK = 1_000_000;
/**
 * Work one update may do for a render's frame, which is stepped once and must show the frame complete: enough for
 * any real model's first frame (a 120 s pre-roll of a model at its steady ~500 particles is some 4 million) and a
 * few seconds at most for a hostile one, which then catches up over the next frames instead of hanging the render.
 */
export const RENDER_UPDATE_WORK = 100_000_000;
/** At most this many cached states per sequence. */
export const MAX_SNAPSHOTS = 256;
/** At least this many steps between cached states. */
export const MIN_SNAPSHOT_STEPS = 15;
/** The most floats the cached particles may take (the arena grows by doubling up to it). */
export const SNAPSHOT_BUDGET_FLOATS = 16 * 1024 * 1024;

/** Options of a simulation. */
export interface ModelSimulationOptions {
  seed?: number;
  level?: ParticleLevel;
}

/** The simulation of one model. */
export class ModelSimulation {
  /** The simulated emitters, in the model's node order. */
  readonly emitters: readonly EmitterState[];
  /** The model's nodes as the simulation samples them (the emitters' nodes and their parents, at each step). */
  readonly nodes: NodeTransforms;
  readonly sequences: readonly Sequence[];
  readonly seed: number;
  /** The playing sequence's index, −1 when the last frame asked for was in none. */
  sequenceIndex = -1;
  /** The frame of the state the emitters hold (NaN in no sequence). */
  stateFrameMs = Number.NaN;
  /** Seconds from that state to the frame asked for (what the viewport moves particles on by when it draws). */
  extrapolationSeconds = 0;
  /** False while an update stopped short of the frame asked for (call again). */
  caughtUp = true;

  private levelValue: ParticleLevel;
  private readonly emitterNodes: NodeTransforms;
  private readonly time: SampleTime;
  private readonly random: StepRandom;
  private readonly context: StepContext;
  /** Steps of the playing sequence, and of its pre-roll. */
  private stepCount = 0;
  private preRollSteps = 0;
  /** The next step to take: −preRollSteps … stepCount (the state is after the steps before it). */
  private position = 0;
  private snapshotSteps = MIN_SNAPSHOT_STEPS;
  private arena = new Float32Array(0);
  private arenaUsed = 0;
  private readonly snapshotAt = new Int32Array(MAX_SNAPSHOTS + 1).fill(-1);
  private readonly snapshotScalars: Float64Array;
  private startMs = 0;
  private endMs = 0;

  constructor(model: Pick<TypedMdxModel, 'chunks'>, options: ModelSimulationOptions = {}) {
    this.seed = options.seed ?? DEFAULT_SEED;
    this.random = new StepRandom(this.seed);
    this.levelValue = options.level ?? DEFAULT_PARTICLE_LEVEL;
    this.nodes = createNodeTransforms(model);
    this.sequences = findParsedChunk(model, 'SEQS') ?? [];
    const emitters: EmitterState[] = [];
    modelNodes(model).forEach((entry, nodeIndex) => {
      const index = emitters.length;
      if (entry.kind === 'particleEmitter2') emitters.push(new Particle2State(index, nodeIndex, entry.object as never));
      else if (entry.kind === 'particleEmitter')
        emitters.push(new ParticleEmitterState(index, nodeIndex, entry.object as never));
      else if (entry.kind === 'ribbonEmitter') emitters.push(new RibbonState(index, nodeIndex, entry.object as never));
    });
    this.emitters = emitters;
    this.emitterNodes = ancestorsOf(
      this.nodes,
      emitters.map((emitter) => emitter.nodeIndex),
    );
    this.time = createSampleTime(findParsedChunk(model, 'GLBS') ?? []);
    this.snapshotScalars = new Float64Array((MAX_SNAPSHOTS + 1) * Math.max(1, emitters.length) * SAVED_SCALARS);
    this.context = {
      time: this.time,
      previousFrameMs: 0,
      firstStep: false,
      dtSeconds: 0,
      nodes: this.nodes,
      random: this.random,
      stepIndex: 0,
      level: this.levelValue,
      budget: MAX_LIVE_PER_MODEL,
    };
  }

  /** The Particles level; changing it starts the cache again. */
  get level(): ParticleLevel {
    return this.levelValue;
  }

  set level(level: ParticleLevel) {
    if (level === this.levelValue) return;
    this.levelValue = level;
    this.context.level = level;
    this.sequenceIndex = -1;
    this.stateFrameMs = Number.NaN;
  }

  /** Live particles, segments and spawned models over every emitter. */
  get alive(): number {
    let total = 0;
    const emitters = this.emitters;
    for (let index = 0; index < emitters.length; index += 1) total += emitters[index]!.alive;
    return total;
  }

  /**
   * Brings the emitters to `frameMs` (the sequence containing it; none: no particles). Billboarded emitter nodes
   * face `camera`. Does at most `maxWork` work; returns false when it stopped short (see {@link caughtUp}).
   */
  update(frameMs: number, camera: BillboardCamera | null = null, maxWork = DEFAULT_UPDATE_WORK): boolean {
    const sequenceIndex = this.sequenceAt(frameMs);
    if (sequenceIndex < 0) {
      if (this.sequenceIndex !== -1 || !Number.isNaN(this.stateFrameMs)) this.clear();
      this.caughtUp = true;
      this.extrapolationSeconds = 0;
      return true;
    }
    if (sequenceIndex !== this.sequenceIndex) this.begin(sequenceIndex);
    const target = this.positionOf(frameMs);
    if (target < this.position || target - this.position > this.snapshotSteps) this.restoreBefore(target);
    let work = 0;
    const emitterCount = this.emitters.length;
    while (this.position < target) {
      if (work > maxWork) break;
      work += emitterCount + this.alive;
      this.takeStep(camera);
    }
    this.caughtUp = this.position >= target;
    this.setStateFrame(this.position);
    this.extrapolationSeconds = this.caughtUp ? Math.max(0, (frameMs - this.stateFrameMs) / 1000) : 0;
    return this.caughtUp;
  }

  /** No particles, no sequence. */
  private clear(): void {
    for (const emitter of this.emitters) {
      emitter.reset();
      emitter.clearCapped();
    }
    this.sequenceIndex = -1;
    this.stateFrameMs = Number.NaN;
  }

  /** The first sequence whose interval holds the frame, or −1. */
  private sequenceAt(frameMs: number): number {
    const sequences = this.sequences;
    for (let index = 0; index < sequences.length; index += 1) {
      const sequence = sequences[index]!;
      if (frameMs >= sequence.start && frameMs <= sequence.end) return index;
    }
    return -1;
  }

  /** Starts the cache of a sequence: its steps, its pre-roll, an empty state before it. */
  private begin(sequenceIndex: number): void {
    const sequence = this.sequences[sequenceIndex]!;
    this.sequenceIndex = sequenceIndex;
    this.startMs = sequence.start;
    this.endMs = sequence.end;
    this.stepCount = Math.max(1, Math.ceil((sequence.end - sequence.start) / STEP_MS));
    let longest = 0;
    for (const emitter of this.emitters) longest = Math.max(longest, emitter.maxLifespanSeconds());
    this.preRollSteps = sequence.nonLooping ? 0 : this.stepsCovering(longest * 1000 + STEP_MS);
    this.snapshotSteps = Math.max(MIN_SNAPSHOT_STEPS, Math.ceil(this.stepCount / MAX_SNAPSHOTS));
    this.snapshotAt.fill(-1);
    this.arenaUsed = 0;
    for (const emitter of this.emitters) {
      emitter.reset();
      emitter.clearCapped();
    }
    this.position = -this.preRollSteps;
  }

  /** Steps back from the sequence start (through as many passes as it takes) that cover `durationMs`. */
  private stepsCovering(durationMs: number): number {
    const length = this.endMs - this.startMs;
    if (!(length > 0)) return 0;
    const passes = Math.floor(durationMs / length);
    const rest = durationMs - passes * length;
    // The rest is covered from the pass's end: its last step may be shorter than the others.
    const lastStep = length - (this.stepCount - 1) * STEP_MS;
    const restSteps = rest <= 0 ? 0 : rest <= lastStep ? 1 : 1 + Math.ceil((rest - lastStep) / STEP_MS);
    return passes * this.stepCount + restSteps;
  }

  /** The position of a frame of the playing sequence: the steps before it from the start. */
  private positionOf(frameMs: number): number {
    if (frameMs >= this.endMs) return this.stepCount;
    // A frame a rounding error short of a step's end (start + k × 1000/60 summed in floats) is at that step.
    return Math.min(this.stepCount, Math.max(0, Math.floor((frameMs - this.startMs) / STEP_MS + 1e-6)));
  }

  /** The step index of a position in its pass (pre-roll positions are in the previous passes). */
  private indexOf(position: number): number {
    return position < 0 ? ((position % this.stepCount) + this.stepCount) % this.stepCount : position;
  }

  /** Sets {@link stateFrameMs} to the frame of a position (a field, not a return value: see emitter-state.ts). */
  private setStateFrame(position: number): void {
    const index = this.indexOf(position);
    this.stateFrameMs = index >= this.stepCount ? this.endMs : this.startMs + index * STEP_MS;
  }

  /** Takes the step at the current position, and caches the state after it when due. */
  private takeStep(camera: BillboardCamera | null): void {
    const position = this.position;
    const index = this.indexOf(position);
    const from = index >= this.stepCount ? this.endMs : this.startMs + index * STEP_MS;
    const to = index + 1 >= this.stepCount ? this.endMs : from + STEP_MS;
    const context = this.context;
    setSampleTime(this.time, to, this.startMs, this.endMs, to);
    context.previousFrameMs = from;
    context.firstStep = index === 0;
    context.dtSeconds = Math.max(0, (to - from) / 1000);
    context.stepIndex = index;
    updateNodeTransforms(this.emitterNodes, this.time, camera);
    const emitters = this.emitters;
    let alive = 0;
    for (let index = 0; index < emitters.length; index += 1) alive += emitters[index]!.alive;
    context.budget = MAX_LIVE_PER_MODEL - alive;
    for (let index = 0; index < emitters.length; index += 1) emitters[index]!.step(context);
    this.position = position + 1;
    if (this.position >= 0 && this.position % this.snapshotSteps === 0) this.save(this.position / this.snapshotSteps);
  }

  /**
   * Goes to the latest cached state at or before `target` when that is nearer than where the emitters are (or they
   * are past it); the empty start when there is none.
   */
  private restoreBefore(target: number): void {
    for (let slot = Math.min(MAX_SNAPSHOTS, Math.floor(Math.max(0, target) / this.snapshotSteps)); slot >= 0; slot -= 1)
      if (this.snapshotAt[slot]! >= 0) {
        if (this.position <= target && slot * this.snapshotSteps <= this.position) return;
        this.restore(slot);
        return;
      }
    if (this.position <= target) return;
    for (let index = 0; index < this.emitters.length; index += 1) this.emitters[index]!.reset();
    this.position = -this.preRollSteps;
  }

  private save(slot: number): void {
    if (slot > MAX_SNAPSHOTS || this.snapshotAt[slot]! >= 0) return;
    const emitters = this.emitters;
    let floats = 0;
    for (let index = 0; index < emitters.length; index += 1) floats += emitters[index]!.savedFloats;
    if (!this.reserveArena(this.arenaUsed + floats)) return;
    let at = this.arenaUsed;
    const scalarBase = slot * emitters.length * SAVED_SCALARS;
    for (let index = 0; index < emitters.length; index += 1) {
      const emitter = emitters[index]!;
      emitter.save(this.arena, at, this.snapshotScalars, scalarBase + index * SAVED_SCALARS);
      at += emitter.savedFloats;
    }
    this.snapshotAt[slot] = this.arenaUsed;
    this.arenaUsed = at;
  }

  private restore(slot: number): void {
    const emitters = this.emitters;
    let at = this.snapshotAt[slot]!;
    const scalarBase = slot * emitters.length * SAVED_SCALARS;
    for (let index = 0; index < emitters.length; index += 1) {
      const emitter = emitters[index]!;
      emitter.restore(this.arena, at, this.snapshotScalars, scalarBase + index * SAVED_SCALARS);
      at += emitter.savedFloats;
    }
    this.position = slot * this.snapshotSteps;
  }

  /** Makes the arena hold `floats` (false when that is over the budget). */
  private reserveArena(floats: number): boolean {
    if (floats <= this.arena.length) return true;
    if (floats > SNAPSHOT_BUDGET_FLOATS) return false;
    let length = Math.max(65_536, this.arena.length);
    while (length < floats) length *= 2;
    const arena = new Float32Array(Math.min(length, SNAPSHOT_BUDGET_FLOATS));
    arena.set(this.arena.subarray(0, this.arenaUsed));
    this.arena = arena;
    return true;
  }
}

/** The node transforms of `nodes` updating only the given nodes and their parents (shares every array). */
function ancestorsOf(nodes: NodeTransforms, indices: readonly number[]): NodeTransforms {
  const needed = new Uint8Array(nodes.count);
  for (let node of indices) {
    while (node >= 0 && needed[node] === 0) {
      needed[node] = 1;
      node = nodes.parents[node]!;
    }
  }
  const order = Array.from(nodes.order).filter((node) => needed[node] === 1);
  return { ...nodes, order: Int32Array.from(order), nodeIndexOf: nodes.nodeIndexOf };
}

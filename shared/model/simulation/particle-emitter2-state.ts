/**
 * A particle emitter 2 (PRE2) simulated as the game's viewers do it (mdx-m3-viewer's Particle2, Warsmash, Retera's
 * Model Studio — where they part, the choice is said here):
 *
 * - Emission: while the emitter is visible (KP2V > 0 at the step's end), the emission rate (KP2E, else the static
 *   rate times the Particles level's factor, see particle-level.ts) is integrated over the step; each whole
 *   particle is born at the moment within the step its count was reached, and is as old at the step's end as the
 *   step has left (so the live count is rate × lifespan, not a step's worth less). A squirt emitter instead emits,
 *   at each KP2E key the step crosses, that key's value (its count), at the key's time; never otherwise.
 *   Each emission is one particle, drawn as a head, a tail, or both (a head with its tail behind it): the live
 *   count is rate × lifespan whatever headOrTail says, as mdx-m3-viewer and Warsmash count their objects (they
 *   emit a head or a tail per object, alternately, for Both; Retera's Model Studio emits a pair). Drawn as a pair,
 *   the head sits on its tail's end, which is how the game's comet-like Both emitters look.
 * - Birth (at the emitter node's pose at the step's end): a point in the rectangle of the first size float (the
 *   specification's "length", KP2N, along the node's X) by the second ("width", KP2W, along Y) around the pivot;
 *   a direction (0, 0, 1) turned by two angles drawn in [−latitude, latitude] (degrees, KP2L) — (sin b, cos b sin a,
 *   cos b cos a), mdx-m3-viewer's Rz(90°)·Ry(a)·Rx(b); a line emitter keeps b = 0, so it emits in the node's YZ plane,
 *   as mdx-m3-viewer and Retera's Model Studio do (Warsmash's order gives XZ); a speed (KP2S) times
 *   (1 + a variation drawn in [−KP2R, KP2R]) — mdx-m3-viewer and Retera (Warsmash adds the variation instead).
 *   Then, unless Model Space, the point goes into the world by the node's world matrix and the velocity by its world
 *   rotation and scale; gravity (KP2G) is scaled by the node's world Z scale.
 * - Motion: gravity pulls world −Z (the node's −Z in Model Space); positions integrate exactly under constant
 *   gravity. A particle lives while its age is below the lifespan. Model Space particles stay in the node's frame
 *   and follow it (the viewport places them with the node's matrix when it draws).
 * - XY Quad particles face their velocity on the XY plane: angle atan2(vy, vx) − π + π/8 (mdx-m3-viewer).
 */
import type { ParticleEmitter2 } from '../index';
import {
  EmitterState,
  forEachCrossedKey,
  keyValue,
  MOTION,
  moveByAge,
  orderedTrack,
  SCALAR,
  sampled,
  sampleInto,
  type StepContext,
  VISIBLE,
} from './emitter-state';
import { MAX_EMISSION_RATE, MAX_LIVE_PER_EMITTER, sanitizeLifespan, sanitizeMagnitude, sanitizeRate } from './limits';
import { PARTICLE_LEVEL_FACTOR } from './particle-level';
import { ParticlePool } from './particle-pool';

/** PRE2 flags (the node's flags word). */
export const PARTICLE2_FLAG = {
  unshaded: 0x8000,
  sortPrimsFarZ: 0x10000,
  lineEmitter: 0x20000,
  unfogged: 0x40000,
  modelSpace: 0x80000,
  xyQuad: 0x100000,
} as const;

/** How a particle is drawn (its `tail` float): a head, a tail, or both (a head with its tail, as a comet). */
export const PARTICLE2_SHAPE = { head: 0, tail: 1, both: 2 } as const;

/** Floats per particle: position (3), velocity (3), age, gravity, facing, shape, world X scale at birth. */
export const PARTICLE2_STRIDE = 11;
/** Offsets in a particle's floats. */
export const PARTICLE2 = { ...MOTION, facing: 8, tail: 9, scale: 10 } as const;

const DEGREES = Math.PI / 180;
/** Indices of a PRE2's statics (after VISIBLE). */
const STATIC = { speed: 1, variation: 2, latitude: 3, gravity: 4, emission: 5, extentX: 6, extentY: 7 } as const;
/** Indices of its work numbers. */
const WORK = { firstAge: 0, spacing: 1 } as const;

/** A simulated PRE2. */
export class Particle2State extends EmitterState {
  override readonly lifespan: number;
  readonly head: boolean;
  readonly tail: boolean;
  readonly squirt: boolean;
  readonly lineEmitter: boolean;
  readonly modelSpace: boolean;
  readonly xyQuad: boolean;
  readonly tailLength: number;
  private readonly tracks;
  /** A particle's random numbers. */
  private readonly draws = new Float64Array(5);
  /** The step being taken (read by the squirt key visitor). */
  private context: StepContext | null = null;
  private readonly visitKey = (key: number, frameMs: number) => this.emitSquirtKey(key, frameMs);

  constructor(
    index: number,
    nodeIndex: number,
    readonly emitter: ParticleEmitter2,
  ) {
    const lifespan = sanitizeLifespan(emitter.lifespan);
    const rate = sanitizeRate(emitter.emissionRate);
    const heads = emitter.headOrTail === 2 ? 2 : 1;
    // Enough room for the steady state at High (grown later if the tracks ask for more).
    const estimate = Math.ceil(rate * 2 * lifespan * heads) + 16;
    const pool = new ParticlePool(PARTICLE2_STRIDE, estimate, MAX_LIVE_PER_EMITTER);
    super('PRE2', index, emitter.node.name, nodeIndex, pool, [
      emitter.speed,
      emitter.variation,
      emitter.latitude,
      emitter.gravity,
      emitter.emissionRate,
      emitter.length,
      emitter.width,
    ]);
    const flags = emitter.node.flags;
    this.lifespan = lifespan;
    this.head = emitter.headOrTail === 0 || emitter.headOrTail === 2;
    this.tail = emitter.headOrTail === 1 || emitter.headOrTail === 2;
    this.squirt = emitter.squirt !== 0;
    this.lineEmitter = (flags & PARTICLE2_FLAG.lineEmitter) !== 0;
    this.modelSpace = (flags & PARTICLE2_FLAG.modelSpace) !== 0;
    this.xyQuad = (flags & PARTICLE2_FLAG.xyQuad) !== 0;
    this.tailLength = sanitizeMagnitude(emitter.tailLength);
    const tracks = emitter.tracks;
    this.tracks = {
      speed: orderedTrack(tracks, 'KP2S'),
      variation: orderedTrack(tracks, 'KP2R'),
      latitude: orderedTrack(tracks, 'KP2L'),
      gravity: orderedTrack(tracks, 'KP2G'),
      emission: orderedTrack(tracks, 'KP2E'),
      extentX: orderedTrack(tracks, 'KP2N'),
      extentY: orderedTrack(tracks, 'KP2W'),
      visibility: orderedTrack(tracks, 'KP2V'),
    };
  }

  maxLifespanSeconds(): number {
    return this.lifespan;
  }

  step(context: StepContext): void {
    this.advanceParticles(context, -1);
    const time = context.time;
    const statics = this.statics;
    sampleInto(this.tracks.visibility, time, statics, VISIBLE);
    if (!(sampled[0]! > 0)) return;
    context.random.reseed(this.index, context.stepIndex);
    if (this.squirt) {
      this.emissionScale = 1;
      const track = this.tracks.emission;
      if (!track) return;
      this.context = context;
      forEachCrossedKey(track, context, this.visitKey);
      this.context = null;
      return;
    }
    const scale = sampleInto(this.tracks.emission, time, statics, STATIC.emission)
      ? 1
      : PARTICLE_LEVEL_FACTOR[context.level];
    this.emissionScale = scale;
    const scaled = sampled[0]! * scale;
    const rate = scaled > 0 ? (scaled < MAX_EMISSION_RATE ? scaled : MAX_EMISSION_RATE) : 0;
    const dt = context.dtSeconds;
    const carried = this.scalars[SCALAR.carry]!;
    const total = carried + rate * dt;
    const count = Math.floor(total);
    this.scalars[SCALAR.carry] = total - count;
    if (count <= 0) return;
    // The i-th whole particle was reached (i − carried) / rate into the step.
    this.work[WORK.firstAge] = dt - (1 - carried) / rate;
    this.work[WORK.spacing] = 1 / rate;
    this.emit(context, count);
  }

  /** Emits a squirt key's count at the key's time. */
  private emitSquirtKey(key: number, frameMs: number): void {
    const context = this.context!;
    const value = keyValue(this.tracks.emission!, key);
    const count = Math.floor(value > 0 ? (value < MAX_EMISSION_RATE ? value : MAX_EMISSION_RATE) : 0);
    if (count <= 0) return;
    const age = (context.time.frameMs - frameMs) / 1000;
    this.work[WORK.firstAge] = age > 0 ? age : 0;
    this.work[WORK.spacing] = 0;
    this.emit(context, count);
  }

  /**
   * Emits `count` emissions at the node's current pose: the first `work[firstAge]` seconds old at the step's end,
   * each next one `work[spacing]` seconds younger.
   */
  private emit(context: StepContext, count: number): void {
    const time = context.time;
    const tracks = this.tracks;
    const statics = this.statics;
    const values = this.work;
    sampleInto(tracks.speed, time, statics, STATIC.speed);
    const speed = sanitizeMagnitude(sampled[0]!);
    sampleInto(tracks.variation, time, statics, STATIC.variation);
    const variation = sanitizeMagnitude(sampled[0]!);
    sampleInto(tracks.latitude, time, statics, STATIC.latitude);
    const latitude = sanitizeMagnitude(sampled[0]!) * DEGREES;
    sampleInto(tracks.gravity, time, statics, STATIC.gravity);
    const gravity = sanitizeMagnitude(sampled[0]!);
    sampleInto(tracks.extentX, time, statics, STATIC.extentX);
    const halfX = sanitizeMagnitude(sampled[0]!) * 0.5;
    sampleInto(tracks.extentY, time, statics, STATIC.extentY);
    const halfY = sanitizeMagnitude(sampled[0]!) * 0.5;
    const firstAge = values[WORK.firstAge]!;
    const spacing = values[WORK.spacing]!;
    const draws = this.draws;
    const random = context.random;
    const nodes = context.nodes;
    const node = this.nodeIndex;
    const matrix = nodes.worldMatrices;
    const m = node * 16;
    const rotation = nodes.worldRotations;
    const r = node * 4;
    const scales = nodes.worldScales;
    const s = node * 3;
    const pivots = nodes.pivots;
    const pool = this.pool;
    const lifespan = this.lifespan;
    const shape = this.head ? (this.tail ? PARTICLE2_SHAPE.both : PARTICLE2_SHAPE.head) : PARTICLE2_SHAPE.tail;
    for (let emission = 0; emission < count; emission += 1) {
      const age = firstAge - emission * spacing;
      // Draws happen whether or not the particle fits, so a cap never shifts the numbers of later ones.
      random.fill(draws, 5);
      const offsetX = halfX * (2 * draws[0]! - 1);
      const offsetY = halfY * (2 * draws[1]! - 1);
      const a = latitude * (2 * draws[2]! - 1);
      const b = this.lineEmitter ? 0 : latitude * (2 * draws[3]! - 1);
      const magnitude = speed * (1 + variation * (2 * draws[4]! - 1));
      if (!(age < lifespan) || age < 0) continue;
      const at = this.claim(context);
      if (at < 0) continue;
      const data = pool.data;
      const lx = pivots[node * 3]! + offsetX;
      const ly = pivots[node * 3 + 1]! + offsetY;
      const lz = pivots[node * 3 + 2]!;
      // The local direction (sin b, cos b sin a, cos b cos a), times the speed.
      let vx = Math.sin(b) * magnitude;
      let vy = Math.cos(b) * Math.sin(a) * magnitude;
      let vz = Math.cos(b) * Math.cos(a) * magnitude;
      let gravityScale = 1;
      if (this.modelSpace) {
        data[at] = lx;
        data[at + 1] = ly;
        data[at + 2] = lz;
      } else {
        data[at] = matrix[m]! * lx + matrix[m + 4]! * ly + matrix[m + 8]! * lz + matrix[m + 12]!;
        data[at + 1] = matrix[m + 1]! * lx + matrix[m + 5]! * ly + matrix[m + 9]! * lz + matrix[m + 13]!;
        data[at + 2] = matrix[m + 2]! * lx + matrix[m + 6]! * ly + matrix[m + 10]! * lz + matrix[m + 14]!;
        const qx = rotation[r]!;
        const qy = rotation[r + 1]!;
        const qz = rotation[r + 2]!;
        const qw = rotation[r + 3]!;
        // v' = v + 2w(q × v) + 2 q × (q × v)
        const cx = qy * vz - qz * vy;
        const cy = qz * vx - qx * vz;
        const cz = qx * vy - qy * vx;
        const rx = vx + 2 * (qw * cx + qy * cz - qz * cy);
        const ry = vy + 2 * (qw * cy + qz * cx - qx * cz);
        const rz = vz + 2 * (qw * cz + qx * cy - qy * cx);
        vx = rx * scales[s]!;
        vy = ry * scales[s + 1]!;
        vz = rz * scales[s + 2]!;
        gravityScale = scales[s + 2]!;
      }
      data[at + PARTICLE2.vx] = vx;
      data[at + PARTICLE2.vy] = vy;
      data[at + PARTICLE2.vz] = vz;
      data[at + PARTICLE2.age] = age;
      data[at + PARTICLE2.gravity] = gravity * gravityScale;
      data[at + PARTICLE2.facing] = this.xyQuad ? Math.atan2(vy, vx) - Math.PI + Math.PI / 8 : 0;
      data[at + PARTICLE2.tail] = shape;
      data[at + PARTICLE2.scale] = this.modelSpace ? 1 : scales[s]!;
      moveByAge(data, at);
    }
  }
}

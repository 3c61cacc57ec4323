/**
 * A particle emitter (PREM, version 1) simulated as mdx-m3-viewer and Warsmash do it: it emits whole models (or,
 * with EmitterUsesTGA, textures) that fly off the emitter.
 *
 * - While visible (KPEV > 0), the emission rate (KPEE; the Particles level does not scale it, as mdx-m3-viewer does
 *   not) is integrated over each step as particle emitters 2 do.
 * - Birth, at the node's pose: the node's world position (its pivot through its world matrix); a direction
 *   (0, 0, 1) tipped by an angle drawn in [−latitude, latitude] (KPLT, radians) about Y, then turned by one drawn in
 *   [−π, π] about Z, then by the node's world rotation; the speed (KPES, the initial velocity) times the node's world
 *   scale; gravity (KPEG) times its world Z scale; a lifespan (KPEL) read at birth; and a turn about Z drawn in
 *   [0, 2π) for the spawned model. Longitude (KPLN) is not used: no viewer or reimplementation we found uses it.
 * - Motion as particle emitters 2 (gravity pulls world −Z, exact); a particle dies at its lifespan.
 * The spawned model's world matrix: translation to the particle, the turn about Z, the node's world scale at birth.
 */
import type { ParticleEmitter } from '../index';
import {
  EmitterState,
  MOTION,
  moveByAge,
  orderedTrack,
  SCALAR,
  sampled,
  sampleInto,
  type StepContext,
  VISIBLE,
} from './emitter-state';
import {
  MAX_LIVE_PER_EMITTER,
  MAX_SPAWNED_PER_EMITTER,
  sanitizeLifespan,
  sanitizeMagnitude,
  sanitizeRate,
} from './limits';
import { ParticlePool } from './particle-pool';

/** PREM flags (the node's flags word). */
export const PARTICLE_EMITTER_FLAG = { usesMdl: 0x8000, usesTga: 0x10000 } as const;

/** Floats per particle: position (3), velocity (3), age, lifespan, gravity, turn about Z, world scale (3). */
export const PARTICLE_STRIDE = 13;
/** Offsets in a particle's floats (position, velocity, age and gravity where a PRE2 particle has them). */
export const PARTICLE = { ...MOTION, lifespan: 8, yaw: 9, scale: 10 } as const;

/** True when a PREM emits textures (EmitterUsesTGA, or a file name with a texture's extension) rather than models. */
export function emitsTextures(emitter: ParticleEmitter): boolean {
  if (emitter.node.flags & PARTICLE_EMITTER_FLAG.usesTga) return true;
  if (emitter.node.flags & PARTICLE_EMITTER_FLAG.usesMdl) return false;
  return /\.(tga|blp|dds)$/i.test(emitter.spawnModelFileName.trim());
}

/** Indices of a PREM's statics (after VISIBLE). */
const STATIC = { emission: 1, gravity: 2, latitude: 3, lifespan: 4, speed: 5 } as const;

/** A simulated PREM. */
export class ParticleEmitterState extends EmitterState {
  /** A particle's random numbers. */
  private readonly draws = new Float64Array(3);
  readonly textures: boolean;
  private readonly tracks;
  private readonly longestLife: number;

  constructor(
    index: number,
    nodeIndex: number,
    readonly emitter: ParticleEmitter,
  ) {
    const textures = emitsTextures(emitter);
    const limit = textures ? MAX_LIVE_PER_EMITTER : MAX_SPAWNED_PER_EMITTER;
    const estimate = Math.ceil(sanitizeRate(emitter.emissionRate) * sanitizeLifespan(emitter.lifespan)) + 4;
    super('PREM', index, emitter.node.name, nodeIndex, new ParticlePool(PARTICLE_STRIDE, estimate, limit), [
      emitter.emissionRate,
      emitter.gravity,
      emitter.latitude,
      emitter.lifespan,
      emitter.initialVelocity,
    ]);
    this.textures = textures;
    const tracks = emitter.tracks;
    this.tracks = {
      emission: orderedTrack(tracks, 'KPEE'),
      gravity: orderedTrack(tracks, 'KPEG'),
      latitude: orderedTrack(tracks, 'KPLT'),
      lifespan: orderedTrack(tracks, 'KPEL'),
      speed: orderedTrack(tracks, 'KPES'),
      visibility: orderedTrack(tracks, 'KPEV'),
    };
    let longest = sanitizeLifespan(emitter.lifespan);
    const life = this.tracks.lifespan;
    if (life)
      for (let key = 0; key < life.keyCount; key += 1)
        longest = Math.max(longest, sanitizeLifespan(life.keyValues[key * life.stride + 1]!));
    this.longestLife = longest;
  }

  maxLifespanSeconds(): number {
    return this.longestLife;
  }

  step(context: StepContext): void {
    const dt = context.dtSeconds;
    const pool = this.pool;
    this.advanceParticles(context, PARTICLE.lifespan);
    const time = context.time;
    const statics = this.statics;
    sampleInto(this.tracks.visibility, time, statics, VISIBLE);
    if (!(sampled[0]! > 0)) return;
    this.emissionScale = 1;
    sampleInto(this.tracks.emission, time, statics, STATIC.emission);
    const rate = sanitizeRate(sampled[0]!);
    const carried = this.scalars[SCALAR.carry]!;
    const total = carried + rate * dt;
    const count = Math.floor(total);
    this.scalars[SCALAR.carry] = total - count;
    if (count <= 0) return;
    sampleInto(this.tracks.lifespan, time, statics, STATIC.lifespan);
    const lifespan = sanitizeLifespan(sampled[0]!);
    sampleInto(this.tracks.latitude, time, statics, STATIC.latitude);
    const latitude = sanitizeMagnitude(sampled[0]!);
    sampleInto(this.tracks.speed, time, statics, STATIC.speed);
    const speed = sanitizeMagnitude(sampled[0]!);
    sampleInto(this.tracks.gravity, time, statics, STATIC.gravity);
    const gravity = sanitizeMagnitude(sampled[0]!);
    const random = context.random.reseed(this.index, context.stepIndex);
    const draws = this.draws;
    const nodes = context.nodes;
    const node = this.nodeIndex;
    const m = node * 16;
    const matrix = nodes.worldMatrices;
    const q = node * 4;
    const rotation = nodes.worldRotations;
    const s = node * 3;
    const scales = nodes.worldScales;
    const px = nodes.pivots[s]!;
    const py = nodes.pivots[s + 1]!;
    const pz = nodes.pivots[s + 2]!;
    const firstAge = dt - (1 - carried) / rate;
    for (let emission = 0; emission < count; emission += 1) {
      const age = firstAge - emission / rate;
      random.fill(draws, 3);
      const tip = latitude * (2 * draws[0]! - 1);
      const turn = Math.PI * (2 * draws[1]! - 1);
      const yaw = Math.PI * 2 * draws[2]!;
      if (!(age < lifespan) || age < 0) continue;
      const at = this.claim(context);
      if (at < 0) continue;
      const data = pool.data;
      data[at] = matrix[m]! * px + matrix[m + 4]! * py + matrix[m + 8]! * pz + matrix[m + 12]!;
      data[at + 1] = matrix[m + 1]! * px + matrix[m + 5]! * py + matrix[m + 9]! * pz + matrix[m + 13]!;
      data[at + 2] = matrix[m + 2]! * px + matrix[m + 6]! * py + matrix[m + 10]! * pz + matrix[m + 14]!;
      // (0, 0, 1) tipped about Y, turned about Z, then by the node's world rotation.
      const vx = Math.cos(turn) * Math.sin(tip);
      const vy = Math.sin(turn) * Math.sin(tip);
      const vz = Math.cos(tip);
      const qx = rotation[q]!;
      const qy = rotation[q + 1]!;
      const qz = rotation[q + 2]!;
      const qw = rotation[q + 3]!;
      const cx = qy * vz - qz * vy;
      const cy = qz * vx - qx * vz;
      const cz = qx * vy - qy * vx;
      data[at + PARTICLE.vx] = (vx + 2 * (qw * cx + qy * cz - qz * cy)) * speed * scales[s]!;
      data[at + PARTICLE.vy] = (vy + 2 * (qw * cy + qz * cx - qx * cz)) * speed * scales[s + 1]!;
      data[at + PARTICLE.vz] = (vz + 2 * (qw * cz + qx * cy - qy * cx)) * speed * scales[s + 2]!;
      data[at + PARTICLE.age] = age;
      data[at + PARTICLE.gravity] = gravity * scales[s + 2]!;
      data[at + PARTICLE.lifespan] = lifespan;
      data[at + PARTICLE.yaw] = yaw;
      data[at + PARTICLE.scale] = scales[s]!;
      data[at + PARTICLE.scale + 1] = scales[s + 1]!;
      data[at + PARTICLE.scale + 2] = scales[s + 2]!;
      moveByAge(data, at);
    }
  }
}

/**
 * The world matrix (column major) of the model spawned by the PREM particle at `at`: translation to it, its turn
 * about Z, its scale. Written into out[offset…].
 */
export function spawnedMatrix(data: Float32Array, at: number, out: Float32Array | Float64Array, offset = 0): void {
  const yaw = data[at + PARTICLE.yaw]!;
  const cos = Math.cos(yaw);
  const sin = Math.sin(yaw);
  const sx = data[at + PARTICLE.scale]!;
  const sy = data[at + PARTICLE.scale + 1]!;
  const sz = data[at + PARTICLE.scale + 2]!;
  out[offset] = cos * sx;
  out[offset + 1] = sin * sx;
  out[offset + 2] = 0;
  out[offset + 3] = 0;
  out[offset + 4] = -sin * sy;
  out[offset + 5] = cos * sy;
  out[offset + 6] = 0;
  out[offset + 7] = 0;
  out[offset + 8] = 0;
  out[offset + 9] = 0;
  out[offset + 10] = sz;
  out[offset + 11] = 0;
  out[offset + 12] = data[at]!;
  out[offset + 13] = data[at + 1]!;
  out[offset + 14] = data[at + 2]!;
  out[offset + 15] = 1;
}

/**
 * What the viewport uploads for each emitter every frame, written from the simulation's state into preallocated
 * typed arrays (three-free, allocation-free; the benchmark runs it as the viewport does):
 *
 * - a particle emitter 2: one instance record per live particle — {@link PARTICLE2_INSTANCE_FLOATS} floats: a head's
 *   position and XY-quad angle, or a tail's start and end; colour and alpha; half the quad's side; texture cell;
 *   head (0) or tail (1) — moved on from the last simulation step to the frame drawn (the state is at most one
 *   step old), Model Space particles placed by the node's matrix at that frame; SortPrimsFarZ emitters sorted far
 *   to near from the camera;
 * - a ribbon: two vertices per live edge (above, below: position and texture coordinates), oldest first;
 * - a particle emitter of textures: quads like a PRE2's heads; of models: one spawned instance per particle.
 */
import type { NodeTransforms } from '../../../../shared/model/index';
import {
  LOOK_FLOATS,
  PARTICLE,
  PARTICLE2,
  PARTICLE2_SHAPE,
  PARTICLE2_STRIDE,
  PARTICLE_STRIDE,
  type ParticleEmitterState,
  type Particle2Look,
  type Particle2State,
  writeParticleLook,
  RIBBON,
  RIBBON_LOOK,
  RIBBON_STRIDE,
  type RibbonState,
  copyFloats,
  spawnedMatrix,
} from '../../../../shared/model/simulation/index';
import type { SpawnedInstances } from '../spawned/spawned-instances';

/** Floats per particle instance: p0 (3), p1 (3), colour (4), half size, cell, tail. */
export const PARTICLE2_INSTANCE_FLOATS = 13;
/** Offsets in an instance record. */
export const INSTANCE = { p0: 0, p1: 3, color: 6, size: 10, cell: 11, tail: 12 } as const;
/** Floats per ribbon vertex: position (3), texture coordinates (2). */
export const RIBBON_VERTEX_FLOATS = 5;
/**
 * Half the side of a PREM texture particle's quad, in model units at the node's scale 1. The format gives no size
 * for EmitterUsesTGA particles and no viewer draws them; 16 (a 32-unit quad, a small missile's size) is our choice.
 */
export const TEXTURE_PARTICLE_HALF_SIZE = 16;

/** Where the camera is (for SortPrimsFarZ). */
export interface ParticleCamera {
  x: number;
  y: number;
  z: number;
}

/** Scratch space of one emitter's sort, for `records` instance records (grown with its pool, then reused). */
export interface SortScratch {
  keys: Float32Array;
  order: Int32Array;
  records: Float32Array;
}

/** Sort scratch for `particles` records. */
export function createSortScratch(particles: number): SortScratch {
  return {
    keys: new Float32Array(particles),
    order: new Int32Array(particles),
    records: new Float32Array(particles * PARTICLE2_INSTANCE_FLOATS),
  };
}

const look = new Float64Array(LOOK_FLOATS);

/**
 * How far the drawn frame is past the simulation's state, in seconds (a ModelSimulation is one). Read from an
 * object, not passed as a number: a fractional argument is boxed — an allocation per emitter per frame — whenever
 * the call is not inlined.
 */
export interface FrameOffset {
  readonly extrapolationSeconds: number;
}

/**
 * Writes a PRE2's instance records into `out` (room for two per live particle: a Both particle is a head and a
 * tail); returns how many. `offset` moves
 * particles on from the state's step; `nodes` are the model's at the drawn frame (for Model Space); `camera` and
 * `scratch` sort a SortPrimsFarZ emitter.
 */
export function fillParticle2Instances(
  state: Particle2State,
  emitterLook: Particle2Look,
  offset: FrameOffset,
  nodes: NodeTransforms,
  camera: ParticleCamera,
  out: Float32Array,
  scratch: SortScratch | null,
): number {
  const seconds = offset.extrapolationSeconds;
  const pool = state.pool;
  const data = pool.data;
  const lifespan = state.lifespan;
  const tailLength = state.tailLength;
  const modelSpace = state.modelSpace;
  const matrix = nodes.worldMatrices;
  const m = state.nodeIndex * 16;
  const target = scratch ? scratch.records : out;
  let count = 0;
  for (let index = 0; index < pool.count; index += 1) {
    const at = index * PARTICLE2_STRIDE;
    const age = data[at + PARTICLE2.age]! + seconds;
    if (!(age < lifespan)) continue;
    const gravity = data[at + PARTICLE2.gravity]!;
    let vx = data[at + PARTICLE2.vx]!;
    let vy = data[at + PARTICLE2.vy]!;
    let vz = data[at + PARTICLE2.vz]!;
    let x = data[at]! + vx * seconds;
    let y = data[at + 1]! + vy * seconds;
    let z = data[at + 2]! + (vz - 0.5 * gravity * seconds) * seconds;
    vz -= gravity * seconds;
    const shape = data[at + PARTICLE2.tail]!;
    if (modelSpace) {
      const lx = x;
      const ly = y;
      const lz = z;
      x = matrix[m]! * lx + matrix[m + 4]! * ly + matrix[m + 8]! * lz + matrix[m + 12]!;
      y = matrix[m + 1]! * lx + matrix[m + 5]! * ly + matrix[m + 9]! * lz + matrix[m + 13]!;
      z = matrix[m + 2]! * lx + matrix[m + 6]! * ly + matrix[m + 10]! * lz + matrix[m + 14]!;
      const wx = matrix[m]! * vx + matrix[m + 4]! * vy + matrix[m + 8]! * vz;
      const wy = matrix[m + 1]! * vx + matrix[m + 5]! * vy + matrix[m + 9]! * vz;
      const wz = matrix[m + 2]! * vx + matrix[m + 6]! * vy + matrix[m + 10]! * vz;
      vx = wx;
      vy = wy;
      vz = wz;
    }
    if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z))) continue;
    const key = scratch ? (x - camera.x) ** 2 + (y - camera.y) ** 2 + (z - camera.z) ** 2 : 0;
    for (let part = 0; part < 2; part += 1) {
      const tail = part === 1;
      if (tail ? shape === PARTICLE2_SHAPE.head : shape === PARTICLE2_SHAPE.tail) continue;
      const o = count * PARTICLE2_INSTANCE_FLOATS;
      look[0] = age / lifespan;
      writeParticleLook(emitterLook, tail, look, 0);
      if (tail) {
        target[o] = x - tailLength * vx;
        target[o + 1] = y - tailLength * vy;
        target[o + 2] = z - tailLength * vz;
        target[o + 3] = x;
        target[o + 4] = y;
        target[o + 5] = z;
        target[o + INSTANCE.size] = look[4]! * data[at + PARTICLE2.scale]!;
      } else {
        target[o] = x;
        target[o + 1] = y;
        target[o + 2] = z;
        target[o + 3] = data[at + PARTICLE2.facing]!;
        target[o + 4] = 0;
        target[o + 5] = 0;
        target[o + INSTANCE.size] = look[4]!;
      }
      target[o + INSTANCE.color] = look[0]!;
      target[o + INSTANCE.color + 1] = look[1]!;
      target[o + INSTANCE.color + 2] = look[2]!;
      target[o + INSTANCE.color + 3] = look[3]!;
      target[o + INSTANCE.cell] = look[5]!;
      target[o + INSTANCE.tail] = tail ? 1 : 0;
      if (scratch) {
        scratch.keys[count] = key;
        scratch.order[count] = count;
      }
      count += 1;
    }
  }
  if (scratch) {
    sortFarFirst(scratch.keys, scratch.order, count);
    for (let rank = 0; rank < count; rank += 1) {
      const from = scratch.order[rank]! * PARTICLE2_INSTANCE_FLOATS;
      copyFloats(scratch.records, from, out, rank * PARTICLE2_INSTANCE_FLOATS, PARTICLE2_INSTANCE_FLOATS);
    }
  }
  return count;
}

/** Sorts `order[0…count)` by `keys[order[i]]`, largest first (heap sort: in place, no allocation). */
export function sortFarFirst(keys: Float32Array, order: Int32Array, count: number): void {
  // A min-heap by key: popping the smallest to the end leaves the largest first.
  for (let start = (count >> 1) - 1; start >= 0; start -= 1) siftDown(keys, order, start, count);
  for (let end = count - 1; end > 0; end -= 1) {
    const swap = order[0]!;
    order[0] = order[end]!;
    order[end] = swap;
    siftDown(keys, order, 0, end);
  }
}

/** Moves `order[start]` down the min-heap `order[0…end)` to its place. */
function siftDown(keys: Float32Array, order: Int32Array, start: number, end: number): void {
  let root = start;
  for (;;) {
    let child = root * 2 + 1;
    if (child >= end) return;
    if (child + 1 < end && keys[order[child + 1]!]! < keys[order[child]!]!) child += 1;
    if (!(keys[order[child]!]! < keys[order[root]!]!)) return;
    const swap = order[root]!;
    order[root] = order[child]!;
    order[child] = swap;
    root = child;
  }
}

/**
 * Writes a ribbon's vertices into `out` (two per live edge: above, then below; position and texture coordinates);
 * returns the number of edges. Texture coordinates: across the ribbon from the newest edge (left of its cell) to
 * the oldest (right), above at the cell's top; the cell is the emitter's current texture slot.
 */
export function fillRibbonVertices(state: RibbonState, offset: FrameOffset, out: Float32Array): number {
  const seconds = offset.extrapolationSeconds;
  const pool = state.pool;
  const data = pool.data;
  const count = pool.count;
  const columns = state.columns;
  const rows = state.rows;
  const slot = state.scalars[RIBBON_LOOK.slot]!;
  const column = slot % columns;
  const row = Math.min(rows - 1, Math.floor(slot / columns));
  const top = row / rows;
  const bottom = (row + 1) / rows;
  const gravity = state.gravity;
  let written = 0;
  for (let index = 0; index < count; index += 1) {
    const at = index * RIBBON_STRIDE;
    if (!(data[at + RIBBON.age]! + seconds < state.lifespan)) continue;
    const vz = data[at + RIBBON.vz]!;
    const drop = gravity === 0 ? 0 : (vz - 0.5 * gravity * seconds) * seconds;
    const u = (column + 1 - (count > 1 ? index / (count - 1) : 0)) / columns;
    const o = written * 2 * RIBBON_VERTEX_FLOATS;
    out[o] = data[at + RIBBON.above]!;
    out[o + 1] = data[at + RIBBON.above + 1]!;
    out[o + 2] = data[at + RIBBON.above + 2]! + drop;
    out[o + 3] = u;
    out[o + 4] = top;
    out[o + 5] = data[at + RIBBON.below]!;
    out[o + 6] = data[at + RIBBON.below + 1]!;
    out[o + 7] = data[at + RIBBON.below + 2]! + drop;
    out[o + 8] = u;
    out[o + 9] = bottom;
    written += 1;
  }
  return written;
}

/** Writes the quads of a PREM of textures as head instance records; returns how many. */
export function fillTextureParticles(state: ParticleEmitterState, offset: FrameOffset, out: Float32Array): number {
  const seconds = offset.extrapolationSeconds;
  const pool = state.pool;
  const data = pool.data;
  let count = 0;
  for (let index = 0; index < pool.count; index += 1) {
    const at = index * PARTICLE_STRIDE;
    if (!(data[at + PARTICLE.age]! + seconds < data[at + PARTICLE.lifespan]!)) continue;
    const gravity = data[at + PARTICLE.gravity]!;
    const o = count * PARTICLE2_INSTANCE_FLOATS;
    out[o] = data[at]! + data[at + PARTICLE.vx]! * seconds;
    out[o + 1] = data[at + 1]! + data[at + PARTICLE.vy]! * seconds;
    out[o + 2] = data[at + 2]! + (data[at + PARTICLE.vz]! - 0.5 * gravity * seconds) * seconds;
    out[o + 3] = 0;
    out[o + 4] = 0;
    out[o + 5] = 0;
    out[o + INSTANCE.color] = 1;
    out[o + INSTANCE.color + 1] = 1;
    out[o + INSTANCE.color + 2] = 1;
    out[o + INSTANCE.color + 3] = 1;
    out[o + INSTANCE.size] = TEXTURE_PARTICLE_HALF_SIZE * data[at + PARTICLE.scale]!;
    out[o + INSTANCE.cell] = 0;
    out[o + INSTANCE.tail] = 0;
    count += 1;
  }
  return count;
}

/** Lists a PREM of models' particles as spawned instances (world matrix, age), moved on by `seconds`. */
export function fillSpawnedInstances(
  state: ParticleEmitterState,
  offset: FrameOffset,
  instances: SpawnedInstances,
): void {
  const seconds = offset.extrapolationSeconds;
  const pool = state.pool;
  const data = pool.data;
  instances.begin();
  for (let index = 0; index < pool.count; index += 1) {
    const at = index * PARTICLE_STRIDE;
    const age = data[at + PARTICLE.age]! + seconds;
    if (!(age < data[at + PARTICLE.lifespan]!)) continue;
    const slot = instances.reserve();
    if (slot < 0) break;
    const matrices = instances.matrices;
    spawnedMatrix(data, at, matrices, slot);
    const gravity = data[at + PARTICLE.gravity]!;
    matrices[slot + 12] = matrices[slot + 12]! + data[at + PARTICLE.vx]! * seconds;
    matrices[slot + 13] = matrices[slot + 13]! + data[at + PARTICLE.vy]! * seconds;
    matrices[slot + 14] = matrices[slot + 14]! + (data[at + PARTICLE.vz]! - 0.5 * gravity * seconds) * seconds;
    instances.commit(age * 1000);
  }
}

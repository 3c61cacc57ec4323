/**
 * A ribbon emitter (RIBB) simulated as the game's viewers do it (mdx-m3-viewer's Ribbon, Warsmash):
 *
 * - While visible — alpha (KRAL) above 0 and KRVS > 0 at the step's end, alpha first as mdx-m3-viewer checks it —
 *   the emitter adds edges at its edges-per-second rate times the Particles level's factor (particle-level.ts), each
 *   born at the moment within the step its count was reached, as particle emitters 2 do. An edge is a segment
 *   from heightAbove (KRHA) above the pivot to heightBelow (KRHB) below it along the node's Y, placed in the world
 *   by the node's matrix at the step's end, and lives for the lifespan. Consecutive edges make the ribbon's quads:
 *   n live edges draw n − 1 quads, oldest first.
 * - The whole ribbon takes the emitter's current colour (KRCO, stored blue, green, red), alpha (KRAL) and texture
 *   slot (KRTX: a cell of the rows × columns grid, row by row), as mdx-m3-viewer updates every live edge to them.
 * - Gravity pulls each edge down world −Z from its birth, exactly under constant gravity. (mdx-m3-viewer and
 *   Warsmash move edges along world −Y by gravity·dt² per frame, which depends on the frame rate and is not the
 *   game's up axis; with gravity 0, as nearly every ribbon has, the two agree.)
 */
import { sampleTrack, type RibbonEmitter } from '../index';
import { EmitterState, orderedTrack, SCALAR, sampled, sampleInto, type StepContext, VISIBLE } from './emitter-state';
import { MAX_EMISSION_RATE, MAX_LIVE_PER_EMITTER, sanitizeLifespan, sanitizeMagnitude, sanitizeRate } from './limits';
import { PARTICLE_LEVEL_FACTOR } from './particle-level';
import { ParticlePool } from './particle-pool';

/** Floats per edge: the point above (3), the point below (3), age, vertical speed. */
export const RIBBON_STRIDE = 8;
/** Offsets in an edge's floats. */
export const RIBBON = { above: 0, below: 3, age: 6, vz: 7 } as const;
/** The ribbon's current look in the emitter's scalars: red, green, blue, alpha, texture slot. */
export const RIBBON_LOOK = { red: 1, green: 2, blue: 3, alpha: 4, slot: 5 } as const;

const colour = new Float64Array(3);
/** Indices of a ribbon's statics (after VISIBLE). */
const STATIC = { alpha: 1, slot: 2, above: 3, below: 4 } as const;

/** A simulated RIBB. */
export class RibbonState extends EmitterState {
  override readonly lifespan: number;
  readonly rate: number;
  readonly gravity: number;
  readonly rows: number;
  readonly columns: number;
  private readonly tracks;

  constructor(
    index: number,
    nodeIndex: number,
    readonly emitter: RibbonEmitter,
  ) {
    const lifespan = sanitizeLifespan(emitter.lifespan);
    const rate = sanitizeRate(emitter.emissionRate);
    const pool = new ParticlePool(RIBBON_STRIDE, Math.ceil(rate * 2 * lifespan) + 4, MAX_LIVE_PER_EMITTER);
    super('RIBB', index, emitter.node.name, nodeIndex, pool, [
      emitter.alpha,
      emitter.textureSlot,
      emitter.heightAbove,
      emitter.heightBelow,
    ]);
    this.lifespan = lifespan;
    this.rate = rate;
    this.gravity = sanitizeMagnitude(emitter.gravity);
    this.rows = emitter.rows >= 1 ? Math.min(256, Math.floor(emitter.rows)) : 1;
    this.columns = emitter.columns >= 1 ? Math.min(256, Math.floor(emitter.columns)) : 1;
    const tracks = emitter.tracks;
    this.tracks = {
      above: orderedTrack(tracks, 'KRHA'),
      below: orderedTrack(tracks, 'KRHB'),
      alpha: orderedTrack(tracks, 'KRAL'),
      color: orderedTrack(tracks, 'KRCO'),
      slot: orderedTrack(tracks, 'KRTX'),
      visibility: orderedTrack(tracks, 'KRVS'),
    };
    this.resetLook();
  }

  maxLifespanSeconds(): number {
    return this.lifespan;
  }

  override reset(): void {
    super.reset();
    this.resetLook();
  }

  private resetLook(): void {
    const { color, alpha } = this.emitter;
    this.scalars[RIBBON_LOOK.red] = finite(color[2]);
    this.scalars[RIBBON_LOOK.green] = finite(color[1]);
    this.scalars[RIBBON_LOOK.blue] = finite(color[0]);
    this.scalars[RIBBON_LOOK.alpha] = finite(alpha);
    this.scalars[RIBBON_LOOK.slot] = this.emitter.textureSlot;
  }

  step(context: StepContext): void {
    const dt = context.dtSeconds;
    this.advance(context);
    const time = context.time;
    const scalars = this.scalars;
    const statics = this.statics;
    const emitter = this.emitter;
    sampleInto(this.tracks.alpha, time, statics, STATIC.alpha);
    const alpha = sampled[0]!;
    colour[0] = emitter.color[0];
    colour[1] = emitter.color[1];
    colour[2] = emitter.color[2];
    if (this.tracks.color) sampleTrack(this.tracks.color, time, colour, colour);
    scalars[RIBBON_LOOK.red] = Number.isFinite(colour[2]!) ? colour[2]! : 0;
    scalars[RIBBON_LOOK.green] = Number.isFinite(colour[1]!) ? colour[1]! : 0;
    scalars[RIBBON_LOOK.blue] = Number.isFinite(colour[0]!) ? colour[0]! : 0;
    scalars[RIBBON_LOOK.alpha] = Number.isFinite(alpha) ? alpha : 0;
    sampleInto(this.tracks.slot, time, statics, STATIC.slot);
    const slot = sampled[0]!;
    scalars[RIBBON_LOOK.slot] = slot >= 0 ? Math.floor(slot) : 0;
    if (!(alpha > 0)) return;
    sampleInto(this.tracks.visibility, time, statics, VISIBLE);
    if (!(sampled[0]! > 0)) return;
    const scale = PARTICLE_LEVEL_FACTOR[context.level];
    this.emissionScale = scale;
    const scaled = this.rate * scale;
    const rate = scaled < MAX_EMISSION_RATE ? scaled : MAX_EMISSION_RATE;
    const carried = scalars[SCALAR.carry]!;
    const total = carried + rate * dt;
    const count = Math.floor(total);
    scalars[SCALAR.carry] = total - count;
    if (count <= 0) return;
    sampleInto(this.tracks.above, time, statics, STATIC.above);
    const above = sanitizeMagnitude(sampled[0]!);
    sampleInto(this.tracks.below, time, statics, STATIC.below);
    const below = sanitizeMagnitude(sampled[0]!);
    const nodes = context.nodes;
    const m = this.nodeIndex * 16;
    const matrix = nodes.worldMatrices;
    const pivot = this.nodeIndex * 3;
    const px = nodes.pivots[pivot]!;
    const py = nodes.pivots[pivot + 1]!;
    const pz = nodes.pivots[pivot + 2]!;
    const firstAge = dt - (1 - carried) / rate;
    for (let edge = 0; edge < count; edge += 1) {
      const age = firstAge - edge / rate;
      if (!(age < this.lifespan) || age < 0) continue;
      const at = this.claim(context);
      if (at < 0) continue;
      const data = this.pool.data;
      const point = this.work;
      point[0] = px;
      point[1] = py + above;
      point[2] = pz;
      transformPoint(matrix, m, point, data, at + RIBBON.above);
      point[1] = py - below;
      transformPoint(matrix, m, point, data, at + RIBBON.below);
      data[at + RIBBON.age] = age;
      data[at + RIBBON.vz] = 0;
      this.fallByAge(data, at);
    }
  }

  /** Ages every edge by the step; the oldest past the lifespan die (edges are kept oldest first). */
  private advance(context: StepContext): void {
    const dt = context.dtSeconds;
    const pool = this.pool;
    const data = pool.data;
    let dead = 0;
    for (let index = 0; index < pool.count; index += 1) {
      const at = index * RIBBON_STRIDE;
      const age = data[at + RIBBON.age]! + dt;
      data[at + RIBBON.age] = age;
      if (!(age < this.lifespan)) dead = index + 1;
      else if (this.gravity !== 0) {
        const vz = data[at + RIBBON.vz]!;
        const fallen = vz - this.gravity * dt;
        const drop = (vz + fallen) * 0.5 * dt;
        data[at + RIBBON.above + 2] = data[at + RIBBON.above + 2]! + drop;
        data[at + RIBBON.below + 2] = data[at + RIBBON.below + 2]! + drop;
        data[at + RIBBON.vz] = fallen;
      }
    }
    pool.removeFront(dead);
  }

  /** Lets a just-born edge fall for its own age. */
  private fallByAge(data: Float32Array, at: number): void {
    const dt = data[at + RIBBON.age]!;
    if (this.gravity === 0 || dt <= 0) return;
    const fallen = -this.gravity * dt;
    const drop = fallen * 0.5 * dt;
    data[at + RIBBON.above + 2] = data[at + RIBBON.above + 2]! + drop;
    data[at + RIBBON.below + 2] = data[at + RIBBON.below + 2]! + drop;
    data[at + RIBBON.vz] = fallen;
  }
}

function finite(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) ? value : 0;
}

/** Writes the matrix (column major, at `m`) times (point[0], point[1], point[2], 1) into out[at…]. */
export function transformPoint(
  matrix: ArrayLike<number>,
  m: number,
  point: Float64Array,
  out: Float32Array,
  at: number,
): void {
  const x = point[0]!;
  const y = point[1]!;
  const z = point[2]!;
  out[at] = matrix[m]! * x + matrix[m + 4]! * y + matrix[m + 8]! * z + matrix[m + 12]!;
  out[at + 1] = matrix[m + 1]! * x + matrix[m + 5]! * y + matrix[m + 9]! * z + matrix[m + 13]!;
  out[at + 2] = matrix[m + 2]! * x + matrix[m + 6]! * y + matrix[m + 10]! * z + matrix[m + 14]!;
}

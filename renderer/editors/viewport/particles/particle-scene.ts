/**
 * A model's particles ready to draw, three-free (the viewport and the benchmark run it alike): the simulation
 * (shared/model/simulation) brought to the frame drawn, then each emitter's upload written by particle-buffers.ts
 * into an array that grows with its pool (only when the pool reaches a new high) — instance records for particle
 * emitters 2 and PREMs of textures, vertices for ribbons, spawned instances for PREMs of models.
 */
import type { BillboardCamera, NodeTransforms, TypedMdxModel } from '../../../../shared/model/index';
import {
  DEFAULT_UPDATE_WORK,
  type EmitterState,
  ModelSimulation,
  type Particle2Look,
  particle2Look,
  type ParticleEmitterState,
  type Particle2State,
  PARTICLE2_FLAG,
  type ParticleLevel,
  type RibbonState,
} from '../../../../shared/model/simulation/index';
import { SpawnedInstances } from '../spawned/spawned-instances';
import {
  createSortScratch,
  fillParticle2Instances,
  fillRibbonVertices,
  fillSpawnedInstances,
  fillTextureParticles,
  PARTICLE2_INSTANCE_FLOATS,
  type ParticleCamera,
  RIBBON_VERTEX_FLOATS,
  type SortScratch,
} from './particle-buffers';

/** How an emitter is drawn. */
export type ParticleDrawKind = 'PRE2' | 'RIBB' | 'PREM-texture' | 'PREM-model';

/** One emitter's upload. */
export interface ParticleDraw {
  readonly kind: ParticleDrawKind;
  readonly state: EmitterState;
  /** PRE2: its look (colours, scaling, cells). */
  readonly look: Particle2Look | null;
  /** Instance records (PRE2, PREM of textures) or vertices (ribbons), room for the pool's capacity. */
  data: Float32Array;
  /** Records or edges written by the last update. */
  count: number;
  /** Bumped when `data` is replaced by a larger array (the GPU buffer must be made again). */
  generation: number;
  /** PREM of models: this frame's spawned instances. */
  readonly instances: SpawnedInstances | null;
  sortScratch: SortScratch | null;
}

/** Floats per pooled particle of a draw's upload (a PRE2 particle may be a head and a tail: two records). */
function floatsPerParticle(kind: ParticleDrawKind): number {
  return kind === 'RIBB'
    ? 2 * RIBBON_VERTEX_FLOATS
    : kind === 'PRE2'
      ? 2 * PARTICLE2_INSTANCE_FLOATS
      : PARTICLE2_INSTANCE_FLOATS;
}

/** See the module comment. */
export class ParticleScene {
  /**
   * Writes the bounds [min x, y, z, max x, y, z] of what the last update wrote (particle centres and tail ends,
   * ribbon edges, spawned models' places) into `out`; false when there is nothing.
   */
  bounds(out: Float64Array): boolean {
    out.set([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
    const grow = (x: number, y: number, z: number) => {
      if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z))) return;
      out[0] = Math.min(out[0]!, x);
      out[1] = Math.min(out[1]!, y);
      out[2] = Math.min(out[2]!, z);
      out[3] = Math.max(out[3]!, x);
      out[4] = Math.max(out[4]!, y);
      out[5] = Math.max(out[5]!, z);
    };
    for (const draw of this.draws) {
      if (draw.kind === 'PREM-model') {
        const matrices = draw.instances!.matrices;
        for (let index = 0; index < draw.count; index += 1)
          grow(matrices[index * 16 + 12]!, matrices[index * 16 + 13]!, matrices[index * 16 + 14]!);
        continue;
      }
      const data = draw.data;
      if (draw.kind === 'RIBB') {
        for (let vertex = 0; vertex < draw.count * 2; vertex += 1) {
          const at = vertex * RIBBON_VERTEX_FLOATS;
          grow(data[at]!, data[at + 1]!, data[at + 2]!);
        }
        continue;
      }
      for (let index = 0; index < draw.count; index += 1) {
        const at = index * PARTICLE2_INSTANCE_FLOATS;
        grow(data[at]!, data[at + 1]!, data[at + 2]!);
        if (data[at + 12] === 1) grow(data[at + 3]!, data[at + 4]!, data[at + 5]!);
      }
    }
    return out[0]! <= out[3]!;
  }

  readonly simulation: ModelSimulation;
  readonly draws: readonly ParticleDraw[];

  constructor(model: Pick<TypedMdxModel, 'chunks'>, level: ParticleLevel, seed?: number) {
    this.simulation = new ModelSimulation(model, { level, ...(seed === undefined ? {} : { seed }) });
    this.draws = this.simulation.emitters.map((state): ParticleDraw => {
      const kind: ParticleDrawKind =
        state.kind === 'PRE2'
          ? 'PRE2'
          : state.kind === 'RIBB'
            ? 'RIBB'
            : (state as ParticleEmitterState).textures
              ? 'PREM-texture'
              : 'PREM-model';
      const sorted =
        kind === 'PRE2' && ((state as Particle2State).emitter.node.flags & PARTICLE2_FLAG.sortPrimsFarZ) !== 0;
      return {
        kind,
        state,
        look: kind === 'PRE2' ? particle2Look((state as Particle2State).emitter) : null,
        data: new Float32Array(kind === 'PREM-model' ? 0 : state.pool.capacity * floatsPerParticle(kind)),
        count: 0,
        generation: 0,
        instances: kind === 'PREM-model' ? new SpawnedInstances(state.pool.limit) : null,
        sortScratch: sorted ? createSortScratch(2 * state.pool.capacity) : null,
      };
    });
  }

  /**
   * Brings the particles to `frameMs` and writes every upload. `billboard` turns billboarded emitter nodes;
   * `camera` sorts SortPrimsFarZ emitters; `nodes` are the model's at the drawn frame (Model Space particles).
   * Returns false when the simulation stopped short (draw, then update again next frame).
   */
  update(
    frameMs: number,
    billboard: BillboardCamera | null,
    camera: ParticleCamera,
    nodes: NodeTransforms,
    maxWork = DEFAULT_UPDATE_WORK,
  ): boolean {
    const simulation = this.simulation;
    const done = simulation.update(frameMs, billboard, maxWork);
    const draws = this.draws;
    for (let index = 0; index < draws.length; index += 1) {
      const draw = draws[index]!;
      const state = draw.state;
      if (draw.kind === 'PREM-model') {
        fillSpawnedInstances(state as ParticleEmitterState, simulation, draw.instances!);
        draw.count = draw.instances!.count;
        continue;
      }
      const needed = state.pool.capacity * floatsPerParticle(draw.kind);
      if (draw.data.length < needed) {
        draw.data = new Float32Array(needed);
        draw.generation += 1;
        if (draw.sortScratch) draw.sortScratch = createSortScratch(2 * state.pool.capacity);
      }
      if (draw.kind === 'PRE2')
        draw.count = fillParticle2Instances(
          state as Particle2State,
          draw.look!,
          simulation,
          nodes,
          camera,
          draw.data,
          draw.sortScratch,
        );
      else if (draw.kind === 'RIBB') draw.count = fillRibbonVertices(state as RibbonState, simulation, draw.data);
      else draw.count = fillTextureParticles(state as ParticleEmitterState, simulation, draw.data);
    }
    return done;
  }
}

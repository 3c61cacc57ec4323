/**
 * What the viewport's particle layer reports each frame, for the automation surface (`snapshot().model.particles`)
 * and the statistics overlay: every simulated emitter of the drawn model with its live particles (a ribbon: its
 * live edges; a PREM: its spawned models) and the factor the Particles level applied to its emission. One module
 * object, its arrays sized when the model changes and written in place every frame.
 */
import type { EmitterKind } from '../../../../shared/model/simulation/index';
import type { ModelRig } from '../model/model-rig';

/** See the module comment. */
export const viewportParticles = {
  /** The rig whose emitters are listed (null when no model's particles are drawn). */
  rig: null as ModelRig | null,
  names: [] as readonly string[],
  kinds: [] as readonly EmitterKind[],
  alive: new Int32Array(0),
  emissionScales: new Float32Array(0),
  /** Emitters the live-particle cap has stopped (1) in the playing sequence. */
  capped: new Uint8Array(0),
};

/** One emitter as the automation surface lists it. */
export interface ParticleEmitterSummary {
  name: string;
  kind: EmitterKind;
  alive: number;
  emissionScale: number;
}

/** The emitters of `rig` as last drawn (none when another model, or no model, is drawn). */
export function particleSummary(rig: ModelRig): ParticleEmitterSummary[] {
  if (viewportParticles.rig !== rig) return [];
  return viewportParticles.names.map((name, index) => ({
    name,
    kind: viewportParticles.kinds[index]!,
    alive: viewportParticles.alive[index]!,
    emissionScale: viewportParticles.emissionScales[index]!,
  }));
}

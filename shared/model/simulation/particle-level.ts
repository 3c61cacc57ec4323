/**
 * The game's Particles option (Options ▸ Video ▸ Particles: Low, Medium, High) and what it does to an emitter's
 * emission, as far as the evidence goes:
 *
 * - High doubles the authored emission rate of particle emitters 2 and ribbons. mdx-m3-viewer measured it against
 *   the game and the World Editor ("The game scales the emission rate of particle emitters depending on the
 *   particles setting. High seems to double the emission": its `SETTING_PARTICLES_HIGH = 2`, multiplied into the
 *   static `emissionRate` of ParticleEmitter2Object and RibbonEmitterObject; and its issue #68, a swirl model that
 *   "needed to double the emission rate to get the same results as WE"). The factor goes into the static rate only:
 *   a KP2E track's keys replace that value, so an animated rate (and every squirt, whose counts are keys) is played
 *   as written. Particle emitters (PREM) are not scaled.
 * - Medium is the rate as written: what Warsmash (Retera's reimplementation of the game's engine) and Retera's
 *   Model Studio simulate, with no factor at all.
 * - Low is half of Medium. No source we found measures it; halving is our reading, by analogy with High's doubling,
 *   and the viewport says so where the option is offered. OpenWar3 (elevchyt/openwar3, docs/video-options.md), a
 *   browser reimplementation on mdx-m3-viewer, chose the same ladder (×1 / ×0.5 / ×0.25 of High: 2, 1 and 0.5 of the
 *   authored rate) and says the same: only High's number is the game's; the others were engine settings that
 *   nothing in the install describes. The same document reports the game's options screen
 *   (UI\FrameDef\Glue\OptionsMenu.fdf, 1.30.4) with these three rungs (LOW_PARTICLES, MEDIUM_PARTICLES,
 *   HIGH_PARTICLES).
 *
 * The default is High: the World Editor's preview (which mdx-m3-viewer matched) and the game on the machines it
 * detects as capable draw High.
 */

/** The game's three Particles levels. */
export type ParticleLevel = 'low' | 'medium' | 'high';

/** The levels in the order the option offers them. */
export const PARTICLE_LEVELS: readonly ParticleLevel[] = ['low', 'medium', 'high'];

/** The level a fresh install draws. */
export const DEFAULT_PARTICLE_LEVEL: ParticleLevel = 'high';

/** What the level multiplies a static emission rate (PRE2 and RIBB) by. */
export const PARTICLE_LEVEL_FACTOR: Readonly<Record<ParticleLevel, number>> = { low: 0.5, medium: 1, high: 2 };

/** The factor the level applies to an emitter whose rate is its static value (`animated`: a track's keys set it). */
export function emissionScaleOf(level: ParticleLevel, kind: 'PRE2' | 'PREM' | 'RIBB', animated: boolean): number {
  if (kind === 'PREM' || animated) return 1;
  return PARTICLE_LEVEL_FACTOR[level];
}

/** True for one of the three level names. */
export function isParticleLevel(value: unknown): value is ParticleLevel {
  return value === 'low' || value === 'medium' || value === 'high';
}

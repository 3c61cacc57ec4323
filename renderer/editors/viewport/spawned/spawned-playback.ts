/**
 * How a spawned model plays — a model a particle emitter (PREM) or an SPN event object spawns — as the game plays
 * it (mdx-m3-viewer's Particle and EventObjectSpn, Warsmash's): from the start of its first sequence at the moment
 * it is spawned, at the model's speed; a looping sequence repeats, a non-looping one holds its last frame. An SPN
 * instance is gone once its sequence has played through (Warsmash hides it then; a model without one shows for
 * {@link DEFAULT_SPAWN_MS}); a PREM instance lives as long as its particle. Pure: a spawned model's frame is a
 * function of its age, so scrubbing shows what playing shows.
 */
import type { Sequence } from '../../../../shared/model/kinds/sequence';

/** The sequence spawned instances play: the model's first. */
export interface SpawnedSequence {
  readonly name: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly looping: boolean;
}

/** The sequence a spawned model plays, or null when it has none (it shows its bind pose). */
export function spawnedSequenceOf(sequences: readonly Sequence[]): SpawnedSequence | null {
  const first = sequences[0];
  if (!first || !(first.end >= first.start)) return null;
  return { name: first.name, startMs: first.start, endMs: first.end, looping: !first.nonLooping };
}

/** The frame (ms, on the spawned model's timeline) an instance `ageMs` old shows. */
export function spawnedFrameMs(sequence: SpawnedSequence | null, ageMs: number): number {
  if (!sequence) return 0;
  const length = sequence.endMs - sequence.startMs;
  const age = ageMs > 0 ? ageMs : 0;
  if (length <= 0) return sequence.startMs;
  if (age <= length) return sequence.startMs + age;
  if (!sequence.looping) return sequence.endMs;
  return sequence.startMs + (age - Math.floor(age / length) * length);
}

/**
 * How long an SPN spawn of a model without a sequence of some length shows, ms (our choice: mdx-m3-viewer and the
 * game expect a first sequence; this keeps such a spawn visible a moment instead of never).
 */
export const DEFAULT_SPAWN_MS = 1000;

/** How long an SPN instance lives: its sequence played through once, else {@link DEFAULT_SPAWN_MS}. */
export function spawnedLifetimeMs(sequence: SpawnedSequence | null): number {
  return sequence && sequence.endMs > sequence.startMs ? sequence.endMs - sequence.startMs : DEFAULT_SPAWN_MS;
}

/** True once an instance `ageMs` old has played its sequence through (when an SPN instance goes). */
export function spawnedFinished(sequence: SpawnedSequence | null, ageMs: number): boolean {
  return ageMs >= spawnedLifetimeMs(sequence);
}

/**
 * Summaries of a model's timeline that every format reads the same way: sequences and node tracks as the events
 * view, the outliner and the CLI show them. Format-neutral: shared/events builds them from the kinds' reads (the same
 * for an MDX and an MDL).
 */

/** A sequence (animation) of the model. */
export interface SequenceInfo {
  name: string;
  /** Interval start, ms. */
  start: number;
  /** Interval end, ms. */
  end: number;
  moveSpeed: number;
  nonLooping: boolean;
  rarity: number;
}

/** Interpolation of a node track (KGTR/KGRT/KGSC, or Translation/Rotation/Scaling in MDL). */
export type TrackInterpolation = 'none' | 'linear' | 'hermite' | 'bezier';

/** A node track, summarised (its bytes or text are kept by the codec). */
export interface NodeTrackSummary {
  kind: 'translation' | 'rotation' | 'scaling';
  interpolation: TrackInterpolation;
  globalSequenceId: number | null;
  /** Key times in ms. */
  frames: readonly number[];
}

/**
 * The moment a model is sampled at: a frame on the model's timeline inside one sequence's interval, and the global
 * clock the global sequences loop on. One object, filled in place by {@link setSampleTime} each frame (no
 * allocation), read by every sampler.
 *
 * Times are milliseconds (MDX frames). A global sequence loops for ever from time 0 whatever sequence plays: its
 * frame is the global clock modulo its duration (the dope sheet draws its keys' repeats by the same rule).
 */

/** When to sample. Make one with {@link createSampleTime} and reuse it. */
export interface SampleTime {
  /** The frame (ms) on the model's timeline that tracks following the sequences are read at. */
  frameMs: number;
  /** The playing sequence's interval [start, end] (ms); both NaN when no sequence plays (see {@link hasSequence}). */
  sequenceStartMs: number;
  sequenceEndMs: number;
  /** The clock (ms) global sequences loop on. */
  globalMs: number;
  /** The model's global sequence durations (GLBS), indexed by a track's globalSequenceId. */
  globalSequences: ArrayLike<number>;
}

const NO_GLOBAL_SEQUENCES: readonly number[] = [];

/** A sample time with no sequence (every track shows its default value) at frame 0. */
export function createSampleTime(globalSequences: ArrayLike<number> = NO_GLOBAL_SEQUENCES): SampleTime {
  return { frameMs: 0, sequenceStartMs: Number.NaN, sequenceEndMs: Number.NaN, globalMs: 0, globalSequences };
}

/**
 * Sets `time` to `frameMs` inside the sequence [startMs, endMs] (pass NaN for both when no sequence plays) with
 * the global clock at `globalMs` (by default the frame itself: the editor's playhead is the game's clock).
 */
export function setSampleTime(
  time: SampleTime,
  frameMs: number,
  startMs: number,
  endMs: number,
  globalMs: number = frameMs,
): SampleTime {
  time.frameMs = frameMs;
  time.sequenceStartMs = startMs;
  time.sequenceEndMs = endMs;
  time.globalMs = globalMs;
  return time;
}

/** True when a sequence plays (its bounds are numbers, start ≤ end). */
export function hasSequence(time: SampleTime): boolean {
  return time.sequenceStartMs <= time.sequenceEndMs;
}

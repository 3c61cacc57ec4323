/**
 * Playback as the game does it: the animation time is `initialTime + t` (t = seconds since the
 * show event); while it is negative the first keyframe shows; keyframes are interpolated linearly
 * and the last one is held after the end. A frame interval of 0 means the mesh is not rendered;
 * a negative interval shows only the last keyframe.
 */
import { MRF_FLOATS_PER_VERTEX } from './layout';
import type { MrfHeader } from './types';

/** What timing needs from a file: `MrfFile` qualifies. */
export interface MrfTimingSource {
  header: Pick<MrfHeader, 'frameInterval' | 'initialTime'>;
  keyframes: ArrayLike<unknown>;
}

/** A cape's timing in seconds, for the timeline. */
export interface MrfTiming {
  /** Whether the game draws the mesh at all (an interval of 0 or NaN, or no keyframes: not drawn). */
  rendered: boolean;
  /** (keyframes − 1) × interval: the animation's length; 0 when the interval is ≤ 0 or not finite, or with < 2
   * keyframes. */
  durationSeconds: number;
  /**
   * The moving window, in seconds after the show event: the mesh moves from `moveStartSeconds`
   * (the animation time reaches 0; `initialTime` shifts it) to `moveEndSeconds` (the last
   * keyframe, held afterwards). Both clamp at 0; equal when nothing moves.
   */
  moveStartSeconds: number;
  moveEndSeconds: number;
}

/** Whether the game draws the mesh: it has keyframes and a frame interval that is neither 0 nor NaN. */
function isRendered(frameInterval: number, keyframeCount: number): boolean {
  return keyframeCount > 0 && frameInterval !== 0 && !Number.isNaN(frameInterval);
}

/** The cape's duration and moving window (see {@link MrfTiming}). */
export function mrfTiming(file: MrfTimingSource): MrfTiming {
  const { frameInterval } = file.header;
  const initialTime = Number.isFinite(file.header.initialTime) ? file.header.initialTime : 0;
  const keyframeCount = file.keyframes.length;
  const rendered = isRendered(frameInterval, keyframeCount);
  const durationSeconds =
    frameInterval > 0 && Number.isFinite(frameInterval) && keyframeCount > 1 ? (keyframeCount - 1) * frameInterval : 0;
  const moveStartSeconds = Math.max(0, -initialTime);
  const moveEndSeconds =
    durationSeconds > 0 ? Math.max(moveStartSeconds, durationSeconds - initialTime) : moveStartSeconds;
  return { rendered, durationSeconds, moveStartSeconds, moveEndSeconds };
}

/** Which keyframes show at a moment, and how they blend. */
export interface MrfPlayhead {
  /** False when the game does not draw the mesh (see {@link MrfTiming.rendered}); the rest is then 0. */
  rendered: boolean;
  /** initialTime + seconds since the show event. */
  animationSeconds: number;
  keyframeIndex: number;
  nextKeyframeIndex: number;
  /** 0 → `keyframeIndex`, 1 → `nextKeyframeIndex`. */
  blend: number;
}

/** A playhead to pass to {@link mrfPlayhead} / {@link sampleMrf} and reuse every frame. */
export function createMrfPlayhead(): MrfPlayhead {
  return { rendered: false, animationSeconds: 0, keyframeIndex: 0, nextKeyframeIndex: 0, blend: 0 };
}

/** Fills `out` with the keyframes showing `secondsSinceShow` after the show event. Does not allocate. */
export function mrfPlayhead(
  file: MrfTimingSource,
  secondsSinceShow: number,
  out: MrfPlayhead = createMrfPlayhead(),
): MrfPlayhead {
  const { frameInterval, initialTime } = file.header;
  const keyframeCount = file.keyframes.length;
  const lastIndex = keyframeCount - 1;
  const animationSeconds = initialTime + secondsSinceShow;
  out.animationSeconds = animationSeconds;
  out.rendered = isRendered(frameInterval, keyframeCount);
  out.keyframeIndex = 0;
  out.nextKeyframeIndex = 0;
  out.blend = 0;
  if (!out.rendered) return out;
  if (frameInterval < 0) {
    out.keyframeIndex = lastIndex;
    out.nextKeyframeIndex = lastIndex;
    return out;
  }
  // Negative or NaN animation time: the first keyframe (already set).
  if (!(animationSeconds > 0)) return out;
  const frame = animationSeconds / frameInterval;
  if (frame >= lastIndex) {
    out.keyframeIndex = lastIndex;
    out.nextKeyframeIndex = lastIndex;
    return out;
  }
  const index = Math.floor(frame);
  out.keyframeIndex = index;
  out.nextKeyframeIndex = index + 1;
  out.blend = frame - index;
  return out;
}

const scratchPlayhead = createMrfPlayhead();

/**
 * Writes the vertex positions and normals `secondsSinceShow` after the show event into the
 * caller's arrays (each at least vertexCount × 3 floats, [x, y, z] per vertex). Allocates nothing.
 * Returns false — leaving the arrays untouched — when the game does not render the mesh.
 * Normals are interpolated linearly, not renormalized.
 */
export function sampleMrf(
  file: MrfTimingSource & { keyframes: readonly Float32Array[] },
  secondsSinceShow: number,
  positions: Float32Array,
  normals: Float32Array,
  playhead: MrfPlayhead = scratchPlayhead,
): boolean {
  mrfPlayhead(file, secondsSinceShow, playhead);
  if (!playhead.rendered) return false;
  const from = file.keyframes[playhead.keyframeIndex]!;
  const to = file.keyframes[playhead.nextKeyframeIndex]!;
  const vertexCount = from.length / MRF_FLOATS_PER_VERTEX;
  if (positions.length < vertexCount * 3 || normals.length < vertexCount * 3) {
    throw new RangeError(`sampleMrf needs ${vertexCount * 3} floats per output array for ${vertexCount} vertices`);
  }
  const blend = playhead.blend;
  if (blend === 0) {
    for (
      let vertex = 0, source = 0, target = 0;
      vertex < vertexCount;
      vertex += 1, source += MRF_FLOATS_PER_VERTEX, target += 3
    ) {
      positions[target] = from[source]!;
      positions[target + 1] = from[source + 1]!;
      positions[target + 2] = from[source + 2]!;
      normals[target] = from[source + 3]!;
      normals[target + 1] = from[source + 4]!;
      normals[target + 2] = from[source + 5]!;
    }
    return true;
  }
  for (
    let vertex = 0, source = 0, target = 0;
    vertex < vertexCount;
    vertex += 1, source += MRF_FLOATS_PER_VERTEX, target += 3
  ) {
    const p0 = from[source]!;
    const p1 = from[source + 1]!;
    const p2 = from[source + 2]!;
    const n0 = from[source + 3]!;
    const n1 = from[source + 4]!;
    const n2 = from[source + 5]!;
    positions[target] = p0 + (to[source]! - p0) * blend;
    positions[target + 1] = p1 + (to[source + 1]! - p1) * blend;
    positions[target + 2] = p2 + (to[source + 2]! - p2) * blend;
    normals[target] = n0 + (to[source + 3]! - n0) * blend;
    normals[target + 1] = n1 + (to[source + 4]! - n1) * blend;
    normals[target + 2] = n2 + (to[source + 5]! - n2) * blend;
  }
  return true;
}

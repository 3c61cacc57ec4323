/**
 * Snapping while keys move: the delta is always whole milliseconds (keys are integer frames), and
 * the grabbed key is pulled onto another key's time or a sequence bound when it comes within a
 * few pixels. Targets are collected once per drag into a sorted array; each pointer move is a
 * binary search.
 */
import type { KeyAddress, ModelDocument } from '../../shared/events/document';
import { globalSequenceLength } from './key-insert';
import { keyId } from './selection';

/** How close (px) the grabbed key must come to a target to snap. */
export const SNAP_DISTANCE_PX = 8;

/** Sorted, unique target times: keys that do not move, sequence starts and ends, and 0. */
export function snapTargets(document: ModelDocument, moving: readonly KeyAddress[]): Float64Array {
  const movingIds = new Set(moving.map((key) => keyId(key.objectIndex, key.frameIndex)));
  const times = new Set<number>([0]);
  for (const sequence of document.sequences) {
    times.add(sequence.start);
    times.add(sequence.end);
  }
  for (const object of document.eventObjects) {
    for (let frameIndex = 0; frameIndex < object.frames.length; frameIndex += 1) {
      if (!movingIds.has(keyId(object.index, frameIndex))) times.add(object.frames[frameIndex]!);
    }
  }
  return Float64Array.from(times).sort();
}

/** The target nearest to a time (binary search), or NaN when there is none. */
export function nearestTarget(targets: Float64Array, timeMs: number): number {
  if (targets.length === 0) return Number.NaN;
  let low = 0;
  let high = targets.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (targets[middle]! < timeMs) low = middle + 1;
    else high = middle;
  }
  const after = targets[low]!;
  const before = low > 0 ? targets[low - 1]! : after;
  return Math.abs(before - timeMs) <= Math.abs(after - timeMs) ? before : after;
}

/**
 * The delta to apply: `rawDeltaMs` rounded to whole ms, or — with snapping on and a target
 * within `thresholdMs` of the anchor's new time — the delta that puts the anchor on the target.
 * With snapping on and `frameStepMs` > 0 (the timeline shows frames), the anchor otherwise lands
 * on the nearest frame (frame × step, rounded to whole ms) — Blender's Nearest Frame snapping.
 * `minimumDeltaMs` keeps every moved key at or after 0, `maximumDeltaMs` every key of an object on a global sequence
 * within that sequence's length (see {@link deltaBounds}).
 */
export function snapDelta(
  anchorMs: number,
  rawDeltaMs: number,
  targets: Float64Array,
  thresholdMs: number,
  enabled: boolean,
  minimumDeltaMs = Number.NEGATIVE_INFINITY,
  frameStepMs = 0,
  maximumDeltaMs = Number.POSITIVE_INFINITY,
): number {
  let delta = Math.round(rawDeltaMs);
  if (enabled) {
    const wanted = anchorMs + rawDeltaMs;
    const target = nearestTarget(targets, wanted);
    if (!Number.isNaN(target) && Math.abs(target - wanted) <= thresholdMs) delta = Math.round(target - anchorMs);
    else if (frameStepMs > 0) delta = Math.round(Math.round(wanted / frameStepMs) * frameStepMs) - anchorMs;
  }
  return Math.min(Math.max(delta, Math.ceil(minimumDeltaMs)), Math.floor(maximumDeltaMs));
}

/**
 * How far the moving keys may go: back to time 0 at most, and forwards only as far as keeps each key of an object on a
 * global sequence within that sequence's length (a key past it never fires; Insert Key refuses one there too).
 */
export function deltaBounds(
  document: ModelDocument,
  moving: readonly KeyAddress[],
): { minimumMs: number; maximumMs: number } {
  let earliest = Number.POSITIVE_INFINITY;
  let maximumMs = Number.POSITIVE_INFINITY;
  for (const key of moving) {
    const frame = document.eventObjects[key.objectIndex]?.frames[key.frameIndex];
    if (frame === undefined) continue;
    earliest = Math.min(earliest, frame);
    const length = globalSequenceLength(document, key.objectIndex);
    if (length !== undefined) maximumMs = Math.min(maximumMs, Math.max(0, length - frame));
  }
  return { minimumMs: Number.isFinite(earliest) ? -earliest : 0, maximumMs };
}

/** `deltaMs` within `bounds` (see {@link deltaBounds}). */
export function clampDelta(bounds: { minimumMs: number; maximumMs: number }, deltaMs: number): number {
  return Math.min(Math.max(deltaMs, bounds.minimumMs), bounds.maximumMs);
}

/** `deltaMs` within the bounds of {@link deltaBounds} for `moving`. */
export function boundedDelta(document: ModelDocument, moving: readonly KeyAddress[], deltaMs: number): number {
  return clampDelta(deltaBounds(document, moving), deltaMs);
}

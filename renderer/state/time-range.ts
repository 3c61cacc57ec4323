/**
 * Time ranges on the model's timeline (ms): the whole document, the selected sequence, the range
 * playback loops in, and the key times Up/Down jump between. In MRF-only mode the timeline is
 * the cape's own playback from a show at 0.
 */
import type { ModelDocument } from '../../shared/events/document';
import type { CapeEntry } from '../capes/cape-entry';
import { type EditorState, currentDocument } from './editor-store';
import type { TimeRange } from './timeline-view';

export type { TimeRange } from './timeline-view';

/** Everything the document covers: its sequences and every key (at least 0…1000). */
export function documentRange(document: ModelDocument): TimeRange {
  let startMs = 0;
  let endMs = 1000;
  for (const sequence of document.sequences) {
    startMs = Math.min(startMs, sequence.start);
    endMs = Math.max(endMs, sequence.end);
  }
  for (const object of document.eventObjects) {
    if (object.globalSequenceId !== null) continue;
    for (const frame of object.frames) {
      startMs = Math.min(startMs, frame);
      endMs = Math.max(endMs, frame);
    }
  }
  return { startMs, endMs };
}

/** The standalone cape's playback: from its show at 0 until its last keyframe (at least 1 s). */
export function capeRange(entry: CapeEntry | null): TimeRange {
  const statistics = entry?.cape?.statistics;
  if (!statistics) return { startMs: 0, endMs: 1000 };
  const endMs = statistics.timing.moveEndSeconds * 1000;
  return { startMs: 0, endMs: Math.max(endMs, statistics.frameInterval > 0 ? statistics.frameInterval * 1000 : 1000) };
}

/** The sequence whose interval contains a time, or -1. */
export function sequenceAt(document: ModelDocument, timeMs: number): number {
  return document.sequences.findIndex((sequence) => timeMs >= sequence.start && timeMs <= sequence.end);
}

/** The range the timeline shows and playback loops in: the selected sequence, else everything. */
export function activeRange(state: Pick<EditorState, 'history' | 'standaloneCape' | 'session'>): TimeRange {
  const document = currentDocument(state as EditorState);
  if (!document) return capeRange(state.standaloneCape);
  const sequence = document.sequences[state.session.timeline.sequenceIndex];
  if (sequence) return { startMs: sequence.start, endMs: sequence.end };
  return documentRange(document);
}

/** Wraps or clamps a playhead into a range (playback with and without loop). */
export function wrapTime(timeMs: number, range: TimeRange, loop: boolean): { timeMs: number; stopped: boolean } {
  const span = range.endMs - range.startMs;
  if (span <= 0) return { timeMs: range.startMs, stopped: true };
  if (timeMs > range.endMs)
    return loop
      ? { timeMs: range.startMs + ((timeMs - range.startMs) % span), stopped: false }
      : { timeMs: range.endMs, stopped: true };
  if (timeMs < range.startMs)
    return loop
      ? { timeMs: range.endMs - ((range.startMs - timeMs) % span), stopped: false }
      : { timeMs: range.startMs, stopped: true };
  return { timeMs, stopped: false };
}

/** Sorted unique key times (sequence-timed objects only), for Up/Down. */
export function keyTimes(state: Pick<EditorState, 'history' | 'standaloneCape'>): number[] {
  const document = currentDocument(state as EditorState);
  const times = new Set<number>();
  if (document) {
    for (const object of document.eventObjects)
      if (object.globalSequenceId === null) for (const frame of object.frames) times.add(frame);
  } else {
    const statistics = state.standaloneCape?.cape?.statistics;
    if (statistics && statistics.frameInterval > 0) {
      for (let index = 0; index < statistics.keyframeCount; index += 1) {
        const timeMs = (index * statistics.frameInterval - statistics.initialTime) * 1000;
        if (timeMs >= 0) times.add(timeMs);
      }
    }
  }
  return [...times].sort((a, b) => a - b);
}

/** The next key time after `timeMs` (direction 1) or before it (-1), or null. */
export function adjacentKeyTime(times: readonly number[], timeMs: number, direction: 1 | -1): number | null {
  const epsilon = 1e-6;
  if (direction > 0) {
    for (const time of times) if (time > timeMs + epsilon) return time;
    return null;
  }
  for (let index = times.length - 1; index >= 0; index -= 1) if (times[index]! < timeMs - epsilon) return times[index]!;
  return null;
}

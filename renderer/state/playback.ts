/**
 * Playback: the playhead advances with real time × speed, forwards or backwards, looping inside
 * the active range (the selected sequence, or the sequence under the playhead, or the whole
 * document). Frame steps, key jumps and jumps to the range's ends live here too.
 */
import type { EditorStore } from './editor-store';
import { currentDocument } from './editor-store';
import { setPlayhead } from './session-actions';
import { type TimeRange, activeRange, adjacentKeyTime, keyTimes, sequenceAt, wrapTime } from './time-range';

/** Schedules frames: requestAnimationFrame in the browser, injectable in tests. */
export interface FrameScheduler {
  request(callback: (nowMs: number) => void): number;
  cancel(handle: number): void;
}

const browserScheduler: FrameScheduler = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

interface PlaybackRun {
  handle: number;
  lastMs: number | null;
  startPlayheadMs: number;
  scheduler: FrameScheduler;
}

const runs = new WeakMap<EditorStore, PlaybackRun>();

/** The range playback loops in: the selected sequence, else the sequence under the playhead, else everything. */
export function playbackRange(store: EditorStore): TimeRange {
  const state = store.getState();
  const document = currentDocument(state);
  if (document && state.session.timeline.sequenceIndex < 0) {
    const index = sequenceAt(document, state.session.playback.playheadMs);
    const sequence = document.sequences[index];
    if (sequence && sequence.end > sequence.start) return { startMs: sequence.start, endMs: sequence.end };
  }
  return activeRange(state);
}

/** Advances the playhead by a real-time step (exported for tests and the benchmark). */
export function advancePlayhead(store: EditorStore, elapsedMs: number): void {
  const state = store.getState();
  const direction = state.playing;
  if (direction === 0) return;
  const { speed, loop, playheadMs } = state.session.playback;
  const range = playbackRange(store);
  let next = playheadMs + elapsedMs * speed * direction;
  // Starting outside the range (e.g. before the sequence): jump in.
  if (playheadMs < range.startMs || playheadMs > range.endMs) next = direction > 0 ? range.startMs : range.endMs;
  const wrapped = wrapTime(next, range, loop);
  setPlayhead(store, wrapped.timeMs);
  if (wrapped.stopped) stopPlayback(store);
}

/** Starts playing (or reverses direction); Space again pauses. */
export function togglePlayback(
  store: EditorStore,
  direction: 1 | -1,
  scheduler: FrameScheduler = browserScheduler,
): void {
  const state = store.getState();
  if (state.playing === direction) {
    stopPlayback(store);
    return;
  }
  const existing = runs.get(store);
  store.setState({ playing: direction });
  if (existing) return;
  const run: PlaybackRun = { handle: 0, lastMs: null, startPlayheadMs: state.session.playback.playheadMs, scheduler };
  const tick = (nowMs: number) => {
    if (store.getState().playing === 0) return;
    if (run.lastMs !== null) advancePlayhead(store, Math.min(250, nowMs - run.lastMs));
    run.lastMs = nowMs;
    if (store.getState().playing !== 0) run.handle = scheduler.request(tick);
  };
  run.handle = scheduler.request(tick);
  runs.set(store, run);
}

/** Pauses where the playhead is. */
export function stopPlayback(store: EditorStore): void {
  const run = runs.get(store);
  if (run) run.scheduler.cancel(run.handle);
  runs.delete(store);
  if (store.getState().playing !== 0) store.setState({ playing: 0 });
}

/** Esc while playing: stops and puts the playhead back where playback started. Returns false when not playing. */
export function cancelPlayback(store: EditorStore): boolean {
  const run = runs.get(store);
  if (!run || store.getState().playing === 0) return false;
  stopPlayback(store);
  setPlayhead(store, run.startPlayheadMs);
  return true;
}

/** Left/Right: one frame step (1000/30 ms by default). */
export function stepFrames(store: EditorStore, frames: number): void {
  const { playheadMs, frameStepMs } = store.getState().session.playback;
  setPlayhead(store, playheadMs + frames * frameStepMs);
}

/** Up/Down: the next or previous key time. */
export function jumpToKey(store: EditorStore, direction: 1 | -1): boolean {
  const state = store.getState();
  const time = adjacentKeyTime(keyTimes(state), state.session.playback.playheadMs, direction);
  if (time === null) return false;
  setPlayhead(store, time);
  return true;
}

/** Shift+Left/Right: the start or end of the playback range. */
export function jumpToEnd(store: EditorStore, end: 'start' | 'end'): void {
  const range = playbackRange(store);
  setPlayhead(store, end === 'start' ? range.startMs : range.endMs);
}

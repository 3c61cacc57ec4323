/**
 * Playback: the playhead advances with real time × speed, forwards or backwards, looping inside
 * the active range (the selected sequence, or the sequence under the playhead, or the whole
 * document) — dropping frames to keep real time on a slow renderer, or with Play Every Frame one frame step per
 * frame shown — and measures the frames per second shown. Frame steps, key jumps and jumps to the range's ends live
 * here too.
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
  /** Play Every Frame: playback time passed but not yet shown, less than one frame step. */
  owedMs: number;
  /** The times of the last frames shown (a ring), for the frames per second. */
  frameTimes: Float64Array;
  frameCount: number;
  /** When the frames per second were last put in the store. */
  fpsShownMs: number;
  /** Stops listening for the page coming back into view. */
  stopListening: () => void;
}

/** Frames remembered for the frames per second (about a second at 60 fps). */
const FPS_FRAMES = 64;
/** The frames per second are measured over this much time at most. */
const FPS_WINDOW_MS = 2000;
/** How often the frames per second shown change (ms). */
const FPS_UPDATE_MS = 250;

const runs = new WeakMap<EditorStore, PlaybackRun>();

/** Notes a frame shown at `nowMs` and, every quarter second, puts the frames per second in the store. */
function noteFrame(store: EditorStore, run: PlaybackRun, nowMs: number): void {
  run.frameTimes[run.frameCount % FPS_FRAMES] = nowMs;
  run.frameCount += 1;
  if (nowMs - run.fpsShownMs < FPS_UPDATE_MS) return;
  // The oldest frame still inside the window.
  let first = Math.max(0, run.frameCount - FPS_FRAMES);
  while (first < run.frameCount - 1 && nowMs - run.frameTimes[first % FPS_FRAMES]! > FPS_WINDOW_MS) first += 1;
  const frames = run.frameCount - 1 - first;
  const spanMs = nowMs - run.frameTimes[first % FPS_FRAMES]!;
  if (frames < 1 || spanMs <= 0) return;
  run.fpsShownMs = nowMs;
  const fps = Math.round((frames * 10_000) / spanMs) / 10;
  if (store.getState().playbackFps !== fps) store.setState({ playbackFps: fps });
}

/**
 * One frame of playback `elapsedMs` after the last. Frame Dropping (the default, as in Blender): the playhead moves
 * by the real time that passed, however long the frame took, so playback keeps real time. Play Every Frame: it moves
 * one frame step at most, once a step's time has passed — every frame is shown, slower than real time when frames
 * take longer than a step.
 */
function playFrame(store: EditorStore, run: PlaybackRun, elapsedMs: number): void {
  const { speed, frameStepMs, playEveryFrame } = store.getState().session.playback;
  if (!playEveryFrame) {
    run.owedMs = 0;
    advancePlayhead(store, elapsedMs);
    return;
  }
  run.owedMs += elapsedMs * speed;
  if (run.owedMs < frameStepMs) return;
  // Behind real time (the frame took longer than a step): the time is not caught up later, the next frame shows
  // the next step.
  run.owedMs -= frameStepMs;
  if (run.owedMs >= frameStepMs) run.owedMs = 0;
  advancePlayhead(store, frameStepMs / speed);
}

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
  const run: PlaybackRun = {
    handle: 0,
    lastMs: null,
    startPlayheadMs: state.session.playback.playheadMs,
    scheduler,
    owedMs: 0,
    frameTimes: new Float64Array(FPS_FRAMES),
    frameCount: 0,
    fpsShownMs: -Infinity,
    stopListening: () => undefined,
  };
  const tick = (nowMs: number) => {
    // Stopped from elsewhere (another file opened): the run ends here, so the next Play starts a new one.
    if (store.getState().playing === 0) return stopPlayback(store);
    if (run.lastMs !== null) {
      playFrame(store, run, Math.max(0, nowMs - run.lastMs));
      noteFrame(store, run, nowMs);
    }
    run.lastMs = nowMs;
    if (store.getState().playing !== 0) run.handle = scheduler.request(tick);
  };
  // A page out of view gets no frames: coming back, playback goes on from where it was, not by the time away.
  if (typeof document !== 'undefined') {
    const onVisibility = () => {
      if (!document.hidden) run.lastMs = null;
    };
    document.addEventListener('visibilitychange', onVisibility);
    run.stopListening = () => document.removeEventListener('visibilitychange', onVisibility);
  }
  run.handle = scheduler.request(tick);
  runs.set(store, run);
}

/** Pauses where the playhead is. */
export function stopPlayback(store: EditorStore): void {
  const run = runs.get(store);
  if (run) {
    run.scheduler.cancel(run.handle);
    run.stopListening();
  }
  runs.delete(store);
  if (store.getState().playing !== 0 || store.getState().playbackFps !== null)
    store.setState({ playing: 0, playbackFps: null });
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

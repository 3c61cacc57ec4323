import { describe, expect, it } from 'vitest';
import { fixtureCodec, fixtureDocument } from '../testing/fixture-model';
import { openModelDocument } from './document-actions';
import { createEditorStore } from './editor-store';
import { type FrameScheduler, advancePlayhead, cancelPlayback, playbackRange, togglePlayback } from './playback';
import { setPlayhead, updateSession } from './session-actions';

/** A scheduler driven by the test: each tick advances time by `stepMs`. */
function manualScheduler() {
  let callback: ((nowMs: number) => void) | null = null;
  let now = 0;
  const scheduler: FrameScheduler = {
    request: (next) => {
      callback = next;
      return 1;
    },
    cancel: () => {
      callback = null;
    },
  };
  return {
    scheduler,
    tick(stepMs: number) {
      now += stepMs;
      const current = callback;
      callback = null;
      current?.(now);
    },
  };
}

function storeWithSequences() {
  const store = createEditorStore({ codec: fixtureCodec, host: null });
  const document = fixtureDocument([{ name: 'SNDxA', frames: [100] }], {
    sequences: [
      { name: 'Stand', start: 0, end: 1000, moveSpeed: 0, nonLooping: false, rarity: 0 },
      { name: 'Walk', start: 2000, end: 3000, moveSpeed: 0, nonLooping: false, rarity: 0 },
    ],
  });
  openModelDocument(store, document, { kind: 'model', path: null, name: 'x.mdx', identity: null });
  return store;
}

describe('playback', () => {
  it('plays forwards with real time × speed and loops within the sequence under the playhead', () => {
    const store = storeWithSequences();
    const clock = manualScheduler();
    setPlayhead(store, 2900);
    togglePlayback(store, 1, clock.scheduler);
    clock.tick(16);
    clock.tick(50);
    expect(store.getState().session.playback.playheadMs).toBe(2950);
    clock.tick(100);
    expect(store.getState().session.playback.playheadMs).toBe(2050);
    expect(playbackRange(store)).toEqual({ startMs: 2000, endMs: 3000 });
  });

  it('plays backwards and at the chosen speed', () => {
    const store = storeWithSequences();
    const clock = manualScheduler();
    updateSession(store, (session) => ({ ...session, playback: { ...session.playback, speed: 2 } }));
    setPlayhead(store, 500);
    togglePlayback(store, -1, clock.scheduler);
    clock.tick(10);
    clock.tick(100);
    expect(store.getState().session.playback.playheadMs).toBe(300);
  });

  it('Space again pauses; Esc stops and returns to where playback started', () => {
    const store = storeWithSequences();
    const clock = manualScheduler();
    setPlayhead(store, 100);
    togglePlayback(store, 1, clock.scheduler);
    clock.tick(10);
    clock.tick(200);
    togglePlayback(store, 1, clock.scheduler);
    expect(store.getState().playing).toBe(0);
    expect(store.getState().session.playback.playheadMs).toBe(300);
    togglePlayback(store, 1, clock.scheduler);
    clock.tick(10);
    clock.tick(200);
    expect(cancelPlayback(store)).toBe(true);
    expect(store.getState().session.playback.playheadMs).toBe(300);
    expect(store.getState().playing).toBe(0);
  });

  it('without loop, playback stops at the end of the sequence', () => {
    const store = storeWithSequences();
    updateSession(store, (session) => ({ ...session, playback: { ...session.playback, loop: false } }));
    setPlayhead(store, 900);
    store.setState({ playing: 1 });
    advancePlayhead(store, 500);
    expect(store.getState().session.playback.playheadMs).toBe(1000);
    expect(store.getState().playing).toBe(0);
  });

  it('a selected sequence is the range even when the playhead is elsewhere', () => {
    const store = storeWithSequences();
    updateSession(store, (session) => ({ ...session, timeline: { ...session.timeline, sequenceIndex: 1 } }));
    setPlayhead(store, 500);
    store.setState({ playing: 1 });
    advancePlayhead(store, 16);
    expect(store.getState().session.playback.playheadMs).toBe(2000);
  });

  it('keeps real time when frames are slow: a 400 ms frame moves the playhead 400 ms (Frame Dropping)', () => {
    const store = storeWithSequences();
    const clock = manualScheduler();
    setPlayhead(store, 2000);
    togglePlayback(store, 1, clock.scheduler);
    clock.tick(16);
    for (let frame = 0; frame < 2; frame += 1) clock.tick(400);
    expect(store.getState().session.playback.playheadMs).toBe(2800);
    // About 2.5 frames a second, measured and shown.
    clock.tick(400);
    expect(store.getState().playbackFps).toBe(2.5);
    togglePlayback(store, 1, clock.scheduler);
    expect(store.getState().playbackFps).toBeNull();
  });

  it('Play Every Frame shows each frame step in turn: slower than real time on slow frames, never faster', () => {
    const store = storeWithSequences();
    const clock = manualScheduler();
    updateSession(store, (session) => ({
      ...session,
      playback: { ...session.playback, playEveryFrame: true, frameStepMs: 40 },
    }));
    setPlayhead(store, 2000);
    togglePlayback(store, 1, clock.scheduler);
    clock.tick(16);
    for (let frame = 0; frame < 3; frame += 1) clock.tick(400);
    expect(store.getState().session.playback.playheadMs).toBe(2120);
    // A fast renderer (10 ms frames) waits for a step's time: 4 frames make one step.
    for (let frame = 0; frame < 4; frame += 1) clock.tick(10);
    expect(store.getState().session.playback.playheadMs).toBe(2160);
    clock.tick(10);
    expect(store.getState().session.playback.playheadMs).toBe(2160);
  });

  it('playback stopped from elsewhere (another file opened) plays again at the next Space', () => {
    const store = storeWithSequences();
    const clock = manualScheduler();
    setPlayhead(store, 2000);
    togglePlayback(store, 1, clock.scheduler);
    clock.tick(16);
    store.setState({ playing: 0 });
    clock.tick(16);
    togglePlayback(store, 1, clock.scheduler);
    clock.tick(16);
    clock.tick(100);
    expect(store.getState().session.playback.playheadMs).toBe(2100);
  });
});

import { describe, expect, it } from 'vitest';
import { useStore } from 'zustand';
import { createEditorStore } from '../state/editor-store';
import { EMPTY_SELECTION } from '../state/selection';
import { createFrameStore, renderOverlays } from './frame-store';
import { modelCodec } from '../../shared/events';

function editor() {
  const store = createEditorStore({ codec: modelCodec, host: null });
  store.setState((state) => ({
    session: { ...state.session, playback: { ...state.session.playback, playheadMs: 500 } },
    selection: { ...EMPTY_SELECTION, links: new Set(['0001']) },
    playing: 1,
  }));
  return store;
}

describe('a render frame’s store', () => {
  it('shows the frame’s time, the render’s overlays and no selection; the rest is the editor’s own', () => {
    const store = editor();
    const frames = createFrameStore(store, false, 19_500);
    const state = frames.getState();
    expect(state.session.playback.playheadMs).toBe(19_500);
    expect(state.session.viewport.overlays).toMatchObject({ grid: false, axes: false, cameras: false, bones: false });
    expect(state.session.viewport.overlays).toMatchObject({ geosets: true, capes: true });
    expect(state.selection).toBe(EMPTY_SELECTION);
    expect(state.playing).toBe(0);
    expect(state.capes).toBe(store.getState().capes);
    expect(state.session.timeline).toBe(store.getState().session.timeline);
    // Stable while nothing changes (selectors see the same object).
    expect(frames.getState()).toBe(state);
    // The editor's own playhead is left alone.
    expect(store.getState().session.playback.playheadMs).toBe(500);
    frames.dispose();
  });

  it('keeps the viewport’s overlays and selection when overlays are included', () => {
    const store = editor();
    const frames = createFrameStore(store, true, 0);
    expect(frames.getState().session.viewport.overlays).toBe(store.getState().session.viewport.overlays);
    expect(frames.getState().selection.links.has('0001')).toBe(true);
    expect(renderOverlays(store.getState().session.viewport.overlays, true)).toBe(
      store.getState().session.viewport.overlays,
    );
    frames.dispose();
  });

  it('tells its listeners when the time or the editor changes, and writes to the editor', () => {
    const store = editor();
    const frames = createFrameStore(store, false, 0);
    const seen: number[] = [];
    const unsubscribe = frames.subscribe((state, previous) => {
      expect(previous).not.toBe(state);
      seen.push(state.session.playback.playheadMs);
    });
    frames.setTime(1000);
    frames.setTime(1000); // the same time: nothing to tell
    store.setState({ hint: 'changed' });
    expect(seen).toEqual([1000, 1000]);
    expect(frames.getState().hint).toBe('changed');
    frames.setState({ hint: 'written through' });
    expect(store.getState().hint).toBe('written through');
    expect(seen).toEqual([1000, 1000, 1000]);
    unsubscribe();
    frames.dispose();
    store.setState({ hint: 'after' });
    expect(seen).toHaveLength(3);
  });

  it('works as a zustand store for the views (useStore’s contract: getState, subscribe)', () => {
    const frames = createFrameStore(editor(), false, 42);
    expect(typeof useStore).toBe('function');
    expect(frames.getInitialState()).toBe(frames.getState());
    expect(frames.services.codec).toBe(modelCodec);
    frames.dispose();
  });
});

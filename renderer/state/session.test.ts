import { fixtureCodec } from '../testing/fixture-model';
import { describe, expect, it, vi } from 'vitest';
import { createEditorStore } from './editor-store';
import { defaultSession, SESSION_KEYS, sessionFromSettings, sessionToSettings } from './session';
import { persistSession, setPlayhead, updateLayout } from './session-actions';

describe('session state', () => {
  it('round-trips through the host settings', () => {
    const session = defaultSession();
    session.layout.timelineHeight = 333;
    session.timeline.unit = 'frames';
    session.timeline.collapsed = { 'link:0001': false };
    session.viewport.shading = 'solid';
    expect(sessionFromSettings(JSON.parse(JSON.stringify(sessionToSettings(session))))).toEqual(session);
  });

  it('clamps and repairs values from a hand-edited or old settings file', () => {
    const restored = sessionFromSettings({
      [SESSION_KEYS.layout]: { outlinerWidth: 5, timelineHeight: 'tall', propertiesOpen: 'yes' },
      [SESSION_KEYS.timeline]: { view: { startMs: 10, pixelsPerMs: 1e9 }, unit: 'parsecs' },
      [SESSION_KEYS.playback]: { speed: -4, frameStepMs: 0 },
      [SESSION_KEYS.viewport]: ['not', 'an', 'object'],
    });
    const fallback = defaultSession();
    expect(restored.layout.outlinerWidth).toBe(140);
    expect(restored.layout.timelineHeight).toBe(fallback.layout.timelineHeight);
    expect(restored.layout.propertiesOpen).toBe(true);
    expect(restored.timeline.view.pixelsPerMs).toBe(50);
    expect(restored.timeline.unit).toBe('ms');
    expect(restored.playback.speed).toBe(0.01);
    expect(restored.playback.frameStepMs).toBe(1);
    expect(restored.viewport).toEqual(fallback.viewport);
  });

  it('persists only the groups that changed, after the changes settle', () => {
    vi.useFakeTimers();
    try {
      const store = createEditorStore({ codec: fixtureCodec, host: null });
      const setSessionValue = vi.fn(async () => null);
      const stop = persistSession(store, { setSessionValue }, 400);
      for (let step = 0; step < 10; step += 1) setPlayhead(store, step * 100);
      vi.advanceTimersByTime(399);
      expect(setSessionValue).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(setSessionValue).toHaveBeenCalledTimes(1);
      expect(setSessionValue).toHaveBeenCalledWith({
        key: SESSION_KEYS.playback,
        value: expect.objectContaining({ playheadMs: 900 }),
      });
      updateLayout(store, { outlinerWidth: 300 });
      stop();
      expect(setSessionValue).toHaveBeenCalledTimes(2);
      expect(setSessionValue).toHaveBeenLastCalledWith({
        key: SESSION_KEYS.layout,
        value: expect.objectContaining({ outlinerWidth: 300 }),
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

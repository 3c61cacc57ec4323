import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the gate (it is module state: one per page). */
const freshGate = async () => {
  vi.resetModules();
  return import('./first-frame-gate');
};

describe('work held back until the viewport has drawn', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the first frame, then lets everything through at once, each once', async () => {
    const gate = await freshGate();
    let released = 0;
    gate.afterFirstViewportFrame(() => (released += 1));
    gate.afterFirstViewportFrame(() => (released += 1));
    await vi.advanceTimersByTimeAsync(gate.FIRST_FRAME_WAIT_MS - 1);
    expect(released).toBe(0);
    gate.viewportDrew();
    expect(released).toBe(2);
    // After the first frame, at once (before anything the caller does next).
    gate.afterFirstViewportFrame(() => (released += 1));
    expect(released).toBe(3);
    await vi.advanceTimersByTimeAsync(gate.FIRST_FRAME_WAIT_MS);
    expect(released).toBe(3);
  });

  it('gives up waiting when the viewport never draws', async () => {
    const gate = await freshGate();
    let released = false;
    gate.afterFirstViewportFrame(() => (released = true));
    await vi.advanceTimersByTimeAsync(gate.FIRST_FRAME_WAIT_MS - 1);
    expect(released).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(released).toBe(true);
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openModelDocument } from '../state/document-actions';
import { createEditorStore } from '../state/editor-store';
import { viewportFrames } from '../editors/viewport/ViewportScene';
import { fixtureCodec, sampleCinematicDocument } from '../testing/fixture-model';
import { BOOTING_CLASS, revealWhenDrawn } from './boot-reveal';

function booting() {
  const root = document.createElement('div');
  root.classList.add(BOOTING_CLASS);
  const store = createEditorStore({ codec: fixtureCodec, host: null });
  return { root, store };
}

describe('the editor shown once the startup file is drawn', () => {
  const frames: (() => void)[] = [];
  beforeEach(() => {
    frames.length = 0;
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('stays hidden while the file opens and until the viewport has drawn it, then shows in that frame', () => {
    const { root, store } = booting();
    revealWhenDrawn(root, store);
    store.setState({ loading: { label: 'Reading…', progress: null } });
    openModelDocument(store, sampleCinematicDocument(), {
      kind: 'model',
      path: '/S.mdx',
      name: 'S.mdx',
      identity: null,
    });
    store.setState({ loading: null, booted: true });
    frames.shift()!();
    expect(root.classList.contains(BOOTING_CLASS)).toBe(true);
    frames.shift()!();
    expect(root.classList.contains(BOOTING_CLASS)).toBe(true);
    viewportFrames.count += 1;
    frames.shift()!();
    expect(root.classList.contains(BOOTING_CLASS)).toBe(false);
    expect(frames).toHaveLength(0);
  });

  it('shows at once when the boot ends with no file open (none given, or it failed)', () => {
    const { root, store } = booting();
    revealWhenDrawn(root, store);
    store.setState({ loading: { label: 'Starting…', progress: null } });
    expect(root.classList.contains(BOOTING_CLASS)).toBe(true);
    store.setState({ loading: null, booted: true });
    expect(root.classList.contains(BOOTING_CLASS)).toBe(false);
  });

  it('shows after the time limit when the viewport never draws (no WebGL, the viewport not on screen)', () => {
    const { root, store } = booting();
    revealWhenDrawn(root, store, 2500);
    openModelDocument(store, sampleCinematicDocument(), {
      kind: 'model',
      path: '/S.mdx',
      name: 'S.mdx',
      identity: null,
    });
    store.setState({ booted: true });
    vi.advanceTimersByTime(2499);
    expect(root.classList.contains(BOOTING_CLASS)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(root.classList.contains(BOOTING_CLASS)).toBe(false);
  });
});

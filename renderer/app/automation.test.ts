import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAreaCommands } from '../state/area-commands';
import { openModelDocument } from '../state/document-actions';
import { createEditorStore } from '../state/editor-store';
import { selectKeys } from '../state/key-actions';
import { viewportFrames } from '../editors/viewport/ViewportScene';
import { fixtureCodec, sampleCinematicDocument } from '../testing/fixture-model';
import { type MorfAutomation, installAutomation } from './automation';

function editorWithTimeline() {
  const store = createEditorStore({ codec: fixtureCodec, host: null });
  openModelDocument(store, sampleCinematicDocument(), {
    kind: 'model',
    path: '/models/Sample.mdx',
    name: 'Sample.mdx',
    identity: null,
  });
  const drawn: number[] = [];
  registerAreaCommands(store, 'timeline', {
    viewAll: () => undefined,
    viewSelected: () => undefined,
    geometry: () => ({ width: 800, height: 200, gutterWidth: 200, rulerHeight: 24, rowHeight: 20, scrollTop: 0 }),
    drawNow: () => drawn.push(store.getState().drag?.deltaMs ?? Number.NaN),
    rulerLabels: () => [],
  });
  installAutomation(store);
  const automation = (globalThis as unknown as { morfStudio: MorfAutomation }).morfStudio;
  return { store, drawn, automation };
}

describe('the automation surface', () => {
  beforeEach(() => vi.stubGlobal('requestAnimationFrame', () => 0));
  afterEach(() => vi.unstubAllGlobals());

  it('times a drag of every key and leaves the document, its history and the selection as they were', () => {
    const { store, drawn, automation } = editorWithTimeline();
    selectKeys(store, [{ objectIndex: 2, frameIndex: 0 }], 'replace');
    const before = store.getState();
    const times = automation.measureTimelineDrag(3);
    expect(times).toHaveLength(3);
    // Each frame was drawn with every key dragged by a different delta.
    expect(drawn).toEqual([1, 8, 15]);
    const after = store.getState();
    expect(after.drag).toBeNull();
    expect(after.history).toBe(before.history);
    expect(after.selection).toBe(before.selection);
  });

  it('measures nothing while the user is dragging keys', () => {
    const { store, drawn, automation } = editorWithTimeline();
    const drag = {
      keys: [{ objectIndex: 0, frameIndex: 0 }],
      anchor: { objectIndex: 0, frameIndex: 0 },
      deltaMs: 40,
      gesture: null,
    };
    store.setState({ drag });
    expect(automation.measureTimelineDrag(3)).toEqual([]);
    expect(drawn).toEqual([]);
    expect(store.getState().drag).toBe(drag);
  });

  it('hands out copies: changing a snapshot changes nothing in the editor', () => {
    const { store, automation } = editorWithTimeline();
    const snapshot = automation.snapshot();
    snapshot.timelineView.startMs = 12_345;
    snapshot.links[0]!.show.push(1);
    expect(store.getState().session.timeline.view.startMs).not.toBe(12_345);
    expect(automation.snapshot().links[0]!.show).toEqual([19_300]);
  });

  it('times the first paint and the first viewport frame, and schedules no frame before a file is open', () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    const store = createEditorStore({ codec: fixtureCodec, host: null });
    installAutomation(store);
    const automation = (globalThis as unknown as { morfStudio: MorfAutomation }).morfStudio;
    store.setState({ loading: { label: 'Starting…', progress: null } });
    expect(frames).toHaveLength(0);
    openModelDocument(store, sampleCinematicDocument(), {
      kind: 'model',
      path: '/models/Sample.mdx',
      name: 'Sample.mdx',
      identity: null,
    });
    expect(frames).toHaveLength(0);
    store.setState({ loading: null });
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(automation.paintedMs()).not.toBeNull();
    expect(automation.viewportReadyMs()).toBeNull();
    frames.shift()!();
    expect(automation.viewportReadyMs()).toBeNull();
    viewportFrames.count += 1;
    frames.shift()!();
    expect(automation.viewportReadyMs()).not.toBeNull();
    expect(frames).toHaveLength(0);
    store.setState({ loading: null, hint: 'later changes schedule nothing' });
    expect(frames).toHaveLength(0);
  });
});

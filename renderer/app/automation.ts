/**
 * A read-only automation surface on `window.morfStudio`, for end-to-end tests and the benchmark
 * (in the spirit of Blender's Python API): the state, the rendered-frame counter, and where a key
 * is drawn on screen so a test can drag it with the real mouse.
 */
import { capeKey } from '../capes/cape-entry';
import { currentDocument, type EditorStore, isDirty } from '../state/editor-store';
import { buildModelRows } from '../editors/timeline/rows';
import { rowCentre, timeToScreenX } from '../editors/timeline/layout';
import { areaCommands } from '../state/area-commands';
import { beginKeyDrag, cancelKeyDrag, selectAllKeys, updateKeyDrag } from '../state/key-actions';
import { selectedKeyAddresses } from '../state/selection';
import { viewportFrames } from '../editors/viewport/ViewportScene';

/** What tests can read. */
export interface MorfAutomation {
  /** Frames the viewport has rendered so far. */
  viewportFrames(): number;
  /** A summary of the editor's state. */
  snapshot(): { file: string | null; dirty: boolean; playheadMs: number; timelineView: { startMs: number; pixelsPerMs: number }; notice: string | null; links: { id: string; show: number[]; hide: number[]; status: string }[]; undoSteps: number; selectedKeys: number };
  /** When the editor became usable: performance.now() of the first viewport frame after a file opened (null before). */
  readyMs(): number | null;
  /**
   * Benchmark: selects every key, drags them by `steps` different deltas drawing the timeline
   * synchronously each time, cancels the drag, and returns each frame's time in ms.
   */
  measureTimelineDrag(steps: number): number[];
  /** Client coordinates of a key's diamond in the timeline's link row (the row of its link). */
  linkKeyPosition(linkId: string, which: 'show' | 'hide', frameIndex?: number): { x: number; y: number } | null;
}

/** Installs `window.morfStudio`. */
export function installAutomation(store: EditorStore): void {
  let readyMs: number | null = null;
  let framesAtOpen = -1;
  store.subscribe((state, previous) => {
    if (state.file && state.file !== previous.file && readyMs === null) framesAtOpen = viewportFrames.count;
  });
  const watchReady = () => {
    if (readyMs === null && framesAtOpen >= 0 && viewportFrames.count > framesAtOpen && !store.getState().loading) readyMs = performance.now();
    if (readyMs === null) requestAnimationFrame(watchReady);
  };
  requestAnimationFrame(watchReady);
  const automation: MorfAutomation = {
    viewportFrames: () => viewportFrames.count,
    readyMs: () => readyMs,
    measureTimelineDrag(steps) {
      const timeline = areaCommands(store, 'timeline');
      if (!timeline || !currentDocument(store.getState())) return [];
      selectAllKeys(store, 'select');
      const first = selectedKeyAddresses(store.getState().selection)[0];
      if (!first || !beginKeyDrag(store, first)) return [];
      const times: number[] = [];
      for (let step = 0; step < steps; step += 1) {
        const started = performance.now();
        updateKeyDrag(store, (step % 50) * 7 + 1);
        timeline.drawNow();
        times.push(performance.now() - started);
      }
      cancelKeyDrag(store);
      selectAllKeys(store, 'deselect');
      return times;
    },
    snapshot() {
      const state = store.getState();
      const document = currentDocument(state);
      return {
        file: state.file?.path ?? state.file?.name ?? null,
        dirty: isDirty(state),
        playheadMs: state.session.playback.playheadMs,
        timelineView: { ...state.session.timeline.view },
        notice: state.notice?.text ?? null,
        links: (document?.links ?? []).map((link) => ({ id: link.id, show: [...link.showFrames], hide: [...link.hideFrames], status: state.capes[capeKey(link.path)]?.status ?? 'loading' })),
        undoSteps: state.history ? state.history.index : 0,
        selectedKeys: state.selection.keys.size,
      };
    },
    linkKeyPosition(linkId, which, frameIndex = 0) {
      const state = store.getState();
      const document = currentDocument(state);
      const canvas = document && (globalThis.document.querySelector('[data-testid="timeline-canvas"]') as HTMLCanvasElement | null);
      if (!document || !canvas) return null;
      const rows = buildModelRows(document, state.session.timeline.collapsed);
      const rowIndex = rows.findIndex((row) => row.kind === 'link' && row.link.id.toUpperCase() === linkId.toUpperCase());
      const row = rows[rowIndex];
      if (!row || row.kind !== 'link') return null;
      const frame = (which === 'show' ? row.link.showFrames : row.link.hideFrames)[frameIndex];
      if (frame === undefined) return null;
      const rect = canvas.getBoundingClientRect();
      const geometry = areaCommands(store, 'timeline')?.geometry();
      if (!geometry) return null;
      return { x: rect.left + timeToScreenX(frame, state.session.timeline.view, geometry), y: rect.top + rowCentre(rowIndex, geometry) };
    },
  };
  (globalThis as unknown as { morfStudio: MorfAutomation }).morfStudio = automation;
}

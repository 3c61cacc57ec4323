/**
 * A read-only automation surface on `window.morfStudio`, for end-to-end tests and the benchmark
 * (in the spirit of Blender's Python API): the state, the rendered-frame counter, and where a key
 * is drawn on screen so a test can drag it with the real mouse. Nothing here reaches the host or
 * hands out the store; the one timing method previews a drag and leaves the state as it found it.
 */
import { bootFrameMs } from '../files/boot-read';
import { capeKey } from '../capes/cape-entry';
import { currentDocument, type EditorState, type EditorStore, isDirty } from '../state/editor-store';
import { buildModelRows } from '../editors/timeline/rows';
import { rowCentre, timeToScreenX } from '../editors/timeline/layout';
import { type RulerLabelBox, areaCommands } from '../state/area-commands';
import { beginKeyDrag, cancelKeyDrag, selectAllKeys, setSelection, updateKeyDrag } from '../state/key-actions';
import { selectedKeyAddresses } from '../state/selection';
import { viewportFrames } from '../editors/viewport/ViewportScene';
import { type ModelSummary, modelSummary } from '../editors/viewport/model/model-summary';
import type { RenderBenchOptions, RenderBenchResult } from '../render/render-bench';
import { eventAudioOf, type StartedSound } from '../audio/event-audio';
import { watchFirstFileFrame } from './first-file-frame';

/** What tests can read. */
export interface MorfAutomation {
  /** Frames the viewport has rendered so far. */
  viewportFrames(): number;
  /** A summary of the editor's state. */
  snapshot(): {
    file: string | null;
    dirty: boolean;
    playheadMs: number;
    timelineView: { startMs: number; pixelsPerMs: number };
    notice: string | null;
    links: { id: string; show: number[]; hide: number[]; status: string }[];
    undoSteps: number;
    /** Steps Redo can take (undone and not replaced by a new change). */
    redoSteps: number;
    selectedKeys: number;
    /** The active item: `link:<ID>`, `object:<index>`, `key:<object>/<frame>`, `sequence:<index>`, … or null. */
    active: string | null;
    /** The open model's format, or null. */
    format: 'mdx' | 'mdl' | null;
    /** The Info log, oldest first. */
    messages: { text: string; severity: string }[];
    recentFiles: string[];
    /** The open model: geosets, vertices, triangles, cameras, the camera looked through, the sequence (or null). */
    model: ModelSummary | null;
    /** The render under way: frames done of all, its phase (null when none runs). */
    render: { frame: number; frames: number; phase: string; label: string } | null;
    /** Sound objects: each sound started (event object, file, the model time it starts at), mute, volume. */
    audio: { started: StartedSound[]; muted: boolean; volume: number; scrubAudio: boolean; context: string };
  };
  /** performance.now() of the first frame painted with a file open and its capes resolved (null before). */
  paintedMs(): number | null;
  /** performance.now() of the viewport's first frame after that (null before). */
  viewportReadyMs(): number | null;
  /**
   * performance.now() of the startup file's boot frame (renderer/boot: drawn before the editor loaded), or null when
   * the page drew none.
   */
  bootFrameMs(): number | null;
  /**
   * Benchmark: selects every key, drags them by `steps` different deltas drawing the timeline
   * synchronously each time, cancels the drag and puts the selection back (the document and its
   * history are never touched); returns each frame's time in ms. Nothing is measured while a
   * drag of the user's is under way.
   */
  measureTimelineDrag(steps: number): number[];
  /** The labels the dope sheet's ruler writes (canvas CSS pixels) and the width of its row-names column. */
  rulerLabels(): { gutterWidth: number; labels: RulerLabelBox[] } | null;
  /** Client coordinates of a key's diamond in the timeline's link row (the row of its link). */
  linkKeyPosition(linkId: string, which: 'show' | 'hide', frameIndex?: number): { x: number; y: number } | null;
  /**
   * Benchmark: `frames` frames from the playhead at a size, drawn alone and then rendered to WebM (output discarded);
   * ms per frame of each (renderer/render/render-bench.ts). Null when renders cannot be made here.
   */
  benchmarkRender(options: RenderBenchOptions): Promise<RenderBenchResult | null>;
}

/** What the app lends the automation surface beyond the store. */
export interface AutomationExtras {
  benchmarkRender?(options: RenderBenchOptions): Promise<RenderBenchResult>;
}

/** Installs `window.morfStudio`. */
export function installAutomation(store: EditorStore, extras: AutomationExtras = {}): void {
  // First paint: the first animation frame after a file is open; viewport: its first frame after that
  // (first-file-frame.ts).
  let paintedMs: number | null = null;
  let viewportReadyMs: number | null = null;
  watchFirstFileFrame(store, {
    painted: (timeMs) => (paintedMs = timeMs),
    ready: (timeMs) => (viewportReadyMs = timeMs),
  });
  const automation: MorfAutomation = {
    viewportFrames: () => viewportFrames.count,
    benchmarkRender: async (options) => (extras.benchmarkRender ? extras.benchmarkRender(options) : null),
    paintedMs: () => paintedMs,
    viewportReadyMs: () => viewportReadyMs,
    bootFrameMs,
    measureTimelineDrag(steps) {
      const timeline = areaCommands(store, 'timeline');
      const before = store.getState();
      if (!timeline || !currentDocument(before) || before.drag) return [];
      const times: number[] = [];
      try {
        selectAllKeys(store, 'select');
        const first = selectedKeyAddresses(store.getState().selection)[0];
        if (!first || !beginKeyDrag(store, first)) return [];
        for (let step = 0; step < steps; step += 1) {
          const started = performance.now();
          updateKeyDrag(store, (step % 50) * 7 + 1);
          timeline.drawNow();
          times.push(performance.now() - started);
        }
      } finally {
        cancelKeyDrag(store);
        setSelection(store, before.selection);
      }
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
        links: (document?.links ?? []).map((link) => ({
          id: link.id,
          show: [...link.showFrames],
          hide: [...link.hideFrames],
          status: state.capes[capeKey(link.path)]?.status ?? 'loading',
        })),
        undoSteps: state.history ? state.history.index : 0,
        redoSteps: state.history ? state.history.entries.length - 1 - state.history.index : 0,
        selectedKeys: state.selection.keys.size,
        active: activeName(state.selection.active),
        format: document?.format ?? null,
        messages: state.messages.map((message) => ({ text: message.text, severity: message.severity })),
        recentFiles: [...state.recentFiles],
        model: modelSummary(state),
        render: state.render
          ? {
              frame: state.render.frame,
              frames: state.render.frames,
              phase: state.render.phase,
              label: state.render.label,
            }
          : null,
        audio: {
          started: (eventAudioOf(store)?.started ?? []).map((sound) => ({ ...sound })),
          muted: state.session.playback.muted,
          volume: state.session.playback.volume,
          scrubAudio: state.session.playback.scrubAudio,
          context: eventAudioOf(store)?.contextState() ?? 'none',
        },
      };
    },
    rulerLabels() {
      const timeline = areaCommands(store, 'timeline');
      return timeline ? { gutterWidth: timeline.geometry().gutterWidth, labels: timeline.rulerLabels() } : null;
    },
    linkKeyPosition(linkId, which, frameIndex = 0) {
      const state = store.getState();
      const document = currentDocument(state);
      const canvas =
        document && (globalThis.document.querySelector('[data-testid="timeline-canvas"]') as HTMLCanvasElement | null);
      if (!document || !canvas) return null;
      const rows = buildModelRows(document, state.session.timeline.collapsed);
      const rowIndex = rows.findIndex(
        (row) => row.kind === 'link' && row.link.id.toUpperCase() === linkId.toUpperCase(),
      );
      const row = rows[rowIndex];
      if (!row || row.kind !== 'link') return null;
      const frame = (which === 'show' ? row.link.showFrames : row.link.hideFrames)[frameIndex];
      if (frame === undefined) return null;
      const rect = canvas.getBoundingClientRect();
      const geometry = areaCommands(store, 'timeline')?.geometry();
      if (!geometry) return null;
      return {
        x: rect.left + timeToScreenX(frame, state.session.timeline.view, geometry),
        y: rect.top + rowCentre(rowIndex, geometry),
      };
    },
  };
  (globalThis as unknown as { morfStudio: MorfAutomation }).morfStudio = automation;
}

/** The active item as a short name for tests. */
function activeName(active: EditorState['selection']['active']): string | null {
  if (!active) return null;
  switch (active.kind) {
    case 'link':
      return `link:${active.id}`;
    case 'object':
      return `object:${active.objectIndex}`;
    case 'key':
      return `key:${active.objectIndex}/${active.frameIndex}`;
    default:
      return active.kind;
  }
}

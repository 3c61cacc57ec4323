/**
 * How operators reach the renderer's render machinery (renderer/render, which sits above the editors it draws
 * through): the app registers a {@link RenderService} per store, the Render operators call it. Also the render's
 * ephemeral status (progress, shown with Cancel while a render runs) and the ranges an animation can cover.
 */
import { type EditorState, type EditorStore, currentDocument } from './editor-store';
import type { RenderCapabilities, RenderKind, RenderSettings, RenderStatus } from './render-settings';

export type { RenderKind, RenderStatus } from './render-settings';
import { activeRange, sequenceAt, type TimeRange } from './time-range';

/** Values a render is asked for with (an operator's properties). */
export type RenderProperties = Readonly<Record<string, string | number | boolean>>;

/** What the app's render machinery offers. */
export interface RenderService {
  /**
   * Renders: asks for the settings and where to write (unless `properties` give them: width, height, fps, fromMs,
   * toMs, format, includeOverlays, transparent, path), then draws and encodes every frame with progress. Reports
   * the outcome in the Info log; resolves when it is over.
   */
  render(kind: RenderKind, properties: RenderProperties): Promise<void>;
  /** What this platform can render and encode at a size and frame rate. */
  capabilities(width: number, height: number, fps: number): Promise<RenderCapabilities>;
  /** Cancels the render under way (it leaves no file and says so in the Info log). */
  cancel(): void;
}

const services = new WeakMap<EditorStore, RenderService>();

/** Registers the render service of a store; returns the function that removes it. */
export function registerRenderService(store: EditorStore, service: RenderService): () => void {
  services.set(store, service);
  return () => {
    if (services.get(store) === service) services.delete(store);
  };
}

/** The store's render service, or null when none is registered (tests without a canvas). */
export function renderService(store: EditorStore): RenderService | null {
  return services.get(store) ?? null;
}

/** The sequence at the playhead (or the one the timeline shows), else null. */
export function sequenceRange(state: EditorState): TimeRange | null {
  const document = currentDocument(state);
  if (!document) return null;
  const chosen = document.sequences[state.session.timeline.sequenceIndex];
  const sequence = chosen ?? document.sequences[sequenceAt(document, state.session.playback.playheadMs)];
  return sequence ? { startMs: sequence.start, endMs: sequence.end } : null;
}

/** The range an animation renders (null: nothing open, no sequence at the playhead, or a bad from/to). */
export function renderRange(state: EditorState, settings: RenderSettings): TimeRange | null {
  if (!state.file) return null;
  if (settings.range === 'custom')
    return Number.isFinite(settings.fromMs) && Number.isFinite(settings.toMs)
      ? { startMs: settings.fromMs, endMs: settings.toMs }
      : null;
  // A cape opened alone has no sequences: both are its own playback.
  if (settings.range === 'sequence' && currentDocument(state)) return sequenceRange(state);
  return activeRange(state);
}

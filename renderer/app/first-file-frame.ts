/**
 * The first frames with a file open: `painted` on the first animation frame after a file is open (its parse done,
 * nothing loading), `ready` on the first animation frame after that in which the viewport has drawn again — the
 * model loaded, framed and drawn once. Frames are watched only from the file's open on: an editor left empty
 * schedules nothing.
 */
import type { EditorStore } from '../state/editor-store';
import { viewportFrames } from '../editors/viewport/ViewportScene';

/** What the watch reports, each once, with performance.now() of the frame. */
export interface FirstFileFrameCallbacks {
  painted?(timeMs: number): void;
  ready(timeMs: number): void;
}

/** Watches for the first file's frames; returns a function that stops watching. */
export function watchFirstFileFrame(store: EditorStore, callbacks: FirstFileFrameCallbacks): () => void {
  let stopped = false;
  let framesAtPaint = -1;
  const watch = () => {
    if (stopped) return;
    if (framesAtPaint < 0) {
      framesAtPaint = viewportFrames.count;
      callbacks.painted?.(performance.now());
    }
    if (viewportFrames.count > framesAtPaint) callbacks.ready(performance.now());
    else requestAnimationFrame(watch);
  };
  const unsubscribe = store.subscribe((state) => {
    if (!state.file || state.loading) return;
    unsubscribe();
    requestAnimationFrame(watch);
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}

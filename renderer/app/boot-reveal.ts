/**
 * The editor shows itself at once, with the startup file drawn. Until the viewport's first frame of that file the
 * page's root stays hidden (the `booting` class of index.html's root): the compositor then draws no frame of a
 * half-built editor. Without a GPU (SwiftShader) each such frame holds the GPU process for 0.1–0.2 s, and the
 * viewport's WebGL set-up and first draw, which wait for the GPU process's answers, queued behind it.
 * The root is shown as soon as there is nothing to wait for: no startup file, or one that did not open — or after
 * `timeoutMs` whatever happens (no WebGL, the viewport not on screen, a file still parsing).
 */
import type { EditorStore } from '../state/editor-store';
import { watchFirstFileFrame } from './first-file-frame';
import { removeBootSkeleton } from '../editors/layout/boot-skeleton';

/** The class index.html's root has while the editor boots (theme.css hides it). */
export const BOOTING_CLASS = 'booting';

/** Shows `root` on the viewport's first frame of the startup file (see the module's comment). */
export function revealWhenDrawn(root: HTMLElement, store: EditorStore, timeoutMs = 2500): void {
  if (!root.classList.contains(BOOTING_CLASS)) return;
  const stops: (() => void)[] = [];
  const reveal = () => {
    root.classList.remove(BOOTING_CLASS);
    // The editor's frame the boot frame showed in (renderer/boot) gives way to the editor.
    removeBootSkeleton();
    for (const stop of stops) stop();
  };
  stops.push(watchFirstFileFrame(store, { ready: reveal }));
  const settled = (state: ReturnType<EditorStore['getState']>) => state.booted && !state.file && !state.loading;
  if (settled(store.getState())) return reveal();
  stops.push(store.subscribe((state) => settled(state) && reveal()));
  const timer = setTimeout(reveal, timeoutMs);
  stops.push(() => clearTimeout(timer));
}

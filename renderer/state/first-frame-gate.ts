/**
 * Work the viewport's first frame does not need waits for it: textures (the checker stands in) are asked for once the
 * viewport has drawn a frame, so that their requests, status updates and decodes do not delay it. A viewport that
 * never draws (no WebGL, not on screen) lets them go after `FIRST_FRAME_WAIT_MS`.
 */

/** The longest wait for the viewport's first frame. */
export const FIRST_FRAME_WAIT_MS = 1500;

let drawn = false;
let release: (() => void) | null = null;
let gate: Promise<void> | null = null;

/** Called by the viewport after each frame it draws (allocation-free after the first). */
export function viewportDrew(): void {
  if (drawn) return;
  drawn = true;
  release?.();
}

/** True once the viewport has drawn a frame. */
export function viewportHasDrawn(): boolean {
  return drawn;
}

/** Resolves once the viewport has drawn a frame (or after the longest wait). */
export function afterFirstViewportFrame(): Promise<void> {
  if (drawn) return Promise.resolve();
  gate ??= new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FIRST_FRAME_WAIT_MS);
    release = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return gate;
}

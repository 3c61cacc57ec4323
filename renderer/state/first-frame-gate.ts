/**
 * Work the viewport's first frame does not need waits for it: textures (the checker stands in) are asked for once the
 * viewport has drawn a frame, so that their requests, status updates and decodes do not delay it. A viewport that
 * never draws (no WebGL, not on screen) lets them go after `FIRST_FRAME_WAIT_MS`.
 */

/** The longest wait for the viewport's first frame. */
export const FIRST_FRAME_WAIT_MS = 1500;

let drawn = false;
let waiting: (() => void)[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

/** Runs what waited for the first frame, once. */
function releaseWaiting(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const ready = waiting;
  waiting = [];
  for (const run of ready) run();
}

/** Called by the viewport after each frame it draws (allocation-free after the first). */
export function viewportDrew(): void {
  if (drawn) return;
  drawn = true;
  releaseWaiting();
}

/**
 * Runs `then` once the viewport has drawn a frame: at once when it has (every open but the startup file's, so its
 * order among what the caller does next stays as without the gate), else on that frame or after the longest wait.
 */
export function afterFirstViewportFrame(then: () => void): void {
  if (drawn) return then();
  waiting.push(then);
  timer ??= setTimeout(releaseWaiting, FIRST_FRAME_WAIT_MS);
}

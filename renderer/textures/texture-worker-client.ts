/**
 * Starts the texture worker. Kept apart so that the `new URL(…, import.meta.url)` pattern the
 * bundler turns into a worker chunk sits in one place, and tests never start a real worker.
 */

/** A module Web Worker running renderer/textures/texture-worker.ts. */
export function startTextureWorker(): Worker {
  return new Worker(new URL('./texture-worker.ts', import.meta.url), {
    type: 'module',
    name: 'morf-textures',
  });
}

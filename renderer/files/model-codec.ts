/**
 * The one place the renderer binds to the model codec (shared/events) and its parsing worker.
 */
import { modelCodec as codec } from '../../shared/events';
import type { ModelCodec } from '../../shared/events/document';

/** The codec the store edits and saves with. */
export const modelCodec: ModelCodec = codec;

/** Starts the worker that parses models off the main thread (null where workers do not exist). */
export const createModelWorker: (() => Worker) | null =
  typeof Worker === 'undefined'
    ? null
    : () =>
        new Worker(new URL('../workers/model-worker.ts', import.meta.url), {
          type: 'module',
          name: 'morf-model-parser',
        });

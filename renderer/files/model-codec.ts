/**
 * The one place the renderer binds to the model codec (shared/events) and its parsing worker.
 * Until shared/events exports its implementation of `ModelCodec`, models cannot be opened and the
 * editor works in MRF-only mode; standalone .mrf files open either way.
 */
import type { ModelCodec } from '../../shared/events/document';

/** The codec the store edits and saves with (null: not available in this build). */
export const modelCodec: ModelCodec | null = null;

/** Starts the worker that parses models off the main thread (null: parse inline). */
export const createModelWorker: (() => Worker) | null = null;

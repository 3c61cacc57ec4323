/**
 * Model parsing off the main thread: the bytes are transferred (not copied) to a Web Worker that
 * runs the codec's readModel, and the document comes back by structured clone. Where workers are
 * unavailable (unit tests), the codec runs inline. A codec error keeps its fields (format, kind,
 * where, offset) so the editor can name the field and byte offset.
 */
import type { ModelCodec, ModelDocument } from '../../shared/events/document';
import { createWorkerClient } from './worker-client';

/** A request to the worker. */
export interface ParseRequest {
  id: number;
  bytes: ArrayBuffer;
  fileName: string;
}

/** A failure as it crosses the worker boundary. */
export interface ParseFailure {
  name: string;
  message: string;
}

/** The worker's answer. */
export type ParseResponse =
  { id: number; ok: true; document: ModelDocument } | { id: number; ok: false; error: ParseFailure };

/** Raised on the main thread for a model the codec refused; `message` names the field and offset. */
export class ModelParseError extends Error {
  override readonly name = 'ModelParseError';
  constructor(
    message: string,
    readonly causeName: string,
  ) {
    super(message);
  }
}

/** Parses models, in a worker when one can be started. */
export interface ModelParser {
  parse(bytes: ArrayBuffer, fileName: string): Promise<ModelDocument>;
  /** Starts the worker now, so that the first file does not wait for it to boot. */
  warm(): void;
  dispose(): void;
}

/** A parser over a worker made by `createWorker` (null, or a throwing factory: parse inline with `codec`). */
export function createModelParser(createWorker: (() => Worker) | null, codec: ModelCodec | null): ModelParser {
  const client = createWorkerClient<ParseRequest, ParseResponse, ParseFailure, ModelDocument>({
    createWorker,
    resultOf: (response) => response.document,
    errorOf: (failure) => new ModelParseError(failure.message, failure.name),
    thrownErrorOf: (thrown) =>
      thrown instanceof ModelParseError
        ? thrown
        : new ModelParseError(
            thrown instanceof Error ? thrown.message : String(thrown),
            thrown instanceof Error ? thrown.name : 'Error',
          ),
    crashError: (detail) => new ModelParseError(`the model worker failed: ${detail}`, 'WorkerError'),
    closedError: () => new ModelParseError('the parser was closed', 'Closed'),
  });

  const parseInline = (bytes: ArrayBuffer, fileName: string): ModelDocument => {
    if (!codec)
      throw new ModelParseError(
        'Models cannot be opened: the model codec is not available in this build',
        'Unavailable',
      );
    return codec.readModel(new Uint8Array(bytes), fileName);
  };

  return {
    warm() {
      client.start();
    },
    parse(bytes, fileName) {
      return client.call(
        (id) => ({ id, bytes, fileName }),
        [bytes],
        () => parseInline(bytes, fileName),
      );
    },
    dispose() {
      client.dispose();
    },
  };
}

/** The worker side: answers one request with the codec (used by model-worker.ts). */
export function answerParseRequest(codec: ModelCodec, request: ParseRequest): { response: ParseResponse } {
  try {
    const document = codec.readModel(new Uint8Array(request.bytes), request.fileName);
    return { response: { id: request.id, ok: true, document } };
  } catch (error) {
    const failure =
      error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
    return { response: { id: request.id, ok: false, error: failure } };
  }
}

/**
 * Model parsing off the main thread: the bytes are transferred (not copied) to a Web Worker that
 * runs the codec's readModel, and the document comes back by structured clone. Where workers are
 * unavailable (unit tests), the codec runs inline. A codec error keeps its fields (format, kind,
 * where, offset) so the editor can name the field and byte offset.
 */
import type { ModelCodec, ModelDocument } from '../../shared/events/document';

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
export type ParseResponse = { id: number; ok: true; document: ModelDocument } | { id: number; ok: false; error: ParseFailure };

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

/** A parser over a worker made by `createWorker` (null: parse inline with `codec`). */
export function createModelParser(createWorker: (() => Worker) | null, codec: ModelCodec | null): ModelParser {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (document: ModelDocument) => void; reject: (error: Error) => void }>();

  const ensureWorker = (): Worker | null => {
    if (worker || !createWorker) return worker;
    try {
      worker = createWorker();
    } catch {
      return null;
    }
    worker.onmessage = (message: MessageEvent<ParseResponse>) => {
      const response = message.data;
      const waiter = pending.get(response.id);
      if (!waiter) return;
      pending.delete(response.id);
      if (response.ok) waiter.resolve(response.document);
      else waiter.reject(new ModelParseError(response.error.message, response.error.name));
    };
    worker.onerror = (event) => {
      const error = new ModelParseError(`the model worker failed: ${event.message || 'unknown error'}`, 'WorkerError');
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
      worker?.terminate();
      worker = null;
    };
    return worker;
  };

  return {
    warm() {
      ensureWorker();
    },
    parse(bytes, fileName) {
      const active = ensureWorker();
      if (!active) {
        if (!codec) return Promise.reject(new ModelParseError('Models cannot be opened: the model codec is not available in this build', 'Unavailable'));
        try {
          return Promise.resolve(codec.readModel(new Uint8Array(bytes), fileName));
        } catch (error) {
          return Promise.reject(new ModelParseError(error instanceof Error ? error.message : String(error), error instanceof Error ? error.name : 'Error'));
        }
      }
      const id = nextId++;
      return new Promise<ModelDocument>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const request: ParseRequest = { id, bytes, fileName };
        active.postMessage(request, [bytes]);
      });
    },
    dispose() {
      worker?.terminate();
      worker = null;
      for (const waiter of pending.values()) waiter.reject(new ModelParseError('the parser was closed', 'Closed'));
      pending.clear();
    },
  };
}

/** The worker side: answers one request with the codec (used by model-worker.ts). */
export function answerParseRequest(codec: ModelCodec, request: ParseRequest): { response: ParseResponse } {
  try {
    const document = codec.readModel(new Uint8Array(request.bytes), request.fileName);
    return { response: { id: request.id, ok: true, document } };
  } catch (error) {
    const failure = error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
    return { response: { id: request.id, ok: false, error: failure } };
  }
}

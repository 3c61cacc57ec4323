/**
 * The main-thread side of a request/response Web Worker, shared by the model parser and the
 * texture decoder: requests carry an id, answers settle the matching promise, a crashed worker
 * rejects everything pending and is started afresh on the next call, and where no worker can be
 * started the call runs inline instead. What travels (and which buffers are transferred) and how
 * a failure becomes an Error is up to the caller.
 */

/** A worker's answer to request `id`: `ok` with the result fields, or the failure it reports. */
export type WorkerAnswer<Failure> = { id: number; ok: true } | { id: number; ok: false; error: Failure };

/** What a client needs to know about its worker's protocol and errors. */
export interface WorkerClientOptions<Response extends WorkerAnswer<Failure>, Failure, Result> {
  /** Starts the worker; null, or a factory that throws, means every call runs inline (never retried). */
  createWorker: (() => Worker) | null;
  /** The result carried by a successful answer. */
  resultOf(response: Extract<Response, { ok: true }>): Result;
  /** The error to reject with for a failed answer (rebuilt from what crossed the boundary). */
  errorOf(failure: Failure): Error;
  /** The error for something thrown on this thread: by the inline fallback, or by postMessage refusing a request. */
  thrownErrorOf(thrown: unknown): Error;
  /** The error for calls pending when the worker crashed (`detail`: the ErrorEvent's message). */
  crashError(detail: string): Error;
  /** The error for calls pending when the client was disposed. */
  closedError(): Error;
}

/** A started-on-demand worker with a pending-request table. */
export interface WorkerClient<Request, Result> {
  /** Starts the worker now if it is not running; false when calls will run inline. */
  start(): boolean;
  /**
   * Posts `requestOf(id)` with `transfer` (moved, not copied) to the worker and resolves with its
   * answer; with no worker, resolves with `runInline()` (or rejects with what it threw).
   */
  call(requestOf: (id: number) => Request, transfer: Transferable[], runInline: () => Result): Promise<Result>;
  /** Stops the worker; pending calls reject with the closed error. */
  dispose(): void;
}

/** A client over the worker `options.createWorker` starts. */
export function createWorkerClient<Request, Response extends WorkerAnswer<Failure>, Failure, Result>(
  options: WorkerClientOptions<Response, Failure, Result>,
): WorkerClient<Request, Result> {
  let worker: Worker | null = null;
  let startFailed = false;
  let nextId = 1;
  const pending = new Map<number, { resolve: (result: Result) => void; reject: (error: Error) => void }>();

  const rejectAll = (error: Error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };

  const ensureWorker = (): Worker | null => {
    if (worker || startFailed || !options.createWorker) return worker;
    let started: Worker;
    try {
      started = options.createWorker();
    } catch {
      startFailed = true;
      return null;
    }
    started.onmessage = (message: MessageEvent<Response>) => {
      const response = message.data;
      const waiter = pending.get(response.id);
      if (!waiter) return;
      pending.delete(response.id);
      if (response.ok) waiter.resolve(options.resultOf(response as Extract<Response, { ok: true }>));
      else waiter.reject(options.errorOf(response.error));
    };
    started.onerror = (event) => {
      rejectAll(options.crashError(event.message || 'unknown error'));
      started.terminate();
      if (worker === started) worker = null;
    };
    worker = started;
    return worker;
  };

  return {
    start() {
      return ensureWorker() !== null;
    },
    call(requestOf, transfer, runInline) {
      const active = ensureWorker();
      if (!active) {
        try {
          return Promise.resolve(runInline());
        } catch (thrown) {
          return Promise.reject(options.thrownErrorOf(thrown));
        }
      }
      const id = nextId++;
      return new Promise<Result>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        try {
          active.postMessage(requestOf(id), transfer);
        } catch (thrown) {
          pending.delete(id);
          reject(options.thrownErrorOf(thrown));
        }
      });
    },
    dispose() {
      worker?.terminate();
      worker = null;
      rejectAll(options.closedError());
    },
  };
}

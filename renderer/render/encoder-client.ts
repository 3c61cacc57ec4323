/**
 * The main thread's side of a render's encoding worker: starts it with the format, hands it each drawn frame (at
 * most {@link FRAMES_AHEAD} ahead of what it has taken, so a slow encoder slows the drawing instead of piling frames
 * up in memory), writes the bytes it sends back through the render's sink in order, and finishes or cancels it. The
 * first failure — the sink's (out of disk, a host error) or the worker's — is what every later call rejects with.
 */
import type { EncoderConfig, FromEncoder, ToEncoder } from './encoder-protocol';
import type { RenderSink } from './render-sink';

/** Frames sent to the worker and not yet taken, at most. */
export const FRAMES_AHEAD = 3;

/** A running encoder. */
export interface RenderEncoder {
  /** Sends frame `index` (transferred: the caller must not use or close it) once the worker can take it. */
  add(frame: VideoFrame, index: number): Promise<void>;
  /** Finishes the output; resolves when its last byte was written. */
  finish(): Promise<void>;
  /** Stops the worker's encoding (what was written stays for the sink to abort). */
  cancel(): Promise<void>;
  /** Ends the worker. */
  dispose(): void;
}

/** The worker as the client uses it (a fake in tests). */
export type EncoderWorker = Pick<Worker, 'postMessage' | 'terminate'> & {
  onmessage: ((event: MessageEvent<FromEncoder>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
};

/** Starts the module worker (kept here so the bundler's `new URL(…, import.meta.url)` pattern is in one place). */
export function startEncoderWorker(): EncoderWorker {
  return new Worker(new URL('./encoder-worker.ts', import.meta.url), {
    type: 'module',
    name: 'morf-render',
  }) as unknown as EncoderWorker;
}

/** Starts encoding `config` into `sink`. */
export function startEncoder(
  config: EncoderConfig,
  sink: RenderSink,
  createWorker: () => EncoderWorker = startEncoderWorker,
): Promise<RenderEncoder> {
  const worker = createWorker();
  const send = (message: ToEncoder, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  let failure: Error | null = null;
  let sent = 0;
  let accepted = 0;
  let writing: Promise<void> = Promise.resolve();
  let wake: (() => void) | null = null;
  const started = deferred();
  const finished = deferred();
  const cancelled = deferred();
  const fail = (error: Error) => {
    failure ??= error;
    for (const pending of [started, finished]) pending.reject(failure);
    wake?.();
  };
  worker.onerror = (event) => fail(new Error(`the encoder stopped: ${event.message || 'an error in its worker'}`));
  worker.onmessage = (event) => {
    const message = event.data;
    switch (message.type) {
      case 'started':
        started.resolve();
        return;
      case 'accepted':
        accepted += 1;
        wake?.();
        return;
      case 'write': {
        const { sequence, name, position, bytes } = message;
        writing = writing.then(async () => {
          if (failure) return send({ type: 'writeFailed', sequence, message: failure.message });
          try {
            await sink.write(name, position, new Uint8Array(bytes));
            send({ type: 'written', sequence });
          } catch (error) {
            fail(error instanceof Error ? error : new Error(String(error)));
            send({ type: 'writeFailed', sequence, message: failure!.message });
          }
        });
        return;
      }
      case 'finished':
        // Every write was acknowledged before the worker finished; wait for the last to settle here too.
        void writing.then(() => (failure ? finished.reject(failure) : finished.resolve()));
        return;
      case 'cancelled':
        cancelled.resolve();
        return;
      case 'failed':
        fail(new Error(message.message));
        return;
    }
  };
  send({ type: 'start', config });
  const encoder: RenderEncoder = {
    async add(frame, index) {
      while (!failure && sent - accepted >= FRAMES_AHEAD) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      if (failure) {
        frame.close();
        throw failure;
      }
      sent += 1;
      send({ type: 'frame', index, frame }, [frame as unknown as Transferable]);
    },
    finish() {
      send({ type: 'finish' });
      return finished.promise;
    },
    async cancel() {
      send({ type: 'cancel' });
      await Promise.race([cancelled.promise, new Promise((resolve) => setTimeout(resolve, 2000))]);
    },
    dispose: () => worker.terminate(),
  };
  return started.promise.then(
    () => encoder,
    (error: unknown) => {
      worker.terminate();
      throw error;
    },
  );
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((done, failed) => {
    resolve = done;
    reject = failed;
  });
  // A rejection nobody waits for yet is not an unhandled one.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

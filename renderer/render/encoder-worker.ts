/**
 * The render's encoding worker (encoder-protocol.ts): takes the drawn frames in order, encodes them with the
 * format's encoder (frame-encoders.ts) and sends the output's bytes back to be written, each write waiting for its
 * acknowledgement. A failure is reported once; cancelling drops what waits and cancels the muxer.
 */
import type { EncoderConfig, FromEncoder, ToEncoder } from './encoder-protocol';
import { createFrameEncoder, type FrameEncoder } from './frame-encoders';

const scope = self as unknown as {
  postMessage(message: FromEncoder, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToEncoder>) => void) | null;
};

let encoder: FrameEncoder | null = null;
let writes = 0;
const waitingWrites = new Map<number, { resolve(): void; reject(error: Error): void }>();
/** Frames and the finish run one after another. */
let queue: Promise<void> = Promise.resolve();
let stopped = false;

/** Sends bytes to be written (a copy: the muxer may reuse its buffers) and waits for the acknowledgement. */
function write(name: string, position: number, bytes: Uint8Array): Promise<void> {
  if (stopped) return Promise.reject(new Error('the render was stopped'));
  const sequence = (writes += 1);
  const copy = bytes.slice().buffer as ArrayBuffer;
  return new Promise<void>((resolve, reject) => {
    waitingWrites.set(sequence, { resolve, reject });
    scope.postMessage({ type: 'write', sequence, name, position, bytes: copy }, [copy]);
  });
}

function rejectWrites(message: string): void {
  for (const waiting of waitingWrites.values()) waiting.reject(new Error(message));
  waitingWrites.clear();
}

function fail(error: unknown): void {
  if (stopped) return;
  stopped = true;
  rejectWrites('the render failed');
  scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  void encoder?.cancel().catch(() => undefined);
}

async function start(config: EncoderConfig): Promise<void> {
  try {
    encoder = await createFrameEncoder(config, write);
    scope.postMessage({ type: 'started' });
  } catch (error) {
    fail(error);
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  switch (message.type) {
    case 'start':
      queue = start(message.config);
      return;
    case 'frame': {
      const { frame, index } = message;
      queue = queue
        .then(async () => {
          if (stopped || !encoder) {
            frame.close();
            return;
          }
          await encoder.add(frame, index);
          scope.postMessage({ type: 'accepted', index });
        })
        .catch(fail);
      return;
    }
    case 'written':
    case 'writeFailed': {
      const waiting = waitingWrites.get(message.sequence);
      waitingWrites.delete(message.sequence);
      if (message.type === 'written') waiting?.resolve();
      else waiting?.reject(new Error(message.message));
      return;
    }
    case 'finish':
      queue = queue
        .then(async () => {
          if (stopped || !encoder) return;
          await encoder.finish();
          stopped = true;
          scope.postMessage({ type: 'finished' });
        })
        .catch(fail);
      return;
    case 'cancel':
      if (!stopped) {
        stopped = true;
        rejectWrites('the render was cancelled');
      }
      void (encoder?.cancel() ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => scope.postMessage({ type: 'cancelled' }));
      return;
  }
};

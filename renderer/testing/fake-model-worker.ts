/**
 * A stand-in for the model Web Worker in unit tests: runs model-worker.ts's handler after a tick, with every
 * message structured-cloned and its transfer list honoured both ways, as postMessage does between threads.
 */
import { modelCodec } from '../../shared/events';
import { createModelWorkerHandler, type ModelWorkerRequest, type ModelWorkerResponse } from '../workers/model-parser';

/** The fake worker; `requests` lists the kinds of request it answered, in order. */
export class FakeModelWorker {
  onmessage: ((event: MessageEvent<ModelWorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  readonly requests: ModelWorkerRequest['kind'][] = [];
  private readonly handle = createModelWorkerHandler(modelCodec);

  postMessage(message: ModelWorkerRequest, transfer: Transferable[]): void {
    const request = structuredClone(message, { transfer });
    this.requests.push(request.kind);
    setTimeout(() => {
      if (this.terminated) return;
      const { response, transfer: back } = this.handle(request);
      this.onmessage?.({ data: structuredClone(response, { transfer: back }) } as MessageEvent<ModelWorkerResponse>);
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}

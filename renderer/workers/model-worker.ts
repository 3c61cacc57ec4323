/**
 * The model worker: parses a model's bytes (transferred in, transferred back out with the document), keeps a copy
 * of each file it parsed, and assembles edited files from pieces for recovery files (see model-parser.ts).
 */
import { modelCodec } from '../../shared/events';
import { createModelWorkerHandler, type ModelWorkerRequest } from './model-parser';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ModelWorkerRequest>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};

const handle = createModelWorkerHandler(modelCodec);

scope.onmessage = (event) => {
  const { response, transfer } = handle(event.data);
  scope.postMessage(response, transfer);
};

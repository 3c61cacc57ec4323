/**
 * The cape worker (a module Web Worker): imports and exports capes with shared/capes (cape-conversions.ts), the
 * bytes transferred both ways, so that baking a glTF or writing a GLB never blocks the editor.
 */
import { answerCapeRequest, type CapeWorkerRequest } from './cape-conversions';

self.onmessage = (event: MessageEvent<CapeWorkerRequest>) => {
  void answerCapeRequest(event.data).then(({ response, transfer }) => self.postMessage(response, { transfer }));
};

/**
 * The texture worker (a module Web Worker): decodes BLP/TGA/DDS bytes transferred from the main
 * thread with shared/textures and transfers every mip level's pixels back. Started by
 * `startTextureWorker()` in renderer/textures; the protocol lives in texture-decoder.ts.
 */
import { answerTextureRequest, type TextureDecodeRequest } from './texture-decoder';

self.onmessage = (event: MessageEvent<TextureDecodeRequest>) => {
  const { response, transfer } = answerTextureRequest(event.data);
  self.postMessage(response, { transfer });
};

/**
 * Texture decoding off the main thread. The main thread transfers the file's bytes to a module
 * Web Worker (renderer/textures/texture-worker.ts), which decodes them with shared/textures,
 * completes the mip chain, applies the alpha mode and transfers every level's pixels back — no
 * copies either way. Where no worker can be started (unit tests, a failed start), it decodes
 * inline. A refusal comes back as the codec's CodecError with its format, field and offset.
 */
import { CodecError, type CodecErrorKind, type CodecFormat } from '../../shared/binary/codec-error';
import { decodeTexture } from '../../shared/textures/decode-texture';
import { completeMipChain } from '../../shared/textures/mip-chain';
import type { DecodedTexture } from '../../shared/textures/types';
import { createWorkerClient } from '../workers/worker-client';
import { applyAlphaMode, type TextureAlphaMode } from './alpha-modes';

/** How the decoded levels are prepared for upload. */
export interface TexturePreparation {
  alpha: TextureAlphaMode;
  /** Box-filter the missing levels down to 1×1 (a GPU sampler needs the full chain). */
  completeChain: boolean;
}

/** The default preparation: straight alpha, full chain. */
export const DEFAULT_PREPARATION: TexturePreparation = { alpha: 'straight', completeChain: true };

/** For textures drawn on MRF meshes: transparent pixels black (premultiplied, opaque), full chain. */
export const MRF_PREPARATION: TexturePreparation = { alpha: 'black-transparent', completeChain: true };

/** A request to the worker. */
export interface TextureDecodeRequest {
  id: number;
  bytes: ArrayBuffer;
  fileName: string;
  preparation: TexturePreparation;
}

/** A refusal as it crosses the worker boundary (CodecError fields when it was one). */
export interface TextureDecodeFailure {
  name: string;
  message: string;
  codec?: {
    format: CodecFormat;
    kind: CodecErrorKind;
    where: string;
    offset: number;
    detail: string;
    fileName?: string;
  };
}

/** The worker's answer. */
export type TextureDecodeResponse =
  { id: number; ok: true; texture: DecodedTexture } | { id: number; ok: false; error: TextureDecodeFailure };

/** Decodes textures, in a worker when one can be started. */
export interface TextureDecoder {
  decode(bytes: ArrayBuffer, fileName: string, preparation?: TexturePreparation): Promise<DecodedTexture>;
  /** Stops the worker; pending decodes reject. */
  dispose(): void;
}

/** Decodes and prepares one texture (what the worker runs; also the inline fallback). */
export function decodeAndPrepare(bytes: Uint8Array, fileName: string, preparation: TexturePreparation): DecodedTexture {
  const texture = decodeTexture(bytes, fileName);
  if (preparation.completeChain) completeMipChain(texture);
  return applyAlphaMode(texture, preparation.alpha);
}

/** The worker side: answers one request and lists the buffers to transfer back. */
export function answerTextureRequest(request: TextureDecodeRequest): {
  response: TextureDecodeResponse;
  transfer: ArrayBuffer[];
} {
  try {
    const texture = decodeAndPrepare(new Uint8Array(request.bytes), request.fileName, request.preparation);
    return { response: { id: request.id, ok: true, texture }, transfer: transferListOf(texture) };
  } catch (error) {
    return { response: { id: request.id, ok: false, error: failureOf(error) }, transfer: [] };
  }
}

/** Each level's buffer once (a buffer listed twice would make postMessage throw). */
function transferListOf(texture: DecodedTexture): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const mip of texture.mips) if (mip.rgba.buffer instanceof ArrayBuffer) buffers.add(mip.rgba.buffer);
  return [...buffers];
}

function failureOf(error: unknown): TextureDecodeFailure {
  if (error instanceof CodecError) {
    const { format, kind, where, offset, detail, fileName } = error;
    return {
      name: error.name,
      message: error.message,
      codec: { format, kind, where, offset, detail, ...(fileName ? { fileName } : {}) },
    };
  }
  return error instanceof Error
    ? { name: error.name, message: error.message }
    : { name: 'Error', message: String(error) };
}

/** Rebuilds the error on the main thread: a CodecError again when it was one. */
function errorFromFailure(failure: TextureDecodeFailure): Error {
  if (failure.codec) return new CodecError(failure.codec);
  const error = new Error(failure.message);
  error.name = failure.name;
  return error;
}

/** A decoder over a worker made by `createWorker` (null, or a throwing factory: decode inline). */
export function createTextureDecoder(createWorker: (() => Worker) | null): TextureDecoder {
  const client = createWorkerClient<TextureDecodeRequest, TextureDecodeResponse, TextureDecodeFailure, DecodedTexture>({
    createWorker,
    resultOf: (response) => response.texture,
    errorOf: errorFromFailure,
    thrownErrorOf: (thrown) => (thrown instanceof Error ? thrown : new Error(String(thrown))),
    crashError: (detail) => new Error(`the texture worker failed: ${detail}`),
    closedError: () => new Error('the texture decoder was closed'),
  });

  return {
    decode(bytes, fileName, preparation = DEFAULT_PREPARATION) {
      return client.call(
        (id) => ({ id, bytes, fileName, preparation }),
        [bytes],
        () => decodeAndPrepare(new Uint8Array(bytes), fileName, preparation),
      );
    },
    dispose() {
      client.dispose();
    },
  };
}

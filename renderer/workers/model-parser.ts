/**
 * Model parsing, off the main thread when it is long. A binary MDX is read where it is opened (its read only splits
 * the file into chunks, views of its bytes, each kind read later on demand), and so is MDL text up to
 * INLINE_PARSE_BYTES: either costs less than a trip to the worker, which is handed a copy of the bytes as its base
 * (below). Larger MDL text is transferred (not copied) to a Web Worker that runs the codec's readModel; the document
 * comes back by structured clone with the same buffer transferred back, so the document the store keeps is the one
 * the worker parsed and its chunks stay views of that buffer — nothing is parsed again on the main thread. The worker
 * keeps its own copy of each file as read (the "base"), so that it can later assemble the bytes of an edited document
 * for a recovery file from the few pieces the edits made: the pieces that are views of the base travel as ranges, not
 * bytes.
 *
 * Where workers are unavailable (unit tests), the codec runs inline. A codec error keeps its fields (format,
 * kind, where, offset) so the editor can name the field and byte offset.
 */
import type { ModelCodec, ModelDocument } from '../../shared/events/document';
import { MDX_MAGIC, MDX_MAGIC_BYTES } from '../../shared/mdx/container';
import { createWorkerClient } from './worker-client';

/** One piece of a file to assemble: a range of the base, or bytes. */
export type FilePiece = { base: readonly [offset: number, length: number] } | { bytes: Uint8Array };

/** A request to the worker. */
export type ModelWorkerRequest =
  | { kind: 'parse'; id: number; bytes: ArrayBuffer; fileName: string; baseId: number }
  | { kind: 'assemble'; id: number; baseId: number; pieces: readonly FilePiece[] }
  | { kind: 'release'; id: number; baseId: number }
  /** Keep `bytes` as the base `baseId` (a file read on the main thread). */
  | { kind: 'keep'; id: number; baseId: number; bytes: ArrayBuffer };

/** A failure as it crosses the worker boundary. */
export interface ParseFailure {
  name: string;
  message: string;
}

/** The worker's answer. */
export type ModelWorkerResponse =
  | { id: number; ok: true; document: ModelDocument; bytes: ArrayBuffer }
  | { id: number; ok: true; assembled: ArrayBuffer }
  | { id: number; ok: true; released: true }
  | { id: number; ok: true; kept: true }
  | { id: number; ok: false; error: ParseFailure };

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

/** A parsed model: the document and the file it was read from (kept, as its base, by the worker). */
export interface ParsedModel {
  document: ModelDocument;
  /** The file as read: the buffer the document's pieces are views of. */
  base: ParsedBase;
}

/** The file a document was read from, as the parser knows it. */
export interface ParsedBase {
  /** Names the worker's copy; null when parsed inline (there is no worker copy). */
  readonly id: number | null;
  /** The buffer the document's untouched pieces are views of. */
  readonly buffer: ArrayBufferLike;
}

/** Parses models, in a worker when one can be started, and assembles files from their pieces there. */
export interface ModelParser {
  parse(bytes: ArrayBuffer, fileName: string): Promise<ParsedModel>;
  /**
   * Takes a parse made elsewhere on this thread with the same codec (the boot frame's read of the startup file,
   * renderer/boot): the parsed model `parse` would have given for bytes it reads inline, the worker keeping a copy.
   */
  adopt(bytes: ArrayBuffer, document: ModelDocument): ParsedModel;
  /**
   * The bytes of `document` (what `codec.writeModel` writes), assembled in the worker from `base` and the pieces
   * the edits made; inline when there is no worker copy of the base.
   */
  assemble(document: ModelDocument, base: ParsedBase): Promise<Uint8Array>;
  /** Lets the worker drop its copy of a file no document needs any more. */
  release(base: ParsedBase): void;
  /** Starts the worker now, so that the first file does not wait for it to boot. */
  warm(): void;
  dispose(): void;
}

/** The pieces of `document` as they cross to the worker: views of `base` become ranges. */
export function piecesFor(codec: ModelCodec, document: ModelDocument, base: ArrayBufferLike): FilePiece[] {
  return codec
    .modelPieces(document)
    .map((piece) =>
      piece.buffer === base ? { base: [piece.byteOffset, piece.byteLength] as const } : { bytes: piece },
    );
}

/** Concatenates pieces over `base`. */
export function assemblePieces(base: Uint8Array, pieces: readonly FilePiece[]): Uint8Array {
  let length = 0;
  for (const piece of pieces) length += 'base' in piece ? piece.base[1] : piece.bytes.byteLength;
  const output = new Uint8Array(length);
  let offset = 0;
  for (const piece of pieces) {
    const bytes = 'base' in piece ? base.subarray(piece.base[0], piece.base[0] + piece.base[1]) : piece.bytes;
    if ('base' in piece && bytes.byteLength !== piece.base[1])
      throw new RangeError(`piece [${piece.base[0]}, +${piece.base[1]}) lies outside the ${base.byteLength}-byte base`);
    output.set(bytes, offset);
    offset += bytes.byteLength;
  }
  return output;
}

type Result = ParsedModel | Uint8Array | true;

/** Whether bytes begin as a binary MDX file does (its magic). */
function isBinaryMdx(bytes: ArrayBuffer): boolean {
  const head = new Uint8Array(bytes, 0, Math.min(MDX_MAGIC_BYTES, bytes.byteLength));
  return String.fromCharCode(...head) === MDX_MAGIC;
}

/**
 * Files up to this size are parsed where they are opened: MDL text is read at ~25 ms per MB (the largest corpus MDL,
 * 1.5 MB, in 35 ms with a cold start in Chromium), less than the worker's round trip — its start and the document's
 * structured clone back, 0.3–1 s for that file on the build machines. Larger text goes to the worker, so that the
 * editor stays responsive while it is read.
 */
export const INLINE_PARSE_BYTES = 4 * 1024 * 1024;

/** Whether `parse` reads these bytes on this thread (every binary MDX, and text up to `inlineBytes`). */
export function parsesInline(bytes: ArrayBuffer, inlineBytes = INLINE_PARSE_BYTES): boolean {
  return isBinaryMdx(bytes) || bytes.byteLength <= inlineBytes;
}

/**
 * A parser over a worker made by `createWorker` (null, or a throwing factory: parse inline with `codec`); files up to
 * `inlineBytes` (and every binary MDX) are read on this thread, the worker keeping a copy as their base.
 */
export function createModelParser(
  createWorker: (() => Worker) | null,
  codec: ModelCodec,
  inlineBytes = INLINE_PARSE_BYTES,
): ModelParser {
  let nextBaseId = 1;
  const client = createWorkerClient<ModelWorkerRequest, ModelWorkerResponse, ParseFailure, Result>({
    createWorker,
    resultOf: (response) => {
      // The base id is filled in by parse(), which chose it.
      if ('document' in response) return { document: response.document, base: { id: -1, buffer: response.bytes } };
      if ('assembled' in response) return new Uint8Array(response.assembled);
      return true;
    },
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

  /** A model read on this thread (a binary MDX, or small MDL text); the worker, when there is one, keeps a copy. */
  function parseHere(bytes: ArrayBuffer, fileName: string, baseId: number): ParsedModel {
    let document: ModelDocument;
    try {
      document = codec.readModel(new Uint8Array(bytes), fileName);
    } catch (error) {
      throw error instanceof Error
        ? new ModelParseError(error.message, error.name)
        : new ModelParseError(String(error), 'Error');
    }
    return keepBase(bytes, document, baseId);
  }

  /** The worker keeps a copy of bytes read on this thread, as their base. */
  function keepBase(bytes: ArrayBuffer, document: ModelDocument, baseId: number): ParsedModel {
    if (!client.start()) return { document, base: { id: null, buffer: bytes } };
    const copy = bytes.slice(0);
    client
      .call(
        (id) => ({ kind: 'keep', id, baseId, bytes: copy }),
        [copy],
        () => true,
      )
      .catch(() => undefined);
    return { document, base: { id: baseId, buffer: bytes } };
  }

  return {
    warm() {
      client.start();
    },
    adopt(bytes, document) {
      return keepBase(bytes, document, nextBaseId++);
    },
    async parse(bytes, fileName) {
      const baseId = nextBaseId++;
      if (parsesInline(bytes, inlineBytes)) return parseHere(bytes, fileName, baseId);
      const result = (await client.call(
        (id) => ({ kind: 'parse', id, bytes, fileName, baseId }),
        [bytes],
        (): ParsedModel => ({
          document: codec.readModel(new Uint8Array(bytes), fileName),
          base: { id: null, buffer: bytes },
        }),
      )) as ParsedModel;
      // From the worker, the base id is the one this call gave it; inline, there is no worker copy.
      return result.base.id === null ? result : { document: result.document, base: { ...result.base, id: baseId } };
    },
    async assemble(document, base) {
      const pieces = piecesFor(codec, document, base.buffer);
      if (base.id === null) return assemblePieces(new Uint8Array(base.buffer), pieces);
      // The pieces' bytes are the document's own: copied across, never transferred.
      return (await client.call(
        (id) => ({ kind: 'assemble', id, baseId: base.id!, pieces }),
        [],
        () => assemblePieces(new Uint8Array(base.buffer), pieces),
      )) as Uint8Array;
    },
    release(base) {
      if (base.id === null) return;
      client
        .call(
          (id) => ({ kind: 'release', id, baseId: base.id! }),
          [],
          () => true as const,
        )
        .catch(() => undefined);
    },
    dispose() {
      client.dispose();
    },
  };
}

/**
 * The worker side (used by model-worker.ts): keeps a copy of each file it parsed by base id and answers one
 * request. Returns the response and the buffers to transfer with it.
 */
export function createModelWorkerHandler(codec: ModelCodec): (request: ModelWorkerRequest) => {
  response: ModelWorkerResponse;
  transfer: Transferable[];
} {
  const bases = new Map<number, Uint8Array>();
  return (request) => {
    try {
      switch (request.kind) {
        case 'parse': {
          const bytes = new Uint8Array(request.bytes);
          const document = codec.readModel(bytes, request.fileName);
          bases.set(request.baseId, bytes.slice());
          return { response: { id: request.id, ok: true, document, bytes: request.bytes }, transfer: [request.bytes] };
        }
        case 'assemble': {
          const base = bases.get(request.baseId);
          if (!base) throw new Error(`the worker holds no file ${request.baseId}`);
          const assembled = assemblePieces(base, request.pieces);
          return {
            response: { id: request.id, ok: true, assembled: assembled.buffer as ArrayBuffer },
            transfer: [assembled.buffer as ArrayBuffer],
          };
        }
        case 'keep':
          bases.set(request.baseId, new Uint8Array(request.bytes));
          return { response: { id: request.id, ok: true, kept: true }, transfer: [] };
        case 'release':
          bases.delete(request.baseId);
          return { response: { id: request.id, ok: true, released: true }, transfer: [] };
      }
    } catch (error) {
      const failure =
        error instanceof Error
          ? { name: error.name, message: error.message }
          : { name: 'Error', message: String(error) };
      return { response: { id: request.id, ok: false, error: failure }, transfer: [] };
    }
  };
}

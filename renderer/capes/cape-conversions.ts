/**
 * Cape conversions that run in the cape worker (cape-worker.ts), or inline where no worker starts: importing with a
 * row of the importer table (cape-importers.ts) and exporting a cape as glTF (GLB, or `.gltf` with its `.bin` and
 * `.png`), its texture embedded as PNG when its bytes are given. Requests and answers carry ArrayBuffers, moved
 * (transferred) rather than copied; a failure carries the converter's one-line message.
 */
import { mrfToGlb, mrfToGltfFiles } from '../../shared/capes/gltf/index';
import { readMrf, writeMrf } from '../../shared/mrf';
import { decodeTexture } from '../../shared/textures/index';
import { encodePng } from '../../shared/textures/png';
import { createWorkerClient } from '../workers/worker-client';
import type { CapeImporter, CapeImportValues } from './cape-importer-types';
import { CAPE_IMPORTERS, capeImporterById } from './cape-importers';

/** Bake a source file into MRF bytes with one importer row. */
export interface CapeImportRequest {
  kind: 'import';
  importerId: string;
  name: string;
  bytes: ArrayBuffer;
  resources: Record<string, ArrayBuffer>;
  values: CapeImportValues;
}

/** Write MRF bytes as glTF: `glb` one file, `gltf` the JSON with its `.bin` (and `.png`) named after `baseName`. */
export interface CapeExportRequest {
  kind: 'export';
  mrf: ArrayBuffer;
  container: 'glb' | 'gltf';
  baseName: string;
  /** The cape's texture file (BLP/TGA/DDS) to embed as PNG, or null. */
  texture: { bytes: ArrayBuffer; name: string } | null;
}

/** What the worker is asked. */
export type CapeConversionRequest = CapeImportRequest | CapeExportRequest;

/** What a conversion gives. */
export type CapeConversionResult =
  | { kind: 'import'; mrf: ArrayBuffer; warnings: string[]; summary: string }
  | { kind: 'export'; files: { name: string; bytes: ArrayBuffer }[]; warnings: string[] };

/** A request as posted (with its id) and the answer. */
export type CapeWorkerRequest = CapeConversionRequest & { id: number };
export type CapeWorkerResponse =
  { id: number; ok: true; result: CapeConversionResult } | { id: number; ok: false; error: string };

function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer)
    return bytes.buffer;
  return bytes.slice().buffer as ArrayBuffer;
}

/** Runs one conversion (in the worker, or inline). Throws what the converter threw. */
export async function runCapeConversion(
  request: CapeConversionRequest,
  importers: readonly CapeImporter[] = CAPE_IMPORTERS,
): Promise<CapeConversionResult> {
  if (request.kind === 'import') {
    const importer = capeImporterById(request.importerId, importers);
    if (!importer) throw new Error(`no cape importer "${request.importerId}"`);
    const resources: Record<string, Uint8Array> = {};
    for (const [uri, bytes] of Object.entries(request.resources)) resources[uri] = new Uint8Array(bytes);
    const result = await importer.convert(
      { name: request.name, bytes: new Uint8Array(request.bytes), resources },
      request.values,
    );
    return {
      kind: 'import',
      mrf: ownBuffer(writeMrf(result.mrf)),
      warnings: [...result.warnings],
      summary: result.summary,
    };
  }
  const file = readMrf(new Uint8Array(request.mrf));
  const warnings: string[] = [];
  let texturePng: Uint8Array | undefined;
  if (request.texture) {
    try {
      texturePng = encodePng(decodeTexture(new Uint8Array(request.texture.bytes), request.texture.name).mips[0]!);
    } catch (error) {
      warnings.push(`the texture ${request.texture.name} is not embedded: ${(error as Error).message}`);
    }
  }
  const options = texturePng ? { texturePng } : {};
  if (request.container === 'glb')
    return {
      kind: 'export',
      files: [{ name: `${request.baseName}.glb`, bytes: ownBuffer(mrfToGlb(file, options)) }],
      warnings,
    };
  const { json, resources } = mrfToGltfFiles(file, request.baseName, options);
  return {
    kind: 'export',
    files: [
      { name: `${request.baseName}.gltf`, bytes: ownBuffer(json) },
      ...Object.entries(resources).map(([name, bytes]) => ({ name, bytes: ownBuffer(bytes) })),
    ],
    warnings,
  };
}

/** The buffers a result moves back. */
export function resultTransfer(result: CapeConversionResult): ArrayBuffer[] {
  return result.kind === 'import' ? [result.mrf] : result.files.map((file) => file.bytes);
}

/** The worker's side: answers one request. */
export async function answerCapeRequest(
  request: CapeWorkerRequest,
): Promise<{ response: CapeWorkerResponse; transfer: ArrayBuffer[] }> {
  try {
    const result = await runCapeConversion(request);
    return { response: { id: request.id, ok: true, result }, transfer: resultTransfer(result) };
  } catch (error) {
    return {
      response: { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) },
      transfer: [],
    };
  }
}

/** Runs cape conversions off the main thread. */
export interface CapeConverter {
  run(request: CapeConversionRequest): Promise<CapeConversionResult>;
  dispose(): void;
}

/** A converter over the worker `createWorker` starts (null: every conversion runs inline, as in unit tests). */
export function createCapeConverter(createWorker: (() => Worker) | null): CapeConverter {
  const client = createWorkerClient<CapeWorkerRequest, CapeWorkerResponse, string, CapeConversionResult>({
    createWorker,
    resultOf: (response) => response.result,
    errorOf: (message) => new Error(message),
    thrownErrorOf: (thrown) => (thrown instanceof Error ? thrown : new Error(String(thrown))),
    crashError: (detail) => new Error(`the cape worker stopped: ${detail}`),
    closedError: () => new Error('the cape worker was closed'),
  });
  return {
    run(request) {
      const transfer: ArrayBuffer[] =
        request.kind === 'import'
          ? [request.bytes, ...Object.values(request.resources)]
          : [request.mrf, ...(request.texture ? [request.texture.bytes] : [])];
      // Inline, the conversion's promise is what `call` resolves with (Promise.resolve adopts it).
      return client.call(
        (id) => ({ ...request, id }),
        transfer,
        () => runCapeConversion(request) as unknown as CapeConversionResult,
      );
    },
    dispose: () => client.dispose(),
  };
}

/** A module Web Worker running renderer/capes/cape-worker.ts. */
export function startCapeWorker(): Worker {
  return new Worker(new URL('./cape-worker.ts', import.meta.url), { type: 'module', name: 'morf-capes' });
}

/**
 * Reading a glTF into a @gltf-transform/core Document, after the container and the structural
 * checks (./container.ts, ./checks.ts) so that the library only ever sees data that is there.
 */
import { GLB_BUFFER, Logger, PlatformIO, type Document, type GLTF } from '@gltf-transform/core';
import { CodecError, isCodecError } from '../../binary/codec-error';
import { checkGltf, type GltfLayout } from './checks';
import { externalUris, readGltfContainer, type GltfContainer } from './container';

/** A glTF read and checked: the library's document, the JSON it came from and where its data sits. */
export interface GltfFile {
  kind: 'glb' | 'gltf';
  document: Document;
  json: GLTF.IGLTF;
  layout: GltfLayout;
}

/**
 * The library's I/O over bytes already in memory: only its readJSON is used, so reading a URI
 * (from disk or the network) is refused.
 */
export class MemoryIO extends PlatformIO {
  constructor() {
    super();
    this.setLogger(new Logger(Logger.Verbosity.SILENT));
  }

  protected readURI(uri: string, type: 'view'): Promise<Uint8Array<ArrayBuffer>>;
  protected readURI(uri: string, type: 'text'): Promise<string>;
  protected readURI(uri: string): Promise<Uint8Array<ArrayBuffer> | string> {
    return Promise.reject(new Error(`no file access in memory (asked for ${uri})`));
  }

  protected resolve(base: string, path: string): string {
    return base ? `${base}/${path}` : path;
  }

  protected dirname(uri: string): string {
    return uri.slice(0, Math.max(uri.lastIndexOf('/'), 0));
  }
}

/**
 * The files a glTF names beside it, read from the JSON alone: its buffers (needed) and its images
 * (a cape needs none of their pixels: a missing one only leaves the texture without an image).
 */
export function gltfExternalUris(bytes: Uint8Array): { buffers: string[]; images: string[] } {
  return externalUris(readGltfContainer(bytes).json);
}

/**
 * Reads a GLB or `.gltf`. `resources` gives the bytes of each external URI the file names (see
 * {@link gltfExternalUris}); a missing buffer is a CodecError naming it, a missing image is left
 * out. Every problem — truncation, JSON syntax, indices or byte ranges out of bounds — is a
 * CodecError of format `gltf`.
 */
export async function readGltf(
  bytes: Uint8Array,
  resources: Readonly<Record<string, Uint8Array>> = {},
): Promise<GltfFile> {
  let container: GltfContainer | undefined;
  try {
    container = readGltfContainer(bytes);
    const layout = checkGltf(container, resources);
    const jsonResources: Record<string, Uint8Array<ArrayBuffer>> = {};
    const { buffers, images } = externalUris(container.json);
    for (const uri of [...buffers, ...images]) {
      if (resources[uri]) jsonResources[uri] = resources[uri] as Uint8Array<ArrayBuffer>;
    }
    if (container.binary) jsonResources[GLB_BUFFER] = container.binary as Uint8Array<ArrayBuffer>;
    const document = await new MemoryIO().readJSON({ json: container.json, resources: jsonResources });
    return { kind: container.kind, document, json: container.json, layout };
  } catch (error) {
    if (isCodecError(error)) throw error;
    // What the checks did not foresee (a field of the wrong type deep inside): still one typed line.
    throw new CodecError({
      format: 'gltf',
      kind: 'invalid',
      where: 'json',
      offset: container?.jsonOffset ?? 0,
      detail: `the glTF is malformed: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

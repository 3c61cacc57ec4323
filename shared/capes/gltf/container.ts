/**
 * The glTF container: a binary GLB (12-byte header, a JSON chunk, an optional BIN chunk) or a
 * JSON `.gltf`, read into the JSON object and the GLB's binary chunk, with typed errors that name
 * the field and the byte offset (for JSON syntax errors, the byte where the parser stopped).
 */
import type { GLTF } from '@gltf-transform/core';
import { CodecError, type CodecErrorKind } from '../../binary/codec-error';
import { jsonSyntaxError } from './json-syntax';

/** GLB layout: every size and magic number the container reader uses. */
export const GLB = {
  magic: 0x46546c67, // 'glTF'
  version: 2,
  headerByteSize: 12,
  chunkHeaderByteSize: 8,
  jsonChunkType: 0x4e4f534a, // 'JSON'
  binChunkType: 0x004e4942, // 'BIN\0'
  /** Chunks start on 4-byte boundaries. */
  alignment: 4,
} as const;

/** A glTF file's JSON and binary chunk, and where they sit in the file. */
export interface GltfContainer {
  kind: 'glb' | 'gltf';
  json: GLTF.IGLTF;
  /** Byte offset of the JSON text in the file: 20 in a GLB, 0 in a `.gltf`. */
  jsonOffset: number;
  /** The GLB's BIN chunk (buffer 0 when that buffer has no URI). */
  binary?: Uint8Array;
  /** Byte offset of the BIN chunk's data in the file. */
  binaryOffset: number;
}

/** True when `bytes` start with the GLB magic. */
export function isGlb(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x67 && bytes[1] === 0x6c && bytes[2] === 0x54 && bytes[3] === 0x46;
}

/** True when `bytes` look like glTF JSON: a `{` first (after a BOM or white space) and an `"asset"` key early on. */
export function looksLikeGltfJson(bytes: Uint8Array): boolean {
  let index = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (
    index < bytes.length &&
    (bytes[index] === 0x20 || bytes[index] === 0x0a || bytes[index] === 0x0d || bytes[index] === 0x09)
  )
    index += 1;
  if (bytes[index] !== 0x7b) return false;
  const head = new TextDecoder('latin1').decode(bytes.subarray(index, index + 4096));
  return head.includes('"asset"');
}

/** Reads a GLB or a `.gltf` (told apart by the GLB magic). */
export function readGltfContainer(bytes: Uint8Array): GltfContainer {
  if (isGlb(bytes)) return readGlb(bytes);
  return { kind: 'gltf', json: parseJson(bytes, 0), jsonOffset: 0, binaryOffset: 0 };
}

function readGlb(bytes: Uint8Array): GltfContainer {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < GLB.headerByteSize) {
    throw containerError(
      'truncated',
      'header',
      0,
      `a GLB header takes ${GLB.headerByteSize} bytes; the file has ${bytes.length}`,
    );
  }
  const version = view.getUint32(4, true);
  if (version !== GLB.version) {
    throw containerError(
      'unsupported',
      'header.version',
      4,
      `GLB version ${version}; only glTF 2.0 (GLB version 2) is read`,
    );
  }
  const declaredLength = view.getUint32(8, true);
  if (declaredLength > bytes.length) {
    throw containerError(
      'truncated',
      'header.length',
      8,
      `the GLB declares ${declaredLength} bytes; the file has ${bytes.length}`,
    );
  }
  const end = declaredLength;
  const json = readChunk(view, GLB.headerByteSize, end, 'chunks[0]');
  if (json.type !== GLB.jsonChunkType) {
    throw containerError('invalid', 'chunks[0].type', GLB.headerByteSize + 4, 'the first GLB chunk must be JSON');
  }
  const container: GltfContainer = {
    kind: 'glb',
    json: parseJson(bytes.subarray(json.dataOffset, json.dataOffset + json.length), json.dataOffset),
    jsonOffset: json.dataOffset,
    binaryOffset: 0,
  };
  const next = json.dataOffset + json.length;
  if (next + GLB.chunkHeaderByteSize <= end) {
    const binary = readChunk(view, next, end, 'chunks[1]');
    if (binary.type === GLB.binChunkType) {
      container.binary = bytes.subarray(binary.dataOffset, binary.dataOffset + binary.length);
      container.binaryOffset = binary.dataOffset;
    }
  }
  return container;
}

function readChunk(view: DataView, offset: number, end: number, where: string) {
  if (offset + GLB.chunkHeaderByteSize > end) {
    throw containerError('truncated', where, offset, `the chunk header runs past the GLB's end (byte ${end})`);
  }
  const length = view.getUint32(offset, true);
  const dataOffset = offset + GLB.chunkHeaderByteSize;
  if (dataOffset + length > end) {
    throw containerError(
      'truncated',
      `${where}.length`,
      offset,
      `the chunk declares ${length} bytes from byte ${dataOffset}; the GLB ends at byte ${end}`,
    );
  }
  return { type: view.getUint32(offset + 4, true), length, dataOffset };
}

function parseJson(bytes: Uint8Array, fileOffset: number): GLTF.IGLTF {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw containerError('invalid', 'json', fileOffset, 'the JSON is not valid UTF-8');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const found = jsonSyntaxError(text) ?? { position: text.length, reason: 'the JSON does not parse' };
    const byteOffset = fileOffset + new TextEncoder().encode(text.slice(0, found.position)).length;
    throw containerError(
      found.position >= text.length ? 'truncated' : 'invalid',
      'json',
      byteOffset,
      `the JSON does not parse: ${found.reason}`,
    );
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw containerError('invalid', 'json', fileOffset, 'the JSON is not an object');
  }
  const asset = (json as { asset?: { version?: unknown } }).asset;
  if (typeof asset !== 'object' || asset === null || typeof asset.version !== 'string') {
    throw containerError('invalid', 'asset.version', fileOffset, 'the glTF has no asset.version');
  }
  if (asset.version !== '2.0') {
    throw containerError('unsupported', 'asset.version', fileOffset, `glTF ${asset.version}; only glTF 2.0 is read`);
  }
  return json as GLTF.IGLTF;
}

/** The URIs of the buffers and the images a `.gltf` (or GLB) keeps in other files (data: URIs excluded). */
export function externalUris(json: GLTF.IGLTF): { buffers: string[]; images: string[] } {
  const external = (holders: unknown) =>
    Array.isArray(holders)
      ? [
          ...new Set(
            holders
              .map((holder) => (holder as { uri?: unknown } | null)?.uri)
              .filter((uri): uri is string => typeof uri === 'string' && !uri.startsWith('data:')),
          ),
        ]
      : [];
  return { buffers: external(json.buffers), images: external(json.images) };
}

function containerError(kind: CodecErrorKind, where: string, offset: number, detail: string): CodecError {
  return new CodecError({ format: 'gltf', kind, where, offset, detail });
}

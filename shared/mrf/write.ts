/**
 * `writeMrf`: {@link MrfFile} → bytes in the canonical layout (header, offset table, texture,
 * faces, UVs, keyframes; each chunk padded with zeros to 16 bytes).
 */
import { CodecError } from '../binary/codec-error';
import { mrfFacesByteLength, writeMrfFaces } from './faces';
import { writeMrfHeader, type MrfCounts } from './header';
import { mrfKeyframeByteLength, writeMrfKeyframe } from './keyframes';
import {
  MRF_FLOATS_PER_UV,
  MRF_FLOATS_PER_VERTEX,
  MRF_HEADER_BYTE_SIZE,
  MRF_OFFSET_TABLE_OFFSET,
  alignToChunk,
  offsetTableByteLength,
} from './layout';
import { writeMrfOffsetTable, type MrfOffsets } from './offset-table';
import { textureChunkContent, writeMrfTexture } from './texture';
import type { MrfFile } from './types';
import { mrfUvsByteLength, writeMrfUvs } from './uvs';

/** Where each chunk goes in the canonical layout, and the file's total size. */
export interface MrfCanonicalLayout {
  counts: MrfCounts;
  offsets: MrfOffsets;
  textureContent: Uint8Array;
  byteLength: number;
}

/**
 * Plans the canonical layout of `file`. Counts come from the arrays; throws a CodecError
 * (`invalid`) when they disagree (odd UV array, keyframe of the wrong length).
 */
export function planMrfLayout(file: MrfFile): MrfCanonicalLayout {
  if (file.uvs.length % MRF_FLOATS_PER_UV !== 0) {
    throw new CodecError({
      format: 'mrf',
      kind: 'invalid',
      where: 'uvs',
      offset: 0,
      detail: `${file.uvs.length} floats is not a whole number of (u, v) pairs`,
    });
  }
  const vertexCount = file.uvs.length / MRF_FLOATS_PER_UV;
  file.keyframes.forEach((keyframe, index) => {
    if (keyframe.length !== vertexCount * MRF_FLOATS_PER_VERTEX) {
      throw new CodecError({
        format: 'mrf',
        kind: 'invalid',
        where: `keyframes[${index}]`,
        offset: 0,
        detail: `has ${keyframe.length} floats; ${vertexCount} vertices need ${vertexCount * MRF_FLOATS_PER_VERTEX}`,
      });
    }
  });
  const counts: MrfCounts = { keyframeCount: file.keyframes.length, vertexCount, cornerCount: file.faces.length };
  const textureContent = textureChunkContent(file.texturePath, file.textureBytes);
  let cursor = MRF_OFFSET_TABLE_OFFSET + alignToChunk(offsetTableByteLength(counts.keyframeCount));
  const texture = cursor;
  cursor += alignToChunk(textureContent.length);
  const faces = cursor;
  cursor += alignToChunk(mrfFacesByteLength(file.faces));
  const uvs = cursor;
  cursor += alignToChunk(mrfUvsByteLength(file.uvs));
  const keyframeStride = alignToChunk(mrfKeyframeByteLength(vertexCount));
  const keyframes = new Array<number>(counts.keyframeCount);
  for (let index = 0; index < counts.keyframeCount; index += 1) {
    keyframes[index] = cursor;
    cursor += keyframeStride;
  }
  return {
    counts,
    offsets: { headerEntry: file.headerEntry, texture, faces, uvs, keyframes },
    textureContent,
    byteLength: cursor,
  };
}

/**
 * Writes `file` in the canonical layout. A canonical file read with `readMrf` and written
 * without edits comes back byte-identical, ignored header bytes and texture tail included.
 */
export function writeMrf(file: MrfFile): Uint8Array {
  const plan = planMrfLayout(file);
  const bytes = new Uint8Array(plan.byteLength);
  const headerBytes =
    file.headerBytes.length >= MRF_HEADER_BYTE_SIZE ? file.headerBytes : new Uint8Array(MRF_HEADER_BYTE_SIZE);
  writeMrfHeader(bytes, file.header, headerBytes, plan.counts);
  writeMrfOffsetTable(bytes, plan.offsets);
  writePadding(bytes, file, 'offsetTable', MRF_OFFSET_TABLE_OFFSET + offsetTableByteLength(plan.counts.keyframeCount));
  writeMrfTexture(bytes, plan.offsets.texture, plan.textureContent);
  writeMrfFaces(bytes, plan.offsets.faces, file.faces);
  writePadding(bytes, file, 'faces', plan.offsets.faces + file.faces.byteLength);
  writeMrfUvs(bytes, plan.offsets.uvs, file.uvs);
  writePadding(bytes, file, 'uvs', plan.offsets.uvs + file.uvs.byteLength);
  file.keyframes.forEach((keyframe, index) => {
    writeMrfKeyframe(bytes, plan.offsets.keyframes[index]!, keyframe);
    writePadding(bytes, file, `keyframes[${index}]`, plan.offsets.keyframes[index]! + keyframe.byteLength);
  });
  return bytes;
}

/** Writes a chunk's kept padding after its content when it still fills the gap exactly (zeros otherwise). */
function writePadding(target: Uint8Array, file: MrfFile, name: string, contentEnd: number): void {
  const padding = file.padding?.get(name);
  if (padding && padding.length === alignToChunk(contentEnd) - contentEnd) target.set(padding, contentEnd);
}

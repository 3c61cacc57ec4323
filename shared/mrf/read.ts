/**
 * `readMrf`: bytes → {@link MrfFile}, following the offset table.
 */
import { readMrfFaces } from './faces';
import { readMrfHeader } from './header';
import { readMrfKeyframe } from './keyframes';
import { ChunkBoundaries } from './boundaries';
import { checkChunkOffset } from './chunk-range';
import { MRF_HEADER_BYTE_SIZE, MRF_OFFSET_TABLE_OFFSET, alignToChunk, offsetTableByteLength } from './layout';
import { readMrfOffsetTable } from './offset-table';
import { readMrfTexture } from './texture';
import type { MrfFile } from './types';
import { readMrfUvs } from './uvs';

/**
 * Reads an MRF file. The offset table is authoritative (chunks may be anywhere, in any order);
 * every count and offset is checked against the file size before anything is allocated for it.
 * Arrays are zero-copy views over `bytes` where aligned. Throws {@link CodecError} (`truncated`,
 * `invalid` or `limit`) naming the field and byte offset; conditions the game tolerates (a
 * different magic, bad indices, NaN…) are left to `validateMrf`.
 */
export function readMrf(bytes: Uint8Array): MrfFile {
  const header = readMrfHeader(bytes);
  const offsets = readMrfOffsetTable(bytes, header.keyframeCount);
  const fileByteLength = bytes.byteLength;
  checkChunkOffset(fileByteLength, offsets.texture, 'texture');
  const faces = readMrfFaces(bytes, offsets.faces, header.cornerCount);
  const uvs = readMrfUvs(bytes, offsets.uvs, header.vertexCount);
  const keyframes = new Array<Float32Array>(header.keyframeCount);
  for (let index = 0; index < header.keyframeCount; index += 1) {
    keyframes[index] = readMrfKeyframe(bytes, offsets.keyframes[index]!, header.vertexCount, index);
  }
  const tableEnd = MRF_OFFSET_TABLE_OFFSET + offsetTableByteLength(header.keyframeCount);
  const boundaries = new ChunkBoundaries(
    [MRF_OFFSET_TABLE_OFFSET, offsets.texture, offsets.faces, offsets.uvs, ...offsets.keyframes],
    fileByteLength,
  );
  const textureEnd = boundaries.nextAtOrAfter(offsets.texture + 1);
  const { texturePath, textureBytes } = readMrfTexture(bytes, offsets.texture, textureEnd);
  const padding = new Map<string, Uint8Array>();
  const keepPadding = (name: string, contentEnd: number): void => {
    const end = Math.min(alignToChunk(contentEnd), boundaries.nextAtOrAfter(contentEnd));
    const found = bytes.subarray(contentEnd, end);
    if (found.some((byte) => byte !== 0)) padding.set(name, found);
  };
  keepPadding('offsetTable', tableEnd);
  keepPadding('faces', offsets.faces + faces.byteLength);
  keepPadding('uvs', offsets.uvs + uvs.byteLength);
  offsets.keyframes.forEach((offset, index) =>
    keepPadding(`keyframes[${index}]`, offset + keyframes[index]!.byteLength),
  );
  return {
    header,
    headerBytes: bytes.subarray(0, MRF_HEADER_BYTE_SIZE),
    headerEntry: offsets.headerEntry,
    texturePath,
    textureBytes,
    faces,
    uvs,
    keyframes,
    padding,
    layout: {
      fileByteLength,
      headerEntry: offsets.headerEntry,
      textureOffset: offsets.texture,
      facesOffset: offsets.faces,
      uvsOffset: offsets.uvs,
      keyframeOffsets: offsets.keyframes,
      textureChunkByteLength: textureEnd - offsets.texture,
    },
  };
}

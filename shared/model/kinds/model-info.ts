/**
 * MODL: char[80] name, char[260] animationFileName, Extent extent, uint32 blendTime (372 bytes).
 * Both names keep their raw bytes, so the bytes some exporters leave after the NUL survive.
 */
import { BinaryWriter } from '../../binary/writer';
import { decodeName, encodeName } from '../../mdx/names';
import type { ChunkCodec } from '../chunk-codec';
import { bodyView, expectSize } from './body';
import { EXTENT_BYTES, readExtent, writeExtent, type Extent } from './extent';

/** Bytes of the MODL body. */
export const MODL_BYTES = 372;
/** Bytes of the model name field. */
export const MODL_NAME_BYTES = 80;
/** Bytes of the animation file name field. */
export const MODL_ANIMATION_FILE_BYTES = 260;
/** Byte offsets of the MODL fields. */
export const MODL_FIELD_OFFSET = {
  name: 0,
  animationFileName: 80,
  extent: 340,
  blendTime: 340 + EXTENT_BYTES,
} as const;

/** The MODL chunk. */
export interface ModelInfo {
  readonly name: string;
  /** The raw 80-byte field. */
  readonly nameBytes: Uint8Array;
  readonly animationFileName: string;
  /** The raw 260-byte field (bytes after the NUL included). */
  readonly animationFileNameBytes: Uint8Array;
  readonly extent: Extent;
  readonly blendTime: number;
}

/** Reads MODL; throws CodecError unless the body has 372 bytes. */
export function readModelInfo(body: Uint8Array, bodyOffset = 0): ModelInfo {
  expectSize(body, MODL_BYTES, 'MODL', bodyOffset);
  const view = bodyView(body);
  const nameBytes = body.subarray(MODL_FIELD_OFFSET.name, MODL_FIELD_OFFSET.name + MODL_NAME_BYTES);
  const animationFileNameBytes = body.subarray(
    MODL_FIELD_OFFSET.animationFileName,
    MODL_FIELD_OFFSET.animationFileName + MODL_ANIMATION_FILE_BYTES,
  );
  return {
    name: decodeName(nameBytes),
    nameBytes,
    animationFileName: decodeName(animationFileNameBytes),
    animationFileNameBytes,
    extent: readExtent(view, MODL_FIELD_OFFSET.extent),
    blendTime: view.getUint32(MODL_FIELD_OFFSET.blendTime, true),
  };
}

/** Writes MODL (names from their original bytes when unchanged). */
export function writeModelInfo(info: ModelInfo): Uint8Array {
  const writer = new BinaryWriter(MODL_BYTES);
  writer.bytes(encodeName(info.name, MODL_NAME_BYTES, info.nameBytes));
  writer.bytes(encodeName(info.animationFileName, MODL_ANIMATION_FILE_BYTES, info.animationFileNameBytes));
  writeExtent(writer, info.extent);
  writer.u32(info.blendTime);
  return writer.finish();
}

/** The MODL chunk. */
export const modelInfoChunkMdx: ChunkCodec<ModelInfo> = {
  read: (cursor) => readModelInfo(cursor.bytes, cursor.origin),
  write: (writer, info) => {
    writer.bytes(writeModelInfo(info));
  },
};

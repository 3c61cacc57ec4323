/**
 * TXAN: texture animations — uint32 inclusiveSize, then KTAT (translation), KTAR (rotation), KTAS
 * (scaling) tracks of the texture coordinates.
 */
import type { BinaryWriter } from '../../binary/writer';
import { beginSize, patchSize, readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../mdx-cursor';
import { readTracksMdx, writeTracksMdx, type Track } from '../track';

/** Bytes of a texture animation without tracks (its inclusive size). */
export const TEXTURE_ANIMATION_FIXED_BYTES = 4;

/** A texture animation. */
export interface TextureAnimation {
  /** KTAT, KTAR, KTAS in stored order. */
  readonly tracks: readonly Track[];
  /** Bytes at the end that are not tracks (normally none), kept as they are. */
  readonly unparsedBytes: Uint8Array;
}

/** Reads the texture animation at the cursor. */
export function readTextureAnimationMdx(cursor: MdxCursor): TextureAnimation {
  const { value: tracks, unparsedBytes } = cursor.sized(TEXTURE_ANIMATION_FIXED_BYTES, () => readTracksMdx(cursor));
  return { tracks, unparsedBytes };
}

/** Writes a texture animation. */
export function writeTextureAnimationMdx(writer: BinaryWriter, animation: TextureAnimation): void {
  const start = beginSize(writer);
  writeTracksMdx(writer, animation.tracks);
  writer.bytes(animation.unparsedBytes);
  patchSize(writer, start);
}

/** The TXAN chunk. */
export const textureAnimationsChunkMdx: ChunkCodec<TextureAnimation[]> = {
  read: (cursor) => readObjects(cursor, 'TXAN', readTextureAnimationMdx),
  write: (writer, animations) => animations.forEach((animation) => writeTextureAnimationMdx(writer, animation)),
};

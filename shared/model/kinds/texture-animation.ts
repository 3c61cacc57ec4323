/**
 * TXAN: texture animations — uint32 inclusiveSize, then KTAT (translation), KTAR (rotation), KTAS
 * (scaling) tracks of the texture coordinates.
 */
import type { BinaryWriter } from '../../binary/writer';
import { beginSize, patchSize, readObjects, type ChunkCodec } from '../chunk-codec';
import { NO_BYTES, type MdxCursor } from '../../mdx/cursor';
import type { MdlStatement } from '../../mdl/tree';
import { blockRules, printRules, readCountedList, readRuleBlock } from '../mdl/fields';
import type { MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';
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

const TEXTURE_ANIMATION_MDL = blockRules([
  { kind: 'track', keyword: 'Translation', track: 'KTAT' },
  { kind: 'track', keyword: 'Rotation', track: 'KTAR' },
  { kind: 'track', keyword: 'Scaling', track: 'KTAS' },
]);

/** Reads `TextureAnims N { TVertexAnim { Translation … } … }`. */
export function readTextureAnimationsMdl(context: MdlReadContext, block: MdlStatement): TextureAnimation[] {
  return readCountedList(context, block, 'TVertexAnim', (child) => ({
    tracks: readRuleBlock(context, child, TEXTURE_ANIMATION_MDL).tracks,
    unparsedBytes: NO_BYTES,
  }));
}

/** Prints the TextureAnims block. */
export function printTextureAnimationsMdl(writer: MdlWriter, animations: readonly TextureAnimation[]): void {
  writer.open('TextureAnims', undefined, animations.length);
  animations.forEach((animation, index) => {
    const where = `TextureAnims[${index}]`;
    writer.open('TVertexAnim');
    printRules(writer, {}, animation.tracks, TEXTURE_ANIMATION_MDL, where);
    writer.close();
    if (animation.unparsedBytes.byteLength > 0)
      writer.warn(where, `${where} ends in ${animation.unparsedBytes.byteLength} bytes MDL cannot hold`);
  });
  writer.close();
}

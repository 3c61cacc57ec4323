/**
 * GEOA: geoset animations — uint32 inclusiveSize, float alpha, uint32 flags (0x1 drop shadow,
 * 0x2 color), float[3] color, int32 geosetId, then KGAO (alpha) and KGAC (color) tracks.
 */
import type { BinaryWriter } from '../../binary/writer';
import { beginSize, patchSize, readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../mdx-cursor';
import { readTracksMdx, writeTracksMdx, type Track } from '../track';

/** Bytes of a geoset animation without tracks, inclusive size included. */
export const GEOSET_ANIMATION_FIXED_BYTES = 28;

/** A geoset animation: the alpha and colour of one geoset over time. */
export interface GeosetAnimation {
  readonly alpha: number;
  readonly flags: number;
  readonly color: readonly [number, number, number];
  readonly geosetId: number;
  /** KGAO, KGAC in stored order. */
  readonly tracks: readonly Track[];
  /** Bytes at the end that are not tracks (normally none), kept as they are. */
  readonly unparsedBytes: Uint8Array;
}

/** Reads the geoset animation at the cursor. */
export function readGeosetAnimationMdx(cursor: MdxCursor): GeosetAnimation {
  const { value, unparsedBytes } = cursor.sized(GEOSET_ANIMATION_FIXED_BYTES, () => ({
    alpha: cursor.f32('alpha'),
    flags: cursor.u32('flags'),
    color: cursor.vector3('color'),
    geosetId: cursor.i32('geosetId'),
    tracks: readTracksMdx(cursor),
  }));
  return { ...value, unparsedBytes };
}

/** Writes a geoset animation. */
export function writeGeosetAnimationMdx(writer: BinaryWriter, animation: GeosetAnimation): void {
  const start = beginSize(writer);
  writer.f32(animation.alpha).u32(animation.flags);
  for (const value of animation.color) writer.f32(value);
  writer.i32(animation.geosetId);
  writeTracksMdx(writer, animation.tracks);
  writer.bytes(animation.unparsedBytes);
  patchSize(writer, start);
}

/** The GEOA chunk. */
export const geosetAnimationsChunkMdx: ChunkCodec<GeosetAnimation[]> = {
  read: (cursor) => readObjects(cursor, 'GEOA', readGeosetAnimationMdx),
  write: (writer, animations) => animations.forEach((animation) => writeGeosetAnimationMdx(writer, animation)),
};

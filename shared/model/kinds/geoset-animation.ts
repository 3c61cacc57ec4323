/**
 * GEOA: geoset animations — uint32 inclusiveSize, float alpha, uint32 flags (0x1 drop shadow,
 * 0x2 color), float[3] color, int32 geosetId, then KGAO (alpha) and KGAC (color) tracks.
 */
import type { BinaryWriter } from '../../binary/writer';
import { beginSize, patchSize, readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../../mdx/cursor';
import { readTracksMdx, writeTracksMdx, type Track } from '../track';
import type { MdlStatement } from '../../mdl/tree';
import { NO_BYTES } from '../../mdx/cursor';
import { blockRules, printRules, readRuleBlock } from '../mdl/fields';
import type { MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';
import { mdlDefault } from '../mdl/defaults';

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

// MDL ---------------------------------------------------------------------------------------------

/** Geoset animation flags: DropShadow, and the bit a Color statement implies. */
const DROP_SHADOW = 0x1;
const USE_COLOR = 0x2;

const GEOSET_ANIMATION_MDL = blockRules([
  { kind: 'flag', keyword: 'DropShadow', field: 'flags', bit: DROP_SHADOW },
  {
    kind: 'scalar',
    keyword: 'Alpha',
    field: 'alpha',
    type: 'f32',
    ...mdlDefault('GeosetAnim.Alpha'),
    print: 'always',
    isStatic: true,
    track: 'KGAO',
  },
  {
    kind: 'vector',
    keyword: 'Color',
    field: 'color',
    type: 'f32',
    length: 3,
    ...mdlDefault('GeosetAnim.Color'),
    print: 'nondefault',
    isStatic: true,
    track: 'KGAC',
    reversed: true,
    implies: { field: 'flags', bit: USE_COLOR },
  },
  {
    kind: 'scalar',
    keyword: 'GeosetId',
    field: 'geosetId',
    type: 'i32',
    ...mdlDefault('GeosetAnim.GeosetId'),
    print: 'always',
    words: [[-1, 'Multiple']],
  },
  { kind: 'flags', keyword: 'Flags', field: 'flags' },
]);

/** Reads a `GeosetAnim { … }` block (a Color statement or track sets the colour flag). */
export function readGeosetAnimationMdl(context: MdlReadContext, block: MdlStatement): GeosetAnimation {
  const { draft, tracks } = readRuleBlock(context, block, GEOSET_ANIMATION_MDL);
  return {
    alpha: draft.alpha,
    flags: draft.flags,
    color: draft.color,
    geosetId: draft.geosetId,
    tracks,
    unparsedBytes: NO_BYTES,
  };
}

/** Prints a `GeosetAnim` block. */
export function printGeosetAnimationMdl(writer: MdlWriter, animation: GeosetAnimation, index: number): void {
  const where = `GeosetAnim ${index}`;
  writer.open('GeosetAnim');
  printRules(writer, animation, animation.tracks, GEOSET_ANIMATION_MDL, where);
  writer.close();
  if (animation.unparsedBytes.byteLength > 0)
    writer.warn(where, `${where} ends in ${animation.unparsedBytes.byteLength} bytes MDL cannot hold`);
}

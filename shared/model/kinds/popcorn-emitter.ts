/**
 * CORN (Reforged, 900+): PopcornFX emitters — uint32 inclusiveSize, Node, float lifespan, float
 * emissionRate, float speed, float[3] color, float alpha, uint32 replaceableId, char[260] path
 * (a .pkfx file), char[260] animationVisibilityGuide (e.g. "Always=on, Death=off"), then KPPA,
 * KPPC, KPPE, KPPL, KPPS, KPPV tracks.
 */
import type { BinaryWriter } from '../../binary/writer';
import { encodeName } from '../../mdx/names';
import { readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../mdx-cursor';
import { readWrappedNodeObjectMdx, writeWrappedNodeObjectMdx, type AnimatedNodeObject } from './node';

/** Bytes of each of a popcorn emitter's two text fields. */
export const POPCORN_TEXT_BYTES = 260;
/** Bytes of a popcorn emitter's fields after its node. */
export const POPCORN_EMITTER_FIELD_BYTES = 32 + 2 * POPCORN_TEXT_BYTES;

/** A PopcornFX particle emitter. */
export interface PopcornEmitter extends AnimatedNodeObject {
  readonly lifespan: number;
  readonly emissionRate: number;
  readonly speed: number;
  readonly color: readonly [number, number, number];
  readonly alpha: number;
  readonly replaceableId: number;
  readonly path: string;
  readonly pathBytes?: Uint8Array;
  readonly animationVisibilityGuide: string;
  readonly animationVisibilityGuideBytes?: Uint8Array;
}

/** Reads the popcorn emitter at the cursor. */
export function readPopcornEmitterMdx(cursor: MdxCursor): PopcornEmitter {
  return readWrappedNodeObjectMdx(cursor, POPCORN_EMITTER_FIELD_BYTES, () => {
    const lifespan = cursor.f32('lifespan');
    const emissionRate = cursor.f32('emissionRate');
    const speed = cursor.f32('speed');
    const color = cursor.vector3('color');
    const alpha = cursor.f32('alpha');
    const replaceableId = cursor.u32('replaceableId');
    const path = cursor.name(POPCORN_TEXT_BYTES, 'path');
    const guide = cursor.name(POPCORN_TEXT_BYTES, 'animationVisibilityGuide');
    return {
      lifespan,
      emissionRate,
      speed,
      color,
      alpha,
      replaceableId,
      path: path.name,
      pathBytes: path.nameBytes,
      animationVisibilityGuide: guide.name,
      animationVisibilityGuideBytes: guide.nameBytes,
    };
  });
}

/** Writes a popcorn emitter. */
export function writePopcornEmitterMdx(writer: BinaryWriter, emitter: PopcornEmitter): void {
  writeWrappedNodeObjectMdx(writer, emitter, () => {
    writer.f32(emitter.lifespan).f32(emitter.emissionRate).f32(emitter.speed);
    for (const value of emitter.color) writer.f32(value);
    writer.f32(emitter.alpha).u32(emitter.replaceableId);
    writer.bytes(encodeName(emitter.path, POPCORN_TEXT_BYTES, emitter.pathBytes));
    writer.bytes(
      encodeName(emitter.animationVisibilityGuide, POPCORN_TEXT_BYTES, emitter.animationVisibilityGuideBytes),
    );
  });
}

/** The CORN chunk. */
export const popcornEmittersChunkMdx: ChunkCodec<PopcornEmitter[]> = {
  read: (cursor) => readObjects(cursor, 'CORN', readPopcornEmitterMdx),
  write: (writer, emitters) => emitters.forEach((emitter) => writePopcornEmitterMdx(writer, emitter)),
};

/**
 * RIBB: ribbon emitters — uint32 inclusiveSize, Node (flag 0x4000), float heightAbove, float
 * heightBelow, float alpha, float[3] color, float lifespan, uint32 textureSlot, uint32
 * emissionRate, uint32 rows, uint32 columns, int32 materialId, float gravity, then KRHA, KRHB,
 * KRAL, KRCO, KRTX, KRVS tracks.
 */
import type { BinaryWriter } from '../../binary/writer';
import { readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../mdx-cursor';
import { readWrappedNodeObjectMdx, writeWrappedNodeObjectMdx, type AnimatedNodeObject } from './node';

/** Bytes of a ribbon emitter's fields after its node. */
export const RIBBON_EMITTER_FIELD_BYTES = 52;

/** A ribbon emitter. */
export interface RibbonEmitter extends AnimatedNodeObject {
  readonly heightAbove: number;
  readonly heightBelow: number;
  readonly alpha: number;
  readonly color: readonly [number, number, number];
  readonly lifespan: number;
  readonly textureSlot: number;
  readonly emissionRate: number;
  readonly rows: number;
  readonly columns: number;
  readonly materialId: number;
  readonly gravity: number;
}

/** Reads the ribbon emitter at the cursor. */
export function readRibbonEmitterMdx(cursor: MdxCursor): RibbonEmitter {
  return readWrappedNodeObjectMdx(cursor, RIBBON_EMITTER_FIELD_BYTES, () => ({
    heightAbove: cursor.f32('heightAbove'),
    heightBelow: cursor.f32('heightBelow'),
    alpha: cursor.f32('alpha'),
    color: cursor.vector3('color'),
    lifespan: cursor.f32('lifespan'),
    textureSlot: cursor.u32('textureSlot'),
    emissionRate: cursor.u32('emissionRate'),
    rows: cursor.u32('rows'),
    columns: cursor.u32('columns'),
    materialId: cursor.i32('materialId'),
    gravity: cursor.f32('gravity'),
  }));
}

/** Writes a ribbon emitter. */
export function writeRibbonEmitterMdx(writer: BinaryWriter, emitter: RibbonEmitter): void {
  writeWrappedNodeObjectMdx(writer, emitter, () => {
    writer.f32(emitter.heightAbove).f32(emitter.heightBelow).f32(emitter.alpha);
    for (const value of emitter.color) writer.f32(value);
    writer.f32(emitter.lifespan).u32(emitter.textureSlot).u32(emitter.emissionRate);
    writer.u32(emitter.rows).u32(emitter.columns).i32(emitter.materialId).f32(emitter.gravity);
  });
}

/** The RIBB chunk. */
export const ribbonEmittersChunkMdx: ChunkCodec<RibbonEmitter[]> = {
  read: (cursor) => readObjects(cursor, 'RIBB', readRibbonEmitterMdx),
  write: (writer, emitters) => emitters.forEach((emitter) => writeRibbonEmitterMdx(writer, emitter)),
};

/**
 * PRE2: particle emitters 2 (emitting quads) — uint32 inclusiveSize, Node (flag 0x1000; 0x8000
 * unshaded, 0x10000 sort primitives far z, 0x20000 line emitter, 0x40000 unfogged, 0x80000 model
 * space, 0x100000 xy quad), then float speed, variation, latitude, gravity, lifespan, emissionRate,
 * length, width; uint32 filterMode (0 blend, 1 additive, 2 modulate, 3 modulate 2x, 4 alpha key),
 * rows, columns, headOrTail (0 head, 1 tail, 2 both); float tailLength, time; float[3][3]
 * segmentColor; uint8[3] segmentAlpha; float[3] segmentScaling; uint32[3] headInterval,
 * headDecayInterval, tailInterval, tailDecayInterval; int32 textureId; uint32 squirt; int32
 * priorityPlane; uint32 replaceableId; then KP2S, KP2R, KP2L, KP2G, KP2E, KP2N, KP2W, KP2V tracks.
 *
 * Field order after emissionRate follows the specification (length, then width), as Retera's
 * Model Studio reads it; mdx-m3-viewer names the two the other way round.
 */
import type { BinaryWriter } from '../../binary/writer';
import { readObjects, writeArray, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../mdx-cursor';
import { readWrappedNodeObjectMdx, writeWrappedNodeObjectMdx, type AnimatedNodeObject } from './node';

/** Bytes of a particle emitter 2's fields after its node. */
export const PARTICLE_EMITTER2_FIELD_BYTES = 171;

/** A particle emitter that emits textured quads. */
export interface ParticleEmitter2 extends AnimatedNodeObject {
  readonly speed: number;
  readonly variation: number;
  readonly latitude: number;
  readonly gravity: number;
  readonly lifespan: number;
  readonly emissionRate: number;
  readonly length: number;
  readonly width: number;
  readonly filterMode: number;
  readonly rows: number;
  readonly columns: number;
  readonly headOrTail: number;
  readonly tailLength: number;
  /** The middle of the particle's life, 0–1. */
  readonly time: number;
  /** Three RGB colours: start, middle, end (9 floats). */
  readonly segmentColors: Float32Array;
  /** Three alphas 0–255. */
  readonly segmentAlphas: Uint8Array;
  readonly segmentScaling: Float32Array;
  /** start, end, repeat of the head's texture animation over its life… */
  readonly headInterval: Uint32Array;
  readonly headDecayInterval: Uint32Array;
  readonly tailInterval: Uint32Array;
  readonly tailDecayInterval: Uint32Array;
  readonly textureId: number;
  readonly squirt: number;
  readonly priorityPlane: number;
  readonly replaceableId: number;
}

/** Reads the particle emitter 2 at the cursor. */
export function readParticleEmitter2Mdx(cursor: MdxCursor): ParticleEmitter2 {
  return readWrappedNodeObjectMdx(cursor, PARTICLE_EMITTER2_FIELD_BYTES, () => ({
    speed: cursor.f32('speed'),
    variation: cursor.f32('variation'),
    latitude: cursor.f32('latitude'),
    gravity: cursor.f32('gravity'),
    lifespan: cursor.f32('lifespan'),
    emissionRate: cursor.f32('emissionRate'),
    length: cursor.f32('length'),
    width: cursor.f32('width'),
    filterMode: cursor.u32('filterMode'),
    rows: cursor.u32('rows'),
    columns: cursor.u32('columns'),
    headOrTail: cursor.u32('headOrTail'),
    tailLength: cursor.f32('tailLength'),
    time: cursor.f32('time'),
    segmentColors: cursor.float32s(9, 'segmentColor'),
    segmentAlphas: cursor.uint8s(3, 'segmentAlpha'),
    segmentScaling: cursor.float32s(3, 'segmentScaling'),
    headInterval: cursor.uint32s(3, 'headInterval'),
    headDecayInterval: cursor.uint32s(3, 'headDecayInterval'),
    tailInterval: cursor.uint32s(3, 'tailInterval'),
    tailDecayInterval: cursor.uint32s(3, 'tailDecayInterval'),
    textureId: cursor.i32('textureId'),
    squirt: cursor.u32('squirt'),
    priorityPlane: cursor.i32('priorityPlane'),
    replaceableId: cursor.u32('replaceableId'),
  }));
}

function checkLength(values: ArrayLike<number>, length: number, field: string): void {
  if (values.length !== length) throw new RangeError(`ParticleEmitter2 ${field} needs ${length} values`);
}

/** Writes a particle emitter 2. */
export function writeParticleEmitter2Mdx(writer: BinaryWriter, emitter: ParticleEmitter2): void {
  checkLength(emitter.segmentColors, 9, 'segmentColors');
  checkLength(emitter.segmentAlphas, 3, 'segmentAlphas');
  checkLength(emitter.segmentScaling, 3, 'segmentScaling');
  for (const interval of [
    emitter.headInterval,
    emitter.headDecayInterval,
    emitter.tailInterval,
    emitter.tailDecayInterval,
  ])
    checkLength(interval, 3, 'intervals');
  writeWrappedNodeObjectMdx(writer, emitter, () => {
    writer.f32(emitter.speed).f32(emitter.variation).f32(emitter.latitude).f32(emitter.gravity);
    writer.f32(emitter.lifespan).f32(emitter.emissionRate).f32(emitter.length).f32(emitter.width);
    writer.u32(emitter.filterMode).u32(emitter.rows).u32(emitter.columns).u32(emitter.headOrTail);
    writer.f32(emitter.tailLength).f32(emitter.time);
    writeArray(writer, emitter.segmentColors);
    writeArray(writer, emitter.segmentAlphas);
    writeArray(writer, emitter.segmentScaling);
    writeArray(writer, emitter.headInterval);
    writeArray(writer, emitter.headDecayInterval);
    writeArray(writer, emitter.tailInterval);
    writeArray(writer, emitter.tailDecayInterval);
    writer.i32(emitter.textureId).u32(emitter.squirt).i32(emitter.priorityPlane).u32(emitter.replaceableId);
  });
}

/** The PRE2 chunk. */
export const particleEmitters2ChunkMdx: ChunkCodec<ParticleEmitter2[]> = {
  read: (cursor) => readObjects(cursor, 'PRE2', readParticleEmitter2Mdx),
  write: (writer, emitters) => emitters.forEach((emitter) => writeParticleEmitter2Mdx(writer, emitter)),
};

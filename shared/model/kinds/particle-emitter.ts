/**
 * PREM: particle emitters (emitting models) — uint32 inclusiveSize, Node (flag 0x1000; 0x8000
 * uses MDL, 0x10000 uses TGA), float emissionRate, float gravity, float longitude, float latitude,
 * char[260] spawnModelFileName, float lifespan, float initialVelocity, then KPEE, KPEG, KPLN, KPLT,
 * KPEL, KPES, KPEV tracks.
 */
import type { BinaryWriter } from '../../binary/writer';
import { encodeName } from '../../mdx/names';
import { readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../mdx-cursor';
import { readWrappedNodeObjectMdx, writeWrappedNodeObjectMdx, type AnimatedNodeObject } from './node';

/** Bytes of the spawned model's file name. */
export const PARTICLE_EMITTER_PATH_BYTES = 260;
/** Bytes of a particle emitter's fields after its node. */
export const PARTICLE_EMITTER_FIELD_BYTES = 16 + PARTICLE_EMITTER_PATH_BYTES + 8;

/** A particle emitter that emits models. */
export interface ParticleEmitter extends AnimatedNodeObject {
  readonly emissionRate: number;
  readonly gravity: number;
  readonly longitude: number;
  readonly latitude: number;
  readonly spawnModelFileName: string;
  readonly spawnModelFileNameBytes?: Uint8Array;
  readonly lifespan: number;
  readonly initialVelocity: number;
}

/** Reads the particle emitter at the cursor. */
export function readParticleEmitterMdx(cursor: MdxCursor): ParticleEmitter {
  return readWrappedNodeObjectMdx(cursor, PARTICLE_EMITTER_FIELD_BYTES, () => {
    const emissionRate = cursor.f32('emissionRate');
    const gravity = cursor.f32('gravity');
    const longitude = cursor.f32('longitude');
    const latitude = cursor.f32('latitude');
    const { name, nameBytes } = cursor.name(PARTICLE_EMITTER_PATH_BYTES, 'spawnModelFileName');
    return {
      emissionRate,
      gravity,
      longitude,
      latitude,
      spawnModelFileName: name,
      spawnModelFileNameBytes: nameBytes,
      lifespan: cursor.f32('lifespan'),
      initialVelocity: cursor.f32('initialVelocity'),
    };
  });
}

/** Writes a particle emitter. */
export function writeParticleEmitterMdx(writer: BinaryWriter, emitter: ParticleEmitter): void {
  writeWrappedNodeObjectMdx(writer, emitter, () => {
    writer.f32(emitter.emissionRate).f32(emitter.gravity).f32(emitter.longitude).f32(emitter.latitude);
    writer.bytes(encodeName(emitter.spawnModelFileName, PARTICLE_EMITTER_PATH_BYTES, emitter.spawnModelFileNameBytes));
    writer.f32(emitter.lifespan).f32(emitter.initialVelocity);
  });
}

/** The PREM chunk. */
export const particleEmittersChunkMdx: ChunkCodec<ParticleEmitter[]> = {
  read: (cursor) => readObjects(cursor, 'PREM', readParticleEmitterMdx),
  write: (writer, emitters) => emitters.forEach((emitter) => writeParticleEmitterMdx(writer, emitter)),
};

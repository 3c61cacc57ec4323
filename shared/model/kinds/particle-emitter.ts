/**
 * PREM: particle emitters (emitting models) — uint32 inclusiveSize, Node (flag 0x1000; 0x8000
 * uses MDL, 0x10000 uses TGA), float emissionRate, float gravity, float longitude, float latitude,
 * char[260] spawnModelFileName, float lifespan, float initialVelocity, then KPEE, KPEG, KPLN, KPLT,
 * KPEL, KPES, KPEV tracks.
 */
import type { BinaryWriter } from '../../binary/writer';
import { encodeName } from '../../mdx/names';
import { readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../../mdx/cursor';
import { readWrappedNodeObjectMdx, writeWrappedNodeObjectMdx, type AnimatedNodeObject } from './node';
import type { MdlStatement } from '../../mdl/tree';
import { NODE_FLAG } from './node';
import { NO_BYTES } from '../../mdx/cursor';
import type { Track } from '../track';
import { blockRules, draftOf, printRules, readRuleBlock } from '../mdl/fields';
import type { MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';
import { checkTrackOrder, printNodeBlockMdl, readNodeBlockMdl, tracksInOrder, type NodeKindMdl } from './node';
import { mdlDefault } from '../mdl/defaults';

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

// MDL ---------------------------------------------------------------------------------------------

/** Node flags of particle emitters. */
const EMITTER_USES_MDL = 0x8000;
const EMITTER_USES_TGA = 0x10000;

/** The MDX order of the emitter's tracks (MDL prints two of them in its `Particle` block). */
const PARTICLE_EMITTER_TRACK_ORDER = ['KPEE', 'KPEG', 'KPLN', 'KPLT', 'KPEL', 'KPES', 'KPEV'];

/** `ParticleEmitter "name" { … Particle { LifeSpan, InitVelocity, Path } Visibility … }`. */
export const PARTICLE_EMITTER_MDL = {
  keyword: 'ParticleEmitter',
  kindBit: NODE_FLAG.particleEmitter,
  rules: blockRules([
    { kind: 'flag', keyword: 'EmitterUsesMDL', field: 'flags', bit: EMITTER_USES_MDL },
    { kind: 'flag', keyword: 'EmitterUsesTGA', field: 'flags', bit: EMITTER_USES_TGA },
    {
      kind: 'scalar',
      keyword: 'EmissionRate',
      field: 'emissionRate',
      type: 'f32',
      ...mdlDefault('ParticleEmitter.EmissionRate'),
      print: 'always',
      isStatic: true,
      track: 'KPEE',
    },
    {
      kind: 'scalar',
      keyword: 'Gravity',
      field: 'gravity',
      type: 'f32',
      ...mdlDefault('ParticleEmitter.Gravity'),
      print: 'always',
      isStatic: true,
      track: 'KPEG',
    },
    {
      kind: 'scalar',
      keyword: 'Longitude',
      field: 'longitude',
      type: 'f32',
      ...mdlDefault('ParticleEmitter.Longitude'),
      print: 'always',
      isStatic: true,
      track: 'KPLN',
    },
    {
      kind: 'scalar',
      keyword: 'Latitude',
      field: 'latitude',
      type: 'f32',
      ...mdlDefault('ParticleEmitter.Latitude'),
      print: 'always',
      isStatic: true,
      track: 'KPLT',
    },
    { kind: 'custom', print: () => undefined },
    { kind: 'track', keyword: 'Visibility', track: 'KPEV' },
  ]),
};

/** The `Particle { … }` block inside. */
const PARTICLE_MDL = blockRules([
  {
    kind: 'scalar',
    keyword: 'LifeSpan',
    field: 'lifespan',
    type: 'f32',
    ...mdlDefault('ParticleEmitter.LifeSpan'),
    print: 'always',
    isStatic: true,
    track: 'KPEL',
  },
  {
    kind: 'scalar',
    keyword: 'InitVelocity',
    field: 'initialVelocity',
    type: 'f32',
    ...mdlDefault('ParticleEmitter.InitVelocity'),
    print: 'always',
    isStatic: true,
    track: 'KPES',
  },
  {
    kind: 'string',
    keyword: 'Path',
    field: 'spawnModelFileName',
    print: 'nondefault',
    bytes: PARTICLE_EMITTER_PATH_BYTES,
    bytesField: 'spawnModelFileNameBytes',
  },
]);

const INNER_TAGS = new Set(['KPEL', 'KPES']);

/** Reads a `ParticleEmitter` block. */
export function readParticleEmitterMdl(context: MdlReadContext, block: MdlStatement): ParticleEmitter {
  let particle = { draft: draftOf(PARTICLE_MDL), tracks: [] as Track[] };
  const { node, draft, tracks } = readNodeBlockMdl(context, block, PARTICLE_EMITTER_MDL, (entry) => {
    if (entry.key !== 'Particle' || !entry.hasGroup) return false;
    particle = readRuleBlock(context, entry.statement, PARTICLE_MDL);
    entry.next = entry.stop;
    return true;
  });
  return {
    node,
    emissionRate: draft.emissionRate,
    gravity: draft.gravity,
    longitude: draft.longitude,
    latitude: draft.latitude,
    spawnModelFileName: particle.draft.spawnModelFileName,
    // Set by reading a Particle block's Path (absent without one).
    spawnModelFileNameBytes: particle.draft.spawnModelFileNameBytes as Uint8Array | undefined,
    lifespan: particle.draft.lifespan,
    initialVelocity: particle.draft.initialVelocity,
    tracks: tracksInOrder([...tracks, ...particle.tracks], PARTICLE_EMITTER_TRACK_ORDER),
    unparsedBytes: NO_BYTES,
  };
}

/** Prints a `ParticleEmitter` block. */
export function printParticleEmitterMdl(writer: MdlWriter, emitter: ParticleEmitter): void {
  const outer = emitter.tracks.filter((track) => !INNER_TAGS.has(track.tag));
  const inner = emitter.tracks.filter((track) => INNER_TAGS.has(track.tag));
  printNodeBlockMdl(writer, PARTICLE_EMITTER_MDL, emitter, (where) => {
    checkTrackOrder(writer, emitter.tracks, PARTICLE_EMITTER_TRACK_ORDER, where);
    const rules = blockRules(
      PARTICLE_EMITTER_MDL.rules.rules.map((rule) =>
        rule.kind === 'custom'
          ? {
              kind: 'custom' as const,
              print: () => {
                writer.open('Particle');
                printRules(writer, emitter, inner, PARTICLE_MDL, where);
                writer.close();
              },
            }
          : rule,
      ),
    );
    printRules(writer, { ...emitter, flags: emitter.node.flags }, outer, rules, where);
    if (emitter.unparsedBytes.byteLength > 0)
      writer.warn(where, `${where} ends in ${emitter.unparsedBytes.byteLength} bytes MDL cannot hold`);
  });
}

/**
 * Small typed models with one emitter each, built field by field, for the simulation's tests (and the viewport's):
 * a particle emitter 2, a ribbon or a particle emitter at a pivot, with the sequences and tracks a test gives.
 */
import { NO_BYTES } from '../../../mdx/cursor';
import type { ParticleEmitter } from '../../kinds/particle-emitter';
import type { ParticleEmitter2 } from '../../kinds/particle-emitter2';
import type { RibbonEmitter } from '../../kinds/ribbon-emitter';
import type { Sequence } from '../../kinds/sequence';
import type { TypedMdxChunk, TypedMdxModel } from '../../mdx-model';
import { createTrack, type Track, type TrackKeyInit } from '../../track';

/** A sequence [start, end], looping unless `nonLooping`. */
export function sequence(name: string, start: number, end: number, nonLooping = false): Sequence {
  return {
    name,
    nameBytes: NO_BYTES,
    start,
    end,
    moveSpeed: 0,
    flags: nonLooping ? 1 : 0,
    nonLooping,
    rarity: 0,
    syncPoint: 0,
    extent: { boundsRadius: 0, minimum: [0, 0, 0], maximum: [0, 0, 0] },
  } as unknown as Sequence;
}

/** A scalar track with stepped keys ([frame, value] pairs). */
export function steppedTrack(tag: string, keys: readonly (readonly [number, number])[], globalSequenceId = -1): Track {
  const init: TrackKeyInit[] = keys.map(([frame, value]) => ({ frame, value: [value] }));
  return createTrack(tag, 0, globalSequenceId, init);
}

/** A node of `flags` (the kind bit is added). */
function node(name: string, flags: number, tracks: readonly Track[] = []) {
  return { name, objectId: 0, parentId: -1, flags, tracks, unparsedBytes: NO_BYTES };
}

/** A particle emitter 2 with everything still and plain, then `fields` over it. */
export function particleEmitter2(fields: Partial<ParticleEmitter2> & { flags?: number } = {}): ParticleEmitter2 {
  const { flags = 0, ...rest } = fields;
  return {
    node: node('Emitter', 0x1000 | flags),
    speed: 0,
    variation: 0,
    latitude: 0,
    gravity: 0,
    lifespan: 1,
    emissionRate: 10,
    length: 0,
    width: 0,
    filterMode: 0,
    rows: 1,
    columns: 1,
    headOrTail: 0,
    tailLength: 1,
    time: 0.5,
    segmentColors: new Float32Array(9).fill(1),
    segmentAlphas: Uint8Array.of(255, 255, 255),
    segmentScaling: Float32Array.of(1, 1, 1),
    headInterval: Uint32Array.of(0, 0, 1),
    headDecayInterval: Uint32Array.of(0, 0, 1),
    tailInterval: Uint32Array.of(0, 0, 1),
    tailDecayInterval: Uint32Array.of(0, 0, 1),
    textureId: 0,
    squirt: 0,
    priorityPlane: 0,
    replaceableId: 0,
    tracks: [],
    unparsedBytes: NO_BYTES,
    ...rest,
  };
}

/** A ribbon emitter, then `fields` over it. */
export function ribbonEmitter(fields: Partial<RibbonEmitter> = {}): RibbonEmitter {
  return {
    node: node('Ribbon', 0x4000),
    heightAbove: 10,
    heightBelow: 10,
    alpha: 1,
    color: [1, 1, 1],
    lifespan: 1,
    textureSlot: 0,
    emissionRate: 30,
    rows: 1,
    columns: 1,
    materialId: 0,
    gravity: 0,
    tracks: [],
    unparsedBytes: NO_BYTES,
    ...fields,
  };
}

/** A particle emitter (PREM), then `fields` over it. */
export function particleEmitter(fields: Partial<ParticleEmitter> & { flags?: number } = {}): ParticleEmitter {
  const { flags = 0x8000, ...rest } = fields;
  return {
    node: node('Spawner', 0x1000 | flags),
    emissionRate: 2,
    gravity: 0,
    longitude: 0,
    latitude: 0,
    spawnModelFileName: 'Abilities\\Spells\\Human\\Heal\\HealTarget.mdl',
    lifespan: 1,
    initialVelocity: 0,
    tracks: [],
    unparsedBytes: NO_BYTES,
    ...rest,
  };
}

/** A model holding `emitter` at `pivot`, with `sequences`. */
export function emitterModel(
  emitter:
    | { kind: 'PRE2'; object: ParticleEmitter2 }
    | { kind: 'RIBB'; object: RibbonEmitter }
    | { kind: 'PREM'; object: ParticleEmitter },
  sequences: readonly Sequence[],
  pivot: readonly [number, number, number] = [0, 0, 0],
): TypedMdxModel {
  const chunks = [
    { tag: 'VERS', parsed: 800, trailing: NO_BYTES },
    {
      tag: 'MODL',
      parsed: {
        name: 'Emitters',
        nameBytes: NO_BYTES,
        animationFileName: '',
        animationFileNameBytes: NO_BYTES,
        extent: { boundsRadius: 0, minimum: [0, 0, 0], maximum: [0, 0, 0] },
        blendTime: 150,
      },
      trailing: NO_BYTES,
    },
    { tag: 'SEQS', parsed: sequences, trailing: NO_BYTES },
    { tag: emitter.kind, parsed: [emitter.object], trailing: NO_BYTES },
    { tag: 'PIVT', parsed: Float32Array.from(pivot), trailing: NO_BYTES },
  ] as unknown as TypedMdxChunk[];
  return { version: 800, chunks, diagnostics: [] };
}

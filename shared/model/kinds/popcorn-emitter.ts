/**
 * CORN (Reforged, 900+): PopcornFX emitters — uint32 inclusiveSize, Node, float lifespan, float
 * emissionRate, float speed, float[3] color, float alpha, uint32 replaceableId, char[260] path
 * (a .pkfx file), char[260] animationVisibilityGuide (e.g. "Always=on, Death=off"), then KPPA,
 * KPPC, KPPE, KPPL, KPPS, KPPV tracks.
 */
import type { BinaryWriter } from '../../binary/writer';
import { encodeName } from '../../mdx/names';
import { readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../../mdx/cursor';
import { readWrappedNodeObjectMdx, writeWrappedNodeObjectMdx, type AnimatedNodeObject } from './node';
import type { MdlStatement } from '../../mdl/tree';
import { NODE_FLAG } from './node';
import { NO_BYTES } from '../../mdx/cursor';
import { blockRules } from '../mdl/fields';
import type { MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';
import { printAnimatedNodeMdl, readNodeBlockMdl, type NodeKindMdl } from './node';
import { mdlDefault } from '../mdl/defaults';

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

// MDL ---------------------------------------------------------------------------------------------

/** `ParticleEmitterPopcorn "name" { … }` (Reforged), as mdx-m3-viewer and Retera's Model Studio write it. */
export const POPCORN_EMITTER_MDL = {
  keyword: 'ParticleEmitterPopcorn',
  kindBit: NODE_FLAG.particleEmitter,
  rules: blockRules([
    { kind: 'flag', keyword: 'SortPrimsFarZ', field: 'flags', bit: 0x10000 },
    { kind: 'flag', keyword: 'Unshaded', field: 'flags', bit: 0x8000 },
    { kind: 'flag', keyword: 'Unfogged', field: 'flags', bit: 0x40000 },
    {
      kind: 'scalar',
      keyword: 'Alpha',
      field: 'alpha',
      type: 'f32',
      ...mdlDefault('ParticleEmitterPopcorn.Alpha'),
      print: 'always',
      isStatic: true,
      track: 'KPPA',
    },
    {
      kind: 'vector',
      keyword: 'Color',
      field: 'color',
      type: 'f32',
      length: 3,
      ...mdlDefault('ParticleEmitterPopcorn.Color'),
      print: 'always',
      isStatic: true,
      track: 'KPPC',
    },
    {
      kind: 'scalar',
      keyword: 'EmissionRate',
      field: 'emissionRate',
      type: 'f32',
      ...mdlDefault('ParticleEmitterPopcorn.EmissionRate'),
      print: 'always',
      isStatic: true,
      track: 'KPPE',
    },
    {
      kind: 'scalar',
      keyword: 'LifeSpan',
      field: 'lifespan',
      type: 'f32',
      ...mdlDefault('ParticleEmitterPopcorn.LifeSpan'),
      print: 'always',
      isStatic: true,
      track: 'KPPL',
    },
    {
      kind: 'scalar',
      keyword: 'Speed',
      field: 'speed',
      type: 'f32',
      ...mdlDefault('ParticleEmitterPopcorn.Speed'),
      print: 'always',
      isStatic: true,
      track: 'KPPS',
    },
    { kind: 'track', keyword: 'Visibility', track: 'KPPV' },
    {
      kind: 'scalar',
      keyword: 'ReplaceableId',
      field: 'replaceableId',
      type: 'u32',
      ...mdlDefault('ParticleEmitterPopcorn.ReplaceableId'),
      print: 'nondefault',
    },
    {
      kind: 'string',
      keyword: 'Path',
      field: 'path',
      print: 'nondefault',
      bytes: POPCORN_TEXT_BYTES,
      bytesField: 'pathBytes',
    },
    {
      kind: 'string',
      keyword: 'AnimVisibilityGuide',
      field: 'animationVisibilityGuide',
      print: 'nondefault',
      bytes: POPCORN_TEXT_BYTES,
      bytesField: 'animationVisibilityGuideBytes',
    },
  ]),
};

/** Reads a `ParticleEmitterPopcorn` block. */
export function readPopcornEmitterMdl(context: MdlReadContext, block: MdlStatement): PopcornEmitter {
  const { node, draft, tracks } = readNodeBlockMdl(context, block, POPCORN_EMITTER_MDL);
  return {
    node,
    lifespan: draft.lifespan,
    emissionRate: draft.emissionRate,
    speed: draft.speed,
    color: draft.color,
    alpha: draft.alpha,
    replaceableId: draft.replaceableId,
    path: draft.path,
    pathBytes: draft.pathBytes,
    animationVisibilityGuide: draft.animationVisibilityGuide,
    animationVisibilityGuideBytes: draft.animationVisibilityGuideBytes,
    tracks,
    unparsedBytes: NO_BYTES,
  };
}

/** Prints a `ParticleEmitterPopcorn` block. */
export function printPopcornEmitterMdl(writer: MdlWriter, emitter: PopcornEmitter): void {
  printAnimatedNodeMdl(writer, POPCORN_EMITTER_MDL, emitter, { ...emitter, flags: emitter.node.flags });
}

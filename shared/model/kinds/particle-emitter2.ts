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
import type { MdxCursor } from '../../mdx/cursor';
import { readWrappedNodeObjectMdx, writeWrappedNodeObjectMdx, type AnimatedNodeObject } from './node';
import type { MdlStatement } from '../../mdl/tree';
import { NODE_FLAG } from './node';
import { NO_BYTES } from '../../mdx/cursor';
import { blockRules, type FieldRule } from '../mdl/fields';
import type { MdlEntry, MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';
import { printAnimatedNodeMdl, readNodeBlockMdl, type NodeKindMdl } from './node';
import { mdlDefault, type MdlFieldKey } from '../mdl/defaults';

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

// MDL ---------------------------------------------------------------------------------------------

/** Floats of the three segment colours. */
const SEGMENT_COLOR_FLOATS = 9;

/** `SegmentColor { Color { r, g, b }, … }`: the three colours, each printed RGB (stored BGR). */
function printSegmentColors(writer: MdlWriter, colors: Float32Array, where: string): void {
  writer.open('SegmentColor');
  for (let at = 0; at + 3 <= colors.length; at += 3) {
    writer.key('Color');
    writer.floatGroup(colors, at, 3, `${where} SegmentColor`, true);
    writer.endStatement();
  }
  writer.close(true);
}

function readSegmentColors(context: MdlReadContext, entry: MdlEntry, into: Float32Array): void {
  let index = 0;
  context.entries(entry.statement, (color) => {
    if (color.key !== 'Color') return false;
    const value = context.floatVector(color, 3, true);
    if (index >= 3) context.invalid(color, 'SegmentColor holds three colours');
    else if (value) into.set(value, index * 3);
    index += 1;
    return true;
  });
  if (index < 3) context.invalid(entry, `SegmentColor holds ${index} colours; it should hold 3`);
  entry.next = entry.stop;
}

/**
 * `ParticleEmitter2 "name" { … }`, in the layout the community's tools write. Its `Width`
 * statement and KP2N track hold the first of the two size floats (the typed model's `length`,
 * the specification's name) and `Length`/KP2W the second, as Magos and mdx-m3-viewer write them
 * (the corpus's Magos MDL of PackHorse.mdx says `static Width 10,` for a first float of 10);
 * Retera's Model Studio reads the two names the other way round.
 */
export const PARTICLE_EMITTER2_MDL = {
  keyword: 'ParticleEmitter2',
  kindBit: NODE_FLAG.particleEmitter,
  rules: blockRules([
    { kind: 'flag', keyword: 'SortPrimsFarZ', field: 'flags', bit: 0x10000 },
    { kind: 'flag', keyword: 'Unshaded', field: 'flags', bit: 0x8000 },
    { kind: 'flag', keyword: 'LineEmitter', field: 'flags', bit: 0x20000 },
    { kind: 'flag', keyword: 'Unfogged', field: 'flags', bit: 0x40000 },
    { kind: 'flag', keyword: 'ModelSpace', field: 'flags', bit: 0x80000 },
    { kind: 'flag', keyword: 'XYQuad', field: 'flags', bit: 0x100000 },
    {
      kind: 'scalar',
      keyword: 'Speed',
      field: 'speed',
      type: 'f32',
      ...mdlDefault('ParticleEmitter2.Speed'),
      print: 'always',
      isStatic: true,
      track: 'KP2S',
    },
    {
      kind: 'scalar',
      keyword: 'Variation',
      field: 'variation',
      type: 'f32',
      ...mdlDefault('ParticleEmitter2.Variation'),
      print: 'always',
      isStatic: true,
      track: 'KP2R',
    },
    {
      kind: 'scalar',
      keyword: 'Latitude',
      field: 'latitude',
      type: 'f32',
      ...mdlDefault('ParticleEmitter2.Latitude'),
      print: 'always',
      isStatic: true,
      track: 'KP2L',
    },
    {
      kind: 'scalar',
      keyword: 'Gravity',
      field: 'gravity',
      type: 'f32',
      ...mdlDefault('ParticleEmitter2.Gravity'),
      print: 'always',
      isStatic: true,
      track: 'KP2G',
    },
    { kind: 'flag', keyword: 'Squirt', field: 'squirt', bit: 1 },
    {
      kind: 'scalar',
      keyword: 'LifeSpan',
      field: 'lifespan',
      type: 'f32',
      ...mdlDefault('ParticleEmitter2.LifeSpan'),
      print: 'always',
    },
    {
      kind: 'scalar',
      keyword: 'EmissionRate',
      field: 'emissionRate',
      type: 'f32',
      ...mdlDefault('ParticleEmitter2.EmissionRate'),
      print: 'always',
      isStatic: true,
      track: 'KP2E',
    },
    {
      kind: 'scalar',
      keyword: 'Width',
      field: 'length',
      type: 'f32',
      ...mdlDefault('ParticleEmitter2.Width'),
      print: 'always',
      isStatic: true,
      track: 'KP2N',
    },
    {
      kind: 'scalar',
      keyword: 'Length',
      field: 'width',
      type: 'f32',
      ...mdlDefault('ParticleEmitter2.Length'),
      print: 'always',
      isStatic: true,
      track: 'KP2W',
    },
    { kind: 'track', keyword: 'Visibility', track: 'KP2V' },
    {
      kind: 'choice',
      field: 'filterMode',
      choices: [
        [0, 'Blend'],
        [1, 'Additive'],
        [2, 'Modulate'],
        [3, 'Modulate2x'],
        [4, 'AlphaKey'],
      ],
      numberKeyword: 'FilterMode',
      ...mdlDefault('ParticleEmitter2.FilterMode'),
    },
    {
      kind: 'scalar',
      keyword: 'Rows',
      field: 'rows',
      type: 'u32',
      ...mdlDefault('ParticleEmitter2.Rows'),
      print: 'always',
    },
    {
      kind: 'scalar',
      keyword: 'Columns',
      field: 'columns',
      type: 'u32',
      ...mdlDefault('ParticleEmitter2.Columns'),
      print: 'always',
    },
    {
      kind: 'choice',
      field: 'headOrTail',
      choices: [
        [0, 'Head'],
        [1, 'Tail'],
        [2, 'Both'],
      ],
      numberKeyword: 'HeadOrTail',
      ...mdlDefault('ParticleEmitter2.HeadOrTail'),
    },
    {
      kind: 'scalar',
      keyword: 'TailLength',
      field: 'tailLength',
      type: 'f32',
      ...mdlDefault('ParticleEmitter2.TailLength'),
      print: 'always',
    },
    {
      kind: 'scalar',
      keyword: 'Time',
      field: 'time',
      type: 'f32',
      ...mdlDefault('ParticleEmitter2.Time'),
      print: 'always',
    },
    {
      kind: 'custom',
      print: (writer, emitter, where) => printSegmentColors(writer, emitter['segmentColors'] as Float32Array, where),
    },
    ...vectorRules([
      ['Alpha', 'segmentAlphas', 'u8'],
      ['ParticleScaling', 'segmentScaling', 'f32'],
      ['LifeSpanUVAnim', 'headInterval', 'u32'],
      ['DecayUVAnim', 'headDecayInterval', 'u32'],
      ['TailUVAnim', 'tailInterval', 'u32'],
      ['TailDecayUVAnim', 'tailDecayInterval', 'u32'],
    ]),
    {
      kind: 'scalar',
      keyword: 'TextureID',
      field: 'textureId',
      type: 'i32',
      ...mdlDefault('ParticleEmitter2.TextureID'),
      print: 'always',
    },
    {
      kind: 'scalar',
      keyword: 'ReplaceableId',
      field: 'replaceableId',
      type: 'u32',
      ...mdlDefault('ParticleEmitter2.ReplaceableId'),
      print: 'nondefault',
    },
    {
      kind: 'scalar',
      keyword: 'PriorityPlane',
      field: 'priorityPlane',
      type: 'i32',
      ...mdlDefault('ParticleEmitter2.PriorityPlane'),
      print: 'nondefault',
    },
  ]),
};

/** A vector rule of three values per `[keyword, field, type]`, each printed always, its default from the table. */
function vectorRules<const Fields extends readonly (readonly [string, string, 'u8' | 'u32' | 'f32'])[]>(
  fields: Fields,
): {
  readonly [Index in keyof Fields]: {
    readonly kind: 'vector';
    readonly keyword: Fields[Index][0];
    readonly field: Fields[Index][1];
    readonly type: Fields[Index][2];
    readonly length: 3;
    readonly fallback: readonly number[];
    readonly omissible: boolean;
    readonly defaultKey: string;
    readonly print: 'always';
  };
} {
  const rules = fields.map(([keyword, field, type]) => {
    const { fallback, omissible, defaultKey } = mdlDefault(`ParticleEmitter2.${keyword}` as MdlFieldKey);
    return {
      kind: 'vector' as const,
      keyword,
      field,
      type,
      length: 3 as const,
      fallback: fallback as readonly number[],
      omissible,
      defaultKey,
      print: 'always' as const,
    };
  });
  return rules as never;
}

/** Reads a `ParticleEmitter2` block. */
export function readParticleEmitter2Mdl(context: MdlReadContext, block: MdlStatement): ParticleEmitter2 {
  const segmentColors = new Float32Array(SEGMENT_COLOR_FLOATS);
  const { node, draft, tracks } = readNodeBlockMdl(context, block, PARTICLE_EMITTER2_MDL, (entry) => {
    if (entry.key !== 'SegmentColor' || !entry.hasGroup) return false;
    readSegmentColors(context, entry, segmentColors);
    return true;
  });
  return {
    node,
    speed: draft.speed,
    variation: draft.variation,
    latitude: draft.latitude,
    gravity: draft.gravity,
    lifespan: draft.lifespan,
    emissionRate: draft.emissionRate,
    length: draft.length,
    width: draft.width,
    filterMode: draft.filterMode,
    rows: draft.rows,
    columns: draft.columns,
    headOrTail: draft.headOrTail,
    tailLength: draft.tailLength,
    time: draft.time,
    segmentColors,
    segmentAlphas: Uint8Array.from(draft.segmentAlphas),
    segmentScaling: Float32Array.from(draft.segmentScaling),
    headInterval: Uint32Array.from(draft.headInterval),
    headDecayInterval: Uint32Array.from(draft.headDecayInterval),
    tailInterval: Uint32Array.from(draft.tailInterval),
    tailDecayInterval: Uint32Array.from(draft.tailDecayInterval),
    textureId: draft.textureId,
    squirt: draft.squirt,
    priorityPlane: draft.priorityPlane,
    replaceableId: draft.replaceableId,
    tracks,
    unparsedBytes: NO_BYTES,
  };
}

/** Prints a `ParticleEmitter2` block (a Squirt value other than 0 or 1 is a warning: MDL says only whether). */
export function printParticleEmitter2Mdl(writer: MdlWriter, emitter: ParticleEmitter2): void {
  if (emitter.squirt > 1) {
    const where = `ParticleEmitter2 "${emitter.node.name}"`;
    writer.warn(where, `${where} has Squirt ${emitter.squirt}; MDL writes it as Squirt (1)`);
  }
  printAnimatedNodeMdl(writer, PARTICLE_EMITTER2_MDL, emitter, { ...emitter, flags: emitter.node.flags });
}

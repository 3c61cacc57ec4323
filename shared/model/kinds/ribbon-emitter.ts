/**
 * RIBB: ribbon emitters — uint32 inclusiveSize, Node (flag 0x4000), float heightAbove, float
 * heightBelow, float alpha, float[3] color, float lifespan, uint32 textureSlot, uint32
 * emissionRate, uint32 rows, uint32 columns, int32 materialId, float gravity, then KRHA, KRHB,
 * KRAL, KRCO, KRTX, KRVS tracks.
 */
import type { BinaryWriter } from '../../binary/writer';
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

// MDL ---------------------------------------------------------------------------------------------

/** `RibbonEmitter "name" { … }`: static values or tracks, the colour printed RGB. */
export const RIBBON_EMITTER_MDL = {
  keyword: 'RibbonEmitter',
  kindBit: NODE_FLAG.ribbonEmitter,
  rules: blockRules([
    {
      kind: 'scalar',
      keyword: 'HeightAbove',
      field: 'heightAbove',
      type: 'f32',
      ...mdlDefault('RibbonEmitter.HeightAbove'),
      print: 'always',
      isStatic: true,
      track: 'KRHA',
    },
    {
      kind: 'scalar',
      keyword: 'HeightBelow',
      field: 'heightBelow',
      type: 'f32',
      ...mdlDefault('RibbonEmitter.HeightBelow'),
      print: 'always',
      isStatic: true,
      track: 'KRHB',
    },
    {
      kind: 'scalar',
      keyword: 'Alpha',
      field: 'alpha',
      type: 'f32',
      ...mdlDefault('RibbonEmitter.Alpha'),
      print: 'always',
      isStatic: true,
      track: 'KRAL',
    },
    {
      kind: 'vector',
      keyword: 'Color',
      field: 'color',
      type: 'f32',
      length: 3,
      ...mdlDefault('RibbonEmitter.Color'),
      print: 'always',
      isStatic: true,
      track: 'KRCO',
      reversed: true,
    },
    {
      kind: 'scalar',
      keyword: 'TextureSlot',
      field: 'textureSlot',
      type: 'u32',
      ...mdlDefault('RibbonEmitter.TextureSlot'),
      print: 'always',
      isStatic: true,
      track: 'KRTX',
    },
    { kind: 'track', keyword: 'Visibility', track: 'KRVS' },
    {
      kind: 'scalar',
      keyword: 'EmissionRate',
      field: 'emissionRate',
      type: 'u32',
      ...mdlDefault('RibbonEmitter.EmissionRate'),
      print: 'always',
    },
    {
      kind: 'scalar',
      keyword: 'LifeSpan',
      field: 'lifespan',
      type: 'f32',
      ...mdlDefault('RibbonEmitter.LifeSpan'),
      print: 'always',
    },
    {
      kind: 'scalar',
      keyword: 'Gravity',
      field: 'gravity',
      type: 'f32',
      ...mdlDefault('RibbonEmitter.Gravity'),
      print: 'nondefault',
    },
    {
      kind: 'scalar',
      keyword: 'Rows',
      field: 'rows',
      type: 'u32',
      ...mdlDefault('RibbonEmitter.Rows'),
      print: 'always',
    },
    {
      kind: 'scalar',
      keyword: 'Columns',
      field: 'columns',
      type: 'u32',
      ...mdlDefault('RibbonEmitter.Columns'),
      print: 'always',
    },
    {
      kind: 'scalar',
      keyword: 'MaterialID',
      field: 'materialId',
      type: 'i32',
      ...mdlDefault('RibbonEmitter.MaterialID'),
      print: 'always',
    },
  ]),
};

/** Reads a `RibbonEmitter` block. */
export function readRibbonEmitterMdl(context: MdlReadContext, block: MdlStatement): RibbonEmitter {
  const { node, draft, tracks } = readNodeBlockMdl(context, block, RIBBON_EMITTER_MDL);
  return {
    node,
    heightAbove: draft.heightAbove,
    heightBelow: draft.heightBelow,
    alpha: draft.alpha,
    color: draft.color,
    lifespan: draft.lifespan,
    textureSlot: draft.textureSlot,
    emissionRate: draft.emissionRate,
    rows: draft.rows,
    columns: draft.columns,
    materialId: draft.materialId,
    gravity: draft.gravity,
    tracks,
    unparsedBytes: NO_BYTES,
  };
}

/** Prints a `RibbonEmitter` block. */
export function printRibbonEmitterMdl(writer: MdlWriter, emitter: RibbonEmitter): void {
  printAnimatedNodeMdl(writer, RIBBON_EMITTER_MDL, emitter);
}

/**
 * LITE: lights — uint32 inclusiveSize, Node (flag 0x200), uint32 type (0 omni, 1 directional,
 * 2 ambient), float attenuationStart, float attenuationEnd, float[3] color, float intensity,
 * float[3] ambientColor, float ambientIntensity, 1200+: float shadowIntensity; then KLAS, KLAE,
 * KLAC, KLAI, KLBI, KLBC, KLAV tracks.
 */
import type { BinaryWriter } from '../../binary/writer';
import { type MdxLayout } from '../versions';
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

/** Light types. */
export const LIGHT_TYPE = { omni: 0, directional: 1, ambient: 2 } as const;

/** A light. */
export interface Light extends AnimatedNodeObject {
  readonly type: number;
  readonly attenuationStart: number;
  readonly attenuationEnd: number;
  readonly color: readonly [number, number, number];
  readonly intensity: number;
  readonly ambientColor: readonly [number, number, number];
  readonly ambientIntensity: number;
  /** 1200+ (0 when read from an older version; not written before 1200). */
  readonly shadowIntensity: number;
}

/** Reads the light at the cursor. */
export function readLightMdx(cursor: MdxCursor, layout: MdxLayout): Light {
  return readWrappedNodeObjectMdx(cursor, layout.lightFieldBytes, () => ({
    type: cursor.u32('type'),
    attenuationStart: cursor.f32('attenuationStart'),
    attenuationEnd: cursor.f32('attenuationEnd'),
    color: cursor.vector3('color'),
    intensity: cursor.f32('intensity'),
    ambientColor: cursor.vector3('ambientColor'),
    ambientIntensity: cursor.f32('ambientIntensity'),
    shadowIntensity: layout.lightHasShadowIntensity ? cursor.f32('shadowIntensity') : 0,
  }));
}

/** Writes a light. */
export function writeLightMdx(writer: BinaryWriter, light: Light, layout: MdxLayout): void {
  writeWrappedNodeObjectMdx(writer, light, () => {
    writer.u32(light.type).f32(light.attenuationStart).f32(light.attenuationEnd);
    for (const value of light.color) writer.f32(value);
    writer.f32(light.intensity);
    for (const value of light.ambientColor) writer.f32(value);
    writer.f32(light.ambientIntensity);
    if (layout.lightHasShadowIntensity) writer.f32(light.shadowIntensity);
  });
}

/** The LITE chunk. */
export const lightsChunkMdx: ChunkCodec<Light[]> = {
  read: (cursor, layout) => readObjects(cursor, 'LITE', (at) => readLightMdx(at, layout)),
  write: (writer, lights, layout) => lights.forEach((light) => writeLightMdx(writer, light, layout)),
};

// MDL ---------------------------------------------------------------------------------------------

/** `Light "name" { … }`: the type as a word, static values or tracks, colours printed RGB. */
export const LIGHT_MDL = {
  keyword: 'Light',
  kindBit: NODE_FLAG.light,
  rules: blockRules([
    {
      kind: 'choice',
      field: 'type',
      choices: [
        [LIGHT_TYPE.omni, 'Omnidirectional'],
        [LIGHT_TYPE.directional, 'Directional'],
        [LIGHT_TYPE.ambient, 'Ambient'],
      ],
      numberKeyword: 'LightType',
      ...mdlDefault('Light.Type'),
    },
    {
      kind: 'scalar',
      keyword: 'AttenuationStart',
      field: 'attenuationStart',
      type: 'f32',
      ...mdlDefault('Light.AttenuationStart'),
      print: 'always',
      isStatic: true,
      track: 'KLAS',
    },
    {
      kind: 'scalar',
      keyword: 'AttenuationEnd',
      field: 'attenuationEnd',
      type: 'f32',
      ...mdlDefault('Light.AttenuationEnd'),
      print: 'always',
      isStatic: true,
      track: 'KLAE',
    },
    {
      kind: 'vector',
      keyword: 'Color',
      field: 'color',
      type: 'f32',
      length: 3,
      ...mdlDefault('Light.Color'),
      print: 'always',
      isStatic: true,
      track: 'KLAC',
      reversed: true,
    },
    {
      kind: 'scalar',
      keyword: 'Intensity',
      field: 'intensity',
      type: 'f32',
      ...mdlDefault('Light.Intensity'),
      print: 'always',
      isStatic: true,
      track: 'KLAI',
    },
    {
      kind: 'scalar',
      keyword: 'AmbIntensity',
      field: 'ambientIntensity',
      type: 'f32',
      ...mdlDefault('Light.AmbIntensity'),
      print: 'always',
      isStatic: true,
      track: 'KLBI',
    },
    {
      kind: 'vector',
      keyword: 'AmbColor',
      field: 'ambientColor',
      type: 'f32',
      length: 3,
      ...mdlDefault('Light.AmbColor'),
      print: 'always',
      isStatic: true,
      track: 'KLBC',
      reversed: true,
    },
    { kind: 'track', keyword: 'Visibility', track: 'KLAV' },
    {
      kind: 'scalar',
      keyword: 'ShadowIntensity',
      field: 'shadowIntensity',
      type: 'f32',
      ...mdlDefault('Light.ShadowIntensity'),
      print: 'nondefault',
    },
  ]),
};

/**
 * The Light block of versions before 1200, which do not store ShadowIntensity: printed only when set (the model was
 * read from a text that sets it; a warning says the version does not store it).
 */
const LIGHT_BEFORE_1200_MDL: NodeKindMdl = {
  ...LIGHT_MDL,
  rules: blockRules(
    LIGHT_MDL.rules.rules.map((rule) =>
      rule.kind === 'scalar' && rule.keyword === 'ShadowIntensity' ? { ...rule, omissible: true } : rule,
    ),
  ),
};

/** Reads a `Light` block. */
export function readLightMdl(context: MdlReadContext, block: MdlStatement): Light {
  const { node, draft, tracks } = readNodeBlockMdl(context, block, LIGHT_MDL);
  return {
    node,
    type: draft.type,
    attenuationStart: draft.attenuationStart,
    attenuationEnd: draft.attenuationEnd,
    color: draft.color,
    intensity: draft.intensity,
    ambientColor: draft.ambientColor,
    ambientIntensity: draft.ambientIntensity,
    shadowIntensity: draft.shadowIntensity,
    tracks,
    unparsedBytes: NO_BYTES,
  };
}

/** Prints a `Light` block (ShadowIntensity, 1200+, only when the layout has it or it is set). */
export function printLightMdl(writer: MdlWriter, light: Light, layout: MdxLayout): void {
  if (!layout.lightHasShadowIntensity && light.shadowIntensity !== 0)
    writer.warn(
      `Light "${light.node.name}"`,
      `Light "${light.node.name}" has a ShadowIntensity its version does not store`,
    );
  printAnimatedNodeMdl(writer, layout.lightHasShadowIntensity ? LIGHT_MDL : LIGHT_BEFORE_1200_MDL, light);
}

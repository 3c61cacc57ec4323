/**
 * LITE: lights — uint32 inclusiveSize, Node (flag 0x200), uint32 type (0 omni, 1 directional,
 * 2 ambient), float attenuationStart, float attenuationEnd, float[3] color, float intensity,
 * float[3] ambientColor, float ambientIntensity, 1200+: float shadowIntensity; then KLAS, KLAE,
 * KLAC, KLAI, KLBI, KLBC, KLAV tracks.
 */
import type { BinaryWriter } from '../../binary/writer';
import { type MdxLayout } from '../../mdx/versions';
import { readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../mdx-cursor';
import { readWrappedNodeObjectMdx, writeWrappedNodeObjectMdx, type AnimatedNodeObject } from './node';

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

/**
 * What a geoset looks like at a sample time: its geoset animation's alpha and colour, each layer's alpha and
 * texture id, and texture animation transforms (tracks sampled by the rules of track-sampler.ts).
 *
 * - Geoset animation (GEOA): alpha KGAO (default: the static alpha); colour KGAC (default: the static colour), used
 *   when the colour flag (0x2) is set or the colour is animated, white otherwise. Colours come out as red, green,
 *   blue: the static colour is stored red first and KGAC values blue first (as mdx-m3-viewer reads them).
 * - Layer: alpha KMTA (default: the static alpha); texture id KMTF (default: the static id). A 1100+ layer draws
 *   its first texture slot (the diffuse one) with that slot's own KMTF track.
 * - Texture animation (TXAN): KTAT translation, KTAR rotation (a quaternion), KTAS scaling of the texture
 *   coordinates (u, v, 0), turning and scaling about the texture's centre (0.5, 0.5) like a node about its pivot:
 *   uv' = translation + centre + R·S·(uv − centre). The transform comes out as a 3×3 matrix (column major) over
 *   (u, v, 1).
 */
import type { GeosetAnimation } from '../kinds/geoset-animation';
import type { Layer } from '../kinds/material';
import type { TextureAnimation } from '../kinds/texture-animation';
import { findTrack, type Track } from '../track';
import type { SampleTime } from './sample-time';
import { sampleScalar, sampleTrack } from './track-sampler';

/** The geoset animation flag saying its colour applies. */
export const GEOSET_ANIMATION_COLOR_FLAG = 0x2;

/** A geoset's alpha and colour at one time. Make with {@link createGeosetLook}. */
export interface GeosetLook {
  alpha: number;
  /** Red, green, blue. */
  readonly color: Float64Array;
}

/** Opaque white (what a geoset without a geoset animation shows). */
export function createGeosetLook(): GeosetLook {
  return { alpha: 1, color: new Float64Array([1, 1, 1]) };
}

const animatedColor = new Float64Array(3);
const staticColor = new Float64Array(3);

/** Samples a geoset animation into `out`; with none, opaque white. */
export function sampleGeosetAnimation(
  animation: GeosetAnimation | null | undefined,
  time: SampleTime,
  out: GeosetLook,
): GeosetLook {
  out.color[0] = 1;
  out.color[1] = 1;
  out.color[2] = 1;
  if (!animation) {
    out.alpha = 1;
    return out;
  }
  out.alpha = sampleScalar(findTrack(animation.tracks, 'KGAO'), time, animation.alpha);
  const colorTrack = findTrack(animation.tracks, 'KGAC');
  if (!colorTrack && !(animation.flags & GEOSET_ANIMATION_COLOR_FLAG)) return out;
  // Default as stored (red first), written blue first like the track's values, then read back blue first.
  staticColor[0] = animation.color[2];
  staticColor[1] = animation.color[1];
  staticColor[2] = animation.color[0];
  sampleTrack(colorTrack, time, staticColor, animatedColor);
  out.color[0] = animatedColor[2]!;
  out.color[1] = animatedColor[1]!;
  out.color[2] = animatedColor[0]!;
  return out;
}

/** A layer's alpha at `time`. */
export function sampleLayerAlpha(layer: Layer, time: SampleTime): number {
  return sampleScalar(findTrack(layer.tracks, 'KMTA'), time, layer.alpha);
}

/** The texture id a layer draws with (before 1100 its own; from 1100 its first slot's). */
export function layerTexture(layer: Layer): { textureId: number; track: Track | null } {
  const slot = layer.textures[0];
  if (slot) return { textureId: slot.textureId, track: slot.textureIdTrack };
  return { textureId: layer.textureId, track: findTrack(layer.tracks, 'KMTF') ?? null };
}

/** The index into TEXS a layer draws at `time`. */
export function sampleLayerTextureId(layer: Layer, time: SampleTime): number {
  const slot = layer.textures[0];
  return slot
    ? sampleScalar(slot.textureIdTrack, time, slot.textureId)
    : sampleScalar(findTrack(layer.tracks, 'KMTF'), time, layer.textureId);
}

const NO_TRACKS: readonly Track[] = [];
const ZERO = new Float64Array(3);
const IDENTITY_ROTATION = new Float64Array([0, 0, 0, 1]);
const UNIT_SCALE = new Float64Array([1, 1, 1]);
const translation = new Float64Array(3);
const rotation = new Float64Array(4);
const scaling = new Float64Array(3);

/** Floats of a texture transform (3×3, column major, over (u, v, 1)). */
export const TEXTURE_TRANSFORM_FLOATS = 9;

/**
 * Writes the texture animation's transform at `time` into out[offset…offset+8] (the identity for no animation).
 * Returns true when any of its tracks has keys at this time.
 */
export function sampleTextureAnimation(
  animation: TextureAnimation | null | undefined,
  time: SampleTime,
  out: Float32Array | Float64Array,
  offset = 0,
): boolean {
  const tracks = animation?.tracks ?? NO_TRACKS;
  let animated = sampleTrack(findTrack(tracks, 'KTAT'), time, ZERO, translation);
  animated = sampleTrack(findTrack(tracks, 'KTAR'), time, IDENTITY_ROTATION, rotation) || animated;
  animated = sampleTrack(findTrack(tracks, 'KTAS'), time, UNIT_SCALE, scaling) || animated;
  const x = rotation[0]!;
  const y = rotation[1]!;
  const z = rotation[2]!;
  const w = rotation[3]!;
  // The upper-left 2×2 of the rotation matrix times the scale: (u, v, 0) stays in the plane's first two axes.
  const m0 = (1 - 2 * (y * y + z * z)) * scaling[0]!;
  const m1 = 2 * (x * y + w * z) * scaling[0]!;
  const m3 = 2 * (x * y - w * z) * scaling[1]!;
  const m4 = (1 - 2 * (x * x + z * z)) * scaling[1]!;
  out[offset] = m0;
  out[offset + 1] = m1;
  out[offset + 2] = 0;
  out[offset + 3] = m3;
  out[offset + 4] = m4;
  out[offset + 5] = 0;
  out[offset + 6] = translation[0]! + 0.5 - (m0 * 0.5 + m3 * 0.5);
  out[offset + 7] = translation[1]! + 0.5 - (m1 * 0.5 + m4 * 0.5);
  out[offset + 8] = 1;
  return animated;
}

/**
 * Every difference between MDX format versions in the layout of a chunk, decided here and nowhere else (which
 * chunks a version defines is the registry's: each kind's row names the version that introduced it).
 *
 * 800 is classic Warcraft III (RoC/TFT); 900 the Reforged beta; 1000 Reforged at launch; 1100 and
 * 1200 later Reforged patches. Other modules ask {@link mdxLayout} for a version's layout instead of
 * comparing version numbers themselves.
 *
 * Sources: the MDX specification thread (`specs/mdx-format-thread.txt`: the game client's
 * `version >= 900` check for the layer's Reforged fields, BPOS covering every node then every
 * camera), checked against the corpus (a 1000 material has the 80-byte shader name, a 1200 one has
 * none and its layers carry texture slots) and against Retera's Model Studio (layer texture slots
 * from 1100, the light's shadow intensity from 1200).
 */

/** Classic Warcraft III (Reign of Chaos, The Frozen Throne). */
export const MDX_VERSION_CLASSIC = 800;
/** Reforged beta: popcorn emitters, face effects, bind poses, material shaders, geoset LODs. */
export const MDX_VERSION_REFORGED_BETA = 900;
/** Reforged at launch: layer fresnel fields. */
export const MDX_VERSION_REFORGED = 1000;
/** Reforged 1.32.x: layers carry texture slots; materials lose the shader name. */
export const MDX_VERSION_REFORGED_TEXTURE_SLOTS = 1100;
/** Reforged 1.33+: lights gain a shadow intensity. */
export const MDX_VERSION_REFORGED_LIGHT_SHADOWS = 1200;

/** The versions this codec knows the layout of. */
export const KNOWN_MDX_VERSIONS: readonly number[] = [
  MDX_VERSION_CLASSIC,
  MDX_VERSION_REFORGED_BETA,
  MDX_VERSION_REFORGED,
  MDX_VERSION_REFORGED_TEXTURE_SLOTS,
  MDX_VERSION_REFORGED_LIGHT_SHADOWS,
];

/** The version assumed for a model without a VERS chunk (the classic game's). */
export const DEFAULT_MDX_VERSION = MDX_VERSION_CLASSIC;

/** Bytes of a material's shader name field, in the versions that have one. */
export const MATERIAL_SHADER_NAME_BYTES = 80;
/** Layer fields every version has: inclusiveSize, filterMode, shadingFlags, textureId, textureAnimationId, coordId,
 * alpha. */
export const LAYER_CLASSIC_BYTES = 28;
/** Reforged layer fields: emissiveGain, fresnelColor[3], fresnelOpacity, fresnelTeamColor (the client reads all six
 * from 900 on). */
export const LAYER_REFORGED_SHADING_BYTES = 24;
/** 1100+: a uint32 before the texture slots and the uint32 slot count. */
export const LAYER_TEXTURE_SLOT_HEADER_BYTES = 8;
/** 1100+: one texture slot, int32 textureId and uint32 slot (an optional KMTF track may follow it). */
export const LAYER_TEXTURE_SLOT_BYTES = 8;
/** Geoset LOD fields of 900+: uint32 lod, char[80] lodName. */
export const GEOSET_LOD_BYTES = 4 + 80;
/** Light fields after the node in every version: type, attenuation[2], color[3], intensity, ambientColor[3],
 * ambientIntensity. */
export const LIGHT_CLASSIC_FIELD_BYTES = 44;
/** 1200+: float shadowIntensity after ambientIntensity. */
export const LIGHT_SHADOW_INTENSITY_BYTES = 4;

/** Everything that depends on the format version, for one version. */
export interface MdxLayout {
  readonly version: number;
  /** False for versions outside {@link KNOWN_MDX_VERSIONS}: read with the nearest known layout. */
  readonly known: boolean;
  /** True for Reforged (900+). */
  readonly reforged: boolean;
  /** Bytes of the material's shader name (80 in 900 and 1000, absent otherwise). */
  readonly materialShaderBytes: number;
  /** Bytes of a layer before its texture slots or tracks, inclusive size included. */
  readonly layerFixedBytes: number;
  /** 1100+: a layer lists (textureId, slot) pairs after its fixed fields. */
  readonly layerHasTextureSlots: boolean;
  /** 900+: a layer has emissiveGain, fresnelColor, fresnelOpacity and fresnelTeamColor after alpha. */
  readonly layerHasReforgedFields: boolean;
  /** Track tags a layer may carry. */
  readonly layerTrackTags: readonly string[];
  /** 900+: a geoset has lod and lodName after selectionFlags, and may have TANG and SKIN before UVAS. */
  readonly geosetHasLod: boolean;
  /** 900+: TANG (float[4] per vertex) and SKIN (uint8[8] per vertex) may follow a geoset's sequence extents. */
  readonly geosetHasTangentsAndSkin: boolean;
  /** Bytes of a light before its tracks, inclusive size and node excluded. */
  readonly lightFieldBytes: number;
  /** 1200+: a light has a shadowIntensity after ambientIntensity. */
  readonly lightHasShadowIntensity: boolean;
  /** 900+: a BPOS chunk holds one 3×4 matrix per node (objectId order), then one per camera. */
  readonly hasBindPoses: boolean;
}

const layouts = new Map<number, MdxLayout>();

/** The layout of `version` (memoized). Unknown versions get the layout of the nearest lower known one. */
export function mdxLayout(version: number): MdxLayout {
  let layout = layouts.get(version);
  if (!layout) {
    layout = buildLayout(version);
    if (layouts.size < 64) layouts.set(version, layout);
  }
  return layout;
}

function buildLayout(version: number): MdxLayout {
  const reforged = version >= MDX_VERSION_REFORGED_BETA;
  const textureSlots = version >= MDX_VERSION_REFORGED_TEXTURE_SLOTS;
  const fresnelTracks = version >= MDX_VERSION_REFORGED;
  const lightShadows = version >= MDX_VERSION_REFORGED_LIGHT_SHADOWS;
  return {
    version,
    known: KNOWN_MDX_VERSIONS.includes(version),
    reforged,
    materialShaderBytes: reforged && !textureSlots ? MATERIAL_SHADER_NAME_BYTES : 0,
    layerFixedBytes:
      LAYER_CLASSIC_BYTES +
      (reforged ? LAYER_REFORGED_SHADING_BYTES : 0) +
      (textureSlots ? LAYER_TEXTURE_SLOT_HEADER_BYTES : 0),
    layerHasTextureSlots: textureSlots,
    layerHasReforgedFields: reforged,
    layerTrackTags: ['KMTF', 'KMTA', ...(reforged ? ['KMTE'] : []), ...(fresnelTracks ? ['KFC3', 'KFCA', 'KFTC'] : [])],
    geosetHasLod: reforged,
    geosetHasTangentsAndSkin: reforged,
    lightFieldBytes: LIGHT_CLASSIC_FIELD_BYTES + (lightShadows ? LIGHT_SHADOW_INTENSITY_BYTES : 0),
    lightHasShadowIntensity: lightShadows,
    hasBindPoses: reforged,
  };
}

/**
 * MTLS: materials and their layers.
 *
 * Material: uint32 inclusiveSize, int32 priorityPlane, uint32 flags (0x1 constant colour, 0x10
 * sort primitives far z, 0x20 full resolution), 900–1000: char[80] shader, char[4] "LAYS", uint32
 * layerCount, layers.
 *
 * Layer: uint32 inclusiveSize, uint32 filterMode (0 none, 1 transparent, 2 blend, 3 additive, 4
 * add alpha, 5 modulate, 6 modulate 2x), uint32 shadingFlags (0x1 unshaded, 0x2 sphere environment
 * map, 0x10 two sided, 0x20 unfogged, 0x40 no depth test, 0x80 no depth set, 0x100 unlit), int32
 * textureId, int32 textureAnimationId (-1: none), uint32 coordId, float alpha; 900+: float
 * emissiveGain, float[3] fresnelColor, float fresnelOpacity, float fresnelTeamColor; 1100+: uint32
 * shaderTypeId, uint32 textureCount, then per texture int32 textureId, uint32 slot and an optional
 * KMTF track (that texture's animated id: a KMTF right after a slot is read as the slot's, so from
 * 1100 on a layer's own tracks hold none); then KMTF, KMTA, KMTE, KFC3, KFCA, KFTC tracks. Which
 * fields a version has is decided by `mdxLayout` (shared/model/versions.ts).
 */
import type { BinaryWriter } from '../../binary/writer';
import { encodeName } from '../../mdx/names';
import { LAYER_CLASSIC_BYTES, LAYER_TEXTURE_SLOT_BYTES, MATERIAL_SHADER_NAME_BYTES, type MdxLayout } from '../versions';
import { beginSize, patchSize, readObjects, type ChunkCodec } from '../chunk-codec';
import { NO_BYTES, type MdxCursor } from '../../mdx/cursor';
import { readTrackMdx, readTracksMdx, writeTrackMdx, writeTracksMdx, type Track } from '../track';
import type { MdlStatement } from '../../mdl/tree';
import {
  blockRules,
  fittedString,
  nameField,
  printRules,
  readCountedList,
  readRuleBlock,
  fieldRules,
} from '../mdl/fields';
import type { MdlEntry, MdlReadContext } from '../mdl/reader';
import { printTrackMdl, readTrackMdl } from '../mdl/track';
import type { MdlWriter } from '../mdl/writer';
import { mdlDefault } from '../mdl/defaults';

/** Bytes of a material before its shader name: inclusiveSize, priorityPlane, flags. */
export const MATERIAL_FIXED_BYTES = 12;
/** The LAYS tag and the layer count. */
export const MATERIAL_LAYERS_HEADER_BYTES = 8;
/** The tag before a material's layers. */
export const LAYERS_TAG = 'LAYS';
/** The tag of a texture slot's animated texture id. */
const TEXTURE_ID_TRACK_TAG = 'KMTF';

/** A texture a Reforged (1100+) layer binds, in one of its slots (diffuse, normal, ORM, emissive, team colour…). */
export interface LayerTexture {
  readonly textureId: number;
  readonly slot: number;
  /** The texture id over time (a KMTF track right after the slot), or null. */
  readonly textureIdTrack: Track | null;
}

/** One layer of a material: one draw of the geoset. */
export interface Layer {
  readonly filterMode: number;
  readonly shadingFlags: number;
  readonly textureId: number;
  /** -1 when the layer has no texture animation. */
  readonly textureAnimationId: number;
  readonly coordId: number;
  readonly alpha: number;
  /** 900+ (written only there; 1 when read from an older version). */
  readonly emissiveGain: number;
  /** 900+ (default 1, 1, 1). */
  readonly fresnelColor: readonly [number, number, number];
  /** 900+ (default 0). */
  readonly fresnelOpacity: number;
  /** 900+ (default 0). */
  readonly fresnelTeamColor: number;
  /** 1100+ (default 0). */
  readonly shaderTypeId: number;
  /** 1100+: the textures by slot (empty before 1100). */
  readonly textures: readonly LayerTexture[];
  /** KMTF, KMTA, KMTE, KFC3, KFCA, KFTC in stored order. */
  readonly tracks: readonly Track[];
  /** Bytes at the end of the layer that are not tracks (normally none), kept as they are. */
  readonly unparsedBytes: Uint8Array;
}

/** A material: layers drawn one over the other. */
export interface Material {
  readonly priorityPlane: number;
  readonly flags: number;
  /** 900–1000: the shader's name ('' when read from another version). */
  readonly shader: string;
  readonly shaderBytes?: Uint8Array;
  readonly layers: readonly Layer[];
  /** Bytes after the last layer that belong to no layer (normally none), kept as they are. */
  readonly unparsedBytes: Uint8Array;
}

function readLayerTextures(cursor: MdxCursor): { shaderTypeId: number; textures: LayerTexture[] } {
  const shaderTypeId = cursor.u32('shaderTypeId');
  const count = cursor.count(LAYER_TEXTURE_SLOT_BYTES, 'textureCount');
  const textures: LayerTexture[] = [];
  for (let index = 0; index < count; index += 1) {
    const textureId = cursor.i32('textures.textureId');
    const slot = cursor.u32('textures.slot');
    const textureIdTrack = cursor.peekTag() === TEXTURE_ID_TRACK_TAG ? readTrackMdx(cursor) : null;
    textures.push({ textureId, slot, textureIdTrack });
  }
  return { shaderTypeId, textures };
}

/** Reads the layer at the cursor. */
export function readLayerMdx(cursor: MdxCursor, layout: MdxLayout): Layer {
  const { value, unparsedBytes } = cursor.sized(layout.layerFixedBytes, () => {
    const filterMode = cursor.u32('filterMode');
    const shadingFlags = cursor.u32('shadingFlags');
    const textureId = cursor.i32('textureId');
    const textureAnimationId = cursor.i32('textureAnimationId');
    const coordId = cursor.u32('coordId');
    const alpha = cursor.f32('alpha');
    const reforged = layout.layerHasReforgedFields;
    const emissiveGain = reforged ? cursor.f32('emissiveGain') : 1;
    const fresnelColor: [number, number, number] = reforged ? cursor.vector3('fresnelColor') : [1, 1, 1];
    const fresnelOpacity = reforged ? cursor.f32('fresnelOpacity') : 0;
    const fresnelTeamColor = reforged ? cursor.f32('fresnelTeamColor') : 0;
    const { shaderTypeId, textures } = layout.layerHasTextureSlots
      ? readLayerTextures(cursor)
      : { shaderTypeId: 0, textures: [] };
    return {
      filterMode,
      shadingFlags,
      textureId,
      textureAnimationId,
      coordId,
      alpha,
      emissiveGain,
      fresnelColor,
      fresnelOpacity,
      fresnelTeamColor,
      shaderTypeId,
      textures,
      tracks: readTracksMdx(cursor),
    };
  });
  return { ...value, unparsedBytes };
}

/** Writes a layer in the version's layout. */
export function writeLayerMdx(writer: BinaryWriter, layer: Layer, layout: MdxLayout): void {
  const start = beginSize(writer);
  writer.u32(layer.filterMode).u32(layer.shadingFlags).i32(layer.textureId).i32(layer.textureAnimationId);
  writer.u32(layer.coordId).f32(layer.alpha);
  if (layout.layerHasReforgedFields) {
    writer.f32(layer.emissiveGain);
    for (const value of layer.fresnelColor) writer.f32(value);
    writer.f32(layer.fresnelOpacity).f32(layer.fresnelTeamColor);
  }
  if (layout.layerHasTextureSlots) {
    writer.u32(layer.shaderTypeId).u32(layer.textures.length);
    for (const texture of layer.textures) {
      writer.i32(texture.textureId).u32(texture.slot);
      if (texture.textureIdTrack) writeTrackMdx(writer, texture.textureIdTrack);
    }
  }
  writeTracksMdx(writer, layer.tracks);
  writer.bytes(layer.unparsedBytes);
  patchSize(writer, start);
}

/** Reads the material at the cursor. */
export function readMaterialMdx(cursor: MdxCursor, layout: MdxLayout): Material {
  const headerBytes = MATERIAL_FIXED_BYTES + layout.materialShaderBytes + MATERIAL_LAYERS_HEADER_BYTES;
  const path = cursor.path;
  const { value, unparsedBytes } = cursor.sized(headerBytes, () => {
    const priorityPlane = cursor.i32('priorityPlane');
    const flags = cursor.u32('flags');
    const shader =
      layout.materialShaderBytes > 0
        ? cursor.name(MATERIAL_SHADER_NAME_BYTES, 'shader')
        : { name: '', nameBytes: undefined };
    cursor.expectTag(LAYERS_TAG, 'LAYS');
    const layerCount = cursor.count(LAYER_CLASSIC_BYTES, 'layerCount');
    const layers: Layer[] = [];
    for (let index = 0; index < layerCount; index += 1) {
      cursor.path = `${path}.layers[${index}]`;
      layers.push(readLayerMdx(cursor, layout));
    }
    cursor.path = path;
    return { priorityPlane, flags, shader: shader.name, shaderBytes: shader.nameBytes, layers };
  });
  return { ...value, unparsedBytes };
}

/** Writes a material in the version's layout. */
export function writeMaterialMdx(writer: BinaryWriter, material: Material, layout: MdxLayout): void {
  const start = beginSize(writer);
  writer.i32(material.priorityPlane).u32(material.flags);
  if (layout.materialShaderBytes > 0)
    writer.bytes(encodeName(material.shader, MATERIAL_SHADER_NAME_BYTES, material.shaderBytes));
  writer.tag(LAYERS_TAG).u32(material.layers.length);
  for (const layer of material.layers) writeLayerMdx(writer, layer, layout);
  writer.bytes(material.unparsedBytes);
  patchSize(writer, start);
}

/** The MTLS chunk. */
export const materialsChunkMdx: ChunkCodec<Material[]> = {
  read: (cursor, layout) => readObjects(cursor, 'MTLS', (at) => readMaterialMdx(at, layout)),
  write: (writer, materials, layout) => materials.forEach((material) => writeMaterialMdx(writer, material, layout)),
};

// MDL ---------------------------------------------------------------------------------------------

/** Layer filter modes by name. */
const FILTER_MODES: readonly (readonly [number, string])[] = [
  [0, 'None'],
  [1, 'Transparent'],
  [2, 'Blend'],
  [3, 'Additive'],
  [4, 'AddAlpha'],
  [5, 'Modulate'],
  [6, 'Modulate2x'],
];

const SHADING_RULES = fieldRules([
  { kind: 'flag', keyword: 'Unshaded', field: 'shadingFlags', bit: 0x1 },
  { kind: 'flag', keyword: 'SphereEnvMap', field: 'shadingFlags', bit: 0x2 },
  { kind: 'flag', keyword: 'TwoSided', field: 'shadingFlags', bit: 0x10 },
  { kind: 'flag', keyword: 'Unfogged', field: 'shadingFlags', bit: 0x20 },
  { kind: 'flag', keyword: 'NoDepthTest', field: 'shadingFlags', bit: 0x40 },
  { kind: 'flag', keyword: 'NoDepthSet', field: 'shadingFlags', bit: 0x80 },
  { kind: 'flag', keyword: 'Unlit', field: 'shadingFlags', bit: 0x100 },
]);

/** Layer statements after the texture: the Reforged ones are read in every version (a version without them warns on
 * conversion). */
const LAYER_TAIL_RULES = fieldRules([
  {
    kind: 'scalar',
    keyword: 'TVertexAnimId',
    field: 'textureAnimationId',
    type: 'i32',
    ...mdlDefault('Layer.TVertexAnimId'),
    print: 'nondefault',
  },
  {
    kind: 'scalar',
    keyword: 'CoordId',
    field: 'coordId',
    type: 'u32',
    ...mdlDefault('Layer.CoordId'),
    print: 'nondefault',
  },
  {
    kind: 'scalar',
    keyword: 'Alpha',
    field: 'alpha',
    type: 'f32',
    ...mdlDefault('Layer.Alpha'),
    print: 'nondefault',
    isStatic: true,
    track: 'KMTA',
  },
  {
    kind: 'scalar',
    keyword: 'EmissiveGain',
    aliases: ['Emissive'],
    field: 'emissiveGain',
    type: 'f32',
    ...mdlDefault('Layer.EmissiveGain'),
    print: 'nondefault',
    isStatic: true,
    track: 'KMTE',
  },
  {
    kind: 'vector',
    keyword: 'FresnelColor',
    field: 'fresnelColor',
    type: 'f32',
    length: 3,
    ...mdlDefault('Layer.FresnelColor'),
    print: 'nondefault',
    isStatic: true,
    track: 'KFC3',
  },
  {
    kind: 'scalar',
    keyword: 'FresnelOpacity',
    field: 'fresnelOpacity',
    type: 'f32',
    ...mdlDefault('Layer.FresnelOpacity'),
    print: 'nondefault',
    isStatic: true,
    track: 'KFCA',
  },
  {
    kind: 'scalar',
    keyword: 'FresnelTeamColor',
    field: 'fresnelTeamColor',
    type: 'f32',
    ...mdlDefault('Layer.FresnelTeamColor'),
    print: 'nondefault',
    isStatic: true,
    track: 'KFTC',
  },
  { kind: 'flags', keyword: 'Shading', field: 'shadingFlags' },
]);

/**
 * Layers before 1100: one texture, `static TextureID 3,` or a `TextureID` track. A layer with a
 * track and no static value reads as -1 (no texture), as mdx-m3-viewer reads it; the static value
 * beside a track (0 in the game's files) is printed whenever it is not -1.
 */
const LAYER_MDL = blockRules([
  {
    kind: 'word',
    keyword: 'FilterMode',
    field: 'filterMode',
    choices: FILTER_MODES,
    ...mdlDefault('Layer.FilterMode'),
  },
  ...SHADING_RULES,
  {
    kind: 'scalar',
    keyword: 'TextureID',
    field: 'textureId',
    type: 'i32',
    ...mdlDefault('Layer.TextureID'),
    print: 'always',
    isStatic: true,
    track: 'KMTF',
  },
  ...LAYER_TAIL_RULES,
]);

/**
 * Layers from 1100: `ShaderTypeId n,` and one `static TextureID n,` (or `TextureID` track) per
 * texture slot, in order, as Retera's Model Studio writes them (the slot is its place). What that
 * form leaves out prints only when set: `TextureSlot s,` after a texture whose slot is not its
 * place, `TextureSlotID n,` after a track whose texture id is not 0, and `LayerTextureID` for the
 * layer's own texture id (0 in the game's files) or track.
 */
const LAYER_SLOTS_MDL = blockRules([
  {
    kind: 'word',
    keyword: 'FilterMode',
    field: 'filterMode',
    choices: FILTER_MODES,
    ...mdlDefault('Layer.FilterMode'),
  },
  ...SHADING_RULES,
  {
    kind: 'scalar',
    keyword: 'ShaderTypeId',
    field: 'shaderTypeId',
    type: 'u32',
    ...mdlDefault('Layer.ShaderTypeId'),
    print: 'nondefault',
  },
  {
    kind: 'custom',
    print: (writer, layer, where) => printLayerTexturesMdl(writer, layer['textures'] as LayerTexture[], where),
  },
  {
    kind: 'scalar',
    keyword: 'LayerTextureID',
    field: 'textureId',
    type: 'i32',
    ...mdlDefault('Layer.LayerTextureID'),
    print: 'nondefault',
    track: 'KMTF',
  },
  ...LAYER_TAIL_RULES,
]);

function printLayerTexturesMdl(writer: MdlWriter, textures: readonly LayerTexture[], where: string): void {
  textures.forEach((texture, index) => {
    if (texture.textureIdTrack) {
      printTrackMdl(writer, 'TextureID', texture.textureIdTrack, where);
      if (texture.textureId !== 0) writer.integerStatement('TextureSlotID', texture.textureId);
    } else writer.integerStatement('static TextureID', texture.textureId);
    if (texture.slot !== index) writer.unsignedStatement('TextureSlot', texture.slot);
  });
}

/** Reads one texture-slot statement of a 1100+ layer into `textures`; false for other statements. */
function readLayerTextureMdl(context: MdlReadContext, entry: MdlEntry, textures: LayerTexture[]): boolean {
  const last = textures.length - 1;
  if (entry.key === 'TextureID') {
    if (entry.hasGroup && !entry.isStatic) {
      const track = readTrackMdl(context, entry, 'KMTF');
      textures.push({ textureId: 0, slot: textures.length, textureIdTrack: track ?? null });
    } else
      textures.push({ textureId: context.integer(entry, 'i32') ?? 0, slot: textures.length, textureIdTrack: null });
    return true;
  }
  if (entry.key !== 'TextureSlot' && entry.key !== 'TextureSlotID') return false;
  const value = context.integer(entry, entry.key === 'TextureSlot' ? 'u32' : 'i32');
  if (last < 0) context.invalid(entry, 'no TextureID comes before it');
  else if (value !== undefined)
    textures[last] =
      entry.key === 'TextureSlot' ? { ...textures[last]!, slot: value } : { ...textures[last]!, textureId: value };
  return true;
}

/** Reads a `Layer { … }` block in the layout of the model's version. */
export function readLayerMdl(context: MdlReadContext, block: MdlStatement): Layer {
  const slots = context.layout.layerHasTextureSlots;
  const textures: LayerTexture[] = [];
  const slotted = slots
    ? readRuleBlock(context, block, LAYER_SLOTS_MDL, (entry) => readLayerTextureMdl(context, entry, textures))
    : null;
  const { draft, tracks } = slotted ?? readRuleBlock(context, block, LAYER_MDL);
  return {
    filterMode: draft.filterMode,
    shadingFlags: draft.shadingFlags,
    textureId: draft.textureId,
    textureAnimationId: draft.textureAnimationId,
    coordId: draft.coordId,
    alpha: draft.alpha,
    emissiveGain: draft.emissiveGain,
    fresnelColor: draft.fresnelColor,
    fresnelOpacity: draft.fresnelOpacity,
    fresnelTeamColor: draft.fresnelTeamColor,
    shaderTypeId: slotted?.draft.shaderTypeId ?? 0,
    textures,
    tracks,
    unparsedBytes: NO_BYTES,
  };
}

const MATERIAL_MDL = blockRules([
  { kind: 'flag', keyword: 'ConstantColor', field: 'flags', bit: 0x1 },
  { kind: 'flag', keyword: 'TwoSided', field: 'flags', bit: 0x2 },
  { kind: 'flag', keyword: 'SortPrimsNearZ', field: 'flags', bit: 0x8 },
  { kind: 'flag', keyword: 'SortPrimsFarZ', field: 'flags', bit: 0x10 },
  { kind: 'flag', keyword: 'FullResolution', field: 'flags', bit: 0x20 },
  {
    kind: 'scalar',
    keyword: 'PriorityPlane',
    field: 'priorityPlane',
    type: 'i32',
    ...mdlDefault('Material.PriorityPlane'),
    print: 'nondefault',
  },
  { kind: 'flags', keyword: 'RenderMode', field: 'flags' },
]);

/** Reads `Materials N { Material { … Layer { … } … } … }`. */
export function readMaterialsMdl(context: MdlReadContext, block: MdlStatement): Material[] {
  return readCountedList(context, block, 'Material', (child) => {
    const layers: Layer[] = [];
    let shaderField: { name: string; bytes: Uint8Array } | undefined;
    const { draft } = readRuleBlock(context, child, MATERIAL_MDL, (entry) => {
      if (entry.key === 'Layer' && entry.hasGroup) {
        layers.push(readLayerMdl(context, entry.statement));
        entry.next = entry.stop;
        return true;
      }
      if (entry.key !== 'Shader') return false;
      shaderField = nameField(
        fittedString(context, entry, context.string(entry) ?? '', MATERIAL_SHADER_NAME_BYTES),
        MATERIAL_SHADER_NAME_BYTES,
      );
      return true;
    });
    return {
      priorityPlane: draft.priorityPlane,
      flags: draft.flags,
      shader: shaderField?.name ?? '',
      shaderBytes: shaderField?.bytes,
      layers,
      unparsedBytes: NO_BYTES,
    };
  });
}

/** Prints the Materials block in the layout of `layout`'s version. */
export function printMaterialsMdl(writer: MdlWriter, materials: readonly Material[], layout: MdxLayout): void {
  writer.open('Materials', undefined, materials.length);
  materials.forEach((material, index) => {
    const where = `Materials[${index}]`;
    writer.open('Material');
    printRules(writer, material, [], MATERIAL_MDL, where);
    if (layout.materialShaderBytes > 0) writer.stringStatement('Shader', material.shader, `${where} Shader`);
    material.layers.forEach((layer, layerIndex) => {
      const layerWhere = `${where} Layer ${layerIndex}`;
      writer.open('Layer');
      printRules(writer, layer, layer.tracks, layout.layerHasTextureSlots ? LAYER_SLOTS_MDL : LAYER_MDL, layerWhere);
      writer.close();
      if (layer.unparsedBytes.byteLength > 0)
        writer.warn(layerWhere, `${layerWhere} ends in ${layer.unparsedBytes.byteLength} bytes MDL cannot hold`);
    });
    writer.close();
    if (material.unparsedBytes.byteLength > 0)
      writer.warn(where, `${where} ends in ${material.unparsedBytes.byteLength} bytes MDL cannot hold`);
  });
  writer.close();
}

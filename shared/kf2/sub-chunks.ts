/**
 * Readers of KF2's sub-chunks, one per kind, each reading every version the spec defines. A reader
 * gets a cursor confined to the sub-chunk's data and its header; `where` names the field.
 */
import { KF2_SUB_CHUNK, KF2_VERSIONS, kf2ChunkName } from './layout';
import {
  KF2_CHUNK_HEADER_BYTE_SIZE,
  KF2_MATRIX4X3_FLOATS,
  Kf2Cursor,
  readChunkBody,
  type Kf2ChunkHeader,
} from './primitives';

/** SubChunk_Node. */
export interface Kf2Node {
  version: number;
  name: string;
  parentName: string;
  /** object_to_parent: four rows of three, applied to row vectors. */
  matrix: Float32Array;
  hasParent: boolean;
  /** Version 1. */
  userString?: string;
}

/** SubChunk_Texture. */
export interface Kf2Texture {
  name: string;
  mipMaps: number;
  filtering: number;
  files: string[];
  /** Present when the chunk holds the animation fields (the tools write them for more than one file). */
  animation?: {
    automaticStart: boolean;
    randomStartFrame: boolean;
    startFrame: number;
    fps: number;
    endCondition: number;
  };
}

/** SubChunk_Material (versions 0–2). */
export interface Kf2Material {
  version: number;
  name: string;
  flags: {
    twoSided: boolean;
    fogging: boolean;
    diffuseCombined: boolean;
    invisibleGeometry: boolean;
    hasVertexAlpha: boolean;
  };
  diffuseColorType: number;
  specularColorType: number;
  litType: number;
  ambient: number[];
  diffuse: number[];
  specular: number[];
  vertexAlpha: number;
  specularExponent: number;
  diffuseTextureType: number;
  reflectionTextureType: number;
  embossFactor: number;
  diffuseTexture?: Kf2Texture;
  reflectionTexture?: Kf2Texture;
  bumpTexture?: Kf2Texture;
  opacityTexture?: Kf2Texture;
  /** Version 1 on. */
  maskTexture?: Kf2Texture;
  maskTextureType?: number;
  hasLit?: boolean;
  /** Version 2. */
  unknown?: [boolean, boolean, number];
}

/** SubChunk_Geometry. */
export interface Kf2Geometry {
  version: number;
  /** x, y, z per vertex. */
  positions: Float32Array;
  /** Version 1: x, y, z per vertex. */
  normals?: Float32Array;
  /** Version 1. */
  verticesPerPrimitive?: number[];
}

/** SubChunk_Polygons. */
export interface Kf2Polygons {
  version: number;
  /** Version 0: each polygon's vertex indices (SubChunk_Polygon). */
  polygons?: number[][];
  unknown?: [number, number];
  /** Version 1: triangle corners, indices local to each primitive's vertices. */
  indices?: Uint16Array;
  polygonsPerPrimitive?: number[];
}

/** SubChunk_PolygonMaterial. */
export interface Kf2PolygonMaterial {
  version: number;
  materials: string[];
  /** Version 0. */
  polygonMaterials?: number[];
}

/** SubChunk_UVMapping. */
export interface Kf2UvMapping {
  version: number;
  layer: number;
  /** u, v, w per coordinate. */
  coordinates: Float32Array;
  /** Version 0: per polygon, the coordinate index of each corner. */
  polygons?: number[][];
  reserved?: [number, number];
  /** Version 1. */
  coordinatesPerPrimitive?: number[];
}

/** SubChunk_Animation. */
export interface Kf2AnimationInfo {
  objectName: string;
  fps: number;
  looping: boolean;
}

/** Refuses a version the spec does not define for this (sub-)chunk, naming it. */
export function checkVersion(cursor: Kf2Cursor, header: Kf2ChunkHeader, where: string): void {
  const versions = KF2_VERSIONS[header.id] ?? [];
  if (!versions.includes(header.version)) {
    throw cursor.error(
      'unsupported',
      where,
      `${kf2ChunkName(header.id)} version ${header.version} is not one the spec defines ` +
        `(${versions.join(', ') || 'none'})`,
      header.start + 5,
    );
  }
}

/**
 * Reads the sub-chunk at the cursor, which must be `id`, with `read`; moves the cursor past it.
 * The reader gets a cursor confined to the sub-chunk.
 */
export function readSubChunk<T>(
  cursor: Kf2Cursor,
  id: number,
  where: string,
  read: (inner: Kf2Cursor, header: Kf2ChunkHeader, where: string) => T,
): T {
  const header = cursor.chunkHeader(where);
  const name = `${where}(${kf2ChunkName(header.id)})`;
  if (header.id !== id) {
    throw cursor.error(
      'invalid',
      where,
      `${kf2ChunkName(header.id)} where ${kf2ChunkName(id)} was expected`,
      header.start,
    );
  }
  checkVersion(cursor, header, name);
  const value = readChunkBody(cursor, header, (inner) => read(inner, header, name));
  cursor.offset = header.end;
  return value;
}

/** The spec's two integer types: `M_Int`/`TypeInt` and `M_Unsigned_Int`. */
export type Kf2IntegerType = 'integer' | 'unsigned';

/** An array of `count` integers of `type`. */
function integers(cursor: Kf2Cursor, count: number, where: string, type: Kf2IntegerType = 'integer'): number[] {
  const values: number[] = [];
  for (let index = 0; index < count; index += 1) {
    values.push(type === 'unsigned' ? cursor.unsigned(`${where}[${index}]`) : cursor.integer(`${where}[${index}]`));
  }
  return values;
}

/** A count (of `countType`), then that many integers of `type`. */
function integerList(
  cursor: Kf2Cursor,
  where: string,
  type: Kf2IntegerType = 'integer',
  countType: Kf2IntegerType = 'integer',
): number[] {
  const count = cursor.count(cursor.sizes.integer, `number of ${where}`, countType === 'unsigned');
  return integers(cursor, count, where, type);
}

/** A count (`M_Int`), then that many strings. */
export function stringList(cursor: Kf2Cursor, where: string): string[] {
  const count = cursor.count(cursor.sizes.string, `number of ${where}`);
  const values: string[] = [];
  for (let index = 0; index < count; index += 1) values.push(cursor.string(`${where}[${index}]`));
  return values;
}

/** SubChunk_Node, versions 0 and 1. */
export function readNode(cursor: Kf2Cursor, header: Kf2ChunkHeader, where: string): Kf2Node {
  const name = cursor.string(`${where}.object_name`);
  const parentName = cursor.string(`${where}.parent_object_name`);
  const matrix = new Float32Array(KF2_MATRIX4X3_FLOATS);
  cursor.matrix4x3(`${where}.object_to_parent`, matrix);
  const hasParent = cursor.bool(`${where}.has_parent`);
  const node: Kf2Node = { version: header.version, name, parentName, matrix, hasParent };
  if (header.version >= 1) node.userString = cursor.string(`${where}.user_defined_string`);
  return node;
}

/** SubChunk_Texture, version 1. */
export function readTexture(cursor: Kf2Cursor, _header: Kf2ChunkHeader, where: string): Kf2Texture {
  const texture: Kf2Texture = {
    name: cursor.string(`${where}.texture_name`),
    mipMaps: cursor.integer(`${where}.number_of_mip_maps`),
    filtering: cursor.integer(`${where}.filtering`),
    files: stringList(cursor, `${where}.texture_file_name`),
  };
  // The spec has these fields for one file or more; the tools write them only for an animated
  // texture (more than one file). The chunk's size tells which.
  if (texture.files.length > 0 && cursor.remaining > 0) {
    texture.animation = {
      automaticStart: cursor.bool(`${where}.is_automatic_start`),
      randomStartFrame: cursor.bool(`${where}.is_random_start_frame`),
      startFrame: cursor.integer(`${where}.start_frame`),
      fps: cursor.integer(`${where}.playback_fps`),
      endCondition: cursor.integer(`${where}.end_condition`),
    };
  }
  return texture;
}

function optionalTexture(cursor: Kf2Cursor, where: string, flag: string): Kf2Texture | undefined {
  if (!cursor.bool(`${where}.${flag}`)) return undefined;
  return readSubChunk(cursor, KF2_SUB_CHUNK.texture, `${where}.${flag.replace(/^has_/, '')}_sub_chunk`, readTexture);
}

function floats(cursor: Kf2Cursor, names: string[], where: string): number[] {
  return names.map((name) => cursor.float(`${where}.${name}`));
}

/** SubChunk_Material, versions 0, 1 and 2. */
export function readMaterial(cursor: Kf2Cursor, header: Kf2ChunkHeader, where: string): Kf2Material {
  const name = cursor.string(`${where}.material_name`);
  const flags = {
    twoSided: cursor.bool(`${where}.is_two_sided`),
    fogging: cursor.bool(`${where}.is_fogging`),
    diffuseCombined: cursor.bool(`${where}.is_diffuse_combined`),
    invisibleGeometry: cursor.bool(`${where}.is_invisible_geometry`),
    hasVertexAlpha: cursor.bool(`${where}.has_vertex_alpha`),
  };
  const rgba = (prefix: string) => ['r', 'g', 'b', 'a'].map((channel) => `${prefix}_${channel}`);
  const material: Kf2Material = {
    version: header.version,
    name,
    flags,
    diffuseColorType: cursor.integer(`${where}.diffuse_color_type`),
    specularColorType: cursor.integer(`${where}.specular_color_type`),
    litType: cursor.integer(`${where}.lit_type`),
    ambient: floats(cursor, rgba('ambient_color'), where),
    diffuse: floats(cursor, rgba('diffuse_color'), where),
    specular: floats(cursor, rgba('specular_color'), where),
    vertexAlpha: cursor.float(`${where}.vertex_alpha`),
    specularExponent: cursor.float(`${where}.specular_exponent`),
    diffuseTextureType: cursor.integer(`${where}.diffuse_texture_type`),
    reflectionTextureType: cursor.integer(`${where}.reflection_texture_type`),
    embossFactor: cursor.float(`${where}.emboss_factor`),
  };
  const textures = [
    ['diffuseTexture', 'has_diffuse_texture'],
    ['reflectionTexture', 'has_reflection_texture'],
    ['bumpTexture', 'has_bump_texture'],
    ['opacityTexture', 'has_opacity_texture'],
  ] as const;
  for (const [field, flag] of textures) {
    const texture = optionalTexture(cursor, where, flag);
    if (texture) material[field] = texture;
  }
  if (header.version >= 1) {
    const mask = optionalTexture(cursor, where, 'has_mask_texture');
    if (mask) material.maskTexture = mask;
    material.maskTextureType = cursor.integer(`${where}.mask_texture_type`);
    material.hasLit = cursor.bool(`${where}.has_lit`);
  }
  if (header.version >= 2) {
    material.unknown = [
      cursor.bool(`${where}.unknown1`),
      cursor.bool(`${where}.unknown2`),
      cursor.integer(`${where}.unknown3`),
    ];
  }
  return material;
}

/** SubChunk_Geometry, versions 0 and 1. */
export function readGeometry(cursor: Kf2Cursor, header: Kf2ChunkHeader, where: string): Kf2Geometry {
  if (header.version === 0) {
    const count = cursor.count(cursor.sizes.vector3, `${where}.number_of_vertices`);
    const positions = new Float32Array(count * 3);
    for (let vertex = 0; vertex < count; vertex += 1)
      cursor.vector3(`${where}.vertices[${vertex}]`, positions, vertex * 3);
    return { version: 0, positions };
  }
  // Raw float32 positions and normals: 24 bytes a vertex.
  const count = cursor.count(24, `${where}.number_of_vertices`, true);
  const positions = cursor.rawFloats(count * 3, `${where}.vertices`);
  const normals = cursor.rawFloats(count * 3, `${where}.normals`);
  const verticesPerPrimitive = integerList(cursor, `${where}.number_vertices_per_primitive`, 'unsigned', 'unsigned');
  return { version: 1, positions, normals, verticesPerPrimitive };
}

/** SubChunk_Polygon, version 0: a polygon's indices. */
export function readPolygon(cursor: Kf2Cursor, _header: Kf2ChunkHeader, where: string): number[] {
  return integerList(cursor, `${where}.vertex_indices`);
}

function polygonList(cursor: Kf2Cursor, where: string): number[][] {
  // TypeInt (Polygons) or M_Int (UV Mapping) polygons, each a Polygon sub-chunk.
  const count = cursor.count(KF2_CHUNK_HEADER_BYTE_SIZE, `${where}.number_of_polygons`);
  const polygons: number[][] = [];
  for (let index = 0; index < count; index += 1) {
    polygons.push(readSubChunk(cursor, KF2_SUB_CHUNK.polygon, `${where}.polygons_indices[${index}]`, readPolygon));
  }
  return polygons;
}

/** SubChunk_Polygons, versions 0 and 1. */
export function readPolygons(cursor: Kf2Cursor, header: Kf2ChunkHeader, where: string): Kf2Polygons {
  if (header.version === 0) {
    const polygons = polygonList(cursor, where);
    return {
      version: 0,
      polygons,
      unknown: [cursor.integer(`${where}.unknown1`), cursor.integer(`${where}.unknown2`)],
    };
  }
  const count = cursor.count(2, `${where}.number_of_polygons`, true);
  const indices = cursor.rawUint16s(count, `${where}.polygons_indices`);
  const polygonsPerPrimitive = integerList(cursor, `${where}.polygons_per_primitive`, 'unsigned', 'unsigned');
  return { version: 1, indices, polygonsPerPrimitive };
}

/** SubChunk_Smoothing, version 0. */
export function readSmoothing(cursor: Kf2Cursor, _header: Kf2ChunkHeader, where: string): number[] {
  return integerList(cursor, `${where}.smoothing_group`, 'unsigned');
}

/** SubChunk_PolygonMaterial, versions 0 and 1. */
export function readPolygonMaterial(cursor: Kf2Cursor, header: Kf2ChunkHeader, where: string): Kf2PolygonMaterial {
  const materials = stringList(cursor, `${where}.material_name`);
  if (header.version !== 0) return { version: header.version, materials };
  return { version: 0, materials, polygonMaterials: integerList(cursor, `${where}.material_index_for_polygon`) };
}

/** SubChunk_UVMapping, versions 0 and 1. */
export function readUvMapping(cursor: Kf2Cursor, header: Kf2ChunkHeader, where: string): Kf2UvMapping {
  if (header.version === 0) {
    const layer = cursor.integer(`${where}.layer`);
    const polygons = polygonList(cursor, where);
    const reserved: [number, number] = [cursor.integer(`${where}.reserved1`), cursor.integer(`${where}.reserved2`)];
    const count = cursor.count(cursor.sizes.vector3, `${where}.number_of_coordinates`);
    const coordinates = new Float32Array(count * 3);
    for (let index = 0; index < count; index += 1) {
      cursor.vector3(`${where}.texture_coordinates_uvw[${index}]`, coordinates, index * 3);
    }
    return { version: 0, layer, polygons, reserved, coordinates };
  }
  const layer = cursor.unsigned(`${where}.layer`);
  // Raw float32 u, v, w: 12 bytes a coordinate.
  const count = cursor.count(12, `${where}.number_of_coordinates`, true);
  const coordinates = cursor.rawFloats(count * 3, `${where}.texture_coordinates_uvw`);
  return {
    version: 1,
    layer,
    coordinates,
    coordinatesPerPrimitive: integerList(cursor, `${where}.coordinates_per_primitive`, 'unsigned', 'unsigned'),
  };
}

/** SubChunk_ReferenceToData, version 0. */
export function readReference(cursor: Kf2Cursor, _header: Kf2ChunkHeader, where: string): string {
  return cursor.string(`${where}.referenced_object_name`);
}

/** SubChunk_Animation, version 0. */
export function readAnimationInfo(cursor: Kf2Cursor, _header: Kf2ChunkHeader, where: string): Kf2AnimationInfo {
  return {
    objectName: cursor.string(`${where}.object_name`),
    fps: cursor.integer(`${where}.fps`),
    looping: cursor.bool(`${where}.is_looping`),
  };
}

/** A count (`M_Int`), then that many floats (Skin's weights). */
export function floatList(cursor: Kf2Cursor, where: string): number[] {
  const count = cursor.count(cursor.sizes.float, `number of ${where}`);
  const values: number[] = [];
  for (let index = 0; index < count; index += 1) values.push(cursor.float(`${where}[${index}]`));
  return values;
}

export { integerList, integers };

/**
 * Reader of Max Payne 1 and 2's `.kf2` (and `.kfs`/`.skd`, the same chunks): a sequence of
 * top-level chunks, each read by its kind and version (`../shared/specs/kf2-format.md`).
 *
 * Decisions where the spec is silent:
 * - Primitive types: as issue 15 defines them, the `plain` layout — `M_Int`/`TypeInt` int32,
 *   `M_Unsigned_Int` uint32, `M_Float`/`TypeFloat` float32, `M_Bool` one byte, `M_String` a uint32
 *   byte length then the bytes, `M_Vector3` three float32, `M_Matrix4x3` twelve float32 as four
 *   rows of three (rotation/scale rows, then translation, applied to row vectors), little-endian,
 *   chunk sizes counting the data after the 13-byte header. A file is read in that layout first.
 *   Only when it refuses the file (a CodecError) is the `tagged` layout tried — a one-byte type tag
 *   before every value, as Max Payne's tools may write it, with chunk sizes counting the header or
 *   not — and when both refuse it, the plain layout's error is thrown. {@link Kf2File.layout} says
 *   which one read the file. Both are in `primitives.ts`, the one module that reads primitives.
 * - Axes: Direct3D's, Y up and left-handed. A cape gets Warcraft III's right-handed Z-up axes by
 *   swapping Y and Z, which mirrors nothing (the swap undoes the change of handedness); triangles'
 *   corners are turned to keep them facing out; UVs are kept (Direct3D's origin is top-left, like
 *   MRF's). See `axes.ts`; the reader itself keeps every value as stored.
 * - Skin version 1's `vertex_indices` are, per vertex, where its bones start in
 *   `bones_list_per_vertex` and `weights` (`bones_per_vertex` of them) — as the tools write them.
 *   Skin version 0's three lists are all (vertex, bone, weight) influences.
 * - Animations, time, interpolation and the texture path: see `cape.ts`.
 *
 * Every chunk kind the spec describes is read, in every version it lists; another version is
 * refused with an `unsupported` error naming the chunk. Kinds the spec lists without a layout
 * (lights, helpers, light animations) are kept as byte ranges; unknown chunk ids (top-level, or
 * inside a Mesh) are skipped by their size and reported in {@link Kf2File.skipped}.
 */
import { CodecError } from '../binary/codec-error';
import { KF2_CHUNK, KF2_SUB_CHUNK, KF2_UNDESCRIBED_CHUNKS, KF2_VERSIONS, kf2ChunkName } from './layout';
import {
  KF2_CHUNK_HEADER_BYTE_SIZE,
  KF2_MATRIX4X3_FLOATS,
  Kf2Cursor,
  KF2_TAG,
  readChunkBody,
  type Kf2ChunkHeader,
  type Kf2Layout,
} from './primitives';
import {
  checkVersion,
  floatList,
  integerList,
  readAnimationInfo,
  readGeometry,
  readMaterial,
  readNode,
  readPolygonMaterial,
  readPolygons,
  readReference,
  readSmoothing,
  readSubChunk,
  readUvMapping,
  stringList,
  type Kf2AnimationInfo,
  type Kf2Geometry,
  type Kf2Material,
  type Kf2Node,
  type Kf2PolygonMaterial,
  type Kf2Polygons,
  type Kf2UvMapping,
} from './sub-chunks';

/** Chunk_MaterialList. */
export interface Kf2MaterialList {
  textureDirectories: string;
  materials: Kf2Material[];
}

/** Chunk_Mesh: whichever sub-chunks it holds. */
export interface Kf2Mesh {
  version: number;
  node?: Kf2Node;
  geometry?: Kf2Geometry;
  polygons?: Kf2Polygons;
  smoothing?: number[];
  polygonMaterial?: Kf2PolygonMaterial;
  uvMappings: Kf2UvMapping[];
  reference?: string;
}

/** Chunk_Skin, versions 0 and 1, with its influences gathered per (vertex, bone, weight). */
export interface Kf2Skin {
  version: number;
  skinObjects: string[];
  skeletonObjects: string[];
  /** One entry per influence: vertex index, index into skeletonObjects, weight. */
  influences: { vertices: number[]; bones: number[]; weights: number[] };
  /** Version 0's trailing vectors. */
  unknownVectors?: Float32Array;
  /** Version 1's per-primitive vertex counts and starts. */
  primitives?: { vertexCounts: number[]; vertexStarts: number[] };
}

/** Chunk_KeyframeAnimation, versions 0–5. */
export interface Kf2KeyframeAnimation {
  version: number;
  animation: Kf2AnimationInfo;
  parentName: string;
  loopInterpolation: boolean;
  totalKeyframes: number;
  /** Frames the animation spans: num_total_keyframes + 1 before version 5 (the spec's notes), as stored from 5. */
  frameCount: number;
  frames: number[];
  /** Twelve numbers (a Matrix4x3) per keyframe. */
  matrices: Float32Array;
  visibility?: { frames: number[]; values: number[] };
  loopToFrame?: number;
  interpolationMethod?: number;
  maintainMatrixScaling?: boolean;
}

/** Chunk_Camera. */
export interface Kf2Camera {
  node: Kf2Node;
  fov: number;
  frontPlane: number;
  backPlane: number;
}

/** Chunk_Environment: RGBA bytes. */
export interface Kf2Environment {
  ambient: number[];
  clearing: number[];
}

/** A chunk kept or skipped as bytes. */
export interface Kf2RawChunk {
  id: number;
  name: string;
  version: number;
  /** Offset of the chunk's header. */
  offset: number;
  /** Bytes of the data. */
  byteLength: number;
  /** Where it was (`chunks[3]`, `chunks[1](Mesh)`). */
  where: string;
}

/** A whole KF2 file. */
export interface Kf2File {
  /** How its primitives were written: `plain` (issue 15's definition) or `tagged` (the fallback). */
  layout: Kf2Layout;
  /** Every top-level chunk in order. */
  chunks: { id: number; name: string; version: number; offset: number }[];
  materialLists: Kf2MaterialList[];
  meshes: Kf2Mesh[];
  skins: Kf2Skin[];
  animations: Kf2KeyframeAnimation[];
  cameras: Kf2Camera[];
  environments: Kf2Environment[];
  /** Chunks the spec lists without a layout (lights, helpers, light animations). */
  undescribed: Kf2RawChunk[];
  /** Chunks of ids the spec does not list, skipped by their size. */
  skipped: Kf2RawChunk[];
}

/** True when `bytes` open with a chunk header whose id the spec lists. */
export function isKf2(bytes: Uint8Array): boolean {
  if (bytes.byteLength < KF2_CHUNK_HEADER_BYTE_SIZE || bytes[0] !== KF2_TAG.chunk) return false;
  const id = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(1, true);
  return Object.values(KF2_CHUNK).includes(id as never);
}

function readMaterialList(cursor: Kf2Cursor, _header: Kf2ChunkHeader, where: string): Kf2MaterialList {
  const textureDirectories = cursor.string(`${where}.texture_dirs`);
  const count = cursor.count(KF2_CHUNK_HEADER_BYTE_SIZE, `${where}.number_of_materials`);
  const materials: Kf2Material[] = [];
  for (let index = 0; index < count; index += 1) {
    materials.push(readSubChunk(cursor, KF2_SUB_CHUNK.material, `${where}.material_sub_chunk[${index}]`, readMaterial));
  }
  return { textureDirectories, materials };
}

function readMesh(cursor: Kf2Cursor, header: Kf2ChunkHeader, where: string, skipped: Kf2RawChunk[]): Kf2Mesh {
  const mesh: Kf2Mesh = { version: header.version, uvMappings: [] };
  // Sub-chunks in any order, any of them missing.
  while (cursor.remaining > 0) {
    const at = cursor.offset;
    const sub = cursor.chunkHeader(`${where}.sub_chunk@${at}`);
    cursor.offset = at;
    const name = `${where}.${kf2ChunkName(sub.id).replace(/ /g, '')}`;
    switch (sub.id) {
      case KF2_SUB_CHUNK.node:
        mesh.node = readSubChunk(cursor, sub.id, name, readNode);
        break;
      case KF2_SUB_CHUNK.geometry:
        mesh.geometry = readSubChunk(cursor, sub.id, name, readGeometry);
        break;
      case KF2_SUB_CHUNK.polygons:
        mesh.polygons = readSubChunk(cursor, sub.id, name, readPolygons);
        break;
      case KF2_SUB_CHUNK.smoothing:
        mesh.smoothing = readSubChunk(cursor, sub.id, name, readSmoothing);
        break;
      case KF2_SUB_CHUNK.polygonMaterial:
        mesh.polygonMaterial = readSubChunk(cursor, sub.id, name, readPolygonMaterial);
        break;
      case KF2_SUB_CHUNK.uvMapping:
        mesh.uvMappings.push(readSubChunk(cursor, sub.id, name, readUvMapping));
        break;
      case KF2_SUB_CHUNK.referenceToData:
        mesh.reference = readSubChunk(cursor, sub.id, name, readReference);
        break;
      default:
        skipped.push(rawChunk(sub, `${where}.sub_chunk@${at}`));
        cursor.offset = sub.end;
    }
  }
  return mesh;
}

function influenceTriples(cursor: Kf2Cursor, where: string, into: Kf2Skin['influences']): void {
  const count = cursor.count(2 * cursor.sizes.integer + cursor.sizes.float, `${where}.number_of_vertices`);
  for (let index = 0; index < count; index += 1) {
    into.vertices.push(cursor.integer(`${where}.SkinData[${index}].vertex_Index`));
    into.bones.push(cursor.integer(`${where}.SkinData[${index}].bone_Index`));
    into.weights.push(cursor.float(`${where}.SkinData[${index}].weight`));
  }
}

function readSkin(cursor: Kf2Cursor, header: Kf2ChunkHeader, where: string): Kf2Skin {
  const influences = { vertices: [] as number[], bones: [] as number[], weights: [] as number[] };
  if (header.version === 0) {
    for (const list of ['SkinData1', 'SkinData2', 'SkinData3'])
      influenceTriples(cursor, `${where}.${list}`, influences);
    const skinObjects = stringList(cursor, `${where}.skin_objects`);
    const skeletonObjects = stringList(cursor, `${where}.skeleton_objects`);
    const count = cursor.count(cursor.sizes.vector3, `${where}.number_of_unknown`);
    const unknownVectors = new Float32Array(count * 3);
    for (let index = 0; index < count; index += 1)
      cursor.vector3(`${where}.unknown[${index}]`, unknownVectors, index * 3);
    return { version: 0, skinObjects, skeletonObjects, influences, unknownVectors };
  }
  const list = <T>(field: string, read: (where: string) => T): T => {
    cursor.arrayTag(`${where}.${field}.type_tag`);
    return read(`${where}.${field}`);
  };
  const skinObjects = list('skin_objects', (at) => stringList(cursor, at));
  const skeletonObjects = list('skeleton_objects', (at) => stringList(cursor, at));
  const starts = list('vertex_indices', (at) => integerList(cursor, at));
  const counts = list('bones_per_vertex', (at) => integerList(cursor, at));
  const bones = list('bones_list_per_vertex', (at) => integerList(cursor, at));
  const weights = list('weights', (at) => floatList(cursor, at));
  const vertexCounts = list('vertex_num_per_primitive', (at) => integerList(cursor, at, 'unsigned'));
  const vertexStarts = list('vertex_start_index_per_primitive', (at) => integerList(cursor, at, 'unsigned'));
  if (starts.length !== counts.length) {
    throw cursor.error('invalid', `${where}.bones_per_vertex`, `${counts.length} counts for ${starts.length} vertices`);
  }
  for (let vertex = 0; vertex < starts.length; vertex += 1) {
    for (let influence = 0; influence < counts[vertex]!; influence += 1) {
      const at = starts[vertex]! + influence;
      if (!(at >= 0 && at < bones.length && at < weights.length)) {
        throw cursor.error(
          'invalid',
          `${where}.vertex_indices[${vertex}]`,
          `influences ${starts[vertex]}…${starts[vertex]! + counts[vertex]! - 1} pass the ` +
            `${Math.min(bones.length, weights.length)} listed`,
        );
      }
      influences.vertices.push(vertex);
      influences.bones.push(bones[at]!);
      influences.weights.push(weights[at]!);
    }
  }
  return { version: 1, skinObjects, skeletonObjects, influences, primitives: { vertexCounts, vertexStarts } };
}

function readKeyframeAnimation(cursor: Kf2Cursor, header: Kf2ChunkHeader, where: string): Kf2KeyframeAnimation {
  const animation = readSubChunk(cursor, KF2_SUB_CHUNK.animation, `${where}.animation`, readAnimationInfo);
  const parentName = cursor.string(`${where}.parent_name`);
  const loopInterpolation = cursor.bool(`${where}.use_loop_interpolation`);
  const totalKeyframes = cursor.unsigned(`${where}.num_total_keyframes`);
  // Each keyframe: an M_Unsigned_Int and an M_Matrix4x3.
  const count = cursor.count(cursor.sizes.integer + cursor.sizes.matrix4x3, `${where}.num_key_frames`, true);
  const frames: number[] = [];
  const matrices = new Float32Array(count * KF2_MATRIX4X3_FLOATS);
  for (let key = 0; key < count; key += 1) {
    frames.push(cursor.unsigned(`${where}.KeyFrames[${key}].frame_id`));
    cursor.matrix4x3(`${where}.KeyFrames[${key}].transform`, matrices, key * KF2_MATRIX4X3_FLOATS);
  }
  const result: Kf2KeyframeAnimation = {
    version: header.version,
    animation,
    parentName,
    loopInterpolation,
    totalKeyframes,
    frameCount: header.version < 5 ? totalKeyframes + 1 : totalKeyframes,
    frames,
    matrices,
  };
  if (header.version >= 1) {
    const visibilitySize = cursor.sizes.integer + cursor.sizes.float;
    const visibilityCount = cursor.count(visibilitySize, `${where}.num_visibility_frames`, true);
    const visibility = { frames: [] as number[], values: [] as number[] };
    for (let key = 0; key < visibilityCount; key += 1) {
      visibility.frames.push(cursor.unsigned(`${where}.VisibilityFrames[${key}].frame_id`));
      visibility.values.push(cursor.float(`${where}.VisibilityFrames[${key}].visibility`));
    }
    result.visibility = visibility;
  }
  if (header.version >= 2) result.loopToFrame = cursor.unsigned(`${where}.loop_to_frame`);
  if (header.version >= 3) result.interpolationMethod = cursor.integer(`${where}.frame_to_frame_interpolation_method`);
  if (header.version >= 4) result.maintainMatrixScaling = cursor.bool(`${where}.maintain_matrix_scaling`);
  return result;
}

function readCamera(cursor: Kf2Cursor, _header: Kf2ChunkHeader, where: string): Kf2Camera {
  return {
    node: readSubChunk(cursor, KF2_SUB_CHUNK.node, `${where}.node`, readNode),
    fov: cursor.float(`${where}.fov`),
    frontPlane: cursor.float(`${where}.front_plane`),
    backPlane: cursor.float(`${where}.back_plane`),
  };
}

function readEnvironment(cursor: Kf2Cursor, _header: Kf2ChunkHeader, where: string): Kf2Environment {
  const channel = (name: string) => cursor.unsignedChar(`${where}.${name}`);
  return {
    ambient: ['r', 'g', 'b', 'a'].map((c) => channel(`ambient_light_color_${c}`)),
    clearing: ['r', 'g', 'b', 'a'].map((c) => channel(`clearing_color_${c}`)),
  };
}

function rawChunk(header: Kf2ChunkHeader, where: string): Kf2RawChunk {
  return {
    id: header.id,
    name: kf2ChunkName(header.id),
    version: header.version,
    offset: header.start,
    byteLength: header.end - header.dataStart,
    where,
  };
}

/**
 * Reads a whole KF2 file in the plain layout, or — only when that refuses it — in the tagged one;
 * when both refuse it, throws the plain layout's `kf2` CodecError (naming the chunk, field and offset).
 */
export function readKf2(bytes: Uint8Array): Kf2File {
  try {
    return readKf2Layout(bytes, 'plain');
  } catch (plainError) {
    if (!(plainError instanceof CodecError)) throw plainError;
    try {
      return readKf2Layout(bytes, 'tagged');
    } catch (taggedError) {
      if (!(taggedError instanceof CodecError)) throw taggedError;
      throw plainError;
    }
  }
}

/** Reads a whole KF2 file in one layout, without fallback; throws a `kf2` CodecError naming chunk, field and offset. */
export function readKf2Layout(bytes: Uint8Array, layout: Kf2Layout): Kf2File {
  const file: Kf2File = {
    layout,
    chunks: [],
    materialLists: [],
    meshes: [],
    skins: [],
    animations: [],
    cameras: [],
    environments: [],
    undescribed: [],
    skipped: [],
  };
  const cursor = new Kf2Cursor(bytes, 0, bytes.byteLength, layout);
  if (bytes.byteLength === 0) throw cursor.error('truncated', 'chunks[0]', 'the file is empty');
  for (let index = 0; cursor.remaining > 0; index += 1) {
    const header = cursor.chunkHeader(`chunks[${index}]`);
    const name = kf2ChunkName(header.id);
    const where = `chunks[${index}](${name})`;
    file.chunks.push({ id: header.id, name, version: header.version, offset: header.start });
    if (KF2_VERSIONS[header.id]) checkVersion(cursor, header, where);
    const body = <T>(read: (inner: Kf2Cursor, header: Kf2ChunkHeader, where: string) => T): T =>
      readChunkBody(cursor, header, (inner) => read(inner, header, where));
    switch (header.id) {
      case KF2_CHUNK.materialList:
        file.materialLists.push(body(readMaterialList));
        break;
      case KF2_CHUNK.mesh: {
        // Chunks skipped inside a mesh are noted once its reading is settled.
        let skipped: Kf2RawChunk[] = [];
        file.meshes.push(body((inner, meshHeader, at) => readMesh(inner, meshHeader, at, (skipped = []))));
        file.skipped.push(...skipped);
        break;
      }
      case KF2_CHUNK.skin:
        file.skins.push(body(readSkin));
        break;
      case KF2_CHUNK.keyframeAnimation:
        file.animations.push(body(readKeyframeAnimation));
        break;
      case KF2_CHUNK.camera:
        file.cameras.push(body(readCamera));
        break;
      case KF2_CHUNK.environment:
        file.environments.push(body(readEnvironment));
        break;
      default:
        (KF2_UNDESCRIBED_CHUNKS.includes(header.id) ? file.undescribed : file.skipped).push(rawChunk(header, where));
    }
    cursor.offset = header.end;
  }
  return file;
}

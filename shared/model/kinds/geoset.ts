/**
 * GEOS: geosets, the meshes. Every array is a typed-array view of the file's bytes when its
 * offset allows (a copy otherwise: after a GNDX or SKIN array of odd length, say).
 *
 * Geoset: uint32 inclusiveSize; tagged arrays (char[4] tag, uint32 count, data) VRTX (float[3]
 * positions), NRMS (float[3] normals), PTYP (uint32 face type per group: 4 triangles…), PCNT
 * (uint32 index count per group), PVTX (uint16 vertex indices), GNDX (uint8 matrix group per
 * vertex), MTGC (uint32 size of each matrix group), MATS (uint32 objectIds, the groups one after
 * another); uint32 materialId, selectionGroup, selectionFlags; 900+: uint32 lod, char[80] lodName;
 * Extent; uint32 extentCount, Extent[extentCount] (one per sequence); 900+: optional TANG
 * (float[4] per vertex, w the handedness) and SKIN (uint8[8] per vertex: four bone indices into
 * MATS, four weights /255); UVAS (uint32 set count) then that many UVBS (float[2] per vertex).
 */
import type { BinaryWriter } from '../../binary/writer';
import { encodeName } from '../../mdx/names';
import { GEOSET_LOD_BYTES, type MdxLayout } from '../versions';
import { beginSize, patchSize, readObjects, writeArray, type ChunkCodec } from '../chunk-codec';
import { NO_BYTES, type MdxCursor } from '../../mdx/cursor';
import { EXTENT_BYTES, EXTENT_MDL_RULES, extentOfDraft, readExtentMdx, writeExtent, type Extent } from './extent';
import type { MdlStatement } from '../../mdl/tree';
import { blockRules, fieldRules, fittedString, nameField, printRules, readRuleBlock } from '../mdl/fields';
import type { MdlEntry, MdlReadContext } from '../mdl/reader';
import { Growing32 } from '../mdl/scanner';
import type { MdlWriter } from '../mdl/writer';
import { MDL_DEFAULTS, mdlDefault } from '../mdl/defaults';
import { printFacesMdl, printMatrixGroupsMdl, readFacesMdl, readMatrixGroupsMdl } from './geoset-faces';

/** Bytes of the geoset's own inclusive size. */
export const GEOSET_SIZE_BYTES = 4;
/** Bytes of a tagged array's header: tag and count. */
export const GEOSET_ARRAY_HEADER_BYTES = 8;
/** Bytes of one element of each tagged array. */
export const GEOSET_ELEMENT_BYTES = {
  VRTX: 12,
  NRMS: 12,
  PTYP: 4,
  PCNT: 4,
  PVTX: 2,
  GNDX: 1,
  MTGC: 4,
  MATS: 4,
  TANG: 16,
  SKIN: 1,
  UVBS: 8,
} as const;
/** The tagged arrays every geoset starts with, in order, with the bytes of one element. */
export const GEOSET_ARRAYS: readonly (readonly [string, number])[] = (
  ['VRTX', 'NRMS', 'PTYP', 'PCNT', 'PVTX', 'GNDX', 'MTGC', 'MATS'] as const
).map((tag) => [tag, GEOSET_ELEMENT_BYTES[tag]] as const);
/** Bytes of materialId, selectionGroup, selectionFlags. */
export const GEOSET_MATERIAL_FIELDS_BYTES = 12;
/** Bytes of the lod name field (900+). */
export const GEOSET_LOD_NAME_BYTES = 80;
/** Bytes of one tangent (float[4]), one skin element (uint8; eight per vertex), one texture coordinate (float[2]). */
export const GEOSET_TANGENT_BYTES = GEOSET_ELEMENT_BYTES.TANG;
export const GEOSET_SKIN_ELEMENT_BYTES = GEOSET_ELEMENT_BYTES.SKIN;
export const GEOSET_UV_BYTES = GEOSET_ELEMENT_BYTES.UVBS;
/** Floats per position and normal, per tangent, per texture coordinate. */
export const GEOSET_POSITION_FLOATS = 3;
export const GEOSET_TANGENT_FLOATS = 4;
export const GEOSET_UV_FLOATS = 2;
/** The UVAS count's elements are UVBS arrays, each at least its header. */
const UV_SET_MINIMUM_BYTES = GEOSET_ARRAY_HEADER_BYTES;
/** Smallest geoset: its size, the eight array headers, the material fields, an extent, the extent count, UVAS. */
export const GEOSET_MINIMUM_BYTES =
  GEOSET_SIZE_BYTES +
  GEOSET_ARRAYS.length * GEOSET_ARRAY_HEADER_BYTES +
  GEOSET_MATERIAL_FIELDS_BYTES +
  EXTENT_BYTES +
  4 +
  GEOSET_ARRAY_HEADER_BYTES;
/** Selection flag of a geoset that cannot be selected in the editor. */
export const GEOSET_UNSELECTABLE = 0x4;

/** A mesh. */
export interface Geoset {
  /** VRTX: x, y, z per vertex. */
  readonly vertices: Float32Array;
  /** NRMS: x, y, z per vertex. */
  readonly normals: Float32Array;
  /** PTYP: the primitive type of each face group (4: triangles; 0–9 as in OpenGL). */
  readonly faceTypeGroups: Uint32Array;
  /** PCNT: how many indices each face group has. */
  readonly faceGroups: Uint32Array;
  /** PVTX: vertex indices, the face groups one after another. */
  readonly faces: Uint16Array;
  /** GNDX: the matrix group of each vertex. */
  readonly vertexGroups: Uint8Array;
  /** MTGC: how many matrix indices each matrix group has. */
  readonly matrixGroups: Uint32Array;
  /** MATS: objectIds of the nodes that move the vertices, the matrix groups one after another. */
  readonly matrixIndices: Uint32Array;
  readonly materialId: number;
  readonly selectionGroup: number;
  /** 0x4: unselectable. */
  readonly selectionFlags: number;
  /** 900+: level of detail (0 when read from an older version). */
  readonly lod: number;
  /** 900+: the geoset's name ('' when read from an older version). */
  readonly lodName: string;
  readonly lodNameBytes?: Uint8Array;
  readonly extent: Extent;
  /** One extent per sequence. */
  readonly sequenceExtents: readonly Extent[];
  /** 900+ TANG: x, y, z, w per vertex, or null when the geoset has none. */
  readonly tangents: Float32Array | null;
  /** 900+ SKIN: four bone indices (into MATS) and four weights (0–255) per vertex, or null. */
  readonly skin: Uint8Array | null;
  /** UVBS sets: u, v per vertex each. */
  readonly textureCoordinateSets: readonly Float32Array[];
  /** Bytes after the last texture coordinate set (normally none), kept as they are. */
  readonly unparsedBytes: Uint8Array;
}

/** Reads a tagged array's header and returns its element count, checked against the bytes left. */
function arrayCount(cursor: MdxCursor, tag: keyof typeof GEOSET_ELEMENT_BYTES | 'UVAS'): number {
  cursor.expectTag(tag, tag);
  return cursor.count(tag === 'UVAS' ? UV_SET_MINIMUM_BYTES : GEOSET_ELEMENT_BYTES[tag], `${tag}.count`);
}

/** Reads the geoset at the cursor. */
export function readGeosetMdx(cursor: MdxCursor, layout: MdxLayout): Geoset {
  const minimum = GEOSET_MINIMUM_BYTES + (layout.geosetHasLod ? GEOSET_LOD_BYTES : 0);
  const { value, unparsedBytes } = cursor.sized(minimum, () => {
    const vertices = cursor.float32s(arrayCount(cursor, 'VRTX') * GEOSET_POSITION_FLOATS, 'VRTX');
    const normals = cursor.float32s(arrayCount(cursor, 'NRMS') * GEOSET_POSITION_FLOATS, 'NRMS');
    const faceTypeGroups = cursor.uint32s(arrayCount(cursor, 'PTYP'), 'PTYP');
    const faceGroups = cursor.uint32s(arrayCount(cursor, 'PCNT'), 'PCNT');
    const faces = cursor.uint16s(arrayCount(cursor, 'PVTX'), 'PVTX');
    const vertexGroups = cursor.uint8s(arrayCount(cursor, 'GNDX'), 'GNDX');
    const matrixGroups = cursor.uint32s(arrayCount(cursor, 'MTGC'), 'MTGC');
    const matrixIndices = cursor.uint32s(arrayCount(cursor, 'MATS'), 'MATS');
    const materialId = cursor.u32('materialId');
    const selectionGroup = cursor.u32('selectionGroup');
    const selectionFlags = cursor.u32('selectionFlags');
    const lod = layout.geosetHasLod ? cursor.u32('lod') : 0;
    const lodName = layout.geosetHasLod ? cursor.name(GEOSET_LOD_NAME_BYTES, 'lodName') : undefined;
    const extent = readExtentMdx(cursor, 'extent');
    const extentCount = cursor.count(EXTENT_BYTES, 'extentCount');
    const sequenceExtents: Extent[] = [];
    for (let index = 0; index < extentCount; index += 1) sequenceExtents.push(readExtentMdx(cursor, 'sequenceExtents'));
    const optional = layout.geosetHasTangentsAndSkin;
    const tangents =
      optional && cursor.peekTag() === 'TANG'
        ? cursor.float32s(arrayCount(cursor, 'TANG') * GEOSET_TANGENT_FLOATS, 'TANG')
        : null;
    const skin = optional && cursor.peekTag() === 'SKIN' ? cursor.uint8s(arrayCount(cursor, 'SKIN'), 'SKIN') : null;
    const setCount = arrayCount(cursor, 'UVAS');
    const textureCoordinateSets: Float32Array[] = [];
    for (let index = 0; index < setCount; index += 1)
      textureCoordinateSets.push(cursor.float32s(arrayCount(cursor, 'UVBS') * GEOSET_UV_FLOATS, 'UVBS'));
    return {
      vertices,
      normals,
      faceTypeGroups,
      faceGroups,
      faces,
      vertexGroups,
      matrixGroups,
      matrixIndices,
      materialId,
      selectionGroup,
      selectionFlags,
      lod,
      lodName: lodName?.name ?? '',
      lodNameBytes: lodName?.nameBytes,
      extent,
      sequenceExtents,
      tangents,
      skin,
      textureCoordinateSets,
    };
  });
  return { ...value, unparsedBytes };
}

function writeTagged(
  writer: BinaryWriter,
  tag: string,
  values: Float32Array | Uint32Array | Uint16Array | Uint8Array,
  perElement: number,
): void {
  if (values.length % perElement !== 0)
    throw new RangeError(`${tag}: ${values.length} values are not whole elements of ${perElement}`);
  writer.tag(tag).u32(values.length / perElement);
  writeArray(writer, values);
}

/** Writes a geoset in the version's layout. Throws RangeError when an array is not whole elements. */
export function writeGeosetMdx(writer: BinaryWriter, geoset: Geoset, layout: MdxLayout): void {
  const start = beginSize(writer);
  writeTagged(writer, 'VRTX', geoset.vertices, GEOSET_POSITION_FLOATS);
  writeTagged(writer, 'NRMS', geoset.normals, GEOSET_POSITION_FLOATS);
  writeTagged(writer, 'PTYP', geoset.faceTypeGroups, 1);
  writeTagged(writer, 'PCNT', geoset.faceGroups, 1);
  writeTagged(writer, 'PVTX', geoset.faces, 1);
  writeTagged(writer, 'GNDX', geoset.vertexGroups, 1);
  writeTagged(writer, 'MTGC', geoset.matrixGroups, 1);
  writeTagged(writer, 'MATS', geoset.matrixIndices, 1);
  writer.u32(geoset.materialId).u32(geoset.selectionGroup).u32(geoset.selectionFlags);
  if (layout.geosetHasLod) {
    writer.u32(geoset.lod);
    writer.bytes(encodeName(geoset.lodName, GEOSET_LOD_NAME_BYTES, geoset.lodNameBytes));
  }
  writeExtent(writer, geoset.extent);
  writer.u32(geoset.sequenceExtents.length);
  for (const extent of geoset.sequenceExtents) writeExtent(writer, extent);
  if (layout.geosetHasTangentsAndSkin) {
    if (geoset.tangents) writeTagged(writer, 'TANG', geoset.tangents, GEOSET_TANGENT_FLOATS);
    if (geoset.skin) writeTagged(writer, 'SKIN', geoset.skin, 1);
  }
  writer.tag('UVAS').u32(geoset.textureCoordinateSets.length);
  for (const set of geoset.textureCoordinateSets) writeTagged(writer, 'UVBS', set, GEOSET_UV_FLOATS);
  writer.bytes(geoset.unparsedBytes);
  patchSize(writer, start);
}

/** The GEOS chunk. */
export const geosetsChunkMdx: ChunkCodec<Geoset[]> = {
  read: (cursor, layout) => readObjects(cursor, 'GEOS', (at) => readGeosetMdx(at, layout)),
  write: (writer, geosets, layout) => geosets.forEach((geoset) => writeGeosetMdx(writer, geoset, layout)),
};

// MDL ---------------------------------------------------------------------------------------------

/** The statements after a geoset's sequence extents. */
const GEOSET_TAIL_RULES = fieldRules([
  {
    kind: 'scalar',
    keyword: 'MaterialID',
    field: 'materialId',
    type: 'u32',
    ...mdlDefault('Geoset.MaterialID'),
    print: 'always',
  },
  {
    kind: 'scalar',
    keyword: 'SelectionGroup',
    field: 'selectionGroup',
    type: 'u32',
    ...mdlDefault('Geoset.SelectionGroup'),
    print: 'always',
  },
  { kind: 'flag', keyword: 'Unselectable', field: 'selectionFlags', bit: GEOSET_UNSELECTABLE },
  { kind: 'flags', keyword: 'SelectionFlags', field: 'selectionFlags' },
]);
const GEOSET_TAIL_MDL = blockRules(GEOSET_TAIL_RULES);
/** Everything a geoset block's rules read (its arrays are read by hand). */
const GEOSET_MDL = blockRules([...EXTENT_MDL_RULES, ...GEOSET_TAIL_RULES]);

const ANIM_EXTENT_MDL = blockRules(EXTENT_MDL_RULES);

/** Prints one `Geoset` block in the layout of `layout`'s version. */
export function printGeosetMdl(writer: MdlWriter, geoset: Geoset, index: number, layout: MdxLayout): void {
  const where = `Geoset ${index}`;
  writer.open('Geoset');
  writer.floatRows('Vertices', geoset.vertices, GEOSET_POSITION_FLOATS, where);
  writer.floatRows('Normals', geoset.normals, GEOSET_POSITION_FLOATS, where);
  for (const set of geoset.textureCoordinateSets) writer.floatRows('TVertices', set, GEOSET_UV_FLOATS, where);
  writer.open('VertexGroup');
  for (const group of geoset.vertexGroups) {
    writer.indent();
    writer.unsigned(group);
    writer.endStatement();
  }
  writer.close();
  if (geoset.tangents) writer.floatRows('Tangents', geoset.tangents, GEOSET_TANGENT_FLOATS, where);
  if (geoset.skin) {
    const skin = geoset.skin;
    writer.open('SkinWeights', undefined, Math.floor(skin.length / SKIN_BYTES_PER_VERTEX));
    for (let at = 0; at + SKIN_BYTES_PER_VERTEX <= skin.length; at += SKIN_BYTES_PER_VERTEX) {
      writer.indent();
      for (let byte = 0; byte < SKIN_BYTES_PER_VERTEX; byte += 1) {
        if (byte > 0) writer.ascii(', ');
        writer.unsigned(skin[at + byte]!);
      }
      writer.endStatement();
    }
    writer.close();
    if (skin.length % SKIN_BYTES_PER_VERTEX !== 0)
      writer.warn(where, `${where}'s ${skin.length} skin bytes are not whole vertices of 8; MDL leaves the rest out`);
  }
  printFacesMdl(writer, geoset, where);
  printMatrixGroupsMdl(writer, geoset, where);
  printRules(writer, { ...geoset, ...geoset.extent }, [], ANIM_EXTENT_MDL, where);
  for (const extent of geoset.sequenceExtents) {
    writer.open('Anim');
    printRules(writer, extent, [], ANIM_EXTENT_MDL, where);
    writer.close();
  }
  printRules(writer, geoset, [], GEOSET_TAIL_MDL, where);
  if (layout.geosetHasLod) writer.unsignedStatement('LevelOfDetail', geoset.lod);
  if (geoset.lodName !== '') writer.stringStatement('Name', geoset.lodName, `${where} Name`);
  writer.close();
  if (geoset.unparsedBytes.byteLength > 0)
    writer.warn(where, `${where} ends in ${geoset.unparsedBytes.byteLength} bytes MDL cannot hold`);
}

/** Skin bytes per vertex: four bone indices, four weights. */
const SKIN_BYTES_PER_VERTEX = 8;

/** Reads a `Geoset { … }` block. */
export function readGeosetMdl(context: MdlReadContext, block: MdlStatement): Geoset {
  const floats = (entry: MdlEntry, stride: number, what: string): Float32Array => {
    const declared = context.declaredCount(entry);
    const values = context.numbers(entry, stride, null, declared);
    context.checkCount(entry, declared, values.length / stride, what);
    return values.floatArray();
  };
  let vertices: Float32Array = new Float32Array(0);
  let normals: Float32Array = new Float32Array(0);
  let tangents: Float32Array | null = null;
  let skin: Uint8Array | null = null;
  let vertexGroups = new Uint8Array(0);
  let lod = MDL_DEFAULTS['Geoset.LevelOfDetail'].value as number;
  let lodNameField: { name: string; bytes: Uint8Array } | undefined;
  const textureCoordinateSets: Float32Array[] = [];
  const faces = { types: [] as number[], counts: [] as number[], faces: new Growing32(64) };
  const matrixSizes: number[] = [];
  const matrixIndices = new Growing32(16);
  const sequenceExtents: Extent[] = [];
  const { draft } = readRuleBlock(context, block, GEOSET_MDL, (entry) => {
    switch (entry.key) {
      case 'Vertices':
        vertices = floats(entry, GEOSET_POSITION_FLOATS, 'vertices');
        break;
      case 'Normals':
        normals = floats(entry, GEOSET_POSITION_FLOATS, 'normals');
        break;
      case 'TVertices':
        textureCoordinateSets.push(floats(entry, GEOSET_UV_FLOATS, 'texture coordinates'));
        break;
      case 'Tangents':
        tangents = floats(entry, GEOSET_TANGENT_FLOATS, 'tangents');
        break;
      case 'VertexGroup':
        vertexGroups = Uint8Array.from(context.numbers(entry, 1, 'u8', null).wordArray());
        break;
      case 'SkinWeights': {
        const declared = context.declaredCount(entry);
        const values = context.numbers(entry, SKIN_BYTES_PER_VERTEX, 'u8', declared);
        context.checkCount(entry, declared, values.length / SKIN_BYTES_PER_VERTEX, 'vertices');
        skin = Uint8Array.from(values.wordArray());
        break;
      }
      case 'Faces':
        readFacesMdl(context, entry, faces);
        break;
      case 'Groups':
        readMatrixGroupsMdl(context, entry, matrixSizes, matrixIndices);
        break;
      case 'Anim':
        sequenceExtents.push(extentOfDraft(readRuleBlock(context, entry.statement, ANIM_EXTENT_MDL).draft));
        break;
      case 'LevelOfDetail':
        lod = context.integer(entry, 'u32') ?? lod;
        return true;
      case 'Name':
        lodNameField = nameField(
          fittedString(context, entry, context.string(entry) ?? '', GEOSET_LOD_NAME_BYTES),
          GEOSET_LOD_NAME_BYTES,
        );
        return true;
      default:
        return false;
    }
    entry.next = entry.stop;
    return true;
  });
  return {
    vertices,
    normals,
    faceTypeGroups: Uint32Array.from(faces.types),
    faceGroups: Uint32Array.from(faces.counts),
    faces: Uint16Array.from(faces.faces.wordArray()),
    vertexGroups,
    matrixGroups: Uint32Array.from(matrixSizes),
    matrixIndices: matrixIndices.wordArray(),
    materialId: draft.materialId,
    selectionGroup: draft.selectionGroup,
    selectionFlags: draft.selectionFlags,
    lod,
    lodName: lodNameField?.name ?? '',
    lodNameBytes: lodNameField?.bytes,
    extent: extentOfDraft(draft),
    sequenceExtents,
    tangents,
    skin,
    textureCoordinateSets,
    unparsedBytes: NO_BYTES,
  };
}

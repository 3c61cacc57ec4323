/**
 * What the preview draws, prepared once per typed model (three-free, so the benchmark and the tests run it in
 * Node): the node hierarchy (shared/model/sampling), each geoset's triangles and skinning, the layers to draw in
 * order, the textures by game path, the cameras, and counts.
 *
 * Skinning: the vertex shader blends up to four matrices of a palette (a float texture): slot 0 the identity, then
 * the average of each matrix group larger than four nodes (slot 1 + group), then every node's world matrix
 * (slot `nodeSlotBase` + node index). Groups come first so that the geometry depends on the geosets and the node
 * indices they name only: an edit to the event objects (nodes after the bones) keeps every geoset's buffers.
 * A geoset with skin weights (SKIN, 900+) takes its four bones (indices into its MATS list) and weights ÷ 255; any
 * other takes its vertex's matrix group (GNDX → MTGC/MATS) with equal weights, as the game averages the group's
 * matrices. A reference to no node (a missing objectId, a group index past the groups) moves nothing (the identity).
 */
import { camerasOf, type Camera } from '../../../../shared/model/kinds/camera';
import type { Geoset } from '../../../../shared/model/kinds/geoset';
import type { GeosetAnimation } from '../../../../shared/model/kinds/geoset-animation';
import type { Layer, Material } from '../../../../shared/model/kinds/material';
import type { Texture } from '../../../../shared/model/kinds/texture';
import type { TextureAnimation } from '../../../../shared/model/kinds/texture-animation';
import { findParsedChunk, type TypedMdxModel } from '../../../../shared/model/mdx-model';
import { createNodeTransforms, type NodeTransforms } from '../../../../shared/model/sampling/node-transforms';

/** Matrices a vertex blends. */
export const BONES_PER_VERTEX = 4;

/** Game paths of the replaceable textures the preview knows (team colour and glow of player 0, cliffs, trees). */
export const REPLACEABLE_TEXTURES: Readonly<Record<number, string>> = {
  1: 'ReplaceableTextures\\TeamColor\\TeamColor00.blp',
  2: 'ReplaceableTextures\\TeamGlow\\TeamGlow00.blp',
  11: 'ReplaceableTextures\\Cliff\\Cliff0.blp',
  31: 'ReplaceableTextures\\LordaeronTree\\LordaeronSummerTree.blp',
  32: 'ReplaceableTextures\\AshenvaleTree\\AshenTree.blp',
  33: 'ReplaceableTextures\\BarrensTree\\BarrensTree.blp',
  34: 'ReplaceableTextures\\NorthrendTree\\NorthTree.blp',
  35: 'ReplaceableTextures\\Mushroom\\MushroomTree.blp',
  36: 'ReplaceableTextures\\RuinsTree\\RuinsTree.blp',
  37: 'ReplaceableTextures\\OutlandMushroomTree\\MushroomTree.blp',
};

/** A texture of TEXS: the game path to resolve ('' for none) and its replaceable id. */
export interface RigTexture {
  readonly path: string;
  readonly replaceableId: number;
  /** TEXS flags: 0x1 wrap width, 0x2 wrap height. */
  readonly flags: number;
}

/** A geoset ready for the GPU. */
export interface RigGeoset {
  /** Its index in GEOS. */
  readonly index: number;
  readonly geoset: Geoset;
  readonly vertexCount: number;
  /** Triangle vertex indices (a view of the file's faces when they are all in range triangles). */
  readonly triangles: Uint16Array;
  /** Palette slots, four per vertex. */
  readonly boneSlots: Uint16Array;
  /** Weights of those slots, four per vertex. */
  readonly boneWeights: Float32Array;
  /** Bind-pose bounds: min x, y, z, max x, y, z (all ∞ when it has no vertex). */
  readonly bounds: Float64Array;
}

/** One layer of a geoset's material: one draw. */
export interface RigLayer {
  /** Index into the rig's geosets. */
  readonly geoset: number;
  readonly material: Material | null;
  /** Its index among its material's layers (draw order within the geoset). */
  readonly layerIndex: number;
  /** null for a geoset whose material is missing (drawn as one opaque white layer). */
  readonly layer: Layer | null;
  readonly priorityPlane: number;
  readonly textureAnimation: TextureAnimation | null;
}

/** The geosets ready for the GPU (shared by rigs whose geosets and referenced node indices are the same). */
export interface RigGeometry {
  /** Per large group: where its node list starts in `groupNodes` (and ends at the next start); slot = 1 + i. */
  readonly groupStarts: Int32Array;
  readonly groupNodes: Int32Array;
  readonly geosets: readonly RigGeoset[];
  readonly vertexCount: number;
  readonly triangleCount: number;
  /** Bind-pose bounds of every geoset: min x, y, z, max x, y, z. */
  readonly bounds: Float64Array;
}

/** Everything the preview needs from a model. */
export interface ModelRig extends RigGeometry {
  readonly model: TypedMdxModel;
  readonly nodes: NodeTransforms;
  /** The geoset part (the same object while the geosets and the nodes they name are). */
  readonly geometry: RigGeometry;
  /** Matrices in the skinning palette (1 + large groups + nodes). */
  readonly paletteSize: number;
  /** The palette slot of node 0. */
  readonly nodeSlotBase: number;
  /** Per geoset: its geoset animation (the first GEOA naming it), or null. */
  readonly geosetAnimations: readonly (GeosetAnimation | null)[];
  readonly layers: readonly RigLayer[];
  readonly textures: readonly RigTexture[];
  readonly cameras: readonly Camera[];
  readonly globalSequences: readonly number[];
}

/** The triangles of a geoset: its faces when they are all triangles in range, else the triangles rebuilt. */
function trianglesOf(geoset: Geoset, vertexCount: number): Uint16Array {
  const { faces, faceTypeGroups, faceGroups } = geoset;
  let inRange = faces.length % 3 === 0;
  for (let index = 0; index < faces.length && inRange; index += 1) inRange = faces[index]! < vertexCount;
  const allTriangles = faceTypeGroups.every((type) => type === 4);
  if (inRange && allTriangles) return faces;
  const triangles: number[] = [];
  const push = (a: number, b: number, c: number) => {
    if (a < vertexCount && b < vertexCount && c < vertexCount) triangles.push(a, b, c);
  };
  let start = 0;
  for (let group = 0; group < faceTypeGroups.length && start < faces.length; group += 1) {
    const type = faceTypeGroups[group]!;
    const count = Math.min(faceGroups[group] ?? 0, faces.length - start);
    const at = (offset: number) => faces[start + offset]!;
    if (type === 4)
      for (let offset = 0; offset + 2 < count; offset += 3) push(at(offset), at(offset + 1), at(offset + 2));
    else if (type === 5)
      for (let offset = 0; offset + 2 < count; offset += 1)
        if (offset % 2 === 0) push(at(offset), at(offset + 1), at(offset + 2));
        else push(at(offset + 1), at(offset), at(offset + 2));
    else if (type === 6) for (let offset = 1; offset + 1 < count; offset += 1) push(at(0), at(offset), at(offset + 1));
    start += count;
  }
  // Without face groups (or with groups covering less than the faces), read the rest as triangles.
  if (faceTypeGroups.length === 0)
    for (let offset = 0; offset + 2 < faces.length; offset += 3)
      push(faces[offset]!, faces[offset + 1]!, faces[offset + 2]!);
  return Uint16Array.from(triangles);
}

/** Geometry by GEOS array, with the node indices it was built for. */
const geometryMemo = new WeakMap<readonly Geoset[], { key: string; geometry: RigGeometry }>();

/** The node index of every objectId the geosets name, as a string (what the geometry depends on besides GEOS). */
function referencedNodesKey(geosets: readonly Geoset[], nodeIndexOf: (objectId: number) => number): string {
  const parts: number[] = [];
  for (const geoset of geosets) for (const objectId of geoset.matrixIndices) parts.push(nodeIndexOf(objectId));
  return parts.join(',');
}

/** The geosets of GEOS ready for the GPU, memoized per GEOS array and the node indices its geosets name. */
export function rigGeometryOf(geosetChunk: readonly Geoset[], nodes: NodeTransforms): RigGeometry {
  const key = referencedNodesKey(geosetChunk, nodes.nodeIndexOf);
  const known = geometryMemo.get(geosetChunk);
  if (known && known.key === key) return known.geometry;
  const geometry = createRigGeometry(geosetChunk, nodes);
  geometryMemo.set(geosetChunk, { key, geometry });
  return geometry;
}

/** The bounds of the first `count` vertices (x, y, z triples) ignoring non-finite values: min x, y, z, max x, y, z. */
function boundsOf(vertices: ArrayLike<number>, count: number): Float64Array {
  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  for (let at = 0; at < count * 3; at += 3) {
    // v - v is 0 exactly for a finite v (NaN for NaN and ±∞).
    const x = vertices[at]!;
    const y = vertices[at + 1]!;
    const z = vertices[at + 2]!;
    if (x - x === 0) {
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
    }
    if (y - y === 0) {
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    if (z - z === 0) {
      if (z < minZ) minZ = z;
      if (z > maxZ) maxZ = z;
    }
  }
  return Float64Array.of(minX, minY, minZ, maxX, maxY, maxZ);
}

function createRigGeometry(geosetChunk: readonly Geoset[], nodes: NodeTransforms): RigGeometry {
  const largeGroups = new Map<string, number>();
  const groupStarts: number[] = [];
  const groupNodes: number[] = [];
  const bounds = new Float64Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  let vertexCount = 0;
  let triangleCount = 0;
  // While building, a node's slot is written as NODE_MARK + node; groups are 1 + group. Fixed up at the end.
  const NODE_MARK = 0x8000;

  const slotOfGroup = (nodeIndices: readonly number[]): number => {
    const key = nodeIndices.join(',');
    let group = largeGroups.get(key);
    if (group === undefined) {
      group = groupStarts.length;
      largeGroups.set(key, group);
      groupStarts.push(groupNodes.length);
      groupNodes.push(...nodeIndices);
    }
    return 1 + group;
  };

  const geosets = geosetChunk.map((geoset, index): RigGeoset => {
    const count = Math.floor(geoset.vertices.length / 3);
    const boneSlots = new Uint16Array(count * BONES_PER_VERTEX);
    const boneWeights = new Float32Array(count * BONES_PER_VERTEX);
    // The node index of each entry of the geoset's matrix list, looked up once (the loops below read it per vertex).
    const listNodes = Int32Array.from(geoset.matrixIndices, (objectId) => nodes.nodeIndexOf(objectId));
    const listCount = listNodes.length;
    const skin = geoset.skin && geoset.skin.length >= count * 8 ? geoset.skin : null;
    if (skin) {
      for (let vertex = 0; vertex < count; vertex += 1) {
        const at = vertex * 8;
        const slotAt = vertex * BONES_PER_VERTEX;
        let total = 0;
        for (let bone = 0; bone < BONES_PER_VERTEX; bone += 1) {
          const listIndex = skin[at + bone]!;
          const node = listIndex < listCount ? listNodes[listIndex]! : -1;
          const weight = node >= 0 ? skin[at + 4 + bone]! / 255 : 0;
          boneSlots[slotAt + bone] = node >= 0 ? NODE_MARK + node : 0;
          boneWeights[slotAt + bone] = weight;
          total += weight;
        }
        if (total === 0) boneWeights[slotAt] = 1;
      }
    } else {
      // Each matrix group's slots (up to four) and their count, worked out once.
      const groupCount = geoset.matrixGroups.length;
      const groupSlots = new Uint16Array(groupCount * BONES_PER_VERTEX);
      const groupSizes = new Uint8Array(groupCount);
      let start = 0;
      for (let group = 0; group < groupCount; group += 1) {
        const size = geoset.matrixGroups[group]!;
        const members: number[] = [];
        for (let member = 0; member < size; member += 1) {
          const listIndex = start + member;
          const node = listIndex < listCount ? listNodes[listIndex]! : -1;
          if (node >= 0) members.push(node);
        }
        start += size;
        const slots =
          members.length === 0
            ? [0]
            : members.length <= BONES_PER_VERTEX
              ? members.map((node) => NODE_MARK + node)
              : [slotOfGroup(members)];
        groupSlots.set(slots, group * BONES_PER_VERTEX);
        groupSizes[group] = slots.length;
      }
      const vertexGroups = geoset.vertexGroups;
      for (let vertex = 0; vertex < count; vertex += 1) {
        const group = vertex < vertexGroups.length ? vertexGroups[vertex]! : groupCount;
        const slotAt = vertex * BONES_PER_VERTEX;
        if (group >= groupCount) {
          boneWeights[slotAt] = 1; // no group: slot 0, the identity
          continue;
        }
        const size = groupSizes[group]!;
        const weight = 1 / size;
        for (let bone = 0; bone < size; bone += 1) {
          boneSlots[slotAt + bone] = groupSlots[group * BONES_PER_VERTEX + bone]!;
          boneWeights[slotAt + bone] = weight;
        }
      }
    }
    const geosetBounds = boundsOf(geoset.vertices, count);
    for (let axis = 0; axis < 3; axis += 1) {
      bounds[axis] = Math.min(bounds[axis]!, geosetBounds[axis]!);
      bounds[axis + 3] = Math.max(bounds[axis + 3]!, geosetBounds[axis + 3]!);
    }
    const triangles = trianglesOf(geoset, count);
    vertexCount += count;
    triangleCount += triangles.length / 3;
    return {
      index,
      geoset,
      vertexCount: count,
      triangles,
      boneSlots,
      boneWeights,
      bounds: geosetBounds,
    };
  });

  // Node slots after the groups.
  const nodeSlotBase = 1 + groupStarts.length;
  for (const geoset of geosets) {
    const slots = geoset.boneSlots;
    for (let index = 0; index < slots.length; index += 1)
      if (slots[index]! >= NODE_MARK) slots[index] = nodeSlotBase + slots[index]! - NODE_MARK;
  }
  return {
    groupStarts: Int32Array.from([...groupStarts, groupNodes.length]),
    groupNodes: Int32Array.from(groupNodes),
    geosets,
    vertexCount,
    triangleCount,
    bounds,
  };
}

const NO_TEXTURES: readonly Texture[] = [];
const textureMemo = new WeakMap<readonly Texture[], readonly RigTexture[]>();

/** The textures of TEXS (memoized per TEXS array, so an edit elsewhere loads none again). */
function rigTexturesOf(chunk: readonly Texture[]): readonly RigTexture[] {
  let textures = textureMemo.get(chunk);
  if (!textures) {
    textures = chunk.map((texture): RigTexture => ({
      path: texture.replaceableId !== 0 ? (REPLACEABLE_TEXTURES[texture.replaceableId] ?? '') : texture.fileName,
      replaceableId: texture.replaceableId,
      flags: texture.flags,
    }));
    textureMemo.set(chunk, textures);
  }
  return textures;
}

/** Builds the rig of a typed model. */
export function createModelRig(model: TypedMdxModel): ModelRig {
  const nodes = createNodeTransforms(model);
  const geometry = rigGeometryOf(findParsedChunk(model, 'GEOS') ?? [], nodes);
  const geosets = geometry.geosets;
  const animationChunk = findParsedChunk(model, 'GEOA') ?? [];
  const animations = geosets.map(
    (geoset) => animationChunk.find((animation) => animation.geosetId === geoset.index) ?? null,
  );
  const materials = findParsedChunk(model, 'MTLS') ?? [];
  const textureAnimations = findParsedChunk(model, 'TXAN') ?? [];

  const layers: RigLayer[] = [];
  geosets.forEach((geoset, geosetIndex) => {
    const material = materials[geoset.geoset.materialId] ?? null;
    if (!material || material.layers.length === 0) {
      layers.push({
        geoset: geosetIndex,
        material,
        layerIndex: 0,
        layer: null,
        priorityPlane: 0,
        textureAnimation: null,
      });
      return;
    }
    material.layers.forEach((layer, layerIndex) =>
      layers.push({
        geoset: geosetIndex,
        material,
        layerIndex,
        layer,
        priorityPlane: material.priorityPlane,
        textureAnimation: layer.textureAnimationId >= 0 ? (textureAnimations[layer.textureAnimationId] ?? null) : null,
      }),
    );
  });

  const textures = rigTexturesOf(findParsedChunk(model, 'TEXS') ?? NO_TEXTURES);

  const nodeSlotBase = geometry.groupStarts.length;
  return {
    ...geometry,
    model,
    nodes,
    geometry,
    paletteSize: nodeSlotBase + nodes.count,
    nodeSlotBase,
    geosetAnimations: animations,
    layers,
    textures,
    cameras: camerasOf(model),
    globalSequences: findParsedChunk(model, 'GLBS') ?? [],
  };
}

/**
 * The cape's mesh out of a glTF: every triangle primitive of every mesh in the scene merged into
 * one vertex list (MRF has one mesh), with each part's base attributes, morph targets and skin
 * influences kept for posing. Checks the data the structural checks could not: indices past
 * their primitive's vertices, attributes shorter than POSITION, joints past their skin, more than
 * one texture, more vertices than uint16 faces address.
 */
import type { Accessor, Document, Material, Node, Primitive, Texture } from '@gltf-transform/core';
import { CodecError } from '../../binary/codec-error';
import { MRF_ADDRESSABLE_VERTEX_COUNT } from '../../mrf/layout';
import type { SkinInfluences } from '../skinning';
import { accessorElementWhere } from './checks';
import type { GltfFile } from './read';

const MODE = { triangles: 4, strip: 5, fan: 6 } as const;
const MODE_NAMES = ['POINTS', 'LINES', 'LINE_LOOP', 'LINE_STRIP', 'TRIANGLES', 'TRIANGLE_STRIP', 'TRIANGLE_FAN'];

/** One primitive of one mesh instance, as the poser needs it. */
export interface MeshPart {
  /** Index of the node instancing the mesh. */
  node: number;
  /** Index of the node's skin, or -1. */
  skin: number;
  /** Where this part's vertices start in the merged vertex list. */
  vertexStart: number;
  vertexCount: number;
  /** Base positions and normals (3 per vertex, glTF axes); normals null when the primitive has none. */
  positions: Float32Array;
  normals: Float32Array | null;
  /** Per morph target, its POSITION and NORMAL displacements (null where the target has none). */
  positionTargets: (Float32Array | null)[];
  normalTargets: (Float32Array | null)[];
  /** JOINTS_n/WEIGHTS_n when skinned. */
  influences: SkinInfluences | null;
}

/** The merged mesh. */
export interface CapeMesh {
  parts: MeshPart[];
  vertexCount: number;
  faces: Uint16Array;
  uvs: Float32Array;
  /** The one texture the parts use (null when none has a base colour texture). */
  texture: Texture | null;
  /** Node indices with a mesh, in scene order (for `extras.morf` and default weights). */
  meshNodes: number[];
  warnings: string[];
}

/** Collects the mesh of the document's default scene (or first scene, or every node when there is none). */
export function collectCapeMesh(file: GltfFile): CapeMesh {
  const { document } = file;
  const root = document.getRoot();
  const nodes = root.listNodes();
  const nodeIndex = new Map(nodes.map((node, index) => [node, index]));
  const accessorIndex = new Map(root.listAccessors().map((accessor, index) => [accessor, index]));
  const meshIndex = new Map(root.listMeshes().map((mesh, index) => [mesh, index]));
  const skinIndex = new Map(root.listSkins().map((skin, index) => [skin, index]));
  const warnings: string[] = [];

  const meshNodes = sceneMeshNodes(document, nodeIndex);
  if (meshNodes.length === 0) {
    throw unusable('meshes', 'the scene has no mesh: export the cape’s mesh with the file');
  }
  const parts: MeshPart[] = [];
  const faceLists: Uint32Array[] = [];
  const uvLists: (Float32Array | null)[] = [];
  const textures = new Map<Texture, string>();
  let vertexCount = 0;
  const counts: string[] = [];

  for (const node of meshNodes) {
    const mesh = node.getMesh()!;
    const meshAt = `meshes[${meshIndex.get(mesh)}]`;
    const skin = node.getSkin();
    let meshVertices = 0;
    mesh.listPrimitives().forEach((primitive, primitiveIndex) => {
      const where = `${meshAt}.primitives[${primitiveIndex}]`;
      const mode = primitive.getMode();
      if (mode !== MODE.triangles && mode !== MODE.strip && mode !== MODE.fan) {
        warnings.push(`${where}: ${MODE_NAMES[mode] ?? mode} primitive left out (a cape is made of triangles)`);
        return;
      }
      const position = primitive.getAttribute('POSITION');
      if (!position) throw meshError(`${where}.attributes.POSITION`, 0, 'the primitive has no positions');
      const count = position.getCount();
      const attribute = (name: string, components: number): Accessor | null => {
        const accessor = primitive.getAttribute(name);
        if (accessor) checkCount(accessor, count, `${where}.attributes.${name}`, components);
        return accessor;
      };
      const normal = attribute('NORMAL', 3);
      const info = primitive.getMaterial()?.getBaseColorTextureInfo();
      const texture = primitive.getMaterial()?.getBaseColorTexture() ?? null;
      if (texture && !textures.has(texture)) textures.set(texture, textureLabel(texture, primitive.getMaterial()!));
      const texCoord = attribute(`TEXCOORD_${info && texture ? info.getTexCoord() : 0}`, 2);
      if (!texCoord) warnings.push(`${where}: no TEXCOORD_${info?.getTexCoord() ?? 0}; its UVs are (0, 0)`);

      const faces = triangleCorners(primitive, count, mode, where, file, accessorIndex);
      const part: MeshPart = {
        node: nodeIndex.get(node)!,
        skin: skin ? skinIndex.get(skin)! : -1,
        vertexStart: vertexCount,
        vertexCount: count,
        positions: floats(position),
        normals: normal ? floats(normal) : null,
        positionTargets: [],
        normalTargets: [],
        influences: skin ? influences(primitive, count, where, skin.listJoints().length, file, accessorIndex) : null,
      };
      primitive.listTargets().forEach((target, targetIndex) => {
        const targetAt = `${where}.targets[${targetIndex}]`;
        const positionTarget = target.getAttribute('POSITION');
        const normalTarget = target.getAttribute('NORMAL');
        if (positionTarget) checkCount(positionTarget, count, `${targetAt}.POSITION`, 3);
        if (normalTarget) checkCount(normalTarget, count, `${targetAt}.NORMAL`, 3);
        part.positionTargets.push(positionTarget ? floats(positionTarget) : null);
        part.normalTargets.push(normalTarget && normal ? floats(normalTarget) : null);
      });
      parts.push(part);
      faceLists.push(faces);
      uvLists.push(texCoord ? floats(texCoord) : null);
      vertexCount += count;
      meshVertices += count;
    });
    counts.push(`${mesh.getName() || meshAt} ${meshVertices}`);
  }
  if (parts.length === 0) throw unusable('meshes', 'the scene has no triangles: a cape needs a triangle mesh');
  if (vertexCount > MRF_ADDRESSABLE_VERTEX_COUNT) {
    throw new CodecError({
      format: 'gltf',
      kind: 'limit',
      where: 'meshes',
      offset: 0,
      detail:
        `the mesh has ${vertexCount} vertices (${counts.join(', ')}); an MRF addresses at most ` +
        `${MRF_ADDRESSABLE_VERTEX_COUNT} (uint16 faces): decimate the mesh or export fewer objects`,
    });
  }
  if (textures.size > 1) {
    throw new CodecError({
      format: 'gltf',
      kind: 'unsupported',
      where: 'materials',
      offset: 0,
      detail:
        `the mesh uses ${textures.size} textures (${[...textures.values()].join(', ')}); a cape has one: ` +
        'give every part the same material (or bake the textures into one) and export again',
    });
  }

  const cornerCount = faceLists.reduce((sum, list) => sum + list.length, 0);
  const faces = new Uint16Array(cornerCount);
  const uvs = new Float32Array(vertexCount * 2);
  let corner = 0;
  parts.forEach((part, index) => {
    for (const vertex of faceLists[index]!) faces[corner++] = vertex + part.vertexStart;
    const partUvs = uvLists[index];
    if (partUvs) uvs.set(partUvs, part.vertexStart * 2);
  });
  const texture = textures.size ? [...textures.keys()][0]! : null;
  return {
    parts,
    vertexCount,
    faces,
    uvs,
    texture,
    meshNodes: meshNodes.map((node) => nodeIndex.get(node)!),
    warnings,
  };
}

function sceneMeshNodes(document: Document, nodeIndex: Map<Node, number>): Node[] {
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  if (!scene) return root.listNodes().filter((node) => node.getMesh());
  const found: Node[] = [];
  scene.traverse((node) => {
    if (node.getMesh()) found.push(node);
  });
  // traverse() visits depth-first; keep the file's node order, which is what exporters number by.
  return found.sort((a, b) => nodeIndex.get(a)! - nodeIndex.get(b)!);
}

/** A name for a texture in messages: its image URI or name, else its material's name. */
export function textureLabel(texture: Texture, material?: Material): string {
  return (
    texture.getURI() ||
    texture.getName() ||
    (material ? `the texture of material "${material.getName()}"` : 'a texture')
  );
}

/** The primitive's triangles as vertex indices local to the primitive, after checking each index. */
function triangleCorners(
  primitive: Primitive,
  vertexCount: number,
  mode: number,
  where: string,
  file: GltfFile,
  accessorIndex: Map<Accessor, number>,
): Uint32Array {
  const indices = primitive.getIndices();
  const source = indices?.getArray() ?? null;
  const count = source ? source.length : vertexCount;
  if (source) {
    for (let corner = 0; corner < count; corner += 1) {
      if (source[corner]! >= vertexCount) {
        const accessor = accessorIndex.get(indices!)!;
        const location = file.layout.locate(accessor, corner);
        throw new CodecError({
          format: 'gltf',
          kind: 'invalid',
          where: accessorElementWhere(accessor, corner, `${where}.indices`, location),
          offset: location.offset,
          detail: `index ${source[corner]} is past the primitive's ${vertexCount} vertices`,
        });
      }
    }
  }
  const at = (corner: number) => (source ? source[corner]! : corner);
  if (mode === MODE.triangles) {
    if (count % 3 !== 0) throw meshError(`${where}.indices`, 0, `${count} corners is not a whole number of triangles`);
    const out = new Uint32Array(count);
    for (let corner = 0; corner < count; corner += 1) out[corner] = at(corner);
    return out;
  }
  const triangles = Math.max(count - 2, 0);
  const out = new Uint32Array(triangles * 3);
  for (let triangle = 0; triangle < triangles; triangle += 1) {
    if (mode === MODE.fan) out.set([at(0), at(triangle + 1), at(triangle + 2)], triangle * 3);
    else if (triangle % 2 === 0) out.set([at(triangle), at(triangle + 1), at(triangle + 2)], triangle * 3);
    else out.set([at(triangle + 1), at(triangle), at(triangle + 2)], triangle * 3);
  }
  return out;
}

function influences(
  primitive: Primitive,
  vertexCount: number,
  where: string,
  jointCount: number,
  file: GltfFile,
  accessorIndex: Map<Accessor, number>,
): SkinInfluences | null {
  const sets: [Accessor, Accessor][] = [];
  for (let set = 0; ; set += 1) {
    const joints = primitive.getAttribute(`JOINTS_${set}`);
    const weights = primitive.getAttribute(`WEIGHTS_${set}`);
    if (!joints || !weights) break;
    checkCount(joints, vertexCount, `${where}.attributes.JOINTS_${set}`, 4);
    checkCount(weights, vertexCount, `${where}.attributes.WEIGHTS_${set}`, 4);
    sets.push([joints, weights]);
  }
  if (sets.length === 0) return null;
  const influenceCount = sets.length * 4;
  const joints = new Uint16Array(vertexCount * influenceCount);
  const weights = new Float32Array(vertexCount * influenceCount);
  sets.forEach(([jointAccessor, weightAccessor], set) => {
    const jointArray = jointAccessor.getArray()!;
    const weightArray = floats(weightAccessor);
    for (let vertex = 0; vertex < vertexCount; vertex += 1) {
      for (let component = 0; component < 4; component += 1) {
        const joint = jointArray[vertex * 4 + component]!;
        const weight = weightArray[vertex * 4 + component]!;
        if (weight !== 0 && !(joint < jointCount)) {
          const accessor = accessorIndex.get(jointAccessor)!;
          const location = file.layout.locate(accessor, vertex);
          throw new CodecError({
            format: 'gltf',
            kind: 'invalid',
            where: accessorElementWhere(accessor, vertex, `${where}.attributes.JOINTS_${set}`, location),
            offset: location.offset,
            detail: `joint ${joint} is past the skin's ${jointCount} joints`,
          });
        }
        joints[vertex * influenceCount + set * 4 + component] = weight !== 0 ? joint : 0;
        weights[vertex * influenceCount + set * 4 + component] = weight;
      }
    }
  });
  return { joints, weights, influences: influenceCount };
}

function checkCount(accessor: Accessor, vertexCount: number, where: string, components: number): void {
  if (accessor.getCount() < vertexCount) {
    throw meshError(where, 0, `${accessor.getCount()} elements for ${vertexCount} vertices`);
  }
  if (accessor.getElementSize() !== components) {
    throw meshError(where, 0, `${accessor.getType()} where ${components} components are expected`);
  }
}

/** An accessor's values as float32, normalised integers decoded (glTF's rules for each type). */
export function floats(accessor: Accessor): Float32Array {
  const array = accessor.getArray()!;
  if (array instanceof Float32Array) return array;
  const out = new Float32Array(array.length);
  if (!accessor.getNormalized()) {
    for (let index = 0; index < array.length; index += 1) out[index] = array[index]!;
    return out;
  }
  const divisor =
    array instanceof Uint8Array ? 255 : array instanceof Uint16Array ? 65535 : array instanceof Int8Array ? 127 : 32767;
  for (let index = 0; index < array.length; index += 1) out[index] = Math.max(array[index]! / divisor, -1);
  return out;
}

/** A well-formed file that cannot make a cape: kind `unsupported` (inspect reports it as a finding). */
function unusable(where: string, detail: string): CodecError {
  return new CodecError({ format: 'gltf', kind: 'unsupported', where, offset: 0, detail });
}

function meshError(where: string, offset: number, detail: string): CodecError {
  return new CodecError({ format: 'gltf', kind: 'invalid', where, offset, detail });
}

/**
 * KF2 → MRF: a mesh of the file, skinned by its Skin chunk to the nodes of the file (the Mesh and
 * Camera chunks' Node sub-chunks, whose object_to_parent matrices are the bind pose), animated by
 * the Keyframe Animation chunks, and baked by the cape baker in Warcraft III's axes (`axes.ts`).
 *
 * Decisions where the spec is silent:
 * - A file's animations: each Keyframe Animation chunk animates one node (its Animation
 *   sub-chunk's object_name). The first chunk of every node makes animation 0, the second of every
 *   node animation 1, and so on (a file with one chunk per node holds one animation). They are
 *   named `animation 0`, `animation 1`…; `--animation` takes that name or the index.
 * - A keyframe's frame_id counts frames at its Animation sub-chunk's fps; the animation runs from
 *   its earliest to its latest keyframe time; the default rate is the fps of its first chunk.
 * - A keyframe's transform replaces its node's object_to_parent. Between keyframes, translation
 *   and scale are interpolated linearly and rotation spherically; outside them the nearest holds.
 * - Geometry is in the mesh node's object space. Skinned, a vertex moves by the weighted sum of
 *   its bones' world(t)·world_bind⁻¹ (a vertex without weights stays at its bind place); unskinned,
 *   the whole mesh follows its node: world(t)·world_bind⁻¹.
 * - The texture path is the mesh's first Polygon Material's material's diffuse texture: its first
 *   file name (else its texture name), as written.
 */
import { CodecError } from '../binary/codec-error';
import { bakeCape, bakeInterval, type BakeOptions, type BakeSource } from '../capes/bake';
import { computeWorldMatrices, createNodeTransforms, parentsFirstOrder } from '../capes/hierarchy';
import { invertMatrix, MATRIX4_SIZE, multiplyMatrices, slerp } from '../capes/math';
import { createSkinScratch, skinVertices } from '../capes/skinning';
import type { MrfFile } from '../mrf/types';
import { decomposeMatrix, kf2MatrixToWarcraft } from './axes';
import { kf2CapeMesh } from './mesh';
import { KF2_MATRIX4X3_FLOATS } from './primitives';
import type { Kf2File, Kf2KeyframeAnimation, Kf2Mesh } from './read';

/** What to bake. */
export interface Kf2ImportOptions {
  /** The mesh's node name or index among the meshes (default the first with geometry and polygons). */
  mesh?: string | number;
  /** `animation N` or N (default 0). */
  animation?: string | number;
  /** Keyframes per second (default the animation's fps). */
  fps?: number;
}

/** One animation of a file: a chunk per animated node. */
export interface Kf2Clip {
  index: number;
  name: string;
  tracks: Kf2KeyframeAnimation[];
  startSeconds: number;
  endSeconds: number;
  fps: number;
}

/** The baked cape and what was decided. */
export interface Kf2Import {
  mrf: MrfFile;
  mesh: { index: number; name: string };
  animation: { index: number; name: string } | undefined;
  startSeconds: number;
  endSeconds: number;
  frameInterval: number;
  warnings: string[];
}

function kf2Error(where: string, detail: string, kind: 'invalid' | 'unsupported' = 'invalid'): CodecError {
  return new CodecError({ format: 'kf2', kind, where, offset: 0, detail });
}

/** The file's animations (see the decisions above). */
export function kf2Clips(file: Kf2File): Kf2Clip[] {
  const seen = new Map<string, number>();
  const clips: Kf2Clip[] = [];
  file.animations.forEach((track, chunk) => {
    const name = track.animation.objectName;
    const index = seen.get(name) ?? 0;
    seen.set(name, index + 1);
    if (!(track.animation.fps > 0)) {
      throw kf2Error(`animations[${chunk}].animation.fps`, `the fps of "${name}" is ${track.animation.fps}`);
    }
    clips[index] ??= {
      index,
      name: `animation ${index}`,
      tracks: [],
      startSeconds: Infinity,
      endSeconds: -Infinity,
      fps: 0,
    };
    const clip = clips[index]!;
    if (clip.tracks.length === 0) clip.fps = track.animation.fps;
    clip.tracks.push(track);
    for (const frame of track.frames) {
      clip.startSeconds = Math.min(clip.startSeconds, frame / track.animation.fps);
      clip.endSeconds = Math.max(clip.endSeconds, frame / track.animation.fps);
    }
  });
  for (const clip of clips) {
    if (clip.startSeconds > clip.endSeconds) clip.startSeconds = clip.endSeconds = 0;
  }
  return clips;
}

function chooseMesh(file: Kf2File, choice: string | number | undefined): number {
  const named = (mesh: Kf2Mesh, index: number) => mesh.node?.name ?? `mesh ${index}`;
  if (choice === undefined) {
    const index = file.meshes.findIndex((mesh) => mesh.geometry && mesh.polygons);
    if (index < 0) throw kf2Error('meshes', 'the file has no mesh with geometry and polygons', 'unsupported');
    return index;
  }
  const byName = file.meshes.findIndex((mesh, index) => named(mesh, index) === String(choice));
  if (byName >= 0) return byName;
  const index = typeof choice === 'number' ? choice : /^\d+$/.test(choice) ? Number(choice) : -1;
  if (Number.isInteger(index) && index >= 0 && index < file.meshes.length) return index;
  const names = file.meshes.map((mesh, at) => `"${named(mesh, at)}"`).join(', ') || 'none';
  throw kf2Error('--mesh', `no mesh ${JSON.stringify(choice)}: the file has ${names}`);
}

function chooseClip(clips: Kf2Clip[], choice: string | number | undefined): Kf2Clip | undefined {
  if (choice === undefined) return clips[0];
  const text = String(choice);
  const found = clips.find((clip) => clip.name === text || String(clip.index) === text);
  if (found) return found;
  const names = clips.map((clip) => `"${clip.name}"`).join(', ') || 'none';
  throw kf2Error('--animation', `no animation ${JSON.stringify(choice)}: the file has ${names}`);
}

/** The texture path of the mesh's first material, if the file has it. */
export function kf2MeshTexture(file: Kf2File, mesh: Kf2Mesh): string | undefined {
  const first = mesh.polygonMaterial?.materials[0];
  if (first === undefined) return undefined;
  for (const list of file.materialLists) {
    const material = list.materials.find((candidate) => candidate.name === first);
    if (material?.diffuseTexture) return material.diffuseTexture.files[0] ?? material.diffuseTexture.name;
  }
  return undefined;
}

/** What a bake and the findings say of a file read by the tagged fallback. */
export const KF2_TAGGED_LAYOUT_NOTE =
  'the file writes a type tag before every value (not the plain layout issue 15 defines): read by the tagged fallback';

/** The cape source of a KF2 mesh, with the bake options and what was decided. */
export function kf2CapeSource(file: Kf2File, options: Kf2ImportOptions = {}) {
  const warnings: string[] = [];
  if (file.layout === 'tagged') warnings.push(KF2_TAGGED_LAYOUT_NOTE);
  const meshIndex = chooseMesh(file, options.mesh);
  const mesh = file.meshes[meshIndex]!;
  const meshName = mesh.node?.name ?? `mesh ${meshIndex}`;
  const cape = kf2CapeMesh(mesh, `meshes[${meshIndex}]("${meshName}")`);
  warnings.push(...cape.warnings);
  const clips = kf2Clips(file);
  const clip = chooseClip(clips, options.animation);
  if (!clip) warnings.push('the file has no keyframe animation: the cape holds its bind pose');

  // Nodes: every Node sub-chunk (meshes, cameras), the first of each name.
  const nodes = [...file.meshes.map((item) => item.node), ...file.cameras.map((camera) => camera.node)].filter(
    (node) => node !== undefined,
  );
  const nodeIndex = new Map<string, number>();
  nodes.forEach((node, index) => {
    if (!nodeIndex.has(node.name)) nodeIndex.set(node.name, index);
  });
  const parents = new Int32Array(nodes.length).fill(-1);
  nodes.forEach((node, index) => {
    if (!node.hasParent && !node.parentName) return;
    const parent = nodeIndex.get(node.parentName);
    if (parent === undefined) warnings.push(`node "${node.name}": its parent "${node.parentName}" is not in the file`);
    else parents[index] = parent;
  });
  const order = parentsFirstOrder(parents, 'kf2', 'nodes');
  const nodeCount = nodes.length;
  const transforms = createNodeTransforms(nodeCount);
  nodes.forEach((node, index) => {
    transforms.fixedMatrix[index] = 1;
    kf2MatrixToWarcraft(node.matrix, 0, transforms.matrices, index * MATRIX4_SIZE);
  });
  const bindWorld = new Float64Array(nodeCount * MATRIX4_SIZE);
  computeWorldMatrices(parents, order, transforms, bindWorld);
  const inverseBind = new Float64Array(nodeCount * MATRIX4_SIZE);
  for (let node = 0; node < nodeCount; node += 1) {
    if (!invertMatrix(bindWorld, node * MATRIX4_SIZE, inverseBind, node * MATRIX4_SIZE)) {
      throw kf2Error(`nodes("${nodes[node]!.name}").object_to_parent`, 'the bind matrix is singular');
    }
  }

  // Tracks of the chosen animation, as TRS keys in Warcraft III's axes.
  const tracks = (clip?.tracks ?? []).flatMap((track) => {
    const node = nodeIndex.get(track.animation.objectName);
    if (node === undefined) {
      warnings.push(`the animation of "${track.animation.objectName}" names no node of the file: ignored`);
      return [];
    }
    const count = track.frames.length;
    const keys = {
      node,
      times: new Float64Array(count),
      t: new Float64Array(count * 3),
      r: new Float64Array(count * 4),
      s: new Float64Array(count * 3),
    };
    const matrix = new Float64Array(MATRIX4_SIZE);
    const order = track.frames.map((_, key) => key).sort((a, b) => track.frames[a]! - track.frames[b]!);
    order.forEach((key, at) => {
      keys.times[at] = track.frames[key]! / track.animation.fps;
      kf2MatrixToWarcraft(track.matrices, key * KF2_MATRIX4X3_FLOATS, matrix, 0);
      decomposeMatrix(matrix, 0, keys.t, at * 3, keys.r, at * 4, keys.s, at * 3);
    });
    return count > 0 ? [keys] : [];
  });

  // Joints: the skin's bones, or the mesh's own node.
  const meshNode = mesh.node ? nodeIndex.get(mesh.node.name)! : -1;
  const skin = file.skins.find((candidate) => candidate.skinObjects.includes(meshName));
  const skinWhere = `skins[${skin ? file.skins.indexOf(skin) : 0}]`;
  const jointNodes = skin
    ? skin.skeletonObjects.map((name, index) => {
        const node = nodeIndex.get(name);
        if (node === undefined)
          throw kf2Error(`${skinWhere}.skeleton_objects[${index}]`, `bone "${name}" is not a node of the file`);
        return node;
      })
    : meshNode >= 0
      ? [meshNode]
      : [];
  const vertexCount = cape.vertexCount;
  let influences = 1;
  const perVertex: { bone: number; weight: number }[][] = Array.from({ length: vertexCount }, () => []);
  if (skin) {
    const geometryToCape = new Map<number, number[]>();
    cape.geometryVertex.forEach((geometry, vertex) =>
      geometryToCape.set(geometry, [...(geometryToCape.get(geometry) ?? []), vertex]),
    );
    const { vertices, bones, weights } = skin.influences;
    vertices.forEach((geometry, index) => {
      const bone = bones[index]!;
      if (!(bone >= 0 && bone < jointNodes.length)) {
        throw kf2Error(
          `${skinWhere}.influences[${index}]`,
          `bone ${bone} is not one of the ${jointNodes.length} skeleton objects`,
        );
      }
      for (const vertex of geometryToCape.get(geometry) ?? [])
        perVertex[vertex]!.push({ bone, weight: weights[index]! });
    });
    influences = Math.max(1, ...perVertex.map((list) => list.length));
  } else if (meshNode >= 0) perVertex.forEach((list) => list.push({ bone: 0, weight: 1 }));
  const joints = new Uint16Array(vertexCount * influences);
  const jointWeights = new Float32Array(vertexCount * influences);
  perVertex.forEach((list, vertex) =>
    list.forEach(({ bone, weight }, slot) => {
      joints[vertex * influences + slot] = bone;
      jointWeights[vertex * influences + slot] = weight;
    }),
  );

  // Rest positions: the geometry carried by the mesh node's bind matrix into model space.
  const restPositions = new Float64Array(vertexCount * 3);
  const restNormals = new Float64Array(vertexCount * 3);
  const identity = {
    joints: new Uint16Array(vertexCount),
    weights: new Float32Array(vertexCount).fill(meshNode >= 0 ? 1 : 0),
    influences: 1,
  };
  const scratch = createSkinScratch();
  skinVertices(
    vertexCount,
    cape.positions,
    cape.normals,
    identity,
    bindWorld.subarray(Math.max(meshNode, 0) * MATRIX4_SIZE),
    restPositions,
    restNormals,
    scratch,
  );

  const world = new Float64Array(nodeCount * MATRIX4_SIZE);
  const jointMatrices = new Float64Array(jointNodes.length * MATRIX4_SIZE);
  const skinInfluences = { joints, weights: jointWeights, influences };
  const source: BakeSource = {
    vertexCount,
    faces: cape.faces,
    uvs: cape.uvs,
    texturePath: kf2MeshTexture(file, mesh) ?? '',
    sample(timeSeconds, outPositions, outNormals) {
      for (const keys of tracks) poseTrack(keys, timeSeconds, transforms);
      computeWorldMatrices(parents, order, transforms, world);
      jointNodes.forEach((node, joint) =>
        multiplyMatrices(
          world,
          node * MATRIX4_SIZE,
          inverseBind,
          node * MATRIX4_SIZE,
          jointMatrices,
          joint * MATRIX4_SIZE,
        ),
      );
      skinVertices(
        vertexCount,
        restPositions,
        restNormals,
        skinInfluences,
        jointMatrices,
        outPositions,
        outNormals,
        scratch,
      );
    },
  };
  if (!source.texturePath) warnings.push(`mesh "${meshName}": no texture found for its first material`);
  const bake: BakeOptions = {
    startSeconds: clip?.startSeconds ?? 0,
    endSeconds: clip?.endSeconds ?? 0,
    fps: options.fps ?? (clip?.fps || 30),
  };
  const animation = clip ? { index: clip.index, name: clip.name } : undefined;
  return { source, bake, mesh: { index: meshIndex, name: meshName }, animation, warnings };
}

interface TrackKeys {
  node: number;
  times: Float64Array;
  t: Float64Array;
  r: Float64Array;
  s: Float64Array;
}

/** Sets the node's TRS from its keys at `time`. */
function poseTrack(keys: TrackKeys, time: number, transforms: ReturnType<typeof createNodeTransforms>): void {
  const { node, times } = keys;
  transforms.fixedMatrix[node] = 0;
  let key = 0;
  while (key + 1 < times.length && times[key + 1]! <= time) key += 1;
  const next = key + 1 < times.length && time > times[key]! ? key + 1 : key;
  const t = next === key ? 0 : (time - times[key]!) / (times[next]! - times[key]!);
  for (let axis = 0; axis < 3; axis += 1) {
    transforms.translations[node * 3 + axis] = keys.t[key * 3 + axis]! * (1 - t) + keys.t[next * 3 + axis]! * t;
    transforms.scales[node * 3 + axis] = keys.s[key * 3 + axis]! * (1 - t) + keys.s[next * 3 + axis]! * t;
  }
  slerp(keys.r, key * 4, keys.r, next * 4, t, transforms.rotations, node * 4);
}

/** Bakes a KF2 mesh into an MRF (defaults: the first mesh with a surface, animation 0, its fps). */
export function kf2ToMrf(file: Kf2File, options: Kf2ImportOptions = {}): Kf2Import {
  const prepared = kf2CapeSource(file, options);
  const mrf = bakeCape(prepared.source, prepared.bake);
  return {
    mrf,
    mesh: prepared.mesh,
    animation: prepared.animation,
    startSeconds: prepared.bake.startSeconds,
    endSeconds: prepared.bake.endSeconds,
    frameInterval: bakeInterval(prepared.bake),
    warnings: prepared.warnings,
  };
}

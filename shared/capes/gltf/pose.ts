/**
 * Posing the merged glTF mesh at a time: the chosen animation's channels set node translations,
 * rotations, scales and morph weights; world matrices follow the hierarchy; each part is morphed,
 * then skinned (joint world × inverse bind matrix — the mesh node's own transform is ignored, as
 * glTF says) or moved by its node's world matrix, and finally brought into MRF's axes and scale.
 * Everything a frame needs is allocated once, when the poser is made.
 */
import type { Accessor, Animation } from '@gltf-transform/core';
import { CodecError } from '../../binary/codec-error';
import { computeWorldMatrices, createNodeTransforms, parentsFirstOrder } from '../hierarchy';
import { sampleTrack, trackTimeRange, type KeyframeTrack } from '../interpolation';
import { MATRIX4_SIZE, multiplyMatrices, normalMatrix } from '../math';
import { applyMorphTargets } from '../morph';
import { computeVertexNormals } from '../normals';
import { createSkinScratch, skinVertices } from '../skinning';
import { gltfToMrfAxes } from './axes';
import { floats, type CapeMesh } from './mesh';
import { accessorElementWhere } from './checks';
import type { GltfFile } from './read';

/** The node property a channel animates. */
export type ChannelPath = 'translation' | 'rotation' | 'scale' | 'weights';

/** One animation channel as a track on a node. */
export interface ChannelTrack {
  node: number;
  path: ChannelPath;
  track: KeyframeTrack;
}

/** The animation chosen for baking, its tracks and its key time range. */
export interface ChosenAnimation {
  index: number;
  name: string;
  tracks: ChannelTrack[];
  /** First and last key time over its channels. */
  startSeconds: number;
  endSeconds: number;
  warnings: string[];
}

/**
 * The animation `selector` names — by name first, else by index (a number or digits) — or the
 * first one. No animation at all, or none by that name or index, is a CodecError saying what to do.
 */
export function chooseAnimation(file: GltfFile, selector?: string | number): ChosenAnimation {
  const animations = file.document.getRoot().listAnimations();
  const names = animations.map((animation, index) => animation.getName() || `#${index}`);
  if (animations.length === 0) {
    throw new CodecError({
      format: 'gltf',
      kind: 'unsupported',
      where: 'animations',
      offset: 0,
      detail:
        'the file has no animation: animate the cape (shape keys, an armature or object transforms) and export ' +
        'it with animations included',
    });
  }
  let index = 0;
  if (selector !== undefined) {
    const byName =
      typeof selector === 'string' ? animations.findIndex((animation) => animation.getName() === selector) : -1;
    const asNumber = typeof selector === 'number' ? selector : /^\d+$/.test(selector) ? Number(selector) : -1;
    index = byName >= 0 ? byName : asNumber;
    if (!(index >= 0 && index < animations.length)) {
      throw new CodecError({
        format: 'gltf',
        kind: 'invalid',
        where: 'animations',
        offset: 0,
        detail: `no animation ${JSON.stringify(String(selector))}; the file has ${names
          .map((name, at) => `${at}: ${name}`)
          .join(', ')}`,
      });
    }
  }
  const animation = animations[index]!;
  const { tracks, warnings } = channelTracks(file, animation, index);
  const [startSeconds, endSeconds] = trackTimeRange(tracks.map((channel) => channel.track));
  return { index, name: animation.getName(), tracks, startSeconds, endSeconds, warnings };
}

const PATH_COMPONENTS: Record<Exclude<ChannelPath, 'weights'>, number> = { translation: 3, rotation: 4, scale: 3 };

function channelTracks(file: GltfFile, animation: Animation, animationIndex: number) {
  const root = file.document.getRoot();
  const nodeIndex = new Map(root.listNodes().map((node, index) => [node, index]));
  const accessorIndex = new Map(root.listAccessors().map((accessor, index) => [accessor, index]));
  const tracks: ChannelTrack[] = [];
  const warnings: string[] = [];
  animation.listChannels().forEach((channel, channelIndex) => {
    const where = `animations[${animationIndex}].channels[${channelIndex}]`;
    const node = channel.getTargetNode();
    const path = channel.getTargetPath();
    const sampler = channel.getSampler()!;
    if (!node) return;
    if (path !== 'translation' && path !== 'rotation' && path !== 'scale' && path !== 'weights') {
      warnings.push(`${where}: the ${path} channel is not baked`);
      return;
    }
    const input = sampler.getInput()!;
    const output = sampler.getOutput()!;
    const interpolation = sampler.getInterpolation();
    const times = input.getArray() as Float32Array;
    checkTimes(file, times, accessorIndex.get(input)!, where);
    const values = floats(output);
    const perKey = interpolation === 'CUBICSPLINE' ? 3 : 1;
    const components =
      path === 'weights'
        ? values.length / (times.length * perKey)
        : PATH_COMPONENTS[path as Exclude<ChannelPath, 'weights'>];
    const targetCount = node.getMesh()?.listPrimitives()[0]?.listTargets().length ?? 0;
    if (path === 'weights' && components !== targetCount) {
      if (!node.getMesh()) return;
      throw countError(
        accessorIndex.get(output)!,
        where,
        `${values.length} weights for ${times.length} keys of ${targetCount} morph targets`,
      );
    }
    if (values.length < times.length * perKey * components) {
      throw countError(
        accessorIndex.get(output)!,
        where,
        `${values.length} values for ${times.length} keys of ${components}`,
      );
    }
    tracks.push({
      node: nodeIndex.get(node)!,
      path,
      track: { times, values, components, interpolation, quaternion: path === 'rotation' },
    });
  });
  return { tracks, warnings };
}

function checkTimes(file: GltfFile, times: Float32Array, accessor: number, where: string): void {
  for (let key = 0; key < times.length; key += 1) {
    const time = times[key]!;
    if (Number.isFinite(time) && (key === 0 || time >= times[key - 1]!)) continue;
    const location = file.layout.locate(accessor, key);
    throw new CodecError({
      format: 'gltf',
      kind: 'invalid',
      where: accessorElementWhere(accessor, key, `${where} key times`, location),
      offset: location.offset,
      detail: Number.isFinite(time)
        ? `key time ${time} comes before the previous ${times[key - 1]}`
        : `key time ${time}`,
    });
  }
}

function countError(accessor: number, where: string, detail: string): CodecError {
  return new CodecError({
    format: 'gltf',
    kind: 'invalid',
    where: `accessors[${accessor}] (${where} output)`,
    offset: 0,
    detail,
  });
}

/**
 * A function that poses `mesh` at a time into MRF-axis positions and normals (3 per merged vertex),
 * multiplied by `scale`; the BakeSource's `sample`.
 */
export function createPoser(
  file: GltfFile,
  mesh: CapeMesh,
  tracks: readonly ChannelTrack[],
  scale: number,
): (timeSeconds: number, positions: Float32Array, normals: Float32Array) => void {
  const root = file.document.getRoot();
  const nodes = root.listNodes();
  const nodeIndex = new Map(nodes.map((node, index) => [node, index]));
  const parents = new Int32Array(nodes.length);
  nodes.forEach((node, index) => {
    const parent = node.getParentNode();
    parents[index] = parent ? nodeIndex.get(parent)! : -1;
  });
  const order = parentsFirstOrder(parents, 'gltf');
  const base = createNodeTransforms(nodes.length);
  nodes.forEach((node, index) => {
    base.translations.set(node.getTranslation(), index * 3);
    base.rotations.set(node.getRotation(), index * 4);
    base.scales.set(node.getScale(), index * 3);
  });
  const transforms = createNodeTransforms(nodes.length);
  const world = new Float64Array(nodes.length * MATRIX4_SIZE);

  // Morph weights per mesh node: the node's, else its mesh's, else zeros; animated by `weights` channels.
  const weightsByNode: (Float64Array | undefined)[] = new Array(nodes.length);
  const weightSlots: { initial: Float64Array; current: Float64Array }[] = [];
  for (const part of mesh.parts) {
    if (weightsByNode[part.node]) continue;
    const node = nodes[part.node]!;
    const defaults = node.getWeights().length ? node.getWeights() : node.getMesh()!.getWeights();
    const initial = new Float64Array(part.positionTargets.length);
    initial.set(defaults.slice(0, initial.length));
    const current = new Float64Array(initial.length);
    weightsByNode[part.node] = current;
    weightSlots.push({ initial, current });
  }

  // Joint matrices per skin: joint world × inverse bind matrix.
  const skins = root.listSkins().map((skin) => {
    const joints = Int32Array.from(skin.listJoints(), (joint) => nodeIndex.get(joint)!);
    const inverseBind = new Float64Array(joints.length * MATRIX4_SIZE);
    const accessor: Accessor | null = skin.getInverseBindMatrices();
    if (accessor) inverseBind.set(floats(accessor).subarray(0, inverseBind.length));
    else
      for (let joint = 0; joint < joints.length; joint += 1)
        for (const at of [0, 5, 10, 15]) inverseBind[joint * 16 + at] = 1;
    return { joints, inverseBind, matrices: new Float64Array(joints.length * MATRIX4_SIZE) };
  });
  const usedSkins = [...new Set(mesh.parts.map((part) => part.skin).filter((skin) => skin >= 0))];

  const largest = Math.max(...mesh.parts.map((part) => part.vertexCount));
  const morphedPositions = new Float32Array(largest * 3);
  const morphedNormals = new Float32Array(largest * 3);
  const posedPositions = new Float64Array(largest * 3);
  const posedNormals = new Float64Array(largest * 3);
  const normalTransform = new Float64Array(9);
  const skinScratch = createSkinScratch();
  const computedNormals = mesh.parts.some((part) => !part.normals) ? new Float32Array(mesh.vertexCount * 3) : null;

  return (timeSeconds, positions, normals) => {
    // Key times are float32: rounding the time alike makes a keyframe's time hit its key exactly.
    const time = Math.fround(timeSeconds);
    transforms.translations.set(base.translations);
    transforms.rotations.set(base.rotations);
    transforms.scales.set(base.scales);
    for (const slot of weightSlots) slot.current.set(slot.initial);
    for (const { node, path, track } of tracks) {
      if (path === 'translation') sampleTrack(track, time, transforms.translations, node * 3);
      else if (path === 'rotation') sampleTrack(track, time, transforms.rotations, node * 4);
      else if (path === 'scale') sampleTrack(track, time, transforms.scales, node * 3);
      else {
        const target = weightsByNode[node];
        if (target) sampleTrack(track, time, target, 0);
      }
    }
    computeWorldMatrices(parents, order, transforms, world);
    for (const skinIndex of usedSkins) {
      const skin = skins[skinIndex]!;
      for (let joint = 0; joint < skin.joints.length; joint += 1) {
        multiplyMatrices(
          world,
          skin.joints[joint]! * MATRIX4_SIZE,
          skin.inverseBind,
          joint * 16,
          skin.matrices,
          joint * 16,
        );
      }
    }
    for (const part of mesh.parts) {
      const count = part.vertexCount * 3;
      const partWeights = weightsByNode[part.node]!;
      let partPositions: Float32Array = part.positions;
      let partNormals: Float32Array | null = part.normals;
      if (part.positionTargets.length) {
        applyMorphTargets(part.positions, part.positionTargets, partWeights, morphedPositions, count);
        partPositions = morphedPositions;
        if (part.normals) {
          applyMorphTargets(part.normals, part.normalTargets, partWeights, morphedNormals, count);
          partNormals = morphedNormals;
        }
      }
      if (part.influences && part.skin >= 0) {
        skinVertices(
          part.vertexCount,
          partPositions,
          partNormals,
          part.influences,
          skins[part.skin]!.matrices,
          posedPositions,
          partNormals ? posedNormals : null,
          skinScratch,
        );
      } else {
        transformPart(
          world,
          part.node * MATRIX4_SIZE,
          part.vertexCount,
          partPositions,
          partNormals,
          posedPositions,
          posedNormals,
          normalTransform,
        );
      }
      for (let vertex = 0; vertex < part.vertexCount; vertex += 1) {
        const at = (part.vertexStart + vertex) * 3;
        gltfToMrfAxes(posedPositions, vertex * 3, positions, at, scale);
        if (partNormals) gltfToMrfAxes(posedNormals, vertex * 3, normals, at);
      }
    }
    if (computedNormals) {
      computeVertexNormals(positions, mesh.faces, mesh.vertexCount, computedNormals);
      for (const part of mesh.parts) {
        if (part.normals) continue;
        const start = part.vertexStart * 3;
        normals.set(computedNormals.subarray(start, start + part.vertexCount * 3), start);
      }
    }
  };
}

function transformPart(
  world: Float64Array,
  at: number,
  vertexCount: number,
  positions: Float32Array,
  normals: Float32Array | null,
  outPositions: Float64Array,
  outNormals: Float64Array,
  normalTransform: Float64Array,
): void {
  const m = world;
  for (let vertex = 0; vertex < vertexCount; vertex += 1) {
    const p = vertex * 3;
    const x = positions[p]!;
    const y = positions[p + 1]!;
    const z = positions[p + 2]!;
    outPositions[p] = m[at]! * x + m[at + 4]! * y + m[at + 8]! * z + m[at + 12]!;
    outPositions[p + 1] = m[at + 1]! * x + m[at + 5]! * y + m[at + 9]! * z + m[at + 13]!;
    outPositions[p + 2] = m[at + 2]! * x + m[at + 6]! * y + m[at + 10]! * z + m[at + 14]!;
  }
  if (!normals) return;
  normalMatrix(world, at, normalTransform, 0);
  const n = normalTransform;
  for (let vertex = 0; vertex < vertexCount; vertex += 1) {
    const p = vertex * 3;
    const x = normals[p]!;
    const y = normals[p + 1]!;
    const z = normals[p + 2]!;
    outNormals[p] = n[0]! * x + n[3]! * y + n[6]! * z;
    outNormals[p + 1] = n[1]! * x + n[4]! * y + n[7]! * z;
    outNormals[p + 2] = n[2]! * x + n[5]! * y + n[8]! * z;
  }
}

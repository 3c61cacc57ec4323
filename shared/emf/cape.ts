/**
 * EMF → MRF: the mesh of an EMF set, each vertex carried rigidly by its bone over the chosen
 * animation and baked by the cape baker. The conventions (axes, time, Euler order, bind pose,
 * V flip) are those written at the top of `read.ts`.
 */
import { CodecError } from '../binary/codec-error';
import { bakeCape, bakeInterval, type BakeOptions, type BakeSource } from '../capes/bake';
import { composeTrs, invertMatrix, MATRIX4_SIZE, multiplyMatrices, setIdentity, slerp } from '../capes/math';
import { createSkinScratch, skinVertices } from '../capes/skinning';
import { MRF_ADDRESSABLE_VERTEX_COUNT } from '../mrf/layout';
import type { MrfFile } from '../mrf/types';
import { shareCorners } from './corners';
import {
  emfPartNames,
  readEmfKeyframes,
  readEmfManifest,
  readEmfMesh,
  readEmfSkeleton,
  type EmfKeyframes,
  type EmfManifest,
  type EmfMesh,
  type EmfSkeleton,
} from './read';

/** An EMF set: the manifest and the parts read so far. */
export interface EmfSet {
  manifestName: string;
  manifest: EmfManifest;
  mesh: EmfMesh;
  skeleton: EmfSkeleton;
  /** Keyframes by animation name (only those read). */
  animations: Map<string, EmfKeyframes>;
}

/** What to bake. */
export interface EmfImportOptions {
  /** The animation's name or index (default the first). */
  animation?: string | number;
  /** The animation whose first keyframes are the bind pose, by name or index (default the first). */
  bind?: string | number;
  /** Keyframes per second (default the manifest's nFramerate). */
  fps?: number;
}

/** The baked cape and what was decided. */
export interface EmfImport {
  mrf: MrfFile;
  animation: { index: number; name: string };
  bind: { index: number; name: string };
  startSeconds: number;
  endSeconds: number;
  frameInterval: number;
  warnings: string[];
}

function emfError(where: string, detail: string, kind: 'invalid' | 'unsupported' = 'invalid'): CodecError {
  return new CodecError({ format: 'emf', kind, where, offset: 0, detail });
}

/** The index of the manifest animation `choice` names (a name, an index, or digits); default 0. */
export function chooseEmfAnimation(manifest: EmfManifest, choice: string | number | undefined, option: string): number {
  if (manifest.animations.length === 0) {
    throw emfError('manifest.nAnimations', 'the manifest names no animation: there is nothing to bake', 'unsupported');
  }
  if (choice === undefined) return 0;
  const byName = manifest.animations.indexOf(String(choice));
  if (byName >= 0) return byName;
  const index = typeof choice === 'number' ? choice : /^\d+$/.test(choice) ? Number(choice) : -1;
  if (Number.isInteger(index) && index >= 0 && index < manifest.animations.length) return index;
  throw emfError(
    option,
    `no animation ${JSON.stringify(choice)}: the manifest names ` +
      manifest.animations.map((name) => `"${name}"`).join(', '),
  );
}

/**
 * Reads an EMF set through `readPart` (the bytes of a part by its file name, beside the
 * manifest): the mesh, the skeleton and the animations named in `animations` (default all).
 */
export async function loadEmfSet(
  manifestBytes: Uint8Array,
  manifestName: string,
  readPart: (name: string) => Promise<Uint8Array>,
  animations?: readonly string[],
): Promise<EmfSet> {
  const manifest = readEmfManifest(manifestBytes, manifestName);
  const names = emfPartNames(manifestName);
  const mesh = readEmfMesh(await readPart(names.vertices), names.vertices);
  const skeleton = readEmfSkeleton(await readPart(names.skeleton), names.skeleton);
  const read = new Map<string, EmfKeyframes>();
  for (const name of animations ?? manifest.animations) {
    if (read.has(name)) continue;
    const part = emfPartNames(manifestName, name).animation;
    read.set(name, readEmfKeyframes(await readPart(part), part));
  }
  return { manifestName, manifest, mesh, skeleton, animations: read };
}

/** Per bone: its keyframes in time order as translation and quaternion tracks. */
interface BoneTracks {
  /** Start of each bone's keys in `times` (bone count + 1 entries). */
  starts: Int32Array;
  times: Float64Array;
  translations: Float64Array;
  rotations: Float64Array;
}

/** The quaternion of R = Rz·Ry·Rx (fixed axes X, then Y, then Z), written at `offset` of `out`. */
export function eulerToQuaternion(rx: number, ry: number, rz: number, out: Float64Array, offset: number): void {
  const cx = Math.cos(rx / 2),
    sx = Math.sin(rx / 2);
  const cy = Math.cos(ry / 2),
    sy = Math.sin(ry / 2);
  const cz = Math.cos(rz / 2),
    sz = Math.sin(rz / 2);
  out[offset] = cz * cy * sx - sz * cx * sy;
  out[offset + 1] = cz * cx * sy + sz * cy * sx;
  out[offset + 2] = sz * cx * cy - cz * sx * sy;
  out[offset + 3] = cz * cx * cy + sz * sx * sy;
}

function boneTracks(keyframes: EmfKeyframes, boneIndex: Map<number, number>, boneCount: number, part: string) {
  const order: number[] = [];
  for (let key = 0; key < keyframes.count; key += 1) {
    if (!boneIndex.has(keyframes.bones[key]!)) {
      throw emfError(`${part}:keyframes[${key}].iBone`, `bone ${keyframes.bones[key]} is not in the skeleton`);
    }
    order.push(key);
  }
  // By bone, then by time (a stable sort keeps the file's order among equal times).
  order.sort(
    (a, b) =>
      boneIndex.get(keyframes.bones[a]!)! - boneIndex.get(keyframes.bones[b]!)! ||
      keyframes.times[a]! - keyframes.times[b]!,
  );
  const tracks: BoneTracks = {
    starts: new Int32Array(boneCount + 1),
    times: new Float64Array(order.length),
    translations: new Float64Array(order.length * 3),
    rotations: new Float64Array(order.length * 4),
  };
  order.forEach((key, at) => {
    tracks.starts[boneIndex.get(keyframes.bones[key]!)! + 1]! += 1;
    tracks.times[at] = keyframes.times[key]!;
    const value = key * 6;
    tracks.translations.set(keyframes.values.subarray(value, value + 3), at * 3);
    const v = keyframes.values;
    eulerToQuaternion(v[value + 3]!, v[value + 4]!, v[value + 5]!, tracks.rotations, at * 4);
  });
  for (let bone = 0; bone < boneCount; bone += 1) tracks.starts[bone + 1]! += tracks.starts[bone]!;
  return tracks;
}

const UNIT_SCALE = [1, 1, 1];

/** Writes bone `bone`'s model-space matrix at `frame` into `out` at `offset`; false when it has no key. */
function sampleBone(
  tracks: BoneTracks,
  bone: number,
  frame: number,
  out: Float64Array,
  offset: number,
  scratch: Float64Array,
): boolean {
  const first = tracks.starts[bone]!;
  const end = tracks.starts[bone + 1]!;
  if (first === end) return false;
  let key = first;
  while (key + 1 < end && tracks.times[key + 1]! <= frame) key += 1;
  const next = key + 1 < end && frame > tracks.times[key]! ? key + 1 : key;
  if (next === key) {
    composeTrs(tracks.translations, tracks.rotations, UNIT_SCALE, out, offset, key * 3, key * 4);
    return true;
  }
  const t = (frame - tracks.times[key]!) / (tracks.times[next]! - tracks.times[key]!);
  for (let axis = 0; axis < 3; axis += 1) {
    scratch[axis] = tracks.translations[key * 3 + axis]! * (1 - t) + tracks.translations[next * 3 + axis]! * t;
  }
  slerp(tracks.rotations, key * 4, tracks.rotations, next * 4, t, scratch, 3);
  composeTrs(scratch, scratch, UNIT_SCALE, out, offset, 0, 3);
  return true;
}

/** The cape source of an EMF set, with the bake options and what was decided. */
export function emfCapeSource(
  set: EmfSet,
  options: EmfImportOptions = {},
): {
  source: BakeSource;
  bake: BakeOptions;
  animation: EmfImport['animation'];
  bind: EmfImport['bind'];
  warnings: string[];
} {
  const { manifest, mesh, skeleton } = set;
  const warnings: string[] = [];
  if (!(manifest.framerate > 0)) {
    throw emfError(`${set.manifestName}:nFramerate`, 'the frame rate is 0: keyframe times cannot be placed');
  }
  const animationIndex = chooseEmfAnimation(manifest, options.animation, '--animation');
  const bindIndex = chooseEmfAnimation(manifest, options.bind, '--bind');
  const animationName = manifest.animations[animationIndex]!;
  const bindName = manifest.animations[bindIndex]!;
  const boneIndex = new Map<number, number>();
  skeleton.ids.forEach((id, index) => {
    if (!boneIndex.has(id)) boneIndex.set(id, index);
  });
  const boneCount = skeleton.ids.length;
  const parts = (name: string) => emfPartNames(set.manifestName, name).animation;
  const keyframesOf = (name: string) => {
    const found = set.animations.get(name);
    if (!found) throw emfError(parts(name), 'this animation was not read');
    return found;
  };
  const tracks = boneTracks(keyframesOf(animationName), boneIndex, boneCount, parts(animationName));
  const bindTracks = boneTracks(keyframesOf(bindName), boneIndex, boneCount, parts(bindName));

  // Vertices: the corners, identical ones shared (MRF faces are uint16).
  const corners = mesh.triangleCount * 3;
  const vertexPart = emfPartNames(set.manifestName).vertices;
  const cornerBones = new Int32Array(corners);
  for (let corner = 0; corner < corners; corner += 1) {
    const bone = boneIndex.get(mesh.bones[corner]!);
    if (bone === undefined) {
      throw emfError(
        `${vertexPart}:triangles[${Math.floor(corner / 3)}].vertices[${corner % 3}].iBone`,
        `bone ${mesh.bones[corner]} is not in the skeleton (${boneCount} bones)`,
      );
    }
    cornerBones[corner] = bone;
  }
  const shared = shareCorners(
    cornerBones,
    mesh.positions,
    mesh.normals,
    mesh.uvs,
    MRF_ADDRESSABLE_VERTEX_COUNT,
    () =>
      new CodecError({
        format: 'emf',
        kind: 'limit',
        where: `${vertexPart}:nTriangles`,
        offset: 0,
        detail: `the mesh has more than ${MRF_ADDRESSABLE_VERTEX_COUNT} distinct vertices; an MRF addresses no more`,
      }),
  );
  const vertexCount = shared.vertexCount;
  const faces = Uint16Array.from(shared.faces);
  const joints = new Uint16Array(vertexCount);
  const restPositions = new Float32Array(vertexCount * 3);
  const restNormals = new Float32Array(vertexCount * 3);
  const uvs = new Float32Array(vertexCount * 2);
  shared.firstCorner.forEach((corner, vertex) => {
    joints[vertex] = cornerBones[corner]!;
    restPositions.set(mesh.positions.subarray(corner * 3, corner * 3 + 3), vertex * 3);
    restNormals.set(mesh.normals.subarray(corner * 3, corner * 3 + 3), vertex * 3);
    uvs[vertex * 2] = mesh.uvs[corner * 2]!;
    uvs[vertex * 2 + 1] = 1 - mesh.uvs[corner * 2 + 1]!;
  });

  // Bind matrices and their inverses, once.
  const inverseBind = new Float64Array(boneCount * MATRIX4_SIZE);
  const scratch = new Float64Array(7);
  const missingBind: string[] = [];
  const usedBones = new Set(joints);
  for (let bone = 0; bone < boneCount; bone += 1) {
    const at = bone * MATRIX4_SIZE;
    if (!sampleBone(bindTracks, bone, -Infinity, inverseBind, at, scratch)) {
      setIdentity(inverseBind, at);
      if (usedBones.has(bone)) missingBind.push(skeleton.names[bone] || String(skeleton.ids[bone]));
    }
    invertMatrix(inverseBind, at, inverseBind, at);
  }
  if (missingBind.length) {
    warnings.push(`no keyframe in "${bindName}" for bone ${missingBind.join(', ')}: its bind pose is the identity`);
  }

  const keyTimes = keyframesOf(animationName).times;
  let firstFrame = Infinity;
  let lastFrame = -Infinity;
  for (const time of keyTimes) {
    if (time < firstFrame) firstFrame = time;
    if (time > lastFrame) lastFrame = time;
  }
  if (keyTimes.length === 0) {
    firstFrame = 0;
    lastFrame = 0;
    warnings.push(`the animation "${animationName}" has no keyframe: the cape holds the bind pose`);
  }

  const jointMatrices = new Float64Array(boneCount * MATRIX4_SIZE);
  const skin = { joints, weights: new Float32Array(vertexCount).fill(1), influences: 1 };
  const skinScratch = createSkinScratch();
  const source: BakeSource = {
    vertexCount,
    faces,
    uvs,
    texturePath: manifest.material,
    sample(timeSeconds, outPositions, outNormals) {
      const frame = timeSeconds * manifest.framerate;
      for (let bone = 0; bone < boneCount; bone += 1) {
        const at = bone * MATRIX4_SIZE;
        if (sampleBone(tracks, bone, frame, jointMatrices, at, scratch)) {
          multiplyMatrices(jointMatrices, at, inverseBind, at, jointMatrices, at);
        } else setIdentity(jointMatrices, at);
      }
      skinVertices(vertexCount, restPositions, restNormals, skin, jointMatrices, outPositions, outNormals, skinScratch);
    },
  };
  const bake: BakeOptions = {
    startSeconds: firstFrame / manifest.framerate,
    endSeconds: lastFrame / manifest.framerate,
    fps: options.fps ?? manifest.framerate,
  };
  return {
    source,
    bake,
    animation: { index: animationIndex, name: animationName },
    bind: { index: bindIndex, name: bindName },
    warnings,
  };
}

/** Bakes an EMF set into an MRF (defaults: the first animation, bound by the first, at nFramerate). */
export function emfToMrf(set: EmfSet, options: EmfImportOptions = {}): EmfImport {
  const prepared = emfCapeSource(set, options);
  const mrf = bakeCape(prepared.source, prepared.bake);
  return {
    mrf,
    animation: prepared.animation,
    bind: prepared.bind,
    startSeconds: prepared.bake.startSeconds,
    endSeconds: prepared.bake.endSeconds,
    frameInterval: bakeInterval(prepared.bake),
    warnings: prepared.warnings,
  };
}

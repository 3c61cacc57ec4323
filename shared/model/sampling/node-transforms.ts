/**
 * Every node's world matrix at a sample time, down the hierarchy, in one pass into preallocated arrays (no
 * allocation per update).
 *
 * A node's local transform turns about its pivot (PIVT, by objectId; the origin when missing): translate by
 * pivot + translation, rotate, scale, translate by −pivot (KGTR, KGRT, KGSC sampled by track-sampler.ts; identity
 * without keys). Its world matrix is its parent's world matrix times its local one. Matrices are 4×4, column major
 * (as WebGL and three.js read them). Alongside each world matrix the pass keeps the node's world rotation
 * (parent's × own) and world scale (parent's × own, per axis), which the flags below need.
 *
 * Flags (shared/mdx/node.ts NODE_FLAG):
 * - Don't inherit scaling (0x4): the local scale is divided by the parent's world scale, so the node keeps its
 *   own (Retera's Model Studio and mdx-m3-viewer do the same).
 * - Don't inherit rotation (0x2): the local rotation is preceded by the inverse of the parent's world rotation.
 * - Don't inherit translation (0x1): the pivot does not follow the parent: the world matrix is moved by
 *   pivot − parentWorld(pivot), so only the node's own translation (turned by the parent) moves it.
 * - Billboarded (0x8): the node's world rotation becomes the camera's, with the model's +X towards the viewer,
 *   +Y to the right and +Z up (a plane in the model's YZ plane faces the camera), then its own rotation.
 * - Billboarded lock X / Y / Z (0x10 / 0x20 / 0x40): the node turns about that one local axis only, as far as it
 *   can towards the viewer: +X faces the camera for locks Y and Z, +Y for lock X. Lock X also mirrors the node's
 *   local Z, as the game does (Retera's finding in the MDX specification thread).
 * Billboards need the camera: pass its orientation to {@link updateNodeTransforms} each frame; without one they
 * face +X (the camera of the game's portraits), which leaves them as modelled.
 * A node whose parent is missing, or whose parents loop back to it, is a root.
 */
import { NODE_FLAG } from '../../mdx/node';
import { findParsedChunk, type TypedMdxModel } from '../mdx-model';
import { type ModelNodeEntry, modelNodes } from '../model-nodes';
import { findTrack, type Track } from '../track';
import {
  axisAngleQuaternion,
  conjugateQuaternion,
  multiplyQuaternions,
  normalizeQuaternion,
  rotateVector,
} from './quaternion';
import type { SampleTime } from './sample-time';
import { TrackCursors } from './track-cursor';
import { timeOrdered } from './track-sampler';

/** Floats per world matrix. */
export const MATRIX_FLOATS = 16;

/** The camera billboards turn to: its orientation (x, y, z, w) taking camera axes (x right, y up, z towards the
 * viewer) to model axes. */
export interface BillboardCamera {
  readonly rotation: ArrayLike<number>;
}

/** The nodes of a model and their transforms at the last update. Make with {@link createNodeTransforms}. */
export interface NodeTransforms {
  readonly count: number;
  /** The node objects in file order (node index = position here). */
  readonly nodes: readonly ModelNodeEntry[];
  readonly objectIds: Int32Array;
  /** Parent node index, −1 for roots. */
  readonly parents: Int32Array;
  /** Node indices with every parent before its children. */
  readonly order: Int32Array;
  /** x, y, z per node. */
  readonly pivots: Float32Array;
  readonly flags: Uint32Array;
  /** The node tracks, in time order (see track-sampler.ts timeOrdered). */
  readonly translations: readonly (Track | null)[];
  readonly rotations: readonly (Track | null)[];
  readonly scalings: readonly (Track | null)[];
  /** The per-frame sampler of those tracks: node i's translation, rotation and scaling are slots 3i, 3i+1, 3i+2. */
  readonly cursors: TrackCursors;
  /** 16 floats per node, column major. */
  readonly worldMatrices: Float32Array;
  /** x, y, z, w per node. */
  readonly worldRotations: Float32Array;
  /** x, y, z per node. */
  readonly worldScales: Float32Array;
  /** The node index of an objectId, or −1. */
  nodeIndexOf(objectId: number): number;
}

const BILLBOARD_FLAGS =
  NODE_FLAG.billboarded | NODE_FLAG.billboardedLockX | NODE_FLAG.billboardedLockY | NODE_FLAG.billboardedLockZ;

/** Reads the hierarchy of a typed model (once per model: the update reuses everything made here). */
export function createNodeTransforms(model: Pick<TypedMdxModel, 'chunks'>): NodeTransforms {
  const nodes = modelNodes(model);
  const count = nodes.length;
  const pivotFloats = findParsedChunk(model, 'PIVT');
  const objectIds = new Int32Array(count);
  const indexByObjectId = new Map<number, number>();
  nodes.forEach((entry, index) => {
    objectIds[index] = entry.object.node.objectId;
    if (!indexByObjectId.has(entry.object.node.objectId)) indexByObjectId.set(entry.object.node.objectId, index);
  });
  const parents = new Int32Array(count);
  const pivots = new Float32Array(count * 3);
  const flags = new Uint32Array(count);
  nodes.forEach((entry, index) => {
    const node = entry.object.node;
    const parent = node.parentId >= 0 ? indexByObjectId.get(node.parentId) : undefined;
    parents[index] = parent === undefined || parent === index ? -1 : parent;
    flags[index] = node.flags;
    const pivot = node.objectId * 3;
    if (pivotFloats && node.objectId >= 0 && pivot + 3 <= pivotFloats.length)
      pivots.set(pivotFloats.subarray(pivot, pivot + 3), index * 3);
  });
  const order = parentFirstOrder(parents);
  const tracks = (tag: string) =>
    nodes.map((entry) => {
      const track = findTrack(entry.object.node.tracks, tag);
      return track ? timeOrdered(track) : null;
    });
  const worldRotations = new Float32Array(count * 4);
  for (let index = 0; index < count; index += 1) worldRotations[index * 4 + 3] = 1;
  const worldMatrices = new Float32Array(count * MATRIX_FLOATS);
  for (let index = 0; index < count; index += 1)
    for (let diagonal = 0; diagonal < 4; diagonal += 1) worldMatrices[index * MATRIX_FLOATS + diagonal * 5] = 1;
  const translations = tracks('KGTR');
  const rotations = tracks('KGRT');
  const scalings = tracks('KGSC');
  const slots: (Track | null)[] = [];
  for (let index = 0; index < count; index += 1) slots.push(translations[index]!, rotations[index]!, scalings[index]!);
  return {
    count,
    nodes,
    objectIds,
    parents,
    order,
    pivots,
    flags,
    translations,
    rotations,
    scalings,
    cursors: new TrackCursors(slots),
    worldMatrices,
    worldRotations,
    worldScales: new Float32Array(count * 3).fill(1),
    nodeIndexOf: (objectId) => indexByObjectId.get(objectId) ?? -1,
  };
}

/** Parents before children; a parent chain that loops makes the node where the walk meets it again a root. */
function parentFirstOrder(parents: Int32Array): Int32Array {
  const count = parents.length;
  const order = new Int32Array(count);
  const state = new Uint8Array(count); // 0 unvisited, 1 on the current chain, 2 placed
  const chain: number[] = [];
  let placed = 0;
  for (let start = 0; start < count; start += 1) {
    let node = start;
    while (node >= 0 && state[node] === 0) {
      state[node] = 1;
      chain.push(node);
      node = parents[node]!;
    }
    // A loop: cut it at the node the walk came back to.
    if (node >= 0 && state[node] === 1) parents[node] = -1;
    while (chain.length > 0) {
      const next = chain.pop()!;
      state[next] = 2;
      order[placed++] = next;
    }
  }
  return order;
}

/** Camera axes → model axes for a camera at +X looking at the origin with Z up (see BillboardCamera). */
const FRONT_CAMERA = new Float64Array([0.5, 0.5, 0.5, 0.5]);
/** Model axes → camera axes of a full billboard: +X to the viewer (camera z), +Y right (x), +Z up (y). */
const BILLBOARD_BASIS = new Float64Array([-0.5, -0.5, -0.5, 0.5]);
const IDENTITY_ROTATION = new Float64Array([0, 0, 0, 1]);
const UNIT_SCALE = new Float64Array([1, 1, 1]);
const ZERO_TRANSLATION = new Float64Array([0, 0, 0]);
const TOWARDS_VIEWER = new Float64Array([0, 0, 1]);

const translation = new Float64Array(3);
const rotation = new Float64Array(4);
const scaling = new Float64Array(3);
const scratchRotation = new Float64Array(4);
const direction = new Float64Array(3);
const local = new Float64Array(16);

/** Samples every node at `time` and writes its world matrix, rotation and scale (parents first). */
export function updateNodeTransforms(
  transforms: NodeTransforms,
  time: SampleTime,
  camera: BillboardCamera | null = null,
): void {
  const { order, parents, pivots, flags, worldMatrices, worldRotations, worldScales, cursors } = transforms;
  const cameraRotation = camera ? camera.rotation : FRONT_CAMERA;
  for (let step = 0; step < order.length; step += 1) {
    const index = order[step]!;
    const parent = parents[index]!;
    const nodeFlags = flags[index]!;
    cursors.sample(index * 3, time, ZERO_TRANSLATION, translation);
    cursors.sample(index * 3 + 1, time, IDENTITY_ROTATION, rotation);
    cursors.sample(index * 3 + 2, time, UNIT_SCALE, scaling);
    const parentRotations = parent >= 0 ? worldRotations : IDENTITY_ROTATION;
    const parentRotation = parent >= 0 ? parent * 4 : 0;
    if (nodeFlags & BILLBOARD_FLAGS) billboard(nodeFlags, cameraRotation, parentRotations, parentRotation);
    if (parent >= 0 && nodeFlags & NODE_FLAG.dontInheritRotation) {
      conjugateQuaternion(scratchRotation, 0, worldRotations, parentRotation);
      multiplyQuaternions(rotation, 0, scratchRotation, 0, rotation, 0);
    }
    if (parent >= 0 && nodeFlags & NODE_FLAG.dontInheritScaling)
      for (let axis = 0; axis < 3; axis += 1) {
        const parentScale = worldScales[parent * 3 + axis]!;
        scaling[axis] = parentScale !== 0 ? scaling[axis]! / parentScale : scaling[axis]!;
      }
    composeLocal(pivots, index * 3);
    const target = index * MATRIX_FLOATS;
    if (parent >= 0) {
      multiplyAffine(worldMatrices, target, worldMatrices, parent * MATRIX_FLOATS, local);
      if (nodeFlags & NODE_FLAG.dontInheritTranslation)
        keepPivot(worldMatrices, target, parent * MATRIX_FLOATS, pivots, index * 3);
    } else worldMatrices.set(local, target);
    multiplyQuaternions(worldRotations, index * 4, parentRotations, parentRotation, rotation, 0);
    for (let axis = 0; axis < 3; axis += 1)
      worldScales[index * 3 + axis] = (parent >= 0 ? worldScales[parent * 3 + axis]! : 1) * scaling[axis]!;
  }
}

/** Replaces `rotation` (and for lock X mirrors `scaling`'s z) so that the node faces the camera (module comment). */
function billboard(
  nodeFlags: number,
  cameraRotation: ArrayLike<number>,
  parentRotations: ArrayLike<number>,
  parentRotation: number,
): void {
  if (nodeFlags & NODE_FLAG.billboarded) {
    // rotation := parentWorld⁻¹ · camera · basis · rotation
    multiplyQuaternions(scratchRotation, 0, BILLBOARD_BASIS, 0, rotation, 0);
    multiplyQuaternions(scratchRotation, 0, cameraRotation, 0, scratchRotation, 0);
    conjugateQuaternion(rotation, 0, parentRotations, parentRotation);
    multiplyQuaternions(rotation, 0, rotation, 0, scratchRotation, 0);
    return;
  }
  // The direction towards the viewer in the node's own rotated frame.
  rotateVector(direction, 0, cameraRotation, 0, TOWARDS_VIEWER, 0);
  conjugateQuaternion(scratchRotation, 0, parentRotations, parentRotation);
  rotateVector(direction, 0, scratchRotation, 0, direction, 0);
  conjugateQuaternion(scratchRotation, 0, rotation, 0);
  rotateVector(direction, 0, scratchRotation, 0, direction, 0);
  const x = direction[0]!;
  const y = direction[1]!;
  const z = direction[2]!;
  if (nodeFlags & NODE_FLAG.billboardedLockX) {
    axisAngleQuaternion(scratchRotation, 0, 1, 0, 0, Math.atan2(z, y));
    scaling[2] = -scaling[2]!;
  } else if (nodeFlags & NODE_FLAG.billboardedLockY)
    axisAngleQuaternion(scratchRotation, 0, 0, 1, 0, Math.atan2(-z, x));
  else axisAngleQuaternion(scratchRotation, 0, 0, 0, 1, Math.atan2(y, x));
  multiplyQuaternions(rotation, 0, rotation, 0, scratchRotation, 0);
  normalizeQuaternion(rotation, 0);
}

/** local := T(pivot + translation) · R(rotation) · S(scaling) · T(−pivot). */
function composeLocal(pivots: Float32Array, pivotOffset: number): void {
  const x = rotation[0]!;
  const y = rotation[1]!;
  const z = rotation[2]!;
  const w = rotation[3]!;
  const sx = scaling[0]!;
  const sy = scaling[1]!;
  const sz = scaling[2]!;
  const px = pivots[pivotOffset]!;
  const py = pivots[pivotOffset + 1]!;
  const pz = pivots[pivotOffset + 2]!;
  const x2 = x + x;
  const y2 = y + y;
  const z2 = z + z;
  const xx = x * x2;
  const xy = x * y2;
  const xz = x * z2;
  const yy = y * y2;
  const yz = y * z2;
  const zz = z * z2;
  const wx = w * x2;
  const wy = w * y2;
  const wz = w * z2;
  local[0] = (1 - (yy + zz)) * sx;
  local[1] = (xy + wz) * sx;
  local[2] = (xz - wy) * sx;
  local[3] = 0;
  local[4] = (xy - wz) * sy;
  local[5] = (1 - (xx + zz)) * sy;
  local[6] = (yz + wx) * sy;
  local[7] = 0;
  local[8] = (xz + wy) * sz;
  local[9] = (yz - wx) * sz;
  local[10] = (1 - (xx + yy)) * sz;
  local[11] = 0;
  local[12] = translation[0]! + px - (local[0] * px + local[4] * py + local[8] * pz);
  local[13] = translation[1]! + py - (local[1] * px + local[5] * py + local[9] * pz);
  local[14] = translation[2]! + pz - (local[2] * px + local[6] * py + local[10] * pz);
  local[15] = 1;
}

/** out[o…] := a[ao…] · b for affine 4×4 matrices (last rows 0, 0, 0, 1). `out` may alias `a` at another offset. */
function multiplyAffine(out: Float32Array, o: number, a: Float32Array, ao: number, b: Float64Array): void {
  const a0 = a[ao]!;
  const a1 = a[ao + 1]!;
  const a2 = a[ao + 2]!;
  const a4 = a[ao + 4]!;
  const a5 = a[ao + 5]!;
  const a6 = a[ao + 6]!;
  const a8 = a[ao + 8]!;
  const a9 = a[ao + 9]!;
  const a10 = a[ao + 10]!;
  const a12 = a[ao + 12]!;
  const a13 = a[ao + 13]!;
  const a14 = a[ao + 14]!;
  for (let column = 0; column < 4; column += 1) {
    const c = column * 4;
    const b0 = b[c]!;
    const b1 = b[c + 1]!;
    const b2 = b[c + 2]!;
    const b3 = b[c + 3]!;
    out[o + c] = a0 * b0 + a4 * b1 + a8 * b2 + a12 * b3;
    out[o + c + 1] = a1 * b0 + a5 * b1 + a9 * b2 + a13 * b3;
    out[o + c + 2] = a2 * b0 + a6 * b1 + a10 * b2 + a14 * b3;
    out[o + c + 3] = b3;
  }
}

/** Moves the world matrix at `o` by pivot − parentWorld(pivot) (don't inherit translation). */
function keepPivot(matrices: Float32Array, o: number, parent: number, pivots: Float32Array, pivotOffset: number): void {
  const px = pivots[pivotOffset]!;
  const py = pivots[pivotOffset + 1]!;
  const pz = pivots[pivotOffset + 2]!;
  for (let axis = 0; axis < 3; axis += 1) {
    const moved =
      matrices[parent + axis]! * px +
      matrices[parent + 4 + axis]! * py +
      matrices[parent + 8 + axis]! * pz +
      matrices[parent + 12 + axis]!;
    matrices[o + 12 + axis] = matrices[o + 12 + axis]! + pivots[pivotOffset + axis]! - moved;
  }
}

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
 * Flags (shared/model/kinds/node.ts NODE_FLAG):
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
import { NODE_FLAG } from '../kinds/node';
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
  /**
   * Which of those slots can leave their default value in the interval of the last update (1: following the
   * sequences, 2: on a global sequence; 0: not sampled) and that interval (start, end, 1 once filled), refreshed
   * when the sequence changes.
   */
  readonly changingSlots: Uint8Array;
  readonly changingInterval: Float64Array;
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
/** The flags that change a node's sampled rotation or scaling before its local matrix is made. */
const INHERITANCE_FLAGS = BILLBOARD_FLAGS | NODE_FLAG.dontInheritRotation | NODE_FLAG.dontInheritScaling;

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
    changingSlots: new Uint8Array(count * 3),
    changingInterval: new Float64Array(3),
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

/** Samples every node at `time` and writes its world matrix, rotation and scale (parents first). */
export function updateNodeTransforms(
  transforms: NodeTransforms,
  time: SampleTime,
  camera: BillboardCamera | null = null,
): void {
  const { order, parents, pivots, flags, worldMatrices, worldRotations, worldScales, cursors } = transforms;
  const changing = transforms.changingSlots;
  const interval = transforms.changingInterval;
  if (
    interval[2] !== 1 ||
    !sameNumber(interval[0]!, time.sequenceStartMs) ||
    !sameNumber(interval[1]!, time.sequenceEndMs)
  ) {
    interval[0] = time.sequenceStartMs;
    interval[1] = time.sequenceEndMs;
    interval[2] = 1;
    for (let slot = 0; slot < changing.length; slot += 1)
      changing[slot] = !cursors.varies(slot, time) ? 0 : cursors.tracks[slot]!.globalSequenceId >= 0 ? 2 : 1;
  }
  // Slots 1 follow the sequence and have keys in it: read at the frame while it is inside the interval.
  const frame = time.frameMs;
  cursors.frame[0] = frame;
  const sequenced = frame >= time.sequenceStartMs && frame <= time.sequenceEndMs ? 1 : 3;
  const cameraRotation = camera ? camera.rotation : FRONT_CAMERA;
  for (let step = 0; step < order.length; step += 1) {
    const index = order[step]!;
    const parent = parents[index]!;
    const nodeFlags = flags[index]!;
    const slot = index * 3;
    // The sampled values go through the scratch arrays the samplers write; the defaults stay in locals.
    let tx = 0;
    let ty = 0;
    let tz = 0;
    const translationState = changing[slot]!;
    if (translationState === sequenced || translationState === 2) {
      if (translationState === sequenced) cursors.sampleSequenced(slot, ZERO_TRANSLATION, translation);
      else cursors.sample(slot, time, ZERO_TRANSLATION, translation);
      tx = translation[0]!;
      ty = translation[1]!;
      tz = translation[2]!;
    }
    let x = 0;
    let y = 0;
    let z = 0;
    let w = 1;
    const rotationState = changing[slot + 1]!;
    if (rotationState === sequenced || rotationState === 2) {
      if (rotationState === sequenced) cursors.sampleSequenced(slot + 1, IDENTITY_ROTATION, rotation);
      else cursors.sample(slot + 1, time, IDENTITY_ROTATION, rotation);
      x = rotation[0]!;
      y = rotation[1]!;
      z = rotation[2]!;
      w = rotation[3]!;
    }
    let sx = 1;
    let sy = 1;
    let sz = 1;
    const scalingState = changing[slot + 2]!;
    if (scalingState === sequenced || scalingState === 2) {
      if (scalingState === sequenced) cursors.sampleSequenced(slot + 2, UNIT_SCALE, scaling);
      else cursors.sample(slot + 2, time, UNIT_SCALE, scaling);
      sx = scaling[0]!;
      sy = scaling[1]!;
      sz = scaling[2]!;
    }
    if (nodeFlags & INHERITANCE_FLAGS) {
      rotation[0] = x;
      rotation[1] = y;
      rotation[2] = z;
      rotation[3] = w;
      scaling[0] = sx;
      scaling[1] = sy;
      scaling[2] = sz;
      adjustForFlags(nodeFlags, parent, cameraRotation, worldRotations, worldScales);
      x = rotation[0]!;
      y = rotation[1]!;
      z = rotation[2]!;
      w = rotation[3]!;
      sx = scaling[0]!;
      sy = scaling[1]!;
      sz = scaling[2]!;
    }
    // matrices[o…] := parentWorld · local, local := T(pivot + translation) · R(rotation) · S(scaling) · T(−pivot)
    // (parentWorld: the identity for a root). The last row is not written: it stays 0, 0, 0, 1.
    const pivot = index * 3;
    const px = pivots[pivot]!;
    const py = pivots[pivot + 1]!;
    const pz = pivots[pivot + 2]!;
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
    const b0 = (1 - (yy + zz)) * sx;
    const b1 = (xy + wz) * sx;
    const b2 = (xz - wy) * sx;
    const b4 = (xy - wz) * sy;
    const b5 = (1 - (xx + zz)) * sy;
    const b6 = (yz + wx) * sy;
    const b8 = (xz + wy) * sz;
    const b9 = (yz - wx) * sz;
    const b10 = (1 - (xx + yy)) * sz;
    const b12 = tx + px - (b0 * px + b4 * py + b8 * pz);
    const b13 = ty + py - (b1 * px + b5 * py + b9 * pz);
    const b14 = tz + pz - (b2 * px + b6 * py + b10 * pz);
    const o = index * MATRIX_FLOATS;
    const world = index * 4;
    const scale = index * 3;
    if (parent < 0) {
      worldMatrices[o] = b0;
      worldMatrices[o + 1] = b1;
      worldMatrices[o + 2] = b2;
      worldMatrices[o + 4] = b4;
      worldMatrices[o + 5] = b5;
      worldMatrices[o + 6] = b6;
      worldMatrices[o + 8] = b8;
      worldMatrices[o + 9] = b9;
      worldMatrices[o + 10] = b10;
      worldMatrices[o + 12] = b12;
      worldMatrices[o + 13] = b13;
      worldMatrices[o + 14] = b14;
      // The parent's world rotation and scale are the identity: the products below, term for term.
      worldRotations[world] = 0 * w + 1 * x + 0 * z - 0 * y;
      worldRotations[world + 1] = 0 * w + 1 * y + 0 * x - 0 * z;
      worldRotations[world + 2] = 0 * w + 1 * z + 0 * y - 0 * x;
      worldRotations[world + 3] = 1 * w - 0 * x - 0 * y - 0 * z;
      worldScales[scale] = 1 * sx;
      worldScales[scale + 1] = 1 * sy;
      worldScales[scale + 2] = 1 * sz;
      continue;
    }
    const p = parent * MATRIX_FLOATS;
    const a0 = worldMatrices[p]!;
    const a1 = worldMatrices[p + 1]!;
    const a2 = worldMatrices[p + 2]!;
    const a4 = worldMatrices[p + 4]!;
    const a5 = worldMatrices[p + 5]!;
    const a6 = worldMatrices[p + 6]!;
    const a8 = worldMatrices[p + 8]!;
    const a9 = worldMatrices[p + 9]!;
    const a10 = worldMatrices[p + 10]!;
    const a12 = worldMatrices[p + 12]!;
    const a13 = worldMatrices[p + 13]!;
    const a14 = worldMatrices[p + 14]!;
    // The same sums as a full 4×4 product (the local matrix's last row is 0, 0, 0, 1), term for term.
    worldMatrices[o] = a0 * b0 + a4 * b1 + a8 * b2 + a12 * 0;
    worldMatrices[o + 1] = a1 * b0 + a5 * b1 + a9 * b2 + a13 * 0;
    worldMatrices[o + 2] = a2 * b0 + a6 * b1 + a10 * b2 + a14 * 0;
    worldMatrices[o + 4] = a0 * b4 + a4 * b5 + a8 * b6 + a12 * 0;
    worldMatrices[o + 5] = a1 * b4 + a5 * b5 + a9 * b6 + a13 * 0;
    worldMatrices[o + 6] = a2 * b4 + a6 * b5 + a10 * b6 + a14 * 0;
    worldMatrices[o + 8] = a0 * b8 + a4 * b9 + a8 * b10 + a12 * 0;
    worldMatrices[o + 9] = a1 * b8 + a5 * b9 + a9 * b10 + a13 * 0;
    worldMatrices[o + 10] = a2 * b8 + a6 * b9 + a10 * b10 + a14 * 0;
    worldMatrices[o + 12] = a0 * b12 + a4 * b13 + a8 * b14 + a12;
    worldMatrices[o + 13] = a1 * b12 + a5 * b13 + a9 * b14 + a13;
    worldMatrices[o + 14] = a2 * b12 + a6 * b13 + a10 * b14 + a14;
    if (nodeFlags & NODE_FLAG.dontInheritTranslation) keepPivot(worldMatrices, o, p, pivots, pivot);
    // worldRotation := parentWorldRotation · rotation (multiplyQuaternions written out: one array type here).
    const parentRotation = parent * 4;
    const ax = worldRotations[parentRotation]!;
    const ay = worldRotations[parentRotation + 1]!;
    const az = worldRotations[parentRotation + 2]!;
    const aw = worldRotations[parentRotation + 3]!;
    worldRotations[world] = ax * w + aw * x + ay * z - az * y;
    worldRotations[world + 1] = ay * w + aw * y + az * x - ax * z;
    worldRotations[world + 2] = az * w + aw * z + ax * y - ay * x;
    worldRotations[world + 3] = aw * w - ax * x - ay * y - az * z;
    const parentScale = parent * 3;
    worldScales[scale] = worldScales[parentScale]! * sx;
    worldScales[scale + 1] = worldScales[parentScale + 1]! * sy;
    worldScales[scale + 2] = worldScales[parentScale + 2]! * sz;
  }
}

/** Equal numbers, NaN equal to NaN. */
function sameNumber(left: number, right: number): boolean {
  return left === right || (left !== left && right !== right);
}

/**
 * What the flags below do to the sampled `rotation` and `scaling` before they make the local matrix: billboards turn
 * to the camera, "don't inherit rotation / scaling" undo the parent's (module comment).
 */
function adjustForFlags(
  nodeFlags: number,
  parent: number,
  cameraRotation: ArrayLike<number>,
  worldRotations: Float32Array,
  worldScales: Float32Array,
): void {
  const parentRotation = parent >= 0 ? parent * 4 : 0;
  if (nodeFlags & BILLBOARD_FLAGS)
    billboard(nodeFlags, cameraRotation, parent >= 0 ? worldRotations : IDENTITY_ROTATION, parentRotation);
  if (parent >= 0 && nodeFlags & NODE_FLAG.dontInheritRotation) {
    conjugateQuaternion(scratchRotation, 0, worldRotations, parentRotation);
    multiplyQuaternions(rotation, 0, scratchRotation, 0, rotation, 0);
  }
  if (parent >= 0 && nodeFlags & NODE_FLAG.dontInheritScaling)
    for (let axis = 0; axis < 3; axis += 1) {
      const parentScale = worldScales[parent * 3 + axis]!;
      scaling[axis] = parentScale !== 0 ? scaling[axis]! / parentScale : scaling[axis]!;
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

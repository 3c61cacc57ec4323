/**
 * The per-frame side of the preview (three-free): samples the rig at a time into preallocated arrays the meshes
 * read — the skinning palette, each geoset's colour and alpha, each layer's alpha, texture and texture transform.
 * `update` allocates nothing.
 */
import {
  createGeosetLook,
  sampleGeosetAnimation,
  sampleLayerAlpha,
  sampleLayerTextureId,
  sampleTextureAnimation,
  TEXTURE_TRANSFORM_FLOATS,
} from '../../../../shared/model/sampling/appearance';
import { type CameraPose, sampleCamera } from '../../../../shared/model/sampling/camera-sampler';
import {
  type BillboardCamera,
  MATRIX_FLOATS,
  updateNodeTransforms,
} from '../../../../shared/model/sampling/node-transforms';
import { createSampleTime, type SampleTime, setSampleTime } from '../../../../shared/model/sampling/sample-time';
import { NODE_FLAG } from '../../../../shared/model/kinds/node';
import type { Track } from '../../../../shared/model/track';
import type { NodeTransforms } from '../../../../shared/model/sampling/node-transforms';
import type { ModelRig } from './model-rig';

const BILLBOARD_FLAGS =
  NODE_FLAG.billboarded | NODE_FLAG.billboardedLockX | NODE_FLAG.billboardedLockY | NODE_FLAG.billboardedLockZ;

/**
 * Whether a track's value can change within [start, end] (by the sampling rules: keys outside the sequence are
 * ignored, the default value holds before its first key in it, the last key holds to the end). It cannot when it
 * has no key inside, or when every key inside holds the same value — and, before a first key after the start, that
 * value is the default; Hermite keys also need zero tangents and Bezier keys control points at the value — unless
 * it runs on a global sequence's clock.
 */
export function trackVaries(track: Track | null, start: number, end: number, fallback: ArrayLike<number>): boolean {
  if (!track || track.keyCount === 0) return false;
  if (track.globalSequenceId >= 0) return true;
  const { stride, components, keyWords, keyValues, interpolation } = track;
  let first = -1;
  for (let key = 0; key < track.keyCount; key += 1) {
    const frame = keyWords[key * stride]!;
    if (frame < start || frame > end) continue;
    if (first < 0) {
      first = key;
      if (frame > start)
        for (let component = 0; component < components; component += 1)
          if (keyValues[key * stride + 1 + component] !== fallback[component]) return true;
    }
    for (let component = 0; component < components; component += 1) {
      const value = keyValues[first * stride + 1 + component]!;
      if (keyValues[key * stride + 1 + component] !== value) return true;
      if (interpolation === 2)
        for (let tangent = 1; tangent <= 2; tangent += 1)
          if (keyValues[key * stride + 1 + tangent * components + component] !== 0) return true;
      if (interpolation === 3)
        for (let tangent = 1; tangent <= 2; tangent += 1)
          if (keyValues[key * stride + 1 + tangent * components + component] !== value) return true;
    }
  }
  return false;
}

const ZERO = [0, 0, 0];
const IDENTITY = [0, 0, 0, 1];
const ONE = [1, 1, 1];

/**
 * The nodes whose world matrix can change within the sequence [start, end]: a node with a varying track (or one on
 * a global sequence), billboarded, or below such a node. The others keep the matrix the sequence's first update gave
 * them, as mdx-m3-viewer skips its nodes that do not vary in a sequence. Shares every array of `nodes`.
 */
export function varyingNodes(nodes: NodeTransforms, start: number, end: number): NodeTransforms {
  const varies = new Uint8Array(nodes.count);
  const order: number[] = [];
  for (let step = 0; step < nodes.order.length; step += 1) {
    const index = nodes.order[step]!;
    const parent = nodes.parents[index]!;
    const moving =
      (parent >= 0 && varies[parent] === 1) ||
      (nodes.flags[index]! & BILLBOARD_FLAGS) !== 0 ||
      trackVaries(nodes.translations[index] ?? null, start, end, ZERO) ||
      trackVaries(nodes.rotations[index] ?? null, start, end, IDENTITY) ||
      trackVaries(nodes.scalings[index] ?? null, start, end, ONE);
    if (!moving) continue;
    varies[index] = 1;
    order.push(index);
  }
  return { ...nodes, order: Int32Array.from(order), nodeIndexOf: nodes.nodeIndexOf };
}

/** Below this geoset alpha a geoset is not drawn (the game hides it). */
export const HIDDEN_ALPHA = 1e-3;

/** Samples a rig. */
export class ModelAnimator {
  /** 16 floats per palette slot, column major: the identity, the large groups, the nodes. */
  readonly palette: Float32Array;
  /** Red, green, blue, alpha per geoset. */
  readonly geosetColors: Float32Array;
  /** Per rig layer. */
  readonly layerAlphas: Float32Array;
  /** Per rig layer: the TEXS index it draws (−1 for none). */
  readonly layerTextures: Int32Array;
  /** Per rig layer: its texture transform (9 floats, a 3×3 over (u, v, 1)). */
  readonly textureTransforms: Float32Array;
  readonly time: SampleTime;
  /** Bumped by every update (meshes upload when it changes). */
  version = 0;
  private readonly look = createGeosetLook();
  /** The sequence of the last update and its varying nodes (all of them until the first update). */
  private sequenceStart = Number.NaN;
  private sequenceEnd = Number.NaN;
  private varying: NodeTransforms | null = null;

  /** `paletteLength`: floats to allocate for the palette (at least 16 per slot; more for a texture's whole rows). */
  constructor(
    readonly rig: ModelRig,
    paletteLength = rig.paletteSize * MATRIX_FLOATS,
  ) {
    this.palette = new Float32Array(Math.max(paletteLength, rig.paletteSize * MATRIX_FLOATS));
    for (let diagonal = 0; diagonal < 4; diagonal += 1) this.palette[diagonal * 5] = 1;
    this.geosetColors = new Float32Array(rig.geosets.length * 4).fill(1);
    this.layerAlphas = new Float32Array(rig.layers.length).fill(1);
    this.layerTextures = new Int32Array(rig.layers.length).fill(-1);
    this.textureTransforms = new Float32Array(rig.layers.length * TEXTURE_TRANSFORM_FLOATS);
    for (let layer = 0; layer < rig.layers.length; layer += 1)
      for (let diagonal = 0; diagonal < 3; diagonal += 1)
        this.textureTransforms[layer * TEXTURE_TRANSFORM_FLOATS + diagonal * 4] = 1;
    this.time = createSampleTime(rig.globalSequences);
  }

  /**
   * Samples everything at `frameMs` of the sequence [startMs, endMs] (NaN, NaN: no sequence, the bind pose) with
   * the global clock at `globalMs`; billboards turn to `camera`.
   */
  update(frameMs: number, startMs: number, endMs: number, globalMs: number, camera: BillboardCamera | null): void {
    const { rig, palette, time } = this;
    setSampleTime(time, frameMs, startMs, endMs, globalMs);
    const nodes = rig.nodes;
    // A new sequence: every node once, then only those that vary in it (made once per sequence change).
    if (!this.varying || !Object.is(startMs, this.sequenceStart) || !Object.is(endMs, this.sequenceEnd)) {
      this.sequenceStart = startMs;
      this.sequenceEnd = endMs;
      updateNodeTransforms(nodes, time, camera);
      this.varying = Number.isNaN(startMs) ? null : varyingNodes(nodes, startMs, endMs);
    } else updateNodeTransforms(this.varying, time, camera);
    palette.set(nodes.worldMatrices, rig.nodeSlotBase * MATRIX_FLOATS);
    this.averageGroups();
    const look = this.look;
    for (let index = 0; index < rig.geosets.length; index += 1) {
      sampleGeosetAnimation(rig.geosetAnimations[index], time, look);
      this.geosetColors[index * 4] = look.color[0]!;
      this.geosetColors[index * 4 + 1] = look.color[1]!;
      this.geosetColors[index * 4 + 2] = look.color[2]!;
      this.geosetColors[index * 4 + 3] = look.alpha;
    }
    for (let index = 0; index < rig.layers.length; index += 1) {
      const drawn = rig.layers[index]!;
      const layer = drawn.layer;
      if (!layer) continue;
      this.layerAlphas[index] = sampleLayerAlpha(layer, time);
      this.layerTextures[index] = sampleLayerTextureId(layer, time);
      if (drawn.textureAnimation)
        sampleTextureAnimation(drawn.textureAnimation, time, this.textureTransforms, index * TEXTURE_TRANSFORM_FLOATS);
    }
    this.version += 1;
  }

  /** Each large matrix group's slot: the average of its nodes' matrices (what equal weights blend to). */
  private averageGroups(): void {
    const { groupStarts, groupNodes } = this.rig;
    const palette = this.palette;
    const first = MATRIX_FLOATS;
    const nodeBase = this.rig.nodeSlotBase * MATRIX_FLOATS;
    for (let group = 0; group + 1 < groupStarts.length; group += 1) {
      const start = groupStarts[group]!;
      const end = groupStarts[group + 1]!;
      const target = first + group * MATRIX_FLOATS;
      const share = 1 / (end - start);
      for (let element = 0; element < MATRIX_FLOATS; element += 1) {
        let sum = 0;
        for (let member = start; member < end; member += 1)
          sum += palette[nodeBase + groupNodes[member]! * MATRIX_FLOATS + element]!;
        palette[target + element] = sum * share;
      }
    }
  }

  /** The camera `index` at the last update's time, into `out` (false when the model has no such camera). */
  sampleCamera(index: number, out: CameraPose): boolean {
    const camera = this.rig.cameras[index];
    if (!camera) return false;
    sampleCamera(camera, this.time, out);
    return true;
  }
}

/**
 * Splats, footprints and uber-splats on the ground (three-free): which are alive at a time and how each looks, worked
 * out from the playhead alone — deterministic, so scrubbing, stepping and playing show the same. A key at time k of
 * the sequence holding the playhead drops a splat where its node's pivot is at k, projected onto the ground plane
 * (z = 0) and turned with the node's heading; it lives for the table's lifespan (+ decay, or birth + pause + decay)
 * in seconds of model time. With looping on, keys of the previous passes of a looping sequence still alive show too
 * (up to {@link MAX_PASSES}). Colour and texture cell follow mdx-m3-viewer's splat shader: a splat's Start → Middle
 * colour and UVLifespan cells over its lifespan, Middle → End and UVDecay cells over its decay; an uber-splat fades
 * Start → Middle over its birth, holds Middle, then Middle → End over its decay. Keys on global sequences are not
 * drawn.
 *
 * `update` fills preallocated arrays (positions, texture coordinates, colours per quad corner) and allocates nothing,
 * except the first time a key's node position is needed (kept per key for the rig's life).
 */
import type { EventObject, ModelDocument } from '../../../../shared/events/document';
import type { GameTableSet, SplatMeaning, UberSplatMeaning } from '../../../../shared/game-tables';
import {
  createNodeTransforms,
  MATRIX_FLOATS,
  updateNodeTransforms,
} from '../../../../shared/model/sampling/node-transforms';
import type { NodeTransforms } from '../../../../shared/model/sampling/node-transforms';
import { createSampleTime, setSampleTime } from '../../../../shared/model/sampling/sample-time';
import type { TypedMdxModel } from '../../../../shared/model/mdx-model';
import { meaningOf } from '../../../state/game-tables';

/** Splats one event object can show at once (older ones beyond it are not drawn). */
export const MAX_SPLATS_PER_OBJECT = 64;
/** Passes of a loop whose splats may still be alive. */
export const MAX_PASSES = 8;
/** Height above the ground plane the quads are drawn at (no fighting with the grid). */
export const SPLAT_HEIGHT = 0.5;

/** Live splats per event object name after the last frame drawn (read by snapshot().model.splats). */
export const liveSplats: Record<string, number> = {};

/** One SPL/FPT/UBR event object and the buffers of its live splats. */
export interface SplatEmitter {
  object: EventObject;
  meaning: SplatMeaning | UberSplatMeaning;
  /** Live splats after the last update. */
  count: number;
  /** 4 corners × xyz per splat. */
  positions: Float32Array;
  /** 4 corners × uv per splat. */
  uvs: Float32Array;
  /** 4 corners × rgba (0–1) per splat. */
  colours: Float32Array;
}

/** The emitters of a document's splat objects that resolve (one per object). */
export function splatEmitters(document: ModelDocument, tables: GameTableSet | null): SplatEmitter[] {
  const emitters: SplatEmitter[] = [];
  for (const object of document.eventObjects) {
    if (object.type !== 'SPL' && object.type !== 'FPT' && object.type !== 'UBR') continue;
    if (object.globalSequenceId !== null || object.frames.length === 0) continue;
    const resolution = meaningOf(tables, object);
    if (resolution?.status !== 'resolved') continue;
    const meaning = resolution.meaning;
    if (meaning.kind !== 'splat' && meaning.kind !== 'uberSplat') continue;
    emitters.push({
      object,
      meaning,
      count: 0,
      positions: new Float32Array(MAX_SPLATS_PER_OBJECT * 12),
      uvs: new Float32Array(MAX_SPLATS_PER_OBJECT * 8),
      colours: new Float32Array(MAX_SPLATS_PER_OBJECT * 16),
    });
  }
  return emitters;
}

/** Seconds a splat of this meaning lives. */
export function splatLifeSeconds(meaning: SplatMeaning | UberSplatMeaning): number {
  return meaning.kind === 'splat'
    ? meaning.lifespan + meaning.decay
    : meaning.birthTime + meaning.pauseTime + meaning.decay;
}

/** mdx-m3-viewer's getCell: the texture cell at `factor` (0–1) of an interval [start, end, repeat]. */
function cellAt(interval: readonly number[], factor: number, cellCount: number): number {
  const start = interval[0]!;
  const count = interval[1]! - start;
  if (count <= 0) return Math.max(0, Math.min(start, cellCount - 1));
  return Math.max(0, Math.min(start + (Math.floor(count * interval[2]! * factor) % count), cellCount - 1));
}

/** Where a key drops its splat or spawn: x, y, the node's heading (radians about z) and z (its height). */
export class DropPoints {
  private readonly nodes: NodeTransforms;
  private readonly time;
  /** objectId → key time → drop point. */
  private readonly points = new Map<number, Map<number, Float64Array>>();

  constructor(model: Pick<TypedMdxModel, 'chunks'>, globalSequences: readonly number[]) {
    this.nodes = createNodeTransforms(model);
    this.time = createSampleTime(globalSequences);
  }

  /** The drop point of `objectId`'s node at `keyMs` of the sequence [startMs, endMs] (worked out once per key). */
  at(objectId: number, keyMs: number, startMs: number, endMs: number): Float64Array {
    let byKey = this.points.get(objectId);
    if (!byKey) {
      byKey = new Map();
      this.points.set(objectId, byKey);
    }
    let point = byKey.get(keyMs);
    if (point) return point;
    point = new Float64Array(4);
    const node = this.nodes.nodeIndexOf(objectId);
    if (node >= 0) {
      setSampleTime(this.time, keyMs, startMs, endMs, keyMs);
      updateNodeTransforms(this.nodes, this.time, null);
      const m = this.nodes.worldMatrices;
      const base = node * MATRIX_FLOATS;
      const px = this.nodes.pivots[node * 3]!;
      const py = this.nodes.pivots[node * 3 + 1]!;
      const pz = this.nodes.pivots[node * 3 + 2]!;
      point[0] = m[base]! * px + m[base + 4]! * py + m[base + 8]! * pz + m[base + 12]!;
      point[1] = m[base + 1]! * px + m[base + 5]! * py + m[base + 9]! * pz + m[base + 13]!;
      // The node's x axis on the ground: its heading.
      point[2] = Math.atan2(m[base + 1]!, m[base]!);
      point[3] = m[base + 2]! * px + m[base + 6]! * py + m[base + 10]! * pz + m[base + 14]!;
    }
    byKey.set(keyMs, point);
    return point;
  }
}

/** Quad corners before scale and heading: (+1,+1), (−1,+1), (−1,−1), (+1,−1). */
const CORNERS = [1, 1, -1, 1, -1, -1, 1, -1];

/** Writes one splat's quad: corners (+s,+s), (−s,+s), (−s,−s), (+s,−s) turned by the heading, as mdx-m3-viewer. */
function writeQuad(emitter: SplatEmitter, slot: number, point: Float64Array, ageSeconds: number): void {
  const { meaning } = emitter;
  const scale = meaning.scale;
  const cos = Math.cos(point[2]!);
  const sin = Math.sin(point[2]!);
  for (let corner = 0; corner < 4; corner += 1) {
    const x = CORNERS[corner * 2]! * scale;
    const y = CORNERS[corner * 2 + 1]! * scale;
    const at = slot * 12 + corner * 3;
    emitter.positions[at] = point[0]! + x * cos - y * sin;
    emitter.positions[at + 1] = point[1]! + x * sin + y * cos;
    emitter.positions[at + 2] = SPLAT_HEIGHT;
  }
  let from: readonly number[];
  let to: readonly number[];
  let factor: number;
  let left = 0;
  let top = 0;
  let columns = 1;
  let rows = 1;
  if (meaning.kind === 'splat') {
    const inLife = ageSeconds < meaning.lifespan;
    factor = inLife ? ageSeconds / (meaning.lifespan || 1) : (ageSeconds - meaning.lifespan) / (meaning.decay || 1);
    factor = Math.min(1, Math.max(0, factor));
    from = inLife ? meaning.colours[0] : meaning.colours[1];
    to = inLife ? meaning.colours[1] : meaning.colours[2];
    columns = meaning.columns;
    rows = meaning.rows;
    const cell = cellAt(inLife ? meaning.uvLifespan : meaning.uvDecay, factor, columns * rows);
    left = cell % columns;
    top = Math.floor(cell / columns);
  } else if (ageSeconds < meaning.birthTime) {
    from = meaning.colours[0];
    to = meaning.colours[1];
    factor = ageSeconds / (meaning.birthTime || 1);
  } else if (ageSeconds < meaning.birthTime + meaning.pauseTime) {
    from = meaning.colours[1];
    to = from;
    factor = 0;
  } else {
    from = meaning.colours[1];
    to = meaning.colours[2];
    factor = Math.min(1, (ageSeconds - meaning.birthTime - meaning.pauseTime) / (meaning.decay || 1));
  }
  const u0 = left / columns;
  const u1 = (left + 1) / columns;
  const v0 = top / rows;
  const v1 = (top + 1) / rows;
  const uv = emitter.uvs;
  const at = slot * 8;
  uv[at] = u0;
  uv[at + 1] = v0;
  uv[at + 2] = u0;
  uv[at + 3] = v1;
  uv[at + 4] = u1;
  uv[at + 5] = v1;
  uv[at + 6] = u1;
  uv[at + 7] = v0;
  for (let corner = 0; corner < 4; corner += 1)
    for (let part = 0; part < 4; part += 1)
      emitter.colours[slot * 16 + corner * 4 + part] = (from[part]! + (to[part]! - from[part]!) * factor) / 255;
}

/**
 * Fills each emitter with its splats alive at `timeMs` within the sequence [startMs, endMs] (NaN: none, nothing
 * shows); `previousPasses` lets keys of earlier passes of a looping sequence count.
 */
export function updateSplats(
  emitters: readonly SplatEmitter[],
  drops: DropPoints,
  timeMs: number,
  startMs: number,
  endMs: number,
  previousPasses: boolean,
): void {
  const length = endMs - startMs;
  for (const emitter of emitters) {
    emitter.count = 0;
    if (!(length >= 0)) continue;
    const lifeMs = splatLifeSeconds(emitter.meaning) * 1000;
    const passes = previousPasses && length > 0 ? Math.min(MAX_PASSES, Math.ceil(lifeMs / length)) : 0;
    const frames = emitter.object.frames;
    // Newest first, so the cap drops the oldest.
    for (let pass = 0; pass <= passes && emitter.count < MAX_SPLATS_PER_OBJECT; pass += 1)
      for (let index = frames.length - 1; index >= 0 && emitter.count < MAX_SPLATS_PER_OBJECT; index -= 1) {
        const key = frames[index]!;
        if (key < startMs || key > endMs) continue;
        const ageMs = timeMs - (key - pass * length);
        if (ageMs < 0 || ageMs >= lifeMs) continue;
        const point = drops.at(emitter.object.objectId, key, startMs, endMs);
        writeQuad(emitter, emitter.count, point, ageMs / 1000);
        emitter.count += 1;
      }
  }
}

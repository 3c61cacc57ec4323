/**
 * Spawned models (SPN) over time (three-free): a key at time k of the sequence holding the playhead spawns the
 * table's model where its node's pivot is at k, turned with the node's heading; the spawned model plays its first
 * sequence once from its start and is gone at its end, as mdx-m3-viewer's spawned instances (the lifetime is
 * spawned-playback.ts's `spawnedLifetimeMs`). Deterministic from the playhead; `update` allocates nothing. The
 * models are loaded, cached and drawn by the spawned-model module the particle emitters use too (SpawnLayer.tsx).
 */
import type { EventObject, ModelDocument } from '../../../../shared/events/document';
import type { GameTableSet } from '../../../../shared/game-tables';
import { meaningOf } from '../../../state/game-tables';
import type { DropPoints } from '../splats/splat-field';

/** Spawns of one event object shown at once. */
export const MAX_SPAWNS_PER_OBJECT = 4;

/** One spawned instance: whether it shows, its age (ms into the spawned model's sequence) and where it stands. */
export interface SpawnSlot {
  active: boolean;
  ageMs: number;
  x: number;
  y: number;
  z: number;
  heading: number;
}

/** An SPN event object, its model's path and its slots. */
export interface SpawnEmitter {
  object: EventObject;
  modelPath: string;
  slots: SpawnSlot[];
  count: number;
}

/** Live spawned models per event object name after the last frame drawn (read by snapshot().model.spawns). */
export const liveSpawns: Record<string, number> = {};

/** The emitters of a document's SPN objects that resolve. */
export function spawnEmitters(document: ModelDocument, tables: GameTableSet | null): SpawnEmitter[] {
  const emitters: SpawnEmitter[] = [];
  for (const object of document.eventObjects) {
    if (object.type !== 'SPN' || object.globalSequenceId !== null || object.frames.length === 0) continue;
    const resolution = meaningOf(tables, object);
    if (resolution?.status !== 'resolved' || resolution.meaning.kind !== 'spawn') continue;
    emitters.push({
      object,
      modelPath: resolution.meaning.modelPath,
      count: 0,
      slots: Array.from({ length: MAX_SPAWNS_PER_OBJECT }, () => ({
        active: false,
        ageMs: 0,
        x: 0,
        y: 0,
        z: 0,
        heading: 0,
      })),
    });
  }
  return emitters;
}

/**
 * Fills each emitter's slots with the spawns alive at `timeMs` of the sequence [startMs, endMs]; `durationMs(path)`
 * is how long a spawned model plays (NaN while it is not loaded: nothing shows).
 */
export function updateSpawns(
  emitters: readonly SpawnEmitter[],
  drops: DropPoints,
  durationMs: (modelPath: string) => number,
  timeMs: number,
  startMs: number,
  endMs: number,
): void {
  for (const emitter of emitters) {
    emitter.count = 0;
    for (const slot of emitter.slots) slot.active = false;
    const duration = durationMs(emitter.modelPath);
    if (!(endMs - startMs >= 0) || !(duration > 0)) continue;
    const frames = emitter.object.frames;
    for (let index = frames.length - 1; index >= 0 && emitter.count < MAX_SPAWNS_PER_OBJECT; index -= 1) {
      const key = frames[index]!;
      if (key < startMs || key > endMs || timeMs < key || timeMs - key >= duration) continue;
      const point = drops.at(emitter.object.objectId, key, startMs, endMs);
      const slot = emitter.slots[emitter.count]!;
      slot.active = true;
      slot.ageMs = timeMs - key;
      slot.x = point[0]!;
      slot.y = point[1]!;
      slot.heading = point[2]!;
      slot.z = point[3]!;
      emitter.count += 1;
    }
  }
}

/**
 * Writes `slot`'s world matrix (column major, 16 floats at `offset`): turned by its heading about Z, standing at its
 * place — how SpawnLayer places an SPN spawn for the shared spawned-model view.
 */
export function writeSpawnMatrix(slot: SpawnSlot, out: Float32Array, offset: number): void {
  const cos = Math.cos(slot.heading);
  const sin = Math.sin(slot.heading);
  out.fill(0, offset, offset + 16);
  out[offset] = cos;
  out[offset + 1] = sin;
  out[offset + 4] = -sin;
  out[offset + 5] = cos;
  out[offset + 10] = 1;
  out[offset + 12] = slot.x;
  out[offset + 13] = slot.y;
  out[offset + 14] = slot.z;
  out[offset + 15] = 1;
}

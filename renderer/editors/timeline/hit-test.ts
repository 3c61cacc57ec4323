/**
 * Hit-testing the dope sheet: which keys are under the pointer, which lie in a box. Works in
 * screen space through the layout helpers. Aggregate rows (summary, groups, links) hit every key
 * of their objects at the time under the pointer, as in Blender's summary channel.
 */
import type { KeyAddress, ModelDocument } from '../../../shared/events/document';
import {
  type TimelineGeometry,
  type TimelineView,
  pixelsToMs,
  rowAtScreenY,
  screenXToTime,
  timeToScreenX,
} from './layout';
import { type TimelineRow, rowObjectIndices } from './rows';

/** Half the width of a diamond's clickable area, px. */
export const KEY_HIT_RADIUS = 7;

/** Keys under a point: all keys of the row at the nearest time within the hit radius. */
export interface KeyHit {
  rowIndex: number;
  timeMs: number;
  keys: KeyAddress[];
}

/** The keys under a screen point, or null. */
export function hitTestKeys(
  rows: readonly TimelineRow[],
  document: ModelDocument,
  screenX: number,
  screenY: number,
  view: TimelineView,
  geometry: TimelineGeometry,
): KeyHit | null {
  if (screenX < geometry.gutterWidth) return null;
  const rowIndex = rowAtScreenY(screenY, rows.length, geometry);
  if (rowIndex < 0) return null;
  const pointerMs = screenXToTime(screenX, view, geometry);
  const radiusMs = pixelsToMs(KEY_HIT_RADIUS, view);
  let bestMs = Number.NaN;
  let bestDistance = Number.POSITIVE_INFINITY;
  const objects = rowObjectIndices(rows[rowIndex]!);
  for (const objectIndex of objects) {
    const frames = document.eventObjects[objectIndex]?.frames ?? [];
    for (const frame of frames) {
      const distance = Math.abs(frame - pointerMs);
      if (distance <= radiusMs && distance < bestDistance) {
        bestDistance = distance;
        bestMs = frame;
      }
    }
  }
  if (Number.isNaN(bestMs)) return null;
  const keys: KeyAddress[] = [];
  for (const objectIndex of objects) {
    const frames = document.eventObjects[objectIndex]?.frames ?? [];
    for (let frameIndex = 0; frameIndex < frames.length; frameIndex += 1)
      if (frames[frameIndex] === bestMs) keys.push({ objectIndex, frameIndex });
  }
  return { rowIndex, timeMs: bestMs, keys };
}

/** A rectangle in screen space (any corner order). */
export interface ScreenRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Every key whose diamond centre lies in the box (box select, B or drag on empty space). */
export function keysInBox(
  rows: readonly TimelineRow[],
  document: ModelDocument,
  rect: ScreenRect,
  view: TimelineView,
  geometry: TimelineGeometry,
): KeyAddress[] {
  const left = Math.min(rect.x0, rect.x1);
  const right = Math.max(rect.x0, rect.x1);
  const top = Math.min(rect.y0, rect.y1);
  const bottom = Math.max(rect.y0, rect.y1);
  const found = new Map<number, Set<number>>();
  for (let rowIndex = 0; rowIndex < rows.length; rowIndex += 1) {
    const centre = geometry.rulerHeight + rowIndex * geometry.rowHeight - geometry.scrollTop + geometry.rowHeight / 2;
    if (centre < top || centre > bottom) continue;
    for (const objectIndex of rowObjectIndices(rows[rowIndex]!)) {
      const frames = document.eventObjects[objectIndex]?.frames ?? [];
      for (let frameIndex = 0; frameIndex < frames.length; frameIndex += 1) {
        const x = timeToScreenX(frames[frameIndex]!, view, geometry);
        if (x < left || x > right) continue;
        const set = found.get(objectIndex) ?? new Set<number>();
        set.add(frameIndex);
        found.set(objectIndex, set);
      }
    }
  }
  const keys: KeyAddress[] = [];
  for (const [objectIndex, frames] of found) for (const frameIndex of frames) keys.push({ objectIndex, frameIndex });
  return keys;
}

/** The row-level target of a click that hit no key: the row and its objects. */
export function rowAt(
  rows: readonly TimelineRow[],
  screenY: number,
  geometry: TimelineGeometry,
): { rowIndex: number; row: TimelineRow } | null {
  const rowIndex = rowAtScreenY(screenY, rows.length, geometry);
  return rowIndex < 0 ? null : { rowIndex, row: rows[rowIndex]! };
}

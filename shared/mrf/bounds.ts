/**
 * Geometry summaries over all keyframes: the axis-aligned bounds, and a pivot and radius that
 * enclose them (what a writer stores in the header's informational fields).
 */
import { MRF_FLOATS_PER_VERTEX } from './layout';
import type { MrfFile } from './types';

/** Axis-aligned bounds of every finite vertex position in every keyframe. */
export interface MrfBounds {
  min: [number, number, number];
  max: [number, number, number];
}

/** Bounds over all keyframes, or null when there is no finite position. */
export function mrfBounds(file: Pick<MrfFile, 'keyframes'>): MrfBounds | null {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  let found = false;
  for (const keyframe of file.keyframes) {
    for (let base = 0; base + 2 < keyframe.length; base += MRF_FLOATS_PER_VERTEX) {
      const x = keyframe[base]!;
      const y = keyframe[base + 1]!;
      const z = keyframe[base + 2]!;
      if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) continue;
      found = true;
      if (x < min[0]) min[0] = x;
      if (y < min[1]) min[1] = y;
      if (z < min[2]) min[2] = z;
      if (x > max[0]) max[0] = x;
      if (y > max[1]) max[1] = y;
      if (z > max[2]) max[2] = z;
    }
  }
  return found ? { min, max } : null;
}

/** The bounds' centre and the largest distance from it to any finite position. */
export function mrfPivotAndRadius(file: Pick<MrfFile, 'keyframes'>): {
  pivot: [number, number, number];
  radius: number;
} {
  const bounds = mrfBounds(file);
  if (!bounds) return { pivot: [0, 0, 0], radius: 0 };
  const pivot: [number, number, number] = [
    (bounds.min[0] + bounds.max[0]) / 2,
    (bounds.min[1] + bounds.max[1]) / 2,
    (bounds.min[2] + bounds.max[2]) / 2,
  ];
  let radiusSquared = 0;
  for (const keyframe of file.keyframes) {
    for (let base = 0; base + 2 < keyframe.length; base += MRF_FLOATS_PER_VERTEX) {
      const dx = keyframe[base]! - pivot[0];
      const dy = keyframe[base + 1]! - pivot[1];
      const dz = keyframe[base + 2]! - pivot[2];
      const distanceSquared = dx * dx + dy * dy + dz * dz;
      // A non-finite position gives NaN or Infinity here; the bounds leave it out, so does the radius.
      if (distanceSquared > radiusSquared && distanceSquared !== Infinity) radiusSquared = distanceSquared;
    }
  }
  return { pivot, radius: Math.sqrt(radiusSquared) };
}

/**
 * What the viewport's parts share without React: the animators of the mounted capes (for
 * framing) and the per-frame statistics the overlay shows. Commands reach the viewport through
 * the area-command table (state/area-commands.ts), never through per-store side tables.
 */
import { mrfBounds, type MrfFile } from '../../../shared/mrf';
import type { CapeAnimator } from '../../capes/cape-animator';

/** Counted anew every frame by the cape meshes. */
export interface ViewportStatistics {
  visibleCapes: number;
  vertices: number;
  faces: number;
  /** The model's geosets drawn this frame (shown by their geoset animation and the overlay), and its size. */
  modelGeosets: number;
  modelVertices: number;
  modelTriangles: number;
  /** The model's live particles, ribbon edges and spawned models drawn this frame. */
  particles: number;
}

/** The mounted capes of one viewport (each viewport creates its own and hands it to its meshes). */
export interface CapeRegistry {
  animators: Set<CapeAnimator>;
  /** Adds an animator; returns the function that removes it. */
  add(animator: CapeAnimator): () => void;
}

/** An empty registry. */
export function createCapeRegistry(): CapeRegistry {
  const animators = new Set<CapeAnimator>();
  return {
    animators,
    add(animator) {
      animators.add(animator);
      return () => animators.delete(animator);
    },
  };
}

/**
 * Bounds [minX, minY, minZ, maxX, maxY, maxZ] over the animators that pass `include`, sampling
 * hidden capes at their first keyframe so there is always something to frame.
 */
export function combinedBounds(
  animators: Iterable<CapeAnimator>,
  include: (animator: CapeAnimator) => boolean,
): Float32Array | null {
  const bounds = new Float32Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  let any = false;
  for (const animator of animators) {
    if (!include(animator)) continue;
    if (animator.version === 0) animator.update(0);
    if (!animator.rendered && animator.version === 0) continue;
    any = true;
    for (let axis = 0; axis < 3; axis += 1) {
      bounds[axis] = Math.min(bounds[axis]!, animator.bounds[axis]!);
      bounds[axis + 3] = Math.max(bounds[axis + 3]!, animator.bounds[axis + 3]!);
    }
  }
  return any ? bounds : null;
}

/**
 * The mean of the vertex normals (as sampled last) over the animators that pass `include`, into
 * `out` [x, y, z] (not normalised: a short vector means the normals disagree). Returns false when
 * no included cape has vertices.
 */
export function averageNormal(
  animators: Iterable<CapeAnimator>,
  include: (animator: CapeAnimator) => boolean,
  out: Float64Array | number[],
): boolean {
  let x = 0;
  let y = 0;
  let z = 0;
  let count = 0;
  for (const animator of animators) {
    if (!include(animator)) continue;
    if (animator.version === 0) animator.update(0);
    if (animator.version === 0) continue;
    const normals = animator.normals;
    for (let index = 0; index + 2 < normals.length; index += 3) {
      x += normals[index]!;
      y += normals[index + 1]!;
      z += normals[index + 2]!;
    }
    count += animator.vertexCount;
  }
  if (count === 0) return false;
  out[0] = x / count;
  out[1] = y / count;
  out[2] = z / count;
  return true;
}

const keyframeBounds = new WeakMap<MrfFile, Float32Array | null>();

/**
 * Bounds [minX, minY, minZ, maxX, maxY, maxZ] of every keyframe of every file — everything the capes reach while
 * they play — or null when none has a finite position (memoized per file).
 */
export function animationBounds(files: Iterable<MrfFile>): Float32Array | null {
  const bounds = new Float32Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  let any = false;
  for (const file of files) {
    let own = keyframeBounds.get(file);
    if (own === undefined) {
      const found = mrfBounds(file);
      own = found ? new Float32Array([...found.min, ...found.max]) : null;
      keyframeBounds.set(file, own);
    }
    if (!own) continue;
    any = true;
    for (let axis = 0; axis < 3; axis += 1) {
      bounds[axis] = Math.min(bounds[axis]!, own[axis]!);
      bounds[axis + 3] = Math.max(bounds[axis + 3]!, own[axis + 3]!);
    }
  }
  return any ? bounds : null;
}

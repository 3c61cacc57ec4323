/**
 * What `morf inspect` shows of an EMF set, and its validation findings (whether it makes a cape).
 */
import type { Diagnostic } from '../diagnostics';
import type { EmfSet } from './cape';
import { emfPartNames, type EmfMesh } from './read';

/** One animation of the set. */
export interface EmfAnimationSummary {
  name: string;
  /** Keyframes in its part (undefined when the part could not be read). */
  keyframes?: number;
  /** Frames from the first to the last keyframe time (last − first + 1). */
  frames?: number;
  firstFrame?: number;
  lastFrame?: number;
  framerate: number;
}

/** The `inspect --json` fields of an EMF set. */
export type EmfSummary = {
  material: string;
  framerate: number;
  mesh: { triangles: number; corners: number };
  collision?: { triangles: number };
  bones: { id: number; name: string }[];
  animations: EmfAnimationSummary[];
};

/** The summary of `set` (and of its collision mesh when read). */
export function emfSummary(set: EmfSet, collision?: EmfMesh): EmfSummary {
  const { manifest } = set;
  return {
    material: manifest.material,
    framerate: manifest.framerate,
    mesh: { triangles: set.mesh.triangleCount, corners: set.mesh.triangleCount * 3 },
    ...(collision ? { collision: { triangles: collision.triangleCount } } : {}),
    bones: set.skeleton.ids.map((id, index) => ({ id, name: set.skeleton.names[index]! })),
    animations: manifest.animations.map((name) => {
      const keyframes = set.animations.get(name);
      if (!keyframes) return { name, framerate: manifest.framerate };
      let first = Infinity;
      let last = -Infinity;
      for (const time of keyframes.times) {
        first = Math.min(first, time);
        last = Math.max(last, time);
      }
      const keyed = keyframes.count > 0;
      return {
        name,
        keyframes: keyframes.count,
        frames: keyed ? last - first + 1 : 0,
        ...(keyed ? { firstFrame: first, lastFrame: last } : {}),
        framerate: manifest.framerate,
      };
    }),
  };
}

/** Findings: what keeps the set from making a cape, and what looks wrong. */
export function emfDiagnostics(set: EmfSet): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const { manifest, mesh, skeleton } = set;
  const names = emfPartNames(set.manifestName);
  if (!(manifest.framerate > 0)) {
    diagnostics.push({
      severity: 'error',
      code: 'emf.framerate-zero',
      message: 'nFramerate is 0: keyframe times cannot be placed',
      where: `${set.manifestName}:nFramerate`,
    });
  }
  if (manifest.animations.length === 0) {
    diagnostics.push({
      severity: 'error',
      code: 'emf.no-animation',
      message: 'the manifest names no animation: there is nothing to bake',
      where: `${set.manifestName}:nAnimations`,
    });
  }
  if (mesh.triangleCount === 0) {
    diagnostics.push({
      severity: 'warning',
      code: 'emf.empty-mesh',
      message: 'the mesh has no triangle',
      where: names.vertices,
    });
  }
  const ids = new Set(skeleton.ids);
  if (ids.size !== skeleton.ids.length) {
    diagnostics.push({
      severity: 'warning',
      code: 'emf.duplicate-bone',
      message: 'two bones share an iBone: the first is used',
      where: names.skeleton,
    });
  }
  const missing = new Set<number>();
  for (const bone of mesh.bones) if (!ids.has(bone)) missing.add(bone);
  if (missing.size) {
    diagnostics.push({
      severity: 'error',
      code: 'emf.vertex-bone-missing',
      message: `vertices name bones not in the skeleton: ${[...missing].slice(0, 8).join(', ')}`,
      where: names.vertices,
    });
  }
  for (const [name, keyframes] of set.animations) {
    const unknown = new Set<number>();
    for (const bone of keyframes.bones) if (!ids.has(bone)) unknown.add(bone);
    if (unknown.size) {
      diagnostics.push({
        severity: 'error',
        code: 'emf.keyframe-bone-missing',
        message: `keyframes name bones not in the skeleton: ${[...unknown].slice(0, 8).join(', ')}`,
        where: emfPartNames(set.manifestName, name).animation,
      });
    }
    if (keyframes.count === 0) {
      diagnostics.push({
        severity: 'warning',
        code: 'emf.animation-empty',
        message: `the animation "${name}" has no keyframe`,
        where: emfPartNames(set.manifestName, name).animation,
      });
    }
  }
  return diagnostics;
}

/**
 * What `morf inspect` shows of a KF2 file, and its validation findings (whether it makes a cape).
 */
import { CodecError } from '../binary/codec-error';
import type { Diagnostic } from '../diagnostics';
import { KF2_TAGGED_LAYOUT_NOTE, kf2Clips, kf2MeshTexture, type Kf2Clip } from './cape';
import type { Kf2Layout } from './primitives';
import type { Kf2File } from './read';

/** The `inspect --json` fields of a KF2 file. */
export type Kf2Summary = {
  /** How the file writes its primitives: `plain` (issue 15's definition) or `tagged` (the fallback reading). */
  layout: Kf2Layout;
  chunks: number;
  meshes: {
    name: string;
    version: number;
    vertices: number;
    polygons: number;
    materials: string[];
    texture?: string;
    skinned: boolean;
  }[];
  nodes: { name: string; parent: string }[];
  skins: { objects: string[]; bones: number; influences: number }[];
  animations: {
    name: string;
    tracks: number;
    keyframes: number;
    fps: number;
    startSeconds: number;
    endSeconds: number;
  }[];
  tracks: {
    object: string;
    version: number;
    fps: number;
    keyframes: number;
    /** Frames the track spans (num_total_keyframes, + 1 before version 5). */
    frames: number;
    firstFrame?: number;
    lastFrame?: number;
  }[];
  materials: { name: string; texture?: string }[];
  cameras: string[];
  environments: number;
  undescribed: { name: string; version: number; bytes: number }[];
  skipped: { where: string; name: string; version: number; bytes: number }[];
};

function clipsOf(file: Kf2File): Kf2Clip[] {
  try {
    return kf2Clips(file);
  } catch (error) {
    if (error instanceof CodecError) return [];
    throw error;
  }
}

/** The summary of `file`. */
export function kf2Summary(file: Kf2File): Kf2Summary {
  const nodes = [...file.meshes.map((mesh) => mesh.node), ...file.cameras.map((camera) => camera.node)].filter(
    (node) => node !== undefined,
  );
  return {
    layout: file.layout,
    chunks: file.chunks.length,
    meshes: file.meshes.map((mesh, index) => {
      const name = mesh.node?.name ?? `mesh ${index}`;
      const texture = kf2MeshTexture(file, mesh);
      const polygons = mesh.polygons;
      return {
        name,
        version: mesh.version,
        vertices: (mesh.geometry?.positions.length ?? 0) / 3,
        polygons: polygons ? (polygons.polygons?.length ?? Math.floor((polygons.indices?.length ?? 0) / 3)) : 0,
        materials: mesh.polygonMaterial?.materials ?? [],
        ...(texture !== undefined ? { texture } : {}),
        skinned: file.skins.some((skin) => skin.skinObjects.includes(name)),
      };
    }),
    nodes: nodes.map((node) => ({ name: node.name, parent: node.parentName })),
    skins: file.skins.map((skin) => ({
      objects: skin.skinObjects,
      bones: skin.skeletonObjects.length,
      influences: skin.influences.vertices.length,
    })),
    animations: clipsOf(file).map((clip) => ({
      name: clip.name,
      tracks: clip.tracks.length,
      keyframes: clip.tracks.reduce((sum, track) => sum + track.frames.length, 0),
      fps: clip.fps,
      startSeconds: clip.startSeconds,
      endSeconds: clip.endSeconds,
    })),
    tracks: file.animations.map((track) => ({
      object: track.animation.objectName,
      version: track.version,
      fps: track.animation.fps,
      keyframes: track.frames.length,
      frames: track.frameCount,
      ...(track.frames.length ? { firstFrame: Math.min(...track.frames), lastFrame: Math.max(...track.frames) } : {}),
    })),
    materials: file.materialLists.flatMap((list) =>
      list.materials.map((material) => {
        const texture = material.diffuseTexture?.files[0] ?? material.diffuseTexture?.name;
        return { name: material.name, ...(texture !== undefined ? { texture } : {}) };
      }),
    ),
    cameras: file.cameras.map((camera) => camera.node.name),
    environments: file.environments.length,
    undescribed: file.undescribed.map((chunk) => ({
      name: chunk.name,
      version: chunk.version,
      bytes: chunk.byteLength,
    })),
    skipped: file.skipped.map((chunk) => ({
      where: chunk.where,
      name: chunk.name,
      version: chunk.version,
      bytes: chunk.byteLength,
    })),
  };
}

/** Findings: what keeps the file from making a cape, and what was skipped. */
export function kf2Diagnostics(file: Kf2File): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  if (file.layout === 'tagged') {
    diagnostics.push({ severity: 'info', code: 'kf2.tagged-layout', message: KF2_TAGGED_LAYOUT_NOTE, where: 'chunks' });
  }
  if (!file.meshes.some((mesh) => mesh.geometry && mesh.polygons)) {
    diagnostics.push({
      severity: 'error',
      code: 'kf2.no-surface',
      message: 'no mesh has both geometry and polygons: the file makes no cape',
      where: 'meshes',
    });
  }
  try {
    kf2Clips(file);
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    diagnostics.push({ severity: 'error', code: 'kf2.animation-fps', message: error.detail, where: error.where });
  }
  if (file.animations.length === 0) {
    diagnostics.push({
      severity: 'warning',
      code: 'kf2.no-animation',
      message: 'the file has no keyframe animation: a cape from it holds still',
      where: 'chunks',
    });
  }
  const names = new Set(file.meshes.map((mesh) => mesh.node?.name).filter((name) => name !== undefined));
  for (const camera of file.cameras) names.add(camera.node.name);
  file.skins.forEach((skin, index) => {
    const missing = skin.skeletonObjects.filter((name) => !names.has(name));
    if (missing.length) {
      diagnostics.push({
        severity: 'error',
        code: 'kf2.skin-bone-missing',
        message: `bones not in the file: ${missing.slice(0, 8).join(', ')}`,
        where: `skins[${index}].skeleton_objects`,
      });
    }
  });
  for (const chunk of file.skipped) {
    diagnostics.push({
      severity: 'info',
      code: 'kf2.chunk-skipped',
      message: `${chunk.name} (version ${chunk.version}, ${chunk.byteLength} bytes) is not in the spec: skipped`,
      where: chunk.where,
      offset: chunk.offset,
    });
  }
  return diagnostics;
}

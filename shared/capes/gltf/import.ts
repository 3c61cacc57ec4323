/**
 * glTF → MRF: the chosen animation of the file's merged mesh, baked at 1/fps by the cape baker.
 * Defaults: the first animation, from its first to its last key time, 30 fps, scale 1. The
 * `extras.morf` of our own export is honoured (texture path, interval, initial time, debug flag,
 * pivot, bounds radius, magic, unused header bytes) unless an option says otherwise.
 */
import { CodecError } from '../../binary/codec-error';
import type { MrfFile } from '../../mrf/types';
import { bakeCape, bakeInterval, type BakeOptions, type BakeSource } from '../bake';
import { FALLBACK_EXPORT_INTERVAL } from './export';
import { readMorfExtras, type MorfHeaderExtras } from './extras';
import { collectCapeMesh, textureLabel } from './mesh';
import { chooseAnimation, createPoser } from './pose';
import type { GltfFile } from './read';

/** What to bake. */
export interface GltfImportOptions {
  /** The animation's name, or its index (a number or digits); default the first. */
  animation?: string | number;
  /** Keyframes per second; default `extras.morf`'s interval, else 30. */
  fps?: number;
  /** Range start in seconds; default the animation's first key time. */
  startSeconds?: number;
  /** Range end in seconds; default the animation's last key time. */
  endSeconds?: number;
  /** Multiplies every position (after the axis change); default 1. */
  scale?: number;
  /** The MRF's texture path; default `extras.morf`'s, else none (with a warning). */
  texturePath?: string;
}

/** A glTF ready to bake: the source, the bake options and what was decided. */
export interface GltfCapeSource {
  source: BakeSource;
  bake: BakeOptions;
  animation: { index: number; name: string };
  warnings: string[];
}

/** The baked cape and what was decided on the way. */
export interface GltfImport {
  mrf: MrfFile;
  animation: { index: number; name: string };
  startSeconds: number;
  endSeconds: number;
  frameInterval: number;
  warnings: string[];
}

/** Prepares `file` for baking: the merged mesh, the chosen animation, the range and the header. */
export function gltfCapeSource(file: GltfFile, options: GltfImportOptions = {}): GltfCapeSource {
  const scale = options.scale ?? 1;
  if (!(scale > 0) || !Number.isFinite(scale)) {
    throw new CodecError({
      format: 'gltf',
      kind: 'invalid',
      where: 'scale',
      offset: 0,
      detail: `the scale must be a positive number, not ${scale}`,
    });
  }
  const mesh = collectCapeMesh(file);
  const animation = chooseAnimation(file, options.animation);
  const warnings = [...mesh.warnings, ...animation.warnings];
  const nodes = file.document.getRoot().listNodes();
  let extras: MorfHeaderExtras = {};
  for (const node of mesh.meshNodes) {
    const found = readMorfExtras(nodes[node]!.getExtras());
    if (Object.keys(found.header).length === 0 && found.ignored.length === 0) continue;
    extras = found.header;
    if (found.ignored.length)
      warnings.push(`extras.morf of nodes[${node}]: ignored ${found.ignored.join(', ')} (malformed)`);
    break;
  }
  const texturePath = options.texturePath ?? extras.texturePath ?? '';
  if (!texturePath) {
    const image = mesh.texture ? ` (the glTF's texture is ${textureLabel(mesh.texture)})` : '';
    warnings.push(`no texture path: pass --texture with the game path of the cape's texture${image}`);
  }
  const poser = createPoser(file, mesh, animation.tracks, scale);
  const source: BakeSource = {
    vertexCount: mesh.vertexCount,
    faces: mesh.faces,
    uvs: mesh.uvs,
    texturePath,
    sample: poser,
  };
  const bake: BakeOptions = {
    startSeconds: options.startSeconds ?? animation.startSeconds,
    endSeconds: options.endSeconds ?? animation.endSeconds,
    header: {
      ...(extras.magic !== undefined ? { magic: extras.magic } : {}),
      ...(extras.initialTime !== undefined ? { initialTime: extras.initialTime } : {}),
      ...(extras.debugFlag !== undefined ? { debugFlag: extras.debugFlag } : {}),
      ...(extras.pivot ? { pivot: extras.pivot.map((value) => value * scale) as [number, number, number] } : {}),
      ...(extras.boundsRadius !== undefined ? { boundsRadius: extras.boundsRadius * scale } : {}),
    },
    ...(extras.unusedHeaderBytes ? { unusedHeaderBytes: extras.unusedHeaderBytes } : {}),
  };
  if (options.fps !== undefined) bake.fps = options.fps;
  else if (extras.frameInterval !== undefined) {
    // Our export keys a cape whose interval is not positive at FALLBACK_EXPORT_INTERVAL: bake on
    // that grid and store the cape's own interval again.
    const positive = extras.frameInterval > 0 && Number.isFinite(extras.frameInterval);
    bake.frameInterval = positive ? extras.frameInterval : FALLBACK_EXPORT_INTERVAL;
    if (!positive) bake.header!.frameInterval = extras.frameInterval;
  }
  return { source, bake, animation: { index: animation.index, name: animation.name }, warnings };
}

/** Bakes `file` into an MRF (see {@link GltfImportOptions} for the defaults). */
export function gltfToMrf(file: GltfFile, options: GltfImportOptions = {}): GltfImport {
  const prepared = gltfCapeSource(file, options);
  const mrf = bakeCape(prepared.source, prepared.bake);
  return {
    mrf,
    animation: prepared.animation,
    startSeconds: prepared.bake.startSeconds,
    endSeconds: prepared.bake.endSeconds,
    frameInterval: bakeInterval(prepared.bake),
    warnings: prepared.warnings,
  };
}

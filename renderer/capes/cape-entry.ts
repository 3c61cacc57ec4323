/**
 * A cape (MRF file) as the editor knows it: where its game path resolved and whether it could be
 * read. Capes are assets, not document state: they are loaded through the host's data folders,
 * cached by game path and never undone.
 */
import type { Diagnostic } from '../../shared/diagnostics';
import type { MrfFile } from '../../shared/mrf/types';

/** Resolution state of a link's file: shown in the outliner and the timeline. */
export type CapeStatus = 'loading' | 'found' | 'missing' | 'unreadable';

/** What the properties show about a cape. */
export interface CapeStatistics {
  vertexCount: number;
  faceCount: number;
  keyframeCount: number;
  /** Seconds between keyframes. */
  frameInterval: number;
  /** Animation time at the show event, seconds. */
  initialTime: number;
  /** Length of the animation, (keyframes − 1) × interval, seconds. */
  durationSeconds: number;
  texturePath: string;
}

/** A cape file read and parsed. */
export interface LoadedCape {
  file: MrfFile;
  statistics: CapeStatistics;
  diagnostics: readonly Diagnostic[];
}

/** One cape in the asset cache. */
export interface CapeEntry {
  /** The game path asked for (the link's path, or the file path of a standalone .mrf). */
  gamePath: string;
  status: CapeStatus;
  /** The file path it resolved to, when found. */
  resolvedPath: string | null;
  /** Why it is missing or unreadable. */
  reason: string | null;
  cape: LoadedCape | null;
}

/** The cache key of a game path: case-insensitive, either slash. */
export function capeKey(gamePath: string): string {
  return gamePath.replace(/\//g, '\\').toLowerCase();
}

/** Statistics of an MRF file. */
export function capeStatistics(file: MrfFile): CapeStatistics {
  const keyframeCount = file.keyframes.length;
  const frameInterval = file.header.frameInterval;
  return {
    vertexCount: file.uvs.length / 2,
    faceCount: Math.floor(file.faces.length / 3),
    keyframeCount,
    frameInterval,
    initialTime: file.header.initialTime,
    durationSeconds: Math.max(0, keyframeCount - 1) * Math.max(0, frameInterval),
    texturePath: file.texturePath,
  };
}

/**
 * The span of timeline time, relative to a show key, during which the cape moves: animation time
 * runs from `initialTime` and the cape moves while it is inside [0, duration]. Null when it never
 * moves (one keyframe, interval 0 or negative).
 */
export function movingWindowMs(statistics: CapeStatistics): { startMs: number; endMs: number } | null {
  if (statistics.keyframeCount < 2 || statistics.frameInterval <= 0) return null;
  const startMs = Math.max(0, -statistics.initialTime) * 1000;
  const endMs = (statistics.durationSeconds - statistics.initialTime) * 1000;
  if (endMs <= startMs) return null;
  return { startMs, endMs };
}

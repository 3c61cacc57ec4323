/**
 * A cape (MRF file) as the editor knows it: where its game path resolved and whether it could be
 * read. Capes are assets, not document state: they are loaded through the host's data folders,
 * cached by game path and never undone.
 */
import type { Diagnostic } from '../../shared/diagnostics';
import { type MrfFile, type MrfTiming, mrfTiming } from '../../shared/mrf';

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
  /** Whether the game draws it, and when it moves after a show (shared/mrf's game rules). */
  timing: MrfTiming;
}

/** A cape file read and parsed. */
export interface LoadedCape {
  /** The file's bytes as read (the parsed arrays are views over them). */
  bytes: Uint8Array;
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
  const timing = mrfTiming(file);
  return {
    vertexCount: file.uvs.length / 2,
    faceCount: Math.floor(file.faces.length / 3),
    keyframeCount: file.keyframes.length,
    frameInterval: file.header.frameInterval,
    initialTime: file.header.initialTime,
    durationSeconds: timing.durationSeconds,
    texturePath: file.texturePath,
    timing,
  };
}

/**
 * The span of timeline time, relative to a show key, during which the cape moves (animation time
 * inside [0, duration]); null when it never moves (one keyframe, interval 0 or negative).
 */
export function movingWindowMs(statistics: CapeStatistics): { startMs: number; endMs: number } | null {
  const { moveStartSeconds, moveEndSeconds } = statistics.timing;
  if (!(moveEndSeconds > moveStartSeconds)) return null;
  return { startMs: moveStartSeconds * 1000, endMs: moveEndSeconds * 1000 };
}

/**
 * A procedurally animated cape: a cloth sheet hanging from the shoulders, lifted and rippled by
 * wind. Each column of vertices is a chain whose segment angles carry a lift that grows towards
 * the hem and a wave travelling down the cloth; gusts come from seeded sinusoids. Positions are
 * in Warcraft III model space (Z up, the character facing +X, the cape behind it).
 */
import { createMrf } from '../../shared/mrf/create';
import { mrfPivotAndRadius } from '../../shared/mrf/bounds';
import { MRF_FLOATS_PER_VERTEX } from '../../shared/mrf/layout';
import type { MrfFile } from '../../shared/mrf/types';
import { seededRandom } from '../../shared/random';

/** Vertices across the cape (shoulder to shoulder). */
export const CAPE_COLUMNS = 15;
/** Vertices down the cape (collar to hem). */
export const CAPE_ROWS = 20;
const CAPE_LENGTH = 88;
const CAPE_HALF_WIDTH = 24;
const COLLAR: [number, number, number] = [-9, 0, 114];
const GUSTS = 3;

/** How one cape moves. */
export interface CapeMotion {
  seed: number;
  keyframeCount: number;
  framesPerSecond: number;
  /** Written to the header: the animation time at the show event. */
  initialTime: number;
  /** Wind strength: how far the cape lifts (about 0.4 calm … 1.4 stormy). */
  wind: number;
  /** Phase offset of the slow sway and the travelling wave, in radians. */
  phase: number;
  /** How much the wind varies in gusts (0 steady … 1 gusty). */
  gustiness: number;
  /** Which way the character faces, in degrees around Z. */
  yawDegrees: number;
}

/** The cape's triangles: two per grid cell, facing away from the character (−X) at rest. */
export function capeFaces(): Uint16Array {
  const corners: number[] = [];
  for (let row = 0; row + 1 < CAPE_ROWS; row += 1) {
    for (let column = 0; column + 1 < CAPE_COLUMNS; column += 1) {
      const a = row * CAPE_COLUMNS + column;
      const b = a + 1;
      const c = a + CAPE_COLUMNS;
      const d = c + 1;
      corners.push(a, b, c, b, d, c);
    }
  }
  return Uint16Array.from(corners);
}

/** UVs as MRF stores them: u across, v = 0 at the collar (the texture's top row). */
export function capeUvs(): Float32Array {
  const uvs = new Float32Array(CAPE_COLUMNS * CAPE_ROWS * 2);
  for (let row = 0; row < CAPE_ROWS; row += 1) {
    for (let column = 0; column < CAPE_COLUMNS; column += 1) {
      const vertex = row * CAPE_COLUMNS + column;
      uvs[vertex * 2] = column / (CAPE_COLUMNS - 1);
      uvs[vertex * 2 + 1] = row / (CAPE_ROWS - 1);
    }
  }
  return uvs;
}

/** One cape MRF pointing at `texturePath`. */
export function capeMrf(motion: CapeMotion, texturePath: string): MrfFile {
  const faces = capeFaces();
  const gust = gustFunction(motion);
  const keyframes: Float32Array[] = [];
  for (let index = 0; index < motion.keyframeCount; index += 1) {
    const keyframe = new Float32Array(CAPE_COLUMNS * CAPE_ROWS * MRF_FLOATS_PER_VERTEX);
    capePositions(motion, index / motion.framesPerSecond, gust, keyframe);
    computeNormals(keyframe, faces);
    keyframes.push(keyframe);
  }
  const { pivot, radius } = mrfPivotAndRadius({ keyframes });
  return createMrf({
    texturePath,
    faces,
    uvs: capeUvs(),
    keyframes,
    header: { frameInterval: 1 / motion.framesPerSecond, initialTime: motion.initialTime, pivot, boundsRadius: radius },
  });
}

function gustFunction(motion: CapeMotion): (seconds: number) => number {
  const random = seededRandom(motion.seed);
  const waves = Array.from({ length: GUSTS }, () => ({
    frequency: 2 * Math.PI * (0.2 + random() * 0.9),
    phase: random() * 2 * Math.PI,
    amplitude: 0.5 + random() * 0.5,
  }));
  return (seconds) => {
    let sum = 0;
    for (const wave of waves) sum += wave.amplitude * Math.sin(wave.frequency * seconds + wave.phase);
    return (motion.gustiness * sum) / GUSTS;
  };
}

/** Writes the positions of every vertex at `seconds` into `keyframe` (normals are filled later). */
function capePositions(
  motion: CapeMotion,
  seconds: number,
  gust: (seconds: number) => number,
  keyframe: Float32Array,
): void {
  const segment = CAPE_LENGTH / (CAPE_ROWS - 1);
  const yaw = (motion.yawDegrees * Math.PI) / 180;
  const cosYaw = Math.cos(yaw);
  const sinYaw = Math.sin(yaw);
  const lift =
    motion.wind * (0.42 + 0.16 * Math.sin(2 * Math.PI * 0.35 * seconds + motion.phase) + 0.2 * gust(seconds));
  for (let column = 0; column < CAPE_COLUMNS; column += 1) {
    const across = (column / (CAPE_COLUMNS - 1)) * 2 - 1;
    let back = 0;
    let down = 0;
    for (let row = 0; row < CAPE_ROWS; row += 1) {
      const along = row / (CAPE_ROWS - 1);
      if (row > 0) {
        const wave =
          0.32 *
          motion.wind *
          along *
          Math.sin(2 * Math.PI * (1.4 * along - 1.1 * seconds) + motion.phase + 0.9 * across);
        const angle = Math.max(0, Math.min(1.45, lift * (0.45 + 0.9 * along) + wave));
        back += Math.sin(angle) * segment;
        down += Math.cos(angle) * segment;
      }
      const shoulderWrap = 6 * across * across * (1 - along) * (1 - along);
      const flutter =
        3.5 * motion.wind * along * along * Math.sin(2 * Math.PI * 0.8 * seconds + 2.3 * across + motion.phase);
      const x = COLLAR[0] - back + shoulderWrap;
      const y = across * CAPE_HALF_WIDTH * (1 + 0.3 * along) + flutter;
      const z = COLLAR[2] - down;
      const base = (row * CAPE_COLUMNS + column) * MRF_FLOATS_PER_VERTEX;
      keyframe[base] = x * cosYaw - y * sinYaw;
      keyframe[base + 1] = x * sinYaw + y * cosYaw;
      keyframe[base + 2] = z;
    }
  }
}

/** Area-weighted vertex normals from the triangles, normalised, written after each position. */
function computeNormals(keyframe: Float32Array, faces: Uint16Array): void {
  const vertexCount = keyframe.length / MRF_FLOATS_PER_VERTEX;
  const sums = new Float64Array(vertexCount * 3);
  for (let corner = 0; corner < faces.length; corner += 3) {
    const a = faces[corner]! * MRF_FLOATS_PER_VERTEX;
    const b = faces[corner + 1]! * MRF_FLOATS_PER_VERTEX;
    const c = faces[corner + 2]! * MRF_FLOATS_PER_VERTEX;
    const abx = keyframe[b]! - keyframe[a]!;
    const aby = keyframe[b + 1]! - keyframe[a + 1]!;
    const abz = keyframe[b + 2]! - keyframe[a + 2]!;
    const acx = keyframe[c]! - keyframe[a]!;
    const acy = keyframe[c + 1]! - keyframe[a + 1]!;
    const acz = keyframe[c + 2]! - keyframe[a + 2]!;
    const nx = aby * acz - abz * acy;
    const ny = abz * acx - abx * acz;
    const nz = abx * acy - aby * acx;
    for (const vertex of [faces[corner]!, faces[corner + 1]!, faces[corner + 2]!]) {
      sums[vertex * 3] = sums[vertex * 3]! + nx;
      sums[vertex * 3 + 1] = sums[vertex * 3 + 1]! + ny;
      sums[vertex * 3 + 2] = sums[vertex * 3 + 2]! + nz;
    }
  }
  for (let vertex = 0; vertex < vertexCount; vertex += 1) {
    const x = sums[vertex * 3]!;
    const y = sums[vertex * 3 + 1]!;
    const z = sums[vertex * 3 + 2]!;
    const length = Math.sqrt(x * x + y * y + z * z) || 1;
    const base = vertex * MRF_FLOATS_PER_VERTEX;
    keyframe[base + 3] = x / length;
    keyframe[base + 4] = y / length;
    keyframe[base + 5] = z / length;
  }
}

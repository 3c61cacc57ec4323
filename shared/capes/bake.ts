/**
 * The cape baker: samples any animated mesh at a fixed rate into MRF keyframes. A format's
 * importer (glTF today; EMF and KF2 next) describes its mesh as a {@link BakeSource} — topology,
 * UVs, texture path, and a function that poses the vertices at a time — and {@link bakeCape}
 * does the rest: the time grid, one sample per keyframe into reused buffers, unit normals, the
 * header (pivot and bounds radius computed unless given).
 */
import { CodecError } from '../binary/codec-error';
import { createMrf } from '../mrf/create';
import {
  MRF_ADDRESSABLE_VERTEX_COUNT,
  MRF_CORNERS_PER_FACE,
  MRF_FLOATS_PER_UV,
  MRF_FLOATS_PER_VERTEX,
  MRF_HEADER_BYTE_SIZE,
  MRF_HEADER_OFFSET,
  MRF_MAX_KEYFRAME_COUNT,
} from '../mrf/layout';
import type { MrfFile, MrfHeader } from '../mrf/types';

/** A mesh that can be posed at any time: what an importer hands the baker. */
export interface BakeSource {
  /** Vertices (at most 65,536: MRF faces are uint16). */
  readonly vertexCount: number;
  /** Triangles: three vertex indices each. */
  readonly faces: Uint16Array;
  /** (u, v) per vertex, MRF's convention (origin at the texture's top-left, as glTF). */
  readonly uvs: Float32Array;
  /** The game path of the texture (`Textures\Cape.blp`); may be empty. */
  readonly texturePath: string;
  /**
   * Writes the vertices posed at `timeSeconds` into `positions` and `normals` (3 numbers per
   * vertex each, Warcraft III's Z-up axes, in the cape's units). The arrays are the baker's and
   * reused for every keyframe: a source must not keep them, and should allocate nothing per call.
   * Normals need not be unit length; the baker normalises them.
   */
  sample(timeSeconds: number, positions: Float32Array, normals: Float32Array): void;
}

/**
 * The header fields a bake may set; the counts come from the arrays. `frameInterval`, when given,
 * is stored instead of the sampling interval: an MRF's own non-positive interval (0: the game does
 * not render it; negative: its last keyframe only) kept through a round trip.
 */
export type BakeHeader = Partial<
  Pick<MrfHeader, 'magic' | 'initialTime' | 'debugFlag' | 'pivot' | 'boundsRadius' | 'frameInterval'>
>;

/** When and how often to sample. */
export interface BakeOptions {
  /** First keyframe's time in seconds. */
  startSeconds: number;
  /** Last keyframe's time in seconds (≥ start); off the 1/fps grid it still gets its own keyframe. */
  endSeconds: number;
  /** Keyframes per second (default 30); ignored when `frameInterval` is given. */
  fps?: number;
  /**
   * Seconds between keyframes, stored as the header's float32 interval: for a rate read from a
   * file (an MRF's own interval) that must come back bit for bit rather than through 1/fps.
   */
  frameInterval?: number;
  /** Header fields to store; pivot and bounds radius are computed over every keyframe when absent. */
  header?: BakeHeader;
  /** The header's 20 bytes at 44..63 that the game ignores, kept from an earlier export. */
  unusedHeaderBytes?: Uint8Array;
}

/** The default keyframe rate. */
export const DEFAULT_BAKE_FPS = 30;

/**
 * How far, in frames, the range's end may lie from a grid time and still count as on the grid
 * (glTF key times are float32: `(n − 1) × interval` rounds by up to about 1e-4 frames at an hour).
 */
export const BAKE_GRID_TOLERANCE_FRAMES = 1e-3;

/** The most keyframe bytes a bake allocates (1 GiB): a larger cape needs a lower rate or a shorter range. */
export const BAKE_MAX_KEYFRAME_BYTES = 2 ** 30;

/** Bytes of the header the game ignores (44..63). */
export const MRF_UNUSED_HEADER_BYTE_SIZE = MRF_HEADER_BYTE_SIZE - MRF_HEADER_OFFSET.ignored;

/**
 * The keyframe times of a bake: `start + k × interval` while before the end, then the end itself —
 * exactly, whether or not it falls on the grid (within {@link BAKE_GRID_TOLERANCE_FRAMES}).
 */
export function bakeTimes(startSeconds: number, endSeconds: number, frameInterval: number): Float64Array {
  checkRange(startSeconds, endSeconds, frameInterval);
  const frames = (endSeconds - startSeconds) / frameInterval;
  const nearest = Math.round(frames);
  const onGrid = Math.abs(frames - nearest) <= BAKE_GRID_TOLERANCE_FRAMES;
  const count = onGrid ? nearest + 1 : Math.floor(frames) + 2;
  if (count > MRF_MAX_KEYFRAME_COUNT) {
    throw bakeError(
      'limit',
      'keyframeCount',
      `${endSeconds - startSeconds} s at ${1 / frameInterval} fps makes ${count} keyframes, more than an MRF ` +
        `holds (${MRF_MAX_KEYFRAME_COUNT}): lower the rate (--fps) or shorten the range (--start, --end)`,
    );
  }
  const times = new Float64Array(count);
  for (let key = 0; key < count - 1; key += 1) times[key] = startSeconds + key * frameInterval;
  times[count - 1] = endSeconds;
  return times;
}

/** The keyframe interval of `options`: `frameInterval`, else 1 / `fps` (30 by default). */
export function bakeInterval(options: Pick<BakeOptions, 'fps' | 'frameInterval'>): number {
  if (options.frameInterval !== undefined) return options.frameInterval;
  const fps = options.fps ?? DEFAULT_BAKE_FPS;
  if (!(fps > 0) || !Number.isFinite(fps)) {
    throw bakeError('invalid', 'fps', `the rate must be a positive number of keyframes per second, not ${fps}`);
  }
  return 1 / fps;
}

/** Bakes `source` over the options' range into a new MRF file (canonical, ready for `writeMrf`). */
export function bakeCape(source: BakeSource, options: BakeOptions): MrfFile {
  checkSource(source);
  const frameInterval = bakeInterval(options);
  const times = bakeTimes(options.startSeconds, options.endSeconds, frameInterval);
  const vertexCount = source.vertexCount;
  const floatsPerKeyframe = vertexCount * MRF_FLOATS_PER_VERTEX;
  if (times.length * floatsPerKeyframe * 4 > BAKE_MAX_KEYFRAME_BYTES) {
    throw bakeError(
      'limit',
      'keyframes',
      `${times.length} keyframes of ${vertexCount} vertices need ${times.length * floatsPerKeyframe * 4} bytes, ` +
        `more than ${BAKE_MAX_KEYFRAME_BYTES}: lower the rate (--fps) or shorten the range (--start, --end)`,
    );
  }
  const storage = new Float32Array(times.length * floatsPerKeyframe);
  const keyframes: Float32Array[] = [];
  const positions = new Float32Array(vertexCount * 3);
  const normals = new Float32Array(vertexCount * 3);
  // Bounds of every finite position, gathered while each keyframe is in cache (as mrfBounds counts them).
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let key = 0; key < times.length; key += 1) {
    positions.fill(0);
    normals.fill(0);
    source.sample(times[key]!, positions, normals);
    const keyframe = storage.subarray(key * floatsPerKeyframe, (key + 1) * floatsPerKeyframe);
    for (let vertex = 0; vertex < vertexCount; vertex += 1) {
      const from = vertex * 3;
      const to = vertex * MRF_FLOATS_PER_VERTEX;
      keyframe[to] = positions[from]!;
      keyframe[to + 1] = positions[from + 1]!;
      keyframe[to + 2] = positions[from + 2]!;
      // Unit normals (as normalizeVectors makes them: a zero or non-finite length left alone).
      const nx = normals[from]!;
      const ny = normals[from + 1]!;
      const nz = normals[from + 2]!;
      const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
      const divisor = length > 0 && length !== Infinity ? length : 1;
      keyframe[to + 3] = nx / divisor;
      keyframe[to + 4] = ny / divisor;
      keyframe[to + 5] = nz / divisor;
      const x = keyframe[to]!;
      const y = keyframe[to + 1]!;
      const z = keyframe[to + 2]!;
      if (x - x !== 0 || y - y !== 0 || z - z !== 0) continue;
      if (x < min[0]!) min[0] = x;
      if (x > max[0]!) max[0] = x;
      if (y < min[1]!) min[1] = y;
      if (y > max[1]!) max[1] = y;
      if (z < min[2]!) min[2] = z;
      if (z > max[2]!) max[2] = z;
    }
    keyframes.push(keyframe);
  }
  const header = options.header ?? {};
  const computed =
    header.pivot && header.boundsRadius !== undefined ? undefined : pivotAndRadius(storage, min, max, vertexCount);
  const file = createMrf({
    texturePath: source.texturePath,
    faces: source.faces,
    uvs: source.uvs,
    keyframes,
    header: {
      ...header,
      frameInterval: header.frameInterval ?? frameInterval,
      pivot: header.pivot ?? computed!.pivot,
      boundsRadius: header.boundsRadius ?? computed!.radius,
    },
  });
  if (options.unusedHeaderBytes) {
    file.headerBytes.set(options.unusedHeaderBytes.subarray(0, MRF_UNUSED_HEADER_BYTE_SIZE), MRF_HEADER_OFFSET.ignored);
  }
  return file;
}

/**
 * The bounds' centre and the largest distance from it to a finite position — what
 * `mrfPivotAndRadius` computes, from bounds already gathered, in one pass over the keyframes.
 */
function pivotAndRadius(
  storage: Float32Array,
  min: number[],
  max: number[],
  vertexCount: number,
): { pivot: [number, number, number]; radius: number } {
  if (min[0] === Infinity || vertexCount === 0) return { pivot: [0, 0, 0], radius: 0 };
  const pivot: [number, number, number] = [(min[0]! + max[0]!) / 2, (min[1]! + max[1]!) / 2, (min[2]! + max[2]!) / 2];
  let radiusSquared = 0;
  for (let at = 0; at < storage.length; at += MRF_FLOATS_PER_VERTEX) {
    const dx = storage[at]! - pivot[0];
    const dy = storage[at + 1]! - pivot[1];
    const dz = storage[at + 2]! - pivot[2];
    const distanceSquared = dx * dx + dy * dy + dz * dz;
    if (distanceSquared > radiusSquared && distanceSquared !== Infinity) radiusSquared = distanceSquared;
  }
  return { pivot, radius: Math.sqrt(radiusSquared) };
}

function checkRange(startSeconds: number, endSeconds: number, frameInterval: number): void {
  if (!(frameInterval > 0) || !Number.isFinite(frameInterval)) {
    throw bakeError(
      'invalid',
      'frameInterval',
      `the interval must be a positive number of seconds, not ${frameInterval}`,
    );
  }
  if (!Number.isFinite(startSeconds) || !Number.isFinite(endSeconds)) {
    throw bakeError('invalid', 'range', `the range ${startSeconds}–${endSeconds} s is not finite`);
  }
  if (endSeconds < startSeconds) {
    throw bakeError(
      'invalid',
      'range',
      `the range ends (${endSeconds} s) before it starts (${startSeconds} s): swap --start and --end`,
    );
  }
}

function checkSource(source: BakeSource): void {
  const { vertexCount, faces, uvs } = source;
  if (!Number.isInteger(vertexCount) || vertexCount < 0) {
    throw bakeError('invalid', 'vertexCount', `${vertexCount} is not a vertex count`);
  }
  if (vertexCount > MRF_ADDRESSABLE_VERTEX_COUNT) {
    throw bakeError(
      'limit',
      'vertexCount',
      `the mesh has ${vertexCount} vertices; an MRF addresses at most ${MRF_ADDRESSABLE_VERTEX_COUNT} ` +
        '(uint16 faces): decimate the mesh or split the cape',
    );
  }
  if (uvs.length !== vertexCount * MRF_FLOATS_PER_UV) {
    throw bakeError('invalid', 'uvs', `${uvs.length} UV numbers for ${vertexCount} vertices (2 per vertex expected)`);
  }
  if (faces.length % MRF_CORNERS_PER_FACE !== 0) {
    throw bakeError('invalid', 'faces', `${faces.length} corners is not a whole number of triangles`);
  }
  for (let corner = 0; corner < faces.length; corner += 1) {
    if (faces[corner]! >= vertexCount) {
      throw bakeError(
        'invalid',
        `faces[${corner}]`,
        `the corner names vertex ${faces[corner]}, past the ${vertexCount} vertices`,
      );
    }
  }
}

function bakeError(kind: 'invalid' | 'limit', where: string, detail: string): CodecError {
  return new CodecError({ format: 'mrf', kind, where: `bake.${where}`, offset: 0, detail });
}

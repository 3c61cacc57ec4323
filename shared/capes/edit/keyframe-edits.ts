/**
 * Edits of a cape's keyframes: retime (resample to a new fps), trim to a keyframe range, reverse, recompute normals.
 * Each returns a new MrfFile and leaves the one given untouched; faces, UVs, the texture chunk and the header bytes
 * are shared, so only the keyframes (and the counts the writer derives from them) differ on write. Non-zero padding
 * kept after a keyframe follows that keyframe where it moves; the source layout (for validation) is dropped.
 */
import { computeVertexNormals } from '../normals';
import { MRF_FLOATS_PER_VERTEX } from '../../mrf/layout';
import type { MrfFile } from '../../mrf/types';
import { CapeEditError } from './cape-edit-error';

/** The most keyframe bytes a retime may produce (the host's file limit). */
export const MAX_RETIMED_KEYFRAME_BYTES = 512 * 1024 * 1024;

/** A new file whose keyframe `index` is `keyframes[index]`, coming from the source keyframe `sourceOf(index)`. */
function withKeyframes(file: MrfFile, keyframes: Float32Array[], sourceOf: (index: number) => number | null): MrfFile {
  const { layout: _layout, padding, ...rest } = file;
  const moved = new Map<string, Uint8Array>();
  for (const [name, bytes] of padding ?? []) if (!name.startsWith('keyframes[')) moved.set(name, bytes);
  keyframes.forEach((_keyframe, index) => {
    const source = sourceOf(index);
    const bytes = source === null ? undefined : padding?.get(`keyframes[${source}]`);
    if (bytes) moved.set(`keyframes[${index}]`, bytes);
  });
  return {
    ...rest,
    header: { ...file.header, keyframeCount: keyframes.length },
    keyframes,
    ...(moved.size > 0 ? { padding: moved } : {}),
  };
}

/** The animation's length in seconds, (keyframes − 1) × interval; refuses what cannot be retimed. */
function checkedDuration(file: MrfFile, operation: string): number {
  const interval = file.header.frameInterval;
  if (!(interval > 0) || !Number.isFinite(interval))
    throw new CapeEditError(
      operation,
      `the frame interval is ${interval}: set a positive frame interval (the cape's own fps) first`,
    );
  return (file.keyframes.length - 1) * interval;
}

/**
 * How far a duration × fps may be from a whole number and still count as one: intervals are float32 (about 6e-8 off
 * 1/30, say), so 120 keyframes at 1/30 s make 119.0000036 intervals at 30 fps.
 */
const WHOLE_INTERVALS_TOLERANCE = 1e-6;

/**
 * Resamples the animation at `fps` over the same duration (issue 21: the game plays keyframe k at k × interval, so the
 * last keyframe must stay at the end): round(duration × fps) intervals — 120 keyframes at 30 fps stay 120 at 30 fps,
 * become 239 at 60 — and the interval 1 / fps when the duration is a whole number of those, else duration / intervals
 * (the fps nearest the one asked that keeps the duration). Positions and normals are interpolated linearly between the
 * two nearest keyframes (normals made unit again); keyframes that fall on old ones are the old arrays. The same
 * keyframe count at the same interval is the file itself (nothing changed).
 */
export function retimeCape(file: MrfFile, fps: number): MrfFile {
  if (!(fps > 0) || !Number.isFinite(fps)) throw new CapeEditError('retime', `the fps must be positive, not ${fps}`);
  if (file.keyframes.length === 0) throw new CapeEditError('retime', 'the cape has no keyframe');
  const duration = checkedDuration(file, 'retime');
  const sourceIntervals = file.keyframes.length - 1;
  const wanted = duration * fps;
  const intervals = sourceIntervals === 0 ? 0 : Math.max(1, Math.round(wanted));
  const count = intervals + 1;
  const floats = file.keyframes[0]!.length;
  if (count * floats * 4 > MAX_RETIMED_KEYFRAME_BYTES)
    throw new CapeEditError(
      'retime',
      `${count} keyframes of ${floats / MRF_FLOATS_PER_VERTEX} vertices would exceed ${MAX_RETIMED_KEYFRAME_BYTES} ` +
        'bytes: choose a lower fps',
    );
  const whole = Math.abs(wanted - intervals) <= WHOLE_INTERVALS_TOLERANCE * Math.max(1, intervals);
  const frameInterval = Math.fround(intervals === 0 || whole ? 1 / fps : duration / intervals);
  if (count === file.keyframes.length && frameInterval === Math.fround(file.header.frameInterval)) return file;
  const keyframes: Float32Array[] = [];
  for (let index = 0; index < count; index += 1) {
    // Where keyframe `index` falls among the old ones: exactly index × old / new intervals (no float drift).
    const position = intervals === 0 ? 0 : (index * sourceIntervals) / intervals;
    const from = Math.min(sourceIntervals, Math.floor(position + 1e-9));
    const to = Math.min(sourceIntervals, from + 1);
    const weight = to === from ? 0 : Math.max(0, Math.min(1, position - from));
    keyframes.push(blendKeyframes(file.keyframes[from]!, file.keyframes[to]!, weight < 1e-9 ? 0 : weight));
  }
  const retimed = withKeyframes(file, keyframes, () => null);
  return { ...retimed, header: { ...retimed.header, frameInterval } };
}

/** `a` when weight is 0 (the same array, shared), `b` when 1, otherwise a blend with unit normals. */
function blendKeyframes(a: Float32Array, b: Float32Array, weight: number): Float32Array {
  if (weight === 0) return a;
  if (weight === 1) return b;
  const out = new Float32Array(a.length);
  for (let base = 0; base + MRF_FLOATS_PER_VERTEX <= a.length; base += MRF_FLOATS_PER_VERTEX) {
    for (let axis = 0; axis < MRF_FLOATS_PER_VERTEX; axis += 1)
      out[base + axis] = a[base + axis]! + (b[base + axis]! - a[base + axis]!) * weight;
    const x = out[base + 3]!;
    const y = out[base + 4]!;
    const z = out[base + 5]!;
    const length = Math.sqrt(x * x + y * y + z * z);
    if (length > 0 && Number.isFinite(length)) {
      out[base + 3] = x / length;
      out[base + 4] = y / length;
      out[base + 5] = z / length;
    }
  }
  return out;
}

/** Keeps keyframes `first` to `last` inclusive (0-based). */
export function trimCape(file: MrfFile, first: number, last: number): MrfFile {
  const count = file.keyframes.length;
  if (!Number.isInteger(first) || !Number.isInteger(last) || first < 0 || last >= count || first > last)
    throw new CapeEditError(
      'trim',
      `the range ${first}–${last} is not within the keyframes 0–${count - 1} (first ≤ last, whole numbers)`,
    );
  if (first === 0 && last === count - 1) return file;
  return withKeyframes(file, file.keyframes.slice(first, last + 1), (index) => index + first);
}

/** Plays the animation backwards: the last keyframe becomes the first. */
export function reverseCape(file: MrfFile): MrfFile {
  const count = file.keyframes.length;
  if (count < 2) return file;
  return withKeyframes(file, file.keyframes.slice().reverse(), (index) => count - 1 - index);
}

/**
 * Every keyframe's normals computed from its faces (area-weighted, unit length; a vertex no face uses keeps a zero
 * normal), positions unchanged.
 */
export function recomputeCapeNormals(file: MrfFile): MrfFile {
  const vertexCount = file.uvs.length / 2;
  const positions = new Float32Array(vertexCount * 3);
  const normals = new Float32Array(vertexCount * 3);
  const keyframes = file.keyframes.map((keyframe) => {
    for (let vertex = 0; vertex < vertexCount; vertex += 1) {
      positions[vertex * 3] = keyframe[vertex * MRF_FLOATS_PER_VERTEX]!;
      positions[vertex * 3 + 1] = keyframe[vertex * MRF_FLOATS_PER_VERTEX + 1]!;
      positions[vertex * 3 + 2] = keyframe[vertex * MRF_FLOATS_PER_VERTEX + 2]!;
    }
    computeVertexNormals(positions, file.faces, vertexCount, normals);
    const out = keyframe.slice();
    for (let vertex = 0; vertex < vertexCount; vertex += 1) {
      out[vertex * MRF_FLOATS_PER_VERTEX + 3] = normals[vertex * 3]!;
      out[vertex * MRF_FLOATS_PER_VERTEX + 4] = normals[vertex * 3 + 1]!;
      out[vertex * MRF_FLOATS_PER_VERTEX + 5] = normals[vertex * 3 + 2]!;
    }
    return out;
  });
  return withKeyframes(file, keyframes, (index) => index);
}

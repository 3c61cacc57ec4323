/**
 * A track's value at a sample time, for every interpolation kind, written into the caller's array (no allocation).
 *
 * The rules (what the game shows, as far as the community's viewers agree; where they disagree we say which we took):
 * - A track on a global sequence reads its keys at the global clock modulo the duration, inside [0, duration]. A
 *   global sequence of duration 0 holds frame 0. A globalSequenceId with no GLBS entry is ignored: the default value.
 * - Any other track reads its keys at the frame inside the playing sequence's interval [start, end] only: keys
 *   outside it belong to other sequences and are ignored. With no sequence playing, the default value.
 * - No key inside the interval: the default value (the object's static value — a layer's alpha, a geoset
 *   animation's colour, a camera's position — or the identity for node translation, rotation and scaling).
 * - Before the first key inside the interval: the default value too (the game does not reach back into the previous
 *   sequence; mdx-m3-viewer and Retera's Model Studio instead interpolate from the interval's last key across the
 *   loop). From the last key to the interval's end: the last key's value (those two viewers interpolate towards the
 *   first key across the loop; we hold, which is what a key placed at the end of a sequence shows).
 * - Between two keys, by the track's interpolation: none (step: the earlier key), linear (lerp; slerp for the
 *   quaternion tracks KGRT and KTAR), Hermite and Bezier with the earlier key's out-tangent and the later key's
 *   in-tangent (the cubic Hermite and Bezier bases; for quaternions the game's squad, see quaternion.ts).
 * - Visibility tracks (KATV, KLAV, KPEV, KP2V, KRVS, KPPV) are stepped whatever their interpolation (the game
 *   forces it; mdx-m3-viewer does too), and so are the integer tracks (KMTF texture ids, KRTX texture slots): an id
 *   is never between two ids.
 * - Keys out of time order (validation reports them) are read in time order ({@link timeOrdered}); of two keys at
 *   one frame the later in the file wins.
 */
import { INTERPOLATION, isIntegerTrack, type Track } from '../track';
import { type Numbers, slerp, squad } from './quaternion';
import { type SampleTime, hasSequence } from './sample-time';

/** Tracks the game steps whatever interpolation they declare. */
const STEPPED_TAGS: ReadonlySet<string> = new Set(['KATV', 'KLAV', 'KPEV', 'KP2V', 'KRVS', 'KPPV']);

/** Quaternion tracks (slerp and squad rather than per-component interpolation). */
const QUATERNION_TAGS: ReadonlySet<string> = new Set(['KGRT', 'KTAR']);

/** The interpolation a track is sampled with (see the module comment: some tracks are always stepped). */
export function effectiveInterpolation(track: Track): number {
  return STEPPED_TAGS.has(track.tag) || isIntegerTrack(track.tag) ? INTERPOLATION.none : track.interpolation;
}

const ordered = new WeakMap<Track, Track>();

/**
 * The track with its keys in time order: itself when they are (almost always), else a copy with the keys stably
 * sorted by frame (keys at one frame keep their file order), made once per track. The samplers read tracks through
 * this, since they search keys by bisection.
 */
export function timeOrdered(track: Track): Track {
  const known = ordered.get(track);
  if (known) return known;
  const { keyWords, stride, keyCount } = track;
  let sorted = true;
  for (let key = 1; key < keyCount && sorted; key += 1)
    sorted = keyWords[key * stride]! >= keyWords[(key - 1) * stride]!;
  let result = track;
  if (!sorted) {
    const keys = Array.from({ length: keyCount }, (_, key) => key).sort(
      (left, right) => keyWords[left * stride]! - keyWords[right * stride]! || left - right,
    );
    const words = new Uint32Array(keyCount * stride);
    const source = new Uint32Array(keyWords.buffer, keyWords.byteOffset, keyWords.length);
    keys.forEach((key, index) => words.set(source.subarray(key * stride, (key + 1) * stride), index * stride));
    result = {
      ...track,
      keyWords: new Int32Array(words.buffer),
      keyValues: track.keyValues instanceof Uint32Array ? words : new Float32Array(words.buffer),
    };
  }
  ordered.set(track, result);
  return result;
}

/**
 * The first key of a time-ordered track whose frame is ≥ `frame` (keyCount when none). Key frames are whole
 * milliseconds: a caller with a fractional frame may pass its ceiling (the same key, and no boxed number).
 */
export function lowerBound(track: Track, frame: number): number {
  const words = track.keyWords;
  const stride = track.stride;
  let low = 0;
  let high = track.keyCount;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle * stride]! < frame) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first key whose frame is > `frame` (keyCount when none). */
function upperBound(track: Track, frame: number): number {
  const words = track.keyWords;
  const stride = track.stride;
  let low = 0;
  let high = track.keyCount;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle * stride]! <= frame) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Where {@link locateKeys} puts its answer (module state: the samplers are synchronous and allocate nothing). */
const located = { before: -1, after: -1, factor: 0 };

/**
 * Finds the keys around `time` for `track`: `located.before` (−1: the default value), `located.after` (−1: hold
 * `before`) and the factor between them. Returns false when the default value applies.
 */
function locateKeys(track: Track, time: SampleTime): boolean {
  if (track.keyCount === 0) return false;
  let frame: number;
  let start: number;
  let end: number;
  if (track.globalSequenceId >= 0) {
    const duration = time.globalSequences[track.globalSequenceId];
    if (duration === undefined || !(duration >= 0)) return false;
    start = 0;
    end = duration;
    frame = duration > 0 ? time.globalMs - Math.floor(time.globalMs / duration) * duration : 0;
    if (!Number.isFinite(frame)) return false;
  } else {
    if (!hasSequence(time)) return false;
    start = time.sequenceStartMs;
    end = time.sequenceEndMs;
    frame = time.frameMs;
    if (!(frame >= start && frame <= end)) return false;
  }
  const first = lowerBound(track, start);
  const last = upperBound(track, end) - 1;
  if (first > last) return false;
  const words = track.keyWords;
  const stride = track.stride;
  if (frame < words[first * stride]!) return false;
  const before = Math.min(upperBound(track, frame) - 1, last);
  located.before = before;
  if (before >= last) {
    located.after = -1;
    located.factor = 0;
    return true;
  }
  const frameBefore = words[before * stride]!;
  const frameAfter = words[(before + 1) * stride]!;
  located.after = before + 1;
  located.factor = (frame - frameBefore) / (frameAfter - frameBefore);
  return true;
}

/** The cubic Hermite basis: p0, its out-tangent m0, the next key's in-tangent m1, p1. */
export function hermite(p0: number, m0: number, m1: number, p1: number, t: number): number {
  const squared = t * t;
  return (
    p0 * (squared * (2 * t - 3) + 1) +
    m0 * (squared * (t - 2) + t) +
    m1 * (squared * (t - 1)) +
    p1 * (squared * (3 - 2 * t))
  );
}

/** The cubic Bezier basis: p0, its out-tangent c0, the next key's in-tangent c1, p1 (the control points). */
export function bezier(p0: number, c0: number, c1: number, p1: number, t: number): number {
  const inverse = 1 - t;
  return p0 * inverse * inverse * inverse + 3 * c0 * t * inverse * inverse + 3 * c1 * t * t * inverse + p1 * t * t * t;
}

/**
 * Writes the track's value at `time` into out[outOffset…] (its `components` numbers), or the default `fallback`
 * (as many numbers as the track has components) when the rules above say so (`track` absent included). Returns
 * true when the value came from the track's keys.
 */
export function sampleTrack(
  track: Track | null | undefined,
  time: SampleTime,
  fallback: ArrayLike<number>,
  out: Numbers,
  outOffset = 0,
): boolean {
  return sampleOrderedTrack(track ? timeOrdered(track) : track, time, fallback, out, outOffset);
}

/** {@link sampleTrack} for a track known to be in time order (from {@link timeOrdered}): no lookup. */
export function sampleOrderedTrack(
  track: Track | null | undefined,
  time: SampleTime,
  fallback: ArrayLike<number>,
  out: Numbers,
  outOffset = 0,
): boolean {
  if (!track || !locateKeys(track, time)) {
    for (let component = 0; component < fallback.length; component += 1)
      out[outOffset + component] = fallback[component]!;
    return false;
  }
  const values = track.keyValues;
  const stride = track.stride;
  const components = track.components;
  const before = located.before * stride + 1;
  const interpolation = effectiveInterpolation(track);
  if (located.after < 0 || interpolation === INTERPOLATION.none) {
    for (let component = 0; component < components; component += 1)
      out[outOffset + component] = values[before + component]!;
    return true;
  }
  const after = located.after * stride + 1;
  const t = located.factor;
  if (components === 4 && QUATERNION_TAGS.has(track.tag)) {
    if (interpolation === INTERPOLATION.linear) slerp(out, outOffset, values, before, values, after, t);
    // Out-tangent of the earlier key (third block), in-tangent of the later one (second block).
    else squad(out, outOffset, values, before, values, before + 8, values, after + 4, values, after, t);
    return true;
  }
  for (let component = 0; component < components; component += 1) {
    const p0 = values[before + component]!;
    const p1 = values[after + component]!;
    if (interpolation === INTERPOLATION.linear) out[outOffset + component] = p0 + (p1 - p0) * t;
    else {
      const outTangent = values[before + 2 * components + component]!;
      const inTangent = values[after + components + component]!;
      out[outOffset + component] =
        interpolation === INTERPOLATION.hermite
          ? hermite(p0, outTangent, inTangent, p1, t)
          : bezier(p0, outTangent, inTangent, p1, t);
    }
  }
  return true;
}

const scalarOut = new Float64Array(1);
const scalarFallback = new Float64Array(1);

/** A one-component track's value at `time`, or `fallback` (see {@link sampleTrack}). */
export function sampleScalar(track: Track | null | undefined, time: SampleTime, fallback: number): number {
  scalarFallback[0] = fallback;
  sampleTrack(track, time, scalarFallback, scalarOut);
  return scalarOut[0]!;
}

/** True when the track's value changes inside the current interval (it has two or more keys there). */
export function isAnimatedAt(track: Track | null | undefined, time: SampleTime): boolean {
  if (!track || track.keyCount < 2) return false;
  track = timeOrdered(track);
  const global = track.globalSequenceId >= 0;
  const duration = global ? time.globalSequences[track.globalSequenceId] : undefined;
  if (global && duration === undefined) return false;
  if (!global && !hasSequence(time)) return false;
  const first = lowerBound(track, global ? 0 : time.sequenceStartMs);
  const last = upperBound(track, global ? duration! : time.sequenceEndMs) - 1;
  return last > first;
}

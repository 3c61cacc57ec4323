/**
 * The node tracks' per-frame sampler: {@link sampleOrderedTrack}'s result, bit for bit, without its searches.
 *
 * Each track (a slot) remembers the key range of the interval it was last read in (found by bisection once per
 * sequence change, not per frame) and the key it was last read at: playback moves forwards, so the next frame's key
 * is that one or one of the next few; anything else (a jump, a loop back to the start) bisects inside the range.
 * The interpolation and whether the track is a quaternion are resolved once. Everything sits in typed arrays made
 * by the constructor; {@link TrackCursors.sample} allocates nothing.
 */
import { INTERPOLATION, type Track } from '../track';
import { SLERP_EPSILON, squad } from './quaternion';
import type { SampleTime } from './sample-time';
import { effectiveInterpolation } from './track-sampler';

/** A slot's kind when it has no track or no key: the default value. */
const NO_TRACK = 255;
/** Keys walked forwards from the remembered one before bisecting instead. */
const WALK_LIMIT = 4;

/** Per-slot sampling state for a fixed list of time-ordered tracks (from track-sampler.ts timeOrdered). */
export class TrackCursors {
  /** Per slot: the effective interpolation (INTERPOLATION), or NO_TRACK. */
  private readonly kinds: Uint8Array;
  /** Per slot: 1 for a quaternion track (slerp and squad). */
  private readonly quaternions: Uint8Array;
  /** Per slot: the interval [start, end] the key range below was found for (NaN: none yet). */
  private readonly rangeStarts: Float64Array;
  private readonly rangeEnds: Float64Array;
  /** Per slot: the first and last key inside that interval (first > last: none). */
  private readonly firsts: Int32Array;
  private readonly lasts: Int32Array;
  /** Per slot: the key the last sample was read at. */
  private readonly cursors: Int32Array;
  /**
   * Per linear quaternion slot: the key whose arc to the next one the three arrays below describe (−1: none), the
   * arc's angle and sine (slerp's acos and sin, once per pair of keys rather than per frame) and 0 to hold the
   * first key (equal keys), 1 for slerp, 2 for the normalised-lerp fallback, negated (+4) when the arc is the
   * second key's opposite.
   */
  private readonly arcKeys: Int32Array;
  private readonly arcAngles: Float64Array;
  private readonly arcSines: Float64Array;
  private readonly arcModes: Uint8Array;

  /** `tracks`: one per slot, each in time order (null: the slot always gives the default value). */
  constructor(readonly tracks: readonly (Track | null)[]) {
    const count = tracks.length;
    this.kinds = new Uint8Array(count).fill(NO_TRACK);
    this.quaternions = new Uint8Array(count);
    this.rangeStarts = new Float64Array(count).fill(Number.NaN);
    this.rangeEnds = new Float64Array(count).fill(Number.NaN);
    this.firsts = new Int32Array(count);
    this.lasts = new Int32Array(count).fill(-1);
    this.cursors = new Int32Array(count);
    this.arcKeys = new Int32Array(count).fill(-1);
    this.arcAngles = new Float64Array(count);
    this.arcSines = new Float64Array(count);
    this.arcModes = new Uint8Array(count);
    tracks.forEach((track, slot) => {
      if (!track || track.keyCount === 0) return;
      this.kinds[slot] = effectiveInterpolation(track);
      this.quaternions[slot] = track.components === 4 && (track.tag === 'KGRT' || track.tag === 'KTAR') ? 1 : 0;
    });
  }

  /**
   * Writes slot's track value at `time` into out[0…] (its components), or `fallback` when the sampling rules say
   * the default value applies — exactly what sampleOrderedTrack(tracks[slot], time, fallback, out) writes. Returns
   * true when the value came from the keys.
   */
  sample(slot: number, time: SampleTime, fallback: Float64Array, out: Float64Array): boolean {
    const kind = this.kinds[slot]!;
    if (kind === NO_TRACK) return hold(fallback, out);
    const track = this.tracks[slot]!;
    let frame: number;
    let start: number;
    let end: number;
    const globalSequenceId = track.globalSequenceId;
    if (globalSequenceId >= 0) {
      const duration = time.globalSequences[globalSequenceId];
      if (duration === undefined || !(duration >= 0)) return hold(fallback, out);
      start = 0;
      end = duration;
      frame = duration > 0 ? time.globalMs - Math.floor(time.globalMs / duration) * duration : 0;
      if (!Number.isFinite(frame)) return hold(fallback, out);
    } else {
      start = time.sequenceStartMs;
      end = time.sequenceEndMs;
      if (!(start <= end)) return hold(fallback, out);
      frame = time.frameMs;
      if (!(frame >= start && frame <= end)) return hold(fallback, out);
    }
    if (start !== this.rangeStarts[slot] || end !== this.rangeEnds[slot]) this.findRange(slot, track, start, end);
    return this.sampleKeys(slot, track, kind, frame, fallback, out);
  }

  /**
   * {@link sample} for a slot whose track follows the sequences, has a key in time's interval, and was last
   * looked at (sample or varies) in that same interval, at a frame inside it: skips the checks those promise.
   */
  sampleSequenced(slot: number, frame: number, fallback: Float64Array, out: Float64Array): boolean {
    return this.sampleKeys(slot, this.tracks[slot]!, this.kinds[slot]!, frame, fallback, out);
  }

  /** The value at `frame` of slot's track whose key range has been found for the current interval. */
  private sampleKeys(
    slot: number,
    track: Track,
    kind: number,
    frame: number,
    fallback: Float64Array,
    out: Float64Array,
  ): boolean {
    const words = track.keyWords;
    const stride = track.stride;
    const first = this.firsts[slot]!;
    const last = this.lasts[slot]!;
    if (first > last || frame < words[first * stride]!) return hold(fallback, out);
    // The last key in [first, last] at or before the frame (of keys at one frame, the later).
    let before = this.cursors[slot]!;
    if (before < first || before > last || words[before * stride]! > frame)
      before = latestAtOrBefore(track, frame, first, last);
    else {
      let walked = 0;
      while (before < last && words[(before + 1) * stride]! <= frame) {
        before += 1;
        walked += 1;
        if (walked === WALK_LIMIT) {
          before = latestAtOrBefore(track, frame, before, last);
          break;
        }
      }
    }
    this.cursors[slot] = before;
    const values = track.keyValues;
    const components = track.components;
    const beforeOffset = before * stride + 1;
    if (before >= last || kind === INTERPOLATION.none) {
      for (let component = 0; component < components; component += 1)
        out[component] = values[beforeOffset + component]!;
      return true;
    }
    const frameBefore = words[before * stride]!;
    const frameAfter = words[(before + 1) * stride]!;
    const t = (frame - frameBefore) / (frameAfter - frameBefore);
    const afterOffset = beforeOffset + stride;
    if (this.quaternions[slot] === 1) {
      if (kind === INTERPOLATION.linear) this.slerpKeys(slot, before, values, beforeOffset, t, out);
      // Out-tangent of the earlier key (third block), in-tangent of the later one (second block).
      else
        squad(out, 0, values, beforeOffset, values, beforeOffset + 8, values, afterOffset + 4, values, afterOffset, t);
      return true;
    }
    if (kind === INTERPOLATION.linear) {
      if (components === 3) {
        const x = values[beforeOffset]!;
        const y = values[beforeOffset + 1]!;
        const z = values[beforeOffset + 2]!;
        out[0] = x + (values[afterOffset]! - x) * t;
        out[1] = y + (values[afterOffset + 1]! - y) * t;
        out[2] = z + (values[afterOffset + 2]! - z) * t;
        return true;
      }
      for (let component = 0; component < components; component += 1) {
        const p0 = values[beforeOffset + component]!;
        out[component] = p0 + (values[afterOffset + component]! - p0) * t;
      }
      return true;
    }
    const squared = t * t;
    const inverse = 1 - t;
    for (let component = 0; component < components; component += 1) {
      const p0 = values[beforeOffset + component]!;
      const p1 = values[afterOffset + component]!;
      const outTangent = values[beforeOffset + 2 * components + component]!;
      const inTangent = values[afterOffset + components + component]!;
      // The bases of track-sampler.ts hermite() and bezier(), term for term (the same rounding).
      out[component] =
        kind === INTERPOLATION.hermite
          ? p0 * (squared * (2 * t - 3) + 1) +
            outTangent * (squared * (t - 2) + t) +
            inTangent * (squared * (t - 1)) +
            p1 * (squared * (3 - 2 * t))
          : p0 * inverse * inverse * inverse +
            3 * outTangent * t * inverse * inverse +
            3 * inTangent * t * t * inverse +
            p1 * t * t * t;
    }
    return true;
  }

  /**
   * quaternion.ts slerp(out, 0, values, beforeOffset, values, beforeOffset + 5, t), to the bit, with the arc
   * between the two keys worked out once per key (see arcKeys).
   */
  private slerpKeys(
    slot: number,
    before: number,
    values: ArrayLike<number>,
    beforeOffset: number,
    t: number,
    out: Float64Array,
  ): void {
    const ax = values[beforeOffset]!;
    const ay = values[beforeOffset + 1]!;
    const az = values[beforeOffset + 2]!;
    const aw = values[beforeOffset + 3]!;
    let bx = values[beforeOffset + 5]!;
    let by = values[beforeOffset + 6]!;
    let bz = values[beforeOffset + 7]!;
    let bw = values[beforeOffset + 8]!;
    if (this.arcKeys[slot] !== before) {
      let mode = 1;
      let cosine = ax * bx + ay * by + az * bz + aw * bw;
      if (ax === bx && ay === by && az === bz && aw === bw) mode = 0;
      else if (cosine < 0) {
        cosine = -cosine;
        mode += 4;
      }
      if ((mode & 3) === 1 && !(1 - cosine > SLERP_EPSILON)) mode += 1;
      else if ((mode & 3) === 1) {
        const angle = Math.acos(cosine);
        this.arcAngles[slot] = angle;
        this.arcSines[slot] = Math.sin(angle);
      }
      this.arcKeys[slot] = before;
      this.arcModes[slot] = mode;
    }
    const mode = this.arcModes[slot]!;
    if (mode === 0) {
      out[0] = ax;
      out[1] = ay;
      out[2] = az;
      out[3] = aw;
      return;
    }
    if (mode & 4) {
      bx = -bx;
      by = -by;
      bz = -bz;
      bw = -bw;
    }
    let scaleA: number;
    let scaleB: number;
    if ((mode & 3) === 1) {
      const angle = this.arcAngles[slot]!;
      const sine = this.arcSines[slot]!;
      scaleA = Math.sin((1 - t) * angle) / sine;
      scaleB = Math.sin(t * angle) / sine;
    } else {
      scaleA = 1 - t;
      scaleB = t;
    }
    out[0] = scaleA * ax + scaleB * bx;
    out[1] = scaleA * ay + scaleB * by;
    out[2] = scaleA * az + scaleB * bz;
    out[3] = scaleA * aw + scaleB * bw;
  }

  /**
   * False when the slot gives its default value at every frame of time's interval (no track, no sequence, or no
   * key inside the interval); true otherwise (a track on a global sequence always is).
   */
  varies(slot: number, time: SampleTime): boolean {
    if (this.kinds[slot] === NO_TRACK) return false;
    const track = this.tracks[slot]!;
    if (track.globalSequenceId >= 0) return true;
    const start = time.sequenceStartMs;
    const end = time.sequenceEndMs;
    if (!(start <= end)) return false;
    if (start !== this.rangeStarts[slot] || end !== this.rangeEnds[slot]) this.findRange(slot, track, start, end);
    return this.firsts[slot]! <= this.lasts[slot]!;
  }

  /** The keys of slot's track inside [start, end], by bisection (once per interval change). */
  private findRange(slot: number, track: Track, start: number, end: number): void {
    const words = track.keyWords;
    const stride = track.stride;
    let low = 0;
    let high = track.keyCount;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (words[middle * stride]! < start) low = middle + 1;
      else high = middle;
    }
    const first = low;
    high = track.keyCount;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (words[middle * stride]! <= end) low = middle + 1;
      else high = middle;
    }
    this.rangeStarts[slot] = start;
    this.rangeEnds[slot] = end;
    this.firsts[slot] = first;
    this.lasts[slot] = low - 1;
    this.cursors[slot] = first;
    this.arcKeys[slot] = -1;
  }
}

/** Writes the default value; returns false (the value did not come from keys). */
function hold(fallback: Float64Array, out: Float64Array): boolean {
  for (let component = 0; component < fallback.length; component += 1) out[component] = fallback[component]!;
  return false;
}

/** The last key in [low, last] whose frame is ≤ `frame` (keys[low] is). */
function latestAtOrBefore(track: Track, frame: number, low: number, last: number): number {
  const words = track.keyWords;
  const stride = track.stride;
  let high = last + 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle * stride]! <= frame) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

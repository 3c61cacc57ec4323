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

/** A key pair whose arc is not worked out yet. */
const ARC_UNKNOWN = 255;
/** Numbers per slot in TrackCursors' segment state (see there). */
const SEGMENT = 12;

/** Per-slot sampling state for a fixed list of time-ordered tracks (from track-sampler.ts timeOrdered). */
export class TrackCursors {
  /** Per slot: the effective interpolation (INTERPOLATION), or NO_TRACK. */
  private readonly kinds: Uint8Array;
  /** Per slot: 1 for a quaternion track (slerp and squad). */
  private readonly quaternions: Uint8Array;
  /** Per slot: 1 for a linear quaternion track (slerp between two keys). */
  private readonly linearQuaternions: Uint8Array;
  /** Per slot: the track's value components. */
  private readonly components: Uint8Array;
  /** Per slot: the interval [start, end] the key range below was found for (NaN: none yet). */
  private readonly rangeStarts: Float64Array;
  private readonly rangeEnds: Float64Array;
  /** Per slot: the first and last key inside that interval (first > last: none), and the first key's frame. */
  private readonly firsts: Int32Array;
  private readonly lasts: Int32Array;
  private readonly firstFrames: Float64Array;
  /** Per slot: the key the last sample was read at. */
  private readonly cursors: Int32Array;
  /**
   * Per slot, SEGMENT numbers about the keys the last sample was read between, so that the frames until the next
   * key read nothing of the track (its keys lie scattered over the file's bytes): the frame of the cursor's key and
   * of the next one (Infinity after the last key in the interval; NaN: nothing yet), slerp's arc angle and its sine
   * (acos and sin once per pair of keys rather than per frame), then the two keys' values (4 numbers each; the
   * second for linear tracks only).
   */
  private readonly segments: Float64Array;
  /** Per linear quaternion slot: 0 to hold the first key (equal keys), 1 slerp, 2 lerp, +4 when b is negated. */
  private readonly arcModes: Uint8Array;
  /**
   * The arcs already worked out, per key of the linear quaternion tracks (from the slot's arcStarts entry on): the
   * arc's mode (ARC_UNKNOWN: not yet) and its angle and sine, so that a looping sequence finds each arc once.
   */
  private readonly arcStarts: Int32Array;
  private readonly knownArcModes: Uint8Array;
  private readonly knownArcs: Float64Array;

  /**
   * The frame {@link sampleSequenced} reads at, written by the caller once per update ([0]). Numbers cross the
   * calls below through typed arrays ([1]: the frame being read, [2]: the factor between two keys), not as
   * arguments: a fractional number passed to a call that is not inlined is boxed, one allocation per call.
   */
  readonly frame = new Float64Array(3);

  /** `tracks`: one per slot, each in time order (null: the slot always gives the default value). */
  constructor(readonly tracks: readonly (Track | null)[]) {
    const count = tracks.length;
    this.kinds = new Uint8Array(count).fill(NO_TRACK);
    this.quaternions = new Uint8Array(count);
    this.linearQuaternions = new Uint8Array(count);
    this.components = new Uint8Array(count);
    this.rangeStarts = new Float64Array(count).fill(Number.NaN);
    this.rangeEnds = new Float64Array(count).fill(Number.NaN);
    this.firsts = new Int32Array(count);
    this.lasts = new Int32Array(count).fill(-1);
    this.firstFrames = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
    this.cursors = new Int32Array(count);
    this.segments = new Float64Array(count * SEGMENT).fill(Number.NaN);
    this.arcModes = new Uint8Array(count);
    this.arcStarts = new Int32Array(count);
    let arcKeys = 0;
    tracks.forEach((track, slot) => {
      if (!track || track.keyCount === 0) return;
      this.kinds[slot] = effectiveInterpolation(track);
      this.components[slot] = track.components;
      this.quaternions[slot] = track.components === 4 && (track.tag === 'KGRT' || track.tag === 'KTAR') ? 1 : 0;
      if (this.quaternions[slot] === 1 && this.kinds[slot] === INTERPOLATION.linear) {
        this.linearQuaternions[slot] = 1;
        this.arcStarts[slot] = arcKeys;
        arcKeys += track.keyCount;
      }
    });
    // Sized by keys the model already holds (each 20 bytes of its file, so never more than the file allows).
    this.knownArcModes = new Uint8Array(arcKeys).fill(ARC_UNKNOWN);
    this.knownArcs = new Float64Array(arcKeys * 2);
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
    this.frame[1] = frame;
    return this.sampleKeys(slot, kind, fallback, out);
  }

  /**
   * {@link sample} for a slot whose track follows the sequences, has a key in time's interval, and was last
   * looked at (sample or varies) in that same interval, at the frame `frame[0]`, inside it: skips the checks those
   * promise. A linear quaternion track between two keys (most frames of most rotations) slerps at once.
   */
  sampleSequenced(slot: number, fallback: Float64Array, out: Float64Array): boolean {
    const frame = this.frame[0]!;
    const segments = this.segments;
    const base = slot * SEGMENT;
    const segmentStart = segments[base]!;
    const segmentEnd = segments[base + 1]!;
    if (
      frame >= segmentStart &&
      frame < segmentEnd &&
      segmentEnd !== Number.POSITIVE_INFINITY &&
      this.linearQuaternions[slot] === 1
    ) {
      this.frame[2] = (frame - segmentStart) / (segmentEnd - segmentStart);
      this.slerpSegment(slot, out);
      return true;
    }
    this.frame[1] = frame;
    return this.sampleKeys(slot, this.kinds[slot]!, fallback, out);
  }

  /** The value at frame[1] (inside the interval) of slot's track whose key range was found for the interval. */
  private sampleKeys(slot: number, kind: number, fallback: Float64Array, out: Float64Array): boolean {
    const frame = this.frame[1]!;
    const segments = this.segments;
    const base = slot * SEGMENT;
    if (!(frame >= segments[base]! && frame < segments[base + 1]!)) {
      if (!(frame >= this.firstFrames[slot]!)) return hold(fallback, out);
      this.moveTo(slot, this.tracks[slot]!);
    }
    const components = this.components[slot]!;
    const segmentStart = segments[base]!;
    const segmentEnd = segments[base + 1]!;
    if (segmentEnd === Number.POSITIVE_INFINITY || kind === INTERPOLATION.none) {
      for (let component = 0; component < components; component += 1) out[component] = segments[base + 4 + component]!;
      return true;
    }
    const t = (frame - segmentStart) / (segmentEnd - segmentStart);
    if (kind === INTERPOLATION.linear) {
      if (this.quaternions[slot] === 1) {
        this.frame[2] = t;
        this.slerpSegment(slot, out);
      } else if (components === 3) {
        const x = segments[base + 4]!;
        const y = segments[base + 5]!;
        const z = segments[base + 6]!;
        out[0] = x + (segments[base + 8]! - x) * t;
        out[1] = y + (segments[base + 9]! - y) * t;
        out[2] = z + (segments[base + 10]! - z) * t;
      } else
        for (let component = 0; component < components; component += 1) {
          const p0 = segments[base + 4 + component]!;
          out[component] = p0 + (segments[base + 8 + component]! - p0) * t;
        }
      return true;
    }
    const track = this.tracks[slot]!;
    const values = track.keyValues;
    const beforeOffset = this.cursors[slot]! * track.stride + 1;
    const afterOffset = beforeOffset + track.stride;
    if (this.quaternions[slot] === 1) {
      // Out-tangent of the earlier key (third block), in-tangent of the later one (second block).
      squad(out, 0, values, beforeOffset, values, beforeOffset + 8, values, afterOffset + 4, values, afterOffset, t);
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
   * Finds the last key in the slot's range at or before frame[1] (≥ the first key's; of keys at one frame, the
   * later) — from the last one, walking forwards, else by bisection — and fills the slot's segment state. Played on
   * from a segment, the walk starts at its later key, whose frame and (linear) values the segment already holds.
   */
  private moveTo(slot: number, track: Track): void {
    const frame = this.frame[1]!;
    const kind = this.kinds[slot]!;
    const words = track.keyWords;
    const stride = track.stride;
    const first = this.firsts[slot]!;
    const last = this.lasts[slot]!;
    const segments = this.segments;
    const base = slot * SEGMENT;
    const cursor = this.cursors[slot]!;
    const previousEnd = segments[base + 1]!;
    // Played on past the segment's later key (false when there is no segment: NaN): walk on from that key.
    const stepped = frame >= previousEnd;
    let before = stepped ? cursor + 1 : cursor;
    if (!stepped && (before < first || before > last || words[before * stride]! > frame))
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
    if (stepped && before === cursor + 1 && kind === INTERPOLATION.linear) {
      // The segment's later key, already in hand (its frame and values).
      segments[base] = previousEnd;
      for (let component = 0; component < components; component += 1)
        segments[base + 4 + component] = segments[base + 8 + component]!;
    } else {
      segments[base] = words[before * stride]!;
      for (let component = 0; component < components; component += 1)
        segments[base + 4 + component] = values[beforeOffset + component]!;
    }
    segments[base + 1] = before < last ? words[(before + 1) * stride]! : Number.POSITIVE_INFINITY;
    if (before >= last || kind !== INTERPOLATION.linear) return;
    for (let component = 0; component < components; component += 1)
      segments[base + 8 + component] = values[beforeOffset + stride + component]!;
    if (this.quaternions[slot] === 1) this.findArc(slot, this.arcStarts[slot]! + before);
  }

  /**
   * The arc between the segment's two quaternions (key `arc` of knownArcs), as quaternion.ts slerp works it out
   * (see arcModes), found once per pair of keys.
   */
  private findArc(slot: number, arc: number): void {
    const segments = this.segments;
    const base = slot * SEGMENT;
    let mode = this.knownArcModes[arc]!;
    if (mode === ARC_UNKNOWN) {
      const ax = segments[base + 4]!;
      const ay = segments[base + 5]!;
      const az = segments[base + 6]!;
      const aw = segments[base + 7]!;
      const bx = segments[base + 8]!;
      const by = segments[base + 9]!;
      const bz = segments[base + 10]!;
      const bw = segments[base + 11]!;
      mode = 1;
      let cosine = ax * bx + ay * by + az * bz + aw * bw;
      if (ax === bx && ay === by && az === bz && aw === bw) mode = 0;
      else if (cosine < 0) {
        cosine = -cosine;
        mode += 4;
      }
      if ((mode & 3) === 1 && !(1 - cosine > SLERP_EPSILON)) mode += 1;
      else if ((mode & 3) === 1) {
        const angle = Math.acos(cosine);
        this.knownArcs[arc * 2] = angle;
        this.knownArcs[arc * 2 + 1] = Math.sin(angle);
      }
      this.knownArcModes[arc] = mode;
    }
    segments[base + 2] = this.knownArcs[arc * 2]!;
    segments[base + 3] = this.knownArcs[arc * 2 + 1]!;
    this.arcModes[slot] = mode;
  }

  /** quaternion.ts slerp between the segment's two keys at `t`, to the bit, with the arc found by findArc. */
  private slerpSegment(slot: number, out: Float64Array): void {
    const t = this.frame[2]!;
    const segments = this.segments;
    const base = slot * SEGMENT;
    const ax = segments[base + 4]!;
    const ay = segments[base + 5]!;
    const az = segments[base + 6]!;
    const aw = segments[base + 7]!;
    const mode = this.arcModes[slot]!;
    if (mode === 0) {
      out[0] = ax;
      out[1] = ay;
      out[2] = az;
      out[3] = aw;
      return;
    }
    let bx = segments[base + 8]!;
    let by = segments[base + 9]!;
    let bz = segments[base + 10]!;
    let bw = segments[base + 11]!;
    if (mode & 4) {
      bx = -bx;
      by = -by;
      bz = -bz;
      bw = -bw;
    }
    let scaleA: number;
    let scaleB: number;
    if ((mode & 3) === 1) {
      const angle = segments[base + 2]!;
      const sine = segments[base + 3]!;
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
    const last = low - 1;
    this.rangeStarts[slot] = start;
    this.rangeEnds[slot] = end;
    this.firsts[slot] = first;
    this.lasts[slot] = last;
    this.firstFrames[slot] = first <= last ? words[first * stride]! : Number.POSITIVE_INFINITY;
    this.cursors[slot] = first;
    // No segment: the next sample finds its keys in this range.
    this.segments[slot * SEGMENT] = Number.NaN;
    this.segments[slot * SEGMENT + 1] = Number.NaN;
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

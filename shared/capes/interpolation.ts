/**
 * Keyframe tracks and glTF's three interpolations, sampled into caller-owned arrays:
 * - `STEP`: the value of the last key at or before the time;
 * - `LINEAR`: linear between the two keys around the time — spherical (slerp) for rotations;
 * - `CUBICSPLINE`: cubic Hermite with the tangents stored beside each value (in-tangent, value,
 *   out-tangent per key), tangents scaled by the keys' time span; rotations are normalised after.
 * Before the first key the first value holds, after the last the last value (glTF's clamping).
 */
import { normalizeQuaternion, slerp } from './math';

/** How a track moves between its keys (glTF `animation.sampler.interpolation`). */
export type Interpolation = 'LINEAR' | 'STEP' | 'CUBICSPLINE';

/** One animated value: key times and the values (or, for CUBICSPLINE, tangent/value/tangent triples). */
export interface KeyframeTrack {
  /** Key times in seconds, ascending (glTF's sampler input). */
  times: Float32Array;
  /**
   * `times.length × components` values; for CUBICSPLINE `times.length × 3 × components`: per key
   * the in-tangent, the value and the out-tangent.
   */
  values: Float32Array;
  /** Numbers per value: 3 (translation, scale), 4 (rotation) or the morph target count (weights). */
  components: number;
  interpolation: Interpolation;
  /** A rotation (x, y, z, w): LINEAR slerps, every result is normalised. */
  quaternion: boolean;
}

/**
 * The index of the last key at or before `time` (-1 before the first key), by binary search.
 * `times` must be ascending.
 */
export function keyIndexAt(times: Float32Array, time: number): number {
  let low = 0;
  let high = times.length - 1;
  if (high < 0 || time < times[0]!) return -1;
  if (time >= times[high]!) return high;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (times[middle]! <= time) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Writes the track's value at `time` into `out` at `outOffset` (`track.components` numbers). */
export function sampleTrack(track: KeyframeTrack, time: number, out: Float64Array | Float32Array, outOffset = 0): void {
  const { times, values, components, interpolation } = track;
  const keyCount = times.length;
  if (keyCount === 0) return;
  const cubic = interpolation === 'CUBICSPLINE';
  const key = keyIndexAt(times, time);
  if (key < 0 || key >= keyCount - 1) {
    copyValue(values, valueOffset(key < 0 ? 0 : keyCount - 1, components, cubic), components, out, outOffset);
    return;
  }
  const start = times[key]!;
  const span = times[key + 1]! - start;
  const t = span > 0 ? (time - start) / span : 0;
  if (interpolation === 'STEP' || t === 0) {
    copyValue(values, valueOffset(key, components, cubic), components, out, outOffset);
  } else if (interpolation === 'LINEAR') {
    if (track.quaternion)
      slerp(
        values,
        valueOffset(key, components, cubic),
        values,
        valueOffset(key + 1, components, cubic),
        t,
        out,
        outOffset,
      );
    else {
      const a = valueOffset(key, components, cubic);
      const b = valueOffset(key + 1, components, cubic);
      for (let index = 0; index < components; index += 1) {
        out[outOffset + index] = values[a + index]! + (values[b + index]! - values[a + index]!) * t;
      }
    }
  } else {
    const t2 = t * t;
    const t3 = t2 * t;
    const valueWeight = 2 * t3 - 3 * t2 + 1;
    const outTangentWeight = span * (t3 - 2 * t2 + t);
    const nextValueWeight = -2 * t3 + 3 * t2;
    const inTangentWeight = span * (t3 - t2);
    const value = valueOffset(key, components, cubic);
    const outTangent = value + components;
    const nextValue = valueOffset(key + 1, components, cubic);
    const nextInTangent = nextValue - components;
    for (let index = 0; index < components; index += 1) {
      out[outOffset + index] =
        valueWeight * values[value + index]! +
        outTangentWeight * values[outTangent + index]! +
        nextValueWeight * values[nextValue + index]! +
        inTangentWeight * values[nextInTangent + index]!;
    }
    if (track.quaternion) normalizeQuaternion(out, outOffset);
  }
}

/** Where key `key`'s value starts: for CUBICSPLINE it sits after the key's in-tangent. */
function valueOffset(key: number, components: number, cubic: boolean): number {
  return cubic ? (key * 3 + 1) * components : key * components;
}

function copyValue(
  values: Float32Array,
  from: number,
  components: number,
  out: Float64Array | Float32Array,
  outOffset: number,
): void {
  for (let index = 0; index < components; index += 1) out[outOffset + index] = values[from + index]!;
}

/** The first and last key time of the tracks (`[0, 0]` when none has a key). */
export function trackTimeRange(tracks: readonly KeyframeTrack[]): [number, number] {
  let first = Infinity;
  let last = -Infinity;
  for (const track of tracks) {
    if (track.times.length === 0) continue;
    first = Math.min(first, track.times[0]!);
    last = Math.max(last, track.times[track.times.length - 1]!);
  }
  return first <= last ? [first, last] : [0, 0];
}

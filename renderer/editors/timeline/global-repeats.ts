/**
 * Where the keys of an event object on a global sequence recur. A global sequence loops for ever
 * from time 0, whatever sequence plays: the game reads its frame as the global time modulo the
 * duration, so a key at t (0 ≤ t < duration) fires again at t + k × duration for every k ≥ 1, and
 * a key outside [0, duration) never fires. The dope sheet draws those repeats faded beside the
 * real key (which alone can be selected). Pure and allocation-free: the caller passes `out`.
 */

/** Repeats of one key inside a time range: `count` times, from `firstMs`, every `stepMs`. */
export interface KeyRepeats {
  firstMs: number;
  stepMs: number;
  count: number;
}

/** A fresh result holder (reuse it across calls). */
export function createKeyRepeats(): KeyRepeats {
  return { firstMs: 0, stepMs: 0, count: 0 };
}

/**
 * The repeats of a key at `timeMs` on a global sequence of `durationMs` that fall in
 * [lowMs, highMs], the real key excluded. Repeats closer than `minStepMs` (about a pixel) are
 * thinned to every n-th loop, so the count stays bounded by the range over `minStepMs`. Counted
 * from the key's first repeat, so the thinning does not shift while the view pans.
 */
export function keyRepeatsInRange(
  timeMs: number,
  durationMs: number,
  lowMs: number,
  highMs: number,
  minStepMs: number,
  out: KeyRepeats,
): KeyRepeats {
  out.count = 0;
  out.firstMs = 0;
  out.stepMs = 0;
  if (!(durationMs > 0) || !(timeMs >= 0) || timeMs >= durationMs || !(highMs >= lowMs)) return out;
  const stride = Math.max(1, Math.ceil(Math.max(0, minStepMs) / durationMs));
  const step = stride * durationMs;
  // Loops k = 1, 1 + stride, 1 + 2·stride …; the first one at or after lowMs.
  const firstLoop = 1 + stride * Math.max(0, Math.ceil((lowMs - timeMs - durationMs) / step));
  const first = timeMs + firstLoop * durationMs;
  if (!(first <= highMs)) return out;
  out.firstMs = first;
  out.stepMs = step;
  out.count = Math.floor((highMs - first) / step) + 1;
  return out;
}

/** The time of repeat `index` (0 ≤ index < count). */
export function repeatTime(repeats: KeyRepeats, index: number): number {
  return repeats.firstMs + index * repeats.stepMs;
}

/**
 * Morph targets: a base attribute plus each target's displacement scaled by its weight.
 */

/**
 * `out = base + Σ weights[i] × targets[i]` over the first `length` numbers (all of `base` when
 * omitted). Targets whose weight is 0, or that are absent (`null`: no displacement of this
 * attribute), add nothing — so a target of infinities weighted 0 does not poison the result.
 * `out` may be `base`.
 */
export function applyMorphTargets(
  base: Float32Array,
  targets: readonly (Float32Array | null)[],
  weights: ArrayLike<number>,
  out: Float32Array | Float64Array,
  length = base.length,
): void {
  if (out !== base) for (let index = 0; index < length; index += 1) out[index] = base[index]!;
  const count = Math.min(targets.length, weights.length);
  for (let target = 0; target < count; target += 1) {
    const weight = weights[target]!;
    const displacement = targets[target];
    if (weight === 0 || !displacement) continue;
    for (let index = 0; index < length; index += 1) out[index] = out[index]! + weight * displacement[index]!;
  }
}

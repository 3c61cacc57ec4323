/**
 * Quaternion helpers for the samplers: (x, y, z, w) stored at an offset of any number array, written into the
 * caller's output (no allocation). Spherical interpolation takes the shorter arc, as the game and every viewer do.
 */

/** Any writable array of numbers. */
export type Numbers = Float32Array | Float64Array | number[];

/** Below this 1 − cos(angle), slerp falls back to a normalised lerp (the arc is too short to divide by its sine). */
export const SLERP_EPSILON = 1e-6;

/**
 * out[o…o+3] = slerp(a, b, t) along the shorter arc (b negated when a·b < 0), as gl-matrix computes it for
 * mdx-m3-viewer (the plain dot product as the cosine, whatever the lengths). `out` may alias `a` or `b`.
 */
export function slerp(
  out: Numbers,
  o: number,
  a: ArrayLike<number>,
  ao: number,
  b: ArrayLike<number>,
  bo: number,
  t: number,
): void {
  const ax = a[ao]!;
  const ay = a[ao + 1]!;
  const az = a[ao + 2]!;
  const aw = a[ao + 3]!;
  let bx = b[bo]!;
  let by = b[bo + 1]!;
  let bz = b[bo + 2]!;
  let bw = b[bo + 3]!;
  // Two equal keys hold (stored keys are often slightly off unit length, and slerp would bulge between them).
  if (ax === bx && ay === by && az === bz && aw === bw) {
    out[o] = ax;
    out[o + 1] = ay;
    out[o + 2] = az;
    out[o + 3] = aw;
    return;
  }
  let cosine = ax * bx + ay * by + az * bz + aw * bw;
  if (cosine < 0) {
    cosine = -cosine;
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
  }
  let scaleA: number;
  let scaleB: number;
  if (1 - cosine > SLERP_EPSILON) {
    const angle = Math.acos(cosine);
    const sine = Math.sin(angle);
    scaleA = Math.sin((1 - t) * angle) / sine;
    scaleB = Math.sin(t * angle) / sine;
  } else {
    scaleA = 1 - t;
    scaleB = t;
  }
  out[o] = scaleA * ax + scaleB * bx;
  out[o + 1] = scaleA * ay + scaleB * by;
  out[o + 2] = scaleA * az + scaleB * bz;
  out[o + 3] = scaleA * aw + scaleB * bw;
}

const squadScratch = new Float64Array(8);

/**
 * The game's quaternion Hermite and Bezier ("squad"): slerp(slerp(a, d, t), slerp(b, c, t), 2t(1 − t)) with a the
 * start key, b its out-tangent, c the end key's in-tangent and d the end key — as mdx-m3-viewer (gl-matrix's
 * sqlerp) and Retera's Model Studio interpolate rotations with tangents.
 */
export function squad(
  out: Numbers,
  o: number,
  a: ArrayLike<number>,
  ao: number,
  b: ArrayLike<number>,
  bo: number,
  c: ArrayLike<number>,
  co: number,
  d: ArrayLike<number>,
  dOffset: number,
  t: number,
): void {
  slerp(squadScratch, 0, a, ao, d, dOffset, t);
  slerp(squadScratch, 4, b, bo, c, co, t);
  slerp(out, o, squadScratch, 0, squadScratch, 4, 2 * t * (1 - t));
}

/** out = a · b (apply b, then a). `out` may alias either. */
export function multiplyQuaternions(
  out: Numbers,
  o: number,
  a: ArrayLike<number>,
  ao: number,
  b: ArrayLike<number>,
  bo: number,
): void {
  const ax = a[ao]!;
  const ay = a[ao + 1]!;
  const az = a[ao + 2]!;
  const aw = a[ao + 3]!;
  const bx = b[bo]!;
  const by = b[bo + 1]!;
  const bz = b[bo + 2]!;
  const bw = b[bo + 3]!;
  out[o] = ax * bw + aw * bx + ay * bz - az * by;
  out[o + 1] = ay * bw + aw * by + az * bx - ax * bz;
  out[o + 2] = az * bw + aw * bz + ax * by - ay * bx;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/** out = a's conjugate (its inverse for a unit quaternion). */
export function conjugateQuaternion(out: Numbers, o: number, a: ArrayLike<number>, ao: number): void {
  out[o] = -a[ao]!;
  out[o + 1] = -a[ao + 1]!;
  out[o + 2] = -a[ao + 2]!;
  out[o + 3] = a[ao + 3]!;
}

/** Scales a quaternion to unit length in place (the identity when it is zero or not finite). */
export function normalizeQuaternion(q: Numbers, o: number): void {
  const length = Math.hypot(q[o]!, q[o + 1]!, q[o + 2]!, q[o + 3]!);
  if (!(length > 0) || !Number.isFinite(length)) {
    q[o] = 0;
    q[o + 1] = 0;
    q[o + 2] = 0;
    q[o + 3] = 1;
    return;
  }
  q[o]! /= length;
  q[o + 1]! /= length;
  q[o + 2]! /= length;
  q[o + 3]! /= length;
}

/** out = q rotating v (x, y, z). `out` may alias `v`. */
export function rotateVector(
  out: Numbers,
  o: number,
  q: ArrayLike<number>,
  qo: number,
  v: ArrayLike<number>,
  vo: number,
): void {
  const qx = q[qo]!;
  const qy = q[qo + 1]!;
  const qz = q[qo + 2]!;
  const qw = q[qo + 3]!;
  const vx = v[vo]!;
  const vy = v[vo + 1]!;
  const vz = v[vo + 2]!;
  // t = 2 (q.xyz × v); v' = v + w t + q.xyz × t
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  out[o] = vx + qw * tx + (qy * tz - qz * ty);
  out[o + 1] = vy + qw * ty + (qz * tx - qx * tz);
  out[o + 2] = vz + qw * tz + (qx * ty - qy * tx);
}

/** out = the rotation of `angle` radians about the unit axis (x, y, z). */
export function axisAngleQuaternion(out: Numbers, o: number, x: number, y: number, z: number, angle: number): void {
  const half = angle / 2;
  const sine = Math.sin(half);
  out[o] = x * sine;
  out[o + 1] = y * sine;
  out[o + 2] = z * sine;
  out[o + 3] = Math.cos(half);
}

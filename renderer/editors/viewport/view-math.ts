/**
 * The view navigator's camera as plain numbers, without three.js: framing bounds (ViewNavigator.frame uses it) and
 * the perspective camera's projection × view matrix for a target, distance, yaw and pitch (Z up). The boot frame
 * (renderer/boot) draws the startup model through it before three.js is loaded; view-math.test.ts checks it against
 * the navigator's cameras.
 */

/** The perspective camera's vertical field of view, in degrees. */
export const VIEW_FOV_DEGREES = 40;

const DEGREE = Math.PI / 180;

/** Blender's start-up view: from the front right, a little above. Also the fallback for capes without a clear side. */
export const DEFAULT_VIEW = { yaw: -50 * DEGREE, pitch: 25 * DEGREE } as const;

/** Where a view looks from: the target, the distance to it and the direction from the target to the camera. */
export interface ViewPose {
  target: readonly [number, number, number];
  distance: number;
  yaw: number;
  pitch: number;
}

/**
 * The target and distance that fit bounds [minX, minY, minZ, maxX, maxY, maxZ] into a view of `aspect` (width ÷
 * height) keeping its direction (Blender's View All); null for bounds that are not finite.
 */
export function framedTarget(
  bounds: ArrayLike<number>,
  aspect: number,
): { target: [number, number, number]; distance: number } | null {
  const minX = bounds[0]!;
  const minY = bounds[1]!;
  const minZ = bounds[2]!;
  const maxX = bounds[3]!;
  const maxY = bounds[4]!;
  const maxZ = bounds[5]!;
  if (![minX, minY, minZ, maxX, maxY, maxZ].every(Number.isFinite)) return null;
  const radius = Math.max(1e-2, Math.hypot(maxX - minX, maxY - minY, maxZ - minZ) / 2);
  const halfFov = (VIEW_FOV_DEGREES * DEGREE) / 2;
  const fit = Math.min(halfFov, Math.atan(Math.tan(halfFov) * aspect));
  return {
    target: [(minX + maxX) / 2, (minY + maxY) / 2, (minZ + maxZ) / 2],
    distance: (radius / Math.sin(fit)) * 1.1,
  };
}

/** Three axes' x, y, z. */
type Axes = [number, number, number, number, number, number, number, number, number];

/**
 * The camera's axes for a yaw and pitch, as the navigator makes them: right (level), up = back × right, back (from
 * the target to the camera) — x, y, z of each.
 */
function viewAxes(yaw: number, pitch: number): Axes {
  const cosPitch = Math.cos(pitch);
  const bx = cosPitch * Math.cos(yaw);
  const by = cosPitch * Math.sin(yaw);
  const bz = Math.sin(pitch);
  const rx = -Math.sin(yaw);
  const ry = Math.cos(yaw);
  return [rx, ry, 0, -bz * ry, bz * rx, bx * ry - by * rx, bx, by, bz];
}

/** The perspective camera's near and far planes for a view distance. */
export function clipPlanes(distance: number): { near: number; far: number } {
  return { near: Math.max(0.01, distance / 1000), far: distance * 1000 };
}

/**
 * Writes the perspective camera's projection × view matrix (column-major, as WebGL takes it) for `pose` in a view of
 * `aspect` into `out`.
 */
export function perspectiveViewProjection(pose: ViewPose, aspect: number, out: Float32Array): Float32Array {
  const { target, distance, yaw, pitch } = pose;
  const [rx, ry, rz, ux, uy, uz, bx, by, bz] = viewAxes(yaw, pitch);
  const px = target[0] + bx * distance;
  const py = target[1] + by * distance;
  const pz = target[2] + bz * distance;
  // View: the inverse of the camera's rotation and translation (rows are the axes).
  const view = [
    rx, ux, bx, 0,
    ry, uy, by, 0,
    rz, uz, bz, 0,
    -(rx * px + ry * py + rz * pz), -(ux * px + uy * py + uz * pz), -(bx * px + by * py + bz * pz), 1,
  ]; // prettier-ignore
  const { near, far } = clipPlanes(distance);
  const top = near * Math.tan((VIEW_FOV_DEGREES * DEGREE) / 2);
  const f = near / top;
  const a = -(far + near) / (far - near);
  const b = (-2 * far * near) / (far - near);
  const sx = f / Math.max(1e-3, aspect);
  for (let column = 0; column < 4; column += 1) {
    const x = view[column * 4]!;
    const y = view[column * 4 + 1]!;
    const z = view[column * 4 + 2]!;
    const w = view[column * 4 + 3]!;
    out[column * 4] = sx * x;
    out[column * 4 + 1] = f * y;
    out[column * 4 + 2] = a * z + b * w;
    out[column * 4 + 3] = -z;
  }
  return out;
}

/**
 * Writes the camera's orientation for a yaw and pitch (its axes right, up and back as a rotation to model axes) as a
 * quaternion x, y, z, w into `out`: what billboards turn to (ModelViewState.billboardRotation).
 */
export function viewRotation(yaw: number, pitch: number, out: Float64Array): Float64Array {
  const [rx, ry, rz, ux, uy, uz, bx, by, bz] = viewAxes(yaw, pitch);
  // The rotation matrix's columns are right, up and back (m[row][column]).
  const [m00, m01, m02, m10, m11, m12, m20, m21, m22] = [rx, ux, bx, ry, uy, by, rz, uz, bz];
  const trace = m00 + m11 + m22;
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1);
    out[3] = 0.25 / s;
    out[0] = (m21 - m12) * s;
    out[1] = (m02 - m20) * s;
    out[2] = (m10 - m01) * s;
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    out[3] = (m21 - m12) / s;
    out[0] = 0.25 * s;
    out[1] = (m01 + m10) / s;
    out[2] = (m02 + m20) / s;
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    out[3] = (m02 - m20) / s;
    out[0] = (m01 + m10) / s;
    out[1] = 0.25 * s;
    out[2] = (m12 + m21) / s;
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    out[3] = (m10 - m01) / s;
    out[0] = (m02 + m20) / s;
    out[1] = (m12 + m21) / s;
    out[2] = 0.25 * s;
  }
  return out;
}

/**
 * A camera's position, target and roll at a sample time, and the orientation they give. Cameras are not
 * nodes: their KCTR and KTTR tracks move the stored position and target (zero without keys), KCRL is the roll
 * (radians, 0 without keys), by the rules of track-sampler.ts.
 *
 * Orientation: the camera looks from its position at its target with the model's +Z up; a positive roll turns the
 * camera clockwise about its line of sight as its viewer sees it (its up vector towards its right), so the picture
 * turns the other way.
 */
import type { Camera } from '../kinds/camera';
import { findTrack } from '../track';
import type { Numbers } from './quaternion';
import type { SampleTime } from './sample-time';
import { sampleScalar, sampleTrack } from './track-sampler';

/** A camera at one time. Make with {@link createCameraPose} and reuse. */
export interface CameraPose {
  readonly position: Float64Array;
  readonly target: Float64Array;
  /** Radians. */
  roll: number;
}

/** A pose at the origin looking at the origin (fill it with {@link sampleCamera}). */
export function createCameraPose(): CameraPose {
  return { position: new Float64Array(3), target: new Float64Array(3), roll: 0 };
}

const ZERO = new Float64Array(3);

/** Samples `camera` at `time` into `out`. */
export function sampleCamera(camera: Camera, time: SampleTime, out: CameraPose): CameraPose {
  sampleTrack(findTrack(camera.tracks, 'KCTR'), time, ZERO, out.position);
  sampleTrack(findTrack(camera.tracks, 'KTTR'), time, ZERO, out.target);
  for (let axis = 0; axis < 3; axis += 1) {
    out.position[axis] = out.position[axis]! + camera.position[axis]!;
    out.target[axis] = out.target[axis]! + camera.targetPosition[axis]!;
  }
  out.roll = sampleScalar(findTrack(camera.tracks, 'KCRL'), time, 0);
  return out;
}

/**
 * The camera's axes in model space: out[0…2] right, out[3…5] up, out[6…8] backward (from the target towards the
 * camera; the camera looks along its negative). A camera whose target is its position, or straight above or below
 * it, keeps +Y as its fallback right.
 */
export function cameraAxes<Out extends Numbers>(pose: CameraPose, out: Out): Out {
  let backX = pose.position[0]! - pose.target[0]!;
  let backY = pose.position[1]! - pose.target[1]!;
  let backZ = pose.position[2]! - pose.target[2]!;
  const length = Math.hypot(backX, backY, backZ);
  if (length > 0) {
    backX /= length;
    backY /= length;
    backZ /= length;
  } else {
    backX = 1;
    backY = 0;
    backZ = 0;
  }
  // right = forward × up = up(0, 0, 1) × back.
  let rightX = -backY;
  let rightY = backX;
  let rightZ = 0;
  const rightLength = Math.hypot(rightX, rightY);
  if (rightLength > 1e-9) {
    rightX /= rightLength;
    rightY /= rightLength;
  } else {
    rightX = 0;
    rightY = 1;
  }
  // up = back × right
  let upX = backY * rightZ - backZ * rightY;
  let upY = backZ * rightX - backX * rightZ;
  let upZ = backX * rightY - backY * rightX;
  const cosine = Math.cos(pose.roll);
  const sine = Math.sin(pose.roll);
  // Roll: up' = up cos r + right sin r, right' = right cos r − up sin r.
  const rolledRightX = rightX * cosine - upX * sine;
  const rolledRightY = rightY * cosine - upY * sine;
  const rolledRightZ = rightZ * cosine - upZ * sine;
  upX = upX * cosine + rightX * sine;
  upY = upY * cosine + rightY * sine;
  upZ = upZ * cosine + rightZ * sine;
  out[0] = rolledRightX;
  out[1] = rolledRightY;
  out[2] = rolledRightZ;
  out[3] = upX;
  out[4] = upY;
  out[5] = upZ;
  out[6] = backX;
  out[7] = backY;
  out[8] = backZ;
  return out;
}

/**
 * The vertical field of view (radians) of a camera whose FieldOfView `horizontal` spans the width of the game's
 * 4:3 frame: vertical = 2·atan(¾·tan(h/2)).
 */
export function verticalFieldOfView(horizontal: number): number {
  return 2 * Math.atan(0.75 * Math.tan(horizontal / 2));
}

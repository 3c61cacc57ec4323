/**
 * Looking through a model camera (three-free, tested numerically): where the camera's frame sits in the canvas
 * (the game's 4:3, letterboxed or pillarboxed; 16:9 or a square portrait as options) and the view and projection
 * matrices of the camera at a sampled pose.
 *
 * Field of view: a camera's FieldOfView is the horizontal angle of the game's 4:3 frame, so the vertical angle is
 * 2·atan(¾·tan(h/2)) (shared/model/sampling/camera-sampler.ts). The vertical angle is kept in every frame: 16:9 shows
 * more at the sides (as widescreen does), the square portrait frame less. Clip planes: the camera's near and far
 * distances (a non-positive or inverted pair falls back to 1 … 10,000 so a damaged camera still shows something).
 */
import type { Camera } from '../../../../shared/model/kinds/camera';
import { cameraAxes, type CameraPose, verticalFieldOfView } from '../../../../shared/model/sampling/camera-sampler';
import type { CameraFrame } from '../../../state/session';

/** Where a 4×4 matrix is written (a typed array or three.js's `elements`). */
export type MatrixOut = { [index: number]: number };

/** Width over height of each frame. */
export const FRAME_ASPECT: Readonly<Record<CameraFrame, number>> = { '4:3': 4 / 3, '16:9': 16 / 9, square: 1 };

/** A rectangle in canvas pixels from the top left. */
export interface FrameRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The largest rectangle of the frame's aspect centred in a canvas of `width` × `height`, into `out`. */
export function frameRect(frame: CameraFrame, width: number, height: number, out: FrameRect): FrameRect {
  const aspect = FRAME_ASPECT[frame];
  if (width / Math.max(1, height) > aspect) {
    out.height = height;
    out.width = height * aspect;
  } else {
    out.width = width;
    out.height = width / aspect;
  }
  out.x = (width - out.width) / 2;
  out.y = (height - out.height) / 2;
  return out;
}

/** The near and far clip distances a camera is drawn with. */
export function clipPlanes(camera: Camera, out: { near: number; far: number }): { near: number; far: number } {
  const near = camera.nearClippingPlane;
  const far = camera.farClippingPlane;
  const valid = Number.isFinite(near) && Number.isFinite(far) && near > 0 && far > near;
  out.near = valid ? near : 1;
  out.far = valid ? far : 10_000;
  return out;
}

const axes = new Float64Array(9);
const planes = { near: 1, far: 10_000 };

/**
 * The camera's world matrix (camera to model space; column major, 16 floats) at `pose`: its columns are the camera's
 * right, up and backward axes and its position, as three.js cameras take them.
 */
export function cameraWorldMatrix(pose: CameraPose, out: MatrixOut): void {
  cameraAxes(pose, axes);
  out[0] = axes[0]!;
  out[1] = axes[1]!;
  out[2] = axes[2]!;
  out[3] = 0;
  out[4] = axes[3]!;
  out[5] = axes[4]!;
  out[6] = axes[5]!;
  out[7] = 0;
  out[8] = axes[6]!;
  out[9] = axes[7]!;
  out[10] = axes[8]!;
  out[11] = 0;
  out[12] = pose.position[0]!;
  out[13] = pose.position[1]!;
  out[14] = pose.position[2]!;
  out[15] = 1;
}

/** The view matrix (model to camera space; the inverse of the rigid world matrix), column major. */
export function cameraViewMatrix(pose: CameraPose, out: MatrixOut): void {
  cameraAxes(pose, axes);
  const [px, py, pz] = [pose.position[0]!, pose.position[1]!, pose.position[2]!];
  // Rows of the view rotation are the axes.
  for (let row = 0; row < 3; row += 1) {
    out[row] = axes[row * 3]!;
    out[4 + row] = axes[row * 3 + 1]!;
    out[8 + row] = axes[row * 3 + 2]!;
    out[12 + row] = -(axes[row * 3]! * px + axes[row * 3 + 1]! * py + axes[row * 3 + 2]! * pz);
  }
  out[3] = 0;
  out[7] = 0;
  out[11] = 0;
  out[15] = 1;
}

/** OpenGL's perspective projection (column major) of a camera drawn in a frame of `aspect`. */
export function cameraProjectionMatrix(camera: Camera, aspect: number, out: MatrixOut): void {
  clipPlanes(camera, planes);
  const vertical = verticalFieldOfView(camera.fieldOfView);
  const f = 1 / Math.tan(vertical / 2);
  const { near, far } = planes;
  for (let element = 0; element < 16; element += 1) out[element] = 0;
  out[0] = f / aspect;
  out[5] = f;
  out[10] = (far + near) / (near - far);
  out[11] = -1;
  out[14] = (2 * far * near) / (near - far);
}

const view = new Float64Array(16);
const projection = new Float64Array(16);

/**
 * The canvas pixel (from the top left) where a model-space point shows through `camera` at `pose` in `rect`, into
 * `out` (x, y, and the depth in normalized device coordinates); false when the point is behind the camera.
 */
export function projectToPixel(
  camera: Camera,
  pose: CameraPose,
  rect: FrameRect,
  point: ArrayLike<number>,
  out: Float64Array,
): boolean {
  cameraViewMatrix(pose, view);
  cameraProjectionMatrix(camera, rect.width / rect.height, projection);
  const [x, y, z] = [point[0]!, point[1]!, point[2]!];
  const eyeX = view[0]! * x + view[4]! * y + view[8]! * z + view[12]!;
  const eyeY = view[1]! * x + view[5]! * y + view[9]! * z + view[13]!;
  const eyeZ = view[2]! * x + view[6]! * y + view[10]! * z + view[14]!;
  const clipX = projection[0]! * eyeX;
  const clipY = projection[5]! * eyeY;
  const clipZ = projection[10]! * eyeZ + projection[14]!;
  const clipW = -eyeZ;
  if (clipW <= 0) return false;
  out[0] = rect.x + ((clipX / clipW + 1) / 2) * rect.width;
  out[1] = rect.y + ((1 - clipY / clipW) / 2) * rect.height;
  out[2] = clipZ / clipW;
  return true;
}

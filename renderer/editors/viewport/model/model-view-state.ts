/**
 * What the viewport's model parts share without React (one object per viewport): the animator of the drawn model
 * (the camera view samples its cameras at the same time), the rotation billboards turn to, and the particles'
 * bounds (for framing).
 */
import type { BillboardCamera } from '../../../../shared/model/sampling/node-transforms';
import type { ModelAnimator } from './model-animator';

/** See the module comment. */
export interface ModelViewState {
  animator: ModelAnimator | null;
  /** The drawn particles' bounds at the last frame (Frame All takes them in), or null when none are drawn. */
  particleBounds: ((out: Float64Array) => boolean) | null;
  /** x, y, z, w: the rendering camera's orientation (camera axes to model axes), copied every frame. */
  readonly billboardRotation: Float64Array;
  /** The billboard camera over `billboardRotation`. */
  readonly billboard: BillboardCamera;
}

/** A fresh state. */
export function createModelViewState(): ModelViewState {
  const billboardRotation = new Float64Array([0, 0, 0, 1]);
  return { animator: null, particleBounds: null, billboardRotation, billboard: { rotation: billboardRotation } };
}

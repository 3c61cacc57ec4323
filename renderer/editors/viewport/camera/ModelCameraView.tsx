/**
 * Looking through a model camera (View ▸ Cameras ▸ Active Camera, Numpad 0): while a camera is active this becomes
 * the canvas's camera, placed every frame from the camera's position, target and roll tracks at the playhead, with
 * its clip planes and the vertical field of view of its 4:3 horizontal one; it draws the scene in the camera's frame
 * (4:3, or 16:9 / square from the session) centred in the canvas with dark bars around it, as the game letterboxes.
 * Runs before the model samples billboards (they turn to this camera) and renders the frame itself; nothing is
 * allocated per frame.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useLayoutEffect, useMemo } from 'react';
import { Color, PerspectiveCamera } from 'three';
import type { Camera as ModelCamera } from '../../../../shared/model/kinds/camera';
import { createCameraPose, sampleCamera } from '../../../../shared/model/sampling/camera-sampler';
import { createSampleTime, setSampleTime } from '../../../../shared/model/sampling/sample-time';
import { useApp, useEditor } from '../../../ui/editor-context';
import { currentDocument } from '../../../state/editor-store';
import { sequenceBoundsAt } from '../../../state/visibility';
import { VIEWPORT_BACKGROUND } from '../../timeline/theme';
import type { ModelRig } from '../model/model-rig';
import type { ViewNavigator } from '../view-navigator';
import {
  cameraProjectionMatrix,
  cameraViewMatrix,
  cameraWorldMatrix,
  clipPlanes,
  frameRect,
} from './camera-projection';

/** The bars around the camera's frame. */
export const LETTERBOX_COLOR = '#0b0b0c';

const scratchBounds = { startMs: 0, endMs: 0 };

/** Props: the model's rig, the camera's index, the free view's navigator (its camera comes back on leaving). */
export interface ModelCameraViewProps {
  rig: ModelRig;
  cameraIndex: number;
  navigator: ViewNavigator;
}

/** See the module comment. */
export function ModelCameraView({ rig, cameraIndex, navigator }: ModelCameraViewProps) {
  const { store } = useApp();
  const set = useThree((state) => state.set);
  const invalidate = useThree((state) => state.invalidate);
  const frame = useEditor((state) => state.session.viewport.cameraFrame);
  const camera = useMemo(() => {
    const created = new PerspectiveCamera();
    created.matrixAutoUpdate = false;
    created.matrixWorldAutoUpdate = false;
    return created;
  }, []);
  const model: ModelCamera | undefined = rig.cameras[cameraIndex];
  const work = useMemo(
    () => ({
      time: createSampleTime(rig.globalSequences),
      pose: createCameraPose(),
      rect: { x: 0, y: 0, width: 1, height: 1 },
      planes: { near: 1, far: 10_000 },
      bars: new Color(LETTERBOX_COLOR),
      background: new Color(VIEWPORT_BACKGROUND),
    }),
    [rig],
  );

  useLayoutEffect(() => {
    set({ camera: camera as never });
    invalidate();
    return () => {
      set({ camera: navigator.camera as never });
      invalidate();
    };
  }, [camera, navigator, set, invalidate]);

  // Place the camera before anything samples billboards.
  useFrame(({ size }) => {
    if (!model) return;
    const state = store.getState();
    const timeMs = state.session.playback.playheadMs;
    const document = currentDocument(state);
    const bounds = sequenceBoundsAt(document?.sequences ?? [], timeMs, scratchBounds);
    const start = Number.isFinite(bounds.startMs) ? bounds.startMs : Number.NaN;
    const end = Number.isFinite(bounds.endMs) ? bounds.endMs : Number.NaN;
    setSampleTime(work.time, timeMs, start, end, timeMs);
    sampleCamera(model, work.time, work.pose);
    frameRect(frame, size.width, size.height, work.rect);
    cameraWorldMatrix(work.pose, camera.matrixWorld.elements);
    camera.matrix.copy(camera.matrixWorld);
    camera.matrix.decompose(camera.position, camera.quaternion, camera.scale);
    cameraViewMatrix(work.pose, camera.matrixWorldInverse.elements);
    cameraProjectionMatrix(model, work.rect.width / Math.max(1, work.rect.height), camera.projectionMatrix.elements);
    camera.projectionMatrixInverse.copy(camera.projectionMatrix).invert();
    clipPlanes(model, work.planes);
    camera.near = work.planes.near;
    camera.far = work.planes.far;
  }, -3);

  // Draw after the axis gizmo's pass (priority 1, which draws the whole canvas): the bars, then the scene in the
  // frame (the gizmo is not shown while looking through a camera).
  useFrame(({ gl, scene, size }) => {
    const rect = work.rect;
    // The canvas's clear alpha is kept: 0 when a render asks for a transparent background.
    const alpha = gl.getClearAlpha();
    gl.setScissorTest(false);
    gl.setViewport(0, 0, size.width, size.height);
    gl.setClearColor(work.bars, alpha);
    gl.clear(true, true, true);
    const bottom = size.height - rect.y - rect.height;
    gl.setViewport(rect.x, bottom, rect.width, rect.height);
    gl.setScissor(rect.x, bottom, rect.width, rect.height);
    gl.setScissorTest(true);
    gl.setClearColor(work.background, alpha);
    gl.clear(true, true, true);
    gl.autoClear = false;
    gl.render(scene, camera);
    gl.autoClear = true;
    gl.setScissorTest(false);
    gl.setViewport(0, 0, size.width, size.height);
  }, 2);

  return null;
}

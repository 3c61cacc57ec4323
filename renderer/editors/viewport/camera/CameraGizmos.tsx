/**
 * The model's cameras as frustum gizmos (the Cameras overlay): for each camera, lines from its position to the
 * corners of its 4:3 frame a fifth of the way to its target, the frame, a line to the target, and a triangle on the
 * frame's top edge showing which way is up (its roll), sampled at the playhead every frame into one preallocated
 * line buffer. The camera being looked through is not drawn; the selected one is orange.
 */
import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { BufferAttribute, BufferGeometry, DynamicDrawUsage, type LineSegments } from 'three';
import { cameraAxes, createCameraPose, sampleCamera } from '../../../../shared/model/sampling/camera-sampler';
import { createSampleTime, setSampleTime } from '../../../../shared/model/sampling/sample-time';
import { useApp } from '../../../ui/editor-context';
import { currentDocument } from '../../../state/editor-store';
import { sequenceBoundsAt } from '../../../state/visibility';
import type { ModelRig } from '../model/model-rig';
import { activeViewCamera } from './view-camera';

/** Line vertices per camera: 11 segments. */
export const CAMERA_GIZMO_VERTICES = 22;

const NORMAL_COLOR = [0.1, 0.1, 0.1] as const;
const SELECTED_COLOR = [1, 0.63, 0.2] as const;
const scratchBounds = { startMs: 0, endMs: 0 };
const NO_RAYCAST = () => undefined;

const CORNERS = [-1, -1, 1, -1, 1, 1, -1, 1] as const;

/** Writes position + right·axes[0…2] + up·axes[3…5] − forward·axes[6…8] at `at`; returns the next index. */
function writePoint(
  out: Float32Array,
  at: number,
  position: ArrayLike<number>,
  axes: ArrayLike<number>,
  right: number,
  up: number,
  forward: number,
): number {
  for (let axis = 0; axis < 3; axis += 1)
    out[at + axis] = position[axis]! + axes[axis]! * right + axes[3 + axis]! * up - axes[6 + axis]! * forward;
  return at + 3;
}

/**
 * Writes one camera's gizmo lines into `out` from `offset` (vertex index): apex, frame corners, target, up mark.
 * `axes` holds its right, up and backward axes; `horizontal` its field of view.
 */
export function writeCameraGizmo(
  position: ArrayLike<number>,
  target: ArrayLike<number>,
  axes: ArrayLike<number>,
  horizontal: number,
  out: Float32Array,
  offset: number,
): void {
  const distance = Math.hypot(target[0]! - position[0]!, target[1]! - position[1]!, target[2]! - position[2]!);
  const depth = Math.max(4, distance * 0.2);
  const width = depth * Math.tan(Math.min(3, Math.max(0.05, horizontal)) / 2);
  const height = width * 0.75;
  let at = offset * 3;
  for (let corner = 0; corner < 4; corner += 1) {
    at = writePoint(out, at, position, axes, 0, 0, 0);
    at = writePoint(out, at, position, axes, CORNERS[corner * 2]! * width, CORNERS[corner * 2 + 1]! * height, depth);
  }
  for (let corner = 0; corner < 4; corner += 1) {
    const next = (corner + 1) % 4;
    at = writePoint(out, at, position, axes, CORNERS[corner * 2]! * width, CORNERS[corner * 2 + 1]! * height, depth);
    at = writePoint(out, at, position, axes, CORNERS[next * 2]! * width, CORNERS[next * 2 + 1]! * height, depth);
  }
  at = writePoint(out, at, position, axes, 0, 0, 0);
  for (let axis = 0; axis < 3; axis += 1) out[at++] = target[axis]!;
  at = writePoint(out, at, position, axes, -width * 0.5, height * 1.1, depth);
  at = writePoint(out, at, position, axes, 0, height * 1.6, depth);
  at = writePoint(out, at, position, axes, width * 0.5, height * 1.1, depth);
  writePoint(out, at, position, axes, 0, height * 1.6, depth);
}

/** See the module comment. */
export function CameraGizmos({ rig }: { rig: ModelRig }) {
  const { store } = useApp();
  const count = rig.cameras.length;
  const geometry = useMemo(() => {
    const created = new BufferGeometry();
    created.setAttribute(
      'position',
      new BufferAttribute(new Float32Array(count * CAMERA_GIZMO_VERTICES * 3), 3).setUsage(DynamicDrawUsage),
    );
    created.setAttribute(
      'color',
      new BufferAttribute(new Float32Array(count * CAMERA_GIZMO_VERTICES * 3), 3).setUsage(DynamicDrawUsage),
    );
    return created;
  }, [count]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  const work = useMemo(
    () => ({ time: createSampleTime(rig.globalSequences), pose: createCameraPose(), axes: new Float64Array(9) }),
    [rig],
  );
  const lines = useRef<LineSegments>(null);

  useFrame(() => {
    const state = store.getState();
    const timeMs = state.session.playback.playheadMs;
    const bounds = sequenceBoundsAt(currentDocument(state)?.sequences ?? [], timeMs, scratchBounds);
    const start = Number.isFinite(bounds.startMs) ? bounds.startMs : Number.NaN;
    const end = Number.isFinite(bounds.endMs) ? bounds.endMs : Number.NaN;
    setSampleTime(work.time, timeMs, start, end, timeMs);
    const positions = geometry.attributes.position!.array as Float32Array;
    const colors = geometry.attributes.color!.array as Float32Array;
    const looking = activeViewCamera(state);
    const active = state.selection.active;
    const selected = active?.kind === 'camera' ? active.cameraIndex : -1;
    for (let index = 0; index < count; index += 1) {
      const camera = rig.cameras[index]!;
      sampleCamera(camera, work.time, work.pose);
      cameraAxes(work.pose, work.axes);
      const offset = index * CAMERA_GIZMO_VERTICES;
      if (index === looking) positions.fill(0, offset * 3, (offset + CAMERA_GIZMO_VERTICES) * 3);
      else writeCameraGizmo(work.pose.position, work.pose.target, work.axes, camera.fieldOfView, positions, offset);
      const color = index === selected ? SELECTED_COLOR : NORMAL_COLOR;
      for (let vertex = offset; vertex < offset + CAMERA_GIZMO_VERTICES; vertex += 1) {
        colors[vertex * 3] = color[0];
        colors[vertex * 3 + 1] = color[1];
        colors[vertex * 3 + 2] = color[2];
      }
    }
    geometry.attributes.position!.needsUpdate = true;
    geometry.attributes.color!.needsUpdate = true;
  });

  return (
    <lineSegments ref={lines} geometry={geometry} frustumCulled={false} raycast={NO_RAYCAST}>
      <lineBasicMaterial vertexColors />
    </lineSegments>
  );
}

import { describe, expect, it } from 'vitest';
import { NODE_FLAG } from '../kinds/node';
import { createTrack, INTERPOLATION } from '../track';
import { cameraAxes, createCameraPose } from './camera-sampler';
import { createNodeTransforms, MATRIX_FLOATS, updateNodeTransforms } from './node-transforms';
import { createSampleTime, setSampleTime } from './sample-time';
import { boneModel, constantTrack, quaternionFromAxes, transformPoint } from './testing/node-models';

const half = Math.SQRT1_2;
const quarterTurnZ = [0, 0, half, half];
const time = setSampleTime(createSampleTime(), 0, 0, 1000);

function expectPoint(actual: number[], expected: number[]) {
  actual.forEach((value, axis) => expect(value).toBeCloseTo(expected[axis]!, 5));
}

/** A root bone turning a quarter about Z, scaled 2 and lifted 5 about its pivot (1, 0, 0). */
const parentSpec = {
  pivot: [1, 0, 0] as const,
  tracks: [constantTrack('KGTR', [0, 0, 5]), constantTrack('KGRT', quarterTurnZ), constantTrack('KGSC', [2, 2, 2])],
};
/** Its child at pivot (3, 0, 0), moved by (0, 1, 0). */
const childSpec = (flags = 0) => ({
  pivot: [3, 0, 0] as const,
  parent: 0,
  flags,
  tracks: [constantTrack('KGTR', [0, 1, 0])],
});

function pose(specs: Parameters<typeof boneModel>[0], camera: number[] | null = null) {
  const transforms = createNodeTransforms(boneModel(specs));
  updateNodeTransforms(transforms, time, camera ? { rotation: camera } : null);
  return transforms;
}

describe('updateNodeTransforms: the hierarchy', () => {
  it('turns a root about its pivot: translate, rotate, scale', () => {
    const { worldMatrices } = pose([parentSpec]);
    // (2, 0, 0): 1 from the pivot, scaled to 2, turned to (0, 2, 0), then + pivot + translation.
    expectPoint(transformPoint(worldMatrices, 0, 2, 0, 0), [1, 2, 5]);
    expectPoint(transformPoint(worldMatrices, 0, 1, 0, 0), [1, 0, 5]);
  });

  it('composes a child with its parent', () => {
    const { worldMatrices, worldRotations, worldScales } = pose([parentSpec, childSpec()]);
    // Child: (4, 0, 0) → (4, 1, 0); parent: 3 from its pivot → (6, 2, 0) → (−2, 6, 0) → (−1, 6, 5).
    expectPoint(transformPoint(worldMatrices, MATRIX_FLOATS, 4, 0, 0), [-1, 6, 5]);
    expectPoint([...worldRotations.subarray(4, 8)], quarterTurnZ);
    expectPoint([...worldScales.subarray(3, 6)], [2, 2, 2]);
  });

  it('keeps the pivot from following the parent when translation is not inherited', () => {
    const { worldMatrices } = pose([parentSpec, childSpec(NODE_FLAG.dontInheritTranslation)]);
    // The pivot moves only by the parent-turned own translation: (3, 0, 0) + R·S·(0, 1, 0) = (1, 0, 0).
    expectPoint(transformPoint(worldMatrices, MATRIX_FLOATS, 3, 0, 0), [1, 0, 0]);
    expectPoint(transformPoint(worldMatrices, MATRIX_FLOATS, 4, 0, 0), [1, 2, 0]);
  });

  it('cancels the parent’s rotation or scaling when they are not inherited', () => {
    const rotation = pose([parentSpec, childSpec(NODE_FLAG.dontInheritRotation)]);
    // Pivot + translation (3, 1, 0) goes where the parent puts it, (−1, 4, 5); the offset (1, 0, 0) is only scaled.
    expectPoint(transformPoint(rotation.worldMatrices, MATRIX_FLOATS, 4, 0, 0), [1, 4, 5]);
    expectPoint([...rotation.worldRotations.subarray(4, 8)], [0, 0, 0, 1]);
    const scaling = pose([parentSpec, childSpec(NODE_FLAG.dontInheritScaling)]);
    // The offset (1, 0, 0) is only turned: (0, 1, 0).
    expectPoint(transformPoint(scaling.worldMatrices, MATRIX_FLOATS, 4, 0, 0), [-1, 5, 5]);
    expectPoint([...scaling.worldScales.subarray(3, 6)], [1, 1, 1]);
  });

  it('finds parents by objectId, and makes a node whose parents loop back a root', () => {
    const sparse = createNodeTransforms(
      boneModel([
        { objectId: 5, parent: 2, pivot: [1, 0, 0], tracks: [constantTrack('KGTR', [0, 0, 1])] },
        { objectId: 2, tracks: [constantTrack('KGTR', [10, 0, 0])] },
      ]),
    );
    updateNodeTransforms(sparse, time);
    expect(sparse.nodeIndexOf(2)).toBe(1);
    expect([...sparse.parents]).toEqual([1, -1]);
    expect([...sparse.order]).toEqual([1, 0]);
    expectPoint(transformPoint(sparse.worldMatrices, 0, 0, 0, 0), [10, 0, 1]);
    const looped = pose([{ parent: 1 }, { parent: 0 }, { parent: 1 }]);
    expect(looped.parents.filter((parent) => parent === -1)).toHaveLength(1);
    expect(looped.worldMatrices.every(Number.isFinite)).toBe(true);
  });

  it('samples the node tracks at the time inside the sequence', () => {
    const moving = createNodeTransforms(
      boneModel([
        {
          tracks: [
            createTrack('KGTR', INTERPOLATION.linear, -1, [
              { frame: 100, value: [0, 0, 0] },
              { frame: 200, value: [10, 0, 0] },
            ]),
          ],
        },
      ]),
    );
    updateNodeTransforms(moving, setSampleTime(createSampleTime(), 150, 100, 200));
    expectPoint(transformPoint(moving.worldMatrices, 0, 0, 0, 0), [5, 0, 0]);
    updateNodeTransforms(moving, setSampleTime(createSampleTime(), 150, 0, 1000));
    expectPoint(transformPoint(moving.worldMatrices, 0, 0, 0, 0), [5, 0, 0]);
    updateNodeTransforms(moving, setSampleTime(createSampleTime(), 50, 0, 1000));
    expectPoint(transformPoint(moving.worldMatrices, 0, 0, 0, 0), [0, 0, 0]);
  });
});

/** The orientation of a camera at `position` looking at the origin. */
function cameraAt(position: [number, number, number]): number[] {
  const camera = createCameraPose();
  camera.position.set(position);
  const axes = cameraAxes(camera, new Float64Array(9));
  return quaternionFromAxes([...axes.subarray(0, 3)], [...axes.subarray(3, 6)], [...axes.subarray(6, 9)]);
}

describe('updateNodeTransforms: billboards', () => {
  it('turns a billboard’s +X to the viewer, +Y to the right and +Z up', () => {
    const camera = cameraAt([0, 10, 0]);
    const { worldMatrices } = pose([{ flags: NODE_FLAG.billboarded }], camera);
    expectPoint(transformPoint(worldMatrices, 0, 1, 0, 0), [0, 1, 0]);
    expectPoint(transformPoint(worldMatrices, 0, 0, 1, 0), [-1, 0, 0]);
    expectPoint(transformPoint(worldMatrices, 0, 0, 0, 1), [0, 0, 1]);
    // Without a camera, billboards face +X: as modelled.
    const front = pose([{ flags: NODE_FLAG.billboarded }]);
    expectPoint(transformPoint(front.worldMatrices, 0, 0, 1, 0), [0, 1, 0]);
  });

  it('faces the camera whatever its parent’s rotation', () => {
    const camera = cameraAt([0, 10, 0]);
    const { worldMatrices } = pose(
      [{ tracks: [constantTrack('KGRT', quarterTurnZ)] }, { parent: 0, flags: NODE_FLAG.billboarded }],
      camera,
    );
    expectPoint(transformPoint(worldMatrices, MATRIX_FLOATS, 1, 0, 0), [0, 1, 0]);
  });

  it('turns about the locked axis only', () => {
    const fromAbove = cameraAt([0, 10, 10]);
    const lockZ = pose([{ flags: NODE_FLAG.billboardedLockZ }], fromAbove);
    expectPoint(transformPoint(lockZ.worldMatrices, 0, 1, 0, 0), [0, 1, 0]);
    expectPoint(transformPoint(lockZ.worldMatrices, 0, 0, 0, 1), [0, 0, 1]);
    const lockY = pose([{ flags: NODE_FLAG.billboardedLockY }], cameraAt([0, 0, 10]));
    expectPoint(transformPoint(lockY.worldMatrices, 0, 1, 0, 0), [0, 0, 1]);
    expectPoint(transformPoint(lockY.worldMatrices, 0, 0, 1, 0), [0, 1, 0]);
    // Lock X turns +Y to the viewer and mirrors local Z (the game's quirk).
    const lockX = pose([{ flags: NODE_FLAG.billboardedLockX }], cameraAt([0, 0, 10]));
    expectPoint(transformPoint(lockX.worldMatrices, 0, 0, 1, 0), [0, 0, 1]);
    expectPoint(transformPoint(lockX.worldMatrices, 0, 1, 0, 0), [1, 0, 0]);
    expectPoint(transformPoint(lockX.worldMatrices, 0, 0, 0, 1), [0, 1, 0]);
  });
});

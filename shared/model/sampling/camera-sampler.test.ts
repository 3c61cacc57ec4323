import { describe, expect, it } from 'vitest';
import type { Camera } from '../kinds/camera';
import { createTrack, INTERPOLATION } from '../track';
import { cameraAxes, createCameraPose, sampleCamera, verticalFieldOfView } from './camera-sampler';
import { createSampleTime, setSampleTime } from './sample-time';

const camera: Camera = {
  name: 'Portrait',
  position: [1, 2, 3],
  fieldOfView: Math.PI / 2,
  farClippingPlane: 1000,
  nearClippingPlane: 8,
  targetPosition: [0, 0, 1],
  tracks: [
    createTrack('KCTR', INTERPOLATION.linear, -1, [
      { frame: 0, value: [0, 0, 0] },
      { frame: 100, value: [10, 0, 0] },
    ]),
    createTrack('KTTR', INTERPOLATION.none, -1, [{ frame: 0, value: [0, 5, 0] }]),
    createTrack('KCRL', INTERPOLATION.linear, -1, [
      { frame: 0, value: [0] },
      { frame: 100, value: [1] },
    ]),
  ],
  unparsedBytes: new Uint8Array(0),
};

function expectNear(actual: ArrayLike<number>, expected: number[]) {
  expected.forEach((value, index) => expect(actual[index]).toBeCloseTo(value, 6));
}

describe('sampleCamera', () => {
  it('moves position and target by their tracks and reads the roll', () => {
    const pose = sampleCamera(camera, setSampleTime(createSampleTime(), 50, 0, 100), createCameraPose());
    expectNear(pose.position, [6, 2, 3]);
    expectNear(pose.target, [0, 5, 1]);
    expect(pose.roll).toBeCloseTo(0.5, 6);
  });

  it('gives the stored position, target and no roll with no sequence', () => {
    const pose = sampleCamera(camera, createSampleTime(), createCameraPose());
    expectNear(pose.position, [1, 2, 3]);
    expectNear(pose.target, [0, 0, 1]);
    expect(pose.roll).toBe(0);
  });
});

describe('cameraAxes', () => {
  it('looks at the target with +Z up, and rolls its up vector towards its right', () => {
    const pose = createCameraPose();
    pose.position.set([10, 0, 0]);
    const axes = cameraAxes(pose, new Float64Array(9));
    expectNear(axes, [0, 1, 0, 0, 0, 1, 1, 0, 0]);
    pose.roll = Math.PI / 2;
    cameraAxes(pose, axes);
    expectNear(axes, [0, 0, -1, 0, 1, 0, 1, 0, 0]);
    // Straight down: a fallback right, still a right-handed frame.
    pose.position.set([0, 0, 10]);
    pose.roll = 0;
    cameraAxes(pose, axes);
    expectNear(axes, [0, 1, 0, -1, 0, 0, 0, 0, 1]);
  });
});

describe('verticalFieldOfView', () => {
  it('reads FieldOfView as the horizontal angle of the 4:3 frame', () => {
    for (const horizontal of [0.5, 0.785398, Math.PI / 2, 2]) {
      const vertical = verticalFieldOfView(horizontal);
      // A point at the horizontal half-angle projects onto the 4:3 frame's right edge (NDC x = 1).
      const x = Math.tan(horizontal / 2);
      expect(x / ((4 / 3) * Math.tan(vertical / 2))).toBeCloseTo(1, 12);
    }
    expect(verticalFieldOfView(Math.PI / 2)).toBeCloseTo(2 * Math.atan(0.75), 12);
  });
});

import { describe, expect, it } from 'vitest';
import { Matrix4 } from 'three';
import fc from 'fast-check';
import { perspectiveViewProjection, viewRotation } from './view-math';
import { ViewNavigator } from './view-navigator';

describe('view math (the boot frame’s camera)', () => {
  it('gives the navigator’s perspective camera’s projection × view for any framed view', () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.double({ min: -500, max: 500, noNaN: true }),
          fc.double({ min: -500, max: 500, noNaN: true }),
          fc.double({ min: -500, max: 500, noNaN: true }),
        ),
        fc.double({ min: 1, max: 800, noNaN: true }),
        fc.double({ min: 0.05, max: 400, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: 0.3, max: 4, noNaN: true }),
        (corner, size, depth, yaw, aspect) => {
          const navigator = new ViewNavigator();
          navigator.setAspect(aspect);
          navigator.state.yaw = yaw;
          navigator.frame([corner[0], corner[1], corner[2], corner[0] + size, corner[1] + depth, corner[2] + size]);
          const camera = navigator.perspective;
          const expected = new Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
          const { target, distance, pitch } = navigator.state;
          const actual = perspectiveViewProjection(
            { target: [target.x, target.y, target.z], distance, yaw, pitch },
            aspect,
            new Float32Array(16),
          );
          for (let index = 0; index < 16; index += 1) {
            const scale = Math.max(1, Math.abs(expected.elements[index]!));
            expect(Math.abs(actual[index]! - expected.elements[index]!) / scale).toBeLessThan(1e-4);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives the navigator camera’s orientation (what billboards turn to)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -3.2, max: 3.2, noNaN: true }),
        fc.double({ min: -1.5, max: 1.5, noNaN: true }),
        (yaw, pitch) => {
          const navigator = new ViewNavigator();
          navigator.setView({ target: [0, 0, 0], distance: 10, yaw, pitch, orthographic: false, axis: null });
          const expected = navigator.perspective.quaternion;
          const actual = viewRotation(yaw, pitch, new Float64Array(4));
          const sign =
            Math.sign(
              expected.w * actual[3]! + expected.x * actual[0]! + expected.y * actual[1]! + expected.z * actual[2]!,
            ) || 1;
          expect(actual[0]! * sign).toBeCloseTo(expected.x, 6);
          expect(actual[1]! * sign).toBeCloseTo(expected.y, 6);
          expect(actual[2]! * sign).toBeCloseTo(expected.z, 6);
          expect(actual[3]! * sign).toBeCloseTo(expected.w, 6);
        },
      ),
      { numRuns: 200 },
    );
  });
});

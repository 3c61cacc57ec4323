import { describe, expect, it } from 'vitest';
import type { Camera } from '../../../../shared/model/kinds/camera';
import { createCameraPose } from '../../../../shared/model/sampling/camera-sampler';
import { clipPlanes, cameraWorldMatrix, frameRect, type FrameRect, projectToPixel } from './camera-projection';

const HORIZONTAL = 1;

function camera(overrides: Partial<Camera> = {}): Camera {
  return {
    name: 'Camera01',
    position: [100, 0, 0],
    targetPosition: [0, 0, 0],
    fieldOfView: HORIZONTAL,
    nearClippingPlane: 1,
    farClippingPlane: 1000,
    tracks: [],
    unparsedBytes: new Uint8Array(0),
    ...overrides,
  };
}

function pose(roll = 0) {
  const result = createCameraPose();
  result.position.set([100, 0, 0]);
  result.roll = roll;
  return result;
}

const rect = (frame: '4:3' | '16:9' | 'square', width: number, height: number): FrameRect =>
  frameRect(frame, width, height, { x: 0, y: 0, width: 0, height: 0 });

describe('looking through a model camera', () => {
  it('letterboxes the 4:3 frame in the canvas, or pillarboxes it', () => {
    expect(rect('4:3', 1000, 600)).toEqual({ x: 100, y: 0, width: 800, height: 600 });
    expect(rect('4:3', 800, 900)).toEqual({ x: 0, y: 150, width: 800, height: 600 });
    expect(rect('16:9', 1600, 1000)).toEqual({ x: 0, y: 50, width: 1600, height: 900 });
    expect(rect('square', 1000, 600)).toEqual({ x: 200, y: 0, width: 600, height: 600 });
  });

  it('projects a known point to the pixel the 4:3 horizontal field of view gives', () => {
    // The camera at x = 100 looks at the origin: model +Y is its right, +Z its up. FieldOfView is the horizontal
    // angle of the 4:3 frame, so a point at y = 10 (10 % of the distance) sits tan⁻¹-proportionally right of centre:
    // x = centre + (10 / 100) / tan(h / 2) · (frame width / 2); the vertical scale is the same per pixel.
    const frame = rect('4:3', 1000, 600);
    const out = new Float64Array(3);
    expect(projectToPixel(camera(), pose(), frame, [0, 10, 5], out)).toBe(true);
    const scale = 400 / Math.tan(HORIZONTAL / 2);
    expect(out[0]).toBeCloseTo(500 + 0.1 * scale, 6);
    expect(out[1]).toBeCloseTo(300 - 0.05 * scale, 6);
    // The frame's right edge is the horizontal angle's edge.
    const edge = 100 * Math.tan(HORIZONTAL / 2);
    projectToPixel(camera(), pose(), frame, [0, edge, 0], out);
    expect(out[0]).toBeCloseTo(900, 6);
    // Not mdx-m3-viewer's reading (the angle as vertical), which would put the point a third nearer the centre.
    expect(Math.abs(out[0]! - (500 + 300 * (edge / 100 / Math.tan(HORIZONTAL / 2))))).toBeGreaterThan(50);
  });

  it('rolls the picture: a quarter turn brings the right side up', () => {
    const frame = rect('4:3', 1000, 600);
    const out = new Float64Array(3);
    projectToPixel(camera(), pose(Math.PI / 2), frame, [0, 10, 0], out);
    expect(out[0]).toBeCloseTo(500, 6);
    expect(out[1]).toBeCloseTo(300 - 0.1 * (400 / Math.tan(HORIZONTAL / 2)), 6);
  });

  it('puts the near and far planes at the camera’s clip distances, with a fallback for damaged ones', () => {
    const frame = rect('4:3', 1000, 600);
    const out = new Float64Array(3);
    projectToPixel(camera(), pose(), frame, [99, 0, 0], out);
    expect(out[2]).toBeCloseTo(-1, 6);
    projectToPixel(camera(), pose(), frame, [-900, 0, 0], out);
    expect(out[2]).toBeCloseTo(1, 6);
    expect(projectToPixel(camera(), pose(), frame, [200, 0, 0], out)).toBe(false);
    expect(clipPlanes(camera({ nearClippingPlane: 0, farClippingPlane: -1 }), { near: 0, far: 0 })).toEqual({
      near: 1,
      far: 10_000,
    });
  });

  it('gives three.js the camera’s axes and position as its world matrix', () => {
    const matrix = new Float64Array(16);
    cameraWorldMatrix(pose(), matrix);
    // Right +Y, up +Z, backward +X, at (100, 0, 0).
    expect([...matrix].map((value) => Math.round(value * 1e9) / 1e9 + 0)).toEqual([
      0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 100, 0, 0, 1,
    ]);
  });
});

import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, THREE_QUARTER_YAW, ViewNavigator, gridPlaneFor, viewAnglesForNormal } from './view-navigator';

function viewDirection(navigator: ViewNavigator): Vector3 {
  return new Vector3(0, 0, -1).applyQuaternion(navigator.camera.quaternion);
}

function cameraUp(navigator: ViewNavigator): Vector3 {
  return new Vector3(0, 1, 0).applyQuaternion(navigator.camera.quaternion);
}

const close = (vector: Vector3, x: number, y: number, z: number) => {
  expect(vector.x).toBeCloseTo(x, 6);
  expect(vector.y).toBeCloseTo(y, 6);
  expect(vector.z).toBeCloseTo(z, 6);
};

describe('view navigation (Blender, Z up)', () => {
  it('numpad 1 looks along +Y with Z up, numpad 3 along −X, numpad 7 down −Z with Y up', () => {
    const navigator = new ViewNavigator();
    navigator.viewAxis('front');
    close(viewDirection(navigator), 0, 1, 0);
    close(cameraUp(navigator), 0, 0, 1);
    navigator.viewAxis('right');
    close(viewDirection(navigator), -1, 0, 0);
    navigator.viewAxis('top');
    close(viewDirection(navigator), 0, 0, -1);
    close(cameraUp(navigator), 0, 1, 0);
  });

  it('Ctrl gives the opposite side', () => {
    const navigator = new ViewNavigator();
    navigator.viewAxis('back');
    close(viewDirection(navigator), 0, -1, 0);
    navigator.viewAxis('left');
    close(viewDirection(navigator), 1, 0, 0);
    navigator.viewAxis('bottom');
    close(viewDirection(navigator), 0, 0, 1);
  });

  it('numpad views switch to orthographic and orbiting returns to perspective (Auto Perspective)', () => {
    const navigator = new ViewNavigator();
    expect(navigator.state.orthographic).toBe(false);
    navigator.viewAxis('front');
    expect(navigator.state.orthographic).toBe(true);
    expect(navigator.viewName).toBe('Front Orthographic');
    navigator.orbit(10, 0);
    expect(navigator.state.orthographic).toBe(false);
    expect(navigator.viewName).toBe('User Perspective');
  });

  it('numpad 5 toggles orthographic and keeps it after orbiting', () => {
    const navigator = new ViewNavigator();
    navigator.toggleOrthographic();
    navigator.orbit(5, 5);
    expect(navigator.state.orthographic).toBe(true);
  });

  it('the camera keeps its distance to the target while orbiting, and pitch is clamped', () => {
    const navigator = new ViewNavigator();
    navigator.orbit(123, 4000);
    expect(navigator.camera.position.distanceTo(navigator.state.target)).toBeCloseTo(navigator.state.distance, 4);
    expect(navigator.state.pitch).toBeCloseTo(Math.PI / 2);
  });

  it('framing centres the box and fits it', () => {
    const navigator = new ViewNavigator();
    navigator.setAspect(1.5);
    navigator.frame([10, 20, 30, 30, 40, 50]);
    close(navigator.state.target, 20, 30, 40);
    const radius = Math.hypot(20, 20, 20) / 2;
    expect(navigator.state.distance).toBeGreaterThan(radius);
  });

  it('panning moves the target in the view plane', () => {
    const navigator = new ViewNavigator();
    navigator.viewAxis('front');
    navigator.pan(100, 0, 500);
    expect(navigator.state.target.x).toBeLessThan(0);
    expect(navigator.state.target.y).toBeCloseTo(0, 6);
  });

  it('zoom moves closer for factors above one', () => {
    const navigator = new ViewNavigator();
    const before = navigator.state.distance;
    navigator.zoom(1.25);
    expect(navigator.state.distance).toBeCloseTo(before / 1.25);
  });

  it('framing keeps the view direction (Home, numpad .)', () => {
    const navigator = new ViewNavigator();
    navigator.orbit(40, -20);
    const { yaw, pitch } = navigator.state;
    const before = viewDirection(navigator);
    navigator.frame([-50, -30, 30, 0, 30, 114]);
    expect(navigator.state.yaw).toBe(yaw);
    expect(navigator.state.pitch).toBe(pitch);
    close(viewDirection(navigator), before.x, before.y, before.z);
  });
});

describe('the first view of a newly opened file', () => {
  // The sample capes hang behind a character facing +X: their normals point back (−X) and up.
  const capeNormal = new Vector3(-0.86, -0.1, 0.4);

  it('looks at the broad side the capes’ normals point to, at a 3/4 angle and from a little above', () => {
    const navigator = new ViewNavigator();
    navigator.faceNormal(capeNormal.x, capeNormal.y, capeNormal.z);
    const towardsCamera = viewDirection(navigator).negate();
    const horizontalNormal = new Vector3(capeNormal.x, capeNormal.y, 0).normalize();
    const horizontalCamera = new Vector3(towardsCamera.x, towardsCamera.y, 0).normalize();
    // Seen from the normal's side, turned 35° round it: not edge-on, not straight on.
    expect(horizontalCamera.angleTo(horizontalNormal)).toBeCloseTo(THREE_QUARTER_YAW, 6);
    expect(towardsCamera.dot(capeNormal.clone().normalize())).toBeGreaterThan(0.7);
    expect(towardsCamera.z).toBeGreaterThan(0.2);
    expect(navigator.state.orthographic).toBe(false);
    expect(navigator.viewName).toBe('User Perspective');
  });

  it('leaves a numpad view and its orthographic projection', () => {
    const navigator = new ViewNavigator();
    navigator.viewAxis('top');
    navigator.faceNormal(-1, 0, 0);
    expect(navigator.state.orthographic).toBe(false);
    expect(navigator.state.axis).toBeNull();
    navigator.viewAxis('front');
    close(viewDirection(navigator), 0, 1, 0);
  });

  it('falls back to the default view when the normals give no side (flat, folded or empty)', () => {
    expect(viewAnglesForNormal(0, 0, 1)).toEqual(DEFAULT_VIEW);
    expect(viewAnglesForNormal(0, 0, 0)).toEqual(DEFAULT_VIEW);
    expect(viewAnglesForNormal(Number.NaN, 0, 0)).toEqual(DEFAULT_VIEW);
    expect(viewAnglesForNormal(1, 0, 0)).not.toEqual(DEFAULT_VIEW);
  });

  it('keeps the pitch between a little and well above the horizon', () => {
    expect(viewAnglesForNormal(1, 0, -0.9).pitch).toBeGreaterThan(0.15);
    expect(viewAnglesForNormal(0.3, 0, 0.95).pitch).toBeLessThan(Math.PI / 4);
  });
});

describe('the grid overlay', () => {
  it('lies on the floor, except in orthographic side views where it stands behind the scene', () => {
    expect(gridPlaneFor(false, null)).toBe('floor');
    expect(gridPlaneFor(false, 'front')).toBe('floor');
    expect(gridPlaneFor(true, 'top')).toBe('floor');
    expect(gridPlaneFor(true, null)).toBe('floor');
    expect(gridPlaneFor(true, 'front')).toBe('xz');
    expect(gridPlaneFor(true, 'back')).toBe('xz');
    expect(gridPlaneFor(true, 'right')).toBe('yz');
    expect(gridPlaneFor(true, 'left')).toBe('yz');
  });
});

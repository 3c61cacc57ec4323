import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { ViewNavigator } from './view-navigator';

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
});

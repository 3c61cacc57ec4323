import { describe, expect, it } from 'vitest';
import { createMrf } from '../../../shared/mrf';
import { CapeAnimator } from '../../capes/cape-animator';
import { averageNormal, combinedBounds } from './viewport-registry';

/** A one-keyframe cape whose vertices all carry the given normal. */
function capeFacing(normal: [number, number, number], offset = 0): CapeAnimator {
  const keyframe = new Float32Array([offset, 0, 0, ...normal, offset, 1, 0, ...normal, offset, 0, 1, ...normal]);
  return new CapeAnimator(
    createMrf({
      texturePath: 'Textures\\Cape.blp',
      faces: new Uint16Array([0, 1, 2]),
      uvs: new Float32Array(6),
      keyframes: [keyframe],
      header: { frameInterval: 1 },
    }),
  );
}

describe('what the viewport frames', () => {
  it('averages the vertex normals of the included capes, sampling unsampled ones at their first keyframe', () => {
    const back = capeFacing([-1, 0, 0]);
    const up = capeFacing([0, 0, 1]);
    const out = [0, 0, 0];
    expect(averageNormal([back, up], () => true, out)).toBe(true);
    expect(out).toEqual([-0.5, 0, 0.5]);
    expect(averageNormal([back, up], (animator) => animator === back, out)).toBe(true);
    expect(out).toEqual([-1, 0, 0]);
  });

  it('reports when there is nothing to average', () => {
    const out = [7, 7, 7];
    expect(averageNormal([], () => true, out)).toBe(false);
    expect(averageNormal([capeFacing([1, 0, 0])], () => false, out)).toBe(false);
    expect(out).toEqual([7, 7, 7]);
  });

  it('combines the bounds of the included capes', () => {
    const bounds = combinedBounds([capeFacing([1, 0, 0]), capeFacing([1, 0, 0], 5)], () => true);
    expect([...bounds!]).toEqual([0, 0, 0, 5, 1, 1]);
  });
});

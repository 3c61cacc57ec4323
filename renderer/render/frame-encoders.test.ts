import { describe, expect, it } from 'vitest';
import { gifDelayMs } from './frame-encoders';

describe('GIF frame delays', () => {
  it('add up to the frames’ exact times in whole hundredths (30 fps: 30, 30, 40 ms…)', () => {
    expect([0, 1, 2, 3, 4, 5].map((index) => gifDelayMs(30, index))).toEqual([30, 40, 30, 30, 40, 30]);
    for (const fps of [1, 12, 24, 25, 30, 60]) {
      let total = 0;
      for (let index = 0; index < fps * 3; index += 1) total += gifDelayMs(fps, index);
      expect(total).toBe(3000);
    }
  });
});

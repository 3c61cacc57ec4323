import { describe, expect, it } from 'vitest';
import { upsamplePlane } from './upsample';

describe('component upsampling', () => {
  it('blends ¾ nearer + ¼ further sample horizontally (libjpeg h2v1), keeping the edges', () => {
    const out = upsamplePlane({ data: Uint8Array.from([10, 20, 30]), stride: 3 }, 3, 1, 2, 1, 6, 1);
    expect(Array.from(out.data)).toEqual([10, 13, 17, 23, 27, 30]);
  });

  it('blends rows vertically (h1v2) and both ways (h2v2) with libjpeg’s rounding', () => {
    const column = upsamplePlane({ data: Uint8Array.from([0, 100]), stride: 1 }, 1, 2, 1, 2, 1, 4);
    expect(Array.from(column.data)).toEqual([0, 25, 75, 100]);
    const square = upsamplePlane({ data: Uint8Array.from([0, 160, 0, 160]), stride: 2 }, 2, 2, 2, 2, 4, 4);
    // Each row: colsum = 4·v; out = (3·colsum + neighbour + 8 or 7) >> 4.
    expect(Array.from(square.data.subarray(0, 4))).toEqual([0, 40, 120, 160]);
  });

  it('crops to an odd output size and replicates for other ratios', () => {
    expect(Array.from(upsamplePlane({ data: Uint8Array.from([8, 16]), stride: 2 }, 2, 1, 2, 1, 3, 1).data)).toEqual([
      8, 10, 14,
    ]);
    expect(Array.from(upsamplePlane({ data: Uint8Array.from([1, 2]), stride: 2 }, 2, 1, 3, 1, 5, 1).data)).toEqual([
      1, 1, 1, 2, 2,
    ]);
  });
});

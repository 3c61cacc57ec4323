import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { crc32, encodePng } from './png';

describe('encodePng', () => {
  it('writes an RGBA PNG that a PNG decoder reads back pixel for pixel, top row first', () => {
    // 3 × 2: red, green, blue on top; white, transparent black, half-grey below.
    const rgba = Uint8Array.from([
      255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 128, 128, 128, 128,
    ]);
    const png = PNG.sync.read(Buffer.from(encodePng({ width: 3, height: 2, rgba })));
    expect([png.width, png.height]).toEqual([3, 2]);
    expect(Array.from(png.data)).toEqual(Array.from(rgba));
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('refuses too few pixels for the size', () => {
    expect(() => encodePng({ width: 2, height: 2, rgba: new Uint8Array(15) })).toThrow(RangeError);
  });
});

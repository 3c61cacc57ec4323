import { describe, expect, it } from 'vitest';
import { blockDataSize, decodeBlocks } from './block-compression';

const RED = 0xf800;
const BLUE = 0x001f;

function block(...bytes: number[]): Uint8Array {
  return Uint8Array.from(bytes);
}

/** Pixel `index` of a decoded 4×4 block as [r, g, b, a]. */
function pixel(rgba: Uint8Array, index: number): number[] {
  return Array.from(rgba.subarray(index * 4, index * 4 + 4));
}

describe('block-compressed pixels', () => {
  it('expands 565 endpoints by bit replication and interpolates thirds in four-colour DXT1 blocks', () => {
    // c0 = red > c1 = blue; indices 0, 1, 2, 3 for pixels 0..3.
    const rgba = decodeBlocks('dxt1', block(RED & 255, RED >> 8, BLUE, 0, 0b11100100, 0, 0, 0), 0, 4, 4);
    expect(pixel(rgba, 0)).toEqual([255, 0, 0, 255]);
    expect(pixel(rgba, 1)).toEqual([0, 0, 255, 255]);
    expect(pixel(rgba, 2)).toEqual([170, 0, 85, 255]);
    expect(pixel(rgba, 3)).toEqual([85, 0, 170, 255]);
    // 0x0841 = (1, 2, 1) expands to (8, 8, 8): low bits replicated from the top.
    expect(pixel(decodeBlocks('dxt1', block(0x41, 0x08, 0, 0, 0, 0, 0, 0), 0, 4, 4), 0)).toEqual([8, 8, 8, 255]);
  });

  it('uses the three-colour mode with transparent black when c0 <= c1 (DXT1 only)', () => {
    const bytes = block(BLUE, 0, RED & 255, RED >> 8, 0b11100100, 0, 0, 0);
    const dxt1 = decodeBlocks('dxt1', bytes, 0, 4, 4);
    expect(pixel(dxt1, 2)).toEqual([127, 0, 127, 255]);
    expect(pixel(dxt1, 3)).toEqual([0, 0, 0, 0]);
    expect(pixel(decodeBlocks('dxt1', bytes, 0, 4, 4, true), 3)).toEqual([0, 0, 0, 255]);
    // DXT3/DXT5 colour halves always use four colours.
    const dxt3 = decodeBlocks('dxt3', block(...new Array(8).fill(0xff), ...bytes), 0, 4, 4);
    expect(pixel(dxt3, 3)).toEqual([170, 0, 85, 255]);
  });

  it('reads DXT3 explicit alpha low nibble first, scaled ×17', () => {
    const rgba = decodeBlocks('dxt3', block(0x21, 0xf0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0, 4, 4);
    expect([0, 1, 2, 3].map((index) => pixel(rgba, index)[3])).toEqual([17, 34, 0, 255]);
  });

  it('interpolates DXT5 alpha in sevenths (a0 > a1) or fifths with 0 and 255 (a0 <= a1)', () => {
    // Indices 0..7 for pixels 0..7: 3 bits each, little-endian: 0b111_110_101_100_011_010_001_000.
    const indices = [0x88, 0xc6, 0xfa];
    const seventh = decodeBlocks('dxt5', block(255, 0, ...indices, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0, 4, 4);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((index) => pixel(seventh, index)[3])).toEqual([
      255, 0, 218, 182, 145, 109, 72, 36,
    ]);
    const fifth = decodeBlocks('dxt5', block(0, 255, ...indices, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0, 4, 4);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((index) => pixel(fifth, index)[3])).toEqual([
      0, 255, 51, 102, 153, 204, 0, 255,
    ]);
  });

  it('decodes BC4 as grey and BC5 as red/green', () => {
    const bc4 = decodeBlocks('bc4', block(200, 100, 0, 0, 0, 0, 0, 0), 0, 4, 4);
    expect(pixel(bc4, 5)).toEqual([200, 200, 200, 255]);
    const bc5 = decodeBlocks('bc5', block(200, 100, 0, 0, 0, 0, 0, 0, 10, 20, 0o1, 0, 0, 0, 0, 0), 0, 4, 4);
    expect(pixel(bc5, 0)).toEqual([200, 20, 0, 255]);
  });

  it('crops partial blocks at the right and bottom edges', () => {
    expect(blockDataSize('dxt1', 5, 3)).toBe(16);
    const bytes = block(RED & 255, RED >> 8, BLUE, 0, 0x55, 0x55, 0x55, 0x55, BLUE, 0, RED & 255, RED >> 8, 0, 0, 0, 0);
    const rgba = decodeBlocks('dxt1', bytes, 0, 5, 3);
    expect(rgba.length).toBe(5 * 3 * 4);
    expect(pixel(rgba, 3)).toEqual([0, 0, 255, 255]); // first block, index 1 = blue
    expect(pixel(rgba, 4)).toEqual([0, 0, 255, 255]); // second block, index 0 = c0 = blue
    expect(pixel(rgba, 14)).toEqual([0, 0, 255, 255]);
  });
});

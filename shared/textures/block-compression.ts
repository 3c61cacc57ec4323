/**
 * Block-compressed pixel formats shared by BLP2 and DDS: DXT1 (BC1), DXT3 (BC2), DXT5 (BC3),
 * and for DDS also BC4 (one channel) and BC5 (two channels). Each 4×4 block decodes to RGBA8.
 * Palette arithmetic follows the common integer convention (565 expanded by bit replication,
 * thirds and sevenths truncated), which is what the reference decoders produce.
 */
import { RGBA_BYTES } from './types';

/** A block-compressed encoding. */
export type BlockFormat = 'dxt1' | 'dxt3' | 'dxt5' | 'bc4' | 'bc5';

/** Bytes per 4×4 block. */
export const BLOCK_BYTES: Record<BlockFormat, number> = { dxt1: 8, dxt3: 16, dxt5: 16, bc4: 8, bc5: 16 };

/** Bytes needed for a `width × height` level. */
export function blockDataSize(format: BlockFormat, width: number, height: number): number {
  return Math.ceil(width / 4) * Math.ceil(height / 4) * BLOCK_BYTES[format];
}

// Scratch space for one block: 16 RGBA pixels, a 4-colour palette and an 8-entry alpha ramp.
const blockPixels = new Uint8Array(16 * RGBA_BYTES);
const colours = new Uint8Array(4 * RGBA_BYTES);
const ramp = new Uint8Array(8);

/**
 * Decodes a level of `format` blocks starting at `offset` (the caller has checked that
 * {@link blockDataSize} bytes are present). With `opaque`, DXT1's transparent colour keeps its
 * black but gets alpha 255 (for containers that declare no alpha).
 */
export function decodeBlocks(
  format: BlockFormat,
  bytes: Uint8Array,
  offset: number,
  width: number,
  height: number,
  opaque = false,
): Uint8Array {
  const out = new Uint8Array(width * height * RGBA_BYTES);
  const blocksWide = Math.ceil(width / 4);
  const blocksHigh = Math.ceil(height / 4);
  const blockBytes = BLOCK_BYTES[format];
  let at = offset;
  for (let blockY = 0; blockY < blocksHigh; blockY += 1) {
    for (let blockX = 0; blockX < blocksWide; blockX += 1) {
      switch (format) {
        case 'dxt1':
          decodeColourBlock(bytes, at, true);
          if (opaque) for (let pixel = 3; pixel < 64; pixel += 4) blockPixels[pixel] = 255;
          break;
        case 'dxt3':
          decodeColourBlock(bytes, at + 8, false);
          for (let pixel = 0; pixel < 16; pixel += 1) {
            const nibble = (bytes[at + (pixel >> 1)]! >> ((pixel & 1) * 4)) & 15;
            blockPixels[pixel * 4 + 3] = nibble * 17;
          }
          break;
        case 'dxt5':
          decodeColourBlock(bytes, at + 8, false);
          decodeRampBlock(bytes, at, 3);
          break;
        case 'bc4':
          decodeRampBlock(bytes, at, 0);
          for (let pixel = 0; pixel < 16; pixel += 1) {
            const value = blockPixels[pixel * 4]!;
            blockPixels[pixel * 4 + 1] = value;
            blockPixels[pixel * 4 + 2] = value;
            blockPixels[pixel * 4 + 3] = 255;
          }
          break;
        case 'bc5':
          decodeRampBlock(bytes, at, 0);
          decodeRampBlock(bytes, at + 8, 1);
          for (let pixel = 0; pixel < 16; pixel += 1) {
            blockPixels[pixel * 4 + 2] = 0;
            blockPixels[pixel * 4 + 3] = 255;
          }
          break;
      }
      at += blockBytes;
      const columns = Math.min(4, width - blockX * 4);
      const rows = Math.min(4, height - blockY * 4);
      for (let row = 0; row < rows; row += 1) {
        const target = ((blockY * 4 + row) * width + blockX * 4) * RGBA_BYTES;
        out.set(blockPixels.subarray(row * 16, row * 16 + columns * RGBA_BYTES), target);
      }
    }
  }
  return out;
}

/** Decodes the 8-byte colour half of a block into `blockPixels` (alpha 255, or 0 for DXT1's fourth colour). */
function decodeColourBlock(bytes: Uint8Array, at: number, dxt1: boolean): void {
  const colour0 = bytes[at]! | (bytes[at + 1]! << 8);
  const colour1 = bytes[at + 2]! | (bytes[at + 3]! << 8);
  expand565(colour0, 0);
  expand565(colour1, 4);
  const r0 = colours[0]!;
  const g0 = colours[1]!;
  const b0 = colours[2]!;
  const r1 = colours[4]!;
  const g1 = colours[5]!;
  const b1 = colours[6]!;
  if (colour0 > colour1 || !dxt1) {
    colours[8] = ((2 * r0 + r1) / 3) | 0;
    colours[9] = ((2 * g0 + g1) / 3) | 0;
    colours[10] = ((2 * b0 + b1) / 3) | 0;
    colours[11] = 255;
    colours[12] = ((r0 + 2 * r1) / 3) | 0;
    colours[13] = ((g0 + 2 * g1) / 3) | 0;
    colours[14] = ((b0 + 2 * b1) / 3) | 0;
    colours[15] = 255;
  } else {
    colours[8] = (r0 + r1) >> 1;
    colours[9] = (g0 + g1) >> 1;
    colours[10] = (b0 + b1) >> 1;
    colours[11] = 255;
    colours[12] = 0;
    colours[13] = 0;
    colours[14] = 0;
    colours[15] = 0;
  }
  const indices = (bytes[at + 4]! | (bytes[at + 5]! << 8) | (bytes[at + 6]! << 16) | (bytes[at + 7]! << 24)) >>> 0;
  for (let pixel = 0; pixel < 16; pixel += 1) {
    const source = ((indices >>> (pixel * 2)) & 3) * 4;
    const target = pixel * 4;
    blockPixels[target] = colours[source]!;
    blockPixels[target + 1] = colours[source + 1]!;
    blockPixels[target + 2] = colours[source + 2]!;
    blockPixels[target + 3] = colours[source + 3]!;
  }
}

function expand565(colour: number, at: number): void {
  const r = (colour >> 11) & 31;
  const g = (colour >> 5) & 63;
  const b = colour & 31;
  colours[at] = (r << 3) | (r >> 2);
  colours[at + 1] = (g << 2) | (g >> 4);
  colours[at + 2] = (b << 3) | (b >> 2);
  colours[at + 3] = 255;
}

/**
 * Decodes an 8-byte interpolated ramp block (DXT5 alpha, BC4, each half of BC5) into channel
 * `channel` of `blockPixels`.
 */
function decodeRampBlock(bytes: Uint8Array, at: number, channel: number): void {
  const a0 = bytes[at]!;
  const a1 = bytes[at + 1]!;
  ramp[0] = a0;
  ramp[1] = a1;
  if (a0 > a1) {
    for (let step = 1; step < 7; step += 1) ramp[step + 1] = (((7 - step) * a0 + step * a1) / 7) | 0;
  } else {
    for (let step = 1; step < 5; step += 1) ramp[step + 1] = (((5 - step) * a0 + step * a1) / 5) | 0;
    ramp[6] = 0;
    ramp[7] = 255;
  }
  // 48 bits of 3-bit indices, little-endian: two 24-bit halves of eight pixels each.
  for (let half = 0; half < 2; half += 1) {
    const base = at + 2 + half * 3;
    const bits = bytes[base]! | (bytes[base + 1]! << 8) | (bytes[base + 2]! << 16);
    for (let pixel = 0; pixel < 8; pixel += 1)
      blockPixels[(half * 8 + pixel) * 4 + channel] = ramp[(bits >> (pixel * 3)) & 7]!;
  }
}

/**
 * Paletted pixels as BLP1 and BLP2 store them: one byte per pixel indexing a 256-colour BGRA
 * palette, followed by a separate alpha plane of 0, 1, 2, 4 or 8 bits per pixel packed from the
 * least significant bit. The palette's own fourth byte is not alpha and is ignored.
 */
import { RGBA_BYTES } from './types';

/** Palette entries and the bytes they take. */
export const PALETTE_ENTRIES = 256;
export const PALETTE_BYTES = PALETTE_ENTRIES * 4;

/** Alpha-plane depths the paletted encoding defines. */
export const PALETTED_ALPHA_BITS: readonly number[] = [0, 1, 2, 4, 8];

/** Bytes of one paletted level: the index plane plus the packed alpha plane. */
export function palettedLevelSize(width: number, height: number, alphaBits: number): number {
  const pixels = width * height;
  return pixels + Math.ceil((pixels * alphaBits) / 8);
}

/**
 * Decodes one level whose indices start at `offset`. The caller has checked that
 * {@link palettedLevelSize} bytes are present there and that `alphaBits` is one of
 * {@link PALETTED_ALPHA_BITS}.
 */
export function decodePaletted(
  bytes: Uint8Array,
  offset: number,
  paletteOffset: number,
  width: number,
  height: number,
  alphaBits: number,
): Uint8Array {
  const pixels = width * height;
  const out = new Uint8Array(pixels * RGBA_BYTES);
  const alphaOffset = offset + pixels;
  const alphaMask = (1 << alphaBits) - 1;
  const alphaScale = alphaBits === 0 ? 0 : 255 / alphaMask;
  for (let pixel = 0; pixel < pixels; pixel += 1) {
    const entry = paletteOffset + bytes[offset + pixel]! * 4;
    const o = pixel * RGBA_BYTES;
    out[o] = bytes[entry + 2]!;
    out[o + 1] = bytes[entry + 1]!;
    out[o + 2] = bytes[entry]!;
    if (alphaBits === 0) out[o + 3] = 255;
    else if (alphaBits === 8) out[o + 3] = bytes[alphaOffset + pixel]!;
    else {
      const bit = pixel * alphaBits;
      const value = (bytes[alphaOffset + (bit >> 3)]! >> (bit & 7)) & alphaMask;
      out[o + 3] = value * alphaScale;
    }
  }
  return out;
}

/**
 * What every texture decoder returns: RGBA8 pixels for each mip level, largest first.
 */

/** One mip level: `width × height` pixels, four bytes each (R, G, B, A), rows top to bottom. */
export interface TextureMip {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/** The container and pixel encoding a texture was stored with, for display and diagnostics. */
export type TextureContainer = 'blp1' | 'blp2' | 'tga' | 'dds';

/** A decoded texture: the size of level 0 and every level that was decoded. */
export interface DecodedTexture {
  width: number;
  height: number;
  /** Levels 0..n-1; level i is `max(1, width >> i) × max(1, height >> i)`. At least one level. */
  mips: TextureMip[];
  /** Which container the bytes were. */
  container: TextureContainer;
  /** Human-readable encoding, e.g. `JPEG, 4 components, alpha from channel 4` or `DXT5`. */
  encoding: string;
  /**
   * Things the decoder tolerated rather than refused (e.g. a mip table listing more levels than
   * the size allows, or a mip level that could not be decoded, ending the chain early).
   */
  warnings: string[];
}

/** Limits applied before any pixel buffer is allocated. */
export const TEXTURE_LIMITS = {
  /** Widest or tallest image accepted (Warcraft III itself stops far below this). */
  maxDimension: 16384,
  /** Largest pixel count of one level (64 Mi pixels = 256 MiB of RGBA). */
  maxPixels: 64 * 1024 * 1024,
} as const;

/** Bytes per RGBA8 pixel. */
export const RGBA_BYTES = 4;

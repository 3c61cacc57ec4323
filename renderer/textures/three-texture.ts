/**
 * Uploading a decoded texture to three.js: a `DataTexture` carrying every mip level in
 * `texture.mipmaps`, so the GPU samples the file's own levels instead of generating them.
 *
 * Orientation: rows are top to bottom and `flipY` is false by default, so v = 0 samples the
 * image's top row — the game's (DirectX) convention, for texture coordinates used as stored.
 * Geometry whose V was flipped to OpenGL's convention asks for `flipY: true`.
 * Colour: sRGB by default (game textures are authored in sRGB).
 */
import {
  DataTexture,
  LinearFilter,
  LinearMipmapLinearFilter,
  NoColorSpace,
  RGBAFormat,
  RepeatWrapping,
  SRGBColorSpace,
  UnsignedByteType,
  type Wrapping,
} from 'three';
import type { DecodedTexture } from '../../shared/textures/types';

/** Options of {@link createMipmappedTexture}. */
export interface MipmappedTextureOptions {
  /** Default true: sRGB colour; false for data textures. */
  srgb?: boolean;
  /** Default RepeatWrapping on both axes. */
  wrapS?: Wrapping;
  wrapT?: Wrapping;
  /** Anisotropic filtering samples (default 1). */
  anisotropy?: number;
  /** Default false (v = 0 samples the top row); true for geometry whose V was flipped to OpenGL's convention. */
  flipY?: boolean;
  name?: string;
}

/** One level as three.js takes it in `texture.mipmaps`. */
export interface MipUpload {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The `mipmaps` array for `texture`: every level's pixels, no copies. */
export function mipUploads(texture: DecodedTexture): MipUpload[] {
  return texture.mips.map((mip) => ({ data: mip.rgba, width: mip.width, height: mip.height }));
}

/**
 * A `DataTexture` for `texture` with all its levels (trilinear filtering when it has more than
 * one). The pixels are shared with `texture`, not copied. Dispose it when the material goes away.
 */
export function createMipmappedTexture(texture: DecodedTexture, options: MipmappedTextureOptions = {}): DataTexture {
  const top = texture.mips[0]!;
  const result = new DataTexture(top.rgba, top.width, top.height, RGBAFormat, UnsignedByteType);
  const levels = mipUploads(texture);
  // three.js uploads `mipmaps` (level 0 included) instead of `image.data` when the array is non-empty.
  result.mipmaps = levels.length > 1 ? (levels as unknown as typeof result.mipmaps) : [];
  result.generateMipmaps = false;
  result.minFilter = levels.length > 1 ? LinearMipmapLinearFilter : LinearFilter;
  result.magFilter = LinearFilter;
  result.wrapS = options.wrapS ?? RepeatWrapping;
  result.wrapT = options.wrapT ?? RepeatWrapping;
  result.anisotropy = options.anisotropy ?? 1;
  result.flipY = options.flipY ?? false;
  result.unpackAlignment = 1;
  result.premultiplyAlpha = false;
  result.colorSpace = options.srgb === false ? NoColorSpace : SRGBColorSpace;
  result.name = options.name ?? '';
  result.needsUpdate = true;
  return result;
}

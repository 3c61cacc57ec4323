/**
 * How a decoded texture's alpha is prepared for the material that uses it.
 *
 * - `straight`: pixels as decoded (straight alpha) — for model materials whose filter mode
 *   blends or alpha-tests.
 * - `black-transparent`: for MRF meshes. The game draws the cape mesh opaque: where the texture
 *   is transparent the cloth shows black, and partly transparent pixels are darkened in
 *   proportion. Each colour is multiplied by its alpha (premultiplied), and alpha becomes 255, so
 *   the viewport can draw the cape opaque and match the game.
 */
import type { DecodedTexture } from '../../shared/textures/types';

/** See the module comment. */
export type TextureAlphaMode = 'straight' | 'black-transparent';

/** Applies `mode` to every level in place (levels are owned by the caller). Returns `texture`. */
export function applyAlphaMode(texture: DecodedTexture, mode: TextureAlphaMode): DecodedTexture {
  if (mode === 'straight') return texture;
  for (const mip of texture.mips) {
    const rgba = mip.rgba;
    for (let index = 0; index < rgba.length; index += 4) {
      const alpha = rgba[index + 3]!;
      if (alpha === 255) continue;
      rgba[index] = (rgba[index]! * alpha + 127) / 255;
      rgba[index + 1] = (rgba[index + 1]! * alpha + 127) / 255;
      rgba[index + 2] = (rgba[index + 2]! * alpha + 127) / 255;
      rgba[index + 3] = 255;
    }
  }
  return texture;
}

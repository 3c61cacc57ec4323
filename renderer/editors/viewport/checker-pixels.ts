/**
 * The stand-in for a texture that is not available: an 8 × 8 magenta/grey checker, as RGBA bytes in sRGB (nearest
 * filtering, repeating). Without three.js, so that the boot frame (renderer/boot) draws the same stand-in as the
 * viewport's `checkerTexture` (cape-texture.ts).
 */

/** The checker's width and height in texels. */
export const CHECKER_SIZE = 8;

/** The checker's texels, row by row (a new array each call). */
export function checkerPixels(): Uint8Array {
  const size = CHECKER_SIZE;
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const offset = (y * size + x) * 4;
      const light = (x + y) % 2 === 0;
      pixels[offset] = light ? 210 : 60;
      pixels[offset + 1] = 60;
      pixels[offset + 2] = light ? 210 : 70;
      pixels[offset + 3] = 255;
    }
  }
  return pixels;
}

/**
 * A minimal TGA writer: uncompressed 32-bit true colour (type 2), bottom-left origin, 8 alpha bits.
 */

/** Byte size of the TGA header. */
export const TGA_HEADER_BYTE_SIZE = 18;
const TGA_TYPE_TRUE_COLOR = 2;
const TGA_BITS_PER_PIXEL = 32;
/** Image descriptor: 8 attribute (alpha) bits, origin at the bottom left. */
const TGA_DESCRIPTOR_ALPHA8_BOTTOM_LEFT = 0x08;

/** Encodes `rgba` (rows top to bottom, 4 bytes per pixel) as an uncompressed 32-bit TGA. */
export function encodeTga32(width: number, height: number, rgba: Uint8Array): Uint8Array {
  if (rgba.length !== width * height * 4)
    throw new RangeError(`expected ${width * height * 4} RGBA bytes, got ${rgba.length}`);
  const bytes = new Uint8Array(TGA_HEADER_BYTE_SIZE + rgba.length);
  const view = new DataView(bytes.buffer);
  view.setUint8(2, TGA_TYPE_TRUE_COLOR);
  view.setUint16(12, width, true);
  view.setUint16(14, height, true);
  view.setUint8(16, TGA_BITS_PER_PIXEL);
  view.setUint8(17, TGA_DESCRIPTOR_ALPHA8_BOTTOM_LEFT);
  for (let row = 0; row < height; row += 1) {
    const source = row * width * 4;
    const target = TGA_HEADER_BYTE_SIZE + (height - 1 - row) * width * 4;
    for (let column = 0; column < width; column += 1) {
      const from = source + column * 4;
      const to = target + column * 4;
      bytes[to] = rgba[from + 2]!;
      bytes[to + 1] = rgba[from + 1]!;
      bytes[to + 2] = rgba[from]!;
      bytes[to + 3] = rgba[from + 3]!;
    }
  }
  return bytes;
}

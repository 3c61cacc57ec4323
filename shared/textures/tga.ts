/**
 * Truevision TGA decoded to one RGBA8 level.
 *
 * Supported: image types 1/9 (colour-mapped, 8- or 16-bit indices into a 15/16/24/32-bit map),
 * 2/10 (true colour, 15/16/24/32 bits), 3/11 (greyscale, 8 bits or 16 with alpha), raw or RLE
 * (packets may cross scanlines), either vertical or horizontal origin.
 *
 * Alpha of 32-bit pixels (and the top bit of 16-bit ones and colour-map entries): used when the
 * descriptor declares alpha bits; for 32-bit true-colour pixels that declare none, a TGA 2.0
 * extension area decides (attributes type 3 or 4 = alpha, 0/1/2 = none); without one the
 * fourth byte is used unless it is zero in every pixel (old writers leave the descriptor at 0
 * but store real alpha).
 */
import { BinaryReader } from '../binary/reader';
import { CodecError } from '../binary/codec-error';
import { checkTextureSize } from './mip-chain';
import { RGBA_BYTES, type DecodedTexture } from './types';

/** Byte sizes of the fixed parts. */
export const TGA_HEADER_BYTES = 18;
export const TGA_FOOTER_BYTES = 26;
const TGA_SIGNATURE = 'TRUEVISION-XFILE.\0';
const EXTENSION_AREA_BYTES = 495;
const EXTENSION_ATTRIBUTES_OFFSET = 494;
/** Largest pixel count one RLE packet can produce. */
const RLE_PACKET_PIXELS = 128;

const IMAGE_TYPES: Record<number, { kind: 'mapped' | 'truecolour' | 'grey'; rle: boolean } | undefined> = {
  1: { kind: 'mapped', rle: false },
  2: { kind: 'truecolour', rle: false },
  3: { kind: 'grey', rle: false },
  9: { kind: 'mapped', rle: true },
  10: { kind: 'truecolour', rle: true },
  11: { kind: 'grey', rle: true },
};

/** How the `encoding` line names each kind of image. */
const TGA_KIND_NAMES = { mapped: 'colour-mapped', truecolour: 'true colour', grey: 'greyscale' } as const;

/** The parsed 18-byte header. */
interface TgaHeader {
  idLength: number;
  colourMapType: number;
  imageType: number;
  colourMapFirst: number;
  colourMapLength: number;
  colourMapEntryBits: number;
  width: number;
  height: number;
  pixelBits: number;
  descriptor: number;
}

/** Reads the header without validating it (for format detection). */
function readTgaHeader(bytes: Uint8Array): TgaHeader | undefined {
  if (bytes.length < TGA_HEADER_BYTES) return undefined;
  const u16 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8);
  return {
    idLength: bytes[0]!,
    colourMapType: bytes[1]!,
    imageType: bytes[2]!,
    colourMapFirst: u16(3),
    colourMapLength: u16(5),
    colourMapEntryBits: bytes[7]!,
    width: u16(12),
    height: u16(14),
    pixelBits: bytes[16]!,
    descriptor: bytes[17]!,
  };
}

/** True when the header is one this decoder would attempt (used to recognise TGA without a magic). */
export function looksLikeTga(bytes: Uint8Array): boolean {
  const header = readTgaHeader(bytes);
  if (!header || !IMAGE_TYPES[header.imageType] || header.colourMapType > 1) return false;
  if (header.width === 0 || header.height === 0) return false;
  return [8, 15, 16, 24, 32].includes(header.pixelBits);
}

function fail(kind: CodecError['kind'], where: string, offset: number, detail: string): CodecError {
  return new CodecError({ format: 'tga', kind, where, offset, detail });
}

/** Decodes a TGA file. Throws {@link CodecError} (format `tga`) naming field and offset. */
export function decodeTga(bytes: Uint8Array): DecodedTexture {
  const reader = new BinaryReader(bytes, 'tga');
  reader.need(TGA_HEADER_BYTES, 'header');
  const header = readTgaHeader(bytes)!;
  const type = IMAGE_TYPES[header.imageType];
  if (!type)
    throw fail(
      header.imageType === 0 ? 'invalid' : 'unsupported',
      'imageType',
      2,
      `image type ${header.imageType} (1, 2, 3, 9, 10 or 11 supported)`,
    );
  if (header.colourMapType > 1)
    throw fail('invalid', 'colourMapType', 1, `colour map type ${header.colourMapType} (0 or 1 expected)`);
  checkTextureSize('tga', header.width, header.height, 'width', 12);
  const pixelBits = header.pixelBits;
  const allowed = type.kind === 'mapped' ? [8, 16] : type.kind === 'grey' ? [8, 16] : [15, 16, 24, 32];
  if (!allowed.includes(pixelBits)) {
    throw fail(
      'unsupported',
      'pixelDepth',
      16,
      `${pixelBits}-bit pixels in a ${type.kind} image (${allowed.join(', ')} supported)`,
    );
  }
  if (type.kind === 'mapped' && header.colourMapType !== 1)
    throw fail('invalid', 'colourMapType', 1, 'a colour-mapped image without a colour map');
  const alphaBits = header.descriptor & 15;
  const rightToLeft = (header.descriptor & 0x10) !== 0;
  const topToBottom = (header.descriptor & 0x20) !== 0;

  reader.seek(TGA_HEADER_BYTES, 'imageId');
  reader.skip(header.idLength, 'imageId');
  let colourMap: Uint8Array | undefined;
  if (header.colourMapType === 1) {
    const entryBits = header.colourMapEntryBits;
    if (![15, 16, 24, 32].includes(entryBits))
      throw fail(
        'unsupported',
        'colourMapEntrySize',
        7,
        `${entryBits}-bit colour map entries (15, 16, 24 or 32 supported)`,
      );
    const entryBytes = Math.ceil(entryBits / 8);
    reader.needCount(header.colourMapLength, entryBytes, 'colourMap');
    const mapStart = reader.offset;
    reader.skip(header.colourMapLength * entryBytes, 'colourMap');
    if (type.kind === 'mapped') {
      colourMap = new Uint8Array(header.colourMapLength * RGBA_BYTES);
      for (let entry = 0; entry < header.colourMapLength; entry += 1) {
        writePixel(
          bytes,
          mapStart + entry * entryBytes,
          entryBits,
          'truecolour',
          alphaBits > 0,
          colourMap,
          entry * RGBA_BYTES,
        );
      }
    }
  }

  const pixels = header.width * header.height;
  const pixelBytes = Math.ceil(pixelBits / 8);
  const dataStart = reader.offset;
  if (type.rle) {
    const maximum = Math.ceil(reader.remaining / (1 + pixelBytes)) * RLE_PACKET_PIXELS;
    if (pixels > maximum) {
      throw fail(
        'truncated',
        'imageData',
        dataStart,
        `${header.width}×${header.height} pixels cannot come from ${reader.remaining} bytes of RLE packets`,
      );
    }
  } else {
    reader.needCount(pixels, pixelBytes, 'imageData');
  }

  // The pixels in file order, then placed by the origin.
  const raw = type.rle
    ? expandRle(bytes, dataStart, pixels, pixelBytes)
    : bytes.subarray(dataStart, dataStart + pixels * pixelBytes);
  const useAlpha = decideAlpha(bytes, header, raw, pixelBytes, alphaBits);
  const rgba = new Uint8Array(pixels * RGBA_BYTES);
  const { width, height } = header;
  for (let row = 0; row < height; row += 1) {
    const targetRow = topToBottom ? row : height - 1 - row;
    for (let column = 0; column < width; column += 1) {
      const targetColumn = rightToLeft ? width - 1 - column : column;
      const source = (row * width + column) * pixelBytes;
      const target = (targetRow * width + targetColumn) * RGBA_BYTES;
      if (colourMap) {
        const index =
          (pixelBytes === 2 ? raw[source]! | (raw[source + 1]! << 8) : raw[source]!) - header.colourMapFirst;
        if (index < 0 || index >= header.colourMapLength) {
          throw fail(
            'invalid',
            'imageData',
            dataStart,
            `pixel ${row * width + column} uses colour ${index + header.colourMapFirst}, outside the colour map ` +
              `(${header.colourMapFirst}..${header.colourMapFirst + header.colourMapLength - 1})`,
          );
        }
        rgba.set(colourMap.subarray(index * RGBA_BYTES, index * RGBA_BYTES + RGBA_BYTES), target);
      } else {
        writePixel(raw, source, pixelBits, type.kind, useAlpha, rgba, target);
      }
    }
  }
  const origin = `${topToBottom ? 'top' : 'bottom'}-${rightToLeft ? 'right' : 'left'} origin`;
  return {
    width,
    height,
    mips: [{ width, height, rgba }],
    container: 'tga',
    encoding:
      `${type.rle ? 'RLE ' : ''}${TGA_KIND_NAMES[type.kind]} ${pixelBits}-bit, ${origin}` +
      (useAlpha && type.kind !== 'mapped' && (pixelBits === 32 || pixelBits === 16) ? ', alpha' : ''),
    warnings: [],
  };
}

/** Expands RLE packets into exactly `pixels` pixels of `pixelBytes` each. */
function expandRle(bytes: Uint8Array, start: number, pixels: number, pixelBytes: number): Uint8Array {
  const out = new Uint8Array(pixels * pixelBytes);
  let at = start;
  let written = 0;
  while (written < pixels) {
    if (at >= bytes.length)
      throw fail('truncated', 'imageData', at, `RLE data ends after ${written} of ${pixels} pixels`);
    const packet = bytes[at]!;
    const count = Math.min((packet & 0x7f) + 1, pixels - written);
    at += 1;
    if (packet & 0x80) {
      if (at + pixelBytes > bytes.length)
        throw fail(
          'truncated',
          'imageData',
          at,
          `RLE run packet ends inside its pixel (${written} of ${pixels} pixels written)`,
        );
      for (let n = 0; n < count; n += 1) out.set(bytes.subarray(at, at + pixelBytes), (written + n) * pixelBytes);
      at += pixelBytes;
    } else {
      const size = ((packet & 0x7f) + 1) * pixelBytes;
      if (at + size > bytes.length)
        throw fail(
          'truncated',
          'imageData',
          at,
          `RLE raw packet of ${(packet & 0x7f) + 1} pixels runs past the end (${written} of ${pixels} pixels written)`,
        );
      out.set(bytes.subarray(at, at + count * pixelBytes), written * pixelBytes);
      at += size;
    }
    written += count;
  }
  return out;
}

/** The alpha rule described in the module comment. */
function decideAlpha(
  bytes: Uint8Array,
  header: TgaHeader,
  raw: Uint8Array,
  pixelBytes: number,
  alphaBits: number,
): boolean {
  if (alphaBits > 0) return true;
  if (header.imageType % 8 === 1) return false; // colour-map entries: alpha only when the descriptor declares it
  if (header.pixelBits !== 32) return false;
  const attributes = extensionAttributes(bytes);
  if (attributes !== undefined) return attributes === 3 || attributes === 4;
  for (let at = 3; at < raw.length; at += pixelBytes) if (raw[at] !== 0) return true;
  return false;
}

/** The TGA 2.0 extension area's attributes type, when the file has a valid footer and extension area. */
function extensionAttributes(bytes: Uint8Array): number | undefined {
  if (bytes.length < TGA_HEADER_BYTES + TGA_FOOTER_BYTES) return undefined;
  const footer = bytes.length - TGA_FOOTER_BYTES;
  for (let index = 0; index < TGA_SIGNATURE.length; index += 1) {
    if (bytes[footer + 8 + index] !== TGA_SIGNATURE.charCodeAt(index)) return undefined;
  }
  const extension =
    (bytes[footer]! | (bytes[footer + 1]! << 8) | (bytes[footer + 2]! << 16) | (bytes[footer + 3]! << 24)) >>> 0;
  if (extension === 0 || extension + EXTENSION_AREA_BYTES > footer) return undefined;
  return bytes[extension + EXTENSION_ATTRIBUTES_OFFSET];
}

/** Writes one pixel (BGR(A), 15/16-bit ARGB1555 or grey) as RGBA. */
function writePixel(
  source: Uint8Array,
  at: number,
  bits: number,
  kind: 'mapped' | 'truecolour' | 'grey',
  useAlpha: boolean,
  out: Uint8Array,
  target: number,
): void {
  if (kind === 'grey') {
    const value = source[at]!;
    out[target] = value;
    out[target + 1] = value;
    out[target + 2] = value;
    out[target + 3] = bits === 16 ? source[at + 1]! : 255;
    return;
  }
  if (bits === 15 || bits === 16) {
    const value = source[at]! | (source[at + 1]! << 8);
    const r = (value >> 10) & 31;
    const g = (value >> 5) & 31;
    const b = value & 31;
    out[target] = (r << 3) | (r >> 2);
    out[target + 1] = (g << 3) | (g >> 2);
    out[target + 2] = (b << 3) | (b >> 2);
    out[target + 3] = bits === 16 && useAlpha ? (value & 0x8000 ? 255 : 0) : 255;
    return;
  }
  out[target] = source[at + 2]!;
  out[target + 1] = source[at + 1]!;
  out[target + 2] = source[at]!;
  out[target + 3] = bits === 32 && useAlpha ? source[at + 3]! : 255;
}

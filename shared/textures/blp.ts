/**
 * BLP textures (Warcraft III's BLP1, World of Warcraft's BLP2) decoded to RGBA8 mip levels.
 *
 * BLP1 (156-byte header, then a JPEG header or a palette):
 *   magic "BLP1", content (0 = JPEG, 1 = paletted), alphaBits, width, height, pictureType,
 *   hasMipmaps, mipOffsets[16], mipSizes[16]; then either jpegHeaderSize + the JPEG header shared
 *   by every level, or the 256-colour BGRA palette.
 * BLP2 (148-byte header, then the palette):
 *   magic "BLP2", type (0 = JPEG, 1 = direct), compression (1 = paletted, 2 = DXT,
 *   3 = BGRA), alphaDepth, alphaType (0 = DXT1, 1 = DXT3, 7 = DXT5), hasMipmaps, width, height,
 *   mipOffsets[16], mipSizes[16].
 *
 * Rules decided here:
 * - Levels decoded: 1 without the mipmap flag; otherwise the leading non-empty table entries,
 *   capped at the full chain for the size (extra entries, seen in real files, are ignored with a
 *   warning). A lower level that cannot be decoded ends the chain there with a warning; level 0
 *   must decode.
 * - BLP1 JPEG alpha: alphaBits 0 means opaque; any other value (8, and the 3, 4, 9, 10 seen in
 *   real files) takes alpha from the JPEG's fourth component. Components are B, G, R, A, raw.
 * - A JPEG level whose frame is larger than the level (real files repeat level 0's data for
 *   every level) is scaled down to the level's size; a smaller frame is refused.
 * - BLP0 (the Warcraft III beta, levels in separate .b00… files) is refused as unsupported.
 */
import { BinaryReader } from '../binary/reader';
import { CodecError } from '../binary/codec-error';
import { BLOCK_BYTES, blockDataSize, decodeBlocks, type BlockFormat } from './block-compression';
import { decodeJpeg, type JpegImage } from './jpeg/index';
import { checkTextureSize, fullMipCount, mipDimension, resampleMip } from './mip-chain';
import { decodePaletted, palettedLevelSize, PALETTE_BYTES, PALETTED_ALPHA_BITS } from './paletted';
import { RGBA_BYTES, type DecodedTexture, type TextureMip } from './types';

/** Byte sizes and offsets of the two header layouts. */
export const BLP1_HEADER_BYTES = 156;
export const BLP2_HEADER_BYTES = 148;
const MIP_TABLE_ENTRIES = 16;
const BLP1_CONTENT_JPEG = 0;
const BLP1_CONTENT_PALETTED = 1;
const BLP2_COMPRESSION_PALETTED = 1;
const BLP2_COMPRESSION_DXT = 2;
const BLP2_COMPRESSION_BGRA = 3;
/** BLP2 alphaType values naming the DXT variant. */
const BLP2_DXT_BY_ALPHA_TYPE: Record<number, BlockFormat | undefined> = { 0: 'dxt1', 1: 'dxt3', 7: 'dxt5' };

interface MipEntry {
  offset: number;
  size: number;
  /** Where this entry's `mipOffsets` field sits in the file (the table starts at 28 in BLP1, 20 in BLP2). */
  fieldOffset: number;
}

/** What every BLP level decoder is given. */
interface LevelContext {
  level: number;
  width: number;
  height: number;
  entry: MipEntry;
}

/** Decodes a BLP1 or BLP2 file. Throws {@link CodecError} (format `blp`) for anything it cannot decode. */
export function decodeBlp(bytes: Uint8Array): DecodedTexture {
  const reader = new BinaryReader(bytes, 'blp');
  const magic = reader.tag('magic');
  if (magic === 'BLP1') return decodeBlp1(reader);
  if (magic === 'BLP2') return decodeBlp2(reader);
  if (magic === 'BLP0') {
    throw unsupported(
      'magic',
      0,
      'BLP0 (Warcraft III beta) keeps its mip levels in separate .b00… files, which is not supported',
    );
  }
  throw reader.invalid('magic', `"${magic}" is not a BLP magic (BLP1 or BLP2)`, 0);
}

function unsupported(where: string, offset: number, detail: string): CodecError {
  return new CodecError({ format: 'blp', kind: 'unsupported', where, offset, detail });
}

function decodeBlp1(reader: BinaryReader): DecodedTexture {
  const content = reader.u32('content');
  const alphaBits = reader.u32('alphaBits');
  const width = reader.u32('width');
  const height = reader.u32('height');
  reader.u32('pictureType');
  const hasMipmaps = reader.u32('hasMipmaps') !== 0;
  const entries = readMipTable(reader);
  checkTextureSize('blp', width, height, 'width', 12);
  const warnings: string[] = [];
  const levelCount = plannedLevels(entries, hasMipmaps, width, height, warnings);
  if (content === BLP1_CONTENT_JPEG) {
    const headerSize = reader.u32('jpegHeaderSize');
    const header = reader.bytesView(headerSize, 'jpegHeader');
    const jpeg = new JpegLevels(reader.bytes, header, BLP1_HEADER_BYTES + 4, alphaBits !== 0);
    const mips = decodeLevels(reader, entries, levelCount, width, height, warnings, (context) =>
      jpeg.decode(context, warnings),
    );
    jpeg.reportScaled(warnings);
    return {
      width,
      height,
      mips,
      container: 'blp1',
      encoding:
        `JPEG, ${jpeg.componentCount} ` +
        `components, ${alphaBits === 0 ? 'opaque (alphaBits 0)' : `alpha from component 4 (alphaBits ${alphaBits})`}`,
      warnings,
    };
  }
  if (content === BLP1_CONTENT_PALETTED) {
    checkPalettedAlpha(alphaBits, 8);
    reader.need(PALETTE_BYTES, 'palette');
    const mips = decodeLevels(reader, entries, levelCount, width, height, warnings, (context) =>
      palettedLevel(reader, context, BLP1_HEADER_BYTES, alphaBits),
    );
    return { width, height, mips, container: 'blp1', encoding: `paletted, ${alphaBits}-bit alpha`, warnings };
  }
  throw reader.invalid('content', `content type ${content} (0 = JPEG or 1 = paletted expected)`, 4);
}

function decodeBlp2(reader: BinaryReader): DecodedTexture {
  const type = reader.u32('type');
  const compression = reader.u8('compression');
  const alphaDepth = reader.u8('alphaDepth');
  const alphaType = reader.u8('alphaType');
  const hasMipmaps = reader.u8('hasMipmaps') !== 0;
  const width = reader.u32('width');
  const height = reader.u32('height');
  const entries = readMipTable(reader);
  if (type !== 1) {
    throw type === 0
      ? unsupported('type', 4, 'BLP2 with JPEG content is not supported')
      : reader.invalid('type', `type ${type} (0 = JPEG or 1 = direct expected)`, 4);
  }
  checkTextureSize('blp', width, height, 'width', 12);
  const warnings: string[] = [];
  const levelCount = plannedLevels(entries, hasMipmaps, width, height, warnings);
  if (compression === BLP2_COMPRESSION_PALETTED) {
    checkPalettedAlpha(alphaDepth, 9);
    reader.need(PALETTE_BYTES, 'palette');
    const mips = decodeLevels(reader, entries, levelCount, width, height, warnings, (context) =>
      palettedLevel(reader, context, BLP2_HEADER_BYTES, alphaDepth),
    );
    return { width, height, mips, container: 'blp2', encoding: `paletted, ${alphaDepth}-bit alpha`, warnings };
  }
  if (compression === BLP2_COMPRESSION_DXT) {
    const format = BLP2_DXT_BY_ALPHA_TYPE[alphaType];
    if (!format)
      throw unsupported('alphaType', 10, `DXT alpha type ${alphaType} (0 = DXT1, 1 = DXT3, 7 = DXT5 expected)`);
    const opaque = format === 'dxt1' && alphaDepth === 0;
    const mips = decodeLevels(
      reader,
      entries,
      levelCount,
      width,
      height,
      warnings,
      ({ level, width: w, height: h, entry }) => {
        needLevelBytes(
          reader,
          level,
          entry.offset,
          blockDataSize(format, w, h),
          `${format.toUpperCase()} blocks (${BLOCK_BYTES[format]} bytes per 4×4)`,
        );
        return { width: w, height: h, rgba: decodeBlocks(format, reader.bytes, entry.offset, w, h, opaque) };
      },
    );
    return {
      width,
      height,
      mips,
      container: 'blp2',
      encoding: `${format.toUpperCase()}${opaque ? ', opaque' : ''}`,
      warnings,
    };
  }
  if (compression === BLP2_COMPRESSION_BGRA) {
    const mips = decodeLevels(
      reader,
      entries,
      levelCount,
      width,
      height,
      warnings,
      ({ level, width: w, height: h, entry }) => {
        needLevelBytes(reader, level, entry.offset, w * h * RGBA_BYTES, 'BGRA pixels');
        return { width: w, height: h, rgba: swapBgra(reader.bytes, entry.offset, w * h, alphaDepth > 0) };
      },
    );
    return { width, height, mips, container: 'blp2', encoding: `BGRA${alphaDepth > 0 ? '' : ', opaque'}`, warnings };
  }
  throw reader.invalid('compression', `compression ${compression} (1 = paletted, 2 = DXT, 3 = BGRA expected)`, 8);
}

function readMipTable(reader: BinaryReader): MipEntry[] {
  const tableStart = reader.offset;
  const offsets: number[] = [];
  for (let index = 0; index < MIP_TABLE_ENTRIES; index += 1) offsets.push(reader.u32(`mipOffsets[${index}]`));
  const entries: MipEntry[] = [];
  for (let index = 0; index < MIP_TABLE_ENTRIES; index += 1) {
    entries.push({
      offset: offsets[index]!,
      size: reader.u32(`mipSizes[${index}]`),
      fieldOffset: tableStart + index * 4,
    });
  }
  return entries;
}

/** How many levels to decode, with warnings for tables that list more or fewer than the size has. */
function plannedLevels(
  entries: MipEntry[],
  hasMipmaps: boolean,
  width: number,
  height: number,
  warnings: string[],
): number {
  if (!hasMipmaps) return 1;
  let listed = 0;
  while (listed < entries.length && entries[listed]!.offset !== 0 && entries[listed]!.size !== 0) listed += 1;
  const chain = fullMipCount(width, height);
  if (listed > chain)
    warnings.push(
      `the mip table lists ${listed} levels but a ${width}×${height} image has ${chain}; the extra entries are ignored`,
    );
  return Math.max(1, Math.min(listed, chain));
}

/**
 * Decodes levels 0..count-1 with `decodeLevel`. Level 0 must succeed; a later level that fails
 * ends the chain with a warning.
 */
function decodeLevels(
  reader: BinaryReader,
  entries: MipEntry[],
  count: number,
  width: number,
  height: number,
  warnings: string[],
  decodeLevel: (context: LevelContext) => TextureMip,
): TextureMip[] {
  const mips: TextureMip[] = [];
  for (let level = 0; level < count; level += 1) {
    const entry = entries[level]!;
    try {
      if (entry.offset === 0 || entry.size === 0)
        throw reader.invalid(
          `mipOffsets[${level}]`,
          `level ${level} has offset ${entry.offset} and size ${entry.size}`,
          entry.fieldOffset,
        );
      if (entry.offset > reader.bytes.length) {
        throw reader.truncated(
          `mipOffsets[${level}]`,
          `level ${level} starts at ${entry.offset}, past the end of the file (${reader.bytes.length} bytes)`,
          entry.offset,
        );
      }
      mips.push(decodeLevel({ level, width: mipDimension(width, level), height: mipDimension(height, level), entry }));
    } catch (error) {
      if (level === 0 || !(error instanceof CodecError)) throw error;
      warnings.push(`mip level ${level} could not be decoded (${error.message}); using levels 0–${level - 1}`);
      break;
    }
  }
  return mips;
}

function needLevelBytes(reader: BinaryReader, level: number, offset: number, byteCount: number, what: string): void {
  if (offset + byteCount > reader.bytes.length) {
    throw reader.truncated(
      `mips[${level}]`,
      `needs ${byteCount} bytes of ${what} at ${offset}, ${Math.max(0, reader.bytes.length - offset)} left`,
      offset,
    );
  }
}

function checkPalettedAlpha(alphaBits: number, offset: number): void {
  if (!PALETTED_ALPHA_BITS.includes(alphaBits)) {
    throw unsupported('alphaBits', offset, `paletted alpha depth ${alphaBits} (0, 1, 2, 4 or 8 expected)`);
  }
}

function palettedLevel(
  reader: BinaryReader,
  { level, width, height, entry }: LevelContext,
  paletteOffset: number,
  alphaBits: number,
): TextureMip {
  needLevelBytes(
    reader,
    level,
    entry.offset,
    palettedLevelSize(width, height, alphaBits),
    `palette indices and ${alphaBits}-bit alpha`,
  );
  return { width, height, rgba: decodePaletted(reader.bytes, entry.offset, paletteOffset, width, height, alphaBits) };
}

function swapBgra(bytes: Uint8Array, offset: number, pixels: number, useAlpha: boolean): Uint8Array {
  const out = new Uint8Array(pixels * RGBA_BYTES);
  for (let pixel = 0; pixel < pixels; pixel += 1) {
    const s = offset + pixel * 4;
    const o = pixel * 4;
    out[o] = bytes[s + 2]!;
    out[o + 1] = bytes[s + 1]!;
    out[o + 2] = bytes[s]!;
    out[o + 3] = useAlpha ? bytes[s + 3]! : 255;
  }
  return out;
}

/** BLP1 JPEG levels: the shared header joined to each level's data, decoded to raw components. */
class JpegLevels {
  componentCount = 0;
  private readonly scaled: string[] = [];
  private last: { offset: number; size: number; mip: TextureMip } | undefined;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly header: Uint8Array,
    private readonly headerOffset: number,
    private readonly useAlpha: boolean,
  ) {}

  decode({ level, width, height, entry }: LevelContext, warnings: string[]): TextureMip {
    let frame: TextureMip;
    if (this.last && this.last.offset === entry.offset && this.last.size === entry.size) {
      frame = this.last.mip;
    } else {
      const size = Math.min(entry.size, this.bytes.length - entry.offset);
      if (size < entry.size && level === 0) {
        warnings.push(`level 0's JPEG data is listed as ${entry.size} bytes but the file ends after ${size}`);
      }
      const stream = new Uint8Array(this.header.length + size);
      stream.set(this.header);
      stream.set(this.bytes.subarray(entry.offset, entry.offset + size), this.header.length);
      let image: JpegImage;
      try {
        image = decodeJpeg(stream);
      } catch (error) {
        if (!(error instanceof CodecError)) throw error;
        const fileOffset =
          error.offset < this.header.length
            ? this.headerOffset + error.offset
            : entry.offset + error.offset - this.header.length;
        throw new CodecError({
          format: 'blp',
          kind: error.kind,
          where: `mips[${level}].jpeg ${error.where}`,
          offset: fileOffset,
          detail: error.detail,
        });
      }
      this.componentCount = Math.max(this.componentCount, image.components.length);
      frame = componentsToRgba(image, this.useAlpha);
      this.last = { offset: entry.offset, size: entry.size, mip: frame };
    }
    if (frame.width === width && frame.height === height) return frame;
    if (frame.width < width || frame.height < height) {
      throw new CodecError({
        format: 'blp',
        kind: 'invalid',
        where: `mips[${level}].jpeg SOF.size`,
        offset: entry.offset,
        detail: `the JPEG frame is ${frame.width}×${frame.height}, smaller than the level's ${width}×${height}`,
      });
    }
    this.scaled.push(`${level} (${frame.width}×${frame.height} → ${width}×${height})`);
    return resampleMip(frame, width, height);
  }

  reportScaled(warnings: string[]): void {
    if (this.scaled.length > 0)
      warnings.push(`JPEG frames larger than their level were scaled down: level ${this.scaled.join(', ')}`);
  }
}

/**
 * Raw components → RGBA: B, G, R(, A) for three or four components; grey (and alpha) for one
 * (or two). Alpha is only taken when `useAlpha`.
 */
function componentsToRgba(image: JpegImage, useAlpha: boolean): TextureMip {
  const { width, height, components } = image;
  const rgba = new Uint8Array(width * height * RGBA_BYTES);
  const colour = components.length >= 3;
  const blue = components[0]!;
  const green = colour ? components[1]! : blue;
  const red = colour ? components[2]! : blue;
  const alphaComponent = colour ? components[3] : components[1];
  const alpha = useAlpha ? alphaComponent : undefined;
  for (let y = 0; y < height; y += 1) {
    let o = y * width * RGBA_BYTES;
    const rb = y * blue.stride;
    const rg = y * green.stride;
    const rr = y * red.stride;
    const ra = alpha ? y * alpha.stride : 0;
    for (let x = 0; x < width; x += 1) {
      rgba[o] = red.data[rr + x]!;
      rgba[o + 1] = green.data[rg + x]!;
      rgba[o + 2] = blue.data[rb + x]!;
      rgba[o + 3] = alpha ? alpha.data[ra + x]! : 255;
      o += RGBA_BYTES;
    }
  }
  return { width, height, rgba };
}

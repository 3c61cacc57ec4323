/**
 * DirectDraw Surface (DDS) decoded to RGBA8 mip levels.
 *
 * Supported: FourCC DXT1–DXT5 (DXT2/DXT4 are premultiplied variants, decoded as DXT3/DXT5),
 * ATI1/BC4U, ATI2/BC5U; uncompressed RGB(A), luminance(+alpha) and alpha-only pixels of 8–32
 * bits described by channel masks; the DX10 extension header with the matching DXGI formats.
 * A cube map or texture array yields its first face/element (with a warning); volume textures
 * are refused. The level count is `mipMapCount` (1 when 0), capped at the full chain.
 */
import { BinaryReader } from '../binary/reader';
import { CodecError } from '../binary/codec-error';
import { blockDataSize, decodeBlocks, type BlockFormat } from './block-compression';
import { checkTextureSize, fullMipCount, mipDimension } from './mip-chain';
import { RGBA_BYTES, type DecodedTexture, type TextureMip } from './types';

/** Byte sizes of the fixed parts. */
export const DDS_MAGIC_BYTES = 4;
export const DDS_HEADER_BYTES = 124;
export const DDS_PIXEL_FORMAT_BYTES = 32;
export const DDS_DX10_HEADER_BYTES = 20;

const PIXEL_FORMAT_OFFSET = 76;
const DDPF_ALPHAPIXELS = 0x1;
const DDPF_ALPHA = 0x2;
const DDPF_FOURCC = 0x4;
const DDPF_RGB = 0x40;
const DDPF_LUMINANCE = 0x20000;
const DDSCAPS2_CUBEMAP = 0x200;
const DDSCAPS2_VOLUME = 0x200000;
const DX10_DIMENSION_TEXTURE2D = 3;

const FOURCC_BLOCKS: Record<string, BlockFormat | undefined> = {
  DXT1: 'dxt1',
  DXT2: 'dxt3',
  DXT3: 'dxt3',
  DXT4: 'dxt5',
  DXT5: 'dxt5',
  ATI1: 'bc4',
  BC4U: 'bc4',
  ATI2: 'bc5',
  BC5U: 'bc5',
};

/** Channel masks of an uncompressed pixel; `luminance` copies the red mask to R, G and B. */
interface MaskFormat {
  bits: number;
  masks: [number, number, number, number];
  luminance: boolean;
  hasAlpha: boolean;
}

/** DXGI formats (DX10 header) we decode, as a block format or channel masks. */
const DXGI_FORMATS: Record<number, BlockFormat | MaskFormat | undefined> = {
  28: { bits: 32, masks: [0xff, 0xff00, 0xff0000, 0xff000000], luminance: false, hasAlpha: true }, // R8G8B8A8_UNORM
  // R8G8B8A8_UNORM_SRGB
  29: { bits: 32, masks: [0xff, 0xff00, 0xff0000, 0xff000000], luminance: false, hasAlpha: true },
  61: { bits: 8, masks: [0xff, 0, 0, 0], luminance: false, hasAlpha: false }, // R8_UNORM
  65: { bits: 8, masks: [0, 0, 0, 0xff], luminance: false, hasAlpha: true }, // A8_UNORM
  85: { bits: 16, masks: [0xf800, 0x7e0, 0x1f, 0], luminance: false, hasAlpha: false }, // B5G6R5_UNORM
  86: { bits: 16, masks: [0x7c00, 0x3e0, 0x1f, 0x8000], luminance: false, hasAlpha: true }, // B5G5R5A1_UNORM
  87: { bits: 32, masks: [0xff0000, 0xff00, 0xff, 0xff000000], luminance: false, hasAlpha: true }, // B8G8R8A8_UNORM
  88: { bits: 32, masks: [0xff0000, 0xff00, 0xff, 0], luminance: false, hasAlpha: false }, // B8G8R8X8_UNORM
  // B8G8R8A8_UNORM_SRGB
  91: { bits: 32, masks: [0xff0000, 0xff00, 0xff, 0xff000000], luminance: false, hasAlpha: true },
  93: { bits: 32, masks: [0xff0000, 0xff00, 0xff, 0], luminance: false, hasAlpha: false }, // B8G8R8X8_UNORM_SRGB
  71: 'dxt1',
  72: 'dxt1',
  74: 'dxt3',
  75: 'dxt3',
  77: 'dxt5',
  78: 'dxt5',
  80: 'bc4',
  83: 'bc5',
};

function fail(kind: CodecError['kind'], where: string, offset: number, detail: string): CodecError {
  return new CodecError({ format: 'dds', kind, where, offset, detail });
}

/** Decodes a DDS file. Throws {@link CodecError} (format `dds`) naming field and offset. */
export function decodeDds(bytes: Uint8Array): DecodedTexture {
  const reader = new BinaryReader(bytes, 'dds');
  const magic = reader.tag('magic');
  if (magic !== 'DDS ') throw reader.invalid('magic', `"${magic}" is not the DDS magic "DDS "`, 0);
  const headerSize = reader.u32('header.size');
  if (headerSize !== DDS_HEADER_BYTES)
    throw reader.invalid('header.size', `header size ${headerSize} (124 expected)`, 4);
  reader.need(DDS_HEADER_BYTES - 4, 'header');
  const view = reader.view;
  const u32 = (at: number) => view.getUint32(at, true);
  const height = u32(12);
  const width = u32(16);
  const mipMapCount = u32(28);
  const pixelFlags = u32(PIXEL_FORMAT_OFFSET + 4);
  const fourCC = String.fromCharCode(bytes[84]!, bytes[85]!, bytes[86]!, bytes[87]!);
  const caps2 = u32(112);
  checkTextureSize('dds', width, height, 'header.width', 16);
  if (caps2 & DDSCAPS2_VOLUME && u32(24) > 1)
    throw fail('unsupported', 'header.caps2', 112, 'volume textures are not supported');
  const warnings: string[] = [];
  if (caps2 & DDSCAPS2_CUBEMAP) warnings.push('a cube map: only its first face is shown');
  let dataOffset = DDS_MAGIC_BYTES + DDS_HEADER_BYTES;
  let format: BlockFormat | MaskFormat;
  let name: string;
  if (pixelFlags & DDPF_FOURCC && fourCC === 'DX10') {
    reader.seek(dataOffset, 'dx10');
    const dxgiFormat = reader.u32('dx10.dxgiFormat');
    const dimension = reader.u32('dx10.resourceDimension');
    reader.u32('dx10.miscFlag');
    const arraySize = reader.u32('dx10.arraySize');
    reader.u32('dx10.miscFlags2');
    const known = DXGI_FORMATS[dxgiFormat];
    if (!known) throw fail('unsupported', 'dx10.dxgiFormat', dataOffset, `DXGI format ${dxgiFormat} is not supported`);
    if (dimension !== DX10_DIMENSION_TEXTURE2D)
      throw fail(
        'unsupported',
        'dx10.resourceDimension',
        dataOffset + 4,
        `resource dimension ${dimension} (3 = 2D supported)`,
      );
    if (arraySize > 1) warnings.push(`a texture array of ${arraySize}: only its first element is shown`);
    format = known;
    name = `DXGI format ${dxgiFormat}${typeof known === 'string' ? ` (${known.toUpperCase()})` : ''}`;
    dataOffset += DDS_DX10_HEADER_BYTES;
  } else if (pixelFlags & DDPF_FOURCC) {
    const known = FOURCC_BLOCKS[fourCC];
    if (!known)
      throw fail(
        'unsupported',
        'pixelFormat.fourCC',
        84,
        `FourCC ${JSON.stringify(fourCC)} (${u32(84)}) is not supported`,
      );
    format = known;
    name = fourCC;
  } else if (pixelFlags & (DDPF_RGB | DDPF_LUMINANCE | DDPF_ALPHA)) {
    const bits = u32(88);
    if (![8, 16, 24, 32].includes(bits))
      throw fail('unsupported', 'pixelFormat.rgbBitCount', 88, `${bits}-bit pixels (8, 16, 24 or 32 supported)`);
    const hasAlpha = (pixelFlags & (DDPF_ALPHAPIXELS | DDPF_ALPHA)) !== 0;
    format = {
      bits,
      masks: [u32(92), u32(96), u32(100), hasAlpha ? u32(104) : 0],
      luminance: (pixelFlags & DDPF_LUMINANCE) !== 0,
      hasAlpha,
    };
    const kind = format.luminance ? 'luminance' : pixelFlags & DDPF_RGB ? 'RGB' : 'alpha';
    name = `${bits}-bit ${kind}${hasAlpha ? ' with alpha' : ''}`;
  } else {
    throw fail(
      'unsupported',
      'pixelFormat.flags',
      PIXEL_FORMAT_OFFSET + 4,
      `pixel format flags 0x${pixelFlags.toString(16)} name neither a FourCC nor RGB, luminance or alpha pixels`,
    );
  }

  const chain = fullMipCount(width, height);
  if (mipMapCount > chain)
    warnings.push(
      `mipMapCount ${mipMapCount} exceeds the ${chain} levels a ${width}×${height} image has; the extra levels are ` +
        `ignored`,
    );
  const levelCount = Math.max(1, Math.min(mipMapCount, chain));
  const mips: TextureMip[] = [];
  let at = dataOffset;
  for (let level = 0; level < levelCount; level += 1) {
    const levelWidth = mipDimension(width, level);
    const levelHeight = mipDimension(height, level);
    const size =
      typeof format === 'string'
        ? blockDataSize(format, levelWidth, levelHeight)
        : levelWidth * levelHeight * (format.bits / 8);
    if (at + size > bytes.length) {
      const error = fail(
        'truncated',
        `mips[${level}]`,
        at,
        `needs ${size} bytes for a ${levelWidth}×${levelHeight} level, ${Math.max(0, bytes.length - at)} left`,
      );
      if (level === 0) throw error;
      warnings.push(`mip level ${level} could not be decoded (${error.message}); using levels 0–${level - 1}`);
      break;
    }
    const rgba =
      typeof format === 'string'
        ? decodeBlocks(format, bytes, at, levelWidth, levelHeight)
        : decodeMasked(bytes, at, levelWidth * levelHeight, format);
    mips.push({ width: levelWidth, height: levelHeight, rgba });
    at += size;
  }
  return { width, height, mips, container: 'dds', encoding: name, warnings };
}

/** Decodes pixels described by channel masks, scaling each channel's bits to 0..255. */
function decodeMasked(bytes: Uint8Array, offset: number, pixels: number, format: MaskFormat): Uint8Array {
  const out = new Uint8Array(pixels * RGBA_BYTES);
  const pixelBytes = format.bits / 8;
  const channels = format.masks.map((mask) => {
    const value = mask >>> 0;
    let shift = 0;
    while (shift < 32 && value !== 0 && ((value >>> shift) & 1) === 0) shift += 1;
    const max = value === 0 ? 0 : value >>> shift;
    return { mask: value, shift, max };
  });
  for (let pixel = 0; pixel < pixels; pixel += 1) {
    const at = offset + pixel * pixelBytes;
    let value = bytes[at]!;
    if (pixelBytes > 1) value |= bytes[at + 1]! << 8;
    if (pixelBytes > 2) value |= bytes[at + 2]! << 16;
    if (pixelBytes > 3) value = (value | (bytes[at + 3]! << 24)) >>> 0;
    const o = pixel * RGBA_BYTES;
    for (let channel = 0; channel < 4; channel += 1) {
      const { mask, shift, max } = channels[channel]!;
      if (mask === 0) {
        out[o + channel] = channel === 3 ? 255 : 0;
        continue;
      }
      const raw = (value & mask) >>> shift;
      out[o + channel] = max === 255 ? raw : Math.round((raw * 255) / max);
    }
    if (format.luminance) {
      out[o + 1] = out[o]!;
      out[o + 2] = out[o]!;
    }
  }
  return out;
}

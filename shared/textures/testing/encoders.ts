/**
 * Test helpers: writers for every texture variant the decoders read — BLP1 (JPEG with any
 * header split, paletted with 0/1/2/4/8-bit alpha), BLP2 (paletted, DXT1/3/5, BGRA), TGA
 * (raw/RLE, true colour/grey/colour-mapped, any origin) and DDS (DXT, masks, DX10) — plus a
 * lossless DXT block encoder for images whose blocks use at most two 565 colours. Tests build
 * files with these and compare the decoded pixels with the source pixels. Not used by the app.
 */
import { seededRandom } from '../../testing/fuzz';
import type { BlockFormat } from '../block-compression';
import { encodeJpeg, quantTable } from '../jpeg/testing/encoder';
import type { TextureMip } from '../types';

/** A little-endian byte builder. */
export class Bytes {
  readonly data: number[] = [];
  u8(...values: number[]): this {
    for (const value of values) this.data.push(value & 255);
    return this;
  }
  u16(value: number): this {
    return this.u8(value, value >> 8);
  }
  u32(value: number): this {
    return this.u8(value, value >> 8, value >> 16, value >>> 24);
  }
  ascii(text: string): this {
    for (const char of text) this.data.push(char.charCodeAt(0));
    return this;
  }
  append(bytes: ArrayLike<number>): this {
    for (let index = 0; index < bytes.length; index += 1) this.data.push(bytes[index]!);
    return this;
  }
  get length(): number {
    return this.data.length;
  }
  finish(): Uint8Array {
    return Uint8Array.from(this.data);
  }
}

/** A smooth, JPEG-friendly RGBA test image (gradients and soft waves, alpha varying). */
export function smoothImage(width: number, height: number, phase = 0): TextureMip {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const o = (y * width + x) * 4;
      rgba[o] = Math.round(127 + 100 * Math.sin((x + phase) / 9));
      rgba[o + 1] = Math.round((255 * y) / Math.max(1, height - 1));
      rgba[o + 2] = Math.round(127 + 90 * Math.cos((x + y) / 13));
      rgba[o + 3] = Math.round(127 + 120 * Math.sin((x - y + phase) / 11));
    }
  }
  return { width, height, rgba };
}

/** Random pixels (noise): worst case for JPEG, fine for lossless formats. */
export function noiseImage(width: number, height: number, seed: number): TextureMip {
  const next = seededRandom(seed);
  const rgba = new Uint8Array(width * height * 4);
  for (let index = 0; index < rgba.length; index += 1) rgba[index] = Math.floor(next() * 256);
  return { width, height, rgba };
}

/** Level `level` sizes of a chain. */
export function levelSize(width: number, height: number, level: number): [number, number] {
  return [Math.max(1, width >> level), Math.max(1, height >> level)];
}

const MIP_SLOTS = 16;

function blpMipTable(
  out: Bytes,
  levels: Uint8Array[],
  firstOffset: number,
  tableEntries = levels.length,
  sharedOffsets?: number[],
): void {
  const offsets: number[] = [];
  let offset = firstOffset;
  for (const level of levels) {
    offsets.push(offset);
    offset += level.length;
  }
  for (let slot = 0; slot < MIP_SLOTS; slot += 1)
    out.u32(slot < tableEntries ? (sharedOffsets?.[slot] ?? offsets[Math.min(slot, offsets.length - 1)]!) : 0);
  for (let slot = 0; slot < MIP_SLOTS; slot += 1)
    out.u32(slot < tableEntries ? levels[Math.min(slot, levels.length - 1)]!.length : 0);
}

/** Options of {@link encodeBlp1Jpeg}. */
export interface Blp1JpegOptions {
  mips: TextureMip[];
  alphaBits: number;
  /** Bytes of each level's JPEG moved into the shared header: 'blizzard' cuts inside SOF as Warcraft III's files do. */
  headerSplit?: 'blizzard' | 'none' | 'before-sof';
  quality?: number;
  /** Mip table entries to write (more than `mips.length` repeats the last level, as real files do). */
  tableEntries?: number;
  hasMipmaps?: boolean;
  /** Write only three components (B, G, R). */
  threeComponents?: boolean;
}

/**
 * A BLP1 with JPEG content: each level's B, G, R, A planes encoded raw; the common prefix of the
 * level files (up to the split) stored once as the JPEG header.
 */
export function encodeBlp1Jpeg(options: Blp1JpegOptions): Uint8Array {
  const { mips } = options;
  const quality = options.quality ?? 95;
  const jpegs = mips.map((mip) => encodeMipJpeg(mip, quality, options.threeComponents ?? false));
  const sof = indexOfMarker(jpegs[0]!, 0xc0);
  const split = options.headerSplit ?? 'blizzard';
  const headerSize = split === 'none' ? 0 : split === 'before-sof' ? sof : sof + 5;
  const header = jpegs[0]!.subarray(0, headerSize);
  const levels = jpegs.map((jpeg) => jpeg.subarray(headerSize));
  const out = new Bytes()
    .ascii('BLP1')
    .u32(0)
    .u32(options.alphaBits)
    .u32(mips[0]!.width)
    .u32(mips[0]!.height)
    .u32(options.alphaBits ? 4 : 5);
  out.u32((options.hasMipmaps ?? mips.length > 1) ? 1 : 0);
  blpMipTable(out, levels, 156 + 4 + headerSize, options.tableEntries);
  out.u32(headerSize).append(header);
  for (const level of levels) out.append(level);
  return out.finish();
}

/** One level as the standalone JPEG a BLP1 stores (B, G, R and optionally A as raw components). */
export function encodeMipJpeg(mip: TextureMip, quality: number, threeComponents = false): Uint8Array {
  const pixels = mip.width * mip.height;
  const planes = [2, 1, 0, 3].slice(0, threeComponents ? 3 : 4).map((channel) => {
    const plane = new Uint8Array(pixels);
    for (let index = 0; index < pixels; index += 1) plane[index] = mip.rgba[index * 4 + channel]!;
    return plane;
  });
  return encodeJpeg({ width: mip.width, height: mip.height, planes, quantTables: [quantTable(quality)] }).bytes;
}

function indexOfMarker(bytes: Uint8Array, marker: number): number {
  for (let index = 0; index + 1 < bytes.length; index += 1)
    if (bytes[index] === 0xff && bytes[index + 1] === marker) return index;
  throw new Error(`marker ${marker.toString(16)} not found`);
}

/** A paletted image: a BGRA palette, per-level indices and 8-bit alpha (quantized to `alphaBits`). */
export interface PalettedImage {
  palette: Uint8Array;
  levels: { width: number; height: number; indices: Uint8Array; alpha: Uint8Array }[];
}

/** Random palette and levels with alpha values representable in `alphaBits`. */
export function randomPaletted(
  width: number,
  height: number,
  levelCount: number,
  alphaBits: number,
  seed: number,
): PalettedImage {
  const next = seededRandom(seed);
  const palette = new Uint8Array(1024);
  for (let index = 0; index < 1024; index += 1) palette[index] = Math.floor(next() * 256);
  const maxAlpha = (1 << alphaBits) - 1;
  const levels = [];
  for (let level = 0; level < levelCount; level += 1) {
    const [w, h] = levelSize(width, height, level);
    const indices = new Uint8Array(w * h).map(() => Math.floor(next() * 256));
    const alpha = new Uint8Array(w * h).map(() =>
      alphaBits === 0 ? 255 : Math.round((Math.floor(next() * (maxAlpha + 1)) * 255) / maxAlpha),
    );
    levels.push({ width: w, height: h, indices, alpha });
  }
  return { palette, levels };
}

/** The RGBA the decoder must produce for a paletted level. */
export function palettedToRgba(image: PalettedImage, level: number): Uint8Array {
  const { indices, alpha } = image.levels[level]!;
  const rgba = new Uint8Array(indices.length * 4);
  for (let pixel = 0; pixel < indices.length; pixel += 1) {
    const entry = indices[pixel]! * 4;
    rgba.set([image.palette[entry + 2]!, image.palette[entry + 1]!, image.palette[entry]!, alpha[pixel]!], pixel * 4);
  }
  return rgba;
}

function packPalettedLevel(level: PalettedImage['levels'][number], alphaBits: number): Uint8Array {
  const pixels = level.indices.length;
  const out = new Uint8Array(pixels + Math.ceil((pixels * alphaBits) / 8));
  out.set(level.indices);
  const maxAlpha = (1 << alphaBits) - 1;
  for (let pixel = 0; pixel < pixels && alphaBits > 0; pixel += 1) {
    const value = Math.round((level.alpha[pixel]! * maxAlpha) / 255);
    const bit = pixel * alphaBits;
    const at = pixels + (bit >> 3);
    out[at] = out[at]! | (value << (bit & 7));
  }
  return out;
}

/** A BLP1 paletted file. */
export function encodeBlp1Paletted(
  image: PalettedImage,
  alphaBits: number,
  options: { tableEntries?: number } = {},
): Uint8Array {
  const levels = image.levels.map((level) => packPalettedLevel(level, alphaBits));
  const first = image.levels[0]!;
  const out = new Bytes()
    .ascii('BLP1')
    .u32(1)
    .u32(alphaBits)
    .u32(first.width)
    .u32(first.height)
    .u32(alphaBits ? 4 : 5)
    .u32(levels.length > 1 ? 1 : 0);
  blpMipTable(out, levels, 156 + 1024, options.tableEntries);
  out.append(image.palette);
  for (const level of levels) out.append(level);
  return out.finish();
}

/** BLP2 content kinds. */
export type Blp2Content =
  | { kind: 'paletted'; image: PalettedImage; alphaBits: number }
  | { kind: 'dxt'; format: 'dxt1' | 'dxt3' | 'dxt5'; mips: TextureMip[]; alphaDepth: number }
  | { kind: 'bgra'; mips: TextureMip[]; alphaDepth: number };

/** A BLP2 file (palette always written, as WoW's files do; DXT/BGRA files may omit it with `noPalette`). */
export function encodeBlp2(content: Blp2Content, options: { noPalette?: boolean } = {}): Uint8Array {
  let levels: Uint8Array[];
  let width: number;
  let height: number;
  let compression: number;
  let alphaDepth: number;
  let alphaType = 0;
  let palette: Uint8Array = new Uint8Array(1024);
  if (content.kind === 'paletted') {
    levels = content.image.levels.map((level) => packPalettedLevel(level, content.alphaBits));
    ({ width, height } = content.image.levels[0]!);
    compression = 1;
    alphaDepth = content.alphaBits;
    alphaType = 8;
    palette = content.image.palette;
  } else if (content.kind === 'dxt') {
    levels = content.mips.map((mip) => encodeDxt(content.format, mip));
    ({ width, height } = content.mips[0]!);
    compression = 2;
    alphaDepth = content.alphaDepth;
    alphaType = { dxt1: 0, dxt3: 1, dxt5: 7 }[content.format];
  } else {
    levels = content.mips.map((mip) => {
      const bgra = mip.rgba.slice();
      for (let index = 0; index < bgra.length; index += 4)
        [bgra[index], bgra[index + 2]] = [mip.rgba[index + 2]!, mip.rgba[index]!];
      return bgra;
    });
    ({ width, height } = content.mips[0]!);
    compression = 3;
    alphaDepth = content.alphaDepth;
  }
  const withPalette = !options.noPalette || content.kind === 'paletted';
  const out = new Bytes()
    .ascii('BLP2')
    .u32(1)
    .u8(compression, alphaDepth, alphaType, levels.length > 1 ? 1 : 0)
    .u32(width)
    .u32(height);
  blpMipTable(out, levels, 148 + (withPalette ? 1024 : 0));
  if (withPalette) out.append(palette);
  for (const level of levels) out.append(level);
  return out.finish();
}

/** Rounds a colour to the nearest 565 value, expanded back to 8 bits as decoders do. */
export function to565(r: number, g: number, b: number): { packed: number; rgb: [number, number, number] } {
  const r5 = Math.round((r * 31) / 255);
  const g6 = Math.round((g * 63) / 255);
  const b5 = Math.round((b * 31) / 255);
  return {
    packed: (r5 << 11) | (g6 << 5) | b5,
    rgb: [(r5 << 3) | (r5 >> 2), (g6 << 2) | (g6 >> 4), (b5 << 3) | (b5 >> 2)],
  };
}

/**
 * An image DXT can store losslessly: each 4×4 block has two 565 colours (and for DXT1 optional
 * transparent black, for DXT3 4-bit alpha, for DXT5 two alpha values).
 */
export function dxtFriendlyImage(format: BlockFormat, width: number, height: number, seed: number): TextureMip {
  const next = seededRandom(seed);
  const rgba = new Uint8Array(width * height * 4);
  for (let by = 0; by < height; by += 4) {
    for (let bx = 0; bx < width; bx += 4) {
      const colours = [0, 1].map(() => to565(next() * 255, next() * 255, next() * 255).rgb);
      const alphas = [Math.floor(next() * 256), Math.floor(next() * 256)];
      const transparent = format === 'dxt1' && next() < 0.3;
      for (let y = by; y < Math.min(height, by + 4); y += 1) {
        for (let x = bx; x < Math.min(width, bx + 4); x += 1) {
          const o = (y * width + x) * 4;
          const pick = next() < 0.5 ? 0 : 1;
          rgba.set(colours[pick]!, o);
          if (format === 'dxt1') rgba[o + 3] = 255;
          else if (format === 'dxt3') rgba[o + 3] = Math.floor(next() * 16) * 17;
          else rgba[o + 3] = alphas[next() < 0.5 ? 0 : 1]!;
          if (transparent && next() < 0.3) rgba.set([0, 0, 0, 0], o);
        }
      }
    }
  }
  return { width, height, rgba };
}

/**
 * Encodes a level as DXT blocks using, per block, the first two distinct opaque colours as the
 * endpoints (exact for {@link dxtFriendlyImage}); DXT1 blocks with transparent pixels use the
 * three-colour mode.
 */
export function encodeDxt(format: 'dxt1' | 'dxt3' | 'dxt5', mip: TextureMip): Uint8Array {
  const { width, height, rgba } = mip;
  const out = new Bytes();
  for (let by = 0; by < height; by += 4) {
    for (let bx = 0; bx < width; bx += 4) {
      const pixels: number[] = [];
      for (let y = 0; y < 4; y += 1)
        for (let x = 0; x < 4; x += 1)
          pixels.push((Math.min(height - 1, by + y) * width + Math.min(width - 1, bx + x)) * 4);
      const opaque = pixels.filter((o) => format !== 'dxt1' || rgba[o + 3]! >= 128);
      const packedOf = (o: number) => to565(rgba[o]!, rgba[o + 1]!, rgba[o + 2]!).packed;
      const distinct = [...new Set(opaque.map(packedOf))];
      let c0 = distinct[0] ?? 0;
      let c1 = distinct[1] ?? c0;
      const transparentBlock = format === 'dxt1' && opaque.length < 16;
      // Four-colour mode needs c0 > c1; three-colour (transparent) mode needs c0 <= c1.
      if (transparentBlock ? c0 > c1 : c0 < c1) [c0, c1] = [c1, c0];
      if (!transparentBlock && c0 === c1 && format === 'dxt1') {
        // Equal endpoints would select DXT1's three-colour mode; nudge c1 so index 0 stays exact.
        if (c0 > 0) c1 = c0 - 1;
        else c0 = 1;
      }
      if (format === 'dxt3') {
        for (let pair = 0; pair < 16; pair += 2)
          out.u8((rgba[pixels[pair]! + 3]! >> 4) | (rgba[pixels[pair + 1]! + 3]! & 0xf0));
      } else if (format === 'dxt5') {
        const values = [...new Set(pixels.map((o) => rgba[o + 3]!))];
        let a0 = values[0]!;
        let a1 = values[1] ?? a0;
        if (a0 < a1) [a0, a1] = [a1, a0];
        let bits = 0n;
        pixels.forEach((o, index) => {
          const a = rgba[o + 3]!;
          bits |= BigInt(a === a0 ? 0 : 1) << BigInt(index * 3);
        });
        out.u8(a0, a1);
        for (let index = 0; index < 6; index += 1) out.u8(Number((bits >> BigInt(index * 8)) & 255n));
      }
      let indices = 0;
      pixels.forEach((o, index) => {
        let code: number;
        if (transparentBlock && rgba[o + 3]! < 128) code = 3;
        else code = packedOf(o) === c0 ? 0 : packedOf(o) === c1 ? 1 : 0;
        indices |= code << (index * 2);
      });
      out
        .u16(c0)
        .u16(c1)
        .u32(indices >>> 0);
    }
  }
  return out.finish();
}

/** Options of {@link encodeTga}. */
export interface TgaOptions {
  kind: 'truecolour' | 'grey' | 'mapped';
  bits: 8 | 15 | 16 | 24 | 32;
  rle?: boolean;
  topToBottom?: boolean;
  rightToLeft?: boolean;
  /** Descriptor alpha bits (default 8 for 32-bit, 1 for 16-bit, else 0). */
  alphaBits?: number;
  imageId?: string;
  /** For colour-mapped images: map entry size and first index. */
  mapEntryBits?: 16 | 24 | 32;
  mapFirst?: number;
  /** Append a TGA 2.0 footer with an extension area holding this attributes type. */
  extensionAttributes?: number;
}

/**
 * Encodes `mip` as a TGA (values the format cannot hold are quantized the same way the decoder
 * expands them, so the expected output is {@link tgaExpected}). Colour-mapped images take the
 * palette from the image's distinct colours (≤ 256).
 */
export function encodeTga(mip: TextureMip, options: TgaOptions): Uint8Array {
  const { width, height, rgba } = mip;
  const alphaBits = options.alphaBits ?? (options.bits === 32 ? 8 : options.bits === 16 ? 1 : 0);
  const pixelBytes = Math.ceil(options.bits / 8);
  const id = options.imageId ?? '';
  const entryBits = options.mapEntryBits ?? 24;
  let palette: number[] = [];
  if (options.kind === 'mapped') {
    const seen = new Map<number, number>();
    for (let index = 0; index < rgba.length; index += 4) {
      const key = (rgba[index]! << 24) | (rgba[index + 1]! << 16) | (rgba[index + 2]! << 8) | rgba[index + 3]!;
      if (!seen.has(key)) seen.set(key, seen.size);
    }
    palette = [...seen.keys()];
  }
  const first = options.mapFirst ?? 0;
  const imageType = { mapped: 1, truecolour: 2, grey: 3 }[options.kind] + (options.rle ? 8 : 0);
  const out = new Bytes().u8(id.length, options.kind === 'mapped' ? 1 : 0, imageType);
  out
    .u16(first)
    .u16(palette.length)
    .u8(options.kind === 'mapped' ? entryBits : 0);
  out.u16(0).u16(0).u16(width).u16(height).u8(options.bits);
  out.u8(alphaBits | (options.rightToLeft ? 0x10 : 0) | (options.topToBottom ? 0x20 : 0));
  out.ascii(id);
  for (const key of palette)
    out.append(pixelBytesOf([key >>> 24, (key >> 16) & 255, (key >> 8) & 255, key & 255], entryBits));
  const pixelData: number[][] = [];
  for (let row = 0; row < height; row += 1) {
    const y = options.topToBottom ? row : height - 1 - row;
    for (let column = 0; column < width; column += 1) {
      const x = options.rightToLeft ? width - 1 - column : column;
      const o = (y * width + x) * 4;
      const colour = [rgba[o]!, rgba[o + 1]!, rgba[o + 2]!, rgba[o + 3]!];
      if (options.kind === 'mapped') {
        const key = (colour[0]! << 24) | (colour[1]! << 16) | (colour[2]! << 8) | colour[3]!;
        const index = palette.indexOf(key) + first;
        pixelData.push(options.bits === 16 ? [index & 255, index >> 8] : [index]);
      } else if (options.kind === 'grey') pixelData.push(options.bits === 16 ? [colour[0]!, colour[3]!] : [colour[0]!]);
      else pixelData.push(pixelBytesOf(colour, options.bits));
    }
  }
  if (!options.rle) for (const pixel of pixelData) out.append(pixel);
  else {
    // Greedy packets: runs of equal pixels become run packets, the rest raw packets (≤ 128 each),
    // crossing scanlines freely.
    let index = 0;
    const same = (a: number[], b: number[]) => a.every((value, i) => value === b[i]);
    while (index < pixelData.length) {
      let run = 1;
      while (run < 128 && index + run < pixelData.length && same(pixelData[index + run]!, pixelData[index]!)) run += 1;
      if (run > 1) {
        out.u8(0x80 | (run - 1)).append(pixelData[index]!);
        index += run;
        continue;
      }
      let raw = 1;
      while (
        raw < 128 &&
        index + raw < pixelData.length &&
        !(index + raw + 1 < pixelData.length && same(pixelData[index + raw]!, pixelData[index + raw + 1]!))
      )
        raw += 1;
      out.u8(raw - 1);
      for (let n = 0; n < raw; n += 1) out.append(pixelData[index + n]!);
      index += raw;
    }
  }
  if (options.extensionAttributes !== undefined) {
    const extensionOffset = out.length;
    const extension = new Uint8Array(495);
    extension[0] = 495 & 255;
    extension[1] = 495 >> 8;
    extension[494] = options.extensionAttributes;
    out.append(extension).u32(extensionOffset).u32(0).ascii('TRUEVISION-XFILE.').u8(0);
  }
  return out.finish();
}

function pixelBytesOf(colour: number[], bits: number): number[] {
  const [r, g, b, a] = colour as [number, number, number, number];
  if (bits === 15 || bits === 16) {
    const value = (a >= 128 ? 0x8000 : 0) | ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    return [value & 255, value >> 8];
  }
  return bits === 24 ? [b, g, r] : [b, g, r, a];
}

/** What the TGA decoder must produce for `mip` written with `options`. */
export function tgaExpected(mip: TextureMip, options: TgaOptions): Uint8Array {
  const alphaBits = options.alphaBits ?? (options.bits === 32 ? 8 : options.bits === 16 ? 1 : 0);
  const out = mip.rgba.slice();
  for (let o = 0; o < out.length; o += 4) {
    if (options.kind === 'grey') {
      out[o + 1] = out[o]!;
      out[o + 2] = out[o]!;
      if (options.bits !== 16) out[o + 3] = 255;
      continue;
    }
    const bits = options.kind === 'mapped' ? (options.mapEntryBits ?? 24) : options.bits;
    if (bits === 15 || bits === 16) {
      for (let channel = 0; channel < 3; channel += 1) {
        const five = out[o + channel]! >> 3;
        out[o + channel] = (five << 3) | (five >> 2);
      }
      out[o + 3] = alphaBits > 0 && bits === 16 ? (out[o + 3]! >= 128 ? 255 : 0) : 255;
    } else if (bits === 24 || alphaBits === 0) {
      out[o + 3] = 255;
    }
  }
  return out;
}

/** Options of {@link encodeDds}. */
export type DdsContent =
  | { kind: 'fourcc'; fourCC: 'DXT1' | 'DXT3' | 'DXT5'; mips: TextureMip[] }
  | { kind: 'masks'; bits: 16 | 24 | 32; masks: [number, number, number, number]; mips: TextureMip[] }
  | { kind: 'dx10'; dxgiFormat: 28 | 87; mips: TextureMip[] };

/** A DDS file with the given levels (mipMapCount = number of levels, or `mipMapCount`). */
export function encodeDds(content: DdsContent, options: { mipMapCount?: number } = {}): Uint8Array {
  const first = content.mips[0]!;
  const out = new Bytes()
    .ascii('DDS ')
    .u32(124)
    .u32(0x1007 | (content.mips.length > 1 ? 0x20000 : 0))
    .u32(first.height)
    .u32(first.width)
    .u32(0)
    .u32(0);
  out.u32(options.mipMapCount ?? content.mips.length);
  for (let index = 0; index < 11; index += 1) out.u32(0);
  out.u32(32);
  if (content.kind === 'masks') {
    out
      .u32(0x40 | (content.masks[3] ? 0x1 : 0))
      .u32(0)
      .u32(content.bits);
    for (const mask of content.masks) out.u32(mask);
  } else {
    out
      .u32(0x4)
      .ascii(content.kind === 'fourcc' ? content.fourCC : 'DX10')
      .u32(0)
      .u32(0)
      .u32(0)
      .u32(0)
      .u32(0);
  }
  out.u32(0x1000).u32(0).u32(0).u32(0).u32(0);
  if (content.kind === 'dx10') out.u32(content.dxgiFormat).u32(3).u32(0).u32(1).u32(0);
  for (const mip of content.mips) {
    if (content.kind === 'fourcc') out.append(encodeDxt(content.fourCC.toLowerCase() as 'dxt1' | 'dxt3' | 'dxt5', mip));
    else if (content.kind === 'dx10') {
      for (let o = 0; o < mip.rgba.length; o += 4) {
        const [r, g, b, a] = [mip.rgba[o]!, mip.rgba[o + 1]!, mip.rgba[o + 2]!, mip.rgba[o + 3]!];
        out.u8(...(content.dxgiFormat === 28 ? [r, g, b, a] : [b, g, r, a]));
      }
    } else {
      for (let o = 0; o < mip.rgba.length; o += 4) {
        let value = 0;
        content.masks.forEach((mask, channel) => {
          if (!mask) return;
          let shift = 0;
          while (((mask >>> shift) & 1) === 0) shift += 1;
          const max = mask >>> shift;
          value += Math.round((mip.rgba[o + channel]! * max) / 255) * 2 ** shift;
        });
        for (let byte = 0; byte < content.bits / 8; byte += 1) out.u8(Math.floor(value / 2 ** (8 * byte)));
      }
    }
  }
  return out.finish();
}

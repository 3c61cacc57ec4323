/**
 * Mip-chain arithmetic shared by every container, the size checks made before allocating
 * pixels, and the box filter used to rescale a stored level or to complete a short chain.
 */
import { CodecError, type CodecFormat } from '../binary/codec-error';
import { RGBA_BYTES, TEXTURE_LIMITS, type DecodedTexture, type TextureMip } from './types';

/** Levels in a full chain down to 1×1: `floor(log2(max(width, height))) + 1`. */
export function fullMipCount(width: number, height: number): number {
  let size = Math.max(width, height, 1);
  let count = 1;
  while (size > 1) {
    size >>>= 1;
    count += 1;
  }
  return count;
}

/** Width or height of `level` for a level-0 size: `max(1, size >> level)`. */
export function mipDimension(size: number, level: number): number {
  return Math.max(1, Math.floor(size / 2 ** level));
}

/**
 * Refuses a level-0 size that is zero, larger than {@link TEXTURE_LIMITS}, or not an integer —
 * before anything is allocated for it.
 */
export function checkTextureSize(
  format: CodecFormat,
  width: number,
  height: number,
  where: string,
  offset: number,
): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new CodecError({ format, kind: 'invalid', where, offset, detail: `image size ${width}×${height} is empty` });
  }
  if (
    width > TEXTURE_LIMITS.maxDimension ||
    height > TEXTURE_LIMITS.maxDimension ||
    width * height > TEXTURE_LIMITS.maxPixels
  ) {
    throw new CodecError({
      format,
      kind: 'limit',
      where,
      offset,
      detail:
        `image size ${width}×${height} exceeds the limits (${TEXTURE_LIMITS.maxDimension} pixels a ` +
        `side, ${TEXTURE_LIMITS.maxPixels / (1024 * 1024)} Mi pixels in all)`,
    });
  }
}

/** A zeroed RGBA level of the given size. */
function allocateMip(width: number, height: number): TextureMip {
  return { width, height, rgba: new Uint8Array(width * height * RGBA_BYTES) };
}

/**
 * Rescales an RGBA image to `width × height`. Integer reductions (2×, 4×, … in either direction)
 * average each source box; any other ratio picks the nearest source pixel. Returns `source`
 * itself when the size already matches.
 */
export function resampleMip(source: TextureMip, width: number, height: number): TextureMip {
  if (source.width === width && source.height === height) return source;
  const target = allocateMip(width, height);
  const factorX = source.width / width;
  const factorY = source.height / height;
  const src = source.rgba;
  const out = target.rgba;
  if (Number.isInteger(factorX) && Number.isInteger(factorY)) {
    const area = factorX * factorY;
    const half = area >> 1;
    const rowStride = source.width * RGBA_BYTES;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        let r = 0;
        let g = 0;
        let b = 0;
        let a = 0;
        for (let dy = 0; dy < factorY; dy += 1) {
          let index = (y * factorY + dy) * rowStride + x * factorX * RGBA_BYTES;
          for (let dx = 0; dx < factorX; dx += 1) {
            r += src[index]!;
            g += src[index + 1]!;
            b += src[index + 2]!;
            a += src[index + 3]!;
            index += RGBA_BYTES;
          }
        }
        const o = (y * width + x) * RGBA_BYTES;
        out[o] = ((r + half) / area) | 0;
        out[o + 1] = ((g + half) / area) | 0;
        out[o + 2] = ((b + half) / area) | 0;
        out[o + 3] = ((a + half) / area) | 0;
      }
    }
    return target;
  }
  for (let y = 0; y < height; y += 1) {
    const sourceY = Math.min(source.height - 1, Math.floor((y + 0.5) * factorY));
    for (let x = 0; x < width; x += 1) {
      const sourceX = Math.min(source.width - 1, Math.floor((x + 0.5) * factorX));
      const s = (sourceY * source.width + sourceX) * RGBA_BYTES;
      const o = (y * width + x) * RGBA_BYTES;
      out[o] = src[s]!;
      out[o + 1] = src[s + 1]!;
      out[o + 2] = src[s + 2]!;
      out[o + 3] = src[s + 3]!;
    }
  }
  return target;
}

/** Halves a level (2×2 box average, 2×1 or 1×2 once one side has reached 1). */
export function halveMip(source: TextureMip): TextureMip {
  const width = Math.max(1, source.width >> 1);
  const height = Math.max(1, source.height >> 1);
  const stepX = source.width > 1 ? 2 : 1;
  const stepY = source.height > 1 ? 2 : 1;
  const target = allocateMip(width, height);
  const src = source.rgba;
  const out = target.rgba;
  const rowStride = source.width * RGBA_BYTES;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const topLeft = y * stepY * rowStride + x * stepX * RGBA_BYTES;
      const right = (stepX - 1) * RGBA_BYTES;
      const below = (stepY - 1) * rowStride;
      const o = (y * width + x) * RGBA_BYTES;
      for (let channel = 0; channel < RGBA_BYTES; channel += 1) {
        const sum =
          src[topLeft + channel]! +
          src[topLeft + right + channel]! +
          src[topLeft + below + channel]! +
          src[topLeft + below + right + channel]!;
        // A side of 1 (step 1) counts the same pixel twice, so the sum always holds four samples.
        out[o + channel] = (sum + 2) >> 2;
      }
    }
  }
  return target;
}

/**
 * Appends box-filtered levels until the chain reaches 1×1, so that a GPU sampler sees a complete
 * mip chain even when the file stored only some levels. Mutates and returns `texture`.
 */
export function completeMipChain(texture: DecodedTexture): DecodedTexture {
  const wanted = fullMipCount(texture.width, texture.height);
  while (texture.mips.length < wanted) texture.mips.push(halveMip(texture.mips[texture.mips.length - 1]!));
  return texture;
}

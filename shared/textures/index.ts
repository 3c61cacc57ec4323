/**
 * Texture decoding for Morf Studio: BLP1 (JPEG and paletted), BLP2 (paletted, DXT1/3/5, BGRA),
 * TGA and DDS to RGBA8 mip levels. Pure TypeScript: runs in Node, the renderer and Web Workers.
 */
export { decodeTexture, detectTexture, type TextureKind } from './decode-texture';
export { decodeBlp } from './blp';
export { decodeTga } from './tga';
export { decodeDds } from './dds';
export { decodeJpeg, type JpegComponent, type JpegImage } from './jpeg/index';
export { completeMipChain, fullMipCount, halveMip, mipDimension, resampleMip } from './mip-chain';
export { TEXTURE_LIMITS, type DecodedTexture, type TextureContainer, type TextureMip } from './types';

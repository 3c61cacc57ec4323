/**
 * The editor's textures: decode off the main thread, cache by resolved path, upload with every
 * mip level. The viewport's one-liner: `const source = createGameTextureSource(host)`, then
 * `await source(mrf.texturePath)` → `{ texture: DataTexture | null, status }`. Piece by piece:
 *
 *   const cache = new TextureCache({ decoder: createTextureDecoder(startTextureWorker) });
 *   const result = await loadGameTexture(cache, host, mrf.texturePath, MRF_PREPARATION);
 *   if (result.status === 'ready') material.map = createMipmappedTexture(result.texture);
 *   else showChecker(result.reason);
 *
 * `cache.request(resolvedPath, loadBytes, preparation)` is the lower-level entry for bytes that
 * do not come from the data folders.
 */
export { applyAlphaMode, type TextureAlphaMode } from './alpha-modes';
export {
  createTextureDecoder,
  decodeAndPrepare,
  DEFAULT_PREPARATION,
  MRF_PREPARATION,
  type TextureDecoder,
  type TexturePreparation,
} from './texture-decoder';
export { loadGameTexture, type GameTextureResult } from './game-textures';
export {
  createGameTextureSource,
  type GameTextureSource,
  type GameTextureSourceOptions,
  type GameTextureStatus,
} from './game-texture-source';
export { TextureCache, textureByteSize, type TextureBytesLoader, type TextureCacheOptions } from './texture-cache';
export { createMipmappedTexture, mipUploads, type MipmappedTextureOptions, type MipUpload } from './three-texture';
export { startTextureWorker } from './texture-worker-client';

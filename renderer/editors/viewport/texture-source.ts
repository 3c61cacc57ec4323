/**
 * Where cape textures come from: the game path is resolved through the host's data folders
 * (with or without extension), the bytes decoded by shared/textures to RGBA mip levels and
 * uploaded as a DataTexture with every level. Results are cached by game path; a missing or
 * undecodable texture resolves with a reason and no texture (the checker stays).
 */
import { DataTexture, LinearFilter, LinearMipmapLinearFilter, RepeatWrapping, RGBAFormat, SRGBColorSpace, UnsignedByteType } from 'three';
import type { HostClient } from '../../../electron/contract';
import { completeMipChain, decodeTexture } from '../../../shared/textures';
import type { TextureSource } from './cape-texture';

/**
 * Transparent pixels are drawn black on MRF meshes, as the game does: colours are multiplied by
 * alpha and alpha set opaque.
 */
function premultiplyOpaque(rgba: Uint8Array): Uint8Array {
  const out = new Uint8Array(rgba.length);
  for (let index = 0; index < rgba.length; index += 4) {
    const alpha = rgba[index + 3]! / 255;
    out[index] = Math.round(rgba[index]! * alpha);
    out[index + 1] = Math.round(rgba[index + 1]! * alpha);
    out[index + 2] = Math.round(rgba[index + 2]! * alpha);
    out[index + 3] = 255;
  }
  return out;
}

/** A texture source over a host, cached by lower-case game path. */
export function hostTextureSource(host: Pick<HostClient, 'readGamePath'>): TextureSource {
  const cache = new Map<string, ReturnType<TextureSource>>();
  return (texturePath) => {
    const key = texturePath.toLowerCase();
    const cached = cache.get(key);
    if (cached) return cached;
    const loading = (async () => {
      const read = await host.readGamePath({ gamePath: texturePath, kind: 'texture' });
      if (read.status === 'missing') {
        return { texture: null, status: { status: 'missing' as const, resolvedPath: null, reason: `not found in the data folders (looked for ${read.tried.join(', ') || texturePath})`, width: 0, height: 0 } };
      }
      try {
        const decoded = completeMipChain(decodeTexture(new Uint8Array(read.bytes), read.entry.path));
        const top = decoded.mips[0]!;
        const texture = new DataTexture(premultiplyOpaque(top.rgba), top.width, top.height, RGBAFormat, UnsignedByteType);
        texture.mipmaps = decoded.mips.map((mip) => ({ data: premultiplyOpaque(mip.rgba), width: mip.width, height: mip.height })) as unknown as typeof texture.mipmaps;
        texture.generateMipmaps = false;
        texture.minFilter = LinearMipmapLinearFilter;
        texture.magFilter = LinearFilter;
        texture.wrapS = RepeatWrapping;
        texture.wrapT = RepeatWrapping;
        texture.colorSpace = SRGBColorSpace;
        texture.flipY = false;
        texture.needsUpdate = true;
        return { texture, status: { status: 'ready' as const, resolvedPath: read.entry.path, reason: null, width: decoded.width, height: decoded.height } };
      } catch (error) {
        return { texture: null, status: { status: 'unreadable' as const, resolvedPath: read.entry.path, reason: error instanceof Error ? error.message : String(error), width: 0, height: 0 } };
      }
    })();
    cache.set(key, loading);
    return loading;
  };
}

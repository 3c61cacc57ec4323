/**
 * A ready-made texture source for the viewport: game path in, shared three.js texture and a
 * status for the properties out. Decodes in the texture worker, caches decoded levels by resolved
 * file, keeps one GPU texture per decoded texture (every cape using the file shares it) and
 * disposes it when the cache evicts the texture. By default prepared for MRF meshes
 * (transparent pixels black, drawn opaque).
 */
import type { DataTexture } from 'three';
import type { HostClient } from '../../shared/contract/contract';
import type { DecodedTexture } from '../../shared/textures/types';
import { loadGameTexture } from './game-textures';
import { TextureCache } from './texture-cache';
import { createTextureDecoder, MRF_PREPARATION, type TextureDecoder, type TexturePreparation } from './texture-decoder';
import { startTextureWorker } from './texture-worker-client';
import { createMipmappedTexture } from './three-texture';

/** What the properties panel shows about a texture (the shape of the editor store's TextureStatus). */
export interface GameTextureStatus {
  status: 'ready' | 'missing' | 'unreadable';
  resolvedPath: string | null;
  /** Why the checker pattern is shown instead (null when ready). */
  reason: string | null;
  width: number;
  height: number;
}

/** Options of {@link createGameTextureSource}. */
export interface GameTextureSourceOptions {
  /** Default: a decoder over the texture worker (inline where workers are unavailable). */
  decoder?: TextureDecoder;
  /** Default: MRF preparation (black transparent, full chain). */
  preparation?: TexturePreparation;
  maxEntries?: number;
  maxBytes?: number;
  /** Upload with UNPACK_FLIP_Y (for geometry whose V was flipped to OpenGL's convention). Default false. */
  flipY?: boolean;
}

/** Loads a game path's texture: a GPU texture (null when missing or unreadable) and its status. */
export type GameTextureSource = ((
  gamePath: string,
) => Promise<{ texture: DataTexture | null; status: GameTextureStatus }>) & {
  /** Forget a file that changed on disk (its GPU texture is disposed). */
  invalidate(resolvedPath: string): void;
  /** Dispose every GPU texture and stop the worker. */
  dispose(): void;
};

/** See the module comment. */
export function createGameTextureSource(
  host: Pick<HostClient, 'resolveGamePath' | 'readGamePath'>,
  options: GameTextureSourceOptions = {},
): GameTextureSource {
  const decoder = options.decoder ?? createTextureDecoder(startTextureWorker);
  const preparation = options.preparation ?? MRF_PREPARATION;
  const uploads = new WeakMap<DecodedTexture, DataTexture>();
  const cache = new TextureCache({
    decoder,
    ...(options.maxEntries ? { maxEntries: options.maxEntries } : {}),
    ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
    onEvict: (_path, decoded) => {
      uploads.get(decoded)?.dispose();
      uploads.delete(decoded);
    },
  });
  const source = async (gamePath: string) => {
    const result = await loadGameTexture(cache, host, gamePath, preparation);
    if (result.status !== 'ready') {
      return {
        texture: null,
        status: {
          status: result.status,
          resolvedPath: result.resolvedPath,
          reason: result.reason,
          width: 0,
          height: 0,
        },
      };
    }
    let texture = uploads.get(result.texture);
    if (!texture) {
      texture = createMipmappedTexture(result.texture, { name: result.resolvedPath, flipY: options.flipY ?? false });
      uploads.set(result.texture, texture);
    }
    return {
      texture,
      status: {
        status: 'ready' as const,
        resolvedPath: result.resolvedPath,
        reason: null,
        width: result.texture.width,
        height: result.texture.height,
      },
    };
  };
  return Object.assign(source, {
    invalidate: (resolvedPath: string) => cache.invalidate(resolvedPath),
    dispose: () => {
      cache.clear();
      decoder.dispose();
    },
  });
}

/**
 * Textures named by game path (e.g. an MRF's `Textures\Cape`, an MDX material's
 * `Textures\Arthas.blp`), found through the host's data folders and cached by the file they
 * resolve to, so two spellings of one file share one decode, and a file that another data folder
 * overrides is decoded anew. The host tries each texture extension for a path without one.
 */
import type { HostClient } from '../../shared/contract/contract';
import type { DecodedTexture } from '../../shared/textures/types';
import type { TextureCache } from './texture-cache';
import { DEFAULT_PREPARATION, type TexturePreparation } from './texture-decoder';

/** The outcome for one game path: what the viewport shows and the properties panel explains. */
export type GameTextureResult =
  | { status: 'ready'; gamePath: string; resolvedPath: string; texture: DecodedTexture }
  | { status: 'missing'; gamePath: string; resolvedPath: null; reason: string }
  | { status: 'unreadable'; gamePath: string; resolvedPath: string | null; reason: string };

/** Resolves `gamePath` through the data folders and returns its decoded texture (from the cache when it has it). */
export async function loadGameTexture(
  cache: TextureCache,
  host: Pick<HostClient, 'resolveGamePath' | 'readGamePath'>,
  gamePath: string,
  preparation: TexturePreparation = DEFAULT_PREPARATION,
): Promise<GameTextureResult> {
  let resolvedPath: string | null = null;
  try {
    const resolution = await host.resolveGamePath({ gamePath, kind: 'texture' });
    if (resolution.status === 'missing') {
      return {
        status: 'missing',
        gamePath,
        resolvedPath: null,
        reason: `not in any data folder (looked for ${resolution.tried.join(', ') || gamePath})`,
      };
    }
    resolvedPath = resolution.entry.path;
    const texture = await cache.request(
      resolvedPath,
      async () => {
        const read = await host.readGamePath({ gamePath, kind: 'texture' });
        if (read.status === 'missing') throw new Error(`${gamePath} disappeared from the data folders`);
        return read.bytes;
      },
      preparation,
    );
    return { status: 'ready', gamePath, resolvedPath, texture };
  } catch (error) {
    return {
      status: 'unreadable',
      gamePath,
      resolvedPath,
      reason: error instanceof Error ? error.message : String(error),
    };
  }
}

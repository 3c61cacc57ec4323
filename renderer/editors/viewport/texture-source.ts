/**
 * Where cape textures come from: renderer/textures' game texture source (resolved through the
 * host's data folders, decoded off the main thread, cached by resolved file, MRF preparation:
 * transparent pixels black as the game draws MRF meshes, full mip chain).
 *
 * Orientation: MRF UVs are DirectX's (v = 0 at the image's top row). CapeAnimator flips V to
 * OpenGL's convention (v = 0 at the bottom), as the spec says, so the decoded rows (top first)
 * are uploaded with flipY: the two flips together put the image's top row where v = 0 points.
 */
import type { HostClient } from '../../../shared/contract/contract';
import { createGameTextureSource } from '../../textures';
import type { TextureSource } from './cape-texture';

/** A texture source over a host (its own decode worker and cache). */
export function hostTextureSource(host: Pick<HostClient, 'resolveGamePath' | 'readGamePath'>): TextureSource {
  return createGameTextureSource(host, { flipY: true });
}

/**
 * Where viewport textures come from: renderer/textures' game texture source (resolved through the
 * host's data folders, decoded off the main thread, cached by resolved file).
 *
 * Capes: MRF preparation (transparent pixels black, as the game draws MRF meshes, full mip chain).
 * MRF UVs are DirectX's (v = 0 at the image's top row). CapeAnimator flips V to OpenGL's convention
 * (v = 0 at the bottom), as the spec says, so the decoded rows (top first) are uploaded with flipY:
 * the two flips together put the image's top row where v = 0 points.
 *
 * The model (`source.model`): straight alpha (layers test and blend it), uploaded without flipY, since
 * the preview passes MDX UVs as stored (v = 0 samples the top row). One decode worker serves both.
 */
import type { HostClient } from '../../../shared/contract/contract';
import { createGameTextureSource, createTextureDecoder, DEFAULT_PREPARATION, startTextureWorker } from '../../textures';
import type { TextureSource } from './cape-texture';

/** A texture source over a host (its own decode worker and cache), with the model's beside it. */
export function hostTextureSource(host: Pick<HostClient, 'resolveGamePath' | 'readGamePath'>): TextureSource {
  const decoder = createTextureDecoder(startTextureWorker);
  const model = createGameTextureSource(host, { decoder, preparation: DEFAULT_PREPARATION, flipY: false });
  return Object.assign(createGameTextureSource(host, { decoder, flipY: true }), { model });
}

/**
 * The model's textures (TEXS), loaded through the viewport's texture source (the host's data folders, the decode
 * worker and cache): the checker pattern while a texture loads or when it is missing or unreadable, with its status
 * recorded in the store like a cape's (the properties and the viewport hint name the reason). Replaceable textures
 * are asked for by their game path (team colour and glow of player 0, red); when the data folders do not hold them
 * either, team colour is drawn as the plain red of player 0 and team glow as a red glow, which is what those files
 * hold, rather than the checker.
 */
import { useEffect, useState } from 'react';
import { DataTexture, LinearFilter, RGBAFormat, type Texture, UnsignedByteType } from 'three';
import type { EditorStore } from '../../../state/editor-store';
import { checkerTexture, loadRecordedTexture, type TextureSource } from '../cape-texture';
import type { RigTexture } from './model-rig';

/** Player 0's colour (red), as the game's TeamColor00 holds it. */
const PLAYER_RED = [255, 3, 3] as const;

let teamColor: DataTexture | null = null;
let teamGlow: DataTexture | null = null;

/** The red of player 0 (1 × 1). */
function teamColorTexture(): DataTexture {
  if (teamColor) return teamColor;
  teamColor = new DataTexture(Uint8Array.of(...PLAYER_RED, 255), 1, 1, RGBAFormat, UnsignedByteType);
  teamColor.needsUpdate = true;
  return teamColor;
}

/** A red glow fading out from the centre (32 × 32). */
function teamGlowTexture(): DataTexture {
  if (teamGlow) return teamGlow;
  const size = 32;
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) / (size / 2);
      const offset = (y * size + x) * 4;
      pixels.set(PLAYER_RED, offset);
      pixels[offset + 3] = Math.round(255 * Math.max(0, 1 - distance) ** 2);
    }
  teamGlow = new DataTexture(pixels, size, size, RGBAFormat, UnsignedByteType);
  teamGlow.magFilter = LinearFilter;
  teamGlow.minFilter = LinearFilter;
  teamGlow.needsUpdate = true;
  return teamGlow;
}

/** What stands in for a texture that is not available. */
export function missingModelTexture(texture: RigTexture): Texture {
  if (texture.replaceableId === 1) return teamColorTexture();
  if (texture.replaceableId === 2) return teamGlowTexture();
  return checkerTexture();
}

/** The textures of `textures`, index for index (a stand-in until each is loaded, or for good when missing). */
export function useModelTextures(
  store: EditorStore,
  textures: readonly RigTexture[],
  source: TextureSource,
  generation: number,
): readonly Texture[] {
  const [loaded, setLoaded] = useState<readonly Texture[]>(() => textures.map(missingModelTexture));
  useEffect(() => {
    let cancelled = false;
    const modelSource = source.model ?? source;
    const result = textures.map(missingModelTexture);
    setLoaded(result);
    textures.forEach((texture, index) => {
      if (!texture.path) return;
      loadRecordedTexture(
        store,
        modelSource,
        texture.path,
        generation,
        () => cancelled,
        (gpuTexture) => {
          if (!gpuTexture) return;
          setLoaded((current) => {
            const next = current.slice();
            next[index] = gpuTexture;
            return next;
          });
        },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [store, textures, source, generation]);
  return loaded;
}

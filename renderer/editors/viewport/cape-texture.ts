/**
 * Textures for cape meshes: a checker pattern (shown while the real texture is missing or cannot
 * be decoded, with the reason recorded for the properties), and the hook that asks for the real
 * one. Textures are shared by every mesh that uses the same path.
 */
import { useEffect, useRef, useState } from 'react';
import {
  DataTexture,
  NearestFilter,
  RepeatWrapping,
  RGBAFormat,
  SRGBColorSpace,
  type Texture,
  UnsignedByteType,
} from 'three';
import type { EditorStore, TextureStatus } from '../../state/editor-store';
import { afterFirstViewportFrame } from '../../state/first-frame-gate';
import { CHECKER_SIZE, checkerPixels } from './checker-pixels';

let checker: DataTexture | null = null;

/** The 8 × 8 magenta/grey checker shown for a texture that is not available. */
export function checkerTexture(): DataTexture {
  if (checker) return checker;
  const pixels = checkerPixels();
  checker = new DataTexture(pixels, CHECKER_SIZE, CHECKER_SIZE, RGBAFormat, UnsignedByteType);
  checker.magFilter = NearestFilter;
  checker.minFilter = NearestFilter;
  checker.wrapS = RepeatWrapping;
  checker.wrapT = RepeatWrapping;
  checker.colorSpace = SRGBColorSpace;
  checker.repeat.set(4, 4);
  checker.needsUpdate = true;
  return checker;
}

/** Records a texture's state for the properties. */
export function recordTextureStatus(store: EditorStore, texturePath: string, status: TextureStatus): void {
  const key = texturePath.toLowerCase();
  const current = store.getState().textures[key];
  if (
    current &&
    current.status === status.status &&
    current.reason === status.reason &&
    current.resolvedPath === status.resolvedPath
  )
    return;
  store.setState((state) => ({ textures: { ...state.textures, [key]: status } }));
}

/** Loads a texture for a game path; resolves to a texture and its status. */
export type TextureSource = ((texturePath: string) => Promise<{ texture: Texture | null; status: TextureStatus }>) & {
  /** Forgets a resolved file, so the next request reads and decodes it again. */
  invalidate?(resolvedPath: string): void;
  /** The source for the model's own textures (straight alpha, no flip); without one, the model uses this one. */
  model?: TextureSource;
};

/**
 * Asks `source` for the texture at game path `path`, its status recorded in the store the whole way: loading, then
 * what the source says (found, missing…) or unreadable. A new `generation` (the data sources changed) reads the file
 * again rather than the cached decode. `use` gets the texture (null when the source has none), unless `cancelled`.
 * Nothing is asked before the viewport's first frame (first-frame-gate.ts): the caller's stand-in is drawn in it.
 */
export function loadRecordedTexture(
  store: EditorStore,
  source: TextureSource,
  path: string,
  generation: number,
  cancelled: () => boolean,
  use: (texture: Texture | null) => void,
): void {
  afterFirstViewportFrame(() => {
    if (cancelled()) return;
    const previous = store.getState().textures[path.toLowerCase()]?.resolvedPath;
    if (generation > 0 && previous) source.invalidate?.(previous);
    recordTextureStatus(store, path, { status: 'loading', resolvedPath: null, reason: null, width: 0, height: 0 });
    source(path)
      .then(({ texture, status }) => {
        if (cancelled()) return;
        recordTextureStatus(store, path, status);
        use(texture);
      })
      .catch((error: unknown) => {
        if (cancelled()) return;
        const reason = error instanceof Error ? error.message : String(error);
        recordTextureStatus(store, path, { status: 'unreadable', resolvedPath: null, reason, width: 0, height: 0 });
      });
  });
}

/**
 * The texture of a cape: the checker until `source` delivers the real one (or for good, when it
 * cannot). The status goes to the store whichever way it ends.
 */
export function useCapeTexture(
  store: EditorStore,
  texturePath: string,
  source: TextureSource,
  generation = 0,
): Texture {
  const [texture, setTexture] = useState<Texture>(checkerTexture);
  const shownPath = useRef<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    if (!texturePath) {
      recordTextureStatus(store, texturePath, {
        status: 'missing',
        resolvedPath: null,
        reason: 'the cape names no texture',
        width: 0,
        height: 0,
      });
      return;
    }
    loadRecordedTexture(
      store,
      source,
      texturePath,
      generation,
      () => cancelled,
      (loaded) => setTexture(loaded ?? checkerTexture()),
    );
    return () => {
      cancelled = true;
    };
  }, [store, texturePath, source, generation]);
  return texture;
}

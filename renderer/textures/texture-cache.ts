/**
 * Decoded textures cached by resolved path. `request(path, loadBytes)` loads and decodes a
 * texture once: concurrent requests for the same path (and preparation) share one load and one
 * decode, later ones get the cached levels. The cache is bounded by entry count and by the
 * bytes of its pixels, evicting the least recently used finished entries. Failures are not
 * cached, so a later request (say, after the user adds a data folder) tries again.
 */
import type { DecodedTexture } from '../../shared/textures/types';
import { DEFAULT_PREPARATION, type TextureDecoder, type TexturePreparation } from './texture-decoder';

/** Loads a texture file's bytes (e.g. through the host's readGamePath). */
export type TextureBytesLoader = () => Promise<ArrayBuffer | Uint8Array>;

/** Limits and hooks of a {@link TextureCache}. */
export interface TextureCacheOptions {
  decoder: TextureDecoder;
  /** Most finished entries kept (default 256). */
  maxEntries?: number;
  /** Most pixel bytes kept, all levels counted (default 256 MiB). */
  maxBytes?: number;
  /** Called when an entry is evicted or invalidated, e.g. to dispose a GPU texture made from it. */
  onEvict?: (path: string, texture: DecodedTexture) => void;
}

interface Entry {
  path: string;
  promise: Promise<DecodedTexture>;
  texture: DecodedTexture | null;
  bytes: number;
}

/** The pixel bytes of every level of `texture`. */
export function textureByteSize(texture: DecodedTexture): number {
  return texture.mips.reduce((sum, mip) => sum + mip.rgba.byteLength, 0);
}

/** See the module comment. */
export class TextureCache {
  private readonly entries = new Map<string, Entry>();
  private readonly decoder: TextureDecoder;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly onEvict: ((path: string, texture: DecodedTexture) => void) | undefined;
  private totalBytes = 0;

  constructor(options: TextureCacheOptions) {
    this.decoder = options.decoder;
    this.maxEntries = options.maxEntries ?? 256;
    this.maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
    this.onEvict = options.onEvict;
  }

  /**
   * The decoded texture at `path` (a resolved file path — the same file must always get the same
   * string), loading it with `loadBytes` and decoding it unless it is cached or in flight.
   * The returned levels are shared: treat them as read-only.
   */
  request(
    path: string,
    loadBytes: TextureBytesLoader,
    preparation: TexturePreparation = DEFAULT_PREPARATION,
  ): Promise<DecodedTexture> {
    const key = cacheKey(path, preparation);
    const existing = this.entries.get(key);
    if (existing) {
      this.entries.delete(key);
      this.entries.set(key, existing);
      return existing.promise;
    }
    const entry: Entry = { path, promise: Promise.resolve(null as unknown as DecodedTexture), texture: null, bytes: 0 };
    entry.promise = (async () => {
      const loaded = await loadBytes();
      // The worker takes ownership of the buffer: transfer a private copy when the loader's bytes are a view.
      const buffer = loaded instanceof ArrayBuffer ? loaded : loaded.slice().buffer;
      return this.decoder.decode(buffer, fileNameOf(path), preparation);
    })().then(
      (texture) => {
        if (this.entries.get(key) === entry) {
          entry.texture = texture;
          entry.bytes = textureByteSize(texture);
          this.totalBytes += entry.bytes;
          this.evictOverLimits(key);
        }
        return texture;
      },
      (error: unknown) => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        throw error;
      },
    );
    this.entries.set(key, entry);
    return entry.promise;
  }

  /** The cached texture, when finished, without loading anything. */
  peek(path: string, preparation: TexturePreparation = DEFAULT_PREPARATION): DecodedTexture | undefined {
    return this.entries.get(cacheKey(path, preparation))?.texture ?? undefined;
  }

  /** Forgets every preparation of `path` (its file changed); a load in flight is not cached when it ends. */
  invalidate(path: string): void {
    for (const [key, entry] of this.entries) if (entry.path === path) this.remove(key, entry);
  }

  /** Forgets everything. */
  clear(): void {
    for (const [key, entry] of this.entries) this.remove(key, entry);
  }

  /** Entries (finished or in flight) and the pixel bytes of the finished ones. */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.totalBytes };
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
    if (entry.texture) this.onEvict?.(entry.path, entry.texture);
  }

  /** Drops the least recently used finished entries (never `keep`, never ones in flight). */
  private evictOverLimits(keep: string): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.totalBytes <= this.maxBytes) return;
      if (key === keep || !entry.texture) continue;
      this.remove(key, entry);
    }
  }
}

function cacheKey(path: string, preparation: TexturePreparation): string {
  return `${preparation.alpha}|${preparation.completeChain ? 'full' : 'stored'}|${path}`;
}

function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

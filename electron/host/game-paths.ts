/**
 * Game paths: `Doodads\Cinematic\ArthasIllidanFight\ArthasCape0000.mrf`, compared without regard to
 * case or slash direction. The index key of a game path is its lower-case, backslash form.
 */
import type { DataFileKind } from '../../shared/contract/contract';
import { dataFileExtensions } from '../../shared/contract/contract';

/** Texture extensions in the order tried when a texture is asked for without (or with another) extension. */
export const textureExtensions: readonly string[] = dataFileExtensions.texture;

/** The index key of a game path: lower case, backslashes, no leading or doubled separators. */
export function gamePathKey(gamePath: string): string {
  return gamePath
    .split(/[\\/]+/)
    .filter((part) => part.length > 0 && part !== '.')
    .join('\\')
    .toLowerCase();
}

/** The extension of a game path key, with the dot ('' when none). */
export function extensionOf(key: string): string {
  const name = key.slice(key.lastIndexOf('\\') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

/** Whether a key's extension belongs to a kind. */
export function isOfKind(key: string, kind: DataFileKind): boolean {
  if (kind === 'any') return true;
  return dataFileExtensions[kind].includes(extensionOf(key));
}

/**
 * The keys to look for, in order: the path itself, then, for a texture (asked as a texture, or
 * whose extension is a texture's, or that has none), the same name with each texture extension.
 */
export function candidateKeys(gamePath: string, kind: DataFileKind): string[] {
  const key = gamePathKey(gamePath);
  const extension = extensionOf(key);
  const isTexture = kind === 'texture' || textureExtensions.includes(extension) || (extension === '' && kind === 'any');
  if (!isTexture) return [key];
  const stem = textureExtensions.includes(extension) ? key.slice(0, -extension.length) : key;
  const candidates = [key];
  for (const alternative of textureExtensions) {
    const candidate = stem + alternative;
    if (!candidates.includes(candidate)) candidates.push(candidate);
  }
  return candidates;
}

/** Names of files: base names, extensions, and the id a document's recovery file is kept under. */

/** The base name of a path (either slash). */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** The extension of a name, lower case with the dot ('' when none). */
export function extensionOf(name: string): string {
  const match = /\.[^.\\/]+$/.exec(name);
  return match ? match[0].toLowerCase() : '';
}

/** The recovery id of a document: stable per path, safe for the host's id rule. */
export function recoveryId(key: string): string {
  let hash = 2166136261;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return `doc-${hash.toString(16).padStart(8, '0')}`;
}

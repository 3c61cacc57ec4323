/**
 * The built renderer's files (out/renderer) as both shells serve them, the Electron app scheme and
 * the browser shell: a request path mapped into the renderer folder without leaving it, and each
 * file's content type. Plain Node (no electron import).
 */
import { realpath } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The Content-Type of a renderer file, by its extension. */
export function contentTypeOf(file: string): string {
  return contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The decoded path a request names inside the renderer folder ('/' is '/index.html'), or null
 * when it is malformed: not decodable, a NUL character, or a `..` segment.
 */
export function rendererRequestPath(pathname: string): string | null {
  let relative: string;
  try {
    relative = decodeURIComponent(pathname === '/' ? '/index.html' : pathname);
  } catch {
    return null;
  }
  return relative.includes('\0') || relative.split(/[\\/]/).includes('..') ? null : relative;
}

/**
 * The real path of `relative` inside `root` (itself a real path), or null when it does not exist
 * or a symbolic link leads it out of the folder.
 */
export async function rendererFile(root: string, relative: string): Promise<string | null> {
  const real = await realpath(join(root, relative)).catch(() => null);
  return real !== null && (real === root || real.startsWith(root + sep)) ? real : null;
}

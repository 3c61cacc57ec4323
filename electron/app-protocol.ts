/**
 * The app's own scheme, `morf-app://app/…`, serving the built renderer (out/renderer) instead of
 * file:// URLs: a real origin for the CSP's 'self', nothing outside the renderer folder reachable,
 * and the security headers on every response.
 */
import { protocol } from 'electron';
import { readFile, realpath } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { securityHeaders } from './csp';

/** The scheme and host of the renderer's origin. */
export const appScheme = 'morf-app';
export const appHost = 'app';
/** The renderer's origin and start page. */
export const appOrigin = `${appScheme}://${appHost}`;
export const appIndexUrl = `${appOrigin}/index.html`;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

/** Register the scheme as standard and secure; must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
}

/** Answer one request for the app scheme from `rendererDirectory`. */
export async function serveAppRequest(rendererDirectory: string, url: string, method: string): Promise<Response> {
  const notFound = () => new Response('not found', { status: 404, headers: { ...securityHeaders, 'Content-Type': 'text/plain' } });
  if (method !== 'GET' && method !== 'HEAD') return new Response('method not allowed', { status: 405, headers: { ...securityHeaders } });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return notFound();
  }
  if (parsed.protocol !== `${appScheme}:` || parsed.host !== appHost) return notFound();
  let relative: string;
  try {
    relative = decodeURIComponent(parsed.pathname === '/' ? '/index.html' : parsed.pathname);
  } catch {
    return notFound();
  }
  if (relative.includes('\0') || relative.split(/[\\/]/).includes('..')) return notFound();
  const root = await realpath(rendererDirectory).catch(() => rendererDirectory);
  const file = await realpath(join(root, relative)).catch(() => null);
  if (!file || !file.startsWith(root + sep)) return notFound();
  const bytes = await readFile(file).catch(() => null);
  if (!bytes) return notFound();
  return new Response(method === 'HEAD' ? null : bytes, {
    status: 200,
    headers: { ...securityHeaders, 'Content-Type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream' },
  });
}

/** Serve the renderer on the app scheme (after ready). */
export function handleAppScheme(rendererDirectory: string): void {
  protocol.handle(appScheme, (request) => serveAppRequest(rendererDirectory, request.url, request.method));
}

/**
 * The app's own scheme, `morf-app://app/…`, serving the built renderer (out/renderer) instead of
 * file:// URLs: a real origin for the CSP's 'self', nothing outside the renderer folder reachable,
 * and the security headers on every response.
 */
import { protocol } from 'electron';
import { readFile, realpath } from 'node:fs/promises';
import { securityHeaders } from '../host/csp';
import { contentTypeOf, rendererFile, rendererRequestPath } from '../host/renderer-files';

/** The scheme and host of the renderer's origin. */
export const appScheme = 'morf-app';
export const appHost = 'app';
/** The renderer's origin and start page. */
export const appOrigin = `${appScheme}://${appHost}`;
export const appIndexUrl = `${appOrigin}/index.html`;

/** Register the scheme as standard and secure; must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Answer one request for the app scheme from `rendererDirectory`. */
export async function serveAppRequest(rendererDirectory: string, url: string, method: string): Promise<Response> {
  const notFound = () =>
    new Response('not found', { status: 404, headers: { ...securityHeaders, 'Content-Type': 'text/plain' } });
  if (method !== 'GET' && method !== 'HEAD')
    return new Response('method not allowed', { status: 405, headers: { ...securityHeaders } });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return notFound();
  }
  if (parsed.protocol !== `${appScheme}:` || parsed.host !== appHost) return notFound();
  const relative = rendererRequestPath(parsed.pathname);
  if (relative === null) return notFound();
  const root = await realpath(rendererDirectory).catch(() => rendererDirectory);
  const file = await rendererFile(root, relative);
  if (!file) return notFound();
  const bytes = await readFile(file).catch(() => null);
  if (!bytes) return notFound();
  return new Response(method === 'HEAD' ? null : bytes, {
    status: 200,
    headers: { ...securityHeaders, 'Content-Type': contentTypeOf(file) },
  });
}

/** Serve the renderer on the app scheme (after ready). */
export function handleAppScheme(rendererDirectory: string): void {
  protocol.handle(appScheme, (request) => serveAppRequest(rendererDirectory, request.url, request.method));
}

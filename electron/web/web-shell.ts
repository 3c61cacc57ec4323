/**
 * The browser shell: a loopback HTTP server that serves the built renderer (out/renderer) and the
 * same host services as the Electron shell, for machines without the Electron runtime and for
 * end-to-end tests.
 *
 * Security: binds 127.0.0.1 only; a random per-run token is required on every request (the URL
 * carries it once as `?token=`, the server answers with an HttpOnly SameSite=Strict cookie and a
 * redirect that drops it from the address; API clients may send the `x-morf-token` header);
 * the Host and Origin headers must name this server (against DNS rebinding and cross-site
 * requests); every path goes through the same confinement as in Electron; every response carries
 * the CSP and security headers.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HostEvent } from '../../shared/contract/contract';
import {
  eventStreamPath,
  httpStatusOfError,
  limits,
  startupFileAttribute,
  startupSessionAttribute,
  startupFilePath,
  tokenHeader,
} from '../../shared/contract/contract';
import { securityHeaders } from '../host/csp';
import { HostServices, type HostOptions } from '../host/host';
import { createHandlers, dispatch, headlessShell } from '../host/operations';
import { contentTypeOf, rendererFile, rendererRequestPath } from '../host/renderer-files';
import { decodeBody, encodeBody, WireFormatError } from '../../shared/contract/wire';

/** How the browser shell is started. */
export interface WebShellOptions extends Omit<HostOptions, 'runtime' | 'nativeDialogs'> {
  /** The built renderer (out/renderer). */
  rendererDirectory: string;
  /** TCP port; 0 picks a free one. */
  port?: number;
  /** A fixed token (tests); random by default. */
  token?: string;
  /** Served as /favicon.ico when the renderer has none (assets/icons/icon.ico). */
  iconFile?: string;
}

/** A running browser shell. */
export interface WebShell {
  /** The URL to open, with the token. */
  url: string;
  /** The origin, without the token. */
  origin: string;
  token: string;
  port: number;
  host: HostServices;
  close(): Promise<void>;
}

/** Largest request body: the largest file plus room for its arguments. */
const maxBodyBytes = limits.fileBytes + 1024 * 1024;
/** Seconds between keep-alive comments on the event stream. */
const keepAliveMs = 15_000;

function send(
  response: ServerResponse,
  status: number,
  body: string | Uint8Array,
  contentType = 'text/plain; charset=utf-8',
  extra: Record<string, string> = {},
): void {
  response.writeHead(status, {
    ...securityHeaders,
    'Content-Type': contentType,
    'Cache-Control': 'no-store',
    ...extra,
  });
  response.end(body);
}

function sendWire(response: ServerResponse, status: number, value: unknown): void {
  const { contentType, body } = encodeBody(value);
  send(response, status, body, contentType);
}

function tokensEqual(given: string | undefined | null, expected: Buffer): boolean {
  if (!given) return false;
  const buffer = Buffer.from(given);
  return buffer.length === expected.length && timingSafeEqual(buffer, expected);
}

function cookieValue(request: IncomingMessage, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

async function readBody(request: IncomingMessage): Promise<Uint8Array> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBodyBytes) throw new RangeError(`request body of ${declared} bytes exceeds ${maxBodyBytes}`);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of request) {
    total += (chunk as Buffer).byteLength;
    if (total > maxBodyBytes) throw new RangeError(`request body exceeds ${maxBodyBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, total);
}

/** Text as an HTML attribute value in double quotes. */
function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Start the browser shell (host services, then the server). */
export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const token = options.token ?? randomBytes(24).toString('hex');
  const tokenBytes = Buffer.from(token);
  const host = new HostServices({
    ...options,
    runtime: 'web',
    nativeDialogs: false,
    grantStartupFolders: options.grantStartupFolders ?? true,
  });
  await host.start();
  const handlers = createHandlers(host, headlessShell);
  const rendererRoot = await realpath(options.rendererDirectory).catch(() => options.rendererDirectory);
  const streams = new Set<ServerResponse>();
  const unsubscribe = host.onEvent((event: HostEvent) => {
    const frame = `data: ${JSON.stringify(event)}\n\n`;
    for (const stream of streams) stream.write(frame);
  });

  let port = 0;
  const cookieName = () => `morf-token-${port}`;
  const allowedHosts = () => [`127.0.0.1:${port}`, `localhost:${port}`];
  const allowedOrigins = () => allowedHosts().map((hostName) => `http://${hostName}`);

  async function serveStatic(request: IncomingMessage, response: ServerResponse, pathname: string): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(response, 405, 'method not allowed', undefined, { Allow: 'GET, HEAD' });
    const relative = rendererRequestPath(pathname);
    if (relative === null) return send(response, 400, 'malformed path');
    const real = await rendererFile(rendererRoot, relative);
    if (!real && relative === '/favicon.ico' && options.iconFile) {
      const icon = await realpath(options.iconFile).catch(() => null);
      if (icon) {
        response.writeHead(200, { ...securityHeaders, 'Content-Type': 'image/x-icon', 'Cache-Control': 'no-store' });
        return void createReadStream(icon).pipe(response);
      }
    }
    if (!real) return send(response, 404, 'not found');
    const info = await stat(real).catch(() => null);
    if (!info?.isFile()) return send(response, 404, 'not found');
    if (relative === '/index.html' && request.method === 'GET')
      return send(response, 200, await pageWithStartupPreload(await readFile(real, 'utf8')), contentTypeOf(real));
    response.writeHead(200, {
      ...securityHeaders,
      'Content-Type': contentTypeOf(real),
      'Content-Length': String(info.size),
      'Cache-Control': relative.startsWith('/assets/') ? 'private, max-age=31536000, immutable' : 'no-store',
    });
    if (request.method === 'HEAD') return void response.end();
    createReadStream(real).pipe(response);
  }

  /**
   * The page, naming the startup file in a preload link when there is one: its read starts with the page, before
   * the script has loaded, and the web client adopts it for the boot's `openFile` of that file. The link's
   * attribute holds the file's path, so that the editor reads it ahead without waiting for the startup request,
   * and another the session settings, with which the boot frame lays the editor's frame out at once.
   */
  async function pageWithStartupPreload(page: string): Promise<string> {
    const path = (await host.startupRequest()).openFiles[0];
    if (path === undefined) return page;
    const link =
      `<link rel="preload" href="${startupFilePath}" as="fetch" crossorigin="anonymous" ` +
      `${startupFileAttribute}="${escapeAttribute(path)}" ` +
      `${startupSessionAttribute}="${escapeAttribute(JSON.stringify(host.settings.snapshot().session))}">`;
    return page.replace(/<title>/i, `${link}\n    <title>`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // 1. The request must be addressed to this server (DNS rebinding) and not come from another site.
    if (!allowedHosts().includes(String(request.headers.host ?? '')))
      return send(response, 403, 'forbidden: unexpected Host header');
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigins().includes(origin))
      return send(response, 403, 'forbidden: cross-origin request');
    if (request.headers['sec-fetch-site'] === 'cross-site') return send(response, 403, 'forbidden: cross-site request');

    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    // 2. The per-run token: once in the URL (then a cookie), or in a header, or the cookie.
    const queryToken = url.searchParams.get('token');
    if (queryToken !== null && request.method === 'GET' && !url.pathname.startsWith('/api/')) {
      if (!tokensEqual(queryToken, tokenBytes)) return send(response, 401, 'unauthorized: wrong token');
      url.searchParams.delete('token');
      return send(response, 303, 'see other', undefined, {
        Location: `${url.pathname}${url.search}`,
        'Set-Cookie': `${cookieName()}=${token}; HttpOnly; SameSite=Strict; Path=/`,
      });
    }
    const given = request.headers[tokenHeader];
    const headerToken = Array.isArray(given) ? given[0] : given;
    if (!tokensEqual(headerToken ?? cookieValue(request, cookieName()), tokenBytes)) {
      return send(
        response,
        401,
        'unauthorized: this server needs the token printed when it started (open the URL it printed)',
      );
    }

    // 3. Routes.
    if (url.pathname === eventStreamPath) {
      if (request.method !== 'GET') return send(response, 405, 'method not allowed', undefined, { Allow: 'GET' });
      response.writeHead(200, {
        ...securityHeaders,
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      response.write(': connected\n\n');
      streams.add(response);
      const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), keepAliveMs);
      request.on('close', () => {
        clearInterval(keepAlive);
        streams.delete(response);
      });
      return;
    }
    if (url.pathname === startupFilePath) {
      if (request.method !== 'GET') return send(response, 405, 'method not allowed', undefined, { Allow: 'GET' });
      const path = (await host.startupRequest()).openFiles[0];
      if (path === undefined) return send(response, 404, 'no startup file');
      const result = await dispatch(handlers, 'openFile', { path });
      return sendWire(response, result.ok ? 200 : httpStatusOfError[result.error.code], result);
    }
    if (url.pathname.startsWith('/api/')) {
      if (request.method !== 'POST') return send(response, 405, 'method not allowed', undefined, { Allow: 'POST' });
      let args: unknown;
      try {
        args = decodeBody(request.headers['content-type'] ?? null, await readBody(request));
      } catch (error) {
        const status = error instanceof RangeError ? 413 : 400;
        const code = status === 413 ? 'too-large' : 'invalid-argument';
        return sendWire(response, status, {
          ok: false,
          error: { code, message: (error as Error).message, path: null },
        });
      }
      const name = url.pathname.slice('/api/'.length);
      const result = await dispatch(handlers, name, args);
      return sendWire(response, result.ok ? 200 : httpStatusOfError[result.error.code], result);
    }
    return serveStatic(request, response, url.pathname);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        send(response, error instanceof WireFormatError ? 400 : 500, `server error: ${(error as Error).message}`);
      else response.destroy();
    });
  });
  server.requestTimeout = 0; // large saves over slow links; the loopback client is trusted by token
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    port,
    host,
    async close() {
      unsubscribe();
      for (const stream of streams) stream.end();
      streams.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await host.close();
    },
  };
}

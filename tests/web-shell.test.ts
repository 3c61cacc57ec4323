/**
 * The browser shell over real HTTP: token, Host/Origin checks, path confinement and the binary
 * API, with the renderer's own web client; and the bundled `out/web/server.js` as e2e tests start it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostError } from '../shared/contract/contract';
import type { WebShell } from '../electron/web/web-shell';
import { startWebShell } from '../electron/web/web-shell';
import { decodeBody, encodeBody } from '../shared/contract/wire';
import { createWebClient } from '../renderer/platform/web-client';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw HTTP request (node:http lets a test send any Host and Origin). */
function raw(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: Uint8Array } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

function put(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

let base: string;
let shell: WebShell;
let model: string;
let outsideFile: string;
let data: string;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'morf-web-'));
  const renderer = join(base, 'renderer');
  put(join(renderer, 'index.html'), '<!doctype html><title>Morf Studio</title>');
  put(join(renderer, 'assets', 'app.js'), 'console.log("app")');
  model = join(base, 'work', 'Cinematic.mdl');
  put(model, 'Version { FormatVersion 800, }');
  outsideFile = join(base, 'outside', 'secret.txt');
  put(outsideFile, 'top secret');
  data = join(base, 'data');
  put(join(data, 'Doodads', 'Cinematic', 'ArthasIllidanFight', 'ArthasCape0000.mrf'), 'cape bytes');
  shell = await startWebShell({
    appVersion: '0.0.0-test',
    configDirectory: join(base, 'config'),
    startupFiles: [model],
    sessionDataFolders: [data],
    sampleDirectory: null,
    rendererDirectory: renderer,
  });
});
afterAll(async () => {
  await shell?.close();
  rmSync(base, { recursive: true, force: true });
});

const api = (operation: string, args: unknown, headers: Record<string, string>) => {
  const { contentType, body } = encodeBody(args);
  return raw(shell.port, `/api/${operation}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...headers },
    body,
  });
};
const withToken = () => ({ host: `127.0.0.1:${shell.port}`, 'x-morf-token': shell.token });

describe('browser shell security', () => {
  it('binds the loopback address and prints a URL with the token', () => {
    expect(shell.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${shell.port}/\\?token=[0-9a-f]{48}$`));
  });

  it('refuses requests without the token or with a wrong one (401), revealing nothing', async () => {
    for (const reply of [
      await raw(shell.port, '/'),
      await raw(shell.port, '/assets/app.js'),
      await raw(shell.port, '/?token=wrong'),
      await raw(shell.port, '/', { headers: { cookie: `morf-token-${shell.port}=wrong` } }),
      await api('openFile', { path: model }, { 'x-morf-token': 'x'.repeat(48) }),
      await api('openFile', { path: model }, {}),
    ]) {
      expect(reply.status).toBe(401);
      expect(reply.body.toString()).not.toContain('FormatVersion');
      expect(reply.body.toString()).not.toContain('<title>');
    }
    const save = await api(
      'saveFile',
      { path: model, bytes: new TextEncoder().encode('overwritten').buffer, expected: null, force: true },
      {},
    );
    expect(save.status).toBe(401);
    expect(readFileSync(model, 'utf8')).toBe('Version { FormatVersion 800, }');
  });

  it('trades the URL token for an HttpOnly cookie and a clean address', async () => {
    const first = await raw(shell.port, `/?token=${shell.token}`);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    const page = await raw(shell.port, '/', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<title>Morf Studio</title>');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const opened = await api('openFile', { path: model }, { cookie });
    expect(opened.status).toBe(200);
  });

  it('refuses a foreign Host (DNS rebinding) or Origin even with the token (403)', async () => {
    const foreignHost = await raw(shell.port, '/', {
      headers: { host: `evil.example:${shell.port}`, 'x-morf-token': shell.token },
    });
    expect(foreignHost.status).toBe(403);
    const otherPort = await raw(shell.port, '/', { headers: { host: `127.0.0.1:1`, 'x-morf-token': shell.token } });
    expect(otherPort.status).toBe(403);
    const foreignOrigin = await api(
      'saveFile',
      { path: model, bytes: new TextEncoder().encode('overwritten').buffer, expected: null, force: true },
      { ...withToken(), origin: 'http://evil.example' },
    );
    expect(foreignOrigin.status).toBe(403);
    const crossSite = await api('openFile', { path: model }, { ...withToken(), 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(readFileSync(model, 'utf8')).toBe('Version { FormatVersion 800, }');
    const sameOrigin = await api('openFile', { path: model }, { ...withToken(), origin: shell.origin });
    expect(sameOrigin.status).toBe(200);
  });

  it('refuses paths outside the granted roots (403), reading and writing nothing', async () => {
    const read = await api('openFile', { path: outsideFile }, withToken());
    expect(read.status).toBe(403);
    expect(read.body.toString()).not.toContain('top secret');
    expect((decodeBody('application/json', read.body) as { error: { code: string } }).error.code).toBe('denied');
    const escape = await api('openFile', { path: `${dirname(model)}/../outside/secret.txt` }, withToken());
    expect(escape.status).toBe(403);
    const write = await api(
      'saveFileAs',
      { path: join(base, 'outside', 'planted.mdl'), bytes: new TextEncoder().encode('x').buffer },
      withToken(),
    );
    expect(write.status).toBe(403);
    expect(existsSync(join(base, 'outside', 'planted.mdl'))).toBe(false);
    const listing = await api('listDirectory', { path: join(base, 'outside') }, withToken());
    expect(listing.status).toBe(403);
    const staticEscape = await raw(shell.port, '/..%2f..%2foutside%2fsecret.txt', { headers: withToken() });
    expect([400, 404]).toContain(staticEscape.status);
    expect(staticEscape.body.toString()).not.toContain('top secret');
  });

  it('rejects malformed calls with the right status', async () => {
    expect((await api('noSuchOperation', {}, withToken())).status).toBe(400);
    expect((await api('openFile', { path: 42 }, withToken())).status).toBe(400);
    expect((await raw(shell.port, '/api/openFile', { headers: withToken() })).status).toBe(405);
    expect(
      (
        await raw(shell.port, '/api/openFile', {
          method: 'POST',
          headers: { ...withToken(), 'content-type': 'application/x-morf-frame' },
          body: new Uint8Array([255, 255, 255, 255]),
        })
      ).status,
    ).toBe(400);
    expect(
      (await api('showOpenDialog', { title: 'Open', folder: false, filters: [], multiple: false }, withToken())).status,
    ).toBe(501);
    expect((await raw(shell.port, '/nothing-here.js', { headers: withToken() })).status).toBe(404);
  });
});

describe('browser shell host API through the renderer web client', () => {
  const client = () => createWebClient({ baseUrl: shell.origin, token: shell.token });

  it('reports the startup files and the runtime', async () => {
    const startup = await client().getStartup();
    expect(startup).toMatchObject({ runtime: 'web', nativeDialogs: false, openFiles: [model], isSample: false });
  });

  it('names the startup file in the page, and the web client adopts that read for its open', async () => {
    const cookie = String((await raw(shell.port, `/?token=${shell.token}`)).headers['set-cookie']).split(';')[0]!;
    const page = (await raw(shell.port, '/', { headers: { cookie } })).body.toString();
    const link = new RegExp(
      '<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" ' +
        'data-morf-startup-file="([^"]+)" data-morf-session="([^"]*)">',
    ).exec(page);
    const href = link?.[1];
    expect(href).toBe('/api/startup-file');
    expect(link?.[2]).toBe(model.replace(/&/g, '&amp;'));
    // The session settings too (the boot frame lays the editor's frame out with them), as getSettings gives them.
    const session = JSON.parse(
      link![3]!
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    );
    expect(session).toEqual((await client().getSettings()).session);
    expect(page).toContain('<title>Morf Studio</title>');
    // Only GET, and only with the token.
    expect((await raw(shell.port, href!)).status).toBe(401);
    expect((await raw(shell.port, href!, { method: 'POST', headers: { cookie } })).status).toBe(405);
    const asked: string[] = [];
    const counting: typeof fetch = (input, init) => {
      asked.push(`${init?.method ?? 'GET'} ${String(input).replace(shell.origin, '')}`);
      return fetch(input, init);
    };
    const host = createWebClient({
      baseUrl: shell.origin,
      token: shell.token,
      fetch: counting,
      startupFileUrl: `${shell.origin}${href}`,
    });
    const opened = await host.openFile({ path: model });
    expect(Buffer.from(opened.bytes).toString()).toBe(readFileSync(model, 'utf8'));
    expect(opened.identity.path).toBe(model);
    expect(asked).toEqual(['GET /api/startup-file']);
    // Adopted once: the next open of it asks the usual way.
    await host.openFile({ path: model });
    expect(asked).toEqual(['GET /api/startup-file', 'POST /api/openFile']);
    // Another path than the preloaded one is read the usual way too.
    asked.length = 0;
    const other = createWebClient({
      baseUrl: shell.origin,
      token: shell.token,
      fetch: counting,
      startupFileUrl: `${shell.origin}${href}`,
    });
    await expect(other.openFile({ path: outsideFile })).rejects.toMatchObject({ code: 'denied' });
    expect(asked).toEqual(['GET /api/startup-file', 'POST /api/openFile']);
  });

  it('opens and saves files as bytes, keeping a .bak, and detects conflicts', async () => {
    const host = client();
    const opened = await host.openFile({ path: model });
    expect(new TextDecoder().decode(opened.bytes)).toBe('Version { FormatVersion 800, }');
    const saved = await host.saveFile({
      path: model,
      bytes: new TextEncoder().encode('Version { FormatVersion 900, }').buffer as ArrayBuffer,
      expected: opened.identity,
      force: false,
    });
    expect(saved.status).toBe('saved');
    expect(readFileSync(model, 'utf8')).toBe('Version { FormatVersion 900, }');
    expect(readFileSync(`${model}.bak`, 'utf8')).toBe('Version { FormatVersion 800, }');
    const stale = await host.saveFile({
      path: model,
      bytes: new ArrayBuffer(1),
      expected: opened.identity,
      force: false,
    });
    expect(stale.status).toBe('conflict');
    await expect(host.openFile({ path: outsideFile })).rejects.toMatchObject({ code: 'denied' });
    await expect(host.openFile({ path: outsideFile })).rejects.toBeInstanceOf(HostError);
    const asNew = await host.saveFileAs({
      path: join(dirname(model), 'Copy.mdl'),
      bytes: new TextEncoder().encode('copy').buffer as ArrayBuffer,
    });
    expect(asNew.status).toBe('saved');
    expect(readFileSync(join(dirname(model), 'Copy.mdl'), 'utf8')).toBe('copy');
  });

  it('reads game paths through the data folders and lists the file browser roots', async () => {
    const host = client();
    const cape = await host.readGamePath({
      gamePath: 'doodads/cinematic/arthasillidanfight/arthascape0000.MRF',
      kind: 'mrf',
    });
    expect(cape.status).toBe('found');
    if (cape.status === 'found') expect(new TextDecoder().decode(cape.bytes)).toBe('cape bytes');
    expect(await host.readGamePath({ gamePath: 'Doodads\\Missing.mrf', kind: 'mrf' })).toMatchObject({
      status: 'missing',
    });
    const roots = await host.listRoots();
    expect(roots.map((root) => root.path)).toEqual(expect.arrayContaining([model, dirname(model), data]));
    const listing = await host.listDirectory({ path: dirname(model) });
    expect(listing.entries.map((entry) => entry.name)).toContain('Cinematic.mdl');
  });

  it('stores session values and recovery files', async () => {
    const host = client();
    await host.setSessionValue({ key: 'layout.timelineHeight', value: 240 });
    expect((await host.getSettings()).session['layout.timelineHeight']).toBe(240);
    const bytes = new Uint8Array([1, 2, 3, 250]).buffer;
    const entry = await host.writeRecovery({
      id: 'cinematic-mdl',
      documentPath: model,
      displayName: 'Cinematic.mdl',
      bytes,
    });
    expect(entry).toMatchObject({ id: 'cinematic-mdl', size: 4, currentSession: true });
    expect(new Uint8Array((await host.readRecovery({ id: 'cinematic-mdl' })).bytes)).toEqual(
      new Uint8Array([1, 2, 3, 250]),
    );
    await host.discardRecovery({ id: 'cinematic-mdl' });
    expect(await host.listRecovery()).toEqual([]);
  });

  it('pushes file changes as server-sent events', async () => {
    await client().openFile({ path: model });
    const received = new Promise<string>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port: shell.port, path: '/api/events', headers: withToken() },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes('"fileChanged"')) {
              request.destroy();
              resolve(text);
            } else if (text.includes(': connected')) writeFileSync(model, 'changed outside');
          });
        },
      );
      request.on('error', (error) => (String(error).includes('socket hang up') ? undefined : reject(error)));
      request.end();
    });
    const text = await received;
    const event = JSON.parse(
      text
        .split('\n')
        .find((line) => line.startsWith('data: '))!
        .slice(6),
    );
    expect(event).toMatchObject({ type: 'fileChanged', path: model, identity: { size: 'changed outside'.length } });
  });
});

describe('the bundled browser shell (as end-to-end tests start it)', () => {
  const serverScript = join(import.meta.dirname, '..', 'out', 'web', 'server.js');
  const rendererIndex = join(import.meta.dirname, '..', 'out', 'renderer', 'index.html');

  it.skipIf(!existsSync(serverScript) || !existsSync(rendererIndex))(
    'prints its URL as JSON and serves the built renderer',
    async () => {
      const child = spawn(
        process.execPath,
        [serverScript, '--json', '--no-sample', '--config-dir', join(base, 'cli-config'), '--data', data, model],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      try {
        const line = await new Promise<string>((resolve, reject) => {
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            if (output.includes('\n')) resolve(output.split('\n')[0]!);
          });
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.on('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
        });
        const { url, port, token } = JSON.parse(line) as { url: string; port: number; token: string };
        expect(url).toBe(`http://127.0.0.1:${port}/?token=${token}`);
        const page = await raw(port, '/', { headers: { 'x-morf-token': token } });
        expect(page.status).toBe(200);
        expect(page.body.toString()).toContain('<div id="root"');
        const startup = await createWebClient({ baseUrl: `http://127.0.0.1:${port}`, token }).getStartup();
        expect(startup.openFiles).toEqual([model]);
      } finally {
        child.kill('SIGTERM');
      }
    },
  );
});

describe('npm start where Electron cannot run', () => {
  const startScript = join(import.meta.dirname, '..', 'scripts', 'start.mjs');
  const built =
    existsSync(join(import.meta.dirname, '..', 'out', 'web', 'server.js')) &&
    existsSync(join(import.meta.dirname, '..', 'out', 'renderer', 'index.html'));

  it.skipIf(!built)('says why in one line and falls back to the browser shell', async () => {
    const env = {
      ...process.env,
      ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
      DISPLAY: '',
      WAYLAND_DISPLAY: '',
      BROWSER: '',
      CHROMIUM_PATH: '',
    };
    const child = spawn(
      process.execPath,
      [startScript, '--no-sample', '--config-dir', join(base, 'start-config'), model],
      { stdio: ['ignore', 'pipe', 'pipe'], env },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (/token=[0-9a-f]+\n/.test(text)) resolve(text);
        });
        child.on('exit', (code) => reject(new Error(`start.mjs exited (${code}): ${text}`)));
      });
      const lines = output.trim().split('\n');
      expect(lines[0]).toMatch(
        new RegExp(
          '^Morf Studio: Electron cannot start here because the Electron runtime is not installed .*; ' +
            'starting the browser shell instead\\.$',
        ),
      );
      const url = new URL(/http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+/.exec(output)![0]);
      const page = await raw(Number(url.port), '/', { headers: { 'x-morf-token': url.searchParams.get('token')! } });
      expect(page.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});

/**
 * The Electron main process with `electron` mocked only at the module boundary: the window's
 * security options, the CSP, blocked navigation and new windows, denied permissions, and IPC
 * validation of arguments and senders — through the real wiring in electron/shell/app.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WireResult } from '../../shared/contract/contract';
import { dropChannel, eventChannel, ipcChannel, operationNames } from '../../shared/contract/contract';
import { contentSecurityPolicy } from '../host/csp';

const mock = vi.hoisted(() => {
  const { EventEmitter: Emitter } = require('node:events') as typeof import('node:events');
  const state = {
    windows: [] as any[],
    handlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
    listeners: new Map<string, (event: unknown, ...args: unknown[]) => void>(),
    headersListener: null as null | ((details: unknown, callback: (response: unknown) => void) => void),
    requestListener: null as null | ((details: unknown, callback: (response: unknown) => void) => void),
    permissionHandler: null as
      null | ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void),
    permissionCheck: null as null | (() => boolean),
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    privileged: [] as unknown[],
    menuTemplate: null as any,
    singleInstance: true,
  };
  const app = Object.assign(new Emitter(), {
    isPackaged: false,
    requestSingleInstanceLock: () => state.singleInstance,
    quit: () => undefined,
    whenReady: () => Promise.resolve(),
    getAppPath: () => process.cwd(),
    getPath: () => join(tmpdir(), 'unused'),
    getVersion: () => '0.1.0-test',
  });
  class WebContents extends Emitter {
    sent: unknown[][] = [];
    mainFrame = { url: 'morf-app://app/index.html' };
    openHandler: null | ((details: unknown) => unknown) = null;
    send(...args: unknown[]) {
      this.sent.push(args);
    }
    setWindowOpenHandler(handler: (details: unknown) => unknown) {
      this.openHandler = handler;
    }
    isDestroyed() {
      return false;
    }
  }
  class BrowserWindow extends Emitter {
    webContents = new WebContents();
    loadedUrl: string | null = null;
    title = '';
    constructor(readonly options: any) {
      super();
      state.windows.push(this);
    }
    loadURL(url: string) {
      this.loadedUrl = url;
      return Promise.resolve();
    }
    isDestroyed() {
      return false;
    }
    isMinimized() {
      return false;
    }
    isMaximized() {
      return false;
    }
    getNormalBounds() {
      return { x: 10, y: 20, width: 1200, height: 800 };
    }
    setTitle(title: string) {
      this.title = title;
    }
    setDocumentEdited() {}
    maximize() {}
    show() {}
    focus() {}
    restore() {}
    close() {
      const event = {
        defaultPrevented: false,
        preventDefault() {
          this.defaultPrevented = true;
        },
      };
      this.emit('close', event);
      return event.defaultPrevented;
    }
  }
  const electron = {
    app,
    BrowserWindow,
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) =>
        state.handlers.set(channel, handler),
      removeHandler: (channel: string) => state.handlers.delete(channel),
      on: (channel: string, listener: (event: unknown, ...args: unknown[]) => void) =>
        state.listeners.set(channel, listener),
    },
    session: {
      defaultSession: {
        webRequest: {
          onHeadersReceived: (listener: typeof state.headersListener) => (state.headersListener = listener),
          onBeforeRequest: (listener: typeof state.requestListener) => (state.requestListener = listener),
        },
        setPermissionRequestHandler: (handler: typeof state.permissionHandler) => (state.permissionHandler = handler),
        setPermissionCheckHandler: (handler: typeof state.permissionCheck) => (state.permissionCheck = handler),
        setDevicePermissionHandler: () => undefined,
      },
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => state.privileged.push(...schemes),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
        state.protocolHandlers.set(scheme, handler),
    },
    Menu: {
      buildFromTemplate: (template: unknown) => template,
      setApplicationMenu: (menu: unknown) => (state.menuTemplate = menu),
    },
    dialog: {
      showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
      showSaveDialog: async () => ({ canceled: true }),
    },
    shell: { showItemInFolder: () => undefined },
    screen: { getDisplayMatching: () => ({ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }) },
  };
  return { state, electron, WebContents };
});

vi.mock('electron', () => ({ ...mock.electron, default: mock.electron }));

const { runMain } = await import('./app');
const { serveAppRequest } = await import('./app-protocol');

let base: string;
let model: string;
let other: string;
let dropped: string;
let window: any;
const savedArgv = process.argv;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'morf-main-'));
  model = join(base, 'models', 'Cinematic.mdx');
  other = join(base, 'elsewhere', 'secret.txt');
  dropped = join(base, 'dropped', 'Cape.mrf');
  for (const [path, content] of [
    [model, 'MDLX model'],
    [other, 'secret'],
    [dropped, 'cape'],
  ] as const) {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, content);
  }
  process.env.MORF_CONFIG_DIR = join(base, 'config');
  process.argv = [process.execPath, '.', model];
  expect(await runMain(join(process.cwd(), 'out', 'main'))).toBe(true);
  window = mock.state.windows[0];
});
afterAll(() => {
  process.argv = savedArgv;
  delete process.env.MORF_CONFIG_DIR;
  mock.electron.app.emit('window-all-closed');
  rmSync(base, { recursive: true, force: true });
});

const trustedEvent = () => ({ sender: window.webContents, senderFrame: window.webContents.mainFrame });
const invoke = (name: string, args: unknown, event: unknown = trustedEvent()) =>
  mock.state.handlers.get(ipcChannel(name as never))!(event, args) as Promise<WireResult<any>>;
const events = () =>
  window.webContents.sent.filter((entry: unknown[]) => entry[0] === eventChannel).map((entry: unknown[]) => entry[1]);

describe('Electron main window', () => {
  it('creates the window with isolation, sandbox and web security on and Node off', () => {
    const preferences = window.options.webPreferences;
    expect(preferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
    });
    expect(preferences.preload).toBe(join(process.cwd(), 'out', 'preload', 'preload.cjs'));
  });

  it('loads the renderer from the app scheme, never file:// or the network', () => {
    expect(window.loadedUrl).toBe('morf-app://app/index.html');
    expect(mock.state.privileged).toEqual([
      expect.objectContaining({
        scheme: 'morf-app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
  });

  it('sets the CSP on every response, replacing any other', () => {
    let response: any = null;
    mock.state.headersListener!(
      { url: 'morf-app://app/index.html', responseHeaders: { 'content-security-policy': ['default-src *'] } },
      (value) => (response = value),
    );
    expect(response.responseHeaders['Content-Security-Policy']).toEqual([contentSecurityPolicy]);
    expect(response.responseHeaders['content-security-policy']).toBeUndefined();
    expect(contentSecurityPolicy).toMatch(/default-src 'self'/);
    expect(contentSecurityPolicy).not.toMatch(/unsafe-eval|\*/);
  });

  it('cancels requests for remote content', () => {
    const cancelled = (url: string) => {
      let result: any;
      mock.state.requestListener!({ url }, (value) => (result = value));
      return result.cancel;
    };
    expect(cancelled('https://example.com/script.js')).toBe(true);
    expect(cancelled('http://127.0.0.1:8080/')).toBe(true);
    expect(cancelled('morf-app://app/assets/index.js')).toBe(false);
    expect(cancelled('morf-app://elsewhere/index.js')).toBe(true);
  });

  it('blocks navigation away from the app and every new window', () => {
    const navigate = (url: string) => {
      const event = {
        prevented: false,
        preventDefault() {
          this.prevented = true;
        },
      };
      window.webContents.emit('will-navigate', event, url);
      return event.prevented;
    };
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(navigate('morf-app://app/index.html')).toBe(false);
    expect(window.webContents.openHandler({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });

  it('denies every permission request', () => {
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read'])
      mock.state.permissionHandler!(window.webContents, permission, (granted) => answers.push(granted));
    expect(answers).toEqual([false, false, false, false]);
    expect(mock.state.permissionCheck!()).toBe(false);
  });

  it('serves only files inside the renderer folder on the app scheme, with the CSP', async () => {
    const handler = mock.state.protocolHandlers.get('morf-app')!;
    const escaped = await handler(new Request('morf-app://app/..%2f..%2fpackage.json'));
    expect(escaped.status).toBe(404);
    const foreignHost = await handler(new Request('morf-app://other/index.html'));
    expect(foreignHost.status).toBe(404);
    const renderer = join(base, 'renderer');
    mkdirSync(renderer, { recursive: true });
    writeFileSync(join(renderer, 'index.html'), '<!doctype html>');
    const page = await serveAppRequest(renderer, 'morf-app://app/', 'GET');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    expect(await page.text()).toBe('<!doctype html>');
    expect((await serveAppRequest(renderer, 'morf-app://app/index.html', 'POST')).status).toBe(405);
    expect((await serveAppRequest(renderer, 'morf-app://app/../models/Cinematic.mdx', 'GET')).status).toBe(404);
  });
});

describe('Electron IPC', () => {
  it('registers one handler per contract operation', () => {
    for (const name of operationNames) expect(mock.state.handlers.has(ipcChannel(name))).toBe(true);
  });

  it('answers the startup request and opens the command-line file as bytes', async () => {
    const startup = await invoke('getStartup', {});
    expect(startup).toMatchObject({
      ok: true,
      value: { runtime: 'electron', nativeDialogs: true, openFiles: [model], isSample: false },
    });
    const opened = await invoke('openFile', { path: model });
    expect(opened.ok).toBe(true);
    expect(opened.ok && opened.value.bytes).toBeInstanceOf(ArrayBuffer);
    expect(opened.ok && new TextDecoder().decode(opened.value.bytes)).toBe('MDLX model');
    expect(await invoke('noteFileOpened', { path: model, opened: true })).toEqual({ ok: true, value: null });
  });

  it('validates every argument', async () => {
    expect(await invoke('openFile', { path: 5 })).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(await invoke('openFile', { path: model, extra: true })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
    expect(await invoke('saveFile', { path: model, bytes: 'text', expected: null, force: true })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
    expect(await invoke('openFile', { path: other })).toMatchObject({ ok: false, error: { code: 'denied' } });
    expect(await invoke('openFile', { path: `${join(base, 'models')}/../elsewhere/secret.txt` })).toMatchObject({
      ok: false,
      error: { code: 'denied' },
    });
  });

  it('refuses messages from any sender but the main window’s own page', async () => {
    const otherContents = new mock.WebContents();
    const foreignWindow = { sender: otherContents, senderFrame: otherContents.mainFrame };
    const subFrame = { sender: window.webContents, senderFrame: { url: 'morf-app://app/index.html' } };
    const foreignPage = { sender: window.webContents, senderFrame: window.webContents.mainFrame };
    expect(await invoke('openFile', { path: model }, foreignWindow)).toMatchObject({
      ok: false,
      error: { code: 'denied' },
    });
    expect(await invoke('openFile', { path: model }, subFrame)).toMatchObject({ ok: false, error: { code: 'denied' } });
    expect(await invoke('openFile', { path: model }, { sender: window.webContents, senderFrame: null })).toMatchObject({
      ok: false,
      error: { code: 'denied' },
    });
    window.webContents.mainFrame.url = 'https://evil.example/';
    try {
      expect(await invoke('openFile', { path: model }, foreignPage)).toMatchObject({
        ok: false,
        error: { code: 'denied' },
      });
    } finally {
      window.webContents.mainFrame.url = 'morf-app://app/index.html';
    }
  });

  it('grants and announces dropped files, from the trusted page only', async () => {
    const listener = mock.state.listeners.get(dropChannel)!;
    listener({ sender: new mock.WebContents(), senderFrame: null }, [other]);
    listener(trustedEvent(), [dropped, 'relative/path.mdx', 42]);
    await vi.waitFor(() => expect(events().some((event: any) => event.type === 'openFile')).toBe(true));
    const opens = events().filter((event: any) => event.type === 'openFile');
    expect(opens).toEqual([{ type: 'openFile', path: dropped, source: 'drop' }]);
    expect((await invoke('openFile', { path: dropped })).ok).toBe(true);
    expect(await invoke('openFile', { path: other })).toMatchObject({ ok: false, error: { code: 'denied' } });
  });

  it('hands a second launch’s file to the running window', async () => {
    mock.electron.app.emit('second-instance', {}, [process.execPath, '.', other], base);
    await vi.waitFor(
      () => expect(events()).toContainEqual({ type: 'openFile', path: other, source: 'second-instance' }),
      { timeout: 5000 },
    );
  });
});

describe('Electron menus and close', () => {
  it('sends menu commands to the renderer as operator ids', () => {
    const file = mock.state.menuTemplate.find((menu: any) => menu.label === 'File');
    const labels = file.submenu.map((item: any) => item.label ?? item.type);
    expect(labels).toEqual(
      expect.arrayContaining(['Open…', 'Open Data Folder…', 'Open Recent', 'Save', 'Save As…', 'Revert']),
    );
    const save = file.submenu.find((item: any) => item.label === 'Save');
    expect(save).toMatchObject({ accelerator: 'CmdOrCtrl+S', registerAccelerator: false });
    save.click();
    expect(events()).toContainEqual({ type: 'menuCommand', operatorId: 'wm.save' });
    const recent = file.submenu.find((item: any) => item.label === 'Open Recent');
    expect(recent.submenu.map((item: any) => item.sublabel)).toContain(model);
    expect(mock.state.menuTemplate.map((menu: any) => menu.label)).toEqual(
      expect.arrayContaining(['File', 'Edit', 'View', 'Playback', 'Help']),
    );
  });

  it('asks the renderer before closing with unsaved changes, and closes once confirmed', async () => {
    await invoke('setWindowState', { title: 'Cinematic.mdx — Morf Studio', edited: true });
    expect(window.title).toBe('Cinematic.mdx — Morf Studio');
    expect(window.close()).toBe(true);
    expect(events()).toContainEqual({ type: 'closeRequested' });
    await invoke('confirmClose', {});
    await new Promise((resolve) => setImmediate(resolve));
    expect(window.close()).toBe(false);
  });
});

/**
 * The main window and its hardening: isolation, sandbox, web security, no Node in the renderer,
 * the CSP on every response, navigation and new windows blocked, permission requests denied,
 * nothing remote loaded.
 */
import type { Session, WebContents } from 'electron';
import { BrowserWindow, screen } from 'electron';
import { contentSecurityPolicy } from '../host/csp';
import type { WindowBounds } from '../host/settings';

/** Default window size. */
export const defaultWindowSize = { width: 1440, height: 900 };
const minimumSize = { width: 800, height: 500 };

/** Keep remembered bounds only when they are still on a connected display. */
export function visibleBounds(bounds: WindowBounds | null): WindowBounds | null {
  if (!bounds || bounds.width < minimumSize.width || bounds.height < minimumSize.height) return null;
  const area = screen.getDisplayMatching(bounds).workArea;
  const overlapsX = bounds.x < area.x + area.width && bounds.x + bounds.width > area.x;
  const overlapsY = bounds.y < area.y + area.height && bounds.y + bounds.height > area.y;
  return overlapsX && overlapsY ? bounds : null;
}

/** Whether a URL belongs to the app itself (its scheme, or the dev server while developing). */
export function isAppUrl(url: string, allowedOrigins: readonly string[]): boolean {
  try {
    // Node's URL gives custom schemes an opaque ('null') origin: compare scheme and host instead.
    const parsed = new URL(url);
    return parsed.host.length > 0 && allowedOrigins.includes(`${parsed.protocol}//${parsed.host}`);
  } catch {
    return false;
  }
}

/** Add the CSP to every response of the session, load nothing from outside the app's origins, and deny every permission
 * request. */
export function hardenSession(session: Session, allowedOrigins: readonly string[]): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...(details.responseHeaders ?? {}) };
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-security-policy') delete headers[name];
    headers['Content-Security-Policy'] = [contentSecurityPolicy];
    headers['X-Content-Type-Options'] = ['nosniff'];
    callback({ responseHeaders: headers });
  });
  // Remote content: refuse every request that is not the app's own scheme or a local resource.
  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = /^(devtools|blob|data):/i.test(details.url) || isAppUrl(details.url, allowedOrigins);
    callback({ cancel: !allowed });
  });
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** Block navigation away from the app, new windows and webviews. */
export function hardenContents(contents: WebContents, allowedOrigins: readonly string[]): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, allowedOrigins)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, allowedOrigins)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/**
 * Create the hardened main window (not yet loaded). The options are written out literally here so
 * that static scanners (electronegativity, in `npm test`) see every security preference.
 */
export function createMainWindow(
  preloadPath: string,
  bounds: WindowBounds | null,
  allowedOrigins: readonly string[],
): BrowserWindow {
  const remembered = visibleBounds(bounds);
  const window = new BrowserWindow({
    ...(remembered
      ? { x: remembered.x, y: remembered.y, width: remembered.width, height: remembered.height }
      : defaultWindowSize),
    minWidth: minimumSize.width,
    minHeight: minimumSize.height,
    backgroundColor: '#1d1d1d',
    title: 'Morf Studio',
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      disableBlinkFeatures: 'Auxclick',
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  });
  hardenContents(window.webContents, allowedOrigins);
  if (remembered?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  return window;
}

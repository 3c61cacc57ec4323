/**
 * The Electron shell's wiring: single-instance lock, the host services, the hardened window on
 * the app scheme, IPC, menus, files from the command line / OS / a second launch / drag and drop,
 * the close prompt and the remembered window bounds. The shell stays thin: everything it does
 * with files goes through electron/host/.
 */
import type { BrowserWindow } from 'electron';
import { app, ipcMain, session } from 'electron';
import { isAbsolute, join } from 'node:path';
import type { HostEvent } from '../../shared/contract/contract';
import { eventChannel } from '../../shared/contract/contract';
import { appIndexUrl, appOrigin, handleAppScheme, registerAppScheme } from './app-protocol';
import type { WindowState } from './dialogs';
import { electronShellOperations } from './dialogs';
import { defaultConfigDirectory, defaultSaveDirectory } from '../host/config-dir';
import { HostServices } from '../host/host';
import { createHandlers } from '../host/operations';
import { classifyArguments } from '../host/startup';
import { registerDrops, registerOperations } from './ipc';
import type { MenuCommand } from '../../shared/contract/menu-commands';
import { installMenu } from './menu';
import { createMainWindow, hardenSession } from './window';

/** Where the built files are, relative to out/main/main.js. */
export interface AppPaths {
  preload: string;
  renderer: string;
  sample: string;
}

/** Paths of the preload, renderer and sample for a packaged or development run. */
export function appPaths(mainDirectory: string): AppPaths {
  return {
    preload: join(mainDirectory, '..', 'preload', 'preload.cjs'),
    renderer: join(mainDirectory, '..', 'renderer'),
    sample: app.isPackaged ? join(process.resourcesPath, 'sample') : join(app.getAppPath(), 'assets', 'sample'),
  };
}

/** The files and folders named on a command line (skipping the executable, the app path in development, and switches).
 * */
export function commandLineFiles(
  argv: readonly string[],
  cwd: string,
): Promise<{ files: string[]; folders: string[]; missing: string[] }> {
  return classifyArguments(argv.slice(app.isPackaged ? 1 : 2), cwd);
}

/** Start the desktop app. Returns false when another instance already runs (it received our files). */
export async function runMain(mainDirectory: string): Promise<boolean> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  registerAppScheme();
  const developerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
  const allowedOrigins = [appOrigin, ...(developerUrl ? [new URL(developerUrl).origin] : [])];
  const paths = appPaths(mainDirectory);
  let window: BrowserWindow | null = null;
  const windowState: WindowState = { edited: false, closeConfirmed: false };
  const pendingOpens: string[] = [];
  let started: HostServices | null = null;

  // macOS hands files over before (and after) ready.
  app.on('open-file', (event, path) => {
    event.preventDefault();
    if (started) void started.handOver(path, 'os');
    else pendingOpens.push(path);
  });

  await app.whenReady();
  const { files, folders } = await commandLineFiles(process.argv, process.cwd());
  const configDirectory = process.env.MORF_CONFIG_DIR ? defaultConfigDirectory() : app.getPath('userData');
  const host: HostServices = new HostServices({
    runtime: 'electron',
    appVersion: app.getVersion(),
    configDirectory,
    startupFiles: [...pendingOpens.splice(0), ...files],
    rootDirectories: folders,
    sampleDirectory: paths.sample,
    saveDirectory: defaultSaveDirectory(process.env, app.getPath('documents')),
    nativeDialogs: true,
    onRecentFilesChanged: (recent) => installMenu(recent, menuActions, !app.isPackaged),
  });
  const menuActions = {
    runOperator: (operatorId: string, properties?: MenuCommand['properties']) =>
      send({ type: 'menuCommand', operatorId, ...(properties ? { properties: { ...properties } } : {}) }),
    openRecent: (path: string) => void host.handOver(path, 'recent'),
    clearRecent: () => host.clearRecent(),
  };
  await host.start();
  started = host;

  function send(event: HostEvent): void {
    if (window && !window.isDestroyed()) window.webContents.send(eventChannel, event);
  }
  host.onEvent(send);

  hardenSession(session.defaultSession, allowedOrigins);
  handleAppScheme(paths.renderer);
  const contents = () => (window && !window.isDestroyed() ? window.webContents : null);
  registerOperations(
    ipcMain,
    createHandlers(
      host,
      electronShellOperations(() => window, host.guard, windowState),
    ),
    contents,
    allowedOrigins,
  );
  registerDrops(ipcMain, contents, allowedOrigins, isAbsolute, (path) => void host.handOver(path, 'drop'));
  installMenu(host.settings.recentFiles, menuActions, !app.isPackaged);

  app.on('second-instance', (_event, argv, cwd) => {
    void commandLineFiles(argv, cwd).then(({ files: handed }) => {
      for (const path of handed) void host.handOver(path, 'second-instance');
    });
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });

  window = createMainWindow(paths.preload, host.settings.window, allowedOrigins);
  window.on('close', (event) => {
    const owner = window!;
    if (windowState.edited && !windowState.closeConfirmed) {
      event.preventDefault();
      send({ type: 'closeRequested' });
      return;
    }
    const bounds = owner.getNormalBounds();
    host.settings.setWindow({ ...bounds, maximized: owner.isMaximized() });
  });
  window.on('closed', () => {
    window = null;
  });
  app.on('window-all-closed', () => {
    void host.close().finally(() => app.quit());
  });
  await window.loadURL(developerUrl ?? appIndexUrl);
  return true;
}

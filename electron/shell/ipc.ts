/**
 * IPC in main: one handler per contract operation, each checking its sender (the main window's
 * top frame, showing the app's own page) before validating the arguments and running the
 * operation; and the preload's drop channel.
 */
import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent, WebContents } from 'electron';
import type { OperationName, WireResult } from '../../shared/contract/contract';
import {
  dropChannel,
  HostError,
  ipcChannel,
  limits,
  operationNames,
  toWireError,
} from '../../shared/contract/contract';
import type { OperationHandlers } from '../host/operations';
import { dispatch } from '../host/operations';
import { isAppUrl } from './window';

/** Largest number of files accepted from one drop. */
const maxDroppedFiles = 64;

/** Whether an IPC message comes from the app's own page in the main window's top frame. */
export function isTrustedSender(
  event: IpcMainInvokeEvent | IpcMainEvent,
  window: () => WebContents | null,
  allowedOrigins: readonly string[],
): boolean {
  const contents = window();
  const frame = event.senderFrame;
  if (!contents || !frame || event.sender !== contents) return false;
  if (frame !== contents.mainFrame) return false;
  return isAppUrl(frame.url, allowedOrigins);
}

/** Register every operation's handler; returns a function removing them. */
export function registerOperations(
  ipcMain: IpcMain,
  handlers: OperationHandlers,
  window: () => WebContents | null,
  allowedOrigins: readonly string[],
): () => void {
  for (const name of operationNames) {
    ipcMain.handle(ipcChannel(name), async (event, raw: unknown): Promise<WireResult<unknown>> => {
      if (!isTrustedSender(event, window, allowedOrigins))
        return toWireError(new HostError('denied', `${name}: refused a message from an untrusted sender`));
      return dispatch(handlers, name satisfies OperationName, raw);
    });
  }
  return () => {
    for (const name of operationNames) ipcMain.removeHandler(ipcChannel(name));
  };
}

/** Validate the preload's list of dropped paths: absolute strings without NUL, at most maxDroppedFiles. */
export function droppedPaths(raw: unknown, isAbsolute: (path: string) => boolean): string[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .slice(0, maxDroppedFiles)
    .filter(
      (path): path is string =>
        typeof path === 'string' &&
        path.length > 0 &&
        path.length <= limits.pathLength &&
        !path.includes('\0') &&
        isAbsolute(path),
    );
}

/** Listen for dropped files from the preload and hand them to `open`. */
export function registerDrops(
  ipcMain: IpcMain,
  window: () => WebContents | null,
  allowedOrigins: readonly string[],
  isAbsolute: (path: string) => boolean,
  open: (path: string) => void,
): void {
  ipcMain.on(dropChannel, (event, raw: unknown) => {
    if (!isTrustedSender(event, window, allowedOrigins)) return;
    for (const path of droppedPaths(raw, isAbsolute)) open(path);
  });
}

/**
 * The sandboxed preload (bundled to CommonJS: out/preload/preload.cjs). Exposes `window.morfHost`
 * with exactly one function per host operation (each bound to its own IPC channel — no generic
 * send or invoke), the event subscription, and turns trusted native file drops into paths for main
 * (the only way a dropped file's path reaches the host).
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { HostEvent, OperationName, PreloadApi } from '../../shared/contract/contract';
import {
  dropChannel,
  eventChannel,
  hostEventTypes,
  ipcChannel,
  operationNames,
  preloadGlobal,
} from '../../shared/contract/contract';

function operation(name: OperationName) {
  const channel = ipcChannel(name);
  return (args?: unknown) => ipcRenderer.invoke(channel, args ?? {});
}

const listeners = new Set<(event: HostEvent) => void>();
ipcRenderer.on(eventChannel, (_event, payload: HostEvent) => {
  if (!payload || typeof payload !== 'object' || !hostEventTypes.includes(payload.type)) return;
  for (const listener of [...listeners]) listener(payload);
});

const api: Record<string, unknown> = {
  runtime: 'electron',
  onEvent(listener: (event: HostEvent) => void) {
    if (typeof listener !== 'function') throw new TypeError('morfHost.onEvent: listener must be a function');
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
for (const name of operationNames) api[name] = operation(name);

contextBridge.exposeInMainWorld(preloadGlobal, Object.freeze(api as PreloadApi));

// Native file drops: only trusted events carry real files; their paths go to main, which grants
// them and answers with openFile events.
window.addEventListener('dragover', (event) => {
  if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
});
window.addEventListener('drop', (event) => {
  if (!event.isTrusted || !event.dataTransfer || event.dataTransfer.files.length === 0) return;
  event.preventDefault();
  const paths = Array.from(event.dataTransfer.files, (file) => webUtils.getPathForFile(file)).filter(
    (path) => path.length > 0,
  );
  if (paths.length > 0) ipcRenderer.send(dropChannel, paths);
});

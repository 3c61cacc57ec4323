/**
 * The renderer's access to the host: `getHost()` returns a {@link HostClient} typed by
 * shared/contract/contract.ts, working over Electron's preload (`window.morfHost`) or over the browser
 * shell's HTTP API (same origin, the per-run token travels in a cookie). Every call resolves to the
 * operation's result or rejects with a `HostError` (code: invalid-argument, denied, not-found,
 * too-large, unsupported, io).
 */
import type { HostClient, PreloadApi } from '../../shared/contract/contract';
import { preloadGlobal } from '../../shared/contract/contract';
import { createElectronClient } from './electron-client';
import { createWebClient } from './web-client';

export type {
  DataFileEntry,
  DataFileKind,
  DataFolderStatus,
  DirectoryEntry,
  DirectoryListing,
  FileIdentity,
  GamePathRead,
  GamePathResolution,
  GrantedRoot,
  HostClient,
  HostErrorCode,
  HostEvent,
  JsonValue,
  OpenedFile,
  RecoveryEntry,
  SaveResult,
  SettingsSnapshot,
  StartupRequest,
} from '../../shared/contract/contract';
export { HostError } from '../../shared/contract/contract';
export { menuCommandIds } from '../../shared/contract/menu-commands';
export { createElectronClient } from './electron-client';
export { createWebClient } from './web-client';

let host: HostClient | null = null;

/** The host client for this window (created once): Electron when the preload exposed its API, else the browser shell.
 * */
export function getHost(): HostClient {
  if (host) return host;
  const exposed = (globalThis as unknown as Record<string, unknown>)[preloadGlobal] as PreloadApi | undefined;
  host = exposed && exposed.runtime === 'electron' ? createElectronClient(exposed) : createWebClient();
  return host;
}

/** Replace the host client (tests, or an in-memory host for component previews). */
export function setHostForTesting(client: HostClient | null): void {
  host = client;
}

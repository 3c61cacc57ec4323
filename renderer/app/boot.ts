/**
 * Startup and the host's events: restores the session from settings, opens the startup files
 * (the sample cinematic when none is given), offers crash recovery, reacts to files changed on
 * disk, menu commands, data folders changing and close requests, writes recovery files while
 * there are unsaved changes, and warns before the page closes with unsaved work.
 */
import type { HostEvent } from '../../shared/contract/contract';
import type { FileService } from '../files/file-service';
import { recoveryId } from '../files/file-names';
import { offerRecovery } from '../files/recovery-offer';
import { RecoveryWriter } from '../files/recovery-writer';
import { type OperatorProperties, type OperatorRegistry, contextFor } from '../operators/operator';
import { followLinkedCapes } from '../state/cape-actions';
import { followCapeCache } from '../state/cape-documents';
import { followDocumentFocus, hasUnsavedChanges } from '../state/document-focus';
import { followGameTables } from '../state/game-tables';
import { afterFirstViewportFrame } from '../state/first-frame-gate';
import { EventAudio } from '../audio/event-audio';
import { askConfirm, notify } from '../state/dialog-actions';
import type { EditorStore } from '../state/editor-store';
import { sessionFromSettings } from '../state/session';
import { persistSession } from '../state/session-actions';

/** The properties a native menu entry sends, keeping only plain values. */
function menuProperties(properties: unknown): OperatorProperties {
  if (!properties || typeof properties !== 'object') return {};
  return Object.fromEntries(
    Object.entries(properties).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value)),
  ) as OperatorProperties;
}

function handleEvent(
  store: EditorStore,
  files: FileService,
  operators: OperatorRegistry,
  recovery: RecoveryWriter,
  event: HostEvent,
): void {
  switch (event.type) {
    case 'fileChanged':
      void files.fileChangedOnDisk(event.path, event.identity);
      return;
    case 'openFile':
      void files.openPath(event.path);
      return;
    case 'menuCommand':
      if (store.getState().render) {
        notify(store, 'A render is under way: cancel it first', 'warning');
        return;
      }
      if (
        !operators.run(
          event.operatorId,
          contextFor(store, store.getState().hoveredArea ?? 'screen', menuProperties(event.properties)),
        )
      )
        notify(store, `${operators.get(event.operatorId)?.label ?? event.operatorId} cannot run now`, 'warning');
      return;
    case 'dataFoldersChanged':
      void files.dataFolders.applyDataFolders(event.folders);
      return;
    case 'closeRequested':
      void (async () => {
        if (await files.confirmDiscard('closing')) {
          const host = store.services.host;
          const path = store.getState().file?.path;
          if (host && path) await host.discardRecovery({ id: recoveryId(path) }).catch(() => undefined);
          // Every document was answered for (saved or not kept): the capes' recovery files go too.
          await recovery.discardAll();
          await host?.confirmClose();
        }
      })();
      return;
  }
}

/**
 * Connects the editor to its host and opens what the host asks for. `started` is called once the startup file's bytes
 * are in and its parse has started (see FileService.readAhead) — or as soon as it is known there is none: the editor's
 * first render then shows the file instead of coming first and keeping the file waiting.
 */
export async function boot(
  store: EditorStore,
  files: FileService,
  operators: OperatorRegistry,
  started: () => void = () => undefined,
): Promise<void> {
  const host = store.services.host;
  if (!host) {
    store.setState({ booted: true });
    started();
    return;
  }
  store.setState({ loading: { label: 'Starting…', progress: null } });
  try {
    const startupRequest = host.getStartup();
    const [startup, settings, dataFolders] = await Promise.all([
      startupRequest.then(async (request) => {
        const first = request.openFiles[0];
        if (first) await files.readAhead(first);
        return request;
      }),
      host.getSettings(),
      host.listDataFolders(),
    ]);
    store.setState({
      session: sessionFromSettings(settings.session),
      runtime: { kind: startup.runtime, nativeDialogs: startup.nativeDialogs, platform: startup.platform },
      recentFiles: settings.recentFiles,
      dataFolders,
      loading: null,
    });
    // Written 400 ms after the last change, and at once when the window goes away (closing it in between kept the
    // previous value); persisting goes on when the page comes back from the back-forward cache.
    let stopPersisting = persistSession(store, host);
    window.addEventListener('pagehide', () => {
      stopPersisting();
      stopPersisting = persistSession(store, host);
    });
    const recovery = new RecoveryWriter(store, files);
    host.onEvent((event) => handleEvent(store, files, operators, recovery, event));
    recovery.start();
    followLinkedCapes(store);
    followCapeCache(store);
    followDocumentFocus(store, window.document);
    // The game tables (what event objects mean: sounds, splats, spawned models) are read once the viewport has drawn:
    // its first frame does not need them, and their reads and the diagnostics they refresh delayed it.
    afterFirstViewportFrame(() => followGameTables(store));
    if (typeof AudioContext === 'function') new EventAudio(store).attach();
    window.addEventListener('beforeunload', (event) => {
      if (hasUnsavedChanges(store.getState())) event.preventDefault();
    });
    store.subscribe((state, previous) => {
      if (
        state.history !== previous.history ||
        state.savedDocument !== previous.savedDocument ||
        state.file !== previous.file ||
        state.capeDocuments !== previous.capeDocuments ||
        state.focusedDocument !== previous.focusedDocument
      )
        files.updateWindowState();
    });
    const notice = startup.notice ?? settings.notice;
    if (notice) notify(store, notice, 'warning');
    const first = startup.openFiles[0];
    started();
    if (first) await files.openPath(first, { skipPrompt: true });
    store.setState({ booted: true });
    if (startup.recovery.length > 0) await offerRecovery(store, files, recovery, startup.recovery);
  } catch (error) {
    started();
    store.setState({ loading: null, booted: true });
    notify(store, `Cannot reach the host: ${error instanceof Error ? error.message : String(error)}`, 'error');
  }
}

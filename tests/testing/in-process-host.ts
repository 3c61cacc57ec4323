/**
 * The host in this process for renderer tests: a HostClient calling the real host's operation
 * handlers with their arguments validated as the main process validates them, and a helper that
 * answers the next confirm dialog.
 */
import { type HostClient, type OperationName, operationNames, validateArguments } from '../../shared/contract/contract';
import { HostServices } from '../../electron/host/host';
import { createHandlers, headlessShell } from '../../electron/host/operations';
import { answerDialog } from '../../renderer/state/dialog-actions';
import type { EditorStore } from '../../renderer/state/editor-store';

/** A HostClient calling the host's operation handlers in process, validating arguments as main does. */
export function inProcessClient(host: HostServices): HostClient {
  const handlers = createHandlers(host, headlessShell) as unknown as Record<
    OperationName,
    (args: unknown) => Promise<unknown>
  >;
  const client: Record<string, unknown> = {
    runtime: 'web',
    onEvent: (listener: Parameters<HostClient['onEvent']>[0]) => host.onEvent(listener),
  };
  for (const name of operationNames)
    client[name] = (args?: unknown) => handlers[name](validateArguments(name, args ?? {}));
  return client as unknown as HostClient;
}

/** Answers the next dialog with an action id. */
export function answerNextDialog(store: EditorStore, actionId: string): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe((state) => {
      if (state.dialog?.kind === 'confirm') {
        unsubscribe();
        answerDialog(store, actionId);
        resolve();
      }
    });
  });
}

/** The host client over Electron's preload: one exposed function per operation. */
import type { HostClient, OperationName, PreloadApi } from '../../shared/contract/contract';
import { fromWire, operationNames } from '../../shared/contract/contract';

/** Wrap the preload's API (`window.morfHost`): each call's WireResult becomes a value or a thrown HostError. */
export function createElectronClient(api: PreloadApi): HostClient {
  const client: Record<string, unknown> = {
    runtime: 'electron',
    onEvent: (listener: Parameters<HostClient['onEvent']>[0]) => api.onEvent(listener),
  };
  for (const name of operationNames) {
    const call = api[name] as (args?: unknown) => Promise<unknown>;
    client[name] = async (args?: unknown) => fromWire(await call(args ?? {}), name satisfies OperationName);
  }
  return client as unknown as HostClient;
}

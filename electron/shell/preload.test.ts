/**
 * The preload with `electron` mocked at the module boundary: it exposes exactly one function per
 * operation (each on its own channel), the event subscription and nothing generic.
 */
import { describe, expect, it, vi } from 'vitest';
import { eventChannel, ipcChannel, operationNames, preloadGlobal } from '../../shared/contract/contract';

const mock = vi.hoisted(() => {
  const state = {
    exposed: new Map<string, any>(),
    invoked: [] as unknown[][],
    sent: [] as unknown[][],
    listeners: new Map<string, (event: unknown, payload: unknown) => void>(),
  };
  (globalThis as any).window = new EventTarget();
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => state.exposed.set(key, api) },
    ipcRenderer: {
      invoke: async (...args: unknown[]) => {
        state.invoked.push(args);
        return { ok: true, value: null };
      },
      send: (...args: unknown[]) => state.sent.push(args),
      on: (channel: string, listener: (event: unknown, payload: unknown) => void) =>
        state.listeners.set(channel, listener),
    },
    webUtils: { getPathForFile: () => '/dropped/file.mdx' },
  };
  return { state, electron };
});
vi.mock('electron', () => ({ ...mock.electron, default: mock.electron }));
await import('./preload');

describe('preload', () => {
  const api = () => mock.state.exposed.get(preloadGlobal);

  it('exposes one function per operation, the subscription and nothing generic', () => {
    expect(Object.keys(api()).sort()).toEqual([...operationNames, 'onEvent', 'runtime'].sort());
    for (const generic of ['invoke', 'send', 'on', 'ipcRenderer', 'call']) expect(api()[generic]).toBeUndefined();
    expect(Object.isFrozen(api())).toBe(true);
  });

  it('sends each operation on its own channel', async () => {
    await api().openFile({ path: '/a.mdx' });
    await api().getStartup();
    expect(mock.state.invoked).toEqual([
      [ipcChannel('openFile'), { path: '/a.mdx' }],
      [ipcChannel('getStartup'), {}],
    ]);
  });

  it('delivers only well-formed host events to subscribers, until they unsubscribe', () => {
    const received: unknown[] = [];
    const unsubscribe = api().onEvent((event: unknown) => received.push(event));
    const deliver = mock.state.listeners.get(eventChannel)!;
    deliver({}, { type: 'menuCommand', operatorId: 'wm.save' });
    deliver({}, { type: 'somethingElse' });
    deliver({}, null);
    unsubscribe();
    deliver({}, { type: 'closeRequested' });
    expect(received).toEqual([{ type: 'menuCommand', operatorId: 'wm.save' }]);
  });

  it('ignores synthetic (untrusted) drop events', () => {
    const event = new Event('drop') as Event & { dataTransfer: unknown };
    event.dataTransfer = { files: [{ name: 'evil.mdx' }] };
    (globalThis as any).window.dispatchEvent(event);
    expect(mock.state.sent).toEqual([]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { PreloadApi } from '../../shared/contract/contract';
import { operationNames, preloadGlobal } from '../../shared/contract/contract';
import { getHost, HostError, setHostForTesting } from './index';

function fakePreload(calls: unknown[][]): PreloadApi {
  const api: Record<string, unknown> = { runtime: 'electron', onEvent: () => () => undefined };
  for (const name of operationNames) {
    api[name] = async (args?: unknown) => {
      calls.push([name, args]);
      if (name === 'openFile')
        return { ok: false, error: { code: 'denied', message: 'outside the granted roots', path: '/etc/passwd' } };
      if (name === 'getSettings')
        return { ok: true, value: { recentFiles: ['/a.mdx'], dataFolders: [], session: {}, notice: null } };
      return { ok: true, value: null };
    };
  }
  return api as PreloadApi;
}

describe('getHost', () => {
  afterEach(() => {
    delete (globalThis as Record<string, unknown>)[preloadGlobal];
    setHostForTesting(null);
  });

  it('uses the Electron preload when it is exposed, unwrapping results and errors', async () => {
    const calls: unknown[][] = [];
    (globalThis as Record<string, unknown>)[preloadGlobal] = fakePreload(calls);
    const host = getHost();
    expect(host.runtime).toBe('electron');
    expect(getHost()).toBe(host);
    expect((await host.getSettings()).recentFiles).toEqual(['/a.mdx']);
    const failure = await host.openFile({ path: '/etc/passwd' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HostError);
    expect(failure).toMatchObject({ code: 'denied', path: '/etc/passwd' });
    expect(calls).toEqual([
      ['getSettings', {}],
      ['openFile', { path: '/etc/passwd' }],
    ]);
  });

  it('falls back to the browser shell client without a preload', () => {
    expect(getHost().runtime).toBe('web');
  });
});

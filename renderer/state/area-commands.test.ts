import { describe, expect, it } from 'vitest';
import { fixtureCodec } from '../testing/fixture-model';
import { areaCommands, registerAreaCommands, requestAreaCommand } from './area-commands';
import { createEditorStore } from './editor-store';

function timeline(log: string[]) {
  return {
    viewAll: () => void log.push('viewAll'),
    viewSelected: () => void log.push('viewSelected'),
    geometry: () => ({ width: 1, height: 1, gutterWidth: 0, rulerHeight: 0, rowHeight: 1, scrollTop: 0 }),
    drawNow: () => undefined,
    rulerLabels: () => [],
  };
}

describe('area commands', () => {
  it('run at once when the area is mounted, and wait for it otherwise (each command once)', () => {
    const store = createEditorStore({ codec: fixtureCodec, host: null });
    const log: string[] = [];
    requestAreaCommand(store, 'timeline', 'viewAll');
    requestAreaCommand(store, 'timeline', 'viewAll');
    requestAreaCommand(store, 'timeline', 'viewSelected');
    expect(log).toEqual([]);
    const unregister = registerAreaCommands(store, 'timeline', timeline(log));
    expect(log).toEqual(['viewAll', 'viewSelected']);
    requestAreaCommand(store, 'timeline', 'viewAll');
    expect(log).toEqual(['viewAll', 'viewSelected', 'viewAll']);
    unregister();
    expect(areaCommands(store, 'timeline')).toBeUndefined();
    // Nothing waits beyond the registration that served it.
    registerAreaCommands(store, 'timeline', timeline(log));
    expect(log).toHaveLength(3);
  });

  it('keeps each store’s areas apart', () => {
    const first = createEditorStore({ codec: fixtureCodec, host: null });
    const second = createEditorStore({ codec: fixtureCodec, host: null });
    const log: string[] = [];
    registerAreaCommands(first, 'timeline', timeline(log));
    requestAreaCommand(second, 'timeline', 'viewAll');
    expect(log).toEqual([]);
    expect(areaCommands(second, 'timeline')).toBeUndefined();
  });
});

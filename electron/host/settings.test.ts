import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settingsFileName, SettingsStore } from './settings';

describe('settings store', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'morf-settings-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('starts from defaults when there is no file, and persists what is set', async () => {
    const store = new SettingsStore(join(directory, 'nested', 'config'));
    await store.load();
    expect(store.snapshot()).toEqual({ recentFiles: [], dataFolders: [], session: {}, notice: null });
    store.addRecent('/models/a.mdx');
    store.addRecent('/models/b.mdx');
    store.addRecent('/models/a.mdx');
    store.setDataFolders(['/game/data']);
    store.setSession('layout.timelineHeight', 240);
    store.setSession('playback.speed', 2);
    store.setSession('playback.speed', null);
    store.setWindow({ x: 1, y: 2, width: 1000, height: 700, maximized: true });
    await store.flush();

    const again = new SettingsStore(join(directory, 'nested', 'config'));
    await again.load();
    expect(again.snapshot()).toEqual({
      recentFiles: ['/models/a.mdx', '/models/b.mdx'],
      dataFolders: ['/game/data'],
      session: { 'layout.timelineHeight': 240 },
      notice: null,
    });
    expect(again.window).toEqual({ x: 1, y: 2, width: 1000, height: 700, maximized: true });
  });

  it('keeps at most twelve recent files', async () => {
    const store = new SettingsStore(directory);
    await store.load();
    for (let index = 0; index < 20; index += 1) store.addRecent(`/models/${index}.mdx`);
    expect(store.recentFiles).toHaveLength(12);
    expect(store.recentFiles[0]).toBe('/models/19.mdx');
  });

  it.each([
    ['not JSON', '{"version": 1, "recentFiles": ['],
    [
      'the wrong shape',
      JSON.stringify({ version: 1, recentFiles: 'nope', dataFolders: [], session: {}, window: null }),
    ],
    [
      'an unknown version',
      JSON.stringify({ version: 99, recentFiles: [], dataFolders: [], session: {}, window: null }),
    ],
  ])('sets a corrupt file (%s) aside with a notice instead of failing', async (_label, content) => {
    writeFileSync(join(directory, settingsFileName), content);
    const store = new SettingsStore(directory);
    await store.load();
    const notice = store.snapshot().notice;
    expect(notice).toMatch(/settings file was corrupt/);
    expect(store.snapshot().recentFiles).toEqual([]);
    const asideName = readdirSync(directory).find((name) => name.startsWith('settings.corrupt-'));
    expect(asideName).toBeDefined();
    expect(readFileSync(join(directory, asideName!), 'utf8')).toBe(content);
    expect(existsSync(join(directory, settingsFileName))).toBe(false);
    expect(store.peekNotice()).toBe(notice);
  });

  it('does not let a session key reach the object prototype', async () => {
    writeFileSync(
      join(directory, settingsFileName),
      '{"version":1,"recentFiles":[],"dataFolders":[],"session":{"__proto__":{"polluted":true}},"window":null}',
    );
    const store = new SettingsStore(directory);
    await store.load();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Kept as a plain key, not as the session's prototype.
    expect(Object.keys(store.snapshot().session)).toEqual(['__proto__']);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecoveryStore } from './recovery';

const bytesOf = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

describe('recovery files', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'morf-recovery-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('keeps the latest unsaved bytes of each document and offers them to the next run', async () => {
    const crashed = new RecoveryStore(directory, 'run-1');
    await crashed.write('cinematic-mdx', '/models/Cinematic.mdx', 'Cinematic.mdx', bytesOf('edit 1'));
    await crashed.write('cinematic-mdx', '/models/Cinematic.mdx', 'Cinematic.mdx', bytesOf('edit 2'));
    await crashed.write('untitled-1', null, 'Untitled', bytesOf('new'));
    expect((await crashed.list()).every((entry) => entry.currentSession)).toBe(true);
    expect(await crashed.leftovers()).toEqual([]);

    const next = new RecoveryStore(directory, 'run-2');
    const offered = await next.leftovers();
    expect(offered.map((entry) => entry.id).sort()).toEqual(['cinematic-mdx', 'untitled-1']);
    expect(offered.find((entry) => entry.id === 'cinematic-mdx')).toMatchObject({
      documentPath: '/models/Cinematic.mdx',
      displayName: 'Cinematic.mdx',
      size: 6,
      currentSession: false,
    });
    const { bytes } = await next.read('cinematic-mdx');
    expect(new TextDecoder().decode(bytes)).toBe('edit 2');

    await next.discard('cinematic-mdx');
    expect((await next.list()).map((entry) => entry.id)).toEqual(['untitled-1']);
    await expect(next.read('cinematic-mdx')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('skips damaged or incomplete entries', async () => {
    const store = new RecoveryStore(directory, 'run');
    await store.write('good', null, 'Good', bytesOf('ok'));
    writeFileSync(join(directory, 'broken.json'), '{not json');
    writeFileSync(join(directory, 'broken.bin'), 'x');
    writeFileSync(
      join(directory, 'orphan.json'),
      JSON.stringify({ id: 'orphan', documentPath: null, displayName: 'x', savedAtMs: 1, size: 1, sessionId: 'old' }),
    );
    expect((await store.list()).map((entry) => entry.id)).toEqual(['good']);
  });

  it('lists nothing when the folder does not exist yet', async () => {
    expect(await new RecoveryStore(join(directory, 'absent'), 'run').list()).toEqual([]);
  });
});

/**
 * The spawned-model library: a spawned path is looked for as its MDX first, then as written; each path loads once,
 * its entry goes loading → found (a rig, the first sequence to play), missing (naming what was looked for) or
 * unreadable (naming the file and why); listeners hear every change; clear() forgets and reloads.
 */
import { describe, expect, it } from 'vitest';
import type { GamePathRead } from '../../../../shared/contract/contract';
import { writeMdxModel } from '../../../../shared/model/mdx-model';
import { emitterModel, particleEmitter2, sequence } from '../../../../shared/model/simulation/testing/emitter-models';
import { SpawnedModelLibrary, spawnedModelPaths, type SpawnedModelReader } from './spawned-model-library';

const bytes = writeMdxModel(
  emitterModel({ kind: 'PRE2', object: particleEmitter2() }, [
    sequence('Birth', 100, 600, true),
    sequence('Stand', 700, 900),
  ]),
);

/** A reader over `files` (lower-case game path → bytes) that records what it was asked. */
function reader(files: Record<string, Uint8Array>): SpawnedModelReader & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async readGamePath({ gamePath }): Promise<GamePathRead> {
      asked.push(gamePath);
      const found = files[gamePath.toLowerCase()];
      if (!found) return { status: 'missing', gamePath, tried: [gamePath] };
      const buffer = found.slice().buffer;
      return {
        status: 'found',
        gamePath,
        entry: { gamePath, path: `/data/${gamePath}`, folder: '/data', size: found.length },
        identity: { size: found.length, mtimeMs: 0, ino: 0, dev: 0 } as never,
        bytes: buffer,
      };
    },
  };
}

/** Waits until `library`'s entry for `path` is no longer loading. */
async function settled(library: SpawnedModelLibrary, path: string) {
  for (let attempt = 0; attempt < 100 && library.peek(path)?.status === 'loading'; attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 1));
  return library.peek(path)!;
}

describe('the spawned-model library', () => {
  it('looks for the MDX of a model path first, then its MDL', () => {
    expect(spawnedModelPaths('Abilities\\Spells\\Heal.mdl')).toEqual([
      'Abilities\\Spells\\Heal.mdx',
      'Abilities\\Spells\\Heal.mdl',
    ]);
    expect(spawnedModelPaths('  Units\\Foo.MDX ')).toEqual(['Units\\Foo.MDX', 'Units\\Foo.MDL']);
    expect(spawnedModelPaths('Units\\Foo')).toEqual(['Units\\Foo']);
  });

  it('loads a path once, into a rig and the first sequence its instances play', async () => {
    const files = reader({ 'abilities\\heal.mdx': bytes });
    const library = new SpawnedModelLibrary(files);
    let changes = 0;
    library.subscribe(() => (changes += 1));
    expect(library.request('Abilities\\Heal.mdl').status).toBe('loading');
    expect(library.request('ABILITIES\\HEAL.MDL').status).toBe('loading');
    const entry = await settled(library, 'abilities\\heal.mdl');
    expect(entry.status).toBe('found');
    expect(entry.model!.foundPath).toBe('Abilities\\Heal.mdx');
    expect(entry.model!.sequence).toEqual({ name: 'Birth', startMs: 100, endMs: 600, looping: false });
    expect(entry.model!.rig.nodes.count).toBe(1);
    expect(files.asked).toEqual(['Abilities\\Heal.mdx']);
    expect(changes).toBe(1);
  });

  it('says what it looked for when the model is missing, and why a file is unreadable', async () => {
    const library = new SpawnedModelLibrary(reader({ 'broken.mdx': Uint8Array.of(1, 2, 3) }));
    library.request('Gone\\Spawn.mdl');
    const missing = await settled(library, 'gone\\spawn.mdl');
    expect(missing.status).toBe('missing');
    expect(missing.reason).toBe('not in the data sources (looked for Gone\\Spawn.mdx, Gone\\Spawn.mdl)');
    library.request('Broken.mdx');
    const broken = await settled(library, 'broken.mdx');
    expect(broken.status).toBe('unreadable');
    expect(broken.reason).toMatch(/^\/data\/Broken\.mdx: /);
  });

  it('forgets everything on clear(), and a load started before it does not come back', async () => {
    const files = reader({ 'a.mdx': bytes });
    const library = new SpawnedModelLibrary(files);
    library.request('A.mdx');
    library.clear();
    expect(library.peek('A.mdx')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(library.peek('A.mdx')).toBeUndefined();
    library.request('A.mdx');
    expect((await settled(library, 'a.mdx')).status).toBe('found');
  });

  it('is cleared once when the data sources move on, by whichever of its users says so first', async () => {
    const library = new SpawnedModelLibrary(reader({ 'a.mdx': bytes }));
    library.syncSources(3);
    library.request('A.mdx');
    await settled(library, 'a.mdx');
    library.syncSources(3);
    expect(library.peek('A.mdx')?.status).toBe('found');
    let changes = 0;
    library.subscribe(() => (changes += 1));
    library.syncSources(4);
    library.syncSources(4);
    expect([library.peek('A.mdx'), changes]).toEqual([undefined, 1]);
  });
});

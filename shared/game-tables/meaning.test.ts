import { describe, expect, it } from 'vitest';
import { describeResolution, tableDiagnostics } from './describe';
import { loadGameTables, noGameTables } from './load';
import { resolveEventObject } from './meaning';
import { GAME_TABLES } from './tables';
import { soundRow, splatRow, tableText, uberSplatRow } from './testing/tables';

const files: Record<string, string> = {
  [GAME_TABLES.animLookups.path]: tableText('animLookups', [
    { AnimSoundEvent: 'DHOR', SoundLabel: 'HorseDeath' },
    { AnimSoundEvent: 'KRN1', SoundLabel: 'Missing' },
  ]),
  [GAME_TABLES.animSounds.path]: tableText('animSounds', [
    soundRow('HorseDeath', 'HorseDeath1.wav, HorseDeath2.wav', 'Sound\\Units\\Death\\', { PitchVariance: 0.15 }),
  ]),
  [GAME_TABLES.splatData.path]: tableText('splatData', [splatRow('HBS0', 'HumanBloodSmall'), splatRow('FBL1', 'Foot')]),
  [GAME_TABLES.uberSplatData.path]: tableText('uberSplatData', [uberSplatRow('HCRT', 'HumanCrater')]),
  [GAME_TABLES.spawnData.path]: tableText('spawnData', [
    { Name: 'HBF0', Model: 'Objects\\Spawnmodels\\Human\\HumanBlood\\HumanBloodFootman.mdl' },
  ]),
};

async function tables(overrides: Record<string, string | null> = {}) {
  const all = { ...files, ...overrides };
  return loadGameTables(async (path) => {
    const text = all[path];
    return text ? { bytes: new TextEncoder().encode(text), source: 'Test.w3x' } : null;
  });
}

describe('resolveEventObject', () => {
  it('resolves a sound through AnimLookups then AnimSounds, case-insensitively', async () => {
    const resolution = resolveEventObject('SNDxdhor', await tables());
    expect(resolution.status).toBe('resolved');
    if (resolution.status !== 'resolved' || resolution.meaning.kind !== 'sound') throw new Error('not a sound');
    expect(resolution.meaning.files).toEqual([
      'Sound\\Units\\Death\\HorseDeath1.wav',
      'Sound\\Units\\Death\\HorseDeath2.wav',
    ]);
    expect(resolution.meaning.pitchVariance).toBe(0.15);
    expect(resolution.meaning.foundIn).toEqual([
      { table: 'UI\\SoundInfo\\AnimLookups.slk', row: 2, source: 'Test.w3x' },
      { table: 'UI\\SoundInfo\\AnimSounds.slk', row: 2, source: 'Test.w3x' },
    ]);
    expect(describeResolution(resolution)).toContain('sound HorseDeath: Sound\\Units\\Death\\HorseDeath1.wav');
  });

  it('resolves splats, footprints, uber-splats and spawns', async () => {
    const set = await tables();
    const splat = resolveEventObject('SPLxHBS0', set);
    expect(splat.status === 'resolved' && splat.meaning).toMatchObject({
      kind: 'splat',
      texturePath: 'ReplaceableTextures\\Splats\\HumanBloodSmall.blp',
      rows: 2,
      columns: 2,
      scale: 30,
      uvDecay: [2, 3, 1],
    });
    expect(resolveEventObject('FPTxFBL1', set).status).toBe('resolved');
    const uber = resolveEventObject('UBR2HCRT', set);
    expect(uber.status === 'resolved' && uber.meaning).toMatchObject({
      kind: 'uberSplat',
      texturePath: 'ReplaceableTextures\\Splats\\HumanCrater.blp',
      birthTime: 0.5,
    });
    const spawn = resolveEventObject('SPNxHBF0', set);
    expect(spawn.status === 'resolved' && spawn.meaning).toMatchObject({
      modelPath: 'Objects\\Spawnmodels\\Human\\HumanBlood\\HumanBloodFootman.mdx',
    });
  });

  it('names the nearest known codes for an unknown one', async () => {
    const set = await tables();
    const unknown = resolveEventObject('SPLxHBS9', set);
    expect(unknown).toMatchObject({ status: 'unknown', nearest: ['HBS0', 'FBL1'] });
    const label = resolveEventObject('SNDxKRN1', set);
    expect(label).toMatchObject({ status: 'unknown', label: 'Missing', table: 'UI\\SoundInfo\\AnimSounds.slk' });
    const diagnostics = tableDiagnostics([{ index: 3, name: 'SPLxHBS9', type: 'SPL' }], set);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'events.unknown-code',
        message: 'SPLxHBS9: unknown code HBS9 in Splats\\SplatData.slk; nearest: HBS0, FBL1',
        target: { kind: 'eventObject', objectIndex: 3 },
      }),
    ]);
  });

  it('gives one hint naming the missing tables, once', () => {
    const objects = ['SNDxDHOR', 'SNDxKRN1', 'SPLxHBS0', 'MRFx0001'].map((name, index) => ({
      index,
      name,
      type: name.slice(0, 3),
    }));
    const diagnostics = tableDiagnostics(objects, noGameTables());
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.message).toContain(
      'UI\\SoundInfo\\AnimLookups.slk, UI\\SoundInfo\\AnimSounds.slk, Splats\\SplatData.slk',
    );
    expect(resolveEventObject('MRFx0001', noGameTables()).status).toBe('not-a-table-event');
  });

  it('keeps objects unresolved when a table is malformed, with an error naming file, row and column', async () => {
    const broken = files[GAME_TABLES.splatData.path]!.replace('C;X8;K30', 'C;X8;K1e999');
    const set = await tables({ [GAME_TABLES.splatData.path]: broken });
    const resolution = resolveEventObject('SPLxHBS0', set);
    expect(resolution.status).toBe('table-error');
    const diagnostics = tableDiagnostics([{ index: 0, name: 'SPLxHBS0', type: 'SPL' }], set);
    expect(diagnostics[0]!.message).toMatch(
      /^Test\.w3x: SLK limit at row 2, column 8 \(Scale\) \(byte \d+\): Infinity is beyond/,
    );
    expect(resolveEventObject('UBRxHCRT', set).status).toBe('resolved');
    const text = await tables({ [GAME_TABLES.spawnData.path]: tableText('spawnData', []).replace('"Model"', '"Mdl"') });
    expect(resolveEventObject('SPNxHBF0', text)).toMatchObject({ status: 'table-error' });
  });
});

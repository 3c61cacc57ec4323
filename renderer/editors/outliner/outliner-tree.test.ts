import { describe, expect, it } from 'vitest';
import { fixtureDocument, sampleCinematicDocument } from '../../testing/fixture-model';
import { outlinerRows } from './outliner-tree';

describe('outliner tree', () => {
  const document = sampleCinematicDocument();
  const capes = {
    'doodads\\cinematic\\arthasillidanfight\\arthascape0001.mrf': {
      gamePath: 'x',
      status: 'missing' as const,
      resolvedPath: null,
      reason: 'gone',
      cape: null,
    },
  };

  it('lists sequences, global sequences, links with their show and hide objects, then groups', () => {
    const rows = outlinerRows(document, null, capes, {}, '');
    expect(rows.map((row) => `${'  '.repeat(row.depth)}${row.label}`).slice(0, 12)).toEqual([
      'Fixture',
      '  Sequences',
      '    Cinematic',
      '  Global Sequences',
      '    Global Sequence 0',
      '  MRF Links',
      '    Link 0000',
      '      MRFx0000',
      '      MRDx0000',
      '    Link 0001',
      '      MRFx0001',
      '      MRDx0001',
    ]);
    expect(rows.find((row) => row.label === 'Sounds')).toBeDefined();
    expect(rows.find((row) => row.label === 'Footprints')).toBeUndefined();
  });

  it('writes times in the timeline’s unit: milliseconds, frames or seconds', () => {
    const meta = (unit: 'ms' | 'frames' | 'seconds', label: string) =>
      outlinerRows(document, null, capes, {}, '', { unit, frameStepMs: 1000 / 30 }).find((row) => row.label === label)
        ?.meta;
    expect(meta('ms', 'Cinematic')).toBe('0–80000 ms');
    expect(meta('frames', 'Cinematic')).toBe('0–2400 f');
    expect(meta('seconds', 'Cinematic')).toBe('0.00–80.00 s');
    expect(meta('ms', 'MRFx0000')).toBe('show 19300');
    expect(meta('frames', 'MRFx0000')).toBe('show 579');
    expect(meta('frames', 'Global Sequence 0')).toBe('30 f');
  });

  it('shows each link’s file state', () => {
    const rows = outlinerRows(document, null, capes, {}, '');
    expect(rows.find((row) => row.label === 'Link 0001')?.status).toBe('missing');
    expect(rows.find((row) => row.label === 'Link 0000')?.status).toBe('loading');
  });

  it('collapsing a row hides its descendants only', () => {
    const rows = outlinerRows(document, null, capes, { 'outliner:folder:links': true }, '');
    expect(rows.some((row) => row.label.startsWith('Link '))).toBe(false);
    expect(rows.find((row) => row.label === 'MRF Links')?.collapsed).toBe(true);
    expect(rows.some((row) => row.label === 'SNDxARTH')).toBe(true);
  });

  it('the filter keeps matching rows with their ancestors', () => {
    const rows = outlinerRows(document, null, capes, { 'outliner:folder:links': true }, 'mrdx0003');
    expect(rows.map((row) => row.label)).toEqual(['Fixture', 'MRF Links', 'Link 0003', 'MRDx0003']);
  });

  it('a model without links shows an empty links folder that cannot expand', () => {
    const rows = outlinerRows(fixtureDocument([{ name: 'SNDxA', frames: [1] }]), null, {}, {}, '');
    expect(rows.find((row) => row.label === 'MRF Links')).toMatchObject({ parent: false, meta: '0' });
  });
});

import { describe, expect, it } from 'vitest';
import { wolfSet } from '../../shared/emf/testing/emf-builder';
import { KF2_TAGGED_LAYOUT_NOTE } from '../../shared/kf2/index';
import { capeScene } from '../../shared/kf2/testing/kf2-builder';
import { CAPE_IMPORTERS, capeImporterFor, parseCapeImportValues } from './cape-importers';

describe('EMF and KF2 cape importers', () => {
  it('are rows of the table, found by extension', () => {
    expect(CAPE_IMPORTERS.map((importer) => importer.label)).toEqual(expect.arrayContaining(['EMF', 'KF2']));
    expect(capeImporterFor('Wolf.EMF')?.id).toBe('emf');
    expect(capeImporterFor('payne.kfs')?.id).toBe('kf2');
    expect(capeImporterFor('scene.kf2')?.options.map((option) => option.key)).toEqual(['mesh', 'animation', 'fps']);
  });

  it('names the EMF parts to read beside the manifest and bakes with the dialog’s options', async () => {
    const files = wolfSet();
    const emf = capeImporterFor('wolf.emf')!;
    expect(emf.companions!(files['wolf.emf']!, 'wolf.emf')).toEqual({
      required: ['wolf.emf.vtx', 'wolf.emf.skel', 'wolf.emf.anim.idle', 'wolf.emf.anim.swing'],
      optional: [],
    });
    expect(emf.companions!(new Uint8Array(3), 'bad.emf')).toEqual({ required: [], optional: [] });
    const parsed = parseCapeImportValues(emf, { animation: 'swing', fps: '10', bind: '' });
    if (!('values' in parsed)) throw new Error(parsed.error);
    const result = await emf.convert({ name: 'wolf.emf', bytes: files['wolf.emf']!, resources: files }, parsed.values);
    expect(result.summary).toBe('animation 1 "swing" bound by "idle", 0–1 s, 11 keyframes at 10 fps, 6 vertices');
    // Root's vertex (1, 0, 0) turned 90° about Z at 1 s.
    const last = result.mrf.keyframes[10]!;
    expect([last[0]!, last[1]!, last[2]!].map((value) => Number(value.toFixed(5)) + 0)).toEqual([0, 1, 0]);
    const missing = { ...files };
    delete missing['wolf.emf.skel'];
    await expect(emf.convert({ name: 'wolf.emf', bytes: files['wolf.emf']!, resources: missing }, {})).rejects.toThrow(
      /wolf\.emf\.skel.*the part is missing/,
    );
  });

  it('bakes a KF2 mesh with the dialog’s options', async () => {
    const kf2 = capeImporterFor('scene.kf2')!;
    const result = await kf2.convert(
      { name: 'scene.kf2', bytes: capeScene(), resources: {} },
      { mesh: 'cape', fps: 5 },
    );
    expect(result.summary).toBe('mesh "cape", animation 0, 0–1 s, 6 keyframes at 5 fps, 3 vertices');
    expect(result.warnings).toEqual([]);
    const tagged = await kf2.convert(
      { name: 'tagged.kf2', bytes: capeScene(5, { layout: 'tagged' }), resources: {} },
      { mesh: 'cape', fps: 5 },
    );
    expect(tagged.summary).toBe(result.summary);
    expect(tagged.warnings).toEqual([KF2_TAGGED_LAYOUT_NOTE]);
    expect(Array.from(tagged.mrf.keyframes[5]!)).toEqual(Array.from(result.mrf.keyframes[5]!));
    await expect(kf2.convert({ name: 'x.kf2', bytes: capeScene(), resources: {} }, { animation: '7' })).rejects.toThrow(
      /no animation "7"/,
    );
  });
});

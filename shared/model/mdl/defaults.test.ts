/**
 * The one table of MDL defaults as the reader and the printer use it: a statement left out reads as
 * the table's value, and the printer leaves a statement out only where every reader on record takes
 * the same value (a Light's Color it prints beside its track, a geoset animation's Alpha it does not).
 */
import { describe, expect, it } from 'vitest';
import { findParsedChunk } from '../mdx-model';
import { printMdlModel, readMdlModel } from '../mdl-model';
import { isOmissible, mdlDefault, MDL_DEFAULTS } from './defaults';

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

const TEXT = [
  'Version {\n\tFormatVersion 800,\n}',
  'Model "Defaults" {\n\tBlendTime 150,\n}',
  'GeosetAnim {\n\tAlpha 1 {\n\t\tLinear,\n\t\t0: 1,\n\t}\n\tGeosetId 0,\n}',
  'Light "Lamp" {\n\tObjectId 0,\n\tOmnidirectional,\n\tColor 1 {\n\t\tLinear,\n\t\t0: { 1, 0.5, 0 },\n\t}\n}',
  'PivotPoints 1 {\n\t{ 0, 0, 0 },\n}',
].join('\n');

describe('MDL defaults', () => {
  it('decides each disputed default once, with what each tool takes beside it', () => {
    expect(MDL_DEFAULTS['Light.Color']).toMatchObject({ value: [1, 1, 1], viewer: [0, 0, 0], war3Model: [1, 1, 1] });
    expect(MDL_DEFAULTS['Geoset.LevelOfDetail']).toMatchObject({ value: 0, viewer: -1, war3Model: -1, retera: 0 });
    expect(isOmissible(MDL_DEFAULTS['Light.Color'])).toBe(false);
    expect(isOmissible(MDL_DEFAULTS['Extent.MinimumExtent'])).toBe(false);
    expect(mdlDefault('GeosetAnim.Alpha')).toEqual({ fallback: 1, omissible: true, defaultKey: 'GeosetAnim.Alpha' });
  });

  it('reads a statement left out as the table value', () => {
    const { model, diagnostics } = readMdlModel(TEXT);
    expect(diagnostics).toEqual([]);
    const light = findParsedChunk(model, 'LITE')![0]!;
    expect(light.color).toEqual([1, 1, 1]);
    expect(light.attenuationStart).toBe(MDL_DEFAULTS['Light.AttenuationStart'].value);
    expect(findParsedChunk(model, 'GEOA')![0]!.alpha).toBe(1);
    // A geoset of version 900 without LevelOfDetail: 0 (Retera's Model Studio), where mdx-m3-viewer takes -1.
    const geoset = readMdlModel('Version {\n\tFormatVersion 900,\n}\nGeoset {\n\tMaterialID 0,\n}\n');
    expect(findParsedChunk(geoset.model, 'GEOS')![0]!.lod).toBe(MDL_DEFAULTS['Geoset.LevelOfDetail'].value);
    expect(MDL_DEFAULTS['Geoset.LevelOfDetail'].value).toBe(0);
  });

  it('leaves out only what every reader takes alike', () => {
    const text = latin1(printMdlModel(readMdlModel(TEXT)).bytes);
    // mdx-m3-viewer takes black for a Light's Color the text leaves out: the white beside the track is printed.
    expect(text).toContain('\tstatic Color { 1, 1, 1 },\n\tColor 1 {\n');
    // Every reader takes an Alpha of 1 for a geoset animation: beside its track it is left out.
    expect(text).toContain('GeosetAnim {\n\tAlpha 1 {\n');
    expect(text).not.toContain('static Alpha');
    // war3-model's writer has no value for missing extents: they are printed, zeros too.
    expect(text).toContain('\tMinimumExtent { 0, 0, 0 },\n\tMaximumExtent { 0, 0, 0 },\n');
    expect(text).not.toContain('BoundsRadius');
    // And the text reads back as the same model.
    expect(latin1(printMdlModel(readMdlModel(text)).bytes)).toBe(text);
  });
});

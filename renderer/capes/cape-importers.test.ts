import { describe, expect, it } from 'vitest';
import { mrfToGlb } from '../../shared/capes/gltf/index';
import { gridMrf } from '../../shared/mrf/testing/fixtures';
import { CAPE_IMPORTERS, capeImporterById, capeImporterFor, parseCapeImportValues } from './cape-importers';

describe('cape importers', () => {
  it('finds the row by extension, any case, and by id', () => {
    expect(capeImporterFor('Cape.GLB')?.id).toBe('gltf');
    expect(capeImporterFor('dir/cape.gltf')?.id).toBe('gltf');
    expect(capeImporterFor('cape.obj')).toBeNull();
    expect(capeImporterById('gltf')).toBe(CAPE_IMPORTERS[0]);
    expect(capeImporterById('nope')).toBeNull();
  });

  it('reads the dialog fields: empty is the default, numbers must be numbers', () => {
    const gltf = capeImporterById('gltf')!;
    expect(
      parseCapeImportValues(gltf, { fps: ' 15 ', animation: 'Cape', start: '', texture: 'Textures\\A.blp' }),
    ).toEqual({ values: { fps: 15, animation: 'Cape', texture: 'Textures\\A.blp' } });
    expect(parseCapeImportValues(gltf, { scale: 'big' })).toEqual({ error: 'Scale: “big” is not a number' });
  });

  it('bakes an exported cape back with the options given', async () => {
    const original = gridMrf({ keyframeCount: 5, frameInterval: 0.25 });
    const gltf = capeImporterById('gltf')!;
    const bytes = mrfToGlb(original);
    expect(gltf.companions!(bytes, 'cape.glb')).toEqual({ required: [], optional: [] });
    const same = await gltf.convert({ name: 'cape.glb', bytes, resources: {} }, {});
    expect(same.mrf.keyframes).toHaveLength(5);
    expect(same.mrf.header.frameInterval).toBeCloseTo(0.25, 6);
    expect(same.mrf.texturePath).toBe(original.texturePath);
    expect(same.summary).toMatch(/^animation 0 "Cape", 0–1 s, 5 keyframes at 4 fps, 6 vertices$/);
    const faster = await gltf.convert(
      { name: 'cape.glb', bytes, resources: {} },
      { fps: 8, start: 0.5, scale: 2, texture: 'Textures\\Other.blp' },
    );
    // 0.5 s to 1 s at 8 fps: 5 keyframes; keyframe 0 at 0.5 s is keyframe 2 of the grid (x = 2), scaled by 2.
    expect(faster.mrf.keyframes).toHaveLength(5);
    expect(faster.mrf.keyframes[0]![0]).toBeCloseTo(2 * 2, 4);
    expect(faster.mrf.texturePath).toBe('Textures\\Other');
  });
});

import { describe, expect, it } from 'vitest';
import { readGltf } from '../../shared/capes/gltf';
import { readMrf, writeMrf } from '../../shared/mrf';
import { gridMrf } from '../../shared/mrf/testing/fixtures';
import { answerCapeRequest, createCapeConverter } from './cape-conversions';
import { firstWritableDataSource, linkCapeGamePath } from '../files/cape-flows';

const buffer = (bytes: Uint8Array) => bytes.slice().buffer as ArrayBuffer;

describe('cape conversions (the worker’s answers, run inline)', () => {
  it('exports a cape as GLB and as .gltf with its .bin, and imports the GLB back at another fps', async () => {
    const cape = gridMrf({ keyframeCount: 5, frameInterval: 0.25 });
    const converter = createCapeConverter(null);
    const glb = await converter.run({
      kind: 'export',
      mrf: buffer(writeMrf(cape)),
      container: 'glb',
      baseName: 'Cape',
      texture: null,
    });
    expect(glb).toMatchObject({ kind: 'export', warnings: [] });
    if (glb.kind !== 'export') throw new Error('export expected');
    expect(glb.files.map((file) => file.name)).toEqual(['Cape.glb']);
    expect((await readGltf(new Uint8Array(glb.files[0]!.bytes))).kind).toBe('glb');
    const split = await converter.run({
      kind: 'export',
      mrf: buffer(writeMrf(cape)),
      container: 'gltf',
      baseName: 'Cape',
      texture: null,
    });
    if (split.kind !== 'export') throw new Error('export expected');
    expect(split.files.map((file) => file.name)).toEqual(['Cape.gltf', 'Cape.bin']);

    const baked = await converter.run({
      kind: 'import',
      importerId: 'gltf',
      name: 'Cape.glb',
      bytes: glb.files[0]!.bytes,
      resources: {},
      values: { fps: 8 },
    });
    if (baked.kind !== 'import') throw new Error('import expected');
    const file = readMrf(new Uint8Array(baked.mrf));
    expect(file.keyframes).toHaveLength(9);
    expect(file.header.frameInterval).toBe(0.125);
    expect(baked.summary).toMatch(/9 keyframes at 8 fps/);
  });

  it('says why in one line, naming the texture it could not embed or the converter’s refusal', async () => {
    const cape = gridMrf();
    const withBadTexture = await answerCapeRequest({
      id: 7,
      kind: 'export',
      mrf: buffer(writeMrf(cape)),
      container: 'glb',
      baseName: 'Cape',
      texture: { bytes: buffer(new Uint8Array([1, 2, 3])), name: 'Cape.blp' },
    });
    expect(withBadTexture.response).toMatchObject({ id: 7, ok: true });
    if (!withBadTexture.response.ok) throw new Error('ok expected');
    expect(withBadTexture.response.result.warnings[0]).toMatch(/^the texture Cape\.blp is not embedded: /);
    const bad = await answerCapeRequest({
      id: 8,
      kind: 'import',
      importerId: 'gltf',
      name: 'x.glb',
      bytes: buffer(new Uint8Array([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0])),
      resources: {},
      values: {},
    });
    expect(bad).toEqual({
      response: { id: 8, ok: false, error: expect.stringMatching(/^GLTF truncated/) },
      transfer: [],
    });
    const unknown = await answerCapeRequest({
      id: 9,
      kind: 'import',
      importerId: 'obj',
      name: 'a.obj',
      bytes: buffer(new Uint8Array(1)),
      resources: {},
      values: {},
    });
    expect(unknown.response).toEqual({ id: 9, ok: false, error: 'no cape importer "obj"' });
  });
});

describe('New Link from Cape’s target', () => {
  const folder = (path: string, transient = false, state: 'ready' | 'missing' = 'ready') => ({
    path,
    state,
    fileCount: 1,
    indexMs: 1,
    transient,
    error: null,
  });

  it('is the user’s first folder or map, then a session folder; never the game’s archives', () => {
    expect(
      firstWritableDataSource([
        folder('/game/War3.mpq'),
        folder('/sample', true),
        folder('/gone', false, 'missing'),
        folder('/maps/A.w3x'),
        folder('/mine'),
      ]),
    ).toEqual({ path: '/maps/A.w3x', kind: 'map' });
    expect(firstWritableDataSource([folder('/sample', true), folder('/game/War3.mpq')])).toEqual({
      path: '/sample',
      kind: 'folder',
    });
    expect(firstWritableDataSource([folder('/game/War3x.mpq')])).toBeNull();
    expect(linkCapeGamePath('0042')).toBe('Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0042.mrf');
  });
});

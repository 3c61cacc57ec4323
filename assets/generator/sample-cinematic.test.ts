import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelCodec } from '../../shared/events/index';
import { SAMPLE_CINEMATIC, SAMPLE_LINKS, SAMPLE_MODEL_PATH, sampleCinematicAssets } from './sample-cinematic';
import { capeGamePath, SAMPLE_DATA_FOLDER } from './capes';

const root = join(import.meta.dirname, '..', '..');
const committed = (path: string) => new Uint8Array(readFileSync(join(root, path)));

describe('sample cinematic model', () => {
  const assets = sampleCinematicAssets.generate();

  it('regenerates exactly the committed MDX and MDL (run npm run assets when this fails)', () => {
    expect(assets.map((asset) => asset.path)).toEqual([`${SAMPLE_MODEL_PATH}.mdx`, `${SAMPLE_MODEL_PATH}.mdl`]);
    for (const asset of assets) expect(Buffer.compare(committed(asset.path), asset.bytes), asset.path).toBe(0);
  });

  const documents = assets.map((asset) => modelCodec.readModel(committed(asset.path), asset.path));

  it('opens in both formats, validates clean and writes back byte for byte', () => {
    expect(documents.map((document) => document.format)).toEqual(['mdx', 'mdl']);
    for (const [index, document] of documents.entries()) {
      expect(document.readDiagnostics, assets[index]!.path).toEqual([]);
      expect(modelCodec.validateModel(document), assets[index]!.path).toEqual([]);
      expect(Buffer.compare(modelCodec.writeModel(document), committed(assets[index]!.path))).toBe(0);
    }
  });

  it('is laid out like the original: one long Cinematic sequence and six one-key MRF links with its frames', () => {
    const [mdx, mdl] = documents as [(typeof documents)[0], (typeof documents)[0]];
    expect(mdx.version).toBe(800);
    expect(mdx.name).toBe('ArthasIllidanSample');
    expect(mdx.sequences).toEqual([
      { name: 'Cinematic', start: 0, end: 80000, moveSpeed: 0, nonLooping: true, rarity: 0 },
    ]);
    expect(mdx.links.map((link) => [link.id, link.showFrames, link.hideFrames, link.path])).toEqual(
      SAMPLE_LINKS.map(([id, show, hide]) => [
        id,
        [show],
        [hide],
        `Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape${id}.mrf`,
      ]),
    );
    const anchor = mdx.nodes.find((node) => node.name === 'Cape_Anchor')!;
    expect(anchor.kind).toBe('helper');
    for (const link of mdx.links) expect(mdx.eventObjects[link.showIndex!]!.parentId).toBe(anchor.objectId);
    expect(mdx.eventObjects.filter((object) => object.type === 'SND').length).toBeGreaterThan(0);
    expect(mdx.nodes.map((node) => node.objectId)).toEqual(mdx.nodes.map((_, index) => index));
    // The MDL twin reads as the same model.
    const { source: _mdxSource, format: _mdxFormat, readDiagnostics: _a, ...mdxView } = mdx;
    const { source: _mdlSource, format: _mdlFormat, readDiagnostics: _b, ...mdlView } = mdl;
    expect(mdlView).toEqual(mdxView);
  });

  it('links capes that exist in the sample data folder', () => {
    for (const [id] of SAMPLE_LINKS)
      expect(committed(`${SAMPLE_DATA_FOLDER}/${capeGamePath(id)}`).byteLength).toBeGreaterThan(0);
    expect(SAMPLE_CINEMATIC.events.filter((event) => event.name.startsWith('MRF')).length).toBe(6);
  });
});

import { describe, expect, it } from 'vitest';
import { readMdx } from './mdx-file';
import {
  concat,
  geosetBytes,
  lightBytes,
  materialBytes,
  mdxBytes,
  pivtBody,
  versBody,
  type MaterialLayoutSpec,
} from './testing/mdx-bytes';
import { validateMdx } from './mdx-validate';
import { nodeChunkTags, versionDefines } from './registry';
import { KNOWN_MDX_VERSIONS, mdxLayout } from './versions';

/** Material layouts per version, as observed in real files (1000: shader name; 1200: texture slots, no shader name). */
const materialLayouts: Record<number, MaterialLayoutSpec> = {
  800: { shaderName: false, reforgedLayerFields: false, textureSlots: false },
  900: { shaderName: true, reforgedLayerFields: true, textureSlots: false },
  1000: { shaderName: true, reforgedLayerFields: true, textureSlots: false },
  1100: { shaderName: false, reforgedLayerFields: true, textureSlots: true },
  1200: { shaderName: false, reforgedLayerFields: true, textureSlots: true },
};

function damage(version: number, chunks: [string, Uint8Array][]): string[] {
  return validateMdx(readMdx(mdxBytes([['VERS', versBody(version)], ...chunks])))
    .filter((diagnostic) => diagnostic.severity !== 'info')
    .map((diagnostic) => diagnostic.where ?? '');
}

describe('MDX versions', () => {
  it('decides every version difference in one layout', () => {
    const table = KNOWN_MDX_VERSIONS.map((version) => {
      const layout = mdxLayout(version);
      return [
        version,
        versionDefines(version, 'CORN'),
        versionDefines(version, 'BPOS'),
        layout.materialShaderBytes,
        layout.layerFixedBytes,
        layout.layerHasTextureSlots,
        layout.geosetHasLod,
        layout.lightFieldBytes,
        nodeChunkTags(version).length,
      ];
    });
    expect(table).toEqual([
      [800, false, false, 0, 28, false, false, 44, 9],
      [900, true, true, 80, 52, false, true, 44, 10],
      [1000, true, true, 80, 52, false, true, 44, 10],
      [1100, true, true, 0, 60, true, true, 44, 10],
      [1200, true, true, 0, 60, true, true, 48, 10],
    ]);
    expect(mdxLayout(1000).layerTrackTags).toEqual(['KMTF', 'KMTA', 'KMTE', 'KFC3', 'KFCA', 'KFTC']);
    expect(mdxLayout(800).layerTrackTags).toEqual(['KMTF', 'KMTA']);
    expect(mdxLayout(1300).known).toBe(false);
    const flags = KNOWN_MDX_VERSIONS.map((version) => {
      const layout = mdxLayout(version);
      return [layout.layerHasReforgedFields, layout.geosetHasTangentsAndSkin, layout.lightHasShadowIntensity];
    });
    expect(flags).toEqual([
      [false, false, false],
      [true, true, false],
      [true, true, false],
      [true, true, false],
      [true, true, true],
    ]);
  });

  it('reads materials in the layout of their version and reports the wrong one', () => {
    for (const version of KNOWN_MDX_VERSIONS) {
      const layout = materialLayouts[version]!;
      expect(
        damage(version, [['MTLS', concat(materialBytes({ ...layout, layerCount: 2 }), materialBytes(layout))]]),
        `${version}`,
      ).toEqual([]);
    }
    expect(damage(1100, [['MTLS', materialBytes(materialLayouts[1000]!)]])).toEqual(['MTLS[0].LAYS']);
    expect(damage(1000, [['MTLS', materialBytes(materialLayouts[800]!)]])).toEqual(['MTLS[0].inclusiveSize']);
  });

  it('reads geosets in the layout of their version', () => {
    expect(damage(800, [['GEOS', geosetBytes({ vertexCount: 3, matrixIndices: [0], lod: false })]])).toEqual([]);
    expect(
      damage(1000, [['GEOS', geosetBytes({ vertexCount: 3, matrixIndices: [0], lod: true, tangentsAndSkin: true })]]),
    ).toEqual([]);
    expect(damage(1200, [['GEOS', geosetBytes({ vertexCount: 3, matrixIndices: [0], lod: true })]])).toEqual([]);
    expect(damage(800, [['GEOS', geosetBytes({ vertexCount: 3, matrixIndices: [0], lod: true })]])).toEqual([
      'GEOS[0].UVAS',
    ]);
    expect(damage(900, [['GEOS', geosetBytes({ vertexCount: 3, matrixIndices: [0], lod: false })]])).toEqual([
      'GEOS[0].extent',
    ]);
  });

  it('expects the shadow intensity of 1200 lights', () => {
    const classic = lightBytes({ name: 'Light', objectId: 0 }, { intensity: 1 });
    const reforged = lightBytes({ name: 'Light', objectId: 0 }, { intensity: 1, shadowIntensity: 0.4 });
    const pivot: [string, Uint8Array] = ['PIVT', pivtBody([[0, 0, 0]])];
    expect(damage(1000, [['LITE', classic], pivot])).toEqual([]);
    expect(damage(1200, [['LITE', reforged], pivot])).toEqual([]);
    expect(damage(1200, [['LITE', classic], pivot])).toEqual(['LITE[0].inclusiveSize']);
  });
});

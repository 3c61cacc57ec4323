/**
 * MRF → glTF → MRF over the real capes (the corpus MRF and the sample's six) and a hand-made one:
 * the same header, header bytes, faces, UVs and texture path; positions and normals within float32
 * rounding; the Khronos validator finds no error in the GLB, the `.gltf` and its `.bin`, with and
 * without an embedded texture. And UVs pass unchanged both ways, with no V flip.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { corpusModels, describeCorpus, modelCorpus } from '../../../tests/testing/corpus';
import { gltfValidationErrors } from '../../../tests/testing/gltf-validation';
import { createMrf } from '../../mrf/create';
import { readMrf } from '../../mrf/read';
import type { MrfFile } from '../../mrf/types';
import { writeMrf } from '../../mrf/write';
import { decodeTga } from '../../textures/tga';
import { encodePng } from '../../textures/png';
import { mrfToGlb, mrfToGltfFiles } from './export';
import { gltfToMrf } from './import';
import { readGltf } from './read';

const sampleCapes = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'assets',
  'sample',
  'data',
  'doodads',
  'cinematic',
  'arthasillidanfight',
);
const sampleTexture = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'assets',
  'sample',
  'data',
  'textures',
  'arthascapesample.tga',
);

/** One float32 step at the magnitude of `value`. */
function ulp(value: number): number {
  const magnitude = Math.abs(Math.fround(value));
  return magnitude < 2 ** -126 ? 2 ** -149 : 2 ** (Math.floor(Math.log2(magnitude)) - 23);
}

/** Asserts `back` is `original` after a round trip: exact header and topology, keyframes within float32 rounding. */
function expectSameCape(back: MrfFile, original: MrfFile): void {
  expect(back.header).toEqual(original.header);
  expect(Array.from(back.headerBytes.subarray(44))).toEqual(Array.from(original.headerBytes.subarray(44)));
  expect(back.texturePath).toBe(original.texturePath);
  expect(Array.from(back.faces)).toEqual(Array.from(original.faces));
  expect(Array.from(back.uvs)).toEqual(Array.from(original.uvs));
  expect(back.keyframes).toHaveLength(original.keyframes.length);
  let worstPosition = 0;
  let worstNormal = 0;
  const base = original.keyframes[0]!;
  original.keyframes.forEach((keyframe, key) => {
    const baked = back.keyframes[key]!;
    for (let index = 0; index < keyframe.length; index += 1) {
      const difference = Math.abs(baked[index]! - keyframe[index]!);
      // A position comes back as base + (keyframe − base) in float32: one rounding step of the larger.
      if (index % 6 < 3)
        worstPosition = Math.max(
          worstPosition,
          difference / ulp(Math.max(Math.abs(keyframe[index]!), Math.abs(base[index]!))),
        );
      else worstNormal = Math.max(worstNormal, difference);
    }
  });
  expect(worstPosition, 'positions, in float32 steps').toBeLessThanOrEqual(1);
  expect(worstNormal, 'normals (unit vectors)').toBeLessThan(4e-7);
}

async function roundTripGlb(file: MrfFile, texturePng?: Uint8Array): Promise<{ glb: Uint8Array; back: MrfFile }> {
  const glb = mrfToGlb(file, texturePng ? { texturePng } : {});
  return { glb, back: gltfToMrf(await readGltf(glb)).mrf };
}

const capes: [string, () => Uint8Array][] = readdirSync(sampleCapes)
  .filter((name) => name.endsWith('.mrf'))
  .sort()
  .map((name) => [`sample ${name}`, () => new Uint8Array(readFileSync(join(sampleCapes, name)))]);

describe('the sample’s capes through glTF and back', () => {
  it('finds the six capes', () => expect(capes).toHaveLength(6));

  it.each(capes)(
    '%s: same header, faces, UVs, texture path; keyframes within rounding; canonical bytes',
    async (_, bytes) => {
      const original = readMrf(bytes());
      const { glb, back } = await roundTripGlb(original);
      expectSameCape(back, original);
      expect(await gltfValidationErrors(glb)).toEqual([]);
      // Same texture chunk and sizes: the rewritten file has the original's layout.
      expect(writeMrf(back).length).toBe(bytes().length);
    },
  );

  it('embeds the texture as PNG, which the validator accepts, and reads back the same cape', async () => {
    const original = readMrf(capes[0]![1]());
    const texture = decodeTga(new Uint8Array(readFileSync(sampleTexture)));
    const png = encodePng(texture.mips[0]!);
    const { glb, back } = await roundTripGlb(original, png);
    expect(await gltfValidationErrors(glb)).toEqual([]);
    const document = (await readGltf(glb)).document;
    const image = document.getRoot().listTextures()[0]!;
    expect(image.getMimeType()).toBe('image/png');
    expect(Array.from(image.getImage()!)).toEqual(Array.from(png));
    expectSameCape(back, original);
  });

  it('writes a .gltf with its .bin and .png beside it that reads back the same', async () => {
    const original = readMrf(capes[3]![1]());
    const png = encodePng({ width: 1, height: 1, rgba: new Uint8Array([9, 8, 7, 255]) });
    const { json, resources } = mrfToGltfFiles(original, 'cape3', { texturePng: png });
    expect(Object.keys(resources).sort()).toEqual(['cape3.bin', 'cape3.png']);
    expect(await gltfValidationErrors(json, resources)).toEqual([]);
    expectSameCape(gltfToMrf(await readGltf(json, resources)).mrf, original);
  });
});

describe('header values glTF has no field for', () => {
  it.each([0, -1, Number.NaN])(
    'keeps an interval of %s (the cape is keyed at 30 fps in the glTF)',
    async (interval) => {
      const original = readMrf(capes[1]![1]());
      original.header.frameInterval = interval;
      original.header.initialTime = Number.POSITIVE_INFINITY;
      const { glb, back } = await roundTripGlb(original);
      expect(Object.is(back.header.frameInterval, Math.fround(interval))).toBe(true);
      expect(back.header.initialTime).toBe(Number.POSITIVE_INFINITY);
      expect(back.keyframes).toHaveLength(original.keyframes.length);
      expect(await gltfValidationErrors(glb)).toEqual([]);
    },
  );
});

describeCorpus(modelCorpus, 'the corpus MRF through glTF and back', () => {
  for (const path of corpusModels('MRF').map((row) => row.file)) {
    it(path.split('/').pop()!, async () => {
      const original = readMrf(modelCorpus.bytes(path));
      const { glb, back } = await roundTripGlb(original);
      expectSameCape(back, original);
      expect(await gltfValidationErrors(glb)).toEqual([]);
      // The glTF has what Blender's importer needs: one target per keyframe, named, and a LINEAR weights channel.
      const document = (await readGltf(glb)).document;
      const mesh = document.getRoot().listMeshes()[0]!;
      expect(mesh.listPrimitives()).toHaveLength(1);
      expect(mesh.listPrimitives()[0]!.listTargets()).toHaveLength(original.keyframes.length);
      expect((mesh.getExtras() as { targetNames: string[] }).targetNames).toHaveLength(original.keyframes.length);
      const sampler = document.getRoot().listAnimations()[0]!.listSamplers()[0]!;
      expect(sampler.getInterpolation()).toBe('LINEAR');
      expect(sampler.getInput()!.getArray()![1]).toBe(Math.fround(original.header.frameInterval));
    });
  }
});

describe('axes and UVs', () => {
  /** One triangle; vertex 0 at MRF (1, 2, 3) with normal +Y; UVs off-centre so that a flip would show. */
  const cape = () =>
    createMrf({
      texturePath: 'Textures\\Asymmetric.blp',
      faces: new Uint16Array([0, 1, 2]),
      uvs: new Float32Array([0.25, 0.25, 0.75, 0.25, 0.25, 0.75]),
      keyframes: [new Float32Array([1, 2, 3, 0, 1, 0, 2, 2, 3, 0, 1, 0, 1, 2, 4, 0, 1, 0])],
      header: { frameInterval: 0.1 },
    });

  it('writes glTF (x, y, z) = MRF (x, z, −y)', async () => {
    const document = (await readGltf(mrfToGlb(cape()))).document;
    const primitive = document.getRoot().listMeshes()[0]!.listPrimitives()[0]!;
    expect(Array.from(primitive.getAttribute('POSITION')!.getArray()!.subarray(0, 3))).toEqual([1, 3, -2]);
    expect(Array.from(primitive.getAttribute('NORMAL')!.getArray()!.subarray(0, 3))).toEqual([0, 0, -1]);
  });

  it('keeps an asymmetric texture’s texel under each UV: no V flip either way', async () => {
    // A 2 × 2 texture, top row red | green, bottom row blue | white (TGA stored top-down).
    const tga = new Uint8Array([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 32, 0x28]);
    const pixels = [0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 255, 255, 255, 255]; // BGRA
    const texture = decodeTga(new Uint8Array([...tga, ...pixels]));
    const colourAt = (rgba: ArrayLike<number>, width: number, height: number, u: number, v: number) => {
      // Both MRF and glTF put (0, 0) at the image's top-left: row = v × height from the top.
      const at = (Math.floor(v * height) * width + Math.floor(u * width)) * 4;
      return Array.from({ length: 3 }, (_, channel) => rgba[at + channel]!);
    };
    const file = cape();
    const glb = mrfToGlb(file, { texturePng: encodePng(texture.mips[0]!) });
    const document = (await readGltf(glb)).document;
    const uvs = document.getRoot().listMeshes()[0]!.listPrimitives()[0]!.getAttribute('TEXCOORD_0')!.getArray()!;
    expect(Array.from(uvs)).toEqual(Array.from(file.uvs));
    const png = PNG.sync.read(Buffer.from(document.getRoot().listTextures()[0]!.getImage()!));
    for (let vertex = 0; vertex < 3; vertex += 1) {
      const game = colourAt(texture.mips[0]!.rgba, 2, 2, file.uvs[vertex * 2]!, file.uvs[vertex * 2 + 1]!);
      const gltf = colourAt(png.data, png.width, png.height, uvs[vertex * 2]!, uvs[vertex * 2 + 1]!);
      expect(gltf).toEqual(game);
    }
    // Vertex 0 (0.25, 0.25) is on red, vertex 2 (0.25, 0.75) on blue — a flipped V would swap them.
    expect(colourAt(png.data, 2, 2, 0.25, 0.25)).toEqual([255, 0, 0]);
    expect(colourAt(png.data, 2, 2, 0.25, 0.75)).toEqual([0, 0, 255]);
    // And back: the MRF gets the glTF's UVs unchanged.
    expect(Array.from(gltfToMrf(await readGltf(glb)).mrf.uvs)).toEqual(Array.from(file.uvs));
  });
});

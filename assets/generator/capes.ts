/**
 * The sample capes: six MRFs for the sample cinematic's `MRFx0000` … `MRFx0005` events, and the
 * texture they point to. Paths are lower-case, as extracted game data often is; the texture path
 * inside the MRFs keeps the game's casing and `.blp` extension (the engine reads up to the dot and
 * the host resolves .blp/.tga/.dds).
 */
import { writeMrf } from '../../shared/mrf/write';
import type { AssetGenerator, GeneratedAsset } from './asset';
import { capeMrf, type CapeMotion } from './cape';
import { capeTextureRgba } from './cape-texture';
import { encodeTga32 } from './tga';

/** The sample data folder (a game-path root). */
export const SAMPLE_DATA_FOLDER = 'assets/sample/data';
/** Game path of cape `id` (as the `MRFx<ID>` event names it), lower-case. */
export const capeGamePath = (id: string) => `doodads/cinematic/arthasillidanfight/arthascape${id}.mrf`;
/** The texture path stored in the capes. */
export const CAPE_TEXTURE_PATH = 'Textures\\ArthasCapeSample.blp';
/** Where the texture is written, under the data folder. */
export const CAPE_TEXTURE_FILE = 'textures/arthascapesample.tga';
const TEXTURE_SIZE = 256;

/** The six capes' motion: wind, gusts, facing and length vary; 0003 starts late, 0005 part-way in. */
export const sampleCapes: ReadonlyArray<{ id: string; motion: CapeMotion }> = [
  {
    id: '0000',
    motion: {
      seed: 1,
      keyframeCount: 120,
      framesPerSecond: 30,
      initialTime: 0,
      wind: 1.0,
      phase: 0,
      gustiness: 0.4,
      yawDegrees: 0,
    },
  },
  {
    id: '0001',
    motion: {
      seed: 2,
      keyframeCount: 135,
      framesPerSecond: 30,
      initialTime: 0,
      wind: 0.7,
      phase: 1.3,
      gustiness: 0.3,
      yawDegrees: 25,
    },
  },
  {
    id: '0002',
    motion: {
      seed: 3,
      keyframeCount: 150,
      framesPerSecond: 30,
      initialTime: 0,
      wind: 1.35,
      phase: 2.4,
      gustiness: 0.9,
      yawDegrees: -20,
    },
  },
  {
    id: '0003',
    motion: {
      seed: 4,
      keyframeCount: 100,
      framesPerSecond: 30,
      initialTime: -0.5,
      wind: 0.9,
      phase: 3.1,
      gustiness: 0.5,
      yawDegrees: 45,
    },
  },
  {
    id: '0004',
    motion: {
      seed: 5,
      keyframeCount: 110,
      framesPerSecond: 30,
      initialTime: 0,
      wind: 0.45,
      phase: 4.2,
      gustiness: 0.2,
      yawDegrees: -40,
    },
  },
  {
    id: '0005',
    motion: {
      seed: 6,
      keyframeCount: 144,
      framesPerSecond: 30,
      initialTime: 0.4,
      wind: 1.15,
      phase: 5.0,
      gustiness: 0.7,
      yawDegrees: 10,
    },
  },
];

/** Generates the six cape MRFs and their texture. */
export const capeAssets: AssetGenerator = {
  name: 'sample capes',
  generate(): GeneratedAsset[] {
    const assets = sampleCapes.map(({ id, motion }) => ({
      path: `${SAMPLE_DATA_FOLDER}/${capeGamePath(id)}`,
      bytes: writeMrf(capeMrf(motion, CAPE_TEXTURE_PATH)),
    }));
    assets.push({
      path: `${SAMPLE_DATA_FOLDER}/${CAPE_TEXTURE_FILE}`,
      bytes: encodeTga32(TEXTURE_SIZE, TEXTURE_SIZE, capeTextureRgba(TEXTURE_SIZE, TEXTURE_SIZE)),
    });
    return assets;
  },
};

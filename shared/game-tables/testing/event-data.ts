/**
 * The data a map needs for a model's event objects to mean something, built for tests: the five tables, the sounds
 * they name (a PCM WAV, an IMA ADPCM WAV and an MP3), a splat texture (BLP2, 2 × 2 cells: red, green, blue, yellow)
 * and a model with one event object of each kind under a helper, plus an unknown code. Game path → bytes; the caller
 * packs it into a map with the MPQ writer (electron/host/testing/maps.ts).
 */
import { describeMdl, describeMdx, type ModelDescription } from '../../../assets/generator/model-description';
import { imaAdpcmWav, pcmWav, silentMp3, tone } from '../../audio/testing/encoders';
import { encodeBlp2 } from '../../textures/testing/encoders';
import { BinaryWriter } from '../../binary/writer';
import { readMdx } from '../../model/mdx-file';
import { mdxBytes } from '../../model/testing/mdx-bytes';
import { GAME_TABLES } from '../tables';
import { soundRow, splatRow, tableText, uberSplatRow } from './tables';

/** Where the helper the event objects hang from sits (model units): the splats land under it at (x, y, 0). */
export const EVENT_NODE_PIVOT = [0, 0, 60] as const;

/** Game paths of the files the tables name. */
export const EVENT_DATA_PATHS = {
  pcm: 'Sound\\Test\\Pcm.wav',
  adpcm: 'Sound\\Test\\Adpcm.wav',
  mp3: 'Sound\\Test\\Tone.mp3',
  splatTexture: 'ReplaceableTextures\\Splats\\TestSplat.blp',
  spawnModel: 'Objects\\Spawnmodels\\Test\\TestSpawn.mdx',
} as const;

/** The splat texture: 16 × 16, its four 8 × 8 cells red, green, blue and yellow, opaque. */
export function splatTexture(): Uint8Array {
  const size = 16;
  const rgba = new Uint8Array(size * size * 4);
  const cellColours = [
    [255, 0, 0],
    [0, 255, 0],
    [0, 0, 255],
    [255, 255, 0],
  ];
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) {
      const colour = cellColours[(y >= 8 ? 2 : 0) + (x >= 8 ? 1 : 0)]!;
      rgba.set([...colour, 255], (y * size + x) * 4);
    }
  return encodeBlp2({ kind: 'bgra', mips: [{ width: size, height: size, rgba }], alphaDepth: 8 });
}

/** The five tables naming the test data (codes TPCM, TADP, TMP3, TSPL, TFPT, TUBR, TSPN). */
export function eventTables(): Record<string, string> {
  return {
    [GAME_TABLES.animLookups.path]: tableText('animLookups', [
      { AnimSoundEvent: 'TPCM', SoundLabel: 'TestPcm' },
      { AnimSoundEvent: 'TADP', SoundLabel: 'TestAdpcm' },
      { AnimSoundEvent: 'TMP3', SoundLabel: 'TestMp3' },
      { AnimSoundEvent: 'DHOR', SoundLabel: 'HorseDeath' },
    ]),
    [GAME_TABLES.animSounds.path]: tableText('animSounds', [
      soundRow('TestPcm', 'Pcm.wav', 'Sound\\Test', { Volume: 100 }),
      soundRow('TestAdpcm', 'Adpcm.wav', 'Sound\\Test', { PitchVariance: 0.1 }),
      soundRow('TestMp3', 'Tone.mp3', 'Sound\\Test'),
      soundRow('HorseDeath', 'HorseDeath1.wav,HorseDeath2.wav', 'Units\\Critters\\Horse'),
    ]),
    [GAME_TABLES.splatData.path]: tableText('splatData', [
      splatRow('TSPL', 'TestSplat', { Scale: 40, Lifespan: 1, Decay: 1 }),
      splatRow('TFPT', 'TestSplat', { Rows: 1, Columns: 1, Scale: 20, UVLifespanEnd: 0, UVDecayStart: 0 }),
      splatRow('HBS0', 'HumanBloodSmall'),
    ]),
    [GAME_TABLES.uberSplatData.path]: tableText('uberSplatData', [uberSplatRow('TUBR', 'TestSplat')]),
    [GAME_TABLES.spawnData.path]: tableText('spawnData', [
      { Name: 'TSPN', Model: 'Objects\\Spawnmodels\\Test\\TestSpawn.mdl' },
    ]),
  };
}

/** How long the spawned model's one sequence (Birth) plays, ms. */
export const SPAWN_SEQUENCE_MS = 1500;

/**
 * The spawned model: a 60-unit box (one geoset without a material: drawn opaque white) on a bone, and one
 * sequence, Birth, of {@link SPAWN_SEQUENCE_MS}.
 */
export function spawnModelMdx(): Uint8Array {
  const frame = describeMdx({
    ...eventModelDescription(),
    name: 'TestSpawn',
    comment: 'TestSpawn',
    sequences: [
      { name: 'Birth', start: 0, end: SPAWN_SEQUENCE_MS, nonLooping: true, moveSpeed: 0, rarity: 0, extent: EXTENT },
    ],
    helpers: [],
    events: [],
  });
  const corners = [0, 1, 2, 3, 4, 5, 6, 7].map((index) => [
    index & 1 ? 30 : -30,
    index & 2 ? 30 : -30,
    index & 4 ? 60 : 0,
  ]);
  const faces = [
    [0, 1, 3, 0, 3, 2],
    [4, 6, 7, 4, 7, 5],
    [0, 4, 5, 0, 5, 1],
    [2, 3, 7, 2, 7, 6],
    [0, 2, 6, 0, 6, 4],
    [1, 5, 7, 1, 7, 3],
  ].flat();
  const writer = new BinaryWriter();
  const array = (tag: string, count: number, write: (index: number) => void) => {
    writer.tag(tag).u32(count);
    for (let index = 0; index < count; index += 1) write(index);
  };
  array('VRTX', 8, (index) => writer.f32(corners[index]![0]!).f32(corners[index]![1]!).f32(corners[index]![2]!));
  array('NRMS', 8, () => writer.f32(0).f32(0).f32(1));
  array('PTYP', 1, () => writer.u32(4));
  array('PCNT', 1, () => writer.u32(faces.length));
  array('PVTX', faces.length, (index) => writer.u16(faces[index]!));
  array('GNDX', 8, () => writer.u8(0));
  array('MTGC', 1, () => writer.u32(1));
  array('MATS', 1, () => writer.u32(0));
  writer.u32(0).u32(0).u32(0);
  const extent = () => writer.f32(60).f32(-30).f32(-30).f32(0).f32(30).f32(30).f32(60);
  extent();
  writer.u32(1);
  extent();
  writer.tag('UVAS').u32(1);
  array('UVBS', 8, (index) => writer.f32(index & 1).f32((index >> 1) & 1));
  const body = writer.finish().slice();
  const geoset = new BinaryWriter()
    .u32(4 + body.byteLength)
    .bytes(body)
    .finish()
    .slice();
  const chunks = readMdx(frame).chunks.map((chunk) => [chunk.tag, chunk.body] as const);
  const at = chunks.findIndex(([tag]) => tag === 'BONE');
  chunks.splice(at, 0, ['GEOS', geoset]);
  return mdxBytes(chunks);
}

/** Every file of the test data, by game path (tables, sounds, texture, spawned model). */
export function eventDataFiles(): Record<string, string | Uint8Array> {
  return {
    ...eventTables(),
    [EVENT_DATA_PATHS.spawnModel]: spawnModelMdx(),
    [EVENT_DATA_PATHS.pcm]: pcmWav(tone(440, 0.4)),
    [EVENT_DATA_PATHS.adpcm]: imaAdpcmWav(tone(660, 0.4)),
    [EVENT_DATA_PATHS.mp3]: silentMp3(0.4),
    [EVENT_DATA_PATHS.splatTexture]: splatTexture(),
  };
}

/** Times (ms) of the test model's keys. */
export const EVENT_KEYS = { sound: 1000, splat: 500, footprint: 700, uberSplat: 200, spawn: 300, adpcm: 1500 } as const;

const EXTENT = { boundsRadius: 100, minimum: [-100, -100, 0], maximum: [100, 100, 100] } as const;

/** A model with one event object of each kind under a helper, in a 3-second looping Stand, plus an unknown code. */
export function eventModelDescription(): ModelDescription {
  const under = (name: string, frames: readonly number[]) => ({
    name,
    parent: 'Emitter',
    pivot: EVENT_NODE_PIVOT,
    keys: { globalSequenceId: null, frames },
  });
  return {
    name: 'EventMeanings',
    comment: 'EventMeanings: one event object of each kind (shared/game-tables/testing/event-data.ts)',
    version: 800,
    blendTime: 150,
    extent: EXTENT,
    sequences: [
      { name: 'Stand', start: 0, end: 3000, nonLooping: false, moveSpeed: 0, rarity: 0, extent: EXTENT },
      { name: 'Death', start: 4000, end: 6000, nonLooping: true, moveSpeed: 0, rarity: 0, extent: EXTENT },
    ],
    globalSequences: [],
    bones: [{ name: 'Root', parent: null, pivot: [0, 0, 0] }],
    helpers: [{ name: 'Emitter', parent: 'Root', pivot: EVENT_NODE_PIVOT }],
    events: [
      under('SNDxTPCM', [EVENT_KEYS.sound]),
      under('SNDxTADP', [EVENT_KEYS.adpcm]),
      under('SNDxTMP3', [4500]),
      under('SPLxTSPL', [EVENT_KEYS.splat]),
      under('FPTxTFPT', [EVENT_KEYS.footprint]),
      under('UBRxTUBR', [EVENT_KEYS.uberSplat]),
      under('SPNxTSPN', [EVENT_KEYS.spawn]),
      under('SPLxTSPX', [2500]),
    ],
    cameras: [],
    collisionShapes: [],
  };
}

/** The test model as MDX bytes. */
export function eventModelMdx(): Uint8Array {
  return describeMdx(eventModelDescription());
}

/** The test model as MDL text. */
export function eventModelMdl(): string {
  return describeMdl(eventModelDescription());
}

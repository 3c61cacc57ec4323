/**
 * What an event object means agrees with mdx-m3-viewer's event-object emitters, for every event object of the corpus
 * given the same tables. The tables are generated with a row for every code the corpus names (values varied per row,
 * so a column read from the wrong place shows), among filler rows, at full size; mdx-m3-viewer 5.12's own
 * `EventObjectEmitterObject` is built for each object over a viewer whose loaders serve those tables and record the
 * paths it asks for. Compared: whether it resolves; for splats, footprints and uber-splats the texture path, scale,
 * colours, columns and rows, lifespan and its intervals, blend factors; for sounds the files, volume, pitch, pitch
 * variance and distances; for spawns the model path.
 *
 * Where the two differ on purpose, named here and checked to be the only differences:
 *  - names spelt in lower case: mdx-m3-viewer compares the type (`spn`) and the ID exactly, the game's lookups
 *    ignore case and so do ours (`spnxtobo` spawns TOBO);
 *  - sound files: mdx-m3-viewer loads each FileNames entry as it stands; we put the row's DirectoryBase before it, as
 *    the game does (the files sit in those folders).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { eventIdOf, eventTypeOf } from '../shared/events/names';
import { loadGameTables, resolveEventObject, type GameTableSet } from '../shared/game-tables';
import { GAME_TABLES } from '../shared/game-tables/tables';
import { FULL_SIZE_ROWS, soundRow, splatRow, tableText, uberSplatRow } from '../shared/game-tables/testing/tables';
import { corpusModels, describeCorpus, modelCorpus } from './testing/corpus';

const require = createRequire(import.meta.url);
const viewerRoot = join(require.resolve('mdx-m3-viewer'), '..', 'viewer', 'handlers', 'mdx');
const EmitterObject = require(join(viewerRoot, 'eventobjectemitterobject.js')).default;

const GL = { ZERO: 0, ONE: 1, SRC_COLOR: 768, SRC_ALPHA: 770, ONE_MINUS_SRC_ALPHA: 771, DST_COLOR: 774 };
const BLEND = [
  [GL.SRC_ALPHA, GL.ONE_MINUS_SRC_ALPHA],
  [GL.SRC_ALPHA, GL.ONE],
  [GL.ZERO, GL.SRC_COLOR],
  [GL.DST_COLOR, GL.SRC_COLOR],
  [GL.SRC_ALPHA, GL.ONE_MINUS_SRC_ALPHA],
];

/** Every event name of the corpus models, once each. */
function corpusEventNames(): string[] {
  return [...new Set(corpusModels('MDX', 'MDL').flatMap((model) => model.eventNames))].sort();
}

/** Tables with a row for each code the names need (upper-case keys), values varied by row. */
function agreementTables(names: readonly string[]): Record<string, string> {
  const codes = { SND: new Set<string>(), SPL: new Set<string>(), UBR: new Set<string>(), SPN: new Set<string>() };
  for (const name of names) {
    const type = eventTypeOf(name);
    const id = eventIdOf(name).toUpperCase();
    if (type === 'SND') codes.SND.add(id);
    else if (type === 'SPL' || type === 'FPT') codes.SPL.add(id);
    else if (type === 'UBR' || type === 'SPN') codes[type].add(id);
  }
  const lookups = [...codes.SND].map((id) => ({ AnimSoundEvent: id, SoundLabel: `Label${id}` }));
  const sounds = [...codes.SND].map((id, index) =>
    soundRow(`Label${id}`, `${id}A.wav,${id}B.wav`, `Sound\\Units\\${id}`, {
      Volume: 60 + index,
      Pitch: 1 + index / 100,
      PitchVariance: index / 200,
      MinDistance: 100 + index,
      MaxDistance: 4000 + index,
      DistanceCutoff: 3000 + index,
    }),
  );
  const splats = [...codes.SPL].map((id, index) =>
    splatRow(id, `Splat${id}`, {
      Rows: 1 + (index % 4),
      Columns: 1 + (index % 3),
      BlendMode: index % 5,
      Scale: 10 + index,
      Lifespan: 1 + index / 10,
      Decay: 2 + index / 10,
      UVLifespanStart: index % 2,
      UVLifespanEnd: 1 + (index % 3),
      LifespanRepeat: 1 + (index % 2),
      UVDecayStart: index % 3,
      UVDecayEnd: 2 + (index % 2),
      DecayRepeat: 1,
      StartR: index % 256,
      MiddleG: (index * 7) % 256,
      EndA: (index * 13) % 256,
    }),
  );
  const ubers = [...codes.UBR].map((id, index) =>
    uberSplatRow(id, `Uber${id}`, { Dir: '', Scale: 50 + index, BirthTime: index / 4, BlendMode: index % 5 }),
  );
  const spawns = [...codes.SPN].map((id) => ({ Name: id, Model: `Objects\\Spawnmodels\\${id}\\${id}.mdl` }));
  const fill = <T>(rows: T[], count: number, make: (index: number) => T) => {
    for (let index = 0; rows.length < count; index += 1) rows.push(make(index));
    return rows;
  };
  const filler = (index: number) => `Z${String(index).padStart(3, '0')}`;
  return {
    [GAME_TABLES.animLookups.path]: tableText(
      'animLookups',
      fill(lookups, FULL_SIZE_ROWS.animLookups, (index) => ({ AnimSoundEvent: filler(index), SoundLabel: 'Filler' })),
    ),
    [GAME_TABLES.animSounds.path]: tableText(
      'animSounds',
      fill(sounds, FULL_SIZE_ROWS.animSounds, (index) => soundRow(`Filler${index}`, 'x.wav', 'Sound')),
    ),
    [GAME_TABLES.splatData.path]: tableText(
      'splatData',
      fill(splats, FULL_SIZE_ROWS.splatData, (index) => splatRow(filler(index), 'Filler')),
    ),
    [GAME_TABLES.uberSplatData.path]: tableText(
      'uberSplatData',
      fill(ubers, FULL_SIZE_ROWS.uberSplatData, (index) => uberSplatRow(filler(index), 'Filler', { Dir: '' })),
    ),
    [GAME_TABLES.spawnData.path]: tableText(
      'spawnData',
      fill(spawns, FULL_SIZE_ROWS.spawnData, (index) => ({ Name: filler(index), Model: 'Filler.mdl' })),
    ),
  };
}

/** A viewer whose loaders serve `files` (tables as text) and record every other path as the resource. */
function fakeViewer(files: Record<string, string>) {
  return {
    audioEnabled: true,
    gl: GL,
    promise: () => () => undefined,
    sharedCache: new Map([['mdx', { pathSolver: undefined, reforged: false, eventObjectTables: {} }]]),
    loadGeneric: async (path: string, type: string, callback: (data: unknown) => unknown) =>
      type === 'text' ? (files[path] === undefined ? undefined : { data: callback(files[path]) }) : { data: path },
    load: async (path: string) => ({ path }),
  };
}

/** mdx-m3-viewer's emitter object for `name`, once its tables are loaded. */
async function viewerEmitter(viewer: ReturnType<typeof fakeViewer>, name: string) {
  const model = { viewer, pivotPoints: [], globalSequences: [], sequences: [], hd: false };
  const object = {
    name,
    objectId: 0,
    parentId: -1,
    flags: 0,
    animations: [],
    tracks: new Uint32Array(),
    globalSequenceId: -1,
  };
  const emitter = new EmitterObject(model, object, 0);
  for (let tick = 0; tick < 5; tick += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  return emitter;
}

const round = (values: ArrayLike<number>) => Array.from(values, (value) => Math.fround(value));

describeCorpus(modelCorpus, 'event meanings agree with mdx-m3-viewer for every corpus event object', () => {
  it('resolves every event object as mdx-m3-viewer does, given the same tables', async () => {
    const names = corpusEventNames();
    const files = agreementTables(names);
    const tables: GameTableSet = await loadGameTables(async (path) =>
      files[path] === undefined ? null : { bytes: new TextEncoder().encode(files[path]), source: 'generated' },
    );
    const viewer = fakeViewer(files);
    const differences: string[] = [];
    let compared = 0;
    let caseOnly = 0;
    for (const name of names) {
      const ours = resolveEventObject(name, tables);
      if (ours.status === 'not-a-table-event') continue;
      const theirs = await viewerEmitter(viewer, name);
      compared += 1;
      const lowerCase =
        name.slice(0, 3) !== name.slice(0, 3).toUpperCase() || eventIdOf(name) !== eventIdOf(name).toUpperCase();
      if (!theirs.ok) {
        if (ours.status === 'resolved' && lowerCase) caseOnly += 1;
        else if (ours.status === 'resolved') differences.push(`${name}: mdx-m3-viewer leaves it unresolved`);
        continue;
      }
      if (ours.status !== 'resolved') {
        differences.push(`${name}: we leave it ${ours.status}`);
        continue;
      }
      const meaning = ours.meaning;
      const check = (field: string, mine: unknown, viewers: unknown) => {
        if (JSON.stringify(mine) !== JSON.stringify(viewers))
          differences.push(`${name}.${field}: ${JSON.stringify(mine)} vs mdx-m3-viewer ${JSON.stringify(viewers)}`);
      };
      if (meaning.kind === 'spawn') check('model', meaning.modelPath, theirs.internalModel.path);
      else if (meaning.kind === 'sound') {
        const theirFiles = theirs.decodedBuffers as string[];
        check(
          'files',
          meaning.files,
          theirFiles.map((file) => `${meaning.directory}\\${file}`),
        );
        check('volume', meaning.volume, theirs.volume);
        check('pitch', meaning.pitch, theirs.pitch);
        check('pitchVariance', meaning.pitchVariance, theirs.pitchVariance);
        check(
          'distances',
          [meaning.minDistance, meaning.maxDistance, meaning.distanceCutoff],
          [theirs.minDistance, theirs.maxDistance, theirs.distanceCutoff],
        );
      } else {
        check('texture', meaning.texturePath, theirs.internalTexture.texture.path);
        check('scale', meaning.scale, theirs.scale);
        check('colours', meaning.colours.map(round), theirs.colors.map(round));
        check('blend', BLEND[meaning.blendMode], [theirs.blendSrc, theirs.blendDst]);
        if (meaning.kind === 'splat') {
          check('cells', [meaning.columns, meaning.rows], [theirs.columns, theirs.rows]);
          check('life', round([meaning.lifespan + meaning.decay]), round([theirs.lifeSpan]));
          check('intervalTimes', round([meaning.lifespan, meaning.decay]), round(theirs.intervalTimes.subarray(0, 2)));
          check('intervals', [round(meaning.uvLifespan), round(meaning.uvDecay)], theirs.intervals.map(round));
        } else {
          const life = meaning.birthTime + meaning.pauseTime + meaning.decay;
          check('life', round([life]), round([theirs.lifeSpan]));
          check(
            'intervalTimes',
            round([meaning.birthTime, meaning.pauseTime, meaning.decay]),
            round(theirs.intervalTimes),
          );
        }
      }
    }
    expect(differences).toEqual([]);
    // Every table-typed event object of the corpus was compared; the ones only we resolve are spelt in lower case.
    expect(compared).toBeGreaterThan(100);
    expect(caseOnly).toBe(names.filter((name) => name === 'spnxtobo').length);
  });
});

// Keeps the reading of the corpus honest: the manifest's names are the files' (checked elsewhere); a file is read
// here only so a corpus without names fails loudly rather than comparing nothing.
it.skipIf(!modelCorpus.present)('the corpus names event objects to compare', () => {
  expect(corpusEventNames().length).toBeGreaterThan(50);
  expect(readFileSync(join(modelCorpus.directory, 'MANIFEST.tsv'), 'utf8')).toContain('SNDX');
});

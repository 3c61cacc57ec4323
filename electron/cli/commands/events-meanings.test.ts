/**
 * `morf events MODEL --data MAP [--json]` over a map written with the project's MPQ writer (checked with smpq) that
 * holds the five tables, the sounds and the splat texture: each event object's meaning and where it was found.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventDataFiles,
  eventModelMdl,
  eventModelMdx,
  eventTables,
} from '../../../shared/game-tables/testing/event-data';
import { GAME_TABLES } from '../../../shared/game-tables/tables';
import { mapBytes } from '../../host/testing/maps';
import { extractWithSmpq, smpqSkipReason } from '../../../tests/testing/smpq';
import { inProcessMorf } from '../testing/run-cli';

let folder: string;
const morf = inProcessMorf(() => folder);

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'morf-event-meanings-'));
  writeFileSync(join(folder, 'Events.mdx'), eventModelMdx());
  writeFileSync(join(folder, 'Events.mdl'), eventModelMdl());
  writeFileSync(join(folder, 'Data.w3x'), await mapBytes(eventDataFiles()));
  const broken = eventTables();
  broken[GAME_TABLES.splatData.path] = broken[GAME_TABLES.splatData.path]!.replace('C;X5;K2', 'C;X5;K"two"');
  writeFileSync(join(folder, 'Broken.w3x'), await mapBytes(broken));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('morf events --data', () => {
  it.skipIf(smpqSkipReason() !== null)('the test map is an archive smpq reads back file for file', () => {
    const extracted = extractWithSmpq(join(folder, 'Data.w3x'));
    const files = eventDataFiles();
    for (const [path, content] of Object.entries(files)) {
      const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
      const found = [...extracted].find(([name]) => name.toLowerCase() === path.toLowerCase());
      expect(found?.[1], path).toEqual(bytes);
    }
  });

  it.each(['Events.mdx', 'Events.mdl'])(
    '--json gives each object its meaning and where it came from (%s)',
    async (model) => {
      const { code, stdout } = await morf('events', model, '--data', 'Data.w3x', '--json');
      expect(code).toBe(0);
      const report = JSON.parse(stdout);
      const byName = Object.fromEntries(report.eventObjects.map((object: { name: string }) => [object.name, object]));
      expect(byName.SNDxTPCM).toMatchObject({
        status: 'resolved',
        frames: [1000],
        meaning: { kind: 'sound', label: 'TestPcm', files: ['Sound\\Test\\Pcm.wav'], volume: 100 },
        files: [{ role: 'sound', path: 'Sound\\Test\\Pcm.wav', found: true, where: 'Data.w3x:Sound\\Test\\Pcm.wav' }],
      });
      expect(byName.SNDxTPCM.meaning.foundIn[0]).toEqual({
        table: 'UI\\SoundInfo\\AnimLookups.slk',
        row: 2,
        source: 'Data.w3x:UI\\SoundInfo\\AnimLookups.slk',
      });
      expect(byName.SPLxTSPL).toMatchObject({
        meaning: { kind: 'splat', texturePath: 'ReplaceableTextures\\Splats\\TestSplat.blp', scale: 40, lifespan: 1 },
        files: [{ role: 'texture', found: true }],
      });
      expect(byName.UBRxTUBR.meaning).toMatchObject({ kind: 'uberSplat', birthTime: 0.5 });
      expect(byName.SPNxTSPN).toMatchObject({
        meaning: { kind: 'spawn', modelPath: 'Objects\\Spawnmodels\\Test\\TestSpawn.mdx' },
        files: [
          {
            role: 'model',
            found: true,
            where: 'Data.w3x:Objects\\Spawnmodels\\Test\\TestSpawn.mdx',
          },
        ],
      });
      expect(byName.SPLxTSPX).toMatchObject({ status: 'unknown', nearest: ['TSPL', 'TFPT', 'HBS0'] });
      expect(report.tables.map((table: { status: string }) => table.status)).toEqual(Array(5).fill('loaded'));
      expect(report.diagnostics).toContainEqual(
        expect.objectContaining({ code: 'events.unknown-code', message: expect.stringContaining('nearest: TSPL') }),
      );
    },
  );

  it('prints the meanings as text, and a malformed table as an error naming file, row and column', async () => {
    const { code, stdout } = await morf('events', 'Events.mdx', '--data', 'Data.w3x');
    expect(code).toBe(0);
    expect(stdout).toContain('  SNDxTPCM: sound TestPcm: Sound\\Test\\Pcm.wav · volume 100\n');
    expect(stdout).toContain('    sound Sound\\Test\\Pcm.wav: found in Data.w3x:Sound\\Test\\Pcm.wav\n');
    expect(stdout).toContain('  Splats\\SplatData.slk: 3 rows, found in Data.w3x:Splats\\SplatData.slk\n');
    const broken = await morf('events', 'Events.mdx', '--data', 'Broken.w3x', '--json');
    const report = JSON.parse(broken.stdout);
    const offset = eventTables()[GAME_TABLES.splatData.path]!.indexOf('C;X1;Y2;') + 'C;X1;Y2;'.length;
    const splat = report.eventObjects.find((object: { name: string }) => object.name === 'SPLxTSPL');
    expect(splat.status).toBe('table-error');
    expect(splat.error).toBe(
      `Broken.w3x:Splats\\SplatData.slk: SLK invalid at row 2, column 5 (Rows) (byte ${offset}): "two" is not a number`,
    );
    expect(report.eventObjects.find((object: { name: string }) => object.name === 'SNDxTPCM').status).toBe('resolved');
  });

  it('without the tables, one hint names them', async () => {
    writeFileSync(
      join(folder, 'Empty.w3x'),
      await mapBytes({ 'war3map.j': 'function main takes nothing returns nothing\nendfunction\n' }),
    );
    const { stdout } = await morf('events', 'Events.mdx', '--data', 'Empty.w3x', '--json');
    const hints = JSON.parse(stdout).diagnostics.filter(
      (item: { code: string }) => item.code === 'events.tables-missing',
    );
    expect(hints).toHaveLength(1);
    expect(hints[0].message).toContain(
      'UI\\SoundInfo\\AnimLookups.slk, UI\\SoundInfo\\AnimSounds.slk, Splats\\SplatData.slk',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { modelCodec } from '../../../../shared/events/index';
import { loadGameTables } from '../../../../shared/game-tables';
import { eventModelMdx, eventTables, SPAWN_SEQUENCE_MS } from '../../../../shared/game-tables/testing/event-data';
import { readMdxModel } from '../../../../shared/model/mdx-model';
import { DropPoints } from '../splats/splat-field';
import { spawnEmitters, updateSpawns, writeSpawnMatrix } from './spawn-schedule';

describe('spawned models over time', () => {
  it('shows a spawn from its key for its model sequence, at its node', async () => {
    const bytes = eventModelMdx();
    const tables = await loadGameTables(async (path) => {
      const text = eventTables()[path];
      return text ? { bytes: new TextEncoder().encode(text), source: 'Data.w3x' } : null;
    });
    const emitters = spawnEmitters(modelCodec.readModel(bytes, 'Events.mdx'), tables);
    expect(emitters.map((emitter) => [emitter.object.name, emitter.modelPath])).toEqual([
      ['SPNxTSPN', 'Objects\\Spawnmodels\\Test\\TestSpawn.mdx'],
    ]);
    const drops = new DropPoints(readMdxModel(bytes), []);
    const at = (timeMs: number, loaded = true) => {
      updateSpawns(emitters, drops, () => (loaded ? SPAWN_SEQUENCE_MS : Number.NaN), timeMs, 0, 3000);
      return emitters[0]!.count;
    };
    expect(at(299)).toBe(0);
    expect(at(1000)).toBe(1);
    expect(emitters[0]!.slots[0]).toMatchObject({ active: true, ageMs: 700, x: 0, y: 0, z: 60 });
    expect(at(1000, false)).toBe(0);
    expect(at(300 + SPAWN_SEQUENCE_MS - 1)).toBe(1);
    expect(at(300 + SPAWN_SEQUENCE_MS)).toBe(0);
  });

  it('places a spawn for the shared spawned-model view: turned by its heading about Z, at its place', () => {
    const out = new Float32Array(20).fill(9);
    writeSpawnMatrix({ active: true, ageMs: 0, x: 10, y: 20, z: 30, heading: Math.PI / 2 }, out, 4);
    const matrix = [...out.subarray(4)].map((value) => Math.round(value * 1e6) / 1e6 + 0);
    expect(matrix).toEqual([0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 10, 20, 30, 1]);
    expect([...out.subarray(0, 4)]).toEqual([9, 9, 9, 9]);
  });
});

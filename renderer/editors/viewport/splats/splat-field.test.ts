import { describe, expect, it } from 'vitest';
import { modelCodec } from '../../../../shared/events/index';
import { loadGameTables } from '../../../../shared/game-tables';
import { eventModelMdx, eventTables } from '../../../../shared/game-tables/testing/event-data';
import { readMdxModel } from '../../../../shared/model/mdx-model';
import { DropPoints, splatEmitters, updateSplats } from './splat-field';

async function setup() {
  const bytes = eventModelMdx();
  const document = modelCodec.readModel(bytes, 'Events.mdx');
  const tables = await loadGameTables(async (path) => {
    const text = eventTables()[path];
    return text ? { bytes: new TextEncoder().encode(text), source: 'Data.w3x' } : null;
  });
  const emitters = splatEmitters(document, tables);
  const drops = new DropPoints(readMdxModel(bytes), []);
  const splat = emitters.find((emitter) => emitter.object.name === 'SPLxTSPL')!;
  return { emitters, drops, splat };
}

describe('splats on the ground', () => {
  it('lives from its key for lifespan + decay, under its node, with the table colour and cells', async () => {
    const { emitters, drops, splat } = await setup();
    expect(emitters.map((emitter) => emitter.object.name)).toEqual(['SPLxTSPL', 'FPTxTFPT', 'UBRxTUBR']);
    const at = (timeMs: number) => {
      updateSplats(emitters, drops, timeMs, 0, 3000, false);
      return splat.count;
    };
    expect(at(499)).toBe(0);
    expect(at(1000)).toBe(1);
    // The quad: ±40 around the helper's pivot (0, 0) on the ground, just above z = 0.
    expect(Array.from(splat.positions.subarray(0, 12))).toEqual([
      40, 40, 0.5, -40, 40, 0.5, -40, -40, 0.5, 40, -40, 0.5,
    ]);
    // Half-way through the lifespan: Start → Middle (opaque), the first cell of the 2 × 2 texture.
    expect(splat.colours[3]).toBe(1);
    expect(Array.from(splat.uvs.subarray(0, 8))).toEqual([0, 0, 0, 0.5, 0.5, 0.5, 0.5, 0]);
    // Half-way through the decay: Middle → End (alpha 255 → 0), the cell UVDecayStart (2: bottom left).
    expect(at(2000)).toBe(1);
    expect(splat.colours[3]).toBeCloseTo(0.5, 5);
    expect(Array.from(splat.uvs.subarray(0, 8))).toEqual([0, 0.5, 0, 1, 0.5, 1, 0.5, 0.5]);
    expect(at(2499)).toBe(1);
    expect(at(2500)).toBe(0);
  });

  it("keeps the previous pass's splats of a looping sequence alive when looping", async () => {
    const { emitters, drops, splat } = await setup();
    // Key 500 of a 1000 ms loop, 2 s of life: at 300 the splats of the last two passes are alive.
    updateSplats(emitters, drops, 300, 0, 1000, true);
    expect(splat.count).toBe(2);
    updateSplats(emitters, drops, 300, 0, 1000, false);
    expect(splat.count).toBe(0);
  });
});

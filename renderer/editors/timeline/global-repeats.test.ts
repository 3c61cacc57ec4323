import { describe, expect, it } from 'vitest';
import { createKeyRepeats, keyRepeatsInRange, repeatTime } from './global-repeats';

const times = (timeMs: number, durationMs: number, lowMs: number, highMs: number, minStepMs = 0): number[] => {
  const repeats = keyRepeatsInRange(timeMs, durationMs, lowMs, highMs, minStepMs, createKeyRepeats());
  return Array.from({ length: repeats.count }, (_, index) => repeatTime(repeats, index));
};

describe('keys on a global sequence repeat every loop', () => {
  it('repeats a key once per loop after the real one, over the range asked for', () => {
    // The sample's wind sound: a key at 0 on a 20,000 ms global sequence, the timeline 0–80,000.
    expect(times(0, 20_000, 0, 80_000)).toEqual([20_000, 40_000, 60_000, 80_000]);
    expect(times(1_500, 20_000, 0, 80_000)).toEqual([21_500, 41_500, 61_500]);
  });

  it('never includes the real key, nor times before it', () => {
    expect(times(1_500, 20_000, -50_000, 25_000)).toEqual([21_500]);
    expect(times(1_500, 20_000, 0, 21_499)).toEqual([]);
  });

  it('starts at the first repeat inside the visible range', () => {
    expect(times(500, 1_000, 10_250, 13_500)).toEqual([10_500, 11_500, 12_500, 13_500]);
    expect(times(500, 1_000, 10_500, 10_500)).toEqual([10_500]);
  });

  it('gives nothing for keys the game never fires, empty loops and empty ranges', () => {
    expect(times(20_000, 20_000, 0, 100_000)).toEqual([]);
    expect(times(-1, 20_000, 0, 100_000)).toEqual([]);
    expect(times(0, 0, 0, 100_000)).toEqual([]);
    expect(times(0, -5, 0, 100_000)).toEqual([]);
    expect(times(0, Number.NaN, 0, 100_000)).toEqual([]);
    expect(times(0, 1_000, 5_000, 4_000)).toEqual([]);
  });

  it('thins loops closer than the minimum step, keeping the count bounded and the phase fixed while panning', () => {
    // A 1 ms loop seen at 1 px per 100 ms: a million loops would fall in this range.
    const repeats = keyRepeatsInRange(0, 1, 0, 1_000_000, 100, createKeyRepeats());
    expect(repeats.stepMs).toBe(100);
    expect(repeats.count).toBeLessThanOrEqual(10_001);
    expect(repeatTime(repeats, 0)).toBe(1);
    // Panned: the same loops (1 + 100·j), not a new set.
    expect(times(0, 1, 5_050, 5_400, 100)).toEqual([5_101, 5_201, 5_301]);
  });

  it('reuses the holder it is given', () => {
    const holder = createKeyRepeats();
    expect(keyRepeatsInRange(0, 10, 0, 30, 0, holder)).toBe(holder);
    expect(holder.count).toBe(3);
    keyRepeatsInRange(50, 10, 0, 30, 0, holder);
    expect(holder.count).toBe(0);
  });
});

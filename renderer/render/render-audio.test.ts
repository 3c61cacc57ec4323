import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/random';
import type { SoundMeaning } from '../../shared/game-tables';
import { soundStart } from '../audio/event-audio';
import { soundSeed } from './render-audio';
import { heardIn } from './render-mix';

const horse: SoundMeaning = {
  kind: 'sound',
  label: 'HorseDeath',
  files: ['Units\\Critters\\Horse\\HorseDeath1.wav', 'Units\\Critters\\Horse\\HorseDeath2.wav'],
  directory: 'Units\\Critters\\Horse',
  volume: 100,
  pitch: 1,
  pitchVariance: 0.2,
  minDistance: 0,
  maxDistance: 0,
  distanceCutoff: 0,
  foundIn: [],
};

describe('a render’s sounds', () => {
  it('start each key the same way every time (file, gain, rate by playback’s rules, seeded by name and time)', () => {
    const start = (keyMs: number) => soundStart(horse, seededRandom(soundSeed('SNDxDHOR', keyMs)));
    expect(start(1000)).toEqual(start(1000));
    expect(start(1000).gain).toBeCloseTo(100 / 127, 12);
    const rates = [0, 500, 1000, 1500, 2000, 2500, 3000, 3500].map((keyMs) => start(keyMs).rate);
    for (const rate of rates) expect(Math.abs(rate - 1)).toBeLessThanOrEqual(0.2);
    expect(new Set(rates).size).toBeGreaterThan(1); // the variance is applied, differently per key
    expect(soundSeed('SNDxDHOR', 1000)).not.toBe(soundSeed('SNDxDHOR', 1001));
    expect(soundSeed('SNDxDHOR', 1000)).not.toBe(soundSeed('SNDxDHOS', 1000));
  });

  it('hears a sound that starts in the range, or started before it and still plays', () => {
    expect(heardIn({ atSeconds: 1, rate: 1, duration: 0.4 }, 2)).toBe(true);
    expect(heardIn({ atSeconds: 2, rate: 1, duration: 0.4 }, 2)).toBe(false);
    expect(heardIn({ atSeconds: -0.3, rate: 1, duration: 0.4 }, 2)).toBe(true);
    expect(heardIn({ atSeconds: -0.3, rate: 2, duration: 0.4 }, 2)).toBe(false); // played twice as fast: over
  });
});

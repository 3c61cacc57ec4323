/**
 * KF2 mutants: three thousand plain files (and a thousand tagged ones) damaged (bytes flipped, cut
 * short, counts made to lie), each read, summarised and baked or refused with a one-line
 * CodecError — never another error.
 */
import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { mutateBytes, seededRandom } from '../testing/fuzz';
import { kf2ToMrf } from './cape';
import { readKf2 } from './read';
import { kf2Diagnostics, kf2Summary } from './summary';
import { capeScene } from './testing/kf2-builder';

function fuzz(sources: Uint8Array[], rounds: number, seed: number): { baked: number; refused: number } {
  const random = seededRandom(seed);
  const outcomes = { baked: 0, refused: 0 };
  for (let round = 0; round < rounds; round += 1) {
    const mutant = mutateBytes(sources[round % sources.length]!, random);
    try {
      const file = readKf2(mutant);
      kf2Summary(file);
      kf2Diagnostics(file);
      kf2ToMrf(file, { fps: 10 });
      outcomes.baked += 1;
    } catch (error) {
      if (!(error instanceof CodecError)) throw new Error(`round ${round}: ${String(error)}`, { cause: error });
      expect(error.message.split('\n'), error.message).toHaveLength(1);
      outcomes.refused += 1;
    }
  }
  return outcomes;
}

describe('KF2 fuzz', () => {
  it('reads or refuses 3,000 damaged plain files with CodecErrors only', () => {
    const outcomes = fuzz([capeScene(5), capeScene(0), capeScene(3)], 3000, 2);
    expect(outcomes.baked).toBeGreaterThan(400);
    expect(outcomes.refused).toBeGreaterThan(1000);
  });

  it('reads or refuses 1,000 damaged tagged files with CodecErrors only', () => {
    const outcomes = fuzz(
      [capeScene(5, { layout: 'tagged' }), capeScene(2, { layout: 'tagged', dataSize: true })],
      1000,
      3,
    );
    expect(outcomes.baked).toBeGreaterThan(100);
    expect(outcomes.refused).toBeGreaterThan(300);
  });
});

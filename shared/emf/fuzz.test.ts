/**
 * EMF mutants: a few thousand sets with one part damaged (bytes flipped, cut short, counts made
 * to lie), each read and baked or refused with a one-line CodecError — never another error.
 */
import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { mutateBytes, seededRandom } from '../testing/fuzz';
import { emfToMrf, loadEmfSet } from './cape';
import { readEmfMesh } from './read';
import { emfDiagnostics, emfSummary } from './summary';
import { wolfSet } from './testing/emf-builder';

describe('EMF fuzz', () => {
  it('reads or refuses 2,000 damaged sets with CodecErrors only', async () => {
    const random = seededRandom(15);
    const original = wolfSet();
    const names = Object.keys(original);
    const outcomes = { baked: 0, refused: 0 };
    for (let round = 0; round < 2000; round += 1) {
      const files = { ...original };
      const name = names[round % names.length]!;
      files[name] = mutateBytes(original[name]!, random);
      try {
        const set = await loadEmfSet(files['wolf.emf']!, 'wolf.emf', async (part) => {
          const bytes = files[part];
          if (!bytes)
            throw new CodecError({ format: 'emf', kind: 'invalid', where: part, offset: 0, detail: 'missing' });
          return bytes;
        });
        emfSummary(set, readEmfMesh(files['wolf.emf.coll']!, 'wolf.emf.coll', true));
        emfDiagnostics(set);
        emfToMrf(set, { fps: 10, animation: round % 2 });
        outcomes.baked += 1;
      } catch (error) {
        if (!(error instanceof CodecError))
          throw new Error(`round ${round} (${name}): ${String(error)}`, { cause: error });
        expect(error.message.split('\n'), error.message).toHaveLength(1);
        outcomes.refused += 1;
      }
    }
    expect(outcomes.baked).toBeGreaterThan(100);
    expect(outcomes.refused).toBeGreaterThan(300);
  });
});

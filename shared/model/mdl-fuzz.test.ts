/**
 * Fuzzing MDL reading and MDX ↔ MDL conversion with 10,000 seeded mutants (failures reproduce;
 * shared/model/fuzz.test.ts puts 10,000 MDX mutants through the MDX reader):
 * MDL texts (the spec fixtures printed for every version and, when ../shared is present, small
 * corpus MDL files and the MDL of small corpus MDX) mutated the way text gets damaged — a byte
 * changed, a brace, quote, comma, sign or digit inserted, a run deleted or repeated, the text cut —
 * through readMdlModel and the converter to MDX; and MDX mutants through the converter to MDL,
 * read back. Every mutant is read or refused with a CodecError (never another error), whatever is read
 * converts (or is refused with a CodecError), the MDL printed from any readable MDX reads back, and
 * no case is slow: a count trusted before checking it against the text would allocate hugely or
 * loop, and fail here.
 */
import { describe, expect, it } from 'vitest';
import { modelCorpus } from '../../tests/testing/corpus';
import { CodecError } from '../binary/codec-error';
import { encodeMdlText } from '../mdl/text';
import { HANG_LIMIT_MS, HangGuard, mutateBytes, seededRandom } from '../testing/fuzz';
import { convertModel } from './convert';
import { readMdlModel, writeMdlModel } from './mdl-model';
import { readMdxModel } from './mdx-model';
import { fullModelBytes } from './testing/fixture-bytes';
import { fullModelSpec } from './testing/fixtures';

const MDL_MUTANTS = 6_500;
const MDX_MUTANTS = 3_500;
/**
 * Time the whole run may take: some 12 s alone, three or four times that while the suite's other files share two
 * busy cores (each case has its own hang guard; this is not a speed check).
 */
const FUZZ_TIMEOUT_MS = 180_000;
const CORPUS_MDL = [
  'Retera__ReterasModelStudio/HayatesCharacterEngine__mesh__extras__heroglow.mdl',
  'Retera__ReterasModelStudio/JesusHipsterAttachmentSystem__debug__TunableKaelSpheres.mdl',
];
const CORPUS_MDX = [
  // PREM, PRE2, RIBB, LITE, EVTS, CLID, TXAN between them (the fixtures hold every kind).
  'dbz-tribute-reforged__dbz-tribute-reforged/maps__Tribute_Reforged.w3x__CataclysmicOrb.mdx',
  'dbz-tribute-reforged__dbz-tribute-reforged/maps__Tribute_Reforged.w3x__StarSFX.mdx',
];
if (!modelCorpus.present) console.warn(`MDL fuzz: fuzzing the fixtures only, ${modelCorpus.absence}`);

/** What text damage inserts: structure, signs, exponents, separators, words. */
const INSERTS = ['{', '}', '"', ',', ':', '-', 'e', '9', '.', ' ', '\n', '//', '/*', 'static ', 'NaN', '99999999'].map(
  (text) => encodeMdlText(text),
);

function mutateText(source: Uint8Array, random: () => number): Uint8Array {
  const pick = (limit: number) => Math.floor(random() * limit);
  const at = pick(source.length + 1);
  const splice = (parts: Uint8Array[]) => {
    const result = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      result.set(part, offset);
      offset += part.length;
    }
    return result;
  };
  switch (pick(5)) {
    case 0: {
      const copy = source.slice();
      if (copy.length > 0) copy[Math.min(at, copy.length - 1)] = pick(256);
      return copy;
    }
    case 1:
      return splice([source.subarray(0, at), INSERTS[pick(INSERTS.length)]!, source.subarray(at)]);
    case 2:
      return splice([source.subarray(0, at), source.subarray(Math.min(source.length, at + 1 + pick(40)))]);
    case 3: {
      const from = pick(source.length);
      return splice([source.subarray(0, at), source.subarray(from, from + pick(80)), source.subarray(at)]);
    }
    default:
      return source.subarray(0, at);
  }
}

/** Runs `task`; a CodecError counts as refused, any other error fails the test. */
function refusedOrDone(task: () => void): boolean {
  try {
    task();
    return false;
  } catch (error) {
    if (error instanceof CodecError) return true;
    throw error;
  }
}

describe('MDL fuzzing', () => {
  const fixtures = [800, 900, 1100, 1200].map((version) => fullModelBytes(fullModelSpec(version)));
  const mdxSources = [...fixtures];
  if (modelCorpus.present) for (const file of CORPUS_MDX) mdxSources.push(modelCorpus.bytes(file));
  const mdlSources = mdxSources.map((mdx) => writeMdlModel(readMdxModel(mdx)));
  if (modelCorpus.present) for (const file of CORPUS_MDL) mdlSources.push(modelCorpus.bytes(file));

  it(
    `reads or refuses (CodecError) ${MDL_MUTANTS.toLocaleString('en')} MDL mutants and converts what it reads`,
    () => {
      const random = seededRandom(20261125);
      const guard = new HangGuard(HANG_LIMIT_MS, () => performance.now());
      const outcomes = { refused: 0, clean: 0, withErrors: 0, notConverted: 0 };
      for (let round = 0; round < MDL_MUTANTS; round += 1) {
        let mutant = mdlSources[round % mdlSources.length]!;
        for (let steps = 1 + Math.floor(random() * 3); steps > 0; steps -= 1) mutant = mutateText(mutant, random);
        guard.run(round, () => {
          let read: ReturnType<typeof readMdlModel> | undefined;
          if (refusedOrDone(() => (read = readMdlModel(mutant)))) {
            outcomes.refused += 1;
            return;
          }
          if (read!.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) outcomes.withErrors += 1;
          else outcomes.clean += 1;
          if (refusedOrDone(() => convertModel(mutant, 'mdl', 'mdx'))) outcomes.notConverted += 1;
        });
      }
      // The mutants reach the block readers: many are refused (cut), many open with errors, many read clean.
      expect(outcomes.refused).toBeGreaterThan(MDL_MUTANTS * 0.1);
      expect(outcomes.withErrors).toBeGreaterThan(MDL_MUTANTS * 0.1);
      expect(outcomes.clean).toBeGreaterThan(MDL_MUTANTS * 0.05);
      // Not a benchmark: a guard against a pathological input that hangs or allocates hugely.
      expect(guard.slowestMs, `case ${guard.slowestCase}`).toBeLessThan(HANG_LIMIT_MS);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    `converts ${MDX_MUTANTS.toLocaleString('en')} MDX mutants to MDL that reads back, or refuses them`,
    () => {
      const random = seededRandom(20261126);
      const guard = new HangGuard(HANG_LIMIT_MS, () => performance.now());
      let converted = 0;
      for (let round = 0; round < MDX_MUTANTS; round += 1) {
        const mutant = mutateBytes(mdxSources[round % mdxSources.length]!, random);
        guard.run(round, () => {
          let text: Uint8Array | undefined;
          if (refusedOrDone(() => (text = convertModel(mutant, 'mdx', 'mdl').bytes))) return;
          // What we print always reads back.
          readMdlModel(text!);
          converted += 1;
        });
      }
      expect(converted).toBeGreaterThan(MDX_MUTANTS * 0.3);
      expect(guard.slowestMs, `case ${guard.slowestCase}`).toBeLessThan(HANG_LIMIT_MS);
    },
    FUZZ_TIMEOUT_MS,
  );
});

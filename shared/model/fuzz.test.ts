/**
 * Fuzzing the typed model with 10,000 mutated and cut models (seeded, so failures reproduce):
 * fixtures of every version and, when ../shared is present, corpus files that hold every chunk
 * kind the corpus has; half of the mutants change the whole file, half one chunk's body (its size
 * fixed up, so that the kind readers see the damage). Every mutant is either refused with a
 * CodecError (only when its chunk table cannot be walked) or read — damage inside a chunk keeps
 * that chunk as bytes — and then written back byte-identical, quickly: a count the reader trusted
 * before checking it against the bytes left would allocate hugely or loop, and fail here.
 */
import { describe, expect, it } from 'vitest';
import { modelCorpus } from '../../tests/testing/corpus';
import { CodecError } from '../binary/codec-error';
import { replaceChunkBody, writeMdx } from '../mdx/container';
import { readMdx } from './mdx-file';
import { HANG_LIMIT_MS, HangGuard, mutateBytes, seededRandom } from '../testing/fuzz';
import { isParsedChunk, readMdxModel, writeMdxModel } from './mdx-model';
import { fullModelBytes } from './testing/fixture-bytes';
import { fullModelSpec } from './testing/fixtures';

const CORPUS_FILES = [
  // TXAN, GEOS, GEOA, BONE, LITE, HELP, ATCH, PREM, PRE2, RIBB, CAMS, EVTS, CLID.
  'dbz-tribute-reforged__dbz-tribute-reforged/maps__Tribute_Reforged.w3x__ValkBlueSpin.mdx',
  'dbz-tribute-reforged__dbz-tribute-reforged/maps__Tribute_Reforged.w3x__CataclysmicOrb.mdx',
  // A LITE chunk whose size leaves out a track.
  'dbz-tribute-reforged__dbz-tribute-reforged/maps__Tribute_Reforged.w3x__FountainOfSouls.mdx',
  // Version 1200: layers with texture slots, lights with a shadow intensity.
  'Warcraft-3-Risk__wc3-risk-system/maps__risk_asia.w3x__units__creeps__HumanBattleship__HumanBattleship.mdx',
  'wiselencave__Warcraft_MRF_Blender/test__MRF_126.w3m__units__human__Footman__Footman_portrait.mdx',
];
const MUTANTS = 10_000;
if (!modelCorpus.present) console.warn(`Typed model fuzz: fuzzing the fixtures only, ${modelCorpus.absence}`);

/** A mutant with one chunk's body mutated and its size fixed up, so that the chunk table still walks. */
function mutateChunk(source: Uint8Array, random: () => number): Uint8Array {
  const container = readMdx(source);
  const index = Math.floor(random() * container.chunks.length);
  return writeMdx(replaceChunkBody(container, index, mutateBytes(container.chunks[index]!.body, random)));
}

function same(left: Uint8Array, right: Uint8Array): boolean {
  if (left.byteLength !== right.byteLength) return false;
  for (let index = 0; index < left.byteLength; index += 1) if (left[index] !== right[index]) return false;
  return true;
}

describe('typed model fuzzing', () => {
  it(`reads or refuses (CodecError) ${MUTANTS.toLocaleString('en')} mutants, writes back every one it reads`, () => {
    const sources = [800, 900, 1100, 1200].map((version) => fullModelBytes(fullModelSpec(version)));
    if (modelCorpus.present) for (const file of CORPUS_FILES) sources.push(modelCorpus.bytes(file));
    const random = seededRandom(20261124);
    const guard = new HangGuard(HANG_LIMIT_MS, () => performance.now());
    const outcomes = { refused: 0, allTyped: 0, someKeptAsBytes: 0 };
    for (let round = 0; round < MUTANTS; round += 1) {
      const source = sources[round % sources.length]!;
      const mutant = round % 2 === 0 ? mutateBytes(source, random) : mutateChunk(source, random);
      guard.run(round, () => {
        let model;
        try {
          model = readMdxModel(mutant);
        } catch (error) {
          if (!(error instanceof CodecError)) throw error;
          outcomes.refused += 1;
          return;
        }
        if (!same(writeMdxModel(model), mutant))
          throw new Error(`round ${round}: the mutant was not written back as read`);
        if (model.diagnostics.some((diagnostic) => diagnostic.code === 'model.unread-chunk'))
          outcomes.someKeptAsBytes += 1;
        else if (model.chunks.every((chunk) => isParsedChunk(chunk) || chunk.tag === 'MDVI')) outcomes.allTyped += 1;
      });
    }
    // All three outcomes happen: the mutants reach the kind readers, and damage inside a chunk is not refused.
    expect(outcomes.refused).toBeGreaterThan(MUTANTS * 0.05);
    expect(outcomes.someKeptAsBytes).toBeGreaterThan(MUTANTS * 0.1);
    expect(outcomes.allTyped).toBeGreaterThan(MUTANTS * 0.1);
    // Not a benchmark: a guard against a pathological input that hangs or allocates hugely.
    expect(guard.slowestMs, `case ${guard.slowestCase}`).toBeLessThan(HANG_LIMIT_MS);
  });
});

/**
 * Fuzzing the MDX codec with mutated and cut models (seeded, so failures reproduce): every mutant
 * is either refused with a CodecError or read — and then written back byte-identical, its header and
 * nodes read through their kinds, validated and its event objects edited without any other kind of error.
 */
import { describe, expect, it } from 'vitest';
import { modelCorpus } from '../../tests/testing/corpus';
import { CodecError } from '../binary/codec-error';
import { mutateBytes as mutate, seededRandom } from '../testing/fuzz';
import { writeMdx } from '../mdx/container';
import { readMdx } from '../model/mdx-file';
import { MdxEditError } from '../model/mdx-renumber';
import { validateMdx } from '../model/mdx-validate';
import { modelNodes } from '../model/model-nodes';
import { testModelBytes } from '../model/testing/mdx-bytes';
import { parsedChunkOf, typedModelOf } from '../model/typed-chunks';
import { insertEventObject, removeEventObject } from './mdx-edits';

const corpusFiles = [
  'wiselencave__Warcraft_MRF_Blender/test__MRF_126.w3m__units__human__Footman__Footman_portrait.mdx',
  'Warcraft-3-Risk__wc3-risk-system/maps__risk_asia.w3x__units__creeps__HumanBattleship__HumanBattleship.mdx',
  'dbz-tribute-reforged__dbz-tribute-reforged/maps__Tribute_Reforged.w3x__ValkBlueSpin.mdx',
  'dbz-tribute-reforged__dbz-tribute-reforged/maps__Tribute_Reforged.w3x__MortarMissilePurple.mdx',
  'nazarpunk__wc3-map-edemium-legacy/map__war3mapImported__Basket02.mdx',
];
if (!modelCorpus.present) console.warn(`MDX fuzz: fuzzing the in-memory models only, ${modelCorpus.absence}`);

function same(left: Uint8Array, right: Uint8Array): boolean {
  if (left.byteLength !== right.byteLength) return false;
  for (let index = 0; index < left.byteLength; index += 1) if (left[index] !== right[index]) return false;
  return true;
}

/** Reads a mutant every way the codec offers; returns whether it was read (false: refused with a CodecError). */
function exercise(bytes: Uint8Array): boolean {
  let model;
  try {
    model = readMdx(bytes);
  } catch (error) {
    if (error instanceof CodecError) return false;
    throw error;
  }
  expect(same(writeMdx(model), bytes)).toBe(true);
  for (const tag of ['MODL', 'SEQS', 'GLBS'] as const) parsedChunkOf(model, tag);
  modelNodes(typedModelOf(model));
  validateMdx(model);
  const count = parsedChunkOf(model, 'EVTS')?.length ?? 0;
  try {
    const inserted = insertEventObject(model, count, {
      name: 'MRFxFUZZ',
      keys: { globalSequenceId: -1, frames: Int32Array.of(10) },
    });
    const reread = readMdx(writeMdx(inserted));
    expect(parsedChunkOf(reread, 'EVTS')?.at(-1)?.node.name).toBe('MRFxFUZZ');
    const removed = removeEventObject(reread, count);
    // Removing what was inserted restores the bytes, except for the EVTS or PIVT chunk an insert
    // had to create, which stays (empty).
    const created =
      !model.chunks.some((chunk) => chunk.tag === 'EVTS') || !model.chunks.some((chunk) => chunk.tag === 'PIVT');
    if (!created) expect(same(writeMdx(removed), bytes)).toBe(true);
  } catch (error) {
    if (!(error instanceof MdxEditError)) throw error;
  }
  return true;
}

describe('MDX fuzzing', () => {
  it('reads or refuses (CodecError) every mutated or cut model, and never loses a byte of those it reads', () => {
    const sources = [testModelBytes(), testModelBytes({ version: 1200, camerasBeforeEvents: true })];
    if (modelCorpus.present) for (const file of corpusFiles) sources.push(modelCorpus.bytes(file));
    const random = seededRandom(20261122);
    let read = 0;
    let refused = 0;
    const mutantsPerSource = 250;
    for (const source of sources) {
      for (let trial = 0; trial < mutantsPerSource; trial += 1) {
        const mutant = mutate(source, random);
        if (exercise(mutant)) read += 1;
        else refused += 1;
      }
    }
    // Both outcomes happen: the fuzzer reaches past the chunk table, and refusals are not the only answer.
    expect(read).toBeGreaterThan(sources.length * mutantsPerSource * 0.2);
    expect(refused).toBeGreaterThan(sources.length * mutantsPerSource * 0.1);
  });
});

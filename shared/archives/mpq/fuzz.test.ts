/**
 * Fuzz: 10,000 mutated archives (bytes flipped in the header, the tables and the sectors of every
 * compression, words overwritten, tails cut). Opening, listing and reading every entry either works
 * or throws a CodecError: never another error, never a hang. Bases come from smpq when it is
 * installed (every compression), and from our own writer always.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodecError } from '../../binary/codec-error';
import { seededRandom } from '../../random';
import { buildArchive, findSmpq, temporaryFolder } from '../../../tests/testing/smpq';
import { MpqArchive } from './archive';
import { memorySource } from './source';
import { noise, text, wav } from './testing/samples';
import { emptyMpq, writeMpq } from './writer';

const CASES = 10_000;
/** A case slower than this (on its fastest of four runs) is a hang. */
const HANG_LIMIT_MS = 1_000;

function smallFiles(prefix: string) {
  return [
    { name: `${prefix}\\a.txt`, bytes: text(6_000, 1) },
    { name: `${prefix}\\b.bin`, bytes: noise(700, 2) },
  ];
}

async function bases(): Promise<Uint8Array[]> {
  const ours = await writeMpq(
    await MpqArchive.open(memorySource(emptyMpq())),
    smallFiles('Ours').map((file) => ({ kind: 'put' as const, ...file })),
    { createListfile: true },
  );
  const all = [ours.bytes];
  if (!findSmpq()) return all;
  const layouts = [
    { compression: 'BZIP2' },
    { compression: 'PKWARE', encrypt: true },
    { compression: 'HUFFMANN', sectorCrc: true },
    { compression: 'IMPLODE' },
    { compression: 'SPARSE+ZLIB', encrypt: true, fixKey: true },
    { singleUnit: true },
  ];
  for (const [index, options] of layouts.entries()) {
    const path = join(temporaryFolder(), `base${index}.mpq`);
    buildArchive(path, [
      { files: smallFiles('Base'), options },
      { files: [{ name: 'w.wav', bytes: wav(1500, 2, index) }], options: { compression: 'HUFFMANN+ADPCM_STEREO' } },
    ]);
    all.push(new Uint8Array(readFileSync(path)));
  }
  return all;
}

function mutate(base: Uint8Array, random: () => number): Uint8Array {
  const bytes = base.slice();
  const pick = random();
  if (pick < 0.1) return bytes.subarray(0, Math.floor(random() * bytes.length));
  const flips = 1 + Math.floor(random() * 6);
  for (let flip = 0; flip < flips; flip += 1) {
    // Half the flips land in the header and the tables at the end, where one byte changes the most.
    const region = random();
    const at =
      region < 0.2
        ? Math.floor(random() * 32)
        : region < 0.5
          ? bytes.length - 1 - Math.floor(random() * Math.min(bytes.length, 600))
          : Math.floor(random() * bytes.length);
    if (pick < 0.7) bytes[at] = Math.floor(random() * 256);
    else if (at + 4 <= bytes.length) new DataView(bytes.buffer).setUint32(at, Math.floor(random() * 2 ** 32), true);
  }
  return bytes;
}

async function exercise(bytes: Uint8Array): Promise<'read' | 'refused'> {
  try {
    const archive = await MpqArchive.open(memorySource(bytes));
    for (const entry of archive.entries()) {
      try {
        await archive.read(entry);
      } catch (error) {
        if (!(error instanceof CodecError)) throw error;
      }
    }
    return 'read';
  } catch (error) {
    if (error instanceof CodecError) return 'refused';
    throw error;
  }
}

describe('MPQ fuzz', () => {
  it(`reads or refuses ${CASES} mutated archives with a CodecError, never hanging`, async () => {
    const sources = await bases();
    const random = seededRandom(0x4d5051);
    const outcomes = { read: 0, refused: 0 };
    let slowest = 0;
    for (let round = 0; round < CASES; round += 1) {
      const mutated = mutate(sources[round % sources.length]!, random);
      let best = Infinity;
      for (let attempt = 0; attempt < 4 && best >= HANG_LIMIT_MS; attempt += 1) {
        const started = performance.now();
        try {
          outcomes[await exercise(mutated)] += 1;
        } catch (error) {
          throw new Error(`round ${round}: ${String(error)}`, { cause: error });
        }
        best = Math.min(best, performance.now() - started);
      }
      slowest = Math.max(slowest, best);
    }
    expect(slowest).toBeLessThan(HANG_LIMIT_MS);
    expect(outcomes.read).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  }, 120_000);
});

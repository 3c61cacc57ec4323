/**
 * The writer against StormLib (smpq): after add, replace and remove on archives smpq built (every
 * layout, encrypted files with the offset-adjusted key that must be re-keyed when they move) and on
 * the corpus maps, every untouched file reads back byte-identical, smpq lists and extracts the
 * result with no error and the same bytes, and the header, hash table, listfile and attributes hold.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeCorpus, mapCorpus } from '../../../tests/testing/corpus';
import {
  buildArchive,
  extractWithSmpq,
  listWithSmpq,
  smpqSkipReason,
  temporaryFolder,
  type ArchiveInput,
} from '../../../tests/testing/smpq';
import { MpqArchive } from './archive';
import { memorySource } from './source';
import { byteDifference } from './testing/bytes';
import { checkWritten, type Expectation } from './testing/check-written';
import { noise, text, wav } from './testing/samples';
import { writeMpq, type MpqEdit } from './writer';

const skip = smpqSkipReason();

/** Writes `edits` into the archive at `path`, checks the result ourselves and through smpq; returns the new bytes. */
async function editAndCheck(path: string, edits: MpqEdit[]): Promise<Uint8Array> {
  const original = new Uint8Array(readFileSync(path));
  const archive = await MpqArchive.open(memorySource(original));
  const { bytes } = await writeMpq(archive, edits, { fileTimeMs: Date.UTC(2026, 0, 1) });
  const expectation: Expectation = {
    puts: new Map(edits.flatMap((edit) => (edit.kind === 'put' ? [[edit.name, edit.bytes] as const] : []))),
    removed: edits.flatMap((edit) => (edit.kind === 'remove' ? [edit.name] : [])),
  };
  expect(await checkWritten(original, bytes, expectation)).toEqual([]);
  const outPath = join(temporaryFolder(), 'written.w3x');
  writeFileSync(outPath, bytes);
  const listed = listWithSmpq(outPath).map((name) => name.toLowerCase());
  const written = await MpqArchive.open(memorySource(bytes));
  for (const entry of written.entries())
    if (entry.name && !entry.name.startsWith('(')) expect(listed).toContain(entry.name.toLowerCase());
  const extracted = extractWithSmpq(outPath);
  for (const [name, content] of extracted) expect(byteDifference(await written.read(name), content), name).toBe('same');
  for (const [name, content] of expectation.puts)
    expect(byteDifference(extracted.get(name)!, content), name).toBe('same');
  for (const name of expectation.removed) expect(extracted.has(name)).toBe(false);
  return bytes;
}

function files(prefix: string): ArchiveInput[] {
  return [
    { name: `${prefix}\\a.txt`, bytes: text(12_345, 21) },
    { name: `${prefix}\\b.blp`, bytes: noise(9_000, 22) },
    { name: `${prefix}\\c.mdx`, bytes: text(40_000, 23) },
  ];
}

describe.skipIf(skip !== null)(`MPQ writer against smpq${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('adds, replaces and removes files, re-keys encrypted files that move, keeps the rest byte for byte', async () => {
    const path = join(temporaryFolder(), 'layouts.mpq');
    buildArchive(path, [
      { files: files('First') },
      { files: files('FixKey'), options: { encrypt: true, fixKey: true } },
      { files: files('Crypt'), options: { encrypt: true, compression: 'BZIP2' } },
      { files: files('Single'), options: { singleUnit: true, encrypt: false } },
      { files: files('Checked'), options: { sectorCrc: true, encrypt: true, fixKey: true } },
      { files: [{ name: 'Sound\\s.wav', bytes: wav(5000, 2, 4) }], options: { compression: 'HUFFMANN+ADPCM_STEREO' } },
    ]);
    await editAndCheck(path, [
      { kind: 'remove', name: 'First\\a.txt' },
      { kind: 'put', name: 'First\\b.blp', bytes: text(5_000, 30) },
      { kind: 'put', name: 'Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0006.mrf', bytes: noise(33_333, 31) },
      { kind: 'put', name: 'empty.txt', bytes: new Uint8Array(0) },
    ]);
  });

  it('grows a full hash table to a larger power of two', async () => {
    const path = join(temporaryFolder(), 'full.mpq');
    buildArchive(path, [{ files: files('Small') }], 8);
    const before = await MpqArchive.open(memorySource(new Uint8Array(readFileSync(path))));
    const sizeBefore = before.hashTable.declaredCount;
    expect(sizeBefore).toBeLessThanOrEqual(16);
    const puts: MpqEdit[] = Array.from({ length: 20 }, (_, index) => ({
      kind: 'put',
      name: `Many\\file${index}.txt`,
      bytes: text(100 + index * 50, index),
    }));
    const bytes = await editAndCheck(path, puts);
    const after = await MpqArchive.open(memorySource(bytes));
    expect(after.hashTable.declaredCount).toBeGreaterThan(sizeBefore);
  });

  it('gives back the same bytes when there is nothing to change', async () => {
    const path = join(temporaryFolder(), 'same.mpq');
    buildArchive(path, [{ files: files('Same') }]);
    const original = new Uint8Array(readFileSync(path));
    const { bytes } = await writeMpq(await MpqArchive.open(memorySource(original)), []);
    expect(byteDifference(bytes, original)).toBe('same');
  });
});

describeCorpus(mapCorpus, 'MPQ writer over the corpus maps', () => {
  for (const row of mapCorpus.manifest()) {
    it.skipIf(skip !== null)(`${row.file}: add, replace, remove and smpq agrees`, async () => {
      const path = join(mapCorpus.directory, row.file!);
      const archive = await MpqArchive.open(memorySource(mapCorpus.bytes(row.file!)));
      const names = archive
        .entries()
        .map((entry) => entry.name!)
        .filter((name) => name && !name.startsWith('('))
        .sort();
      await editAndCheck(path, [
        { kind: 'put', name: 'Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0006.mrf', bytes: noise(20_000, 40) },
        { kind: 'put', name: names[0]!, bytes: text(3_000, 41) },
        { kind: 'remove', name: names[names.length - 1]! },
      ]);
    });
  }
});

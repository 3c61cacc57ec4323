/**
 * The real maps of ../shared/corpus-maps: every file extracts as `smpq -x` extracts it, and the
 * listing holds every name smpq lists.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeCorpus, mapCorpus } from '../../../tests/testing/corpus';
import { extractWithSmpq, listWithSmpq, smpqSkipReason } from '../../../tests/testing/smpq';
import { MpqArchive } from './archive';
import { memorySource } from './source';
import { byteDifference } from './testing/bytes';

const skip = mapCorpus.present ? smpqSkipReason() : null;

describeCorpus(mapCorpus, 'MPQ reader over the corpus maps', () => {
  for (const row of mapCorpus.manifest()) {
    it.skipIf(skip !== null)(
      `${row.file}: every file reads as smpq extracts it${skip ? ` (skipped: ${skip})` : ''}`,
      async () => {
        const path = join(mapCorpus.directory, row.file!);
        const bytes = mapCorpus.bytes(row.file!);
        expect(bytes.length).toBe(Number(row.bytes));
        const archive = await MpqArchive.open(memorySource(bytes));
        expect(archive.hasMapHeader).toBe(true);
        expect(archive.warnings).toEqual([]);
        const expected = extractWithSmpq(path);
        expect(expected.size).toBeGreaterThan(0);
        for (const [name, content] of expected)
          expect(byteDifference(await archive.read(name), content), name).toBe('same');
        const listed = new Set(archive.entries().map((entry) => entry.label.toLowerCase()));
        for (const name of listWithSmpq(path)) expect(listed.has(name.toLowerCase()), name).toBe(true);
      },
    );
  }
});

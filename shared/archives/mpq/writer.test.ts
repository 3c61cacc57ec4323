/**
 * The writer without smpq: stored sizes that lie in the block table (the offset table decides what
 * a sector file occupies), edits that refuse (the archive's own files, removing what is not there),
 * a hash table rebuilt only when every kept entry has a name.
 */
import { describe, expect, it } from 'vitest';
import { CodecError } from '../../binary/codec-error';
import { MpqArchive } from './archive';
import { decryptInPlace, encryptInPlace, readWord, writeWord } from './crypto';
import { memorySource } from './source';
import { BLOCK_TABLE_KEY } from './tables';
import { byteDifference } from './testing/bytes';
import { noise, text } from './testing/samples';
import { emptyMpq, writeMpq } from './writer';

const FILES = new Map<string, Uint8Array>([
  ['war3map.j', text(20_000, 1)],
  ['Units\\Footman.mdx', noise(6_000, 2)],
  ['war3map.w3e', text(9_000, 3)],
]);

async function sample(createListfile = true): Promise<Uint8Array> {
  const base = await MpqArchive.open(memorySource(emptyMpq()));
  const edits = [...FILES].map(([name, bytes]) => ({ kind: 'put' as const, name, bytes }));
  return (await writeMpq(base, edits, { createListfile })).bytes;
}

function patchStoredSize(bytes: Uint8Array, blockIndex: number, value: number): void {
  const position = readWord(bytes, 20);
  const table = bytes.subarray(position, position + readWord(bytes, 28) * 16);
  decryptInPlace(table, BLOCK_TABLE_KEY);
  writeWord(table, blockIndex * 16 + 4, value);
  encryptInPlace(table, BLOCK_TABLE_KEY);
}

async function rejection(run: () => Promise<unknown>): Promise<CodecError> {
  const error = await run().then(
    () => null,
    (caught: unknown) => caught,
  );
  if (error instanceof CodecError) return error;
  throw new Error(`expected a CodecError, got ${String(error)}`);
}

describe('MPQ writer', () => {
  it('copies what the offset table names when the block table’s stored size lies', async () => {
    const bytes = await sample();
    const before = await MpqArchive.open(memorySource(bytes));
    patchStoredSize(bytes, before.find('war3map.j')!.blockIndex, 7);
    patchStoredSize(bytes, before.find('war3map.w3e')!.blockIndex, 0x00ffffff);
    const lying = await MpqArchive.open(memorySource(bytes));
    const { bytes: written } = await writeMpq(lying, [{ kind: 'put', name: 'new.txt', bytes: text(100, 9) }]);
    const after = await MpqArchive.open(memorySource(written));
    for (const [name, content] of FILES) expect(byteDifference(await after.read(name), content), name).toBe('same');
    expect(after.find('war3map.j')!.storedSize).toBe(before.find('war3map.j')!.storedSize);
  });

  it('refuses edits of the archive’s own files and removals of files it does not hold', async () => {
    const archive = await MpqArchive.open(memorySource(await sample()));
    const own = await rejection(() =>
      writeMpq(archive, [{ kind: 'put', name: '(listfile)', bytes: new Uint8Array(1) }]),
    );
    expect(own.where).toBe('edit (listfile)');
    const missing = await rejection(() => writeMpq(archive, [{ kind: 'remove', name: 'nothing.txt' }]));
    expect(missing.detail).toMatch(/no such file/);
  });

  it('rebuilds a full hash table only when every kept entry has a name', async () => {
    const unnamed = await MpqArchive.open(memorySource(await sample(false)));
    const many = Array.from({ length: 20 }, (_, index) => ({
      kind: 'put' as const,
      name: `Many\\${index}.txt`,
      bytes: text(50, index),
    }));
    const refused = await rejection(() => writeMpq(unnamed, many));
    expect(refused).toMatchObject({ kind: 'unsupported', where: 'hash table' });
    const named = await MpqArchive.open(memorySource(await sample(false)), { listfile: [...FILES.keys()] });
    const { bytes } = await writeMpq(named, many);
    const grown = await MpqArchive.open(memorySource(bytes), { listfile: [...FILES.keys()] });
    expect(grown.hashTable.declaredCount).toBe(32);
    for (const [name, content] of FILES) expect(byteDifference(await grown.read(name), content), name).toBe('same');
    expect(await grown.read('Many\\19.txt')).toEqual(text(50, 19));
  });
});

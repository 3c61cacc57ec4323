/**
 * The reader on archives built here (no smpq needed): lookups, the header found past a map header
 * block, protected-map tricks (bogus version fields, table sizes that lie, offsets that wrap,
 * garbage entries) and damaged archives refused with a CodecError naming the entry and offset.
 */
import { describe, expect, it } from 'vitest';
import { CodecError } from '../../binary/codec-error';
import { MpqArchive } from './archive';
import { HEADER_SIZE } from './constants';
import { decryptInPlace, encryptInPlace, readWord, writeWord } from './crypto';
import { memorySource } from './source';
import { BLOCK_TABLE_KEY, HASH_TABLE_KEY } from './tables';
import { byteDifference } from './testing/bytes';
import { noise, text } from './testing/samples';
import { emptyMpq, writeMpq } from './writer';

const FILES = new Map<string, Uint8Array>([
  ['war3map.j', text(20_000, 1)],
  ['Units\\Footman.mdx', noise(6_000, 2)],
  ['Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0006.mrf', text(9_000, 3)],
]);

/** An archive of FILES behind a 512-byte HM3W block. */
async function sampleMap(createListfile = true): Promise<Uint8Array> {
  const base = await MpqArchive.open(memorySource(emptyMpq()));
  const edits = [...FILES].map(([name, bytes]) => ({ kind: 'put' as const, name, bytes }));
  const { bytes } = await writeMpq(base, edits, { createListfile });
  const map = new Uint8Array(512 + bytes.length);
  map.set([0x48, 0x4d, 0x33, 0x57]);
  map.set(bytes, 512);
  return map;
}

async function refusal(bytes: Uint8Array, name?: string): Promise<CodecError> {
  try {
    const archive = await MpqArchive.open(memorySource(bytes));
    for (const entry of archive.entries()) if (!name || entry.name === name) await archive.read(entry);
  } catch (error) {
    if (error instanceof CodecError) return error;
    throw error;
  }
  throw new Error('expected a CodecError');
}

/** Rewrites one block table entry's word (decrypting and encrypting the table around it). */
function patchBlock(map: Uint8Array, blockIndex: number, word: number, value: number): void {
  const header = 512;
  const position = header + readWord(map, header + 20);
  const count = readWord(map, header + 28);
  const table = map.subarray(position, position + count * 16);
  decryptInPlace(table, BLOCK_TABLE_KEY);
  writeWord(table, blockIndex * 16 + word * 4, value);
  encryptInPlace(table, BLOCK_TABLE_KEY);
}

describe('MPQ reader', () => {
  it('finds the header after the HM3W block and reads every file', async () => {
    const map = await sampleMap();
    const archive = await MpqArchive.open(memorySource(map));
    expect(archive.header.offset).toBe(512);
    expect(archive.hasMapHeader).toBe(true);
    for (const [name, bytes] of FILES) expect(byteDifference(await archive.read(name), bytes)).toBe('same');
    expect(archive.find('WAR3MAP.J')).not.toBeNull();
    expect(archive.find('units/footman.mdx')?.name).toBe('units/footman.mdx');
    expect(archive.find('missing.txt')).toBeNull();
    expect(archive.entries().map((entry) => entry.name)).toContain('Units\\Footman.mdx');
  });

  it('reads the header as version 0 whatever its version and size fields say', async () => {
    const map = await sampleMap();
    map[512 + 12] = 0x37; // format version
    writeWord(map, 512 + 4, 0xdeadbeef); // header size
    const archive = await MpqArchive.open(memorySource(map));
    expect(byteDifference(await archive.read('war3map.j'), FILES.get('war3map.j')!)).toBe('same');
  });

  it('clamps a block table whose declared size runs past the end, and skips garbage entries', async () => {
    const map = await sampleMap();
    writeWord(map, 512 + 28, 0x00ffffff);
    const archive = await MpqArchive.open(memorySource(map));
    expect(archive.blockTable.count).toBeLessThan(archive.blockTable.declaredCount);
    expect(byteDifference(await archive.read('war3map.j'), FILES.get('war3map.j')!)).toBe('same');
  });

  it('follows table positions that wrap around 2^32 (a table stored before the header)', async () => {
    const map = await sampleMap();
    const hashPosition = 512 + readWord(map, 512 + 16);
    const hashBytes = readWord(map, 512 + 24) * 16;
    map.copyWithin(100, hashPosition, hashPosition + hashBytes); // into the HM3W block's padding
    map.fill(0, hashPosition, hashPosition + hashBytes);
    writeWord(map, 512 + 16, (100 - 512) >>> 0);
    const archive = await MpqArchive.open(memorySource(map));
    expect(archive.hashTable.offset).toBe(100);
    expect(byteDifference(await archive.read('war3map.j'), FILES.get('war3map.j')!)).toBe('same');
  });

  it('skips garbage hash entries whose block index is past the block table', async () => {
    const map = await sampleMap();
    const archive = await MpqArchive.open(memorySource(map));
    const slot = archive.find('Units\\Footman.mdx')!.hashIndex;
    const position = 512 + readWord(map, 512 + 16);
    const table = map.subarray(position, position + readWord(map, 512 + 24) * 16);
    decryptInPlace(table, HASH_TABLE_KEY);
    writeWord(table, slot * 16 + 12, 0x7fff);
    encryptInPlace(table, HASH_TABLE_KEY);
    const patched = await MpqArchive.open(memorySource(map));
    expect(patched.find('Units\\Footman.mdx')).toBeNull();
    expect(patched.entries().map((entry) => entry.name)).not.toContain('Units\\Footman.mdx');
    expect(byteDifference(await patched.read('war3map.j'), FILES.get('war3map.j')!)).toBe('same');
  });

  it('lists nothing for an entry whose block does not exist', async () => {
    const map = await sampleMap();
    patchBlock(map, 0, 3, 0); // flags of block 0 (war3map.j, added first): no longer FILE_EXISTS
    const archive = await MpqArchive.open(memorySource(map));
    expect(archive.find('war3map.j')).toBeNull();
    expect(archive.entries().map((entry) => entry.name)).not.toContain('war3map.j');
    expect(archive.entries()).toHaveLength(FILES.size); // the two others and (listfile)
  });

  it('names entries no listfile names by block index, and by a user listfile when given', async () => {
    const map = await sampleMap(false);
    const archive = await MpqArchive.open(memorySource(map));
    const labels = archive.entries().map((entry) => entry.label);
    expect(labels).toContain('war3map.j'); // a map's standard names are always tried
    expect(labels.filter((label) => /^File\d{8}\.xxx$/.test(label))).toHaveLength(2);
    const named = await MpqArchive.open(memorySource(map), { listfile: 'Units\\Footman.mdx\r\nother.txt' });
    expect(named.entries().map((entry) => entry.label)).toContain('Units\\Footman.mdx');
  });

  it('refuses damaged archives with the entry and offset named', async () => {
    const noHeader = await refusal(new Uint8Array(2048));
    expect(noHeader.where).toBe('header');

    const tablesPastEnd = await sampleMap();
    writeWord(tablesPastEnd, 512 + 16, 0x7fff0000);
    expect((await refusal(tablesPastEnd)).where).toBe('hash table');

    const truncated = await sampleMap();
    const cut = await refusal(truncated.subarray(0, 512 + HEADER_SIZE + 100), 'war3map.j');
    expect(cut.kind).toBe('truncated');

    const archive = await MpqArchive.open(memorySource(await sampleMap()));
    const entry = archive.find('war3map.j')!;
    const lying = await sampleMap();
    writeWord(lying, entry.offset + 4, 999_999); // first sector's end
    const lie = await refusal(lying, 'war3map.j');
    expect(lie.where).toMatch(/war3map\.j sector offset table|war3map\.j sector 0|war3map\.j/);
    expect(lie.offset).toBeGreaterThanOrEqual(entry.offset);

    const inflating = await sampleMap();
    patchBlock(inflating, entry.blockIndex, 2, 20_000 - 4096 - 1); // declared size smaller than the data
    const past = await refusal(inflating, 'war3map.j');
    expect(past.message).toMatch(/war3map\.j/);
    expect(past.format).toBe('mpq');
  });
});

/**
 * Checks a written archive against the one it came from: the header, the hash table's size, the
 * prefix before the header, every untouched file byte-identical (and its stored bytes copied, not
 * recompressed), the edits applied, `(listfile)` and `(attributes)` consistent. Pure: the smpq side
 * of the comparison is done by the tests.
 */
import { MpqArchive, type MpqEntry } from '../archive';
import { ATTRIBUTE_CRC32, ATTRIBUTE_MD5, parseAttributes } from '../attributes';
import { crc32 } from '../checksums';
import { FILE_ENCRYPTED, FILE_FIX_KEY, HEADER_SIZE } from '../constants';
import { bytesToName, parseListfile } from '../listfile';
import { md5 } from '../md5';
import { memorySource } from '../source';
import { gamePathKey } from '../writer';
import { byteDifference } from './bytes';

/** What a written archive should hold: the puts and removals applied to the original. */
export interface Expectation {
  puts: ReadonlyMap<string, Uint8Array>;
  removed: readonly string[];
}

function hex(bytes: Uint8Array): string {
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Every problem found (an empty list when the written archive is right). */
export async function checkWritten(
  original: Uint8Array,
  written: Uint8Array,
  expected: Expectation,
): Promise<string[]> {
  const problems: string[] = [];
  const before = await MpqArchive.open(memorySource(original));
  const after = await MpqArchive.open(memorySource(written));
  const headerOffset = before.header.offset;
  if (after.header.offset !== headerOffset) problems.push(`header moved to ${after.header.offset}`);
  if (byteDifference(written.subarray(0, headerOffset), original.subarray(0, headerOffset)) !== 'same')
    problems.push('the bytes before the header changed');
  if (after.header.formatVersion !== 0 || after.header.headerSize !== HEADER_SIZE) problems.push('header is not v0');
  const size = after.hashTable.declaredCount;
  if ((size & (size - 1)) !== 0) problems.push(`hash table size ${size} is not a power of two`);
  const removed = new Set(expected.removed.map(gamePathKey));
  const puts = new Map([...expected.puts].map(([name, bytes]) => [gamePathKey(name), bytes]));
  for (const entry of before.entries()) {
    if (entry.name === null || entry.name.startsWith('(')) continue;
    const key = gamePathKey(entry.name);
    const now = after.find(entry.name);
    if (removed.has(key)) {
      if (now) problems.push(`${entry.name} was not removed`);
      continue;
    }
    if (puts.has(key)) continue;
    if (!now) {
      problems.push(`${entry.name} is missing`);
      continue;
    }
    const difference = byteDifference(await after.read(now), await before.read(entry));
    if (difference !== 'same') problems.push(`${entry.name}: ${difference}`);
    if (!movedWithKey(entry)) {
      const storedBefore = original.subarray(entry.offset, entry.offset + entry.storedSize);
      const storedAfter = written.subarray(now.offset, now.offset + now.storedSize);
      if (byteDifference(storedAfter, storedBefore) !== 'same') problems.push(`${entry.name}: stored bytes changed`);
    }
  }
  for (const [key, bytes] of puts) {
    const name = [...expected.puts.keys()].find((candidate) => gamePathKey(candidate) === key)!;
    const now = after.find(name);
    if (!now) problems.push(`${name} was not added`);
    else if (byteDifference(await after.read(now), bytes) !== 'same') problems.push(`${name} reads back wrong`);
  }
  if (before.find('(listfile)')) {
    const names = new Set(parseListfile(bytesToName(await after.read('(listfile)'))).map(gamePathKey));
    for (const key of puts.keys()) if (!names.has(key)) problems.push(`(listfile) lacks ${key}`);
    for (const key of removed) if (names.has(key)) problems.push(`(listfile) still names ${key}`);
  }
  if (before.find('(attributes)')) problems.push(...(await checkAttributes(after)));
  return problems;
}

function movedWithKey(entry: MpqEntry): boolean {
  return (entry.flags & (FILE_ENCRYPTED | FILE_FIX_KEY)) === (FILE_ENCRYPTED | FILE_FIX_KEY);
}

/** Every named file's CRC-32 and MD5 in `(attributes)` match its contents (where stored and non-zero; WAV aside). */
export async function checkAttributes(archive: MpqArchive): Promise<string[]> {
  const problems: string[] = [];
  const attributes = parseAttributes(await archive.read('(attributes)'), archive.blockTable.count);
  if (!attributes) return ['(attributes) does not parse for the block count'];
  for (const entry of archive.entries()) {
    // ADPCM is lossy: StormLib sums the WAV it was given, not what reads back.
    if (entry.name === '(attributes)' || entry.name === null || /\.wav$/i.test(entry.name)) continue;
    const record = attributes.blocks[entry.blockIndex]!;
    const bytes = await archive.read(entry);
    if (attributes.flags & ATTRIBUTE_CRC32 && record.crc32 !== 0 && record.crc32 !== crc32(bytes))
      problems.push(`${entry.name}: CRC-32 in (attributes) does not match`);
    if (
      attributes.flags & ATTRIBUTE_MD5 &&
      record.md5.some((byte) => byte !== 0) &&
      hex(record.md5) !== hex(md5(bytes))
    )
      problems.push(`${entry.name}: MD5 in (attributes) does not match`);
  }
  return problems;
}

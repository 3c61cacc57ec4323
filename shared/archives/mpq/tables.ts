/**
 * The hash and block tables: read by range, decrypted, and clamped to the bytes the file holds
 * (protected maps declare sizes that run past the end; entries that are not there read as empty).
 */
import { BLOCK_ENTRY_SIZE, ENTRY_WORDS, HASH_ENTRY_EMPTY, HASH_ENTRY_SIZE, HASH_FILE_KEY } from './constants';
import { decryptInPlace, hashString } from './crypto';
import { absolute, type MpqHeader } from './header';
import type { ByteSource } from './source';

/** Keys of the two tables: the file key hash of their names. */
export const HASH_TABLE_KEY = hashString('(hash table)', HASH_FILE_KEY);
export const BLOCK_TABLE_KEY = hashString('(block table)', HASH_FILE_KEY);

/** A decrypted table: `count` entries of four little-endian words, as a Uint32Array of 4 × count words. */
export interface MpqTable {
  /** Absolute offset the table was read from. */
  offset: number;
  /** Entries the header declares. */
  declaredCount: number;
  /** Entries actually present in the file (at most `declaredCount`). */
  count: number;
  words: Uint32Array;
}

async function readTable(
  source: ByteSource,
  offset: number,
  declaredCount: number,
  entrySize: number,
  key: number,
): Promise<MpqTable> {
  const available = offset < source.size ? Math.floor((source.size - offset) / entrySize) : 0;
  const count = Math.min(declaredCount, available);
  const stored = count > 0 ? await source.read(offset, count * entrySize) : new Uint8Array(0);
  const bytes = new Uint8Array(count * entrySize);
  bytes.set(stored.subarray(0, bytes.length));
  decryptInPlace(bytes, key);
  const words = new Uint32Array(count * ENTRY_WORDS);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let word = 0; word < words.length; word += 1) words[word] = view.getUint32(word * 4, true);
  return { offset, declaredCount, count, words };
}

/** Reads and decrypts the hash table. */
export function readHashTable(source: ByteSource, header: MpqHeader): Promise<MpqTable> {
  return readTable(
    source,
    absolute(header, header.hashTablePosition),
    header.hashTableSize,
    HASH_ENTRY_SIZE,
    HASH_TABLE_KEY,
  );
}

/** Reads and decrypts the block table. */
export function readBlockTable(source: ByteSource, header: MpqHeader): Promise<MpqTable> {
  return readTable(
    source,
    absolute(header, header.blockTablePosition),
    header.blockTableSize,
    BLOCK_ENTRY_SIZE,
    BLOCK_TABLE_KEY,
  );
}

/** Word offsets of a hash entry's fields. */
export const HASH_NAME_A_WORD = 0;
export const HASH_NAME_B_WORD = 1;
/** Locale in the low 16 bits, platform in the high 16 bits. */
export const HASH_LOCALE_WORD = 2;
export const HASH_BLOCK_WORD = 3;
/** Word offsets of a block entry's fields. */
export const BLOCK_OFFSET_WORD = 0;
export const BLOCK_STORED_SIZE_WORD = 1;
export const BLOCK_FILE_SIZE_WORD = 2;
export const BLOCK_FLAGS_WORD = 3;

/** The block index of hash entry `index`, or empty when the entry lies past the table's end in the file. */
export function hashBlockIndex(table: MpqTable, index: number): number {
  return index < table.count ? table.words[index * ENTRY_WORDS + HASH_BLOCK_WORD]! : HASH_ENTRY_EMPTY;
}

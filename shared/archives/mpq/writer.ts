/**
 * Writing a map: add, replace or remove files and get the whole new archive back. Every other
 * file's stored bytes are copied as they are (sectors never recompressed; only a file encrypted
 * with the offset-adjusted key is re-encrypted for its new offset); the bytes before the header
 * (the HM3W block) are kept; the header is written as version 0; the hash table stays a power of
 * two (kept slot for slot when it can, so entries without a known name survive; rebuilt larger
 * otherwise); `(listfile)` is updated when the map has one, and `(attributes)` when it has one
 * (CRC-32, FILETIME and MD5 as its flags say).
 */
import type { MpqArchive, MpqEntry } from './archive';
import {
  ATTRIBUTE_CRC32,
  ATTRIBUTE_FILETIME,
  ATTRIBUTE_MD5,
  emptyAttributes,
  fileTimeOf,
  formatAttributes,
  parseAttributes,
  type BlockAttributes,
} from './attributes';
import { crc32 } from './checksums';
import {
  ATTRIBUTES_NAME,
  ENTRY_WORDS,
  FILE_COMPRESS,
  FILE_ENCRYPTED,
  FILE_FIX_KEY,
  FILE_IMPLODE,
  FILE_SINGLE_UNIT,
  HASH_ENTRY_DELETED,
  HASH_ENTRY_EMPTY,
  HASH_ENTRY_SIZE,
  HASH_NAME_A,
  HASH_NAME_B,
  HASH_TABLE_OFFSET,
  HEADER_SIZE,
  LISTFILE_NAME,
  MPQ_MAGIC,
} from './constants';
import { decrypted, encryptInPlace, hashString, readWord, writeWord } from './crypto';
import { mpqError } from './errors';
import { offsetTableWords, readExactly } from './file-reader';
import { movedKey, reencrypted, storeNewFile } from './file-writer';
import { bytesToName, formatListfile, parseListfile } from './listfile';
import { md5 } from './md5';
import { BLOCK_TABLE_KEY, HASH_TABLE_KEY, HASH_BLOCK_WORD, HASH_LOCALE_WORD } from './tables';

/** One change to a map. */
export type MpqEdit = { kind: 'put'; name: string; bytes: Uint8Array } | { kind: 'remove'; name: string };

/** Options of {@link writeMpq}. */
export interface MpqWriteOptions {
  /** Time stamped on added files in `(attributes)`, in ms since 1970 (default: now). */
  fileTimeMs?: number;
  /** zlib level of added files, 1 (fastest) to 9 (smallest); 6 by default, as StormLib. */
  compressionLevel?: number;
  /** Write a `(listfile)` even when the archive has none (for a new archive; a map without one is left without). */
  createListfile?: boolean;
}

/** The new archive and what changed. */
export interface MpqWriteResult {
  /** The archive in pieces, to be written one after another (nothing joined in memory). */
  parts: readonly Uint8Array[];
  size: number;
  /** The whole archive in one array (joined on first use). */
  readonly bytes: Uint8Array;
  added: string[];
  replaced: string[];
  removed: string[];
}

class WrittenArchive implements MpqWriteResult {
  readonly size: number;
  private joined: Uint8Array | null = null;

  constructor(
    readonly parts: readonly Uint8Array[],
    readonly added: string[],
    readonly replaced: string[],
    readonly removed: string[],
  ) {
    this.size = parts.reduce((sum, part) => sum + part.length, 0);
  }

  get bytes(): Uint8Array {
    if (!this.joined) {
      this.joined = new Uint8Array(this.size);
      let at = 0;
      for (const part of this.parts) {
        this.joined.set(part, at);
        at += part.length;
      }
    }
    return this.joined;
  }
}

/** Smallest hash table the writer makes. */
const MIN_HASH_TABLE_SIZE = 16;

/** A game path as the archive compares it: `\` separators, case-insensitive. */
export function gamePathKey(name: string): string {
  return name.replace(/\//g, '\\').toLowerCase();
}

interface NewBlock {
  stored: Uint8Array;
  storedSize: number;
  fileSize: number;
  flags: number;
  attributes: BlockAttributes;
}

interface HashSlot {
  nameA: number;
  nameB: number;
  localeWord: number;
  block: number;
  /** Known name, for placing the slot in a rebuilt table. */
  name: string | null;
}

function editError(name: string, detail: string) {
  return mpqError('invalid', `edit ${name}`, 0, detail);
}

/** Applies `edits` to `archive` and returns the new archive's bytes (see the module comment). */
export async function writeMpq(
  archive: MpqArchive,
  edits: readonly MpqEdit[],
  options: MpqWriteOptions = {},
): Promise<MpqWriteResult> {
  if (edits.length === 0) {
    // Nothing to change: the archive's own bytes, identical.
    const bytes = await readExactly(archive.source, 0, archive.source.size, 'archive');
    return new WrittenArchive([bytes.slice()], [], [], []);
  }
  const puts = new Map<string, { name: string; bytes: Uint8Array }>();
  const removals = new Map<string, string>();
  for (const edit of edits) {
    const name = edit.name.replace(/\//g, '\\');
    const key = gamePathKey(name);
    if (!name || key === gamePathKey(LISTFILE_NAME) || key === gamePathKey(ATTRIBUTES_NAME))
      throw editError(name, 'the archive keeps this file itself');
    if (edit.kind === 'put') {
      removals.delete(key);
      puts.set(key, { name, bytes: edit.bytes });
    } else {
      if (!puts.delete(key) && !archive.find(name)) throw editError(name, 'no such file in the archive');
      removals.set(key, name);
    }
  }
  const dropped = new Set<number>();
  const replaced: string[] = [];
  const added: string[] = [];
  for (const put of puts.values()) {
    const slots = archive.slotsOf(put.name);
    slots.forEach((slot) => dropped.add(slot));
    (slots.some((slot) => archive.entryAt(slot)) ? replaced : added).push(put.name);
  }
  for (const name of removals.values()) archive.slotsOf(name).forEach((slot) => dropped.add(slot));
  const listfileEntry = archive.find(LISTFILE_NAME);
  const attributesEntry = archive.find(ATTRIBUTES_NAME);
  for (const special of [LISTFILE_NAME, ATTRIBUTES_NAME]) archive.slotsOf(special).forEach((slot) => dropped.add(slot));

  // Kept slots and the blocks they reach, renumbered in their old order.
  const keptSlots: number[] = [];
  const keptEntries = new Map<number, MpqEntry>();
  for (let slot = 0; slot < archive.hashTable.count; slot += 1) {
    if (dropped.has(slot)) continue;
    const entry = archive.entryAt(slot);
    if (!entry) continue;
    keptSlots.push(slot);
    const known = keptEntries.get(entry.blockIndex);
    if (!known || (known.name === null && entry.name !== null)) keptEntries.set(entry.blockIndex, entry);
  }
  const oldBlocks = [...keptEntries.keys()].sort((a, b) => a - b);
  const newIndexOf = new Map(oldBlocks.map((block, index) => [block, index]));

  const oldAttributes = attributesEntry
    ? parseAttributes(await archive.read(attributesEntry), archive.blockTable.count)
    : null;
  const fileTime = fileTimeOf(options.fileTimeMs ?? Date.now());
  const level = Math.min(9, Math.max(1, Math.round(options.compressionLevel ?? 6)));
  const blocks: NewBlock[] = [];
  const newNames: string[] = [];
  // CRC-32 and MD5 only go into an `(attributes)`: without one they are not worked out.
  const attributesOf = (bytes: Uint8Array, time: bigint): BlockAttributes =>
    attributesEntry ? { crc32: crc32(bytes), fileTime: time, md5: md5(bytes), patch: false } : emptyAttributes();
  for (const put of puts.values()) {
    const stored = storeNewFile(put.bytes, archive.sectorSize, level);
    blocks.push({
      ...stored,
      storedSize: stored.stored.length,
      fileSize: put.bytes.length,
      attributes: attributesOf(put.bytes, fileTime),
    });
    newNames.push(put.name);
  }
  if (listfileEntry || options.createListfile) {
    const listed = listfileEntry ? parseListfile(bytesToName(await archive.read(listfileEntry))) : [];
    const kept = listed.filter((name) => !removals.has(gamePathKey(name)));
    const keys = new Set(kept.map(gamePathKey));
    const text = formatListfile([
      ...kept,
      ...[...puts.values()].map((put) => put.name).filter((name) => !keys.has(gamePathKey(name))),
    ]);
    const stored = storeNewFile(text, archive.sectorSize, level);
    blocks.push({
      ...stored,
      storedSize: stored.stored.length,
      fileSize: text.length,
      attributes: attributesOf(text, 0n),
    });
    newNames.push(LISTFILE_NAME);
  }
  const attributesFlags = oldAttributes?.flags ?? ATTRIBUTE_CRC32 | ATTRIBUTE_FILETIME | ATTRIBUTE_MD5;
  const blockCount = oldBlocks.length + blocks.length + (attributesEntry ? 1 : 0);
  if (attributesEntry) {
    const records: BlockAttributes[] = oldBlocks.map((block) => oldAttributes?.blocks[block] ?? emptyAttributes());
    records.push(...blocks.map((block) => block.attributes), emptyAttributes());
    const text = formatAttributes(attributesFlags, records);
    const stored = storeNewFile(text, archive.sectorSize, level);
    blocks.push({ ...stored, storedSize: stored.stored.length, fileSize: text.length, attributes: emptyAttributes() });
    newNames.push(ATTRIBUTES_NAME);
  }

  // Data: kept files in their old order of offset, then the new ones.
  const headerOffset = archive.header.offset;
  const parts: Uint8Array[] = [];
  const blockWords = new Uint32Array(blockCount * ENTRY_WORDS);
  let cursor = HEADER_SIZE;
  const byOffset = [...oldBlocks].sort((a, b) => keptEntries.get(a)!.offset - keptEntries.get(b)!.offset || a - b);
  const window = new ReadWindow(archive);
  for (const oldBlock of byOffset) {
    const entry = keptEntries.get(oldBlock)!;
    const extent = await storedExtent(archive, entry, window);
    let stored = await window.read(entry.offset, extent, `file ${entry.label}`);
    if (entry.flags & FILE_ENCRYPTED && entry.flags & FILE_FIX_KEY && cursor !== entry.blockOffset) {
      const oldKey = await archive.keyOf(entry);
      const newKey = movedKey(oldKey, entry.blockOffset, cursor, entry.fileSize);
      stored = reencrypted(stored, entry, archive.sectorSize, oldKey, newKey);
    }
    const at = newIndexOf.get(oldBlock)! * ENTRY_WORDS;
    blockWords.set([cursor, stored.length, entry.fileSize, entry.flags], at);
    parts.push(stored);
    cursor += stored.length;
  }
  blocks.forEach((block, index) => {
    blockWords.set([cursor, block.storedSize, block.fileSize, block.flags], (oldBlocks.length + index) * ENTRY_WORDS);
    parts.push(block.stored);
    cursor += block.stored.length;
  });

  const hashWords = buildHashTable(archive, keptSlots, newIndexOf, newNames, oldBlocks.length);
  const hashTablePosition = cursor;
  const blockTablePosition = hashTablePosition + hashWords.length * 4;
  const archiveSize = blockTablePosition + blockWords.length * 4;
  const header = new Uint8Array(HEADER_SIZE);
  const view = new DataView(header.buffer);
  view.setUint32(0, MPQ_MAGIC, true);
  view.setUint32(4, HEADER_SIZE, true);
  view.setUint32(8, archiveSize, true);
  view.setUint16(12, 0, true);
  view.setUint16(14, archive.header.sectorSizeShift & 31, true);
  view.setUint32(16, hashTablePosition, true);
  view.setUint32(20, blockTablePosition, true);
  view.setUint32(24, hashWords.length / ENTRY_WORDS, true);
  view.setUint32(28, blockCount, true);
  const prefix = headerOffset > 0 ? [await readExactly(archive.source, 0, headerOffset, 'map header block')] : [];
  const all = [
    ...prefix,
    header,
    ...parts,
    encryptedTable(hashWords, HASH_TABLE_KEY),
    encryptedTable(blockWords, BLOCK_TABLE_KEY),
  ];
  return new WrittenArchive(all, added, replaced, [...removals.values()]);
}

/** Bytes of an empty version 0 archive (sectors of 512 << `sectorSizeShift` bytes), to add files to. */
export function emptyMpq(sectorSizeShift = 3): Uint8Array {
  const hashSize = MIN_HASH_TABLE_SIZE;
  const out = new Uint8Array(HEADER_SIZE + hashSize * HASH_ENTRY_SIZE);
  const view = new DataView(out.buffer);
  view.setUint32(0, MPQ_MAGIC, true);
  view.setUint32(4, HEADER_SIZE, true);
  view.setUint32(8, out.length, true);
  view.setUint16(14, sectorSizeShift, true);
  view.setUint32(16, HEADER_SIZE, true);
  view.setUint32(20, out.length, true);
  view.setUint32(24, hashSize, true);
  out.set(encryptedTable(new Uint32Array(hashSize * ENTRY_WORDS).fill(HASH_ENTRY_EMPTY), HASH_TABLE_KEY), HEADER_SIZE);
  return out;
}

/**
 * The bytes a kept file occupies: for a sector file, up to the end its offset table names (protected
 * maps put bogus stored sizes in the block table; the game goes by the offset table), else its stored size.
 */
async function storedExtent(archive: MpqArchive, entry: MpqEntry, window: ReadWindow): Promise<number> {
  const sectored = entry.flags & (FILE_COMPRESS | FILE_IMPLODE) && !(entry.flags & FILE_SINGLE_UNIT);
  if (!sectored || entry.fileSize === 0) return entry.storedSize;
  const words = offsetTableWords(entry, archive.sectorSize);
  if (entry.offset + words * 4 > archive.source.size) return entry.storedSize;
  // Through the window, which the file's own bytes are read from next (decrypted() works on a copy).
  let table = await window.read(entry.offset, words * 4, `file ${entry.label} sector offset table`);
  if (entry.flags & FILE_ENCRYPTED) {
    const key = await archive.keyOf(entry).catch(() => null);
    if (key === null) return entry.storedSize;
    table = decrypted(table, (key - 1) >>> 0);
  }
  const end = readWord(table, (words - 1) * 4);
  return end > 0 && entry.offset + end <= archive.source.size ? end : entry.storedSize;
}

/** Bytes read at a time when copying kept files, which come in order of offset. */
const READ_WINDOW_BYTES = 8 * 1024 * 1024;

/** Reads ranges in increasing order through one large read at a time, instead of one read per file. */
class ReadWindow {
  private start = 0;
  private bytes: Uint8Array = new Uint8Array(0);

  constructor(private readonly archive: MpqArchive) {}

  async read(offset: number, length: number, where: string): Promise<Uint8Array> {
    if (offset < this.start || offset + length > this.start + this.bytes.length) {
      const size = Math.min(Math.max(length, READ_WINDOW_BYTES), this.archive.source.size - offset);
      this.bytes = await readExactly(this.archive.source, offset, Math.max(size, length), where);
      this.start = offset;
    }
    return this.bytes.subarray(offset - this.start, offset - this.start + length);
  }
}

function encryptedTable(words: Uint32Array, key: number): Uint8Array {
  const bytes = new Uint8Array(words.length * 4);
  words.forEach((word, index) => writeWord(bytes, index * 4, word));
  encryptInPlace(bytes, key);
  return bytes;
}

function isPowerOfTwo(value: number): boolean {
  return value > 0 && (value & (value - 1)) === 0;
}

/**
 * The new hash table: the old one slot for slot (dropped slots marked deleted, new names placed in
 * their probe chains, deleted marks that end a chain cleared) when it is a whole power-of-two table
 * with room; otherwise a larger power of two rebuilt from names, which every kept slot must have.
 */
function buildHashTable(
  archive: MpqArchive,
  keptSlots: readonly number[],
  newIndexOf: ReadonlyMap<number, number>,
  newNames: readonly string[],
  firstNewBlock: number,
): Uint32Array {
  const table = archive.hashTable;
  const needed = keptSlots.length + newNames.length;
  const kept: HashSlot[] = keptSlots.map((slot) => {
    const at = slot * ENTRY_WORDS;
    return {
      nameA: table.words[at]!,
      nameB: table.words[at + 1]!,
      localeWord: table.words[at + HASH_LOCALE_WORD]!,
      block: newIndexOf.get(table.words[at + HASH_BLOCK_WORD]!)!,
      name: archive.nameAt(slot),
    };
  });
  const fresh: HashSlot[] = newNames.map((name, index) => ({
    nameA: hashString(name, HASH_NAME_A),
    nameB: hashString(name, HASH_NAME_B),
    localeWord: 0,
    block: firstNewBlock + index,
    name,
  }));
  if (isPowerOfTwo(table.declaredCount) && table.count === table.declaredCount && needed < table.declaredCount) {
    const words = new Uint32Array(table.count * ENTRY_WORDS).fill(HASH_ENTRY_EMPTY);
    for (let slot = 0; slot < table.count; slot += 1)
      if (table.words[slot * ENTRY_WORDS + HASH_BLOCK_WORD] !== HASH_ENTRY_EMPTY) markDeleted(words, slot);
    keptSlots.forEach((slot, index) => placeAt(words, slot, kept[index]!));
    for (const slot of fresh) insert(words, slot);
    clearChainEnds(words);
    return words;
  }
  const unnamed = kept.filter((slot) => slot.name === null).length;
  if (unnamed > 0)
    throw mpqError(
      'unsupported',
      'hash table',
      table.offset,
      `the hash table must be rebuilt and ${unnamed} entries have no known name (add a listfile)`,
    );
  let size = MIN_HASH_TABLE_SIZE;
  while (size < Math.ceil((needed * 4) / 3) + 1) size *= 2;
  const words = new Uint32Array(size * ENTRY_WORDS).fill(HASH_ENTRY_EMPTY);
  for (const slot of [...kept, ...fresh]) insert(words, slot);
  return words;
}

function markDeleted(words: Uint32Array, slot: number): void {
  words.fill(HASH_ENTRY_EMPTY, slot * ENTRY_WORDS, slot * ENTRY_WORDS + HASH_BLOCK_WORD);
  words[slot * ENTRY_WORDS + HASH_BLOCK_WORD] = HASH_ENTRY_DELETED;
}

function placeAt(words: Uint32Array, slot: number, entry: HashSlot): void {
  words.set([entry.nameA, entry.nameB, entry.localeWord, entry.block], slot * ENTRY_WORDS);
}

function insert(words: Uint32Array, entry: HashSlot): void {
  const size = words.length / ENTRY_WORDS;
  const mask = size - 1;
  let slot = hashString(entry.name!, HASH_TABLE_OFFSET) & mask;
  for (let steps = 0; steps < size; steps += 1, slot = (slot + 1) & mask) {
    const block = words[slot * ENTRY_WORDS + HASH_BLOCK_WORD]!;
    if (block === HASH_ENTRY_EMPTY || block === HASH_ENTRY_DELETED) {
      placeAt(words, slot, entry);
      return;
    }
  }
  throw mpqError('limit', 'hash table', 0, 'no free slot');
}

/**
 * Turns deleted marks that only lead to an empty slot back into empty slots (a lookup stops there
 * anyway). Walking backwards clears a whole run in one pass; a second pass covers the wrap-around.
 */
function clearChainEnds(words: Uint32Array): void {
  const size = words.length / ENTRY_WORDS;
  for (let pass = 0; pass < 2; pass += 1) {
    for (let slot = size - 1; slot >= 0; slot -= 1) {
      const next = (slot + 1) & (size - 1);
      if (
        words[slot * ENTRY_WORDS + HASH_BLOCK_WORD] === HASH_ENTRY_DELETED &&
        words[next * ENTRY_WORDS + HASH_BLOCK_WORD] === HASH_ENTRY_EMPTY
      )
        words.fill(HASH_ENTRY_EMPTY, slot * ENTRY_WORDS, (slot + 1) * ENTRY_WORDS);
    }
  }
}

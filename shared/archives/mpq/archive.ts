/**
 * An open MPQ archive over a byte-range source: the header, the decrypted hash and block tables,
 * the names known for its entries (its `(listfile)`, any listfile the caller adds and a map's
 * standard names), lookups as the game does them, and reading a file's bytes.
 */
import {
  ENTRY_WORDS,
  FILE_DELETE_MARKER,
  FILE_ENCRYPTED,
  FILE_EXISTS,
  FILE_FIX_KEY,
  HASH_ENTRY_DELETED,
  HASH_ENTRY_EMPTY,
  HASH_NAME_A,
  HASH_NAME_B,
  HASH_TABLE_OFFSET,
  LISTFILE_NAME,
} from './constants';
import { fileKey, hashString } from './crypto';
import { mpqError } from './errors';
import { readStoredFile, recoverKey, type StoredFile } from './file-reader';
import { absolute, findHeader, hasMapHeaderBlock, sectorSizeOf, type MpqHeader } from './header';
import { bytesToName, parseListfile, WELL_KNOWN_NAMES } from './listfile';
import type { ByteSource } from './source';
import type { Inflater } from './zlib';
import {
  BLOCK_FILE_SIZE_WORD,
  BLOCK_FLAGS_WORD,
  BLOCK_OFFSET_WORD,
  BLOCK_STORED_SIZE_WORD,
  hashBlockIndex,
  HASH_LOCALE_WORD,
  HASH_NAME_A_WORD,
  HASH_NAME_B_WORD,
  readBlockTable,
  readHashTable,
  type MpqTable,
} from './tables';

/** One file of the archive, as listed. */
export interface MpqEntry {
  /** The file's game path, or null when no listfile names it. */
  name: string | null;
  /** `name`, or `FileNNNNNNNN.xxx` (the block index) for an unnamed entry, as StormLib shows it. */
  label: string;
  hashIndex: number;
  blockIndex: number;
  locale: number;
  platform: number;
  /** The block's offset field (relative to the header, as stored). */
  blockOffset: number;
  /** Absolute offset of the data in the file. */
  offset: number;
  storedSize: number;
  fileSize: number;
  flags: number;
}

/** Options of {@link MpqArchive.open}. */
export interface MpqOpenOptions {
  /** Extra names to try (a user listfile's lines, or its text). */
  listfile?: readonly string[] | string;
  /** A zlib inflater to use instead of fflate (the host injects Node's native zlib). */
  inflater?: Inflater;
}

/** StormLib's name for an entry with no known name. */
export function unnamedLabel(blockIndex: number): string {
  return `File${String(blockIndex).padStart(8, '0')}.xxx`;
}

/** An MPQ archive opened for reading. */
export class MpqArchive {
  /** Names known per hash entry index. */
  private readonly names = new Map<number, string>();
  /** Problems met while opening that did not stop it (an unreadable listfile). */
  readonly warnings: string[] = [];

  private constructor(
    readonly source: ByteSource,
    readonly header: MpqHeader,
    readonly sectorSize: number,
    readonly hashTable: MpqTable,
    readonly blockTable: MpqTable,
    /** True when the file starts with the 'HM3W' map header block. */
    readonly hasMapHeader: boolean,
    private readonly inflater: Inflater | undefined,
  ) {}

  /** Opens an archive: finds the header, reads both tables and the names of its listfile. */
  static async open(source: ByteSource, options: MpqOpenOptions = {}): Promise<MpqArchive> {
    const header = await findHeader(source);
    const sectorSize = sectorSizeOf(header);
    const hashTable = await readHashTable(source, header);
    const blockTable = await readBlockTable(source, header);
    if (hashTable.count === 0 && header.hashTableSize > 0)
      throw mpqError('truncated', 'hash table', hashTable.offset, 'the hash table lies past the end of the file');
    if (blockTable.count === 0 && header.blockTableSize > 0)
      throw mpqError('truncated', 'block table', blockTable.offset, 'the block table lies past the end of the file');
    const mapHeader = await hasMapHeaderBlock(source);
    const archive = new MpqArchive(source, header, sectorSize, hashTable, blockTable, mapHeader, options.inflater);
    archive.addNames(WELL_KNOWN_NAMES);
    if (archive.find(LISTFILE_NAME)) {
      try {
        archive.addNames(parseListfile(bytesToName(await archive.read(LISTFILE_NAME))));
      } catch (error) {
        archive.warnings.push(`(listfile) could not be read: ${(error as Error).message}`);
      }
    }
    if (options.listfile !== undefined)
      archive.addNames(typeof options.listfile === 'string' ? parseListfile(options.listfile) : options.listfile);
    return archive;
  }

  /** Adds names to try; returns how many name entries not named before. */
  addNames(names: Iterable<string>): number {
    let added = 0;
    for (const name of names) {
      for (const index of this.slotsOf(name)) {
        if (this.names.has(index)) continue;
        this.names.set(index, name);
        added += 1;
      }
    }
    return added;
  }

  /** Hash entry indices holding `name` (every locale), in probe order. */
  slotsOf(name: string): number[] {
    const declared = this.hashTable.declaredCount;
    if (declared === 0) return [];
    const mask = (declared - 1) >>> 0;
    const start = (hashString(name, HASH_TABLE_OFFSET) & mask) >>> 0;
    const nameA = hashString(name, HASH_NAME_A);
    const nameB = hashString(name, HASH_NAME_B);
    const words = this.hashTable.words;
    const found: number[] = [];
    for (let index = start, steps = 0; steps < declared; steps += 1) {
      const block = hashBlockIndex(this.hashTable, index);
      if (block === HASH_ENTRY_EMPTY) break;
      const at = index * ENTRY_WORDS;
      if (
        block !== HASH_ENTRY_DELETED &&
        words[at + HASH_NAME_A_WORD] === nameA &&
        words[at + HASH_NAME_B_WORD] === nameB
      )
        found.push(index);
      index = ((index + 1) & mask) >>> 0;
      if (index === start) break;
    }
    return found;
  }

  /** The name known for hash slot `hashIndex`, or null. */
  nameAt(hashIndex: number): string | null {
    return this.names.get(hashIndex) ?? null;
  }

  /** The entry of hash slot `hashIndex`, or null when the slot holds no existing file. */
  entryAt(hashIndex: number): MpqEntry | null {
    const blockIndex = hashBlockIndex(this.hashTable, hashIndex);
    if (blockIndex >= this.blockTable.count) return null;
    const block = blockIndex * ENTRY_WORDS;
    const words = this.blockTable.words;
    const flags = words[block + BLOCK_FLAGS_WORD]!;
    if (!(flags & FILE_EXISTS) || flags & FILE_DELETE_MARKER) return null;
    const localeWord = this.hashTable.words[hashIndex * ENTRY_WORDS + HASH_LOCALE_WORD]!;
    const name = this.names.get(hashIndex) ?? null;
    const blockOffset = words[block + BLOCK_OFFSET_WORD]!;
    return {
      name,
      label: name ?? unnamedLabel(blockIndex),
      hashIndex,
      blockIndex,
      locale: localeWord & 0xffff,
      platform: localeWord >>> 16,
      blockOffset,
      offset: absolute(this.header, blockOffset),
      storedSize: words[block + BLOCK_STORED_SIZE_WORD]!,
      fileSize: words[block + BLOCK_FILE_SIZE_WORD]!,
      flags,
    };
  }

  /** Every file: one entry per named hash slot, and one per block no named slot reaches, by hash order. */
  entries(): MpqEntry[] {
    const named: MpqEntry[] = [];
    const unnamed: MpqEntry[] = [];
    const namedBlocks = new Set<number>();
    const unnamedBlocks = new Set<number>();
    for (let index = 0; index < this.hashTable.count; index += 1) {
      const entry = this.entryAt(index);
      if (!entry) continue;
      if (entry.name !== null) {
        named.push(entry);
        namedBlocks.add(entry.blockIndex);
      } else if (!unnamedBlocks.has(entry.blockIndex)) {
        unnamedBlocks.add(entry.blockIndex);
        unnamed.push(entry);
      }
    }
    return [...named, ...unnamed.filter((entry) => !namedBlocks.has(entry.blockIndex))];
  }

  /** The entry for `name` (the neutral locale preferred, else the first), or null. */
  find(name: string): MpqEntry | null {
    let first: MpqEntry | null = null;
    for (const index of this.slotsOf(name)) {
      const entry = this.entryAt(index);
      if (!entry) continue;
      const withName = { ...entry, name, label: name };
      if (entry.locale === 0) return withName;
      first ??= withName;
    }
    return first;
  }

  /** The file's bytes, decrypted and decompressed. Throws a CodecError naming the entry and offset. */
  async read(target: string | MpqEntry): Promise<Uint8Array> {
    const entry = typeof target === 'string' ? this.find(target) : target;
    if (!entry) throw mpqError('invalid', `file ${String(target)}`, 0, 'no such file in the archive');
    return readStoredFile(this.source, entry, this.sectorSize, await this.keyOf(entry), this.inflater);
  }

  /** The encryption key of an entry (0 when it is not encrypted). */
  async keyOf(entry: MpqEntry): Promise<number> {
    if (!(entry.flags & FILE_ENCRYPTED)) return 0;
    if (entry.name !== null)
      return fileKey(entry.name, entry.blockOffset, entry.fileSize, (entry.flags & FILE_FIX_KEY) !== 0);
    const recovered = await recoverKey(this.source, entry as StoredFile, this.sectorSize);
    if (recovered === null)
      throw mpqError(
        'unsupported',
        `file ${entry.label}`,
        entry.offset,
        'encrypted, and its name (the key) is unknown',
      );
    return recovered;
  }
}

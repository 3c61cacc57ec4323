/**
 * Reading one file's bytes: plain, single-unit or split into sectors with an offset table;
 * decrypted with the file key (sector i with key + i, the offset table with key − 1); sector
 * checksums (Adler-32 from 0) checked where present; each sector decompressed by its mask byte (or
 * exploded when the file has the IMPLODE flag). Memory stays bounded by what the file holds: no
 * buffer is sized by a declared count before the bytes behind it have been seen.
 */
import { adler32 } from './checksums';
import { decompressSector } from './compression';
import { FILE_COMPRESS, FILE_ENCRYPTED, FILE_IMPLODE, FILE_SECTOR_CRC, FILE_SINGLE_UNIT } from './constants';
import { decrypted, readWord, recoverFileKey } from './crypto';
import { mpqError, type DecodeSite } from './errors';
import { explode } from './explode';
import type { ByteSource } from './source';
import type { Inflater } from './zlib';

/** A single-unit file may declare at most this many times its stored size (beyond any real ratio). */
const MAX_SINGLE_UNIT_RATIO = 4096;

/** What the reader needs of a block entry. */
export interface StoredFile {
  /** The name shown in errors (the name, or FileNNNNNNNN.xxx). */
  label: string;
  /** Absolute offset of the file's data. */
  offset: number;
  storedSize: number;
  fileSize: number;
  flags: number;
}

/** Reads `length` bytes at `offset`, or throws a truncation error naming `where`. */
export async function readExactly(
  source: ByteSource,
  offset: number,
  length: number,
  where: string,
): Promise<Uint8Array> {
  if (offset + length > source.size)
    throw mpqError('truncated', where, offset, `needs ${length} bytes but the archive ends at ${source.size}`);
  const bytes = await source.read(offset, length);
  if (bytes.length < length)
    throw mpqError('truncated', where, offset + bytes.length, 'the source returned fewer bytes');
  return bytes.length === length ? bytes : bytes.subarray(0, length);
}

/** Number of sectors of a file of `fileSize` bytes. */
export function sectorCountOf(fileSize: number, sectorSize: number): number {
  return Math.ceil(fileSize / sectorSize);
}

/** Words in the sector offset table (one more with sector checksums). */
export function offsetTableWords(file: StoredFile, sectorSize: number): number {
  return sectorCountOf(file.fileSize, sectorSize) + 1 + (file.flags & FILE_SECTOR_CRC ? 1 : 0);
}

/**
 * Finds the key of an encrypted sector-based file whose name is unknown, from its offset table's
 * first two words. Returns null when the file is not sector-based or no key fits.
 */
export async function recoverKey(source: ByteSource, file: StoredFile, sectorSize: number): Promise<number | null> {
  if (!(file.flags & (FILE_COMPRESS | FILE_IMPLODE)) || file.flags & FILE_SINGLE_UNIT || file.fileSize === 0)
    return null;
  if (file.offset + 8 > source.size) return null;
  const head = await source.read(file.offset, 8);
  const tableBytes = sectorCountOf(file.fileSize, sectorSize) + 1;
  const candidates = [tableBytes * 4, (tableBytes + 1) * 4];
  for (const first of candidates) {
    const key = recoverFileKey(readWord(head, 0), readWord(head, 4), first, first + sectorSize);
    if (key !== null) return key;
  }
  return null;
}

/**
 * Reads and decodes a whole file. `key` is its encryption key (ignored when the file is not
 * encrypted); `inflater` a zlib inflater to use instead of fflate.
 */
export async function readStoredFile(
  source: ByteSource,
  file: StoredFile,
  sectorSize: number,
  key: number,
  inflater?: Inflater,
): Promise<Uint8Array> {
  const where = `file ${file.label}`;
  if (file.fileSize === 0) return new Uint8Array(0);
  const encrypted = (file.flags & FILE_ENCRYPTED) !== 0;
  if (file.flags & FILE_SINGLE_UNIT) {
    if (file.fileSize > Math.max(file.storedSize, 1) * MAX_SINGLE_UNIT_RATIO)
      throw mpqError('limit', where, file.offset, `declares ${file.fileSize} bytes from ${file.storedSize} stored`);
    let data = await readExactly(source, file.offset, file.storedSize, where);
    if (encrypted) data = decrypted(data, key);
    const site: DecodeSite = { where, offset: file.offset };
    if (file.storedSize < file.fileSize) {
      if (file.flags & FILE_COMPRESS) return decompressSector(data, file.fileSize, site, inflater);
      if (file.flags & FILE_IMPLODE) return exactly(explode(data, file.fileSize, site), file.fileSize, site);
      throw mpqError('invalid', where, file.offset, `stores ${file.storedSize} bytes of a ${file.fileSize}-byte file`);
    }
    return data.slice(0, file.fileSize);
  }
  if (!(file.flags & (FILE_COMPRESS | FILE_IMPLODE))) return readPlain(source, file, sectorSize, key, where);
  return readSectors(source, file, sectorSize, key, where, inflater);
}

function exactly(data: Uint8Array, expected: number, site: DecodeSite): Uint8Array {
  if (data.length !== expected)
    throw mpqError('invalid', site.where, site.offset, `decompresses to ${data.length} bytes, not ${expected}`);
  return data;
}

async function readPlain(
  source: ByteSource,
  file: StoredFile,
  sectorSize: number,
  key: number,
  where: string,
): Promise<Uint8Array> {
  const data = await readExactly(source, file.offset, file.fileSize, where);
  if (!(file.flags & FILE_ENCRYPTED)) return data.slice();
  const out = new Uint8Array(file.fileSize);
  for (let sector = 0, at = 0; at < file.fileSize; sector += 1, at += sectorSize) {
    const end = Math.min(file.fileSize, at + sectorSize);
    out.set(decrypted(data.subarray(at, end), (key + sector) >>> 0), at);
  }
  return out;
}

async function readSectors(
  source: ByteSource,
  file: StoredFile,
  sectorSize: number,
  key: number,
  where: string,
  inflater?: Inflater,
): Promise<Uint8Array> {
  const encrypted = (file.flags & FILE_ENCRYPTED) !== 0;
  const sectorCount = sectorCountOf(file.fileSize, sectorSize);
  const tableWords = offsetTableWords(file, sectorSize);
  const tableWhere = `${where} sector offset table`;
  let table = await readExactly(source, file.offset, tableWords * 4, tableWhere);
  if (encrypted) table = decrypted(table, (key - 1) >>> 0);
  const offsets = new Array<number>(tableWords);
  for (let word = 0; word < tableWords; word += 1) offsets[word] = readWord(table, word * 4);
  const first = offsets[0]!;
  const last = offsets[tableWords - 1]!;
  for (let word = 1; word < tableWords; word += 1) {
    if (offsets[word]! < offsets[word - 1]!)
      throw mpqError('invalid', tableWhere, file.offset + word * 4, `sector offsets go backwards (${offsets[word]})`);
  }
  if (first < tableWords * 4 && sectorCount > 0)
    throw mpqError('invalid', tableWhere, file.offset, `first sector starts at ${first}, inside the offset table`);
  const body = await readExactly(source, file.offset + first, last - first, where);
  const checksums =
    file.flags & FILE_SECTOR_CRC ? readChecksums(offsets, sectorCount, body, first, file, where, inflater) : null;
  const pieces: Uint8Array[] = [];
  for (let sector = 0; sector < sectorCount; sector += 1) {
    const start = offsets[sector]!;
    const end = offsets[sector + 1]!;
    const expected = Math.min(sectorSize, file.fileSize - sector * sectorSize);
    const sectorOffset = file.offset + start;
    const sectorWhere = `${where} sector ${sector}`;
    if (end - start > expected || end === start)
      throw mpqError('invalid', sectorWhere, sectorOffset, `stores ${end - start} bytes for ${expected} (offsets lie)`);
    let stored = body.subarray(start - first, end - first);
    if (encrypted) stored = decrypted(stored, (key + sector) >>> 0);
    const checksum = checksums?.[sector] ?? 0;
    if (checksum !== 0 && adler32(stored) !== checksum)
      throw mpqError('invalid', sectorWhere, sectorOffset, 'sector checksum (Adler-32) does not match');
    const site: DecodeSite = { where: sectorWhere, offset: sectorOffset };
    if (stored.length === expected) pieces.push(stored);
    else if (file.flags & FILE_COMPRESS) pieces.push(decompressSector(stored, expected, site, inflater));
    else pieces.push(exactly(explode(stored, expected, site), expected, site));
  }
  if (pieces.length === 1) return pieces[0]!.slice();
  const out = new Uint8Array(file.fileSize);
  for (let sector = 0, at = 0; sector < pieces.length; sector += 1) {
    out.set(pieces[sector]!, at);
    at += pieces[sector]!.length;
  }
  return out;
}

/** The sector checksums stored after the last sector (plain or compressed), or null when absent. */
function readChecksums(
  offsets: number[],
  sectorCount: number,
  body: Uint8Array,
  first: number,
  file: StoredFile,
  where: string,
  inflater?: Inflater,
): Uint32Array | null {
  const start = offsets[sectorCount]!;
  const end = offsets[sectorCount + 1]!;
  const expected = sectorCount * 4;
  if (end === start) return null;
  const stored = body.subarray(start - first, end - first);
  const site: DecodeSite = { where: `${where} sector checksums`, offset: file.offset + start };
  if (stored.length > expected)
    throw mpqError('invalid', site.where, site.offset, `stores ${stored.length} bytes for ${expected}`);
  const plain = stored.length === expected ? stored : decompressSector(stored, expected, site, inflater);
  const sums = new Uint32Array(sectorCount);
  for (let sector = 0; sector < sectorCount; sector += 1) sums[sector] = readWord(plain, sector * 4);
  return sums;
}
